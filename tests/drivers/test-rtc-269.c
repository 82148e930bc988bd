// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-rtc-269.c - 2.6.9's drivers/char/rtc.c and nvram.c, built unchanged
 * from the tree $LDM_LINUX_2_6_9 names (never committed, docs/compat.md),
 * on the MC146818 model of a board: /dev/rtc reads and sets the model's
 * time, an alarm wakes a reader that turned it on with RTC_AIE_ON, and
 * /dev/nvram reads the board's NVRAM bytes. Without the tree each test
 * skips, saying so (CI has none); test-mc146818.c tests the model itself.
 *
 * The models' clock is the manual one: the alarm's interrupt runs in the
 * test's thread when it moves the clock, and the reader is joined, never
 * waited for by time.
 */
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>

#include "../modules/modtest.h"
#include "../hw/hw-board.h"
#include "../hw/linux269.h"

#define NS 1000000000ULL

/*
 * nvram.c reads only with the PC's checksum right: the sum of bytes
 * 0x10-0x2d, big-endian at 0x2e. Here 'M' + '!' = 0x6e.
 */
#define NVRAM \
	"4c 44 4d 21 00 00 00 00 00 00 00 00 00 00 00 00 " \
	"00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 6e"

static const char rtc_board[] = "/dts-v1/;\n"
				"/ { isa { compatible = \"isa\"; #address-cells = <1>; "
				"#size-cells = <1>;\n"
				"  rtc@70 { compatible = \"ldm,mc146818\"; reg = <0x70 2>;\n"
				"    interrupts = <8>; ldm,time = <1098138367>;\n"
				"    ldm,nvram = [" NVRAM "]; }; }; };\n";

/* Build drivers/char/@name.c of the 2.6.9 tree as a module; load it. */
static void load_269(const char *name)
{
	char ko[256];

	linux269_build(name, ko, sizeof(ko));
	linux269_load(ko, NULL);
	linux269_clean(ko);
}

/* Whether the trace has @who writing @value to CMOS register @reg (index, then data). */
static bool traced_cmos_write(const char *who, unsigned int reg, uint32_t value)
{
	static struct ldm_hw_access a[4096];
	size_t n = ldm_hw_trace_get(0, a, 4096), i;

	for (i = 0; i + 1 < n; i++)
		if (a[i].write && a[i].addr == 0x70 && (a[i].value & 0x7f) == reg &&
		    a[i + 1].write && a[i + 1].addr == 0x71 && a[i + 1].value == value &&
		    !strcmp(a[i + 1].who, who) && !strcmp(a[i + 1].owner, "/isa/rtc@70"))
			return true;
	return false;
}

static struct ldm_chrdev_file *open_misc(const char *name, int flags)
{
	struct ldm_chrdev_file *f;
	dev_t dev;

	if (ldm_chrdev_node_lookup(name, &dev, NULL))
		FAIL("no node %s", name);
	ASSERT_OK(ldm_chrdev_open(dev, flags, &f));
	return f;
}

static void rtc_boot(void)
{
	ldm_hw_clock_manual(true);
	ASSERT_OK(hw_board_load(rtc_board));
	load_269("char/rtc");
}

