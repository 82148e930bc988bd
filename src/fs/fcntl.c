// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fcntl.c - asynchronous notification (fasync_helper() and kill_fasync()
 * of fs/fcntl.c of 2.6.9): a driver keeps the files that asked for SIGIO
 * and signals their owners when it has data. The owner is the process the
 * host names for the file (F_SETOWN: f_setown(), ldm_chrdev_set_owner()),
 * held by a pidfd so that nothing is sent once it has exited, as a kernel
 * holds a struct pid; the signal goes to it with pidfd_send_signal(2), or
 * to the host's hook.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/fs.h>
#include <ldm/kernel.h>
#include <ldm/sched.h>
#include <ldm/slab.h>
#include <libldm/chrdev.h>

#include "char_dev.h"

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

/*
 * POLL_IN...POLL_HUP (si_code of a SIGIO) as the poll bits si_band carries,
 * as fs/fcntl.c's band_table.
 */
static long band_of(int reason)
{
	static const long bands[] = {
		POLLIN | POLLRDNORM,		   /* POLL_IN */
		POLLOUT | POLLWRNORM | POLLWRBAND, /* POLL_OUT */
		POLLIN | POLLRDNORM | POLLMSG,	   /* POLL_MSG */
		POLLERR,			   /* POLL_ERR */
		POLLPRI | POLLRDBAND,		   /* POLL_PRI */
		POLLHUP | POLLERR,		   /* POLL_HUP */
	};

	if (reason < POLL_IN || reason - POLL_IN >= (int)ARRAY_SIZE(bands))
		return ~0L;
	return bands[reason - POLL_IN];
}

/* Whether the process of @pidfd has not exited (a pidfd polls readable once it has). */
static bool owner_alive(int pidfd)
{
	struct pollfd p = { .fd = pidfd, .events = POLLIN };

	return pidfd >= 0 && poll(&p, 1, 0) == 0;
}

/*
 * sigio_perm(): whoever named the owner may signal it, as kill(2) would
 * let them: root, or a user matching its real or saved user. Read from
 * /proc, then the owner is checked alive: the numbers read were its own.
 */
static bool sigio_perm(const struct fown_struct *fown, int pid)
{
	unsigned int uid = 0, euid = 0, suid = 0;
	char path[48], line[256];
	bool found = false;
	FILE *f;

	if (fown->euid == 0)
		return true;
	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "Uid: %u %u %u", &uid, &euid, &suid) == 3;
	fclose(f);
	if (!found || !owner_alive(fown->ldm_pidfd))
		return false;
	return fown->euid == suid || fown->euid == uid || fown->uid == suid || fown->uid == uid;
}

/*
 * The owner's own signal, with the descriptor and the band, as F_SETSIG
 * asks; only the kernel may say si_code POLL_IN, so it says SI_QUEUE.
 * Falls back to SIGIO if it cannot be queued, as 2.6.9 does.
 */
static int send_rt(int pidfd, int signum, int fd, int band)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	si.si_signo = signum;
	si.si_code = SI_QUEUE;
	si.si_band = band_of(band);
	si.si_fd = fd;
	if (!syscall(SYS_pidfd_send_signal, pidfd, signum, &si, 0))
		return 0;
	return errno == EAGAIN ? (int)syscall(SYS_pidfd_send_signal, pidfd, SIGIO, NULL, 0) : -1;
}

/*
 * send_sigio(): the owner's signal, through the host's hook if it set one;
 * nothing once the owner has exited (its pidfd says so), even if its pid
 * was given to another process since. A group is signalled while its
 * leader lives, if the leader may be.
 */
static void send_sigio(struct file *filp, int fd, int band)
{
	struct fown_struct *fown = &filp->f_owner;
	int pid, signum;
	ldm_sigio_fn fn;
	void *data;

	read_lock(&fown->lock);
	pid = fown->pid;
	signum = fown->signum;
	if (!pid || !sigio_perm(fown, pid < 0 ? -pid : pid))
		goto out;
	pthread_mutex_lock(&hook_lock);
	fn = sigio_hook;
	data = sigio_data;
	pthread_mutex_unlock(&hook_lock);
	if (fn)
		fn(pid, signum ? signum : SIGIO, fd, band, data);
	else if (pid < 0)
		kill(pid, signum ? signum : SIGIO);
	else if (signum)
		send_rt(fown->ldm_pidfd, signum, fd, band);
	else
		syscall(SYS_pidfd_send_signal, fown->ldm_pidfd, SIGIO, NULL, 0);
out:
	read_unlock(&fown->lock);
}

/* A pidfd on process @pid, or -1 if there is none (gone, or not a process). */
static int pidfd_of(int pid)
{
	int fd = (int)syscall(SYS_pidfd_open, pid, 0);

	if (fd >= 0)
		fcntl(fd, F_SETFD, FD_CLOEXEC);
	return fd < 0 ? -1 : fd;
}

/**
 * f_setown - name the process that receives a file's SIGIO, as F_SETOWN
 * @filp: the file
 * @arg: the process, negative for a process group, 0 for none
 * @force: replace an owner already named; else only name one if none is
 *
 * The owner is held by a pidfd, so a pid it had is never signalled once
 * it exits; a process that does not exist (2.6.9 takes any number) gets
 * nothing. Whoever the calling thread acts for is who named it: a signal
 * goes only where that user's kill(2) would.
 * Return: 0.
 */
int f_setown(struct file *filp, unsigned long arg, int force)
{
	struct fown_struct *fown = &filp->f_owner;
	int pid = (int)(long)arg;
	int pidfd = pid ? pidfd_of(pid < 0 ? -pid : pid) : -1;

	write_lock(&fown->lock);
	if (force || !fown->pid) {
		ldm_fown_put(fown);
		fown->pid = pid;
		fown->ldm_pidfd = pidfd;
		fown->uid = current->uid;
		fown->euid = current->euid;
		pidfd = -1;
	}
	write_unlock(&fown->lock);
	if (pidfd >= 0)
		close(pidfd);
	return 0;
}
EXPORT_SYMBOL(f_setown);

/**
 * f_delown - no owner for a file's SIGIO any more
 * @filp: the file
 */
void f_delown(struct file *filp)
{
	f_setown(filp, 0, 1);
}
EXPORT_SYMBOL(f_delown);

/**
 * ldm_fown_put - let go of a file's owner; under its lock, or at its last close
 * @fown: the owner
 */
void ldm_fown_put(struct fown_struct *fown)
{
	if (fown->pid && fown->ldm_pidfd >= 0)
		close(fown->ldm_pidfd);
	fown->pid = 0;
	fown->ldm_pidfd = -1;
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
