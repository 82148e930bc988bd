// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-ipmi-kcs.c - the BMC behind a KCS interface (ldm,ipmi-kcs): the
 * test plays the host side of the IPMI specification's KCS flow chart over
 * MMIO (registers 4 bytes apart) and asserts on the bytes of the answers
 * (Get Device ID from the board's properties, an unknown command's 0xc1,
 * the abort sequence), on the interrupt raised while OBF is set once the
 * driver enables it, and on bad nodes refused; then 2.6.9's ipmi_si,
 * unchanged, finds the BMC at the KCS default port 0xca2 with an
 * interrupt, when $LDM_LINUX_2_6_9 names a tree.
 */
#include <ldm/interrupt.h>
#include <ldm/io.h>
#include <ldm/ldm.h>

#include "../modules/modtest.h"
#include "../hw/hw-board.h"
#include "../hw/linux269.h"

#define KCS_PHYS 0xfed40000UL

static const char kcs_board[] =
	"/dts-v1/;\n"
	"/ { #address-cells = <1>; #size-cells = <1>;\n"
	"  kcs@fed40000 { compatible = \"ldm,ipmi-kcs\"; reg = <0xfed40000 8>;\n"
	"    interrupts = <7>; ldm,reg-spacing = <4>; ldm,device-id = <0x20>;\n"
	"    ldm,firmware = <1 0x23>; ldm,manufacturer-id = <0xb17e>;\n"
	"    ldm,product-id = <0x0102>; }; };\n";

static u8 __iomem *regs;
static int interrupts;

static irqreturn_t kcs_irq(int irq, void *dev_id, struct pt_regs *r)
{
	(void)irq;
	(void)dev_id;
	(void)r;
	interrupts++;
	return IRQ_HANDLED;
}

static u8 status(void)
{
	return readb(regs + 4);
}

static void kcs_boot(void)
{
	ASSERT_OK(hw_board_load(kcs_board));
	regs = ioremap(KCS_PHYS, 8);
	ASSERT(regs);
	ASSERT_OK(request_irq(7, kcs_irq, 0, "kcs-test", &regs));
}

static void kcs_down(void)
{
	free_irq(7, &regs);
	iounmap(regs);
	ldm_board_unload();
}

/*
 * One transaction as the KCS flow chart has the host run it: WRITE_START,
 * the bytes with WRITE_END before the last, then a READ per byte until the
 * BMC is idle. The answer's length; the state is checked at each step.
 */
static unsigned int kcs_transact(const u8 *req, unsigned int n, u8 *resp, unsigned int size)
{
	unsigned int i, len = 0;

	ASSERT_EQ(status() >> 6, 0); /* idle */
	writeb(0x61, regs + 4);
	ASSERT_EQ(status() >> 6, 2); /* write */
	for (i = 0; i < n; i++) {
		if (i == n - 1)
			writeb(0x62, regs + 4);
		ASSERT_EQ(status() & 0x02, 0); /* never busy */
		writeb(req[i], regs);
	}
	for (;;) {
		u8 st = status();

		ASSERT(st & 0x01); /* OBF */
		if (st >> 6 == 0)
			break;
		ASSERT_EQ(st >> 6, 1); /* read */
		ASSERT(len < size);
		resp[len++] = readb(regs);
		writeb(0x68, regs);
	}
	(void)readb(regs); /* the dummy byte */
	ASSERT_EQ(status() & 0x01, 0);
	return len;
}

DEFINE_TEST(test_ipmi_kcs_get_device_id,
	    .description = "over MMIO, 4 bytes apart, Get Device ID is answered from the board "
			   "(device 0x20, firmware 1.23, IPMI 2.0, manufacturer 0xb17e, product "
			   "0x0102), Get Self Test with 0x55, an unknown command with 0xc1, and "
			   "the chassis is on")
{
	static const u8 id_req[] = { 0x06 << 2, 0x01 };
	static const u8 id_resp[] = { 0x07 << 2, 0x01, 0x00, 0x20, 0x01, 0x01, 0x23,
				      0x02,	 0x00, 0x7e, 0xb1, 0x00, 0x02, 0x01 };
	static const u8 bad_req[] = { 0x06 << 2, 0x77, 0x01 };
	static const u8 chassis_req[] = { 0x00, 0x01 };
	u8 resp[64];
	uint32_t v;

	kcs_boot();
	ASSERT_EQ(kcs_transact(id_req, sizeof(id_req), resp, sizeof(resp)), sizeof(id_resp));
	ASSERT(!memcmp(resp, id_resp, sizeof(id_resp)));
	ASSERT_EQ(kcs_transact((const u8[]){ 0x06 << 2, 0x04 }, 2, resp, sizeof(resp)), 5);
	ASSERT_EQ(resp[2], 0x00);
	ASSERT_EQ(resp[3], 0x55);
	ASSERT_EQ(kcs_transact(bad_req, sizeof(bad_req), resp, sizeof(resp)), 3);
	ASSERT_EQ(resp[1], 0x77);
	ASSERT_EQ(resp[2], 0xc1);
	ASSERT_EQ(kcs_transact(chassis_req, sizeof(chassis_req), resp, sizeof(resp)), 6);
	ASSERT_EQ(resp[0], 0x01 << 2);
	ASSERT_EQ(resp[3] & 0x01, 0x01);
	ASSERT_OK(ldm_hw_model_reg_read("kcs@fed40000", 1, &v));
	ASSERT_EQ(v, 4);
	ASSERT_EQ(interrupts, 0); /* not enabled */
	kcs_down();
}

