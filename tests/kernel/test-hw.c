// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-hw.c - the hardware calls of 2.6.9 as the runtime gives them, called
 * directly: the port and memory spaces and their owners, ioremap()
 * cookies, regions, interrupt lines and tasklets, DMA buffers; and the
 * kernel threads: kthread_stop(), the freezer.
 *
 * No test asserts on time: what runs on another thread is waited for with
 * a completion or a stop call, never a sleep.
 */
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

/* A register bank: what it answers and what it was told. */
struct bank {
	uint32_t value;
	unsigned long last_addr;
	unsigned int last_width;
	uint32_t last_write;
	int writes;
};

static uint32_t bank_read(unsigned long addr, unsigned int width, void *data)
{
	struct bank *b = data;

	b->last_addr = addr;
	b->last_width = width;
	return b->value;
}

static void bank_write(unsigned long addr, unsigned int width, uint32_t value, void *data)
{
	struct bank *b = data;

	b->last_addr = addr;
	b->last_width = width;
	b->last_write = value;
	b->writes++;
}

static const struct ldm_hw_ops bank_ops = { .read = bank_read, .write = bank_write };

DEFINE_TEST(test_hw_unanswered_ports_read_all_ones_once_logged,
	    .description = "a port nobody claims reads all ones at each width, takes no "
			   "write, and only the first access of the runtime there is logged")
{
	unsigned char buf[3];

	ASSERT_EQ(inb(0x278), 0xff);
	ASSERT_EQ(inw(0x278), 0xffff);
	ASSERT_EQ(inl(0x278), 0xffffffffU);
	outb(0x12, 0x278);
	insb(0x279, buf, 3);
	ASSERT_EQ(buf[0] & buf[1] & buf[2], 0xff);
	ASSERT_EQ(inb(0x10000), 0xff);
	/* Once per driver and port, whatever the access. */
	ASSERT_EQ(ldm_test_log_count("at port 0x0278"), 1);
	ASSERT_EQ(ldm_test_log_count(
			  "kernel: read of 1 byte at port 0x0278: no device answers (reads "
			  "all ones)"),
		  1);
	ASSERT_EQ(ldm_test_log_count("at port 0x0279"), 1);
	ASSERT(ldm_test_log_has("kernel: in(0x10000): no such port"));
	ASSERT_EQ(ldm_hw_unanswered(), 7);
}

DEFINE_TEST(test_hw_claimed_ports_reach_their_model,
	    .description = "a model's claimed ports get every access with its address and "
			   "width, the owner is found by address, overlapping claims fail "
			   "with EBUSY, and an unclaimed range reads all ones again")
{
	struct bank b = { .value = 0x87654321 };
	char name[16];

	ASSERT_OK(ldm_hw_claim(LDM_HW_PORT, 0x3f8, 8, "uart", &bank_ops, &b));
	ASSERT_EQ(ldm_hw_claim(LDM_HW_PORT, 0x3ff, 2, "other", &bank_ops, &b), -EBUSY);
	ASSERT_EQ(ldm_hw_claim(LDM_HW_PORT, 0xffff, 2, "past", &bank_ops, &b), -EINVAL);
	ASSERT_OK(ldm_hw_owner(LDM_HW_PORT, 0x3fd, name, sizeof(name)));
	ASSERT_STREQ(name, "uart");
	ASSERT_EQ(ldm_hw_owner(LDM_HW_PORT, 0x3f7, NULL, 0), -ENOENT);
	ASSERT_EQ(inb(0x3f9), 0x21);
	ASSERT_EQ(b.last_addr, 0x3f9);
	ASSERT_EQ(b.last_width, 1);
	ASSERT_EQ(inw(0x3fa), 0x4321);
	ASSERT_EQ(inl_p(0x3fc), 0x87654321U);
	ASSERT_EQ(b.last_width, 4);
	outw_p(0xbeef, 0x3fe);
	ASSERT_EQ(b.last_write, 0xbeef);
	ASSERT_EQ(b.last_width, 2);
	outsl(0x3f8, ((uint32_t[]){ 1, 2, 3 }), 3);
	ASSERT_EQ(b.writes, 4);
	ASSERT_EQ(b.last_write, 3);
	ASSERT_OK(ldm_hw_unclaim(LDM_HW_PORT, 0x3f8));
	ASSERT_EQ(ldm_hw_unclaim(LDM_HW_PORT, 0x3f8), -ENOENT);
	ASSERT_EQ(inb(0x3f9), 0xff);
	ASSERT(!ldm_test_log_has("port 0x03fa"));
}

