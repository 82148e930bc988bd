// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-ktty.c - the line disciplines of the tty layer, with the 2.6.9-style
 * discipline of tests/drivers/kapi/ktty_ldisc.c: registered and listed in
 * /proc/tty/ldiscs, attached to a tty of the test's own as 2.6.9's
 * tty_set_ldisc() attaches one, its module held while a tty uses it.
 */
#include <ldm/tty.h>

#include "../modules/modtest.h"

static char written[16];
static int nwritten;

static int test_tty_write(struct tty_struct *tty, int from_user, const unsigned char *buf,
			  int count)
{
	(void)tty;
	(void)from_user;
	if (nwritten + count > (int)sizeof(written) - 1)
		return -ENOSPC;
	memcpy(written + nwritten, buf, (size_t)count);
	nwritten += count;
	return count;
}

DEFINE_TEST(test_ktty_line_discipline_registers_and_attaches,
	    .description = "a 2.6.9 line discipline's module registers it under N_MOUSE and "
			   "loads; /proc/tty/ldiscs lists it; attached to a tty it gets the "
			   "characters the tty receives, answers through the tty's driver, hears "
			   "tty_wakeup(), and holds its module until it is put back")
{
	struct tty_driver driver = { .magic = TTY_DRIVER_MAGIC, .write = test_tty_write };
	struct tty_struct tty = { .magic = TTY_MAGIC, .driver = &driver, .name = "ttyS3" };
	const char flags[4] = { TTY_NORMAL, TTY_PARITY, TTY_NORMAL, TTY_NORMAL };
	struct tty_ldisc *ld;
	char *text;

	init_waitqueue_head(&tty.write_wait);
	ASSERT_EQ(tty_ldisc_get(N_MOUSE), NULL);
	ASSERT_OK(ko_load("ktty_ldisc", NULL));
	text = ldm_proc_read_path("/tty/ldiscs", NULL);
	ASSERT_STREQ(text, "ktty        2\n");
	free(text);

	ld = tty_ldisc_get(N_MOUSE);
	ASSERT(ld);
	ASSERT_EQ(ld->num, N_MOUSE);
	tty.ldisc = *ld;
	set_bit(TTY_LDISC, &tty.flags);
	ASSERT_OK(tty.ldisc.open(&tty));
	ASSERT(ldm_test_log_has("ktty_ldisc: attached to ttyS3"));
	tty.ldisc.receive_buf(&tty, (const unsigned char *)"ab?c", (char *)flags, 4);
	ASSERT_EQ(nwritten, 3);
	ASSERT_STREQ(written, "A?C");
	tty_wakeup(&tty);
	ASSERT_STREQ(tree_attr("/module/ktty_ldisc/parameters/wakeups"), "1\n");
	ASSERT_STREQ(tree_attr("/module/ktty_ldisc/parameters/received"), "3\n");
	/* In use: neither replaced nor unloaded. */
	ASSERT_EQ(tty_register_ldisc(N_MOUSE, NULL), -EBUSY);
	ASSERT_EQ(tty_register_ldisc(NR_LDISCS, NULL), -EINVAL);
	ASSERT(ldm_delete_module("ktty_ldisc", O_NONBLOCK) < 0);

	tty.ldisc.close(&tty);
	clear_bit(TTY_LDISC, &tty.flags);
	tty_ldisc_put(N_MOUSE);
	ASSERT_STREQ(tree_attr("/module/ktty_ldisc/parameters/closed"), "1\n");
	ASSERT_OK(ldm_delete_module("ktty_ldisc", 0));
	text = ldm_proc_read_path("/tty/ldiscs", NULL);
	ASSERT_STREQ(text, "");
	free(text);
	ASSERT_EQ(tty_ldisc_get(N_MOUSE), NULL);
}
