// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * wdt501.c - the model of ICS's WDT500/501-P watchdog card, behind 2.6.9's
 * drivers/char/watchdog/wdt.c: eight ports from io, an 8254's three
 * counters and its control port at io..io+3, the status port at io+4 and
 * the enable port at io+7 (a read disables the card, a write enables it).
 *
 *   node:  watchdog@240 { compatible = "ldm,wdt501";
 *                         reg = <0x240 8>; interrupts = <11>; };  (on "isa")
 *
 * Counter 0 divides the card's clock, 894.8 kHz (wdt.c loads 8948 for
 * 100 Hz); counter 1 counts that many ticks of it, the heartbeat; at its
 * end the card drops the status port's "counter reached" and "IRQ" bits
 * (both active low), raises its line, and pulls the machine's reset if
 * counter 2, the reset pulse's length, is not 0 (wdt.c's stop loads 0).
 *
 * The PCI card (PCI-WDT500/501, behind 2.6.9's wdt_pci.c) is the same
 * logic on sixteen ports of an I/O BAR, with a clock to choose at io+12
 * (a write picks 2.0833 MHz, wdt_pci.c's 20833 for 100 Hz; a read
 * 16.67 MHz), a buzzer at io+6 (a write sounds it, a read silences it;
 * io+4 and io+5 writes start and stop it too), and the opto-isolated
 * outputs' enables at io+13 to io+15 (a write enables, a read disables).
 * Its reset pulse is the card's own: counter 2 is not its length (the
 * driver never loads it but to stop), so the heartbeat's end resets the
 * machine whenever the card is enabled:
 *
 *   node:  bar@2 { compatible = "ldm,pci-wdt501"; reg = <2>; };  (docs/pci.md)
 */
#include <errno.h>
#include <stdio.h>
#include <libldm/model.h>

#include "../../../hw/model.h"

#define WDT501_CLOCK_HZ	   894800ULL
#define WDT501_PCI_SLOW_HZ 2083300ULL
#define WDT501_PCI_FAST_HZ 16670000ULL
#define NS_PER_S	   1000000000ULL

#define WDT501_COUNTERS	   3
#define WDT501_CR	   3
#define WDT501_SR	   4
#define WDT501_RT	   5
#define WDT501_BUZZER	   6
#define WDT501_DC	   7
#define WDT501_CLOCK	   12
#define WDT501_OPTO_NOTRST 13
#define WDT501_PROGOUT	   15

/* Status bits; WCCR and IRQ are active low. */
#define WDT501_SR_WCCR	  0x01
#define WDT501_SR_TGOOD	  0x02
#define WDT501_SR_FANGOOD 0x10
#define WDT501_SR_PSUOVER 0x20
#define WDT501_SR_PSUUNDR 0x40
#define WDT501_SR_IRQ	  0x80
#define WDT501_SR_GOOD \
	(WDT501_SR_WCCR | WDT501_SR_TGOOD | WDT501_SR_FANGOOD | WDT501_SR_PSUOVER | \
	 WDT501_SR_PSUUNDR | WDT501_SR_IRQ)

struct wdt501 {
	uint16_t count[WDT501_COUNTERS];
	bool high_next[WDT501_COUNTERS];
	uint8_t status;
	bool enabled;
	bool pci; /* the PCI card: sixteen ports, its own reset pulse */
	bool buzzer;
	uint64_t clock_hz;
	uint8_t outputs; /* the PCI card's io+13..15 enables, bits 0-2 */
	unsigned long enables;
	unsigned long resets;
};

/* The heartbeat: counter 1's ticks of counter 0's output (a count of 0 is 65536). */
static uint64_t wdt501_timeout_ns(const struct wdt501 *w)
{
	uint64_t c0 = w->count[0] ? w->count[0] : 65536;
	uint64_t c1 = w->count[1] ? w->count[1] : 65536;

	return c1 * c0 * NS_PER_S / w->clock_hz;
}

static void wdt501_arm(struct ldm_model *m, struct wdt501 *w)
{
	ldm_model_timer_set(m, ldm_model_now() + wdt501_timeout_ns(w));
}