DEFINE_TEST(
	test_rtc_269_reads_and_sets_the_model_time,
	.description =
		"2.6.9's rtc.c, unchanged, reads the model's time with RTC_RD_TIME; "
		"RTC_SET_TIME sets it (the trace shows SET, the BCD fields, SET cleared, written by rtc), the model running on from there; "
		"/proc/driver/rtc and /proc/interrupts show it")
{
	struct ldm_chrdev_file *f;
	struct rtc_time tm;
	uint32_t v;
	char *text;

	rtc_boot();
	f = open_misc("rtc", O_RDONLY);
	memset(&tm, 0, sizeof(tm));
	ASSERT_EQ(ldm_chrdev_ioctl(f, RTC_RD_TIME, (unsigned long)&tm), 0);
	ASSERT_EQ(tm.tm_year, 104);
	ASSERT_EQ(tm.tm_mon, 9);
	ASSERT_EQ(tm.tm_mday, 18);
	ASSERT_EQ(tm.tm_hour, 22);
	ASSERT_EQ(tm.tm_min, 26);
	ASSERT_EQ(tm.tm_sec, 7);
	tm = (struct rtc_time){
		.tm_year = 124, .tm_mon = 1, .tm_mday = 29, .tm_hour = 23, .tm_min = 59, .tm_sec = 59
	};
	ASSERT_OK(ldm_hw_trace(true));
	ASSERT_EQ(ldm_chrdev_ioctl(f, RTC_SET_TIME, (unsigned long)&tm), 0);
	/* As roadtest asserts: what the driver wrote, in the chip's terms. */
	ASSERT(traced_cmos_write("rtc", RTC_CONTROL, RTC_SET | RTC_24H));
	ASSERT(traced_cmos_write("rtc", RTC_YEAR, 0x24));
	ASSERT(traced_cmos_write("rtc", RTC_DAY_OF_MONTH, 0x29));
	ASSERT(traced_cmos_write("rtc", RTC_CONTROL, RTC_24H));
	ASSERT_OK(ldm_hw_trace(false));
	ASSERT_OK(ldm_hw_model_reg_read("rtc@70", 9, &v));
	ASSERT_EQ(v, 0x24);
	ldm_hw_clock_advance(NS);
	ASSERT_EQ(ldm_chrdev_ioctl(f, RTC_RD_TIME, (unsigned long)&tm), 0);
	ASSERT_EQ(tm.tm_year, 124);
	ASSERT_EQ(tm.tm_mon, 2);
	ASSERT_EQ(tm.tm_mday, 1);
	ASSERT_EQ(tm.tm_hour, 0);
	ASSERT_EQ(tm.tm_sec, 0);
	text = ldm_proc_read_path("/driver/rtc", NULL);
	ASSERT_CONTAINS(text, "rtc_date\t: 2024-03-01\n");
	free(text);
	text = ldm_proc_read_path("/interrupts", NULL);
	ASSERT_CONTAINS(text, "rtc");
	free(text);
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT_OK(ldm_delete_module("rtc", 0));
	ldm_board_unload();
}

struct reader {
	struct ldm_chrdev_file *f;
	unsigned long data;
	ssize_t n;
};

static void *read_rtc(void *arg)
{
	struct reader *r = arg;
	loff_t pos = 0;

	r->n = ldm_chrdev_read(r->f, (char *)&r->data, sizeof(r->data), &pos);
	return NULL;
}

DEFINE_TEST(test_rtc_269_alarm_wakes_a_reader,
	    .description = "a reader of /dev/rtc that set an alarm with RTC_ALM_SET and "
			   "turned it on with RTC_AIE_ON is woken by the model's alarm "
			   "interrupt on line 8, reading one interrupt with AF and IRQF")
{
	struct rtc_time alarm = { .tm_hour = 22, .tm_min = 26, .tm_sec = 10 };
	struct reader r = { 0 };
	pthread_t t;
	uint32_t b;

	rtc_boot();
	r.f = open_misc("rtc", O_RDONLY);
	ASSERT_EQ(ldm_chrdev_ioctl(r.f, RTC_ALM_SET, (unsigned long)&alarm), 0);
	ASSERT_EQ(ldm_chrdev_ioctl(r.f, RTC_AIE_ON, 0), 0);
	ASSERT_OK(ldm_hw_model_reg_read("rtc@70", 11, &b));
	ASSERT_EQ(b & 0x20, 0x20);
	ASSERT_OK(pthread_create(&t, NULL, read_rtc, &r));
	ldm_hw_clock_advance(2 * NS);
	ASSERT_EQ(ldm_hw_irq_count(8), 0);
	ldm_hw_clock_advance(NS);
	ASSERT_EQ(ldm_hw_irq_count(8), 1);
	ASSERT_OK(pthread_join(t, NULL));
	ASSERT_EQ(r.n, (ssize_t)sizeof(unsigned long));
	ASSERT_EQ(r.data & 0xff, RTC_IRQF | RTC_AF | RTC_UF); /* the update came with it */
	ASSERT_EQ(r.data >> 8, 1);
	ASSERT_EQ(ldm_chrdev_ioctl(r.f, RTC_AIE_OFF, 0), 0);
	ASSERT_OK(ldm_chrdev_release(r.f));
	ASSERT_OK(ldm_delete_module("rtc", 0));
	ldm_board_unload();
}

DEFINE_TEST(test_nvram_269_reads_the_board_bytes,
	    .description = "2.6.9's nvram.c, unchanged, reads the 114 NVRAM bytes of the "
			   "model: the board's ldm,nvram first (its PC checksum right), then zeros")
{
	struct ldm_chrdev_file *f;
	unsigned char buf[200];
	loff_t pos = 0;

	ASSERT_OK(hw_board_load(rtc_board));
	load_269("char/nvram");
	f = open_misc("nvram", O_RDONLY);
	ASSERT_EQ(ldm_chrdev_read(f, (char *)buf, sizeof(buf), &pos), 114);
	ASSERT(!memcmp(buf, "LDM!\0\0", 6));
	ASSERT_EQ(buf[33], 0x6e);
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT_OK(ldm_delete_module("nvram", 0));
	ldm_board_unload();
}
