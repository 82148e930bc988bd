// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * chrdev_file.c - open files of character devices: the host API
 * <libldm/chrdev.h>, doing what open(2), read(2), write(2), lseek(2),
 * ioctl(2), poll(2), fcntl(2) and close(2) do on a device node of 2.6.9
 * (chrdev_open() of fs/char_dev.c, fs/read_write.c, fs/ioctl.c,
 * fs/select.c, fs/fcntl.c, fs/file_table.c).
 *
 * Every call into the driver runs under an active reference on the
 * device's node (char_dev.h): after cdev_del() a call returns -ENODEV and
 * never reaches the driver, its fops or its module.
 */
#include <pthread.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/fs.h>
#include <ldm/jiffies.h>
#include <ldm/kernel.h>
#include <ldm/poll.h>
#include <ldm/sched.h>
#include <ldm/slab.h>

#include "char_dev.h"
#include "file.h"
#include "user_errno.h"

/**
 * struct ldm_chrdev_file - one open of a character device
 * @file: what the driver's methods see
 * @inode: the device node it was opened through
 * @dentry: the file's name, as f_dentry shows it
 * @fasync_fd: the descriptor the fasync method is told (ldm_chrdev_set_owner())
 * @kref: one reference for the caller's handle, one while on @node's files
 * @node: the device's node; never its struct cdev
 * @node_entry: on @node's files until the release method has been called
 * @pollers: the calls of ldm_chrdev_poll() in progress, under @node's lock
 * @pos_lock: serializes the calls that use f_pos, as modern Linux's f_pos_lock
 */
struct ldm_chrdev_file {
	struct file file;
	struct inode inode;
	struct dentry dentry;
	int fasync_fd;
	struct kref kref;
	struct ldm_chrdev_node *node;
	struct list_head node_entry;
	struct list_head pollers;
	pthread_mutex_t pos_lock;
};

/* One ldm_chrdev_poll() call: what poll_wait() registered, and who sleeps. */
struct chrdev_poller {
	poll_table pt;
	struct list_head file_entry; /* on the file's pollers */
	struct task_struct *task;
	int triggered; /* woken since the last sleep */
	int error;     /* -ENOMEM if a wait entry could not be made */
	struct chrdev_poll_entry *entries;
};

struct chrdev_poll_entry {
	wait_queue_t wait;
	wait_queue_head_t *head;
	struct chrdev_poller *poller;
	struct chrdev_poll_entry *next;
};

/**
 * chrdev_file_of - the file of an entry of a node's list of files
 * @node_entry: the entry
 */
struct ldm_chrdev_file *chrdev_file_of(struct list_head *node_entry)
{
	return list_entry(node_entry, struct ldm_chrdev_file, node_entry);
}

static void file_free(struct kref *kref)
{
	struct ldm_chrdev_file *mf = container_of(kref, struct ldm_chrdev_file, kref);

	ldm_fown_put(&mf->file.f_owner);
	chrdev_node_put(mf->node);
	pthread_mutex_destroy(&mf->pos_lock);
	kfree(mf);
}

/**
 * chrdev_file_put - drop a reference on an open file
 * @mf: the file
 */
void chrdev_file_put(struct ldm_chrdev_file *mf)
{
	kref_put(&mf->kref, file_free);
}

/**
 * chrdev_file_release - call the release method of a file and drop the
 * reference it held on the driver's module; called once per file, by
 * whoever took it off its node's list
 * @mf: the file
 */
void chrdev_file_release(struct ldm_chrdev_file *mf)
{
	const struct file_operations *fops = mf->file.f_op;

	if (fops->release)
		fops->release(&mf->inode, &mf->file);
	fops_put(fops);
	mf->file.f_op = NULL;
}

static void poller_wake(struct chrdev_poller *p)
{
	__atomic_store_n(&p->triggered, 1, __ATOMIC_SEQ_CST);
	wake_up_process(p->task);
}

/**
 * chrdev_file_wake_pollers - wake every thread in ldm_chrdev_poll() on a file;
 * under the node's lock
 * @mf: the file
 */
void chrdev_file_wake_pollers(struct ldm_chrdev_file *mf)
{
	struct chrdev_poller *p;

	list_for_each_entry(p, &mf->pollers, file_entry)
		poller_wake(p);
}

