// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * tty_ldisc.c - the line disciplines of the tty layer (the ldisc part of
 * drivers/char/tty_io.c of 2.6.9): their registry by number, the
 * references a tty holds on one, tty_wakeup(), and /proc/tty/ldiscs.
 *
 * ldm has no tty core: no tty is made from /dev, and no driver of ttys
 * registers. A line discipline's module registers its discipline and
 * loads, as on a 2.6.9 kernel where no tty uses it yet; whoever has a tty
 * (a device model, a test) attaches one with tty_ldisc_get() and the
 * discipline's open, as 2.6.9's tty_set_ldisc() does.
 */
#include <pthread.h>
#include <string.h>
#include <ldm/bitops.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/module.h>
#include <ldm/proc_fs.h>
#include <ldm/seq_file.h>
#include <ldm/tty.h>

#include "boot.h"

/* The registered disciplines, by number; guarded by ldisc_lock. */
static struct tty_ldisc ldiscs[NR_LDISCS];
static pthread_mutex_t ldisc_lock = PTHREAD_MUTEX_INITIALIZER;
static struct proc_dir_entry *proc_tty;

/**
 * tty_register_ldisc - register or unregister a line discipline
 * @disc: its number, N_TTY to NR_LDISCS - 1
 * @new_ldisc: the discipline (copied), or NULL to unregister
 *
 * Return: 0; -EINVAL for a number out of range; -EBUSY to replace or
 * unregister one a tty still uses.
 */
int tty_register_ldisc(int disc, struct tty_ldisc *new_ldisc)
{
	int ret = 0;

	if (disc < N_TTY || disc >= NR_LDISCS)
		return -EINVAL;
	pthread_mutex_lock(&ldisc_lock);
	if (ldiscs[disc].refcount) {
		ret = -EBUSY;
	} else if (new_ldisc) {
		ldiscs[disc] = *new_ldisc;
		ldiscs[disc].num = disc;
		ldiscs[disc].flags |= LDISC_FLAG_DEFINED;
		ldiscs[disc].refcount = 0;
	} else {
		ldiscs[disc].flags &= ~LDISC_FLAG_DEFINED;
	}
	pthread_mutex_unlock(&ldisc_lock);
	return ret;
}
EXPORT_SYMBOL(tty_register_ldisc);

/**
 * tty_ldisc_get - take a reference to a registered line discipline
 * @disc: its number
 *
 * Holds its module too, until tty_ldisc_put().
 * Return: the discipline, or NULL if none is registered under @disc or
 * its module is going away.
 */
struct tty_ldisc *tty_ldisc_get(int disc)
{
	struct tty_ldisc *ld = NULL;

	if (disc < N_TTY || disc >= NR_LDISCS)
		return NULL;
	pthread_mutex_lock(&ldisc_lock);
	if ((ldiscs[disc].flags & LDISC_FLAG_DEFINED) && try_module_get(ldiscs[disc].owner)) {
		ldiscs[disc].refcount++;
		ld = &ldiscs[disc];
	}
	pthread_mutex_unlock(&ldisc_lock);
	return ld;
}
EXPORT_SYMBOL_GPL(tty_ldisc_get);

/**
 * tty_ldisc_put - drop what tty_ldisc_get() took
 * @disc: the discipline's number
 */
void tty_ldisc_put(int disc)
{
	struct module *owner = NULL;

	if (disc < N_TTY || disc >= NR_LDISCS)
		return;
	pthread_mutex_lock(&ldisc_lock);
	if (ldiscs[disc].refcount > 0) {
		ldiscs[disc].refcount--;
		owner = ldiscs[disc].owner;
	}
	pthread_mutex_unlock(&ldisc_lock);
	module_put(owner);
}
EXPORT_SYMBOL_GPL(tty_ldisc_put);

/**
 * tty_ldisc_ref - the line discipline of a tty, referenced
 * @tty: the tty
 *
 * Return: &tty->ldisc if one is attached (TTY_LDISC), or NULL; release
 * it with tty_ldisc_deref().
 */
struct tty_ldisc *tty_ldisc_ref(struct tty_struct *tty)
{
	struct tty_ldisc *ld = NULL;