/* A new clock re-times a running heartbeat from now. */
static void wdt501_set_clock(struct ldm_model *m, struct wdt501 *w, uint64_t hz)
{
	w->clock_hz = hz;
	if (w->enabled)
		wdt501_arm(m, w);
}

/* The PCI card's ports past the ISA card's eight, read: 0xff, or 0. */
static uint32_t wdt501_pci_read(struct ldm_model *m, struct wdt501 *w, unsigned long offset)
{
	switch (offset) {
	case WDT501_BUZZER:
		w->buzzer = false;
		return 0xff;
	case WDT501_CLOCK:
		wdt501_set_clock(m, w, WDT501_PCI_FAST_HZ);
		return 0xff;
	case WDT501_OPTO_NOTRST ... WDT501_PROGOUT:
		w->outputs &= (uint8_t) ~(1u << (offset - WDT501_OPTO_NOTRST));
		return 0xff;
	default:
		return 0;
	}
}

static uint32_t wdt501_read(struct ldm_model *m, unsigned int region, unsigned long offset,
			    unsigned int width)
{
	struct wdt501 *w = ldm_model_priv(m);

	(void)region;
	(void)width;
	switch (offset) {
	case WDT501_SR:
		ldm_model_irq_lower(m, 0);
		return w->status;
	case WDT501_DC:
		w->enabled = false;
		ldm_model_timer_cancel(m);
		return 0xff;
	default:
		return w->pci ? wdt501_pci_read(m, w, offset) : 0;
	}
}

/* The PCI card's ports past the ISA card's eight, and its buzzer. */
static void wdt501_pci_write(struct ldm_model *m, struct wdt501 *w, unsigned long offset)
{
	switch (offset) {
	case WDT501_SR:
	case WDT501_BUZZER:
		w->buzzer = true;
		break;
	case WDT501_RT:
		w->buzzer = false;
		break;
	case WDT501_CLOCK:
		wdt501_set_clock(m, w, WDT501_PCI_SLOW_HZ);
		break;
	case WDT501_OPTO_NOTRST ... WDT501_PROGOUT:
		w->outputs |= (uint8_t)(1u << (offset - WDT501_OPTO_NOTRST));
		break;
	default:
		break;
	}
}

/* A control word: counter in bits 7-6, access in 5-4 (3: low byte, then high). */
static void wdt501_control(struct wdt501 *w, uint32_t value)
{
	unsigned int ctr = (value >> 6) & 3;

	if (ctr < WDT501_COUNTERS)
		w->high_next[ctr] = false;
}

static void wdt501_write(struct ldm_model *m, unsigned int region, unsigned long offset,
			 unsigned int width, uint32_t value)
{
	struct wdt501 *w = ldm_model_priv(m);

	(void)region;
	(void)width;
	if (offset < WDT501_COUNTERS) {
		if (w->high_next[offset])
			w->count[offset] =
				(uint16_t)((w->count[offset] & 0xff) | (value & 0xff) << 8);
		else
			w->count[offset] = (uint16_t)((w->count[offset] & 0xff00) | (value & 0xff));
		w->high_next[offset] = !w->high_next[offset];
		if (offset == 1 && !w->high_next[1] && w->enabled)
			wdt501_arm(m, w);
		return;
	}
	if (offset == WDT501_CR) {
		wdt501_control(w, value);
		return;
	}
	if (w->pci)
		wdt501_pci_write(m, w, offset);
	if (offset == WDT501_DC) {
		w->enabled = true;
		w->enables++;
		w->status = WDT501_SR_GOOD;
		ldm_model_irq_lower(m, 0);
		wdt501_arm(m, w);
	}
}

static void wdt501_timer(struct ldm_model *m)
{
	struct wdt501 *w = ldm_model_priv(m);

	if (!w->enabled)
		return;
	w->enabled = false;
	w->status &= (uint8_t) ~(WDT501_SR_WCCR | WDT501_SR_IRQ);
	ldm_model_irq_raise(m, 0);
	if (!w->count[2] && !w->pci)
		return;
	w->resets++;
	ldm_model_err(m, "watchdog not pinged within %llu ms: resetting the machine",
		      (unsigned long long)(wdt501_timeout_ns(w) / 1000000));
	ldm_model_machine_reset(m);
}

