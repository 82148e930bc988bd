// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mc146818.c - the model of the PC's CMOS clock and NVRAM, a Motorola
 * MC146818 (the chip behind 2.6.9's drivers/char/rtc.c and nvram.c): an
 * index port and a data port, 128 bytes of which 0-13 are the clock.
 *
 *   node:  rtc@70 { compatible = "ldm,mc146818"; reg = <0x70 2>;
 *                   interrupts = <8>; ldm,time = <1098138367>;
 *                   ldm,nvram = [de ad be ef]; };  (on an "isa" bus)
 *
 * The time runs on the models' clock (clock.c) from ldm,time (seconds
 * since 1970, UTC; the host's time without it), in BCD or binary and in 24
 * or 12 hours as register B says, with update-in-progress the last 244 us
 * of each second, the alarm, update and periodic interrupts on the line,
 * and ldm,nvram in bytes 14 onwards.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <libldm/model.h>

#include "../../../hw/model.h"

#define NS_PER_SEC 1000000000ULL
#define UIP_NS	   244000ULL /* update-in-progress: before each update */

enum { SEC = 0, SEC_ALARM, MIN, MIN_ALARM, HOUR, HOUR_ALARM, WDAY, MDAY, MONTH, YEAR };
enum { REG_A = 10, REG_B, REG_C, REG_D, NVRAM_FIRST };

#define A_UIP  0x80
#define A_DV   0x70
#define A_RS   0x0f
#define B_SET  0x80
#define B_PIE  0x40
#define B_AIE  0x20
#define B_UIE  0x10
#define B_DM   0x04 /* binary, not BCD */
#define B_2412 0x02 /* 24 hours */
#define C_IRQF 0x80
#define C_PF   0x40
#define C_AF   0x20
#define C_UF   0x10
#define D_VRT  0x80

struct mc146818 {
	uint8_t ram[128];
	uint8_t index;	  /* what the driver last wrote to the index port */
	int64_t t0;	  /* the time, seconds since 1970, at ns0 ... */
	uint64_t ns0;	  /* ... on the models' clock: updates fall at ns0 + k s */
	struct tm held;	  /* the time while SET holds the updates */
	uint64_t next_up; /* the next update, when update or alarm interrupts are on */
	uint64_t next_pi; /* the next periodic interrupt, when they are on */
};

static uint8_t to_bcd(unsigned int v)
{
	return (uint8_t)((v / 10) << 4 | (v % 10));
}

static unsigned int from_bcd(uint8_t v)
{
	return (v >> 4) * 10 + (v & 0x0f);
}

static bool running(const struct mc146818 *c)
{
	return !(c->ram[REG_B] & B_SET) && (c->ram[REG_A] & A_DV) == 0x20;
}

/* The time now, broken down (UTC). */
static void time_now(const struct mc146818 *c, uint64_t now, struct tm *tm)
{
	time_t t;

	if (!running(c)) {
		*tm = c->held;
		return;
	}
	t = (time_t)(c->t0 + (int64_t)((now - c->ns0) / NS_PER_SEC));
	gmtime_r(&t, tm);
}

static uint8_t encode(const struct mc146818 *c, unsigned int v)
{
	return c->ram[REG_B] & B_DM ? (uint8_t)v : to_bcd(v);
}

static unsigned int decode(const struct mc146818 *c, uint8_t v)
{
	return c->ram[REG_B] & B_DM ? v : from_bcd(v);
}

static uint8_t encode_hour(const struct mc146818 *c, int h)
{
	if (c->ram[REG_B] & B_2412)
		return encode(c, (unsigned int)h);
	return (uint8_t)(encode(c, h % 12 ? (unsigned int)(h % 12) : 12U) | (h >= 12 ? 0x80 : 0));
}

static int decode_hour(const struct mc146818 *c, uint8_t v)
{
	if (c->ram[REG_B] & B_2412)
		return (int)decode(c, v);
	return (int)(decode(c, v & 0x7f) % 12) + (v & 0x80 ? 12 : 0);
}

/* Clock register @reg (0-9 but the alarms) of @tm, as the chip shows it. */
static uint8_t time_reg(const struct mc146818 *c, const struct tm *tm, unsigned int reg)
{
	switch (reg) {
	case SEC:
		return encode(c, (unsigned int)tm->tm_sec);
	case MIN:
		return encode(c, (unsigned int)tm->tm_min);
	case HOUR:
		return encode_hour(c, tm->tm_hour);
	case WDAY:
		return encode(c, (unsigned int)tm->tm_wday + 1);
	case MDAY:
		return encode(c, (unsigned int)tm->tm_mday);
	case MONTH:
		return encode(c, (unsigned int)tm->tm_mon + 1);
	default:
		return encode(c, (unsigned int)(tm->tm_year % 100));
	}
}

/* Put @v, written to clock register @reg, in @tm. */
static void set_time_reg(const struct mc146818 *c, struct tm *tm, unsigned int reg, uint8_t v)
{
	switch (reg) {
	case SEC:
		tm->tm_sec = (int)decode(c, v);
		break;
	case MIN:
		tm->tm_min = (int)decode(c, v);
		break;
	case HOUR:
		tm->tm_hour = decode_hour(c, v);
		break;
	case WDAY:
		tm->tm_wday = (int)decode(c, v) - 1;
		break;
	case MDAY:
		tm->tm_mday = (int)decode(c, v);
		break;
	case MONTH:
		tm->tm_mon = (int)decode(c, v) - 1;
		break;
	default: /* years 70-99 are 19xx, 0-69 20xx, as rtc.c reads them */
		tm->tm_year = (int)decode(c, v);
		if (tm->tm_year < 70)
			tm->tm_year += 100;
		break;
	}
}

/* The time in @tm from now on, keeping the phase of the second. */
static void start_at(struct mc146818 *c, struct tm *tm, uint64_t now, bool restart)
{
	c->t0 = (int64_t)timegm(tm);
	c->ns0 = restart ? now : now - (now - c->ns0) % NS_PER_SEC;
}

static uint64_t period_ns(const struct mc146818 *c)
{
	unsigned int rs = c->ram[REG_A] & A_RS;

	if (!rs)
		return 0;
	if (rs < 3)
		rs += 7;
	return NS_PER_SEC / (65536U >> rs);
}

static bool alarm_matches(const struct mc146818 *c, const struct tm *tm)
{
	static const unsigned int regs[] = { SEC, MIN, HOUR };
	unsigned int i;
	uint8_t a;

	for (i = 0; i < 3; i++) {
		a = c->ram[regs[i] + 1];
		if (a < 0xc0 && a != time_reg(c, tm, regs[i]))
			return false;
	}
	return true;
}

/* The interrupt flags: IRQF and the line follow C & B. */
static void update_irq(struct ldm_model *m, struct mc146818 *c)
{
	if (c->ram[REG_C] & c->ram[REG_B] & (C_PF | C_AF | C_UF)) {
		c->ram[REG_C] |= C_IRQF;
		ldm_model_irq_raise(m, 0);
	}
}

/* What happened up to @now: updates (and alarms), periodic ticks. */
static void catch_up(struct mc146818 *c, uint64_t now)
{
	uint64_t period = period_ns(c);
	struct tm tm;
	time_t t;

	if (c->next_up && running(c)) {
		for (; c->next_up <= now; c->next_up += NS_PER_SEC) {
			c->ram[REG_C] |= C_UF;
			t = (time_t)(c->t0 + (int64_t)((c->next_up - c->ns0) / NS_PER_SEC));
			gmtime_r(&t, &tm);
			if (alarm_matches(c, &tm))
				c->ram[REG_C] |= C_AF;
		}
	}
	if (c->next_pi && period && c->next_pi <= now) {
		c->ram[REG_C] |= C_PF;
		c->next_pi += period * (1 + (now - c->next_pi) / period);
	}
}

/* Set the timer for the next event the driver asked interrupts of. */
static void schedule(struct ldm_model *m, struct mc146818 *c, uint64_t now)
{
	uint64_t period = period_ns(c), due = 0;

	if (running(c) && (c->ram[REG_B] & (B_UIE | B_AIE))) {
		if (!c->next_up)
			c->next_up = c->ns0 + ((now - c->ns0) / NS_PER_SEC + 1) * NS_PER_SEC;
		due = c->next_up;
	} else {
		c->next_up = 0;
	}
	if ((c->ram[REG_B] & B_PIE) && period) {
		if (!c->next_pi)
			c->next_pi = now + period;
		if (!due || c->next_pi < due)
			due = c->next_pi;
	} else {
		c->next_pi = 0;
	}
	if (due)
		ldm_model_timer_set(m, due);
	else
		ldm_model_timer_cancel(m);
}

static uint8_t reg_get(struct mc146818 *c, unsigned int reg, uint64_t now)
{
	struct tm tm;

	if (reg == REG_A) {
		bool uip = running(c) && (now - c->ns0) % NS_PER_SEC >= NS_PER_SEC - UIP_NS;

		return (uint8_t)((c->ram[REG_A] & ~A_UIP) | (uip ? A_UIP : 0));
	}
	if (reg > YEAR || reg == SEC_ALARM || reg == MIN_ALARM || reg == HOUR_ALARM)
		return c->ram[reg];
	time_now(c, now, &tm);
	return time_reg(c, &tm, reg);
}

static void reg_set(struct ldm_model *m, struct mc146818 *c, unsigned int reg, uint8_t v,
		    uint64_t now)
{
	struct tm tm;
	uint8_t old;

	catch_up(c, now);
	if (reg <= YEAR && reg != SEC_ALARM && reg != MIN_ALARM && reg != HOUR_ALARM) {
		time_now(c, now, &tm);
		set_time_reg(c, &tm, reg, v);
		if (running(c))
			start_at(c, &tm, now, false);
		else
			c->held = tm;
	} else if (reg == REG_B) {
		old = c->ram[REG_B];
		if (!(old & B_SET) && (v & B_SET))
			time_now(c, now, &c->held);
		if (v & B_SET)
			v &= (uint8_t)~B_UIE; /* as the chip does */
		c->ram[REG_B] = v;
		if ((old & B_SET) && !(v & B_SET) && running(c))
			start_at(c, &c->held, now, true);
	} else if (reg == REG_A) {
		bool was = running(c);

		if (was && (v & A_DV) != 0x20)
			time_now(c, now, &c->held);
		c->ram[REG_A] = v & (uint8_t)~A_UIP;
		if (!was && running(c))
			start_at(c, &c->held, now, true);
		c->next_pi = 0;
	} else if (reg != REG_C && reg != REG_D) {
		c->ram[reg] = v;
	}
	c->next_up = 0;
	update_irq(m, c);
	schedule(m, c, now);
}

static uint8_t read_data(struct ldm_model *m, struct mc146818 *c)
{
	unsigned int reg = c->index & 0x7f;
	uint64_t now = ldm_model_now();
	uint8_t v;

	if (reg != REG_C)
		return reg_get(c, reg, now);
	catch_up(c, now);
	v = c->ram[REG_C];
	c->ram[REG_C] = 0;
	ldm_model_irq_lower(m, 0);
	schedule(m, c, now);
	return v;
}

static uint32_t mc146818_read(struct ldm_model *m, unsigned int region, unsigned long offset,
			      unsigned int width)
{
	struct mc146818 *c = ldm_model_priv(m);

	(void)region;
	(void)width;
	return offset ? read_data(m, c) : 0xff; /* the index port reads back nothing */
}

static void mc146818_write(struct ldm_model *m, unsigned int region, unsigned long offset,
			   unsigned int width, uint32_t value)
{
	struct mc146818 *c = ldm_model_priv(m);

	(void)region;
	(void)width;
	if (!offset)
		c->index = (uint8_t)value; /* bit 7 masks NMI on a PC: kept, unused */
	else
		reg_set(m, c, c->index & 0x7f, (uint8_t)value, ldm_model_now());
}

static void mc146818_timer(struct ldm_model *m)
{
	struct mc146818 *c = ldm_model_priv(m);
	uint64_t now = ldm_model_now();

	catch_up(c, now);
	update_irq(m, c);
	schedule(m, c, now);
}

static int mc146818_reg_read(struct ldm_model *m, unsigned int reg, uint32_t *value)
{
	struct mc146818 *c = ldm_model_priv(m);

	if (reg > 127)
		return -ENOENT;
	*value = reg_get(c, reg, ldm_model_now());
	return 0;
}

static int mc146818_reg_write(struct ldm_model *m, unsigned int reg, uint32_t value)
{
	struct mc146818 *c = ldm_model_priv(m);

	if (reg > 127)
		return -ENOENT;
	if (value > 0xff)
		return -EINVAL;
	if (reg == REG_C || reg == REG_D)
		return -EROFS;
	reg_set(m, c, reg, (uint8_t)value, ldm_model_now());
	return 0;
}

static int mc146818_dump(struct ldm_model *m, char *buf, size_t size)
{
	struct mc146818 *c = ldm_model_priv(m);
	uint64_t now = ldm_model_now();
	size_t n = 0;
	char when[32];
	struct tm tm;
	int k, i;

	time_now(c, now, &tm);
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", &tm);
	k = snprintf(buf, size,
		     "time %s UTC (%s, %s, %s)\n"
		     "A 0x%02x B 0x%02x C 0x%02x D 0x%02x index 0x%02x\n"
		     "alarm %02x:%02x:%02x\nnvram",
		     when, running(c) ? "running" : "held", c->ram[REG_B] & B_DM ? "binary" : "BCD",
		     c->ram[REG_B] & B_2412 ? "24h" : "12h", reg_get(c, REG_A, now), c->ram[REG_B],
		     c->ram[REG_C], c->ram[REG_D], c->index, c->ram[HOUR_ALARM], c->ram[MIN_ALARM],
		     c->ram[SEC_ALARM]);
	n = k > 0 ? (size_t)k : 0;
	for (i = NVRAM_FIRST; i < 128; i++) {
		k = snprintf(buf + (n < size ? n : size), n < size ? size - n : 0, "%s%02x",
			     (i - NVRAM_FIRST) % 16 ? " " : "\n  ", c->ram[i]);
		n += k > 0 ? (size_t)k : 0;
	}
	k = snprintf(buf + (n < size ? n : size), n < size ? size - n : 0, "\n");
	return (int)(n + (size_t)(k > 0 ? k : 0));
}

static int mc146818_probe(struct ldm_model *m)
{
	struct mc146818 *c = ldm_model_priv(m);
	const void *nvram;
	uint32_t t32;
	time_t t;
	size_t len;
	int err;

	if (m->nr_regions != 1 || m->regions[0].len != 2) {
		ldm_model_err(m, "an mc146818 has one reg entry of 2 ports (index, data)");
		return -EINVAL;
	}
	if (m->nr_irqs > 1) {
		ldm_model_err(m, "an mc146818 has one interrupt line");
		return -EINVAL;
	}
	err = ldm_model_prop_u32(m, "ldm,time", &t32);
	if (err == -EOVERFLOW) {
		ldm_model_err(m, "ldm,time is one cell: seconds since 1970, UTC");
		return -EINVAL;
	}
	t = err ? time(NULL) : (time_t)t32;
	nvram = ldm_model_prop(m, "ldm,nvram", &len);
	if (nvram && len > 128 - NVRAM_FIRST) {
		ldm_model_err(m, "ldm,nvram is %zu bytes: the NVRAM holds %d", len,
			      128 - NVRAM_FIRST);
		return -EINVAL;
	}
	if (nvram)
		memcpy(c->ram + NVRAM_FIRST, nvram, len);
	c->ram[REG_A] = 0x26; /* 32.768 kHz, 1024 Hz periodic rate */
	c->ram[REG_B] = B_2412;
	c->ram[REG_D] = D_VRT;
	c->t0 = (int64_t)t;
	c->ns0 = ldm_model_now();
	return 0;
}

static void mc146818_remove(struct ldm_model *m)
{
	ldm_model_timer_cancel(m);
}

const struct ldm_model_type mc146818_model_type = {
	.compatible = "ldm,mc146818",
	.priv_size = sizeof(struct mc146818),
	.probe = mc146818_probe,
	.remove = mc146818_remove,
	.read = mc146818_read,
	.write = mc146818_write,
	.reg_read = mc146818_reg_read,
	.reg_write = mc146818_reg_write,
	.timer = mc146818_timer,
	.dump = mc146818_dump,
};
