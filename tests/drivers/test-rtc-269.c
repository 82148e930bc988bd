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
	const char *tree = getenv("LDM_LINUX_2_6_9");
	char dir[] = "/tmp/ldm-test-269-XXXXXX", cmd[1024], path[1200];
	FILE *f;
	int fd;

	if (!tree || !*tree)
		ldm_test_skip("LDM_LINUX_2_6_9 does not name an unpacked Linux 2.6.9 tree to build "
			      "drivers/char/%s.c from",
			      name);
	snprintf(path, sizeof(path), "%s/drivers/char/%s.c", tree, name);
	if (access(path, R_OK))
		ldm_test_skip("%s: not readable: LDM_LINUX_2_6_9 is no 2.6.9 tree", path);
	ASSERT(mkdtemp(dir));
	snprintf(cmd, sizeof(cmd), "%s/%s.c", dir, name);
	ASSERT_OK(symlink(path, cmd));
	snprintf(cmd, sizeof(cmd), "%s/Makefile", dir);
	f = fopen(cmd, "w");
	ASSERT(f);
	fprintf(f, "obj-m := %s.o\ninclude %s/scripts/module.mk\n", name, LDM_SOURCE_DIR);
	fclose(f);
	snprintf(cmd, sizeof(cmd),
		 "make -s -C %s LDM=%s/tools/ldm/ldm LDM_CFLAGS=-I%s/include "
		 "LDM_COMPAT_CFLAGS=-I%s/include/compat LDM_MODPOST_WARN=1 >&2",
		 dir, LDM_BUILD_DIR, LDM_SOURCE_DIR, LDM_SOURCE_DIR);
	ASSERT_EQ(ldm_test_run(cmd, NULL), 0);
	snprintf(path, sizeof(path), "%s/%s.ko", dir, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	ASSERT(fd >= 0);
	ASSERT_OK(ldm_finit_module(fd, NULL, 0));
	close(fd);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ldm_test_run(cmd, NULL);
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
	load_269("rtc");
}

DEFINE_TEST(test_rtc_269_reads_and_sets_the_model_time,
	    .description = "2.6.9's rtc.c, unchanged, reads the model's time with RTC_RD_TIME; "
			   "RTC_SET_TIME sets it, the model running on from there; "
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
	ASSERT_EQ(ldm_chrdev_ioctl(f, RTC_SET_TIME, (unsigned long)&tm), 0);
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
	load_269("nvram");
	f = open_misc("nvram", O_RDONLY);
	ASSERT_EQ(ldm_chrdev_read(f, (char *)buf, sizeof(buf), &pos), 114);
	ASSERT(!memcmp(buf, "LDM!\0\0", 6));
	ASSERT_EQ(buf[33], 0x6e);
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT_OK(ldm_delete_module("nvram", 0));
	ldm_board_unload();
}
