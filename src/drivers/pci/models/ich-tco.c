// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ich-tco.c - the TCO timer of an Intel ICH's LPC bridge (82801AA and its
 * successors), the watchdog behind 2.6.9's drivers/char/watchdog/i8xx_tco.c.
 * The registers sit in the bridge's ACPI I/O space, which its config dword
 * 0x40 (PMBASE) places; the reset it may cause is gated by the NO_REBOOT
 * bit (1) of its config byte 0xd4 (GEN_CNTL).
 *
 *   node:  a child of the LPC function, which is then an "isa" bus:
 *          lpc@1f,0 { compatible = "pci8086,2410", "isa"; ...
 *              #address-cells = <1>; #size-cells = <1>;
 *              ldm,config = <0x40 0x401 0xd4 0x2>;  (PMBASE 0x400, NO_REBOOT)
 *              ldm,config-writable = <0xd4 0x2>;
 *              tco@460 { compatible = "ldm,ich-tco";
 *                        reg = <0x430 4 0x460 0x20>; }; };  (SMI_EN, TCO)
 *
 * The timer counts down TCO1_TMR's ticks of 0.6 s while TCO1_CNT's
 * TCO_TMR_HLT is clear (it is set at reset here, as a BIOS leaves it); a
 * write to TCO1_RLD reloads it. Reaching zero the first time sets TCO1_STS's
 * TIMEOUT and reloads; reaching zero with TIMEOUT still set sets TCO2_STS's
 * SECOND_TO_STS and resets the machine, unless NO_REBOOT is set. So a
 * driver that never clears TIMEOUT (2.6.9's does not) gets two timeouts'
 * grace, as on the chip. It is layer 3 beside the PCI bus it sits on,
 * whose config accessors it reads NO_REBOOT with.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <ldm/of.h>
#include <ldm/pci.h>
#include <libldm/model.h>

#include "../../../hw/model.h"
#include "../../isa/models/wdog.h"

#define TICK_NS 600000000ULL /* 0.6 s */

/* Region 0: SMI_EN, 4 bytes. Region 1: the TCO registers, 32 bytes. */
#define REGION_SMI_EN 0
#define REGION_TCO    1
#define TCO_SIZE      0x20

/* The TCO registers, as offsets in region 1. */
#define TCO1_RLD 0x00
#define TCO1_TMR 0x01
#define TCO1_STS 0x04 /* 16 bits */
#define TCO2_STS 0x06 /* 16 bits */
#define TCO1_CNT 0x08 /* 16 bits */

#define TMR_MASK	  0x3f
#define STS1_TIMEOUT	  0x08 /* TCO1_STS, write 1 to clear */
#define STS2_SECOND_TO	  0x02 /* TCO2_STS, write 1 to clear */
#define STS2_W1C	  0x07 /* TCO2_STS: SECOND_TO, INTRD_DET, BOOT_STS */
#define CNT_HI_TMR_HLT	  0x08 /* TCO1_CNT's high byte: bit 11 */
#define GEN_CNTL	  0xd4
#define GEN_CNTL_NOREBOOT 0x02

/**
 * struct ich_tco - the model's private data
 * @w: armed, pings, resets and the timeout in ticks (wdog.c's), first so
 *	that wdog.c's helpers read it as theirs
 * @smi_en: SMI_EN's four bytes, stored
 * @regs: the TCO registers' bytes (TCO1_RLD's is the count at its last
 *	reload or halt)
 * @due: when an armed timer reaches zero, in ldm_model_now()'s time
 */
struct ich_tco {
	struct isa_wdog w;
	uint8_t smi_en[4];
	uint8_t regs[TCO_SIZE];
	uint64_t due;
};

/* Arm the timer for TCO1_TMR's ticks from now (a reload, or a start). */
static void tco_reload(struct ldm_model *m)
{
	struct ich_tco *t = ldm_model_priv(m);

	t->w.timeout = t->regs[TCO1_TMR] & TMR_MASK;
	t->regs[TCO1_RLD] = (uint8_t)t->w.timeout;
	if (t->regs[TCO1_CNT + 1] & CNT_HI_TMR_HLT)
		return;
	isa_wdog_ping(m);
	t->due = ldm_model_now() + t->w.timeout * TICK_NS;
}

/* TCO1_RLD's value: the ticks left while it counts, else its last count. */
static uint8_t tco_count(struct ldm_model *m)
{
	struct ich_tco *t = ldm_model_priv(m);
	uint64_t now = ldm_model_now();

	if (!t->w.armed)
		return t->regs[TCO1_RLD];
	if (now >= t->due)
		return 0;
	return (uint8_t)((t->due - now + TICK_NS - 1) / TICK_NS);
}

/* The PCI function the model's node is a child of, held; NULL if gone. */
static struct pci_dev *tco_bridge(struct ldm_model *m)
{
	struct pci_dev *pdev = NULL;

	for_each_pci_dev(pdev) if (pdev->dev.of_node == m->np->parent) return pdev;
	return NULL;
}

/* Whether the bridge's GEN_CNTL has NO_REBOOT set (so when it is gone). */
static bool tco_no_reboot(struct ldm_model *m)
{
	struct pci_dev *pdev = tco_bridge(m);
	u8 gen_cntl = GEN_CNTL_NOREBOOT;

	if (pdev) {
		if (pci_read_config_byte(pdev, GEN_CNTL, &gen_cntl))
			gen_cntl = GEN_CNTL_NOREBOOT;
		pci_dev_put(pdev);
	}
	return gen_cntl & GEN_CNTL_NOREBOOT;
}

/* The count reached zero: the first time a TIMEOUT, the second a reset. */
static void tco_timer(struct ldm_model *m)
{
	struct ich_tco *t = ldm_model_priv(m);

	if (!t->w.armed)
		return;
	if (!(t->regs[TCO1_STS] & STS1_TIMEOUT)) {
		t->regs[TCO1_STS] |= STS1_TIMEOUT;
		t->due = ldm_model_now() + t->w.timeout * TICK_NS;
		ldm_model_timer_set(m, t->due);
		return;
	}
	t->regs[TCO2_STS] |= STS2_SECOND_TO;
	if (tco_no_reboot(m)) {
		t->w.armed = false;
		t->regs[TCO1_RLD] = 0;
		ldm_model_err(m,
			      "TCO timer ran out twice, but NO_REBOOT (GEN_CNTL 0x%x bit 1) is "
			      "set: no reset",
			      GEN_CNTL);
		return;
	}
	t->w.armed = false;
	t->w.resets++;
	ldm_model_err(m,
		      "TCO timer ran out twice without a reload (%u ticks of 0.6 s): "
		      "resetting the machine",
		      t->w.timeout);
	ldm_model_machine_reset(m);
}

/* The byte at @off of region @region. */
static uint8_t tco_read_byte(struct ldm_model *m, unsigned int region, unsigned long off)
{
	struct ich_tco *t = ldm_model_priv(m);

	if (region == REGION_SMI_EN)
		return off < sizeof(t->smi_en) ? t->smi_en[off] : 0xff;
	if (off >= TCO_SIZE)
		return 0xff;
	if (off == TCO1_RLD)
		return tco_count(m);
	return t->regs[off];
}

/* Writing TCO1_CNT's high byte: TCO_TMR_HLT halts or starts the count. */
static void tco_write_cnt_hi(struct ldm_model *m, uint8_t v)
{
	struct ich_tco *t = ldm_model_priv(m);
	bool was_halted = t->regs[TCO1_CNT + 1] & CNT_HI_TMR_HLT;

	t->regs[TCO1_CNT + 1] = v;
	if (v & CNT_HI_TMR_HLT) {
		if (!was_halted) {
			t->regs[TCO1_RLD] = tco_count(m);
			isa_wdog_stop(m);
		}
	} else if (was_halted) {
		tco_reload(m);
	}
}

static void tco_write_byte(struct ldm_model *m, unsigned int region, unsigned long off, uint8_t v)
{
	struct ich_tco *t = ldm_model_priv(m);

	if (region == REGION_SMI_EN) {
		if (off < sizeof(t->smi_en))
			t->smi_en[off] = v;
		return;
	}
	switch (off) {
	case TCO1_RLD:
		tco_reload(m);
		return;
	case TCO1_TMR:
		t->regs[TCO1_TMR] = (uint8_t)((t->regs[TCO1_TMR] & ~TMR_MASK) | (v & TMR_MASK));
		return;
	case TCO1_STS:
		t->regs[TCO1_STS] &= (uint8_t) ~(v & STS1_TIMEOUT);
		return;
	case TCO2_STS:
		t->regs[TCO2_STS] &= (uint8_t) ~(v & STS2_W1C);
		return;
	case TCO1_CNT + 1:
		tco_write_cnt_hi(m, v);
		return;
	default:
		if (off < TCO_SIZE && off != TCO1_STS + 1 && off != TCO2_STS + 1)
			t->regs[off] = v;
	}
}

static uint32_t tco_read(struct ldm_model *m, unsigned int region, unsigned long offset,
			 unsigned int width)
{
	uint32_t v = 0;
	unsigned int i;

	for (i = 0; i < width; i++)
		v |= (uint32_t)tco_read_byte(m, region, offset + i) << (8 * i);
	return v;
}

static void tco_write(struct ldm_model *m, unsigned int region, unsigned long offset,
		      unsigned int width, uint32_t value)
{
	unsigned int i;

	for (i = 0; i < width; i++)
		tco_write_byte(m, region, offset + i, (uint8_t)(value >> (8 * i)));
}

static int tco_probe(struct ldm_model *m)
{
	struct ich_tco *t = ldm_model_priv(m);

	if (m->nr_regions != 2 || m->regions[REGION_SMI_EN].len != 4 ||
	    m->regions[REGION_TCO].len != TCO_SIZE) {
		ldm_model_err(m, "an ich-tco has SMI_EN (4 ports) and the TCO registers (32 "
				 "ports), in that order");
		return -EINVAL;
	}
	t->w.unit_ns = TICK_NS;
	t->w.unit = "ticks of 0.6 s";
	t->regs[TCO1_TMR] = 0x04; /* the chip's reset value */
	t->regs[TCO1_RLD] = 0x04;
	t->w.timeout = 0x04;
	t->regs[TCO1_CNT + 1] = CNT_HI_TMR_HLT;
	return 0;
}

static int tco_dump(struct ldm_model *m, char *buf, size_t size)
{
	struct ich_tco *t = ldm_model_priv(m);

	return snprintf(buf, size,
			"%s, timeout %u ticks of 0.6 s, count %u, TIMEOUT %d, SECOND_TO %d, "
			"%lu pings, %lu resets\n",
			t->w.armed ? "armed" : "halted", t->w.timeout, tco_count(m),
			!!(t->regs[TCO1_STS] & STS1_TIMEOUT),
			!!(t->regs[TCO2_STS] & STS2_SECOND_TO), t->w.pings, t->w.resets);
}

const struct ldm_model_type ich_tco_model_type = {
	.compatible = "ldm,ich-tco",
	.priv_size = sizeof(struct ich_tco),
	.probe = tco_probe,
	.read = tco_read,
	.write = tco_write,
	.reg_read = isa_wdog_reg_read,
	.reg_write = isa_wdog_reg_write,
	.timer = tco_timer,
	.dump = tco_dump,
};
