// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-ich-tco.c - the TCO timer of an ICH LPC bridge (ldm,ich-tco, a child
 * of the PCI function): halted at reset, started by clearing TCO_TMR_HLT,
 * reloaded by TCO1_RLD; its first timeout sets TIMEOUT, its second resets
 * the machine unless the bridge's GEN_CNTL has NO_REBOOT set. Then 2.6.9's
 * i8xx_tco.c, unchanged, finds the bridge by its id table, clears
 * NO_REBOOT, and keeps the timer alive, when $LDM_LINUX_2_6_9 names a tree.
 * Time is the manual clock's.
 */
#include <ldm/ldm.h>
#include <ldm/pci.h>

#include "../modules/modtest.h"
#include "../hw/wdog-test.h"
#include "../hw/linux269.h"

#define MS   1000000ULL
#define TICK (600 * MS)

#define PMBASE	 0x400
#define SMI_EN	 (PMBASE + 0x30)
#define TCO1_RLD (PMBASE + 0x60)
#define TCO1_TMR (PMBASE + 0x61)
#define TCO1_STS (PMBASE + 0x64)
#define TCO2_STS (PMBASE + 0x66)
#define TCO1_CNT (PMBASE + 0x68)

static const char tco_board[] =
	"/dts-v1/;\n"
	"/ { pci { compatible = \"ldm,pci-host\"; #address-cells = <3>; #size-cells = <2>;\n"
	"  lpc@1f,0 { compatible = \"pci8086,2410\", \"isa\"; reg = <0xf800 0 0 0 0>;\n"
	"    vendor-id = <0x8086>; device-id = <0x2410>; class-code = <0x060100>;\n"
	"    ldm,config = <0x40 0x401 0xd4 0x2>; ldm,config-writable = <0xd4 0x2>;\n"
	"    #address-cells = <1>; #size-cells = <1>;\n"
	"    tco@460 { compatible = \"ldm,ich-tco\"; reg = <0x430 4 0x460 0x20>; };\n"
	"  }; }; };\n";

static void tco_boot(void)
{
	wdog_boot(tco_board);
}

/* Set or clear GEN_CNTL's NO_REBOOT through the bridge's config space. */
static void set_no_reboot(bool on)
{
	struct pci_dev *pdev = pci_get_device(0x8086, 0x2410, NULL);
	u8 v;

	ASSERT(pdev);
	ASSERT_OK(pci_read_config_byte(pdev, 0xd4, &v));
	ASSERT_OK(pci_write_config_byte(pdev, 0xd4, on ? v | 2 : v & ~2));
	ASSERT_OK(pci_read_config_byte(pdev, 0xd4, &v));
	ASSERT_EQ(v & 2, on ? 2 : 0);
	pci_dev_put(pdev);
}

DEFINE_TEST(test_ich_tco_counts_and_reloads,
	    .description = "the TCO timer is halted at reset; TCO1_TMR takes a 6-bit tick count, "
			   "clearing TCO_TMR_HLT starts the count, TCO1_RLD reads the ticks left "
			   "and a write to it reloads; SMI_EN is stored; a reload in time never "
			   "lets it reach zero")
{
	uint32_t v;

	tco_boot();
	ASSERT_EQ(inb(TCO1_CNT + 1) & 0x08, 0x08);
	ldm_hw_clock_advance(3600 * 1000 * MS);
	ASSERT_EQ(inb(TCO1_STS), 0);
	outb(0xff, TCO1_TMR);
	ASSERT_EQ(inb(TCO1_TMR), 0x3f);
	outb(0x0a, TCO1_TMR);
	outb(0x01, TCO1_RLD);
	outb(inb(TCO1_CNT + 1) & ~0x08, TCO1_CNT + 1);
	ASSERT_EQ(inb(TCO1_RLD), 10);
	ldm_hw_clock_advance(3 * TICK);
	ASSERT_EQ(inb(TCO1_RLD), 7);
	outb(0x01, TCO1_RLD);
	ASSERT_EQ(inb(TCO1_RLD), 10);
	ldm_hw_clock_advance(9 * TICK);
	outb(0x01, TCO1_RLD);
	ldm_hw_clock_advance(9 * TICK);
	ASSERT_EQ(inb(TCO1_STS), 0);
	outl(0xdeadbeef, SMI_EN);
	ASSERT_EQ(inl(SMI_EN), 0xdeadbeef);
	ASSERT_OK(ldm_hw_model_reg_read("tco@460", 1, &v));
	ASSERT_EQ(v, 3); /* the start and two reloads */
	ASSERT_EQ(wdog_stops, 0);
	wdog_shutdown();
}