/**
 * ldm_chrdev_open - open a character device, as open(2) on its device node
 * @dev: its number (MKDEV(major, minor))
 * @flags: open(2) flags: O_RDONLY, O_WRONLY or O_RDWR, and O_NONBLOCK
 *	and the like, which the driver sees in f_flags
 * @ret: the open file, for the other ldm_chrdev_ calls and ldm_chrdev_release()
 *
 * Takes a reference on the module of the cdev's file_operations (the module
 * cannot be unloaded while the file is open), then calls the open method,
 * which may replace file->f_op (2.6.9's input core does): the file's calls
 * go to those from then on. The file acts for the credentials the thread
 * has (ldm_thread_set_cred()): f_uid, f_gid, and no owner for SIGIO yet.
 * Return: 0; -EINVAL for a bad argument; -ENXIO if no cdev has @dev;
 * -ENODEV if its module is going away; -ENOMEM; or the error of the open
 * method.
 */
int ldm_chrdev_open(dev_t dev, int flags, struct ldm_chrdev_file **ret)
{
	const struct file_operations *fops;
	struct ldm_chrdev_node *node;
	struct ldm_chrdev_file *mf;
	int err;

	if (!ret || (flags & O_ACCMODE) == O_ACCMODE)
		return -EINVAL;
	mf = kzalloc(sizeof(*mf), GFP_KERNEL);
	if (!mf)
		return -ENOMEM;
	err = chrdev_lookup(dev, &node);
	if (err)
		goto err_free;
	fops = node->ops;
	err = -ENODEV;
	if (!fops_get(fops))
		goto err_put_node;

	mf->node = node;
	mf->fasync_fd = -1;
	kref_init(&mf->kref);
	INIT_LIST_HEAD(&mf->node_entry);
	INIT_LIST_HEAD(&mf->pollers);
	pthread_mutex_init(&mf->pos_lock, NULL);
	mf->inode.i_rdev = dev;
	mf->inode.i_mode = S_IFCHR | 0600;
	mf->inode.i_cdev = node->cdev;
	err = ldm_file_open(&mf->file, &mf->dentry, &mf->inode, fops, flags);
	if (err) {
		pthread_mutex_destroy(&mf->pos_lock);
		goto err_put_node;
	}
	pthread_mutex_lock(&node->lock);
	kref_get(&mf->kref);
	list_add_tail(&mf->node_entry, &node->files);
	pthread_mutex_unlock(&node->lock);
	chrdev_put_active(node);
	*ret = mf;
	return 0;

err_put_node:
	chrdev_put_active(node);
	chrdev_node_put(node);
err_free:
	kfree(mf);
	return (int)user_errno(err);
}

/**
 * ldm_chrdev_devt - the number a file was opened through
 * @mf: the file
 */
dev_t ldm_chrdev_devt(struct ldm_chrdev_file *mf)
{
	return mf ? mf->inode.i_rdev : 0;
}

/**
 * ldm_chrdev_set_owner - name the process that receives a file's SIGIO,
 * as fcntl(F_SETOWN) (and F_SETSIG)
 * @mf: the file
 * @pid: the process (negative: a process group), 0 for none
 * @fd: the file's descriptor in that process, which the driver's fasync
 *	method is told
 * @sig: the signal instead of SIGIO, or 0
 *
 * The owner is held by a pidfd (f_setown()): once it exits nothing is
 * sent to its pid, whoever has it since.
 * Return: 0, or -EINVAL.
 */
int ldm_chrdev_set_owner(struct ldm_chrdev_file *mf, pid_t pid, int fd, int sig)
{
	struct fown_struct *fown;

	if (!mf || sig < 0 || sig >= NSIG)
		return -EINVAL;
	fown = &mf->file.f_owner;
	f_setown(&mf->file, (unsigned long)(long)pid, 1);
	write_lock(&fown->lock);
	fown->signum = sig;
	mf->fasync_fd = fd;
	write_unlock(&fown->lock);
	return 0;
}

/* The fasync method for @on, and FASYNC in f_flags if it agreed. */
static int call_fasync(struct ldm_chrdev_file *mf, int on)
{
	const struct file_operations *fops = mf->file.f_op;
	unsigned int flags;
	int err = 0;

	if (fops->fasync)
		err = fops->fasync(mf->fasync_fd, &mf->file, on);
	if (err < 0)
		return err;
	flags = __atomic_load_n(&mf->file.f_flags, __ATOMIC_RELAXED);
	flags = on ? flags | FASYNC : flags & ~(unsigned int)FASYNC;
	__atomic_store_n(&mf->file.f_flags, flags, __ATOMIC_RELAXED);
	return 0;
}

