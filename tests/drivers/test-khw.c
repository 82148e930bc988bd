// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-khw.c - the 2.6.9-style drivers of tests/drivers/khw/, compiled
 * unchanged against 2.6.9's <linux/...> and <asm/...> names and loaded as
 * modules: a card probed with port and memory I/O (all ones with nothing
 * there, the model's values with one), two drivers claiming one region,
 * two handlers sharing a line, and kernel threads stopped at rmmod.
 */
#include "../modules/modtest.h"

DEFINE_TEST(test_khw_port_io_with_no_device_reads_all_ones,
	    .description = "a driver probing an empty ISA slot reads all ones from ports and "
			   "from its ROM window, each address logged once under the driver's "
			   "name; its regions show in /proc/ioports and /proc/iomem until rmmod")
{
	char *text;

	ASSERT_OK(ko_load("khw_ports", NULL));
	ASSERT(ldm_test_log_has(
		"khw_ports: id 0xff then 0xff, word 0xffff, long 0xffffffff, string "
		"ffffffff, rom 0xffffffff"));
	/* inb() then inb_p() of one port: one line. */
	ASSERT_EQ(ldm_test_log_count(
			  "ldm: khw_ports: read of 1 byte at port 0x0300: no device answers "
			  "(reads all ones)"),
		  1);
	ASSERT_EQ(ldm_test_log_count("at port 0x0300"), 1);
	ASSERT_EQ(ldm_test_log_count("khw_ports: read of 1 byte at port 0x0301"), 1);
	ASSERT_EQ(ldm_test_log_count("khw_ports: read of 4 bytes at memory 0xd0010"), 1);
	ASSERT_EQ(ldm_test_log_count(
			  "khw_ports: write of 1 byte at memory 0xd0000: no device answers "
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

static uint32_t card_read(unsigned long addr, unsigned int width, void *data)
{
	struct card *c = data;

	(void)width;
	return 0xa0 + (uint32_t)(addr - c->base);
}

static void card_write(unsigned long addr, unsigned int width, uint32_t value, void *data)
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
	ASSERT(ldm_test_log_has(
		"khw_ports: id 0xa0 then 0xa0, word 0xa2, long 0xa4, string a1a1a1a1, "
		"rom 0xb0"));
	ASSERT_EQ(ports.writes, 2);
	ASSERT_EQ(ports.last, 0x5a);
	ASSERT_EQ(rom.writes, 1);
	ASSERT_EQ(rom.last, 1);
	ASSERT(!ldm_test_log_has("no device answers"));
	ASSERT_OK(ldm_delete_module("khw_ports", 0));
}

DEFINE_TEST(test_khw_two_drivers_request_one_region,
	    .description = "a second driver's claim of ports another holds fails its init "
			   "with EBUSY, in whole or in part, and succeeds beside them")
{
	char *text;

	ASSERT_OK(ko_load("khw_ports", NULL));
	ASSERT_EQ(ko_load("khw_region", NULL), -EBUSY);
	ASSERT(ldm_test_log_has("khw_region: ports 0x300-0x307 are busy"));
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

DEFINE_TEST(test_khw_handlers_left_at_rmmod_are_freed,
	    .description = "a driver that forgets free_irq() and leaves a tasklet queued at "
			   "rmmod: both are named as its leaks and dropped, and the line raised "
			   "after finds no handler instead of unmapped code")
{
	ASSERT_OK(ko_load("khw_irq", "irq=9 leak=1"));
	ASSERT_OK(ldm_delete_module("khw_irq", 0));
	ASSERT_EQ(ldm_test_log_count(
			  "khw_irq: module unloaded with a handler of IRQ 9 requested: freed"),
		  2);
	ASSERT(ldm_test_log_has("khw_irq: module unloaded with tasklet"));
	ASSERT_EQ(ldm_hw_irq_raise(9), 0);
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
	ASSERT(ldm_test_log_has("khwd: khwd exiting after 0 events"));
	ASSERT(ldm_test_log_has("khw_thread: worker returned 42"));
	ASSERT(!node_exists("/module/khw_thread"));
}

/* A config space of 256 bytes behind a bus of the test's. */
static u8 config[256];
static int config_writes;

static int cfg_read(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 *val)
{
	(void)bus;
	if (devfn != PCI_DEVFN(3, 0))
		return PCIBIOS_DEVICE_NOT_FOUND;
	*val = 0;
	memcpy(val, config + where, (size_t)size);
	return PCIBIOS_SUCCESSFUL;
}

static int cfg_write(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 val)
{
	(void)bus;
	if (devfn != PCI_DEVFN(3, 0))
		return PCIBIOS_DEVICE_NOT_FOUND;
	memcpy(config + where, &val, (size_t)size);
	config_writes++;
	return PCIBIOS_SUCCESSFUL;
}

static struct pci_ops test_ops = { .read = cfg_read, .write = cfg_write };
static struct pci_bus test_bus = { .ops = &test_ops, .number = 2 };

static void test_pdev_release(struct device *dev)
{
	free(to_pci_dev(dev));
}

static uint32_t reg_read(unsigned long addr, unsigned int width, void *data)
{
	(void)data;
	(void)addr;
	(void)width;
	return 0x600dcafe;
}

static const struct ldm_hw_ops reg_ops = { .read = reg_read };

static char pci_modalias[128];

static void record_pci_event(const struct ldm_uevent *event, void *data)
{
	char **e;

	(void)data;
	if (strcmp(event->action, "add") || strcmp(event->subsystem, "pci"))
		return;
	for (e = event->envp; *e; e++)
		if (!strncmp(*e, "MODALIAS=", 9))
			snprintf(pci_modalias, sizeof(pci_modalias), "%s", *e + 9);
}

DEFINE_TEST(test_khw_pci_driver_registers_and_finds_nothing,
	    .description = "a PCI driver's module loads on a machine without its card: "
			   "pci_module_init() gives 0, pci_find_device() NULL, the driver is "
			   "in /bus/pci/drivers; a function added later binds by id table, "
			   "with its MODALIAS matching the module's pci: alias, and its probe "
			   "enables, claims, maps and reads it")
{
	struct pci_dev *pdev;
	char *text, *out;
	u16 cmd;

	ASSERT(node_exists("/bus/pci/drivers"));
	ASSERT(node_exists("/bus/pnp/devices"));
	ASSERT_EQ(pci_get_device(PCI_ANY_ID, PCI_ANY_ID, NULL), NULL);
	ASSERT_OK(ko_load("khw_pci", NULL));
	ASSERT_STREQ(tree_attr("/module/khw_pci/parameters/found_at_init"), "0\n");
	ASSERT_STREQ(tree_attr("/module/khw_pci/parameters/probed"), "0\n");
	ASSERT(node_exists("/bus/pci/drivers/khw_pci"));

	/* A device model's part: the function, its config space and its BAR. */
	config[PCI_REVISION_ID] = 3;
	ASSERT_OK(ldm_hw_claim(LDM_HW_MMIO, 0xfe800000, 0x100, "khw bar0", &reg_ops, NULL));
	pdev = calloc(1, sizeof(*pdev));
	ASSERT(pdev);
	pdev->bus = &test_bus;
	pdev->devfn = PCI_DEVFN(3, 0);
	pdev->vendor = 0x1af4;
	pdev->device = 0x10f0;
	pdev->subsystem_vendor = 0x1234;
	pdev->irq = 11;
	pdev->resource[0].start = 0xfe800000;
	pdev->resource[0].end = 0xfe8000ff;
	pdev->resource[0].flags = IORESOURCE_MEM;
	pdev->resource[1].start = 0xe000;
	pdev->resource[1].end = 0xe01f;
	pdev->resource[1].flags = IORESOURCE_IO;
	pdev->class = 0x020000;
	pdev->dev.release = test_pdev_release;
	ASSERT_OK(ldm_uevent_listen(record_pci_event, NULL));
	ASSERT_OK(pci_bus_add_device(pdev));
	ASSERT_OK(ldm_uevent_unlisten(record_pci_event, NULL));
	ASSERT_STREQ(pci_name(pdev), "0000:02:03.0");
	/* What udev would match against the module's alias (ldm modinfo khw_pci.ko). */
	ASSERT_STREQ(pci_modalias, "pci:v00001AF4d000010F0sv00001234sd00000000bc02sc00i00");
	ASSERT_STREQ(tree_attr("/module/khw_pci/parameters/probed"), "1\n");
	ASSERT(ldm_test_log_has("khw_pci 0000:02:03.0: rev 3, data 7, reg0 0x600dcafe, irq 11"));
	ASSERT_OK(ldm_test_run(LDM_BUILD_DIR "/tools/ldm/ldm modinfo -F alias " TEST_MODULE_DIR
					     "/khw_pci.ko",
			       &out));
	ASSERT_STREQ(out, "pci:v00001AF4d000010F0sv*sd*bc*sc*i*\n");
	free(out);
	ASSERT_EQ(pci_find_device(0x1af4, PCI_ANY_ID, NULL), pdev);
	ASSERT_EQ(pci_find_slot(2, PCI_DEVFN(3, 0)), pdev);
	ASSERT_OK(pci_read_config_word(pdev, PCI_COMMAND, &cmd));
	ASSERT_EQ(cmd, PCI_COMMAND_MEMORY | PCI_COMMAND_IO | PCI_COMMAND_MASTER);
	ASSERT_STREQ(tree_link("/bus/pci/devices/0000:02:03.0/driver"),
		     "../../bus/pci/drivers/khw_pci");
	text = ldm_proc_read_path("/ioports", NULL);
	ASSERT_STREQ(text, "e000-e01f : khw_pci\n");
	free(text);

	pci_remove_bus_device(pdev);
	ASSERT_STREQ(tree_attr("/module/khw_pci/parameters/removed"), "1\n");
	text = ldm_proc_read_path("/ioports", NULL);
	ASSERT_STREQ(text, "");
	free(text);
	ASSERT_OK(ldm_delete_module("khw_pci", 0));
	ASSERT_OK(ldm_hw_unclaim(LDM_HW_MMIO, 0xfe800000));
}

static void load_deref(void *arg)
{
	(void)arg;
	ko_load("khw_deref", NULL);
}

DEFINE_TEST(test_khw_direct_dereference_of_a_cookie_is_named,
	    .description = "a driver dereferencing its ioremap() cookie instead of calling "
			   "readl() is stopped with a message naming the driver, the cookie and "
			   "the physical address, not left reading the host's memory")
{
	char *err = NULL;
	int status;

	status = ldm_test_capture(load_deref, NULL, &err);
	ASSERT(!WIFEXITED(status) || WEXITSTATUS(status) != 0);
	ASSERT_CONTAINS(err, "ldm: khw_deref: dereferenced the ioremap() cookie 0x");
	ASSERT_CONTAINS(err, "(physical 0xd0010) directly, at 0x");
	ASSERT(!strstr(err, "khw_deref: signature"));
	free(err);
}

static void load_deref_phys(void *arg)
{
	(void)arg;
	ko_load("khw_deref", "phys=1");
}

DEFINE_TEST(test_khw_wild_pointer_is_an_oops_naming_the_module,
	    .description = "a driver dereferencing a device's physical address (2.6.9's ipmi_si "
			   "does on its memory-mapped path) is stopped with an oops naming the "
			   "module and the address, as the kernel names it")
{
	char *err = NULL;
	int status;

	status = ldm_test_capture(load_deref_phys, NULL, &err);
	ASSERT(!WIFEXITED(status) || WEXITSTATUS(status) != 0);
	ASSERT_CONTAINS(err, "ldm: Oops: khw_deref: bad memory access at 0xd0010, at 0x");
	ASSERT(!strstr(err, "khw_deref: physical"));
	free(err);
}

static void load_deref_call(void *arg)
{
	(void)arg;
	ko_load("khw_deref", "call=1");
}

DEFINE_TEST(test_khw_jump_to_null_is_an_oops_outside_modules,
	    .description = "a driver calling through a null pointer (or returning on a stack "
			   "it smashed, as 2.6.9's applicom read() does) faults at address 0, "
			   "in no module's code: the oops says so before the process stops")
{
	char *err = NULL;
	int status;

	status = ldm_test_capture(load_deref_call, NULL, &err);
	ASSERT(!WIFEXITED(status) || WEXITSTATUS(status) != 0);
	ASSERT_CONTAINS(err, "ldm: Oops: bad memory access at 0, at 0, outside any module's code");
	free(err);
}