DEFINE_TEST(test_hw_ioremap_cookies_dispatch_by_physical_address,
	    .description = "ioremap() gives a cookie whose offsets reach the model of the "
			   "physical address, memcpy_fromio/toio and memset_io go byte by "
			   "byte, iounmap() takes it back, a pointer not from ioremap() is "
			   "refused")
{
	struct bank b = { .value = 0xa5 };
	unsigned char buf[4];
	void __iomem *base;

	ASSERT_OK(ldm_hw_claim(LDM_HW_MMIO, 0xfebf0000, 0x100, "nic", &bank_ops, &b));
	base = ioremap_nocache(0xfebf0000 + 0x10, 0x20);
	ASSERT(base);
	ASSERT_EQ(readb(base), 0xa5);
	ASSERT_EQ(b.last_addr, 0xfebf0010);
	ASSERT_EQ(readl((unsigned long)base + 8), 0xa5);
	ASSERT_EQ(b.last_addr, 0xfebf0018);
	writel(0xcafef00d, (char __iomem *)base + 4);
	ASSERT_EQ(b.last_write, 0xcafef00d);
	ASSERT_EQ(b.last_width, 4);
	memcpy_fromio(buf, base, sizeof(buf));
	ASSERT_EQ(buf[3], 0xa5);
	memset_io(base, 0x3c, 2);
	ASSERT_EQ(b.last_write, 0x3c);
	ASSERT_EQ(b.last_addr, 0xfebf0011);
	memcpy_toio(base, "xy", 2);
	ASSERT_EQ(b.last_write, 'y');
	ASSERT_EQ(b.writes, 5);
	/* Past the model's range: nobody answers. */
	ASSERT_EQ(isa_readb(0xfebf0100), 0xff);
	ASSERT_EQ(isa_readb(0xfebf0020), 0xa5);
	iounmap(base);
	ASSERT_EQ(readw(buf), 0xffff);
	ASSERT(ldm_test_log_has("not an address ioremap() gave"));
	ASSERT_EQ(ioremap(0x1000, 0), NULL);
	ASSERT_OK(ldm_hw_unclaim(LDM_HW_MMIO, 0xfebf0000));
}

DEFINE_TEST(test_hw_regions_nest_and_refuse_a_second_claim,
	    .description = "request_region() nests in a bus window that is not busy, fails "
			   "on a busy or straddling range, check_region() says the same, "
			   "release of a range never claimed is warned about; /proc/ioports and "
			   "/proc/iomem show them indented")
{
	struct resource window = {
		.name = "PCI Bus #01", .start = 0xc000, .end = 0xcfff, .flags = IORESOURCE_IO
	};
	struct resource *a, *b;
	char *text;

	ASSERT_OK(request_resource(&ioport_resource, &window));
	a = request_region(0xc000, 0x20, "eth0");
	ASSERT(a);
	ASSERT_EQ(a->parent, &window);
	ASSERT_EQ(request_region(0xc010, 4, "eth1"), NULL);
	ASSERT_EQ(request_region(0xbff0, 0x20, "straddle"), NULL);
	ASSERT_EQ(check_region(0xc01f, 1), -EBUSY);
	ASSERT_OK(check_region(0xc020, 0x20));
	b = request_mem_region(0xfe000000, 0x1000, "eth0 regs");
	ASSERT(b);
	text = ldm_proc_read_path("/ioports", NULL);
	ASSERT(text && strstr(text, "c000-cfff : PCI Bus #01\n  c000-c01f : eth0\n"));
	free(text);
	text = ldm_proc_read_path("/iomem", NULL);
	ASSERT(text && strstr(text, "fe000000-fe000fff : eth0 regs\n"));
	free(text);
	release_region(0xc000, 0x10);
	ASSERT(ldm_test_log_has("Trying to free nonexistent resource <0000c000-0000c00f>"));
	release_region(0xc000, 0x20);
	release_mem_region(0xfe000000, 0x1000);
	ASSERT_OK(release_resource(&window));
	text = ldm_proc_read_path("/ioports", NULL);
	ASSERT_STREQ(text, "");
	free(text);
}

static int hits[3];
static int hits_in_irq;

static irqreturn_t count_irq(int irq, void *dev_id, struct pt_regs *regs)
{
	int *h = dev_id;

	(void)irq;
	(void)regs;
	if (in_irq() && in_interrupt())
		hits_in_irq++;
	(*h)++;
	return h == &hits[2] ? IRQ_NONE : IRQ_HANDLED;
}

