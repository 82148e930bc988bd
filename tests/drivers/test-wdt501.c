// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-wdt501.c - the WDT500/501-P watchdog model (ldm,wdt501): its 8254
 * counters set the heartbeat, the enable port starts and stops it, and at
 * the heartbeat's end it raises its line and, with a reset pulse, resets
 * the machine (reboot notifiers, then the host's stop handler); then
 * 2.6.9's wdt.c, unchanged, driving it when $LDM_LINUX_2_6_9 names a
 * tree. Then the PCI card (ldm,pci-wdt501) behind a PCI function's BAR,
 * and 2.6.9's wdt_pci.c driving it. Time is the manual clock's; interrupts
 * run in the test's thread.
 */
#include <linux/watchdog.h>
#include <ldm/ldm.h>
#include <ldm/pci.h>

#include "../modules/modtest.h"
#include "../hw/wdog-test.h"
#include "../hw/linux269.h"

#define MS  1000000ULL
#define SEC 1000000000ULL
#define IO  0x240

static const char wdt_board[] = "/dts-v1/;\n"
				"/ { isa { compatible = \"isa\"; #address-cells = <1>; "
				"#size-cells = <1>;\n"
				"  watchdog@240 { compatible = \"ldm,wdt501\";\n"
				"    reg = <0x240 8>; interrupts = <11>; }; }; };\n";

static int irqs;
static unsigned char irq_status;

static irqreturn_t wdt_handler(int irq, void *dev_id, struct pt_regs *regs)
{
	(void)irq;
	(void)dev_id;
	(void)regs;
	irq_status = inb(IO + 4);
	irqs++;
	return IRQ_HANDLED;
}

static void wdt_boot(void)
{
	wdog_boot(wdt_board);
}

/* Counter @ctr in mode @mode, low byte then high, loaded with @count. */
static void wdt_load(int ctr, int mode, unsigned int count)
{
	outb((unsigned char)(ctr << 6 | 0x30 | mode << 1), IO + 3);
	outb(count & 0xff, IO + ctr);
	outb(count >> 8, IO + ctr);
}

/* As a driver starts the card: 100 Hz, @ticks of it, a reset pulse of @pulse. */
static void wdt_start(unsigned int ticks, unsigned int pulse)
{
	(void)inb(IO + 7);
	wdt_load(0, 3, 8948);
	wdt_load(1, 2, ticks);
	wdt_load(2, 0, pulse);
	outb(0, IO + 7);
}

DEFINE_TEST(test_wdt501_pinged_in_time_never_resets,
	    .description = "the counters set the heartbeat (8948 and 500 are 5 s); reloading "
			   "counter 1 between a read and a write of the enable port pings it in "
			   "time, and a read of the enable port disables it")
{
	uint32_t v;

	wdt_boot();
	wdt_start(500, 65535);
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@240", 3, &v));
	ASSERT_EQ(v, 5000);
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@240", 5, &v));
	ASSERT_EQ(v, 500);
	ldm_hw_clock_advance(4999 * MS);
	(void)inb(IO + 7);
	wdt_load(1, 2, 500);
	outb(0, IO + 7);
	ldm_hw_clock_advance(4999 * MS);
	ASSERT_EQ(wdog_stops, 0);
	ASSERT_EQ(inb(IO + 4), 0xf3);
	ASSERT_EQ(inb(IO + 6), 0); /* the PCI card's buzzer port: not the ISA card's */
	(void)inb(IO + 7);
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@240", 0, &v));
	ASSERT_EQ(v, 0);
	ldm_hw_clock_advance(100 * SEC);
	ASSERT_EQ(wdog_stops, 0);
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@240", 7, &v));
	ASSERT_EQ(v, 2);
	ASSERT_EQ(ldm_hw_model_reg_write("watchdog@240", 1, 0), -EROFS);
	ASSERT_EQ(ldm_hw_model_reg_write("watchdog@240", 8, 0), -ENOENT);
	wdog_shutdown();
}

DEFINE_TEST(test_wdt501_expiry_raises_line_11_then_resets,
	    .description = "at the heartbeat's end the card drops its counter and IRQ status "
			   "bits, raises line 11, and resets the machine: the reboot notifiers "
			   "hear SYS_RESTART, then the host's stop handler, once")
{
	wdt_boot();
	ASSERT_OK(request_irq(11, wdt_handler, 0, "wdt501p", &irqs));
	wdt_start(200, 65535);
	ldm_hw_clock_advance(2 * SEC - 1);
	ASSERT_EQ(irqs, 0);
	ldm_hw_clock_advance(1);
	ASSERT_EQ(irqs, 1);
	ASSERT_EQ(irq_status, 0x72);
	ASSERT_EQ(wdog_notified, 1);
	ASSERT_EQ(wdog_stops, 1);
	ASSERT_EQ(wdog_stop_how, LDM_REBOOT_RESTART);
	ASSERT(ldm_test_log_has("/isa/watchdog@240: watchdog not pinged within 2000 ms: "
				"resetting the machine"));
	ldm_hw_clock_advance(100 * SEC);
	ASSERT_EQ(wdog_stops, 1);
	free_irq(11, &irqs);
	wdog_shutdown();
}

DEFINE_TEST(test_wdt501_no_reset_pulse_only_interrupts,
	    .description = "with counter 2 at 0 (no reset pulse) the heartbeat's end raises "
			   "the line and resets nothing; enabling again restores the status")
{
	wdt_boot();
	ASSERT_OK(request_irq(11, wdt_handler, 0, "wdt501p", &irqs));
	wdt_start(100, 0);
	ldm_hw_clock_advance(SEC);
	ASSERT_EQ(irqs, 1);
	ASSERT_EQ(irq_status, 0x72);
	ASSERT_EQ(wdog_stops, 0);
	outb(0, IO + 7);
	ASSERT_EQ(inb(IO + 4), 0xf3);
	free_irq(11, &irqs);
	wdog_shutdown();
}

DEFINE_TEST(test_wdt501_board_needs_eight_ports_and_a_line,
	    .description = "a node without its interrupt is left out, naming the node and why: no "
			   "model answers its ports")
{
	ldm_hw_clock_manual(true);
	ASSERT_OK(hw_board_load("/dts-v1/;\n"
				"/ { isa { compatible = \"isa\"; #address-cells = <1>; "
				"#size-cells = <1>;\n"
				"  watchdog@240 { compatible = \"ldm,wdt501\";\n"
				"    reg = <0x240 8>; }; }; };\n"));
	ASSERT(ldm_test_log_has("/isa/watchdog@240: a wdt501 has eight ports and one "
				"interrupt line"));
	ASSERT_EQ(ldm_hw_owner(LDM_HW_PORT, 0x240, NULL, 0), -ENOENT);
	ldm_board_unload();
}

DEFINE_TEST(test_wdt501_269_keeps_the_card_alive,
	    .description = "2.6.9's wdt.c, unchanged, starts the card at open (60 s) and pings "
			   "it at each write; WDIOC_SETTIMEOUT sets counter 1; 'V' then close "
			   "stops it; a close without 'V' leaves it running, and at the "
			   "heartbeat's end its handler hears line 11 and the machine resets")
{
	struct ldm_chrdev_file *f;
	char ko[256];
	uint32_t v;
	dev_t dev;
	int t;

	wdt_boot();
	linux269_build("char/watchdog/wdt", ko, sizeof(ko));
	linux269_load(ko, NULL);
	linux269_clean(ko);
	ASSERT_OK(ldm_chrdev_node_lookup("watchdog", &dev, NULL));
	ASSERT_OK(ldm_chrdev_open(dev, O_WRONLY, &f));
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@240", 0, &v));
	ASSERT_EQ(v, 1);
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@240", 3, &v));
	ASSERT_EQ(v, 60000);
	ldm_hw_clock_advance(59 * SEC);
	ASSERT_EQ(ldm_chrdev_write(f, "x", 1, NULL), 1);
	ldm_hw_clock_advance(59 * SEC);
	ASSERT_EQ(wdog_stops, 0);
	t = 10;
	ASSERT_EQ(ldm_chrdev_ioctl(f, WDIOC_SETTIMEOUT, (unsigned long)&t), 0);
	ASSERT_EQ(t, 10);
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@240", 5, &v));
	ASSERT_EQ(v, 1000);
	ldm_hw_clock_advance(9 * SEC);
	wdog_magic_close_then_unexpected(f, dev, "watchdog@240", 100 * SEC);
	ASSERT(ldm_test_log_has("WDT device closed unexpectedly"));
	ldm_hw_clock_advance(10 * SEC);
	ASSERT(ldm_test_log_has("WDT status 114"));
	ASSERT_EQ(wdog_stops, 1);
	ASSERT_EQ(wdog_notified, 1);
	ASSERT(ldm_test_log_has("/isa/watchdog@240: watchdog not pinged within 10000 ms: "
				"resetting the machine"));
	ASSERT_OK(ldm_delete_module("wdt", 0));
	wdog_shutdown();
}

/* The PCI card: ICS's PCI-WDT501 (494f:22c0), its logic in I/O BAR 2, line 7. */
#define PIO 0xc100

static const char pci_wdt_board[] =
	"/dts-v1/;\n"
	"/ { pci { compatible = \"ldm,pci-host\"; #address-cells = <3>; #size-cells = <2>;\n"
	"  watchdog@4,0 { reg = <0x2000 0 0 0 0 0x01002018 0 0xc100 0 0x10>;\n"
	"    vendor-id = <0x494f>; device-id = <0x22c0>; class-code = <0x088000>;\n"
	"    interrupts = <1>; ldm,irq-line = <7>; #address-cells = <1>; #size-cells = <0>;\n"
	"    wdt501@2 { compatible = \"ldm,pci-wdt501\"; reg = <2>; };\n"
	"  }; }; };\n";

static irqreturn_t pci_wdt_handler(int irq, void *dev_id, struct pt_regs *regs)
{
	(void)irq;
	(void)dev_id;
	(void)regs;
	irq_status = inb(PIO + 4);
	irqs++;
	return IRQ_HANDLED;
}

/* Counter @ctr of the PCI card in mode @mode, loaded with @count. */
static void pci_wdt_load(int ctr, int mode, unsigned int count)
{
	outb((unsigned char)(ctr << 6 | 0x30 | mode << 1), PIO + 3);
	outb(count & 0xff, PIO + ctr);
	outb(count >> 8, PIO + ctr);
}

DEFINE_TEST(test_pci_wdt501_answers_its_bar,
	    .description = "a model node under a PCI function (ldm,pci-wdt501, reg = <2>) answers "
			   "the function's BAR 2 and raises the function's line 7; the PCI card's "
			   "clock port picks 2.0833 MHz on a write (20833 and 100: 1 s) and "
			   "16.67 MHz on a read; its buzzer sounds on a write and stops on a read; "
			   "its reset pulse is its own: the heartbeat's end resets the machine "
			   "with counter 2 at 0; a clock chosen while it runs re-times it")
{
	char owner[96], dump[256];
	uint32_t v;

	irqs = 0;
	wdog_boot(pci_wdt_board);
	ASSERT_OK(ldm_hw_owner(LDM_HW_PORT, 0xc10f, owner, sizeof(owner)));
	ASSERT_STREQ(owner, "/pci/watchdog@4,0/wdt501@2");
	ASSERT_EQ(ldm_hw_owner(LDM_HW_PORT, 0xc110, NULL, 0), -ENOENT);
	ASSERT_OK(request_irq(7, pci_wdt_handler, SA_SHIRQ, "wdt_pci", &irqs));
	(void)inb(PIO + 7);
	outb(0, PIO + 12);
	pci_wdt_load(0, 3, 20833);
	pci_wdt_load(1, 2, 100);
	pci_wdt_load(2, 1, 0);
	ASSERT_OK(ldm_hw_model_reg_read("wdt501@2", 3, &v));
	ASSERT_EQ(v, 1000);
	(void)inb(PIO + 12);
	ASSERT_OK(ldm_hw_model_reg_read("wdt501@2", 3, &v));
	ASSERT_EQ(v, 124);
	outb(0, PIO + 12);
	outb(0, PIO + 6);
	ASSERT(ldm_hw_model_dump("wdt501@2", dump, sizeof(dump)) > 0);
	ASSERT_CONTAINS(dump, "clock 2083300 Hz, buzzer on");
	(void)inb(PIO + 6);
	ASSERT(ldm_hw_model_dump("wdt501@2", dump, sizeof(dump)) > 0);
	ASSERT_CONTAINS(dump, "buzzer off");
	outb(0, PIO + 7);
	ldm_hw_clock_advance(SEC - 1);
	ASSERT_EQ(irqs, 0);
	ldm_hw_clock_advance(1);
	ASSERT_EQ(irqs, 1);
	ASSERT_EQ(irq_status, 0x72);
	ASSERT_EQ(wdog_stops, 1);
	/* a new clock re-times the running heartbeat: 16.67 MHz makes it 125 ms */
	outb(0, PIO + 7);
	ldm_hw_clock_advance(500 * MS);
	(void)inb(PIO + 12);
	ldm_hw_clock_advance(124 * MS);
	ASSERT_EQ(irqs, 1);
	ldm_hw_clock_advance(1 * MS);
	ASSERT_EQ(irqs, 2);
	free_irq(7, &irqs);
	wdog_shutdown();
}

DEFINE_TEST(test_pci_model_needs_a_bar_of_its_function,
	    .description = "a model node under a PCI function whose reg names a BAR the function "
			   "lacks, or a PCI wdt501 on a memory BAR, is left out naming the node "
			   "and the cause; the function stays on the bus")
{
	ldm_hw_clock_manual(true);
	ASSERT_OK(hw_board_load(
		"/dts-v1/;\n"
		"/ { pci { compatible = \"ldm,pci-host\"; #address-cells = <3>; #size-cells = <2>;\n"
		"  watchdog@4,0 { reg = <0x2000 0 0 0 0 0x01002018 0 0xc100 0 0x10\n"
		"                        0x02002010 0 0xfebf0000 0 0x1000>;\n"
		"    vendor-id = <0x494f>; device-id = <0x22c0>;\n"
		"    interrupts = <1>; ldm,irq-line = <7>; #address-cells = <1>; #size-cells = <0>;\n"
		"    a@1 { compatible = \"ldm,pci-wdt501\"; reg = <1>; };\n"
		"    b@0 { compatible = \"ldm,pci-wdt501\"; reg = <0>; };\n"
		"  }; }; };\n"));
	ASSERT(ldm_test_log_has("/pci/watchdog@4,0/a@1: reg names BAR 1, which "
				"/pci/watchdog@4,0 does not have"));
	ASSERT(ldm_test_log_has("/pci/watchdog@4,0/b@0: a PCI wdt501 has an I/O BAR of sixteen "
				"ports and one interrupt line"));
	ASSERT_EQ(ldm_hw_owner(LDM_HW_PORT, 0xc100, NULL, 0), -ENOENT);
	ASSERT_EQ(ldm_hw_owner(LDM_HW_MMIO, 0xfebf0000, NULL, 0), -ENOENT);
	ASSERT(pci_find_slot(0, PCI_DEVFN(4, 0)));
	ldm_board_unload();
}

DEFINE_TEST(test_pci_wdt501_269_wdt_pci_keeps_the_card_alive,
	    .description = "2.6.9's wdt_pci.c, unchanged, binds to the 494f:22c0 function by its "
			   "id table, claims BAR 2's ports and line 7, starts the card at open "
			   "(60 s) and pings it at each write; 'V' then close stops it; a close "
			   "without 'V' leaves it running, and at the heartbeat's end its "
			   "handler hears line 7 and the machine resets")
{
	struct ldm_chrdev_file *f;
	struct pci_dev *pdev;
	char ko[256];
	uint32_t v;
	dev_t dev;

	wdog_boot(pci_wdt_board);
	linux269_build("char/watchdog/wdt_pci", ko, sizeof(ko));
	linux269_load(ko, NULL);
	linux269_clean(ko);
	pdev = pci_get_device(0x494f, 0x22c0, NULL);
	ASSERT(pdev);
	ASSERT(pdev->dev.driver);
	ASSERT_STREQ(pdev->dev.driver->name, "wdt_pci");
	pci_dev_put(pdev);
	ASSERT(ldm_test_log_has(
		"PCI-WDT500/501 (PCI-WDG-CSM) driver 0.10 at 0xc100 (Interrupt 7)"));
	ASSERT_OK(ldm_chrdev_node_lookup("watchdog", &dev, NULL));
	ASSERT_OK(ldm_chrdev_open(dev, O_WRONLY, &f));
	ASSERT_OK(ldm_hw_model_reg_read("wdt501@2", 3, &v));
	ASSERT_EQ(v, 60000);
	ldm_hw_clock_advance(59 * SEC);
	ASSERT_EQ(ldm_chrdev_write(f, "x", 1, NULL), 1);
	ldm_hw_clock_advance(59 * SEC);
	ASSERT_EQ(wdog_stops, 0);
	wdog_magic_close_then_unexpected(f, dev, "wdt501@2", 100 * SEC);
	v = (uint32_t)ldm_hw_irq_count(7);
	ldm_hw_clock_advance(60 * SEC);
	ASSERT_EQ(ldm_hw_irq_count(7), v + 1);
	/* Its printk has no newline: the line ends with the handler's. */
	ASSERT(ldm_test_log_has("Unexpected close, not stopping timer!"));
	ASSERT(ldm_test_log_has("wdt_pci: status 114"));
	ASSERT(ldm_test_log_has("wdt_pci: Reset in 5ms."));
	ASSERT_EQ(wdog_stops, 1);
	ASSERT(ldm_test_log_has("/pci/watchdog@4,0/wdt501@2: watchdog not pinged within 60000 ms: "
				"resetting the machine"));
	ASSERT_OK(ldm_delete_module("wdt_pci", 0));
	wdog_shutdown();
}

DEFINE_TEST(test_pci_wdt501_comes_and_goes_with_its_function,
	    .description = "a model behind the BAR of a function whose slot is empty at boot is "
			   "not there (its ports read all ones); ldm_pci_function_add() brings "
			   "it with the function, fresh, and ldm_pci_function_remove() takes it "
			   "away after the function")
{
	char board[sizeof(pci_wdt_board) + 32], owner[96];
	const char *at = strstr(pci_wdt_board, "vendor-id");
	uint32_t v;

	snprintf(board, sizeof(board), "%.*sldm,slot-empty; %s", (int)(at - pci_wdt_board),
		 pci_wdt_board, at);
	wdog_boot(board);
	ASSERT(!pci_find_slot(0, PCI_DEVFN(4, 0)));
	ASSERT_EQ(ldm_hw_owner(LDM_HW_PORT, 0xc100, NULL, 0), -ENOENT);
	ASSERT_EQ(inb(PIO + 4), 0xff);
	ASSERT_EQ(ldm_hw_model_reg_read("wdt501@2", 0, &v), -ENODEV);

	ASSERT_OK(ldm_pci_function_add("0000:00:04.0"));
	ASSERT(pci_find_slot(0, PCI_DEVFN(4, 0)));
	ASSERT_OK(ldm_hw_owner(LDM_HW_PORT, 0xc100, owner, sizeof(owner)));
	ASSERT_STREQ(owner, "/pci/watchdog@4,0/wdt501@2");
	ASSERT_EQ(inb(PIO + 4), 0xf3);
	outb(0, PIO + 7);
	ASSERT_OK(ldm_hw_model_reg_read("wdt501@2", 0, &v));
	ASSERT_EQ(v, 1);

	ASSERT_OK(ldm_pci_function_remove("0000:00:04.0"));
	ASSERT_EQ(ldm_hw_owner(LDM_HW_PORT, 0xc100, NULL, 0), -ENOENT);
	ldm_hw_clock_advance(3600 * SEC); /* its timer went with it */
	ASSERT_EQ(wdog_stops, 0);
	ASSERT_OK(ldm_pci_function_add("0000:00:04.0"));
	ASSERT_OK(ldm_hw_model_reg_read("wdt501@2", 0, &v));
	ASSERT_EQ(v, 0);
	wdog_shutdown();
}