/**
 * ldm_chrdev_fasync - turn SIGIO on or off for a file, as setting or
 * clearing O_ASYNC with fcntl(F_SETFL)
 * @mf: the file
 * @on: non-zero for on
 *
 * Calls the driver's fasync method (with the descriptor of
 * ldm_chrdev_set_owner()); a driver without one takes O_ASYNC as a flag.
 * Return: 0, -ENODEV if the device was deleted, or the method's error.
 */
int ldm_chrdev_fasync(struct ldm_chrdev_file *mf, int on)
{
	int err;

	if (!mf)
		return -EINVAL;
	if (!chrdev_get_active(mf->node))
		return -ENODEV;
	err = call_fasync(mf, !!on);
	chrdev_put_active(mf->node);
	return (int)user_errno(err);
}

/**
 * ldm_chrdev_release - close a file, as the last close(2) of it
 * @mf: the file
 *
 * Calls the flush and release methods (unless the device was deleted:
 * then release has been called already) and drops the reference on the
 * driver's module. @mf is freed; no other call on it may be in progress.
 * Return: 0, -EINVAL for a NULL file, or the error of the flush method.
 */
int ldm_chrdev_release(struct ldm_chrdev_file *mf)
{
	struct ldm_chrdev_node *node;
	bool mine;
	int err = 0;

	if (!mf)
		return -EINVAL;
	node = mf->node;
	if (chrdev_get_active(node)) {
		pthread_mutex_lock(&node->lock);
		mine = !list_empty(&mf->node_entry);
		list_del_init(&mf->node_entry);
		pthread_mutex_unlock(&node->lock);
		if (mine) {
			if (mf->file.f_op->flush)
				err = mf->file.f_op->flush(&mf->file);
			chrdev_file_release(mf);
			chrdev_file_put(mf); /* the list's reference */
		}
		chrdev_put_active(node);
	}
	/* Else the cdev_del() of the device releases it, if it has not yet. */
	chrdev_file_put(mf);
	return (int)user_errno(err);
}

/**
 * ldm_chrdev_seekable - whether a file has a position of its own
 * @mf: the file
 *
 * For a front end that must say at open whether lseek(2), pread(2) and
 * pwrite(2) make sense (FUSE's FOPEN_NONSEEKABLE).
 * Return: false if the open method called nonseekable_open() (or @mf is
 * NULL), true otherwise.
 */
bool ldm_chrdev_seekable(struct ldm_chrdev_file *mf)
{
	return mf && (mf->file.f_mode & FMODE_LSEEK);
}

/* What fcntl(F_SETFL) may change; the access mode and the rest stay. */
#define SETFL_FLAGS (O_APPEND | O_NONBLOCK | O_DIRECT | O_NOATIME)

/**
 * ldm_chrdev_set_flags - change the flags of an open file, as fcntl(F_SETFL)
 * @mf: the file
 * @flags: open(2) flags; only O_APPEND, O_NONBLOCK, O_ASYNC, O_DIRECT and
 *	O_NOATIME are taken, the others are ignored as F_SETFL ignores them
 *
 * The driver sees the new f_flags in the calls that start afterwards (a
 * front end whose requests carry the caller's current flags, as FUSE's
 * do, passes them on before each call). A change of O_ASYNC calls the
 * driver's fasync method, as ldm_chrdev_fasync().
 * Return: 0, -EINVAL for a NULL file, or the fasync method's error (then
 * nothing changed).
 */
int ldm_chrdev_set_flags(struct ldm_chrdev_file *mf, int flags)
{
	unsigned int old, new;
	int err;

	if (!mf)
		return -EINVAL;
	old = __atomic_load_n(&mf->file.f_flags, __ATOMIC_RELAXED);
	if (!!(flags & O_ASYNC) != !!(old & FASYNC)) {
		err = ldm_chrdev_fasync(mf, flags & O_ASYNC);
		if (err)
			return err;
		old = __atomic_load_n(&mf->file.f_flags, __ATOMIC_RELAXED);
	}
	new = (old & ~(unsigned int)SETFL_FLAGS) | ((unsigned int)flags & SETFL_FLAGS);
	if (new != old)
		__atomic_store_n(&mf->file.f_flags, new, __ATOMIC_RELAXED);
	return 0;
}