DEFINE_TEST(test_hw_irq_lines_share_disable_and_count,
	    .description = "request_irq() refuses a busy line unless both share, handlers "
			   "run in interrupt context, a disabled line's interrupt waits for "
			   "enable_irq(), free_irq() of no handler is warned about, and "
			   "/proc/interrupts counts")
{
	char *text;

	ASSERT_EQ(request_irq(NR_IRQS, count_irq, 0, "x", &hits[0]), -EINVAL);
	ASSERT_EQ(request_irq(3, count_irq, SA_SHIRQ, "x", NULL), -EINVAL);
	ASSERT_OK(request_irq(3, count_irq, 0, "solo", &hits[0]));
	ASSERT_EQ(request_irq(3, count_irq, SA_SHIRQ, "late", &hits[1]), -EBUSY);
	ASSERT_EQ(can_request_irq(3, SA_SHIRQ), 0);
	free_irq(3, &hits[0]);
	ASSERT_OK(request_irq(3, count_irq, SA_SHIRQ, "a", &hits[0]));
	ASSERT_OK(request_irq(3, count_irq, SA_SHIRQ, "b", &hits[1]));
	ASSERT_EQ(ldm_hw_irq_raise(3), 1);
	ASSERT_EQ(hits[0], 1);
	ASSERT_EQ(hits[1], 1);
	ASSERT_EQ(hits_in_irq, 2);
	ASSERT(!in_interrupt());
	disable_irq(3);
	disable_irq_nosync(3);
	ASSERT_EQ(ldm_hw_irq_raise(3), 0);
	enable_irq(3);
	ASSERT_EQ(hits[0], 1);
	enable_irq(3);
	ASSERT_EQ(hits[0], 2);
	enable_irq(3);
	ASSERT(ldm_test_log_has("Unbalanced enable for IRQ 3"));
	/* Nobody claims it: unhandled. A line with no handler: unhandled too. */
	ASSERT_OK(request_irq(4, count_irq, 0, "deaf", &hits[2]));
	ASSERT_EQ(ldm_hw_irq_raise(4), 0);
	ASSERT_EQ(ldm_hw_irq_raise(9), 0);
	ASSERT_EQ(ldm_hw_irq_raise(NR_IRQS), -EINVAL);
	ASSERT_EQ(ldm_hw_irq_count(3), 2);
	text = ldm_proc_read_path("/interrupts", NULL);
	ASSERT(text);
	ASSERT(strstr(text, "  3:          2            ldm  a, b\n"));
	ASSERT(strstr(text, "  4:          1            ldm  deaf\n"));
	ASSERT(strstr(text, "ERR:          2\n"));
	free(text);
	free_irq(3, &hits[2]);
	ASSERT(ldm_test_log_has("Trying to free free IRQ3"));
	free_irq(3, &hits[1]);
	free_irq(3, &hits[0]);
	free_irq(4, &hits[2]);
}

static int tasklet_runs, tasklet_ctx;
static DECLARE_COMPLETION(tasklet_ran);

static void tasklet_fn(unsigned long data)
{
	tasklet_runs += (int)data;
	if (in_softirq() && in_interrupt() && !in_irq())
		tasklet_ctx++;
	complete(&tasklet_ran);
}

DEFINE_TEST(test_hw_tasklets_run_once_per_schedule,
	    .description = "a tasklet scheduled twice while disabled runs once when enabled, "
			   "in softirq context; tasklet_kill() waits for it; a killed disabled "
			   "tasklet never runs")
{
	DECLARE_TASKLET_DISABLED(t, tasklet_fn, 1);
	struct tasklet_struct u;

	tasklet_schedule(&t);
	tasklet_hi_schedule(&t);
	tasklet_enable(&t);
	wait_for_completion(&tasklet_ran);
	tasklet_kill(&t);
	ASSERT_EQ(tasklet_runs, 1);
	ASSERT_EQ(tasklet_ctx, 1);

	tasklet_init(&u, tasklet_fn, 100);
	tasklet_disable(&u);
	tasklet_schedule(&u);
	tasklet_kill(&u);
	ASSERT_EQ(tasklet_runs, 1);
	tasklet_enable(&u);
	tasklet_schedule(&u);
	wait_for_completion(&tasklet_ran);
	tasklet_kill(&u);
	ASSERT_EQ(tasklet_runs, 101);
}

