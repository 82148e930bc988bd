// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ktty_ldisc.c - a line discipline as 2.6.9 wrote them (serport's
 * manner): registered under N_MOUSE at init, it answers each character a
 * tty receives with its upper case through the tty's driver, and counts
 * the driver's wake-ups.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/tty.h>

static int opened, closed, received, wakeups;
module_param(opened, int, 0444);
module_param(closed, int, 0444);
module_param(received, int, 0444);
module_param(wakeups, int, 0444);

static int ktty_open(struct tty_struct *tty)
{
	char name[64];

	tty->disc_data = &opened;
	set_bit(TTY_DO_WRITE_WAKEUP, &tty->flags);
	opened++;
	printk(KERN_INFO "ktty_ldisc: attached to %s\n", tty_name(tty, name));
	return 0;
}

static void ktty_close(struct tty_struct *tty)
{
	tty->disc_data = NULL;
	closed++;
}

static void ktty_receive(struct tty_struct *tty, const unsigned char *cp, char *fp, int count)
{
	unsigned char c;
	int i;

	for (i = 0; i < count; i++) {
		if (fp && fp[i] != TTY_NORMAL)
			continue;
		c = toupper(cp[i]);
		tty->driver->write(tty, 0, &c, 1);
		received++;
	}
}

static int ktty_room(struct tty_struct *tty)
{
	return 256;
}

static void ktty_write_wakeup(struct tty_struct *tty)
{
	wakeups++;
}

static struct tty_ldisc ktty_ldisc = {
	.owner = THIS_MODULE,
	.magic = TTY_LDISC_MAGIC,
	.name = "ktty",
	.open = ktty_open,
	.close = ktty_close,
	.receive_buf = ktty_receive,
	.receive_room = ktty_room,
	.write_wakeup = ktty_write_wakeup,
};

static int __init ktty_init(void)
{
	return tty_register_ldisc(N_MOUSE, &ktty_ldisc);
}

static void __exit ktty_exit(void)
{
	tty_register_ldisc(N_MOUSE, NULL);
}

module_init(ktty_init);
module_exit(ktty_exit);
MODULE_ALIAS_LDISC(N_MOUSE);
MODULE_LICENSE("GPL");
