// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-ib700wdt.c - the IB700 watchdog model (ldm,ib700wdt): armed and
 * pinged by writes to its start port with the timeout its table gives the
 * value, stopped by a write to its stop port, and resetting the machine
 * (reboot notifiers, then the host's stop handler) when not pinged in
 * time; then 2.6.9's ib700wdt.c, unchanged, driving it when
 * $LDM_LINUX_2_6_9 names a tree. Time is the manual clock's.
 */
#include <linux/watchdog.h>
#include <ldm/ldm.h>

#include "../modules/modtest.h"
#include "../hw/wdog-test.h"
#include "../hw/linux269.h"

#define SEC 1000000000ULL

static const char wdt_board[] = "/dts-v1/;\n"
				"/ { isa { compatible = \"isa\"; #address-cells = <1>; "
				"#size-cells = <1>;\n"
				"  watchdog@443 { compatible = \"ldm,ib700wdt\";\n"
				"    reg = <0x443 1 0x441 1>; }; }; };\n";

static void wdt_boot(void)
{
	wdog_boot(wdt_board);
}

DEFINE_TEST(test_ib700wdt_pinged_in_time_never_resets,
	    .description = "writes to the start port arm and ping the card with the timeout "
			   "the value picks from its table (0 is 30 s, 0xa is 10 s); pinged in "
			   "time it never resets, and a write to the stop port disarms it")
{
	uint32_t v;

	wdt_boot();
	outb(0, 0x443);
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@443", 3, &v));
	ASSERT_EQ(v, 30);
	ldm_hw_clock_advance(29 * SEC);
	outb(0xa, 0x443);
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@443", 3, &v));
	ASSERT_EQ(v, 10);
	ldm_hw_clock_advance(9 * SEC);
	outb(0xa, 0x443);
	ldm_hw_clock_advance(9 * SEC);
	ASSERT_EQ(wdog_stops, 0);
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@443", 0, &v));
	ASSERT_EQ(v, 1);
	outb(0, 0x441);
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@443", 0, &v));
	ASSERT_EQ(v, 0);
	ldm_hw_clock_advance(100 * SEC);
	ASSERT_EQ(wdog_stops, 0);
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@443", 1, &v));
	ASSERT_EQ(v, 3);
	ASSERT_EQ(ldm_hw_model_reg_write("watchdog@443", 1, 0), -EROFS);
	ASSERT_EQ(ldm_hw_model_reg_write("watchdog@443", 4, 0), -ENOENT);
	wdog_shutdown();
}

DEFINE_TEST(test_ib700wdt_expiry_runs_the_reboot_path,
	    .description = "armed and not pinged for its timeout, the card resets the machine: "
			   "the reboot notifiers hear SYS_RESTART, then the host's stop handler "
			   "is asked to restart, once, and the log names the card")
{
	wdt_boot();
	outb(0xc, 0x443); /* 6 s */
	ldm_hw_clock_advance(6 * SEC - 1);
	ASSERT_EQ(wdog_stops, 0);
	ldm_hw_clock_advance(1);
	ASSERT_EQ(wdog_notified, 1);
	ASSERT_EQ(wdog_stops, 1);
	ASSERT_EQ(wdog_stop_how, LDM_REBOOT_RESTART);
	ASSERT(ldm_test_log_has("/isa/watchdog@443: watchdog not pinged within 6 s: "
				"resetting the machine"));
	ldm_hw_clock_advance(100 * SEC);
	ASSERT_EQ(wdog_stops, 1);
	wdog_shutdown();
}

DEFINE_TEST(test_ib700wdt_board_needs_two_ports,
	    .description =
		    "a node with one port is left out, naming the node and the cause: no model "
		    "answers its port")
{
	ldm_hw_clock_manual(true);
	ASSERT_OK(hw_board_load("/dts-v1/;\n"
				"/ { isa { compatible = \"isa\"; #address-cells = <1>; "
				"#size-cells = <1>;\n"
				"  watchdog@443 { compatible = \"ldm,ib700wdt\";\n"
				"    reg = <0x443 1>; }; }; };\n"));
	ASSERT(ldm_test_log_has("/isa/watchdog@443: an ib700wdt has a start port and a stop "
				"port, one each"));
	ASSERT_EQ(ldm_hw_owner(LDM_HW_PORT, 0x443, NULL, 0), -ENOENT);
	ldm_board_unload();
}

DEFINE_TEST(test_ib700wdt_269_keeps_the_card_alive,
	    .description = "2.6.9's ib700wdt.c, unchanged, arms the card at open (30 s) and "
			   "pings it at each write; WDIOC_SETTIMEOUT picks the table's time; 'V' "
			   "then close stops it; a close without 'V' leaves it running, and it "
			   "resets the machine when the pings stop")
{
	struct ldm_chrdev_file *f;
	char ko[256];
	uint32_t v;
	dev_t dev;
	int t;

	wdt_boot();
	linux269_build("char/watchdog/ib700wdt", ko, sizeof(ko));
	linux269_load(ko, NULL);
	linux269_clean(ko);
	ASSERT_OK(ldm_chrdev_node_lookup("watchdog", &dev, NULL));
	ASSERT_OK(ldm_chrdev_open(dev, O_WRONLY, &f));
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@443", 0, &v));
	ASSERT_EQ(v, 1);
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@443", 3, &v));
	ASSERT_EQ(v, 30);
	ldm_hw_clock_advance(29 * SEC);
	ASSERT_EQ(ldm_chrdev_write(f, "x", 1, NULL), 1);
	ldm_hw_clock_advance(29 * SEC);
	ASSERT_EQ(wdog_stops, 0);
	t = 10; /* the first time of the table above 10: 12 s */
	ASSERT_EQ(ldm_chrdev_ioctl(f, WDIOC_SETTIMEOUT, (unsigned long)&t), 0);
	ASSERT_EQ(t, 12);
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@443", 3, &v));
	ASSERT_EQ(v, 12);
	ldm_hw_clock_advance(11 * SEC);
	wdog_magic_close_then_unexpected(f, dev, "watchdog@443", 100 * SEC);
	ASSERT(ldm_test_log_has("WDT device closed unexpectedly"));
	ldm_hw_clock_advance(12 * SEC);
	ASSERT_EQ(wdog_stops, 1);
	ASSERT_EQ(wdog_notified, 1);
	ASSERT(ldm_test_log_has("/isa/watchdog@443: watchdog not pinged within 12 s: "
				"resetting the machine"));
	ASSERT_OK(ldm_delete_module("ib700wdt", 0));
	wdog_shutdown();
}