DEFINE_TEST(test_hw_dma_buffers_are_their_bus_address,
	    .description = "dma_alloc_coherent() gives zeroed page-aligned memory whose bus "
			   "address is its own; map_single and map_sg give addresses the same "
			   "way; virt_to_bus and bus_to_virt are inverse")
{
	struct scatterlist sg[2];
	dma_addr_t handle;
	char *buf, data[64];

	buf = dma_alloc_coherent(NULL, 3000, &handle, GFP_KERNEL);
	ASSERT(buf);
	ASSERT_EQ((unsigned long)buf & ~PAGE_MASK, 0);
	ASSERT_EQ(handle, (dma_addr_t)(unsigned long)buf);
	ASSERT_EQ(buf[2999], 0);
	ASSERT_EQ(bus_to_virt(virt_to_bus(buf)), buf);
	ASSERT_EQ(dma_map_single(NULL, data, sizeof(data), DMA_TO_DEVICE),
		  (dma_addr_t)(unsigned long)data);
	sg[0].page = virt_to_page(data);
	sg[0].offset = offset_in_page(data);
	sg[0].length = 16;
	sg[1].page = virt_to_page(buf);
	sg[1].offset = 8;
	sg[1].length = 8;
	ASSERT_EQ(dma_map_sg(NULL, sg, 2, DMA_FROM_DEVICE), 2);
	ASSERT_EQ(sg_dma_address(&sg[0]), (dma_addr_t)(unsigned long)data);
	ASSERT_EQ(sg_dma_address(&sg[1]), handle + 8);
	dma_unmap_sg(NULL, sg, 2, DMA_FROM_DEVICE);
	dma_free_coherent(NULL, 3000, buf, handle);
}

static int never_ran;

static int never_fn(void *data)
{
	(void)data;
	never_ran = 1;
	return 7;
}

static int stopper_fn(void *data)
{
	int *loops = data;

	while (!kthread_should_stop()) {
		(*loops)++;
		set_current_state(TASK_INTERRUPTIBLE);
		if (current->flags & PF_FREEZE)
			refrigerator(PF_FREEZE);
		else if (!kthread_should_stop())
			schedule();
		set_current_state(TASK_RUNNING);
	}
	return 5;
}

DEFINE_TEST(test_kthread_stop_collects_the_result,
	    .description = "a kthread never woken is stopped unrun (-EINTR), a running one "
			   "returns what its function returned, it freezes and thaws with the "
			   "freezer, and a second kthread_stop() is -ESRCH")
{
	struct task_struct *k;
	int loops = 0;

	k = kthread_create(never_fn, NULL, "never/%d", 1);
	ASSERT(!IS_ERR(k));
	ASSERT_STREQ(k->comm, "never/1");
	ASSERT_EQ(kthread_stop(k), -EINTR);
	ASSERT_EQ(never_ran, 0);

	k = kthread_run(stopper_fn, &loops, "stopper");
	ASSERT(!IS_ERR(k));
	ASSERT_OK(freeze_processes());
	ASSERT(__atomic_load_n(&k->flags, __ATOMIC_RELAXED) & PF_FROZEN);
	thaw_processes();
	ASSERT_EQ(kthread_stop(k), 5);
	ASSERT(loops >= 1);
	ASSERT_EQ(kthread_stop(k), -ESRCH);
}

static DECLARE_COMPLETION(daemon_ready);
static DECLARE_COMPLETION(daemon_done);
static DECLARE_WAIT_QUEUE_HEAD(daemon_wait);
static int daemon_pid;

static int daemon_fn(void *data)
{
	(void)data;
	daemonize("ldmtestd%d", 1);
	allow_signal(SIGTERM);
	complete(&daemon_ready);
	do {
		wait_event_interruptible(daemon_wait, 0);
	} while (!signal_pending(current));
	daemon_pid = current->pid;
	complete_and_exit(&daemon_done, 3);
}

DEFINE_TEST(test_kernel_thread_takes_only_allowed_signals,
	    .description = "a daemonized kernel_thread() ignores signals it did not allow, "
			   "SIGTERM it allowed ends its wait, complete_and_exit() completes; "
			   "kill_proc() of an unknown pid is -ESRCH")
{
	int pid = kernel_thread(daemon_fn, NULL, CLONE_KERNEL);

	ASSERT(pid > 0);
	/* daemonize() forgets what came before it: signal once it allows SIGTERM. */
	wait_for_completion(&daemon_ready);
	ASSERT_OK(kill_proc(pid, 0, 1));
	ASSERT_OK(kill_proc(pid, SIGHUP, 1));
	ASSERT_OK(kill_proc(pid, SIGTERM, 1));
	wait_for_completion(&daemon_done);
	ASSERT_EQ(daemon_pid, pid);
	ASSERT_EQ(kill_proc(-5, SIGTERM, 1), -ESRCH);
}