/**
 * ldm_chrdev_fcntl - what fcntl(2) does to a file beyond its descriptor
 * @mf: the file
 * @fd: its descriptor in the calling process (the driver's fasync
 *	method is told it)
 * @cmd: F_GETFL, F_SETFL, F_GETOWN, F_SETOWN, F_GETSIG or F_SETSIG
 * @arg: the argument, as fcntl(2) takes it
 *
 * As do_fcntl() of 2.6.9: F_SETOWN names the owner (a process, or a
 * process group if negative) for whoever the thread acts for
 * (f_setown()); F_SETSIG the signal instead of SIGIO (0: SIGIO again);
 * F_SETFL as ldm_chrdev_set_flags(), the fasync method told @fd.
 * Return: what fcntl(2) returns for @cmd, or -EINVAL for another command
 * or a bad signal, -ENODEV if the device was deleted.
 */
long ldm_chrdev_fcntl(struct ldm_chrdev_file *mf, int fd, unsigned int cmd, unsigned long arg)
{
	struct fown_struct *fown;
	long ret;

	if (!mf)
		return -EINVAL;
	fown = &mf->file.f_owner;
	switch (cmd) {
	case F_GETFL:
		return (long)__atomic_load_n(&mf->file.f_flags, __ATOMIC_RELAXED);
	case F_SETFL:
		write_lock(&fown->lock);
		mf->fasync_fd = fd;
		write_unlock(&fown->lock);
		return ldm_chrdev_set_flags(mf, (int)arg);
	case F_GETOWN:
		read_lock(&fown->lock);
		ret = fown->pid;
		read_unlock(&fown->lock);
		return ret;
	case F_SETOWN:
		return f_setown(&mf->file, arg, 1);
	case F_GETSIG:
		read_lock(&fown->lock);
		ret = fown->signum;
		read_unlock(&fown->lock);
		return ret;
	case F_SETSIG:
		if (arg > _NSIG)
			return -EINVAL;
		write_lock(&fown->lock);
		fown->signum = (int)arg;
		write_unlock(&fown->lock);
		return 0;
	default:
		return -EINVAL;
	}
}

/* The driver's read or write at *@ppos. */
static ssize_t call_io(struct ldm_chrdev_file *mf, bool write, void *buf, size_t count,
		       loff_t *ppos)
{
	const struct file_operations *fops = mf->file.f_op;

	if (write)
		return fops->write(&mf->file, buf, count, ppos);
	return fops->read(&mf->file, buf, count, ppos);
}

/*
 * A read or write at *@pos, or at f_pos if @pos is NULL: under pos_lock,
 * unless the file is a stream.
 */
static ssize_t do_io(struct ldm_chrdev_file *mf, bool write, void *buf, size_t count, loff_t *pos)
{
	ssize_t ret;
	loff_t p;

	if (!(mf->file.f_mode & (write ? FMODE_WRITE : FMODE_READ)))
		return -EBADF;
	if (write ? !mf->file.f_op->write : !mf->file.f_op->read)
		return -EINVAL;
	if (pos) {
		if (!(mf->file.f_mode & FMODE_PREAD))
			return -ESPIPE;
		if (*pos < 0)
			return -EINVAL;
		return call_io(mf, write, buf, count, pos);
	}
	if (!(mf->file.f_mode & FMODE_LSEEK)) {
		/*
		 * A stream (nonseekable_open()): its position means nothing, and
		 * Linux takes no f_pos lock for a device; a read asleep in the
		 * driver must not hold up a write that would wake it.
		 */
		p = __atomic_load_n(&mf->file.f_pos, __ATOMIC_RELAXED);
		ret = call_io(mf, write, buf, count, &p);
		__atomic_store_n(&mf->file.f_pos, p, __ATOMIC_RELAXED);
		return ret;
	}
	pthread_mutex_lock(&mf->pos_lock);
	p = mf->file.f_pos;
	ret = call_io(mf, write, buf, count, &p);
	mf->file.f_pos = p;
	pthread_mutex_unlock(&mf->pos_lock);
	return ret;
}

