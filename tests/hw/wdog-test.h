/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * wdog-test.h - what the tests of watchdog models share: a board booted on
 * the manual clock, with the machine's reboot path watched (the reboot
 * notifiers' SYS_RESTART, then the host's stop handler), so that a test
 * asserts on a reset without the runtime stopping under it.
 */
#ifndef _LDM_TEST_WDOG_TEST_H
#define _LDM_TEST_WDOG_TEST_H

#include <ldm/ldm.h>

#include "hw-board.h"

/* Restarts the stop handler was asked for, the last one's kind, SYS_RESTARTs heard. */
static int wdog_stops, wdog_stop_how, wdog_notified;

static void wdog_on_stop(int how, const char *cmd, void *data)
{
	(void)cmd;
	(void)data;
	wdog_stops++;
	wdog_stop_how = how;
}

static int wdog_on_reboot(struct notifier_block *nb, unsigned long code, void *unused)
{
	(void)nb;
	(void)unused;
	if (code == SYS_RESTART)
		wdog_notified++;
	return NOTIFY_DONE;
}

static struct notifier_block wdog_reboot_nb = { .notifier_call = wdog_on_reboot };

/* Watch the reboot path, put the models on the manual clock, load @board. */
static inline void wdog_boot(const char *board)
{
	ldm_hw_clock_manual(true);
	ldm_machine_stop_handler(wdog_on_stop, NULL);
	ASSERT_OK(register_reboot_notifier(&wdog_reboot_nb));
	ASSERT_OK(hw_board_load(board));
}

/* Unload the board and stop watching. */
static inline void wdog_shutdown(void)
{
	ldm_board_unload();
	unregister_reboot_notifier(&wdog_reboot_nb);
}

/*
 * What each test of a 2.6.9 watchdog driver asks of its close: 'V' then
 * the close of @f disarm the card (@model's register 0 reads 0), and
 * @idle_ns later nothing was reset; then an open of @dev and a close
 * without 'V' leave it running, for the caller to see it reset.
 */
static inline void wdog_magic_close_then_unexpected(struct ldm_chrdev_file *f, dev_t dev,
						    const char *model, uint64_t idle_ns)
{
	uint32_t v;

	ASSERT_EQ(ldm_chrdev_write(f, "V", 1, NULL), 1);
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT_OK(ldm_hw_model_reg_read(model, 0, &v));
	ASSERT_EQ(v, 0);
	ldm_hw_clock_advance(idle_ns);
	ASSERT_EQ(wdog_stops, 0);

	ASSERT_OK(ldm_chrdev_open(dev, O_WRONLY, &f));
	ASSERT_OK(ldm_chrdev_release(f)); /* no 'V': it keeps running */
}

#endif /* _LDM_TEST_WDOG_TEST_H */
