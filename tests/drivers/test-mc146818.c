// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-mc146818.c - the CMOS clock and NVRAM model (ldm,mc146818) through
 * its ports, as rtc.c and nvram.c reach it with CMOS_READ and CMOS_WRITE:
 * the time in BCD and binary, 24 and 12 hours, SET, update-in-progress,
 * the alarm, update and periodic interrupts on line 8, the NVRAM bytes of
 * the board. The models' clock is the manual one: time moves only when
 * the test moves it, and the interrupts run in the test's thread.
 */
#include <ldm/ldm.h>

#include "../hw/hw-board.h"

#define NS 1000000000ULL

/* 2004-10-18 22:26:07 UTC, a Monday. */
static const char cmos_board[] = "/dts-v1/;\n"
				 "/ { isa { compatible = \"isa\"; #address-cells = <1>; "
				 "#size-cells = <1>;\n"
				 "  rtc@70 { compatible = \"ldm,mc146818\"; reg = <0x70 2>;\n"
				 "    interrupts = <8>; ldm,time = <1098138367>;\n"
				 "    ldm,nvram = [4c 44 4d 21]; }; }; };\n";

static void cmos_boot(void)
{
	ldm_hw_clock_manual(true);
	ASSERT_OK(hw_board_load(cmos_board));
}

static unsigned char cmos(unsigned char reg)
{
	unsigned long flags;
	unsigned char v;

	spin_lock_irqsave(&rtc_lock, flags);
	v = CMOS_READ(reg);
	spin_unlock_irqrestore(&rtc_lock, flags);
	return v;
}

static void cmos_set(unsigned char reg, unsigned char v)
{
	unsigned long flags;

	spin_lock_irqsave(&rtc_lock, flags);
	CMOS_WRITE(v, reg);
	spin_unlock_irqrestore(&rtc_lock, flags);
}

DEFINE_TEST(test_mc146818_time_in_bcd_binary_and_12_hours,
	    .description = "the model's clock starts at the board's ldm,time and reads in BCD, "
			   "then in binary and in 12 hours as register B says; it moves with the "
			   "models' clock")
{
	cmos_boot();
	ASSERT_EQ(cmos(RTC_SECONDS), 0x07);
	ASSERT_EQ(cmos(RTC_MINUTES), 0x26);
	ASSERT_EQ(cmos(RTC_HOURS), 0x22);
	ASSERT_EQ(cmos(RTC_DAY_OF_WEEK), 2);
	ASSERT_EQ(cmos(RTC_DAY_OF_MONTH), 0x18);
	ASSERT_EQ(cmos(RTC_MONTH), 0x10);
	ASSERT_EQ(cmos(RTC_YEAR), 0x04);
	ASSERT_EQ(cmos(RTC_CONTROL), RTC_24H);
	ASSERT_EQ(cmos(RTC_VALID), RTC_VRT);
	ldm_hw_clock_advance(3 * NS);
	ASSERT_EQ(cmos(RTC_SECONDS), 0x10);
	cmos_set(RTC_CONTROL, RTC_24H | RTC_DM_BINARY);
	ASSERT_EQ(cmos(RTC_SECONDS), 10);
	ASSERT_EQ(cmos(RTC_HOURS), 22);
	cmos_set(RTC_CONTROL, 0);
	ASSERT_EQ(cmos(RTC_HOURS), 0x80 | 0x10); /* 10 PM */
	ldm_board_unload();
}

DEFINE_TEST(test_mc146818_set_holds_the_clock_and_starts_the_new_time,
	    .description = "with SET the clock holds while the time registers are written; "
			   "clearing SET starts the new time, and a leap day rolls over to March")
{
	cmos_boot();
	cmos_set(RTC_CONTROL, RTC_SET | RTC_24H);
	cmos_set(RTC_YEAR, 0x24);
	cmos_set(RTC_MONTH, 0x02);
	cmos_set(RTC_DAY_OF_MONTH, 0x29);
	cmos_set(RTC_HOURS, 0x23);
	cmos_set(RTC_MINUTES, 0x59);
	cmos_set(RTC_SECONDS, 0x59);
	ldm_hw_clock_advance(5 * NS);
	ASSERT_EQ(cmos(RTC_SECONDS), 0x59); /* held */
	cmos_set(RTC_CONTROL, RTC_24H);
	ldm_hw_clock_advance(NS);
	ASSERT_EQ(cmos(RTC_SECONDS), 0x00);
	ASSERT_EQ(cmos(RTC_HOURS), 0x00);
	ASSERT_EQ(cmos(RTC_DAY_OF_MONTH), 0x01);
	ASSERT_EQ(cmos(RTC_MONTH), 0x03);
	ASSERT_EQ(cmos(RTC_YEAR), 0x24);
	ASSERT_EQ(cmos(RTC_DAY_OF_WEEK), 6); /* 2024-03-01 is a Friday */
	ldm_board_unload();
}