/**
 * ldm_chrdev_read - read from a file, as read(2) or pread(2)
 * @mf: the file
 * @buf: where to put what is read
 * @count: at most this many bytes
 * @pos: NULL to read at the file's position and advance it (read(2));
 *	else where to read, advanced by what the driver read (pread(2))
 *
 * Return: the bytes read (0 at the end), or -ENODEV if the device was
 * deregistered, -EBADF if the file is not open for reading, -EINVAL if the
 * driver has no read method or @count or *@pos is out of range, -ESPIPE for
 * a position on a file opened with nonseekable_open(), or the driver's error.
 */
ssize_t ldm_chrdev_read(struct ldm_chrdev_file *mf, char *buf, size_t count, loff_t *pos)
{
	ssize_t ret;

	if (!mf || count > SSIZE_MAX)
		return -EINVAL;
	if (!chrdev_get_active(mf->node))
		return -ENODEV;
	ret = do_io(mf, false, buf, count, pos);
	chrdev_put_active(mf->node);
	return user_errno(ret);
}

/**
 * ldm_chrdev_write - write to a file, as write(2) or pwrite(2)
 * @mf: the file
 * @buf: what to write
 * @count: its length
 * @pos: as for ldm_chrdev_read()
 *
 * Return: the bytes written, or an error as ldm_chrdev_read()'s (-EBADF if the
 * file is not open for writing).
 */
ssize_t ldm_chrdev_write(struct ldm_chrdev_file *mf, const char *buf, size_t count, loff_t *pos)
{
	ssize_t ret;

	if (!mf || count > SSIZE_MAX)
		return -EINVAL;
	if (!chrdev_get_active(mf->node))
		return -ENODEV;
	ret = do_io(mf, true, (void *)buf, count, pos);
	chrdev_put_active(mf->node);
	return user_errno(ret);
}

/**
 * ldm_chrdev_llseek - move the file's position, as lseek(2)
 * @mf: the file
 * @offset: the new position, relative to @whence
 * @whence: SEEK_SET, SEEK_CUR or SEEK_END
 *
 * Calls the driver's llseek method, or default_llseek() if it has none, or
 * no_llseek() for a file opened with nonseekable_open().
 * Return: the new position, -ENODEV if the device was deleted, -EINVAL
 * for a bad @whence or position, -ESPIPE, or the driver's error.
 */
loff_t ldm_chrdev_llseek(struct ldm_chrdev_file *mf, loff_t offset, int whence)
{
	loff_t (*fn)(struct file *, loff_t, int) = no_llseek;
	loff_t ret;

	if (!mf || whence < SEEK_SET || whence > SEEK_END)
		return -EINVAL;
	if (!chrdev_get_active(mf->node))
		return -ENODEV;
	if (mf->file.f_mode & FMODE_LSEEK)
		fn = mf->file.f_op->llseek ? mf->file.f_op->llseek : default_llseek;
	pthread_mutex_lock(&mf->pos_lock);
	ret = fn(&mf->file, offset, whence);
	pthread_mutex_unlock(&mf->pos_lock);
	chrdev_put_active(mf->node);
	return user_errno(ret);
}

/**
 * ldm_chrdev_ioctl - a device-specific command, as ioctl(2)
 * @mf: the file
 * @cmd: the command
 * @arg: its argument (often the address of a buffer of the caller's)
 *
 * Calls unlocked_ioctl if the driver has one, else ioctl; neither runs under
 * a big lock (2.6.9 held the BKL around ioctl): a driver locks what it needs.
 * Return: the method's return, -ENOTTY if there is none or it returned
 * -ENOIOCTLCMD, or -ENODEV if the device was deleted.
 */
long ldm_chrdev_ioctl(struct ldm_chrdev_file *mf, unsigned int cmd, unsigned long arg)
{
	const struct file_operations *fops;
	long ret = -ENOTTY;

	if (!mf)
		return -EINVAL;
	if (!chrdev_get_active(mf->node))
		return -ENODEV;
	fops = mf->file.f_op;
	if (fops->unlocked_ioctl)
		ret = fops->unlocked_ioctl(&mf->file, cmd, arg);
	else if (fops->ioctl)
		ret = fops->ioctl(&mf->inode, &mf->file, cmd, arg);
	chrdev_put_active(mf->node);
	return user_errno(ret);
}

