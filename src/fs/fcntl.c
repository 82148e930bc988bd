// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fcntl.c - asynchronous notification (fasync_helper() and kill_fasync()
 * of fs/fcntl.c of 2.6.9): a driver keeps the files that asked for SIGIO
 * and signals their owners when it has data. The owner is the process the
 * host names for the file (ldm_chrdev_set_owner()); the signal goes to it
 * with kill(2), or to the host's hook.
 */
#include <pthread.h>
#include <signal.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/fs.h>
#include <ldm/slab.h>
#include <libldm/chrdev.h>

/* Guards every fasync list, as 2.6.9's fasync_lock. */
static pthread_rwlock_t fasync_lock = PTHREAD_RWLOCK_INITIALIZER;
static pthread_mutex_t hook_lock = PTHREAD_MUTEX_INITIALIZER;
static ldm_sigio_fn sigio_hook;
static void *sigio_data;

/**
 * fasync_helper - add a file to a driver's list of files that want SIGIO,
 * or take it off
 * @fd: the file's descriptor in its owner's process
 * @filp: the file
 * @on: non-zero to add (or update the descriptor of) the file, 0 to take it off
 * @fapp: the driver's list
 *
 * Return: 1 if the list changed, 0 if only the descriptor did or there
 * was nothing to take off, -ENOMEM.
 */
int fasync_helper(int fd, struct file *filp, int on, struct fasync_struct **fapp)
{
	struct fasync_struct *fa, **fp, *new = NULL;
	int result = 0;

	if (on) {
		new = kzalloc(sizeof(*new), GFP_KERNEL);
		if (!new)
			return -ENOMEM;
	}
	pthread_rwlock_wrlock(&fasync_lock);
	for (fp = fapp; (fa = *fp); fp = &fa->fa_next) {
		if (fa->fa_file != filp)
			continue;
		if (on) {
			fa->fa_fd = fd;
		} else {
			*fp = fa->fa_next;
			kfree(fa);
			result = 1;
		}
		goto out;
	}
	if (on) {
		new->magic = FASYNC_MAGIC;
		new->fa_file = filp;
		new->fa_fd = fd;
		new->fa_next = *fapp;
		*fapp = new;
		new = NULL;
		result = 1;
	}
out:
	pthread_rwlock_unlock(&fasync_lock);
	kfree(new);
	return result;
}
EXPORT_SYMBOL(fasync_helper);

/* send_sigio(): the owner's signal, through the host's hook if it set one. */
static void send_sigio(struct file *filp, int fd, int band)
{
	struct fown_struct *fown = &filp->f_owner;
	int pid, signum;
	ldm_sigio_fn fn;
	void *data;

	read_lock(&fown->lock);
	pid = fown->pid;
	signum = fown->signum;
	read_unlock(&fown->lock);
	if (!pid)
		return;
	pthread_mutex_lock(&hook_lock);
	fn = sigio_hook;
	data = sigio_data;
	pthread_mutex_unlock(&hook_lock);
	if (fn)
		fn(pid, signum ? signum : SIGIO, fd, band, data);
	else if (signum)
		sigqueue(pid, signum, (union sigval){ .sival_int = fd });
	else
		kill(pid, SIGIO);
}

/**
 * __kill_fasync - signal the owner of every file on a list; the caller
 * holds the list steady
 * @fa: the list
 * @sig: SIGIO (SIGURG only with an owner's own signal)
 * @band: POLL_IN, POLL_OUT, ...
 */
void __kill_fasync(struct fasync_struct *fa, int sig, int band)
{
	for (; fa; fa = fa->fa_next) {
		if (fa->magic != FASYNC_MAGIC) {
			printk(KERN_ERR "kill_fasync: bad magic number in fasync_struct!\n");
			return;
		}
		if (sig == SIGURG && !fa->fa_file->f_owner.signum)
			continue;
		send_sigio(fa->fa_file, fa->fa_fd, band);
	}
}
EXPORT_SYMBOL(__kill_fasync);

/**
 * kill_fasync - signal the owner of every file on a driver's list
 * @fp: the list
 * @sig: SIGIO
 * @band: POLL_IN when there is data to read, POLL_OUT when it can write, ...
 */
void kill_fasync(struct fasync_struct **fp, int sig, int band)
{
	if (!*fp)
		return;
	pthread_rwlock_rdlock(&fasync_lock);
	__kill_fasync(*fp, sig, band);
	pthread_rwlock_unlock(&fasync_lock);
}
EXPORT_SYMBOL(kill_fasync);

/**
 * ldm_chrdev_sigio_hook - deliver the signals of kill_fasync() yourself
 * @fn: called with the owner's pid, the signal, the file's descriptor in
 *	the owner and the band, instead of kill(2); NULL for kill(2) again
 * @data: passed to @fn
 *
 * For a front end whose callers are not what the host's kill(2) should
 * reach directly (a process in another namespace, a preloaded library
 * that wants the band).
 */
void ldm_chrdev_sigio_hook(ldm_sigio_fn fn, void *data)
{
	pthread_mutex_lock(&hook_lock);
	sigio_hook = fn;
	sigio_data = data;
	pthread_mutex_unlock(&hook_lock);
}