static DECLARE_COMPLETION(early_go);
static DECLARE_COMPLETION(early_done);
static int early_pending;

/* Waits to be told before it sets up, then allows the signal @data names. */
static int early_fn(void *data)
{
	wait_for_completion(&early_go);
	daemonize("ldmearly");
	allow_signal((int)(long)data);
	early_pending = signal_pending(current);
	complete_and_exit(&early_done, 0);
}

DEFINE_TEST(test_kernel_thread_keeps_a_stop_sent_before_it_allowed_it,
	    .description = "SIGTERM sent to a kernel thread before it has daemonized and allowed "
			   "it is pending once it allows SIGTERM (a module unloaded right after "
			   "its init stops its thread), and not if it allows only SIGHUP")
{
	int pid = kernel_thread(early_fn, (void *)(long)SIGTERM, CLONE_KERNEL);

	ASSERT(pid > 0);
	ASSERT_OK(kill_proc(pid, SIGTERM, 1));
	complete(&early_go);
	wait_for_completion(&early_done);
	ASSERT_EQ(early_pending, 1);

	INIT_COMPLETION(early_done);
	pid = kernel_thread(early_fn, (void *)(long)SIGHUP, CLONE_KERNEL);
	ASSERT(pid > 0);
	ASSERT_OK(kill_proc(pid, SIGTERM, 1));
	complete(&early_go);
	wait_for_completion(&early_done);
	ASSERT_EQ(early_pending, 0);
}

struct rcu_item {
	int value;
	struct list_head list;
	struct rcu_head rcu;
};

static LIST_HEAD(rcu_items);
static int rcu_freed;
static DECLARE_COMPLETION(rcu_reader_in);
static DECLARE_COMPLETION(rcu_reader_go);
static int rcu_reader_saw;

static void rcu_item_free(void *arg)
{
	free(arg);
	rcu_freed++;
}

static void *rcu_reader(void *arg)
{
	struct rcu_item *it;

	(void)arg;
	rcu_read_lock();
	complete(&rcu_reader_in);
	wait_for_completion(&rcu_reader_go);
	list_for_each_entry_rcu(it, &rcu_items, list) rcu_reader_saw += it->value;
	rcu_read_unlock();
	return NULL;
}

DEFINE_TEST(test_rcu_grace_period_waits_for_readers,
	    .description = "an entry taken off an RCU list stays readable by a reader that "
			   "was in its section; call_rcu() frees it only after that reader "
			   "leaves, and rcu_barrier() waits for the callback")
{
	struct rcu_item *a = calloc(1, sizeof(*a)), *b = calloc(1, sizeof(*b));
	pthread_t reader;

	ASSERT(a && b);
	a->value = 1;
	b->value = 10;
	list_add_tail_rcu(&a->list, &rcu_items);
	list_add_tail_rcu(&b->list, &rcu_items);
	ASSERT_OK(pthread_create(&reader, NULL, rcu_reader, NULL));
	wait_for_completion(&rcu_reader_in);
	list_del_rcu(&b->list);
	call_rcu(&b->rcu, rcu_item_free, b);
	/* The reader is still in its section: nothing may be freed yet. */
	ASSERT_EQ(rcu_freed, 0);
	complete(&rcu_reader_go);
	pthread_join(reader, NULL);
	rcu_barrier();
	ASSERT_EQ(rcu_freed, 1);
	ASSERT(rcu_reader_saw == 1 || rcu_reader_saw == 11);
	list_del_rcu(&a->list);
	synchronize_rcu();
	free(a);
}

static int proc_write(const char *path, const char *text)
{
	struct ldm_proc_entry *de;
	struct ldm_proc_file *f;
	ssize_t n;
	int err = ldm_proc_lookup(path, &de);

	if (err)
		return err;
	err = ldm_proc_open(de, O_WRONLY, &f);
	ldm_proc_put(de);
	if (err)
		return err;
	n = ldm_proc_write(f, text, strlen(text), NULL);
	ldm_proc_release(f);
	return n < 0 ? (int)n : 0;
}

static int sc_vec[2] = { 5, -3 };
static int sc_level = 2, sc_min = 0, sc_max = 7;
static char sc_name[8] = "ldm";
static unsigned long sc_timeout = 3 * HZ;