static int poll_wake(wait_queue_t *wait, unsigned int mode, int sync, void *key)
{
	struct chrdev_poll_entry *e = container_of(wait, struct chrdev_poll_entry, wait);

	(void)mode;
	(void)sync;
	(void)key;
	poller_wake(e->poller);
	return 1;
}

/* The poll_table's queue_proc: watch one more wait queue of the driver. */
static void poll_queue(struct file *file, wait_queue_head_t *head, poll_table *pt)
{
	struct chrdev_poller *p = container_of(pt, struct chrdev_poller, pt);
	struct chrdev_poll_entry *e = kzalloc(sizeof(*e), GFP_KERNEL);

	(void)file;
	if (!e) {
		p->error = -ENOMEM;
		return;
	}
	init_waitqueue_func_entry(&e->wait, poll_wake);
	e->head = head;
	e->poller = p;
	e->next = p->entries;
	p->entries = e;
	add_wait_queue(head, &e->wait);
}

static void poll_free_entries(struct chrdev_poller *p)
{
	struct chrdev_poll_entry *e, *next;

	for (e = p->entries; e; e = next) {
		next = e->next;
		remove_wait_queue(e->head, &e->wait);
		kfree(e);
	}
	p->entries = NULL;
}

/* The loop of do_poll() for one file: 0 on timeout, else events or -errno. */
static int poll_loop(struct ldm_chrdev_file *mf, struct chrdev_poller *p, unsigned int events,
		     long timeout)
{
	const struct file_operations *fops = mf->file.f_op;
	poll_table *pt = &p->pt;
	unsigned int mask;

	for (;;) {
		mask = fops->poll ? fops->poll(&mf->file, pt) : DEFAULT_POLLMASK;
		pt = NULL; /* the wait queues are registered once */
		mask &= events | POLLERR | POLLHUP;
		if (mask)
			return (int)mask;
		if (p->error)
			return p->error;
		if (!timeout)
			return 0;
		if (signal_pending(current))
			return -EINTR;
		set_current_state(TASK_INTERRUPTIBLE);
		if (!__atomic_load_n(&p->triggered, __ATOMIC_SEQ_CST) &&
		    !chrdev_node_dead(mf->node))
			timeout = schedule_timeout(timeout);
		set_current_state(TASK_RUNNING);
		__atomic_store_n(&p->triggered, 0, __ATOMIC_SEQ_CST);
		if (chrdev_node_dead(mf->node))
			return -ENODEV;
	}
}

/**
 * ldm_chrdev_poll - wait for events on a file, as poll(2) on one descriptor
 * @mf: the file
 * @events: the POLL* bits wanted (POLLERR and POLLHUP are always reported)
 * @timeout_ms: how long to wait: 0 to only look, negative for no limit
 *
 * Calls the driver's poll method (DEFAULT_POLLMASK without one), and while
 * nothing wanted holds, sleeps until a wait queue the method named with
 * poll_wait() is woken, then asks again. The sleep is interruptible: a
 * thread given ldm_thread_interrupt() returns -EINTR.
 * Return: the POLL* bits that hold (a subset of @events, POLLERR, POLLHUP),
 * 0 if none came in time, -ENODEV if the device was (or is while waiting)
 * deregistered, -EINTR, or -ENOMEM.
 */
int ldm_chrdev_poll(struct ldm_chrdev_file *mf, unsigned int events, int timeout_ms)
{
	struct chrdev_poller p = { .error = 0 };
	long timeout;
	int ret;

	if (!mf)
		return -EINVAL;
	if (!chrdev_get_active(mf->node))
		return -ENODEV;
	timeout = timeout_ms < 0 ? MAX_SCHEDULE_TIMEOUT :
				   (long)msecs_to_jiffies((unsigned int)timeout_ms);
	init_poll_funcptr(&p.pt, poll_queue);
	p.task = current;
	pthread_mutex_lock(&mf->node->lock);
	list_add(&p.file_entry, &mf->pollers);
	pthread_mutex_unlock(&mf->node->lock);

	ret = poll_loop(mf, &p, events, timeout);

	poll_free_entries(&p);
	pthread_mutex_lock(&mf->node->lock);
	list_del(&p.file_entry);
	pthread_mutex_unlock(&mf->node->lock);
	chrdev_put_active(mf->node);
	return (int)user_errno(ret);
}