DEFINE_TEST(test_mc146818_update_in_progress_before_each_second,
	    .description = "register A's UIP is set in the last 244 us before each update, "
			   "and clear otherwise, as rtc.c's rtc_is_updating() reads it")
{
	cmos_boot();
	ASSERT_EQ(cmos(RTC_FREQ_SELECT), 0x26);
	ldm_hw_clock_advance(NS - 300000);
	ASSERT_EQ(cmos(RTC_FREQ_SELECT) & RTC_UIP, 0);
	ldm_hw_clock_advance(100000);
	ASSERT_EQ(cmos(RTC_FREQ_SELECT) & RTC_UIP, RTC_UIP);
	ldm_hw_clock_advance(200000);
	ASSERT_EQ(cmos(RTC_FREQ_SELECT) & RTC_UIP, 0);
	ASSERT_EQ(cmos(RTC_SECONDS), 0x08);
	ldm_board_unload();
}

static int rtc_irqs;
static unsigned char last_flags;

static irqreturn_t rtc_handler(int irq, void *dev_id, struct pt_regs *regs)
{
	(void)irq;
	(void)dev_id;
	(void)regs;
	spin_lock(&rtc_lock);
	last_flags = CMOS_READ(RTC_INTR_FLAGS);
	spin_unlock(&rtc_lock);
	rtc_irqs++;
	return IRQ_HANDLED;
}

DEFINE_TEST(test_mc146818_alarm_raises_line_8,
	    .description = "an alarm set with AIE raises line 8 at the second it names, not "
			   "before, and the handler reads AF and IRQF in register C, which its "
			   "read clears; a 0xc0 field matches any value")
{
	uint32_t c;

	cmos_boot();
	ASSERT_OK(request_irq(8, rtc_handler, 0, "rtc", &rtc_irqs));
	cmos_set(RTC_SECONDS_ALARM, 0x10);
	cmos_set(RTC_MINUTES_ALARM, 0x26);
	cmos_set(RTC_HOURS_ALARM, 0xc0);
	cmos_set(RTC_CONTROL, RTC_24H | RTC_AIE);
	ldm_hw_clock_advance(2 * NS);
	ASSERT_EQ(rtc_irqs, 0);
	ldm_hw_clock_advance(NS);
	ASSERT_EQ(rtc_irqs, 1);
	ASSERT_EQ(last_flags & (RTC_IRQF | RTC_AF), RTC_IRQF | RTC_AF);
	ASSERT_OK(ldm_hw_model_reg_read("rtc@70", RTC_INTR_FLAGS, &c));
	ASSERT_EQ(c, 0);
	ldm_hw_clock_advance(3599 * NS);
	ASSERT_EQ(rtc_irqs, 1);
	ldm_hw_clock_advance(NS);
	ASSERT_EQ(rtc_irqs, 2); /* 23:26:10 matches too: the hours are any */
	free_irq(8, &rtc_irqs);
	ldm_board_unload();
}

DEFINE_TEST(test_mc146818_update_and_periodic_interrupts,
	    .description = "UIE raises the line once a second with UF; PIE at rate 15 twice a "
			   "second with PF; without a handler reading C the line stays up and "
			   "raises nothing more, as an edge")
{
	uint32_t c;

	cmos_boot();
	ASSERT_OK(request_irq(8, rtc_handler, 0, "rtc", &rtc_irqs));
	cmos_set(RTC_CONTROL, RTC_24H | RTC_UIE);
	ldm_hw_clock_advance(3 * NS);
	ASSERT_EQ(rtc_irqs, 3);
	ASSERT_EQ(last_flags, RTC_IRQF | RTC_UF);
	cmos_set(RTC_CONTROL, RTC_24H);
	cmos_set(RTC_FREQ_SELECT, 0x2f);
	cmos_set(RTC_CONTROL, RTC_24H | RTC_PIE);
	rtc_irqs = 0;
	ldm_hw_clock_advance(NS);
	ASSERT_EQ(rtc_irqs, 2);
	ASSERT_EQ(last_flags & RTC_PF, RTC_PF);
	free_irq(8, &rtc_irqs);
	/* Nobody reads C now: one raise, then the line stays up. */
	ldm_hw_clock_advance(2 * NS);
	ASSERT_OK(ldm_hw_model_reg_read("rtc@70", RTC_INTR_FLAGS, &c));
	ASSERT_EQ(c, RTC_IRQF | RTC_PF);
	ldm_board_unload();
}