static ctl_table sc_card_table[] = { { .ctl_name = 1,
				       .procname = "vec",
				       .data = sc_vec,
				       .maxlen = sizeof(sc_vec),
				       .mode = 0644,
				       .proc_handler = &proc_dointvec,
				       .strategy = &sysctl_intvec },
				     { .ctl_name = 2,
				       .procname = "level",
				       .data = &sc_level,
				       .maxlen = sizeof(int),
				       .mode = 0644,
				       .proc_handler = &proc_dointvec_minmax,
				       .extra1 = &sc_min,
				       .extra2 = &sc_max },
				     { .ctl_name = 3,
				       .procname = "name",
				       .data = sc_name,
				       .maxlen = sizeof(sc_name),
				       .mode = 0644,
				       .proc_handler = &proc_dostring,
				       .strategy = &sysctl_string },
				     { .ctl_name = 4,
				       .procname = "timeout",
				       .data = &sc_timeout,
				       .maxlen = sizeof(unsigned long),
				       .mode = 0444,
				       .proc_handler = &proc_doulongvec_ms_jiffies_minmax },
				     { .ctl_name = 0 } };
static ctl_table sc_dev_table[] = {
	{ .ctl_name = 99, .procname = "ldmcard", .mode = 0555, .child = sc_card_table },
	{ .ctl_name = 0 }
};
static ctl_table sc_root_table[] = {
	{ .ctl_name = CTL_DEV, .procname = "dev", .mode = 0555, .child = sc_dev_table },
	{ .ctl_name = 0 }
};
static ctl_table sc_other_dev[] = { { .ctl_name = 98,
				      .procname = "other",
				      .data = &sc_level,
				      .maxlen = sizeof(int),
				      .mode = 0644,
				      .proc_handler = &proc_dointvec },
				    { .ctl_name = 0 } };
static ctl_table sc_other_root[] = {
	{ .ctl_name = CTL_DEV, .procname = "dev", .mode = 0555, .child = sc_other_dev },
	{ .ctl_name = 0 }
};

DEFINE_TEST(test_sysctl_tables_are_served_under_proc_sys,
	    .description = "a registered sysctl table's entries are files of /proc/sys: "
			   "int vectors, bounded ints (out of range ignored), strings and "
			   "jiffies in ms read and write as 2.6.9's handlers do; tables share "
			   "directories, a duplicate file is refused, unregistering removes "
			   "what is left empty")
{
	struct ctl_table_header *h, *h2;
	char *text;

	h = register_sysctl_table(sc_root_table, 0);
	ASSERT(h);
	h2 = register_sysctl_table(sc_other_root, 0);
	ASSERT(h2);
	ASSERT_EQ(register_sysctl_table(sc_root_table, 0), NULL);
	text = ldm_proc_read_path("/sys/dev/ldmcard/vec", NULL);
	ASSERT_STREQ(text, "5\t-3\n");
	free(text);
	ASSERT_OK(proc_write("/sys/dev/ldmcard/vec", "7 8\n"));
	ASSERT_EQ(sc_vec[0], 7);
	ASSERT_EQ(sc_vec[1], 8);
	ASSERT_EQ(proc_write("/sys/dev/ldmcard/vec", "nine\n"), -EINVAL);
	ASSERT_OK(proc_write("/sys/dev/ldmcard/level", "9\n"));
	ASSERT_EQ(sc_level, 2);
	ASSERT_OK(proc_write("/sys/dev/ldmcard/level", "6\n"));
	ASSERT_EQ(sc_level, 6);
	ASSERT_OK(proc_write("/sys/dev/ldmcard/name", "averylongname\n"));
	ASSERT_STREQ(sc_name, "averylo");
	text = ldm_proc_read_path("/sys/dev/ldmcard/name", NULL);
	ASSERT_STREQ(text, "averylo\n");
	free(text);
	text = ldm_proc_read_path("/sys/dev/ldmcard/timeout", NULL);
	ASSERT_STREQ(text, "3000\n");
	free(text);
	text = ldm_proc_read_path("/sys/dev/other", NULL);
	ASSERT_STREQ(text, "6\n");
	free(text);
	unregister_sysctl_table(h);
	ASSERT(!ldm_proc_read_path("/sys/dev/ldmcard/vec", NULL));
	text = ldm_proc_read_path("/sys/dev/other", NULL);
	ASSERT_STREQ(text, "6\n");
	free(text);
	unregister_sysctl_table(h2);
	ASSERT(!ldm_proc_read_path("/sys/dev/other", NULL));
	ASSERT(ldm_proc_lookup("/sys/dev", &(struct ldm_proc_entry *){ NULL }) == -ENOENT);
}