DEFINE_TEST(test_ipmi_kcs_interrupt_and_abort,
	    .description = "Set BMC Global Enables bit 0 makes the BMC raise its line while OBF "
			   "is set, once per byte offered; GET_STATUS/ABORT in the middle of a "
			   "write ends in the read state with the status byte, then idle")
{
	static const u8 enable[] = { 0x06 << 2, 0x2e, 0x01 };
	static const u8 get[] = { 0x06 << 2, 0x2f };
	u8 resp[16];
	uint32_t v;

	kcs_boot();
	ASSERT_EQ(kcs_transact(enable, sizeof(enable), resp, sizeof(resp)), 3);
	ASSERT_EQ(resp[2], 0x00);
	ASSERT_EQ(interrupts, 4); /* its three bytes and the dummy, once enabled */
	ASSERT_EQ(kcs_transact(get, sizeof(get), resp, sizeof(resp)), 4);
	ASSERT_EQ(resp[3], 0x01);
	ASSERT_EQ(interrupts, 4 + 5);

	writeb(0x61, regs + 4);
	writeb(0x06 << 2, regs);
	writeb(0x60, regs + 4); /* abort */
	ASSERT_EQ(status() >> 6, 2);
	writeb(0x00, regs);
	ASSERT_EQ(status() >> 6, 1);
	ASSERT(status() & 0x01);
	ASSERT_EQ(readb(regs), 0x01);
	writeb(0x68, regs);
	ASSERT_EQ(status() >> 6, 0);
	(void)readb(regs);
	ASSERT_OK(ldm_hw_model_reg_read("kcs@fed40000", 2, &v));
	ASSERT_EQ(v, 1);
	writeb(0x68, regs); /* a READ while idle: the error state */
	ASSERT_EQ(status() >> 6, 3);
	kcs_down();
}

DEFINE_TEST(test_ipmi_kcs_bad_nodes,
	    .description = "a KCS node whose region cannot hold its two registers, or whose "
			   "ldm,reg-spacing is 0, is left out naming the node: no model answers "
			   "its addresses")
{
	ASSERT_OK(hw_board_load("/dts-v1/;\n/ { #address-cells = <1>; #size-cells = <1>;\n"
				"  kcs@fed40000 { compatible = \"ldm,ipmi-kcs\"; "
				"reg = <0xfed40000 4>; ldm,reg-spacing = <4>; }; };\n"));
	ASSERT(ldm_test_log_has("/kcs@fed40000: an ipmi-kcs has one region of its two registers: "
				"at least 8 bytes with ldm,reg-spacing 4"));
	ASSERT_EQ(ldm_hw_owner(LDM_HW_MMIO, 0xfed40000, NULL, 0), -ENOENT);
	ldm_board_unload();
	ASSERT_OK(hw_board_load("/dts-v1/;\n/ { #address-cells = <1>; #size-cells = <1>;\n"
				"  kcs@fed40000 { compatible = \"ldm,ipmi-kcs\"; "
				"reg = <0xfed40000 8>; ldm,reg-spacing = <0>; }; };\n"));
	ASSERT(ldm_test_log_has("/kcs@fed40000: ldm,reg-spacing must be 1 to 16 bytes"));
	ASSERT_EQ(ldm_hw_owner(LDM_HW_MMIO, 0xfed40000, NULL, 0), -ENOENT);
	ldm_board_unload();
}

static const char kcs_isa_board[] =
	"/dts-v1/;\n"
	"/ { isa { compatible = \"isa\"; #address-cells = <1>; #size-cells = <1>;\n"
	"  kcs@ca2 { compatible = \"ldm,ipmi-kcs\"; reg = <0xca2 2>; interrupts = <5>;\n"
	"    ldm,device-id = <0x20>; }; }; };\n";

DEFINE_TEST(test_ipmi_kcs_269_ipmi_si_finds_the_bmc,
	    .description = "2.6.9's ipmi_si, unchanged, probes the KCS default port 0xca2, gets "
			   "the BMC's device id, enables its interrupt through the global enables "
			   "and takes interrupts on line 5")
{
	const char *si_parts[] = { "ipmi_si_intf", "ipmi_kcs_sm", "ipmi_smic_sm", "ipmi_bt_sm",
				   NULL };
	char handler[256], si[256];
	uint32_t v;

	linux269_build("char/ipmi/ipmi_msghandler", handler, sizeof(handler));
	linux269_build_objs("char/ipmi", "ipmi_si", si_parts, si, sizeof(si));
	ASSERT_OK(hw_board_load(kcs_isa_board));
	linux269_load(handler, NULL);
	linux269_load(si, "irqs=5");
	ASSERT(ldm_test_log_has("ipmi_si: Trying \"kcs\" at I/O port 0xca2"));
	ASSERT(ldm_test_log_has("IPMI kcs interface initialized"));
	ASSERT_OK(ldm_hw_model_reg_read("kcs@ca2", 3, &v));
	ASSERT_EQ(v & 0x01, 0x01);
	ASSERT_OK(ldm_hw_model_reg_read("kcs@ca2", 1, &v));
	ASSERT(v >= 3); /* Get Device ID, then the enables' get and set */
	ASSERT_OK(ldm_delete_module("ipmi_si", 0));
	ASSERT_OK(ldm_delete_module("ipmi_msghandler", 0));
	ldm_board_unload();
	linux269_clean(handler);
	linux269_clean(si);
}
