// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-khw.c - the 2.6.9-style drivers of tests/drivers/khw/, compiled
 * unchanged against 2.6.9's <linux/...> and <asm/...> names and loaded as
 * modules: a card probed with port and memory I/O (all ones with nothing
 * there, the model's values with one), two drivers claiming one region,
 * two handlers sharing a line, and kernel threads stopped at rmmod.
 */
#include "../modules/modtest.h"

static bool log_has(const char *needle)
{
	char *log = ldm_dmesg(0, NULL);
	bool has = log && strstr(log, needle);

	free(log);
	return has;
}

static int log_count(const char *needle)
{
	char *log = ldm_dmesg(0, NULL), *p;
	int n = 0;

	for (p = log; p && (p = strstr(p, needle)); p += strlen(needle))
		n++;
	free(log);
	return n;
}

DEFINE_TEST(test_khw_port_io_with_no_device_reads_all_ones,
	    .description = "a driver probing an empty ISA slot reads all ones from ports and "
			   "from its ROM window, each address logged once under the driver's "
			   "name; its regions show in /proc/ioports and /proc/iomem until rmmod")
{
	char *text;

	ASSERT_OK(ko_load("khw_ports", NULL));
	ASSERT(log_has("khw_ports: id 0xff then 0xff, word 0xffff, long 0xffffffff, string "
		       "ffffffff, rom 0xffffffff"));
	/* inb() then inb_p() of one port: one line. */
	ASSERT_EQ(log_count("ldm: khw_ports: read of 1 byte at port 0x0300: no device answers "
			    "(reads all ones)"),
		  1);
	ASSERT_EQ(log_count("at port 0x0300"), 1);
	ASSERT_EQ(log_count("khw_ports: read of 1 byte at port 0x0301"), 1);
	ASSERT_EQ(log_count("khw_ports: read of 4 bytes at memory 0xd0010"), 1);
	ASSERT_EQ(log_count("khw_ports: write of 1 byte at memory 0xd0000: no device answers "
			    "(dropped)"),
		  1);
	text = ldm_proc_read_path("/ioports", NULL);
	ASSERT_STREQ(text, "0300-0307 : khw_ports\n");
	free(text);
	text = ldm_proc_read_path("/iomem", NULL);
	ASSERT_STREQ(text, "000d0000-000d0fff : khw_ports rom\n");
	free(text);
	ASSERT_OK(ldm_delete_module("khw_ports", 0));
	text = ldm_proc_read_path("/ioports", NULL);
	ASSERT_STREQ(text, "");
	free(text);
}

struct card {
	unsigned long base;
	int writes;
	uint32_t last;
};

static uint32_t card_read(void *data, unsigned long addr, unsigned int width)
{
	struct card *c = data;

	(void)width;
	return 0xa0 + (uint32_t)(addr - c->base);
}

static void card_write(void *data, unsigned long addr, unsigned int width, uint32_t value)
{
	struct card *c = data;

	(void)addr;
	(void)width;
	c->writes++;
	c->last = value;
}

static const struct ldm_hw_ops card_ops = { .read = card_read, .write = card_write };

DEFINE_TEST(test_khw_port_io_reaches_a_model,
	    .description = "with a model claiming the card's ports and ROM window, the same "
			   "unchanged driver reads the model's values and its writes reach it")
{
	struct card ports = { .base = 0x300 }, rom = { .base = 0xd0000 };

	ASSERT_OK(ldm_hw_claim(LDM_HW_PORT, 0x300, 8, "card", &card_ops, &ports));
	ASSERT_OK(ldm_hw_claim(LDM_HW_MMIO, 0xd0000, 0x1000, "card rom", &card_ops, &rom));
	ASSERT_OK(ko_load("khw_ports", NULL));
	ASSERT(log_has("khw_ports: id 0xa0 then 0xa0, word 0xa2, long 0xa4, string a1a1a1a1, "
		       "rom 0xb0"));
	ASSERT_EQ(ports.writes, 2);
	ASSERT_EQ(ports.last, 0x5a);
	ASSERT_EQ(rom.writes, 1);
	ASSERT_EQ(rom.last, 1);
	ASSERT(!log_has("no device answers"));
	ASSERT_OK(ldm_delete_module("khw_ports", 0));
}

DEFINE_TEST(test_khw_two_drivers_request_one_region,
	    .description = "a second driver's claim of ports another holds fails its init "
			   "with EBUSY, in whole or in part, and succeeds beside them")
{
	char *text;

	ASSERT_OK(ko_load("khw_ports", NULL));
	ASSERT_EQ(ko_load("khw_region", NULL), -EBUSY);
	ASSERT(log_has("khw_region: ports 0x300-0x307 are busy"));
	ASSERT_EQ(ko_load("khw_region", "io=0x306 len=4"), -EBUSY);
	ASSERT_OK(ko_load("khw_region", "io=0x308"));
	text = ldm_proc_read_path("/ioports", NULL);
	ASSERT_STREQ(text, "0300-0307 : khw_ports\n0308-030f : khw_region\n");
	free(text);
	ASSERT_OK(ldm_delete_module("khw_ports", 0));
	ASSERT_OK(ldm_delete_module("khw_region", 0));
	ASSERT_OK(ko_load("khw_region", NULL));
	ASSERT_OK(ldm_delete_module("khw_region", 0));
}

DEFINE_TEST(test_khw_shared_irq_and_tasklet,
	    .description = "two handlers of one driver share a line; only the one whose "
			   "device raised it claims it, in interrupt context, and its tasklet "
			   "runs in softirq context; rmmod frees the line")
{
	char *text;

	ASSERT_OK(ko_load("khw_irq", "irq=7 owner=1"));
	ASSERT_EQ(ldm_hw_irq_raise(7), 1);
	ASSERT_STREQ(tree_attr("/module/khw_irq/parameters/hits0"), "0\n");
	ASSERT_STREQ(tree_attr("/module/khw_irq/parameters/hits1"), "1\n");
	ASSERT_STREQ(tree_attr("/module/khw_irq/parameters/in_irq_seen"), "1\n");
	text = ldm_proc_read_path("/interrupts", NULL);
	ASSERT(text && strstr(text, "  7:          1            ldm  khw0, khw1\n"));
	free(text);
	ASSERT_OK(ldm_delete_module("khw_irq", 0));
	text = ldm_proc_read_path("/interrupts", NULL);
	ASSERT(text && !strstr(text, "khw0"));
	free(text);
	/* The tasklet ran before rmmod returned: tasklet_kill() in its exit waited. */
	ASSERT_EQ(ldm_hw_irq_raise(7), 0);
}

DEFINE_TEST(test_khw_kernel_threads_stop_at_rmmod,
	    .description = "a kernel_thread() daemon and a kthread both freeze for a "
			   "suspend and thaw after it, and rmmod stops both cleanly: kill_proc() "
			   "and complete_and_exit() for the one, kthread_stop() for the other")
{
	ASSERT_OK(ko_load("khw_thread", NULL));
	ASSERT_OK(ldm_pm_suspend("mem"));
	ASSERT_STREQ(tree_attr("/module/khw_thread/parameters/frozen"), "1\n");
	ASSERT_OK(ldm_pm_resume());
	ASSERT_OK(ldm_delete_module("khw_thread", 0));
	ASSERT(log_has("khwd: khwd exiting after 0 events"));
	ASSERT(log_has("khw_thread: worker returned 42"));
	ASSERT(!node_exists("/module/khw_thread"));
}