static int nl_msgs;
static uint32_t nl_group, nl_pid, nl_type;
static size_t nl_len;

static void nl_listener(int unit, uint32_t pid, uint32_t group, const void *msg, size_t len,
			void *data)
{
	const struct nlmsghdr *nlh = msg;

	(void)data;
	if (unit != NETLINK_NFLOG)
		return;
	nl_msgs++;
	nl_pid = pid;
	nl_group = group;
	nl_len = len;
	nl_type = nlh->nlmsg_type;
}

/* A message of @payload bytes, as 2.6.9's w1 builds one; NULL if it does not fit. */
static struct sk_buff *nl_message(unsigned int room, int payload)
{
	struct sk_buff *skb = alloc_skb(room, GFP_KERNEL);
	struct nlmsghdr *nlh;

	if (!skb)
		return NULL;
	nlh = NLMSG_PUT(skb, 0, 1, NLMSG_DONE, payload);
	memset(NLMSG_DATA(nlh), 0x5a, (size_t)payload);
	return skb;
nlmsg_failure:
	kfree_skb(skb);
	return NULL;
}

DEFINE_TEST(test_netlink_messages_reach_the_host_listener,
	    .description = "a driver's netlink socket sends to nobody (-ESRCH, -ECONNREFUSED) "
			   "until the host listens to its unit; then broadcasts and unicasts "
			   "arrive whole; NLMSG_PUT refuses a message that does not fit")
{
	struct sock *sk = netlink_kernel_create(NETLINK_NFLOG, NULL);
	struct sk_buff *skb;

	ASSERT(sk);
	ASSERT_EQ(netlink_kernel_create(MAX_LINKS, NULL), NULL);
	ASSERT_EQ(nl_message(16, 64), NULL);
	skb = nl_message(NLMSG_SPACE(20), 20);
	ASSERT(skb);
	NETLINK_CB(skb).dst_groups = 1;
	ASSERT_EQ(netlink_broadcast(sk, skb, 0, 1, GFP_KERNEL), -ESRCH);
	ASSERT_OK(ldm_netlink_listen(NETLINK_NFLOG, nl_listener, NULL));
	skb = nl_message(NLMSG_SPACE(20), 20);
	ASSERT_OK(netlink_broadcast(sk, skb, 0, 4, GFP_KERNEL));
	ASSERT_EQ(nl_msgs, 1);
	ASSERT_EQ(nl_group, 4);
	ASSERT_EQ(nl_len, NLMSG_SPACE(20));
	ASSERT_EQ(nl_type, NLMSG_DONE);
	skb = nl_message(NLMSG_SPACE(8), 8);
	ASSERT_EQ(netlink_unicast(sk, skb, 1234, 0), (int)NLMSG_SPACE(8));
	ASSERT_EQ(nl_pid, 1234);
	ASSERT_OK(ldm_netlink_listen(NETLINK_NFLOG, NULL, NULL));
	skb = nl_message(NLMSG_SPACE(8), 8);
	ASSERT_EQ(netlink_unicast(sk, skb, 1234, 0), -ECONNREFUSED);
	sock_release(sk->sk_socket);
}

static int pp_attached, pp_detached;
static unsigned char pp_data;

static void pp_attach(struct parport *port)
{
	(void)port;
	pp_attached++;
}

static void pp_detach(struct parport *port)
{
	(void)port;
	pp_detached++;
}

static struct parport_driver pp_driver = {
	.name = "pptest",
	.attach = pp_attach,
	.detach = pp_detach,
};

static void pp_write_data(struct parport *p, unsigned char d)
{
	(void)p;
	pp_data = d;
}

static unsigned char pp_read_data(struct parport *p)
{
	(void)p;
	return pp_data;
}

static struct parport_operations pp_ops = {
	.write_data = pp_write_data,
	.read_data = pp_read_data,
};

