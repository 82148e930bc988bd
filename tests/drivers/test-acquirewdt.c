// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-acquirewdt.c - the Acquire watchdog model (ldm,acquirewdt): armed
 * and pinged by reads of its start port, stopped by its stop port, and
 * resetting the machine (reboot notifiers, then the host's stop handler)
 * when not pinged in time; then 2.6.9's acquirewdt.c, unchanged, driving
 * it when $LDM_LINUX_2_6_9 names a tree. Time is the manual clock's.
 */
#include <ldm/ldm.h>

#include "../modules/modtest.h"
#include "../hw/wdog-test.h"
#include "../hw/linux269.h"

#define MS 1000000ULL

static const char wdt_board[] = "/dts-v1/;\n"
				"/ { isa { compatible = \"isa\"; #address-cells = <1>; "
				"#size-cells = <1>;\n"
				"  watchdog@443 { compatible = \"ldm,acquirewdt\";\n"
				"    reg = <0x443 1 0x43 1>; ldm,timeout-ms = <500>; }; }; };\n";

static void wdt_boot(void)
{
	wdog_boot(wdt_board);
}

DEFINE_TEST(test_acquirewdt_pinged_in_time_never_resets,
	    .description = "reads of the start port arm and ping the card; pinged within its "
			   "timeout it never resets, and a read of the stop port disarms it")
{
	uint32_t v;

	wdt_boot();
	(void)inb(0x443);
	ldm_hw_clock_advance(499 * MS);
	(void)inb(0x443);
	ldm_hw_clock_advance(499 * MS);
	ASSERT_EQ(wdog_stops, 0);
	(void)inb(0x43);
	ldm_hw_clock_advance(10000 * MS);
	ASSERT_EQ(wdog_stops, 0);
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@443", 1, &v));
	ASSERT_EQ(v, 2);
	ASSERT_EQ(ldm_hw_model_reg_write("watchdog@443", 1, 0), -EROFS);
	wdog_shutdown();
}

DEFINE_TEST(test_acquirewdt_expiry_runs_the_reboot_path,
	    .description = "armed and not pinged for its timeout, the card resets the machine: "
			   "the reboot notifiers hear SYS_RESTART, then the host's stop handler "
			   "is asked to restart, once, and the log names the card")
{
	wdt_boot();
	(void)inb(0x443);
	ldm_hw_clock_advance(499 * MS);
	ASSERT_EQ(wdog_stops, 0);
	ldm_hw_clock_advance(MS);
	ASSERT_EQ(wdog_notified, 1);
	ASSERT_EQ(wdog_stops, 1);
	ASSERT_EQ(wdog_stop_how, LDM_REBOOT_RESTART);
	ASSERT(ldm_test_log_has("/isa/watchdog@443: watchdog not pinged within 500 ms: "
				"resetting the machine"));
	ldm_hw_clock_advance(10000 * MS);
	ASSERT_EQ(wdog_stops, 1);
	wdog_shutdown();
}

DEFINE_TEST(test_acquirewdt_269_keeps_the_card_alive,
	    .description = "2.6.9's acquirewdt.c, unchanged, arms the card at open and pings it "
			   "at each write; 'V' then close stops it; a close without 'V' leaves it "
			   "running, and it resets the machine when the pings stop")
{
	struct ldm_chrdev_file *f;
	char ko[256];
	uint32_t v;
	dev_t dev;

	wdt_boot();
	linux269_build("char/watchdog/acquirewdt", ko, sizeof(ko));
	linux269_load(ko, NULL);
	linux269_clean(ko);
	ASSERT_OK(ldm_chrdev_node_lookup("watchdog", &dev, NULL));
	ASSERT_OK(ldm_chrdev_open(dev, O_WRONLY, &f));
	ASSERT_OK(ldm_hw_model_reg_read("watchdog@443", 0, &v));
	ASSERT_EQ(v, 1);
	ldm_hw_clock_advance(400 * MS);
	ASSERT_EQ(ldm_chrdev_write(f, "x", 1, NULL), 1);
	ldm_hw_clock_advance(400 * MS);
	ASSERT_EQ(wdog_stops, 0);
	wdog_magic_close_then_unexpected(f, dev, "watchdog@443", 10000 * MS);
	ldm_hw_clock_advance(500 * MS);
	ASSERT_EQ(wdog_stops, 1);
	ASSERT_EQ(wdog_notified, 1);
	ASSERT_OK(ldm_delete_module("acquirewdt", 0));
	wdog_shutdown();
}