DEFINE_TEST(test_ich_tco_second_timeout_resets_unless_no_reboot,
	    .description = "left alone, the first timeout sets TCO1_STS's TIMEOUT and the count "
			   "starts again; the second sets TCO2_STS's SECOND_TO and, with the "
			   "bridge's NO_REBOOT set, does nothing more (logged); with it cleared "
			   "through config space, the second timeout runs the reboot path once")
{
	tco_boot();
	outb(0x04, TCO1_TMR);
	outb(0x01, TCO1_RLD);
	outb(inb(TCO1_CNT + 1) & ~0x08, TCO1_CNT + 1);
	ldm_hw_clock_advance(4 * TICK);
	ASSERT_EQ(inb(TCO1_STS), 0x08);
	ASSERT_EQ(inb(TCO1_RLD), 4);
	ldm_hw_clock_advance(4 * TICK);
	ASSERT_EQ(inb(TCO2_STS), 0x02);
	ASSERT_EQ(wdog_stops, 0);
	ASSERT(ldm_test_log_has("tco@460: TCO timer ran out twice, but NO_REBOOT (GEN_CNTL "
				"0xd4 bit 1) is set: no reset"));

	set_no_reboot(false);
	outb(0x08, TCO1_STS);
	outb(0x03, TCO2_STS);
	ASSERT_EQ(inb(TCO1_STS), 0);
	ASSERT_EQ(inb(TCO2_STS), 0);
	outb(0x01, TCO1_RLD);
	ldm_hw_clock_advance(4 * TICK - MS);
	ASSERT_EQ(inb(TCO1_STS), 0);
	ldm_hw_clock_advance(4 * TICK + MS);
	ASSERT_EQ(wdog_stops, 1);
	ASSERT_EQ(wdog_notified, 1);
	ASSERT(ldm_test_log_has("tco@460: TCO timer ran out twice without a reload (4 ticks of "
				"0.6 s): resetting the machine"));
	ldm_hw_clock_advance(100 * TICK);
	ASSERT_EQ(wdog_stops, 1);
	wdog_shutdown();
}

DEFINE_TEST(test_ich_tco_halt_stops_the_count,
	    .description = "setting TCO_TMR_HLT stops the count where it is: TCO1_RLD keeps "
			   "reading it, and no timeout comes however long it waits")
{
	tco_boot();
	outb(0x08, TCO1_TMR);
	outb(0x01, TCO1_RLD);
	outb(inb(TCO1_CNT + 1) & ~0x08, TCO1_CNT + 1);
	ldm_hw_clock_advance(3 * TICK);
	outb(inb(TCO1_CNT + 1) | 0x08, TCO1_CNT + 1);
	ASSERT_EQ(inb(TCO1_RLD), 5);
	ldm_hw_clock_advance(1000 * TICK);
	ASSERT_EQ(inb(TCO1_RLD), 5);
	ASSERT_EQ(inb(TCO1_STS), 0);
	ASSERT_EQ(wdog_stops, 0);
	wdog_shutdown();
}

DEFINE_TEST(test_ich_tco_269_driver_keeps_it_alive,
	    .description = "2.6.9's i8xx_tco.c, unchanged, finds the 82801AA bridge, clears "
			   "NO_REBOOT, sets its heartbeat (30 s: 50 ticks), starts the timer at "
			   "open and reloads it at each write; 'V' and close halt it; a close "
			   "without 'V' leaves it running, and two timeouts reset the machine")
{
	struct ldm_chrdev_file *f;
	char ko[256];
	uint32_t v;
	dev_t dev;

	tco_boot();
	linux269_build("char/watchdog/i8xx_tco", ko, sizeof(ko));
	linux269_load(ko, NULL);
	linux269_clean(ko);
	ASSERT(ldm_test_log_has("i8xx TCO timer: initialized (0x0460). heartbeat=30 sec"));
	ASSERT_EQ(inb(TCO1_TMR), 50);
	ASSERT_OK(ldm_chrdev_node_lookup("watchdog", &dev, NULL));
	ASSERT_OK(ldm_chrdev_open(dev, O_WRONLY, &f));
	ASSERT_OK(ldm_hw_model_reg_read("tco@460", 0, &v));
	ASSERT_EQ(v, 1);
	ldm_hw_clock_advance(40 * TICK);
	ASSERT_EQ(ldm_chrdev_write(f, "x", 1, NULL), 1);
	ASSERT_EQ(inb(TCO1_RLD), 50);
	ldm_hw_clock_advance(40 * TICK);
	wdog_magic_close_then_unexpected(f, dev, "tco@460", 1000 * TICK);
	ldm_hw_clock_advance(50 * TICK);
	ASSERT_EQ(wdog_stops, 0);
	ldm_hw_clock_advance(50 * TICK);
	ASSERT_EQ(wdog_stops, 1);
	ASSERT_EQ(wdog_notified, 1);
	ASSERT_OK(ldm_delete_module("i8xx_tco", 0));
	wdog_shutdown();
}