/*
 * Registers: 0 enabled (0 or 1), 1 the status port, 2 resets, 3 the
 * heartbeat in ms, 4-6 counters 0-2's counts, 7 enables.
 */
static int wdt501_reg_read(struct ldm_model *m, unsigned int reg, uint32_t *value)
{
	struct wdt501 *w = ldm_model_priv(m);

	switch (reg) {
	case 0:
		*value = w->enabled;
		return 0;
	case 1:
		*value = w->status;
		return 0;
	case 2:
		*value = (uint32_t)w->resets;
		return 0;
	case 3:
		*value = (uint32_t)(wdt501_timeout_ns(w) / 1000000);
		return 0;
	case 4:
	case 5:
	case 6:
		*value = w->count[reg - 4];
		return 0;
	case 7:
		*value = (uint32_t)w->enables;
		return 0;
	default:
		return -ENOENT;
	}
}

static int wdt501_reg_write(struct ldm_model *m, unsigned int reg, uint32_t value)
{
	(void)m;
	(void)value;
	return reg <= 7 ? -EROFS : -ENOENT;
}

static int wdt501_dump(struct ldm_model *m, char *buf, size_t size)
{
	struct wdt501 *w = ldm_model_priv(m);
	int n;

	n = snprintf(buf, size,
		     "%s, heartbeat %llu ms, counters %u %u %u, status 0x%02x, %lu resets\n",
		     w->enabled ? "enabled" : "disabled",
		     (unsigned long long)(wdt501_timeout_ns(w) / 1000000), w->count[0], w->count[1],
		     w->count[2], w->status, w->resets);
	if (w->pci && n >= 0)
		n += snprintf((size_t)n < size ? buf + n : NULL,
			      (size_t)n < size ? size - (size_t)n : 0,
			      "clock %llu Hz, buzzer %s, outputs 0x%x\n",
			      (unsigned long long)w->clock_hz, w->buzzer ? "on" : "off",
			      w->outputs);
	return n;
}

static int wdt501_probe(struct ldm_model *m)
{
	struct wdt501 *w = ldm_model_priv(m);

	if (m->nr_regions != 1 || m->regions[0].len != 8 || m->nr_irqs != 1) {
		ldm_model_err(m, "a wdt501 has eight ports and one interrupt line");
		return -EINVAL;
	}
	w->status = WDT501_SR_GOOD;
	w->clock_hz = WDT501_CLOCK_HZ;
	return 0;
}

static int pci_wdt501_probe(struct ldm_model *m)
{
	struct wdt501 *w = ldm_model_priv(m);

	if (m->nr_regions != 1 || m->regions[0].space != LDM_HW_PORT || m->regions[0].len != 16 ||
	    m->nr_irqs != 1) {
		ldm_model_err(m, "a PCI wdt501 has an I/O BAR of sixteen ports and one "
				 "interrupt line");
		return -EINVAL;
	}
	w->status = WDT501_SR_GOOD;
	w->clock_hz = WDT501_PCI_SLOW_HZ;
	w->pci = true;
	return 0;
}

/* The ISA and PCI cards differ in their probe only. */
#define WDT501_MODEL_TYPE(_compatible, _probe) \
	{ \
		.compatible = _compatible, .priv_size = sizeof(struct wdt501), .probe = _probe, \
		.read = wdt501_read, .write = wdt501_write, .reg_read = wdt501_reg_read, \
		.reg_write = wdt501_reg_write, .timer = wdt501_timer, .dump = wdt501_dump, \
	}

const struct ldm_model_type wdt501_model_type = WDT501_MODEL_TYPE("ldm,wdt501", wdt501_probe);
const struct ldm_model_type pci_wdt501_model_type =
	WDT501_MODEL_TYPE("ldm,pci-wdt501", pci_wdt501_probe);