	if (!tty)
		return NULL;
	pthread_mutex_lock(&ldisc_lock);
	if (test_bit(TTY_LDISC, &tty->flags) && tty->ldisc.num >= N_TTY &&
	    tty->ldisc.num < NR_LDISCS) {
		ldiscs[tty->ldisc.num].refcount++;
		ld = &tty->ldisc;
	}
	pthread_mutex_unlock(&ldisc_lock);
	return ld;
}
EXPORT_SYMBOL_GPL(tty_ldisc_ref);

/**
 * tty_ldisc_deref - drop what tty_ldisc_ref() took
 * @ld: the discipline it gave
 */
void tty_ldisc_deref(struct tty_ldisc *ld)
{
	if (!ld || ld->num < N_TTY || ld->num >= NR_LDISCS)
		return;
	pthread_mutex_lock(&ldisc_lock);
	if (ldiscs[ld->num].refcount > 0)
		ldiscs[ld->num].refcount--;
	pthread_mutex_unlock(&ldisc_lock);
}
EXPORT_SYMBOL_GPL(tty_ldisc_deref);

/**
 * tty_wakeup - a tty's driver has room for more characters
 * @tty: the tty
 *
 * Calls its line discipline's write_wakeup if it asked (TTY_DO_WRITE_WAKEUP)
 * and wakes the writers sleeping on it.
 */
void tty_wakeup(struct tty_struct *tty)
{
	struct tty_ldisc *ld;

	if (test_bit(TTY_DO_WRITE_WAKEUP, &tty->flags)) {
		ld = tty_ldisc_ref(tty);
		if (ld) {
			if (ld->write_wakeup)
				ld->write_wakeup(tty);
			tty_ldisc_deref(ld);
		}
	}
	wake_up_interruptible(&tty->write_wait);
}
EXPORT_SYMBOL_GPL(tty_wakeup);

/**
 * tty_name - a tty's name, for messages
 * @tty: the tty, or NULL
 * @buf: at least 64 bytes
 *
 * Return: @buf, holding tty->name or "NULL tty".
 */
char *tty_name(struct tty_struct *tty, char *buf)
{
	if (!tty)
		strcpy(buf, "NULL tty");
	else
		strlcpy(buf, tty->name, sizeof(tty->name));
	return buf;
}
EXPORT_SYMBOL(tty_name);

/* /proc/tty/ldiscs: "name number" of each registered discipline. */
static int ldiscs_show(struct seq_file *m, void *v)
{
	int i;

	(void)v;
	pthread_mutex_lock(&ldisc_lock);
	for (i = 0; i < NR_LDISCS; i++)
		if (ldiscs[i].flags & LDISC_FLAG_DEFINED)
			seq_printf(m, "%-10s %2d\n", ldiscs[i].name ? ldiscs[i].name : "???", i);
	pthread_mutex_unlock(&ldisc_lock);
	return 0;
}

static int ldiscs_open(struct inode *inode, struct file *file)
{
	(void)inode;
	return single_open(file, ldiscs_show, NULL);
}

static const struct file_operations ldiscs_fops = {
	.open = ldiscs_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

/**
 * tty_ldisc_init - /proc/tty and /proc/tty/ldiscs (2.6.9's proc_tty_init)
 *
 * Return: 0, or -ENOMEM.
 */
int tty_ldisc_init(void)
{
	struct proc_dir_entry *ent;

	proc_tty = proc_mkdir("tty", NULL);
	if (!proc_tty)
		return -ENOMEM;
	ent = create_proc_entry("ldiscs", 0, proc_tty);
	if (!ent) {
		remove_proc_entry("tty", NULL);
		proc_tty = NULL;
		return -ENOMEM;
	}
	ent->proc_fops = (struct file_operations *)&ldiscs_fops;
	return 0;
}

/**
 * tty_ldisc_exit - take /proc/tty away and forget every discipline
 */
void tty_ldisc_exit(void)
{
	if (proc_tty) {
		remove_proc_entry("ldiscs", proc_tty);
		remove_proc_entry("tty", NULL);
	}
	proc_tty = NULL;
	pthread_mutex_lock(&ldisc_lock);
	memset(ldiscs, 0, sizeof(ldiscs));
	pthread_mutex_unlock(&ldisc_lock);
}