DEFINE_TEST(test_mc146818_nvram_from_the_board,
	    .description = "NVRAM bytes 14 on hold the board's ldm,nvram, then zeros; they "
			   "keep what is written; ldm hw's register calls reach them, and a "
			   "register past 127 is -ENOENT")
{
	uint32_t v;

	cmos_boot();
	ASSERT_EQ(cmos(14), 'L');
	ASSERT_EQ(cmos(15), 'D');
	ASSERT_EQ(cmos(16), 'M');
	ASSERT_EQ(cmos(17), '!');
	ASSERT_EQ(cmos(18), 0);
	cmos_set(127, 0x5a);
	ASSERT_EQ(cmos(127), 0x5a);
	ASSERT_OK(ldm_hw_model_reg_write("rtc@70", 100, 0x42));
	ASSERT_EQ(cmos(100), 0x42);
	ASSERT_OK(ldm_hw_model_reg_read("rtc@70", 14, &v));
	ASSERT_EQ(v, 'L');
	ASSERT_EQ(ldm_hw_model_reg_read("rtc@70", 128, &v), -ENOENT);
	ASSERT_EQ(ldm_hw_model_reg_write("rtc@70", 128, 1), -ENOENT);
	ASSERT_EQ(ldm_hw_model_reg_write("rtc@70", RTC_INTR_FLAGS, 1), -EROFS);
	ASSERT_EQ(ldm_hw_model_reg_write("rtc@70", 14, 0x100), -EINVAL);
	ldm_board_unload();
}

DEFINE_TEST(test_mc146818_dump,
	    .description = "the model's state dump says the time, the registers and the NVRAM")
{
	char buf[1024];

	cmos_boot();
	ASSERT(ldm_hw_model_dump("rtc@70", buf, sizeof(buf)) > 0);
	ASSERT(strstr(buf, "time 2004-10-18 22:26:07 UTC (running, BCD, 24h)\n"));
	ASSERT(strstr(buf, "A 0x26 B 0x02 C 0x00 D 0x80"));
	ASSERT(strstr(buf, "\n  4c 44 4d 21 00"));
	ASSERT_EQ(ldm_hw_model_dump("nothing", buf, sizeof(buf)), -ENODEV);
	ldm_board_unload();
}

DEFINE_TEST(test_mc146818_trace_records_each_access,
	    .description = "with the trace on, each index and data access is recorded with its "
			   "width, address, value, the driver that made it and the model that "
			   "answered; off, nothing is kept")
{
	struct ldm_hw_access a[8];

	cmos_boot();
	cmos_set(RTC_CONTROL, RTC_24H | RTC_DM_BINARY);
	ASSERT_EQ(ldm_hw_trace_get(0, a, 8), 0);
	ASSERT_OK(ldm_hw_trace(true));
	cmos_set(RTC_CONTROL, RTC_24H);
	(void)inb(0x300);
	ASSERT_EQ(ldm_hw_trace_get(0, a, 8), 3);
	ASSERT(a[0].write && a[0].space == LDM_HW_PORT && a[0].addr == 0x70);
	ASSERT_EQ(a[0].value, RTC_CONTROL);
	ASSERT_EQ(a[0].width, 1);
	ASSERT_STREQ(a[0].owner, "/isa/rtc@70");
	ASSERT_STREQ(a[0].who, "kernel");
	ASSERT(a[1].write && a[1].addr == 0x71 && a[1].value == RTC_24H);
	ASSERT(!a[2].write && a[2].addr == 0x300 && a[2].value == 0xff);
	ASSERT_STREQ(a[2].owner, "-");
	ASSERT_EQ(a[1].seq, 1);
	ASSERT_EQ(ldm_hw_trace_get(2, a, 8), 1);
	ASSERT_OK(ldm_hw_trace(false));
	ASSERT_EQ(ldm_hw_trace_get(0, a, 8), 0);
	ldm_board_unload();
}