DEFINE_TEST(test_parport_drivers_attach_to_announced_ports,
	    .description = "a parport driver registers with no port and is attached to "
			   "nothing; an announced port attaches it, devices claim the port one "
			   "at a time, an exclusive device is refused beside another, and "
			   "removal detaches")
{
	struct pardevice *a, *b;
	struct parport *port, *found;

	ASSERT_OK(parport_register_driver(&pp_driver));
	ASSERT_EQ(pp_attached, 0);
	ASSERT_EQ(parport_find_number(0), NULL);
	port = parport_register_port(0x378, PARPORT_IRQ_NONE, PARPORT_DMA_NONE, &pp_ops);
	ASSERT(port);
	parport_announce_port(port);
	ASSERT_EQ(pp_attached, 1);
	found = parport_find_base(0x378);
	ASSERT_EQ(found, port);
	ASSERT_STREQ(found->name, "parport0");
	a = parport_register_device(found, "a", NULL, NULL, NULL, 0, NULL);
	b = parport_register_device(found, "b", NULL, NULL, NULL, 0, NULL);
	ASSERT(a && b);
	ASSERT_EQ(parport_register_device(found, "x", NULL, NULL, NULL, PARPORT_DEV_EXCL, NULL),
		  NULL);
	ASSERT_OK(parport_claim(a));
	ASSERT_EQ(parport_claim(b), -EAGAIN);
	parport_write_data(a->port, 0x42);
	ASSERT_EQ(parport_read_data(a->port), 0x42);
	parport_release(a);
	ASSERT_EQ(parport_claim_or_block(b), 0);
	parport_release(b);
	parport_unregister_device(a);
	parport_unregister_device(b);
	parport_put_port(found);
	parport_remove_port(port);
	ASSERT_EQ(pp_detached, 1);
	parport_put_port(port);
	parport_unregister_driver(&pp_driver);
}

DEFINE_TEST(test_irq_flags_save_and_restore_per_thread,
	    .description = "local_irq_save() disables and gives the previous flag back, "
			   "local_irq_restore() puts it back, nested pairs end enabled; each "
			   "thread has its own flag, as each processor has")
{
	unsigned long outer, inner;

	ASSERT(!irqs_disabled());
	local_irq_save(outer);
	ASSERT(irqs_disabled());
	local_irq_save(inner);
	ASSERT(irqs_disabled());
	local_irq_restore(inner);
	ASSERT(irqs_disabled());
	local_irq_restore(outer);
	ASSERT(!irqs_disabled());
	cli();
	ASSERT(irqs_disabled());
	sti();
	ASSERT(!irqs_disabled());
}

struct cmos {
	uint8_t index;
	uint8_t regs[64];
};

static uint32_t cmos_read(unsigned long addr, unsigned int width, void *data)
{
	struct cmos *c = data;

	(void)width;
	return addr == 0x70 ? c->index : c->regs[c->index & 63];
}

static void cmos_write(unsigned long addr, unsigned int width, uint32_t value, void *data)
{
	struct cmos *c = data;

	(void)width;
	if (addr == 0x70)
		c->index = (uint8_t)value;
	else
		c->regs[c->index & 63] = (uint8_t)value;
}

static const struct ldm_hw_ops cmos_ops = { .read = cmos_read, .write = cmos_write };

DEFINE_TEST(test_cmos_read_and_write_reach_the_clock_model,
	    .description = "CMOS_READ and CMOS_WRITE of <linux/mc146818rtc.h> go through "
			   "ports 0x70 and 0x71 to a model of the chip, under rtc_lock, and the "
			   "BCD helpers convert its fields")
{
	struct cmos c = { .regs = { [RTC_SECONDS] = 0x59, [RTC_YEAR] = 0x04 } };
	unsigned long flags;
	unsigned char sec;

	ASSERT_OK(ldm_hw_claim(LDM_HW_PORT, RTC_PORT(0), 2, "mc146818", &cmos_ops, &c));
	spin_lock_irqsave(&rtc_lock, flags);
	sec = CMOS_READ(RTC_SECONDS);
	CMOS_WRITE(0x80 | RTC_24H, RTC_CONTROL);
	spin_unlock_irqrestore(&rtc_lock, flags);
	ASSERT_EQ(sec, 0x59);
	ASSERT_EQ(BCD2BIN(sec), 59);
	BCD_TO_BIN(sec);
	ASSERT_EQ(sec, 59);
	ASSERT_EQ(BIN2BCD(42), 0x42);
	ASSERT_EQ(c.regs[RTC_CONTROL], RTC_SET | RTC_24H);
	ASSERT_OK(ldm_hw_unclaim(LDM_HW_PORT, RTC_PORT(0)));
	ASSERT_EQ(CMOS_READ(RTC_SECONDS), 0xff);
	ASSERT(get_cycles() > 0 && cpu_khz == 1000000);
	ASSERT_EQ(PIT_TICK_RATE, 1193182);
}
