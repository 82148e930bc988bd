// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * misc-file.c - open files of misc devices: the runtime's API for front
 * ends (<ldm/miscdevice.h>), doing what open(2), read(2), write(2),
 * lseek(2), ioctl(2), poll(2) and close(2) do on a device node of 2.6.9
 * (misc_open() of drivers/char/misc.c, fs/read_write.c, fs/ioctl.c,
 * fs/select.c, fs/file_table.c).
 *
 * Every call into the driver runs under an active reference on the
 * device's node (misc.h): after misc_deregister() a call returns -ENODEV
 * and never reaches the driver, its fops or its module.
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

#include "misc.h"
#include "user_errno.h"

/* Open flags that act at open(2) only and are not kept in f_flags. */
#define OPEN_ONLY_FLAGS (O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC)

/**
 * struct ldm_misc_file - one open of a misc device
 * @file: what the driver's methods see
 * @inode: the device node it was opened through
 * @kref: one reference for the caller's handle, one while on @node's files
 * @node: the device's node; never its struct miscdevice
 * @node_entry: on @node's files until the release method has been called
 * @pollers: the calls of ldm_misc_poll() in progress, under @node's lock
 * @pos_lock: serializes the calls that use f_pos, as modern Linux's f_pos_lock
 */
struct ldm_misc_file {
	struct file file;
	struct inode inode;
	struct kref kref;
	struct ldm_misc_node *node;
	struct list_head node_entry;
	struct list_head pollers;
	pthread_mutex_t pos_lock;
};

/* One ldm_misc_poll() call: what poll_wait() registered, and who sleeps. */
struct misc_poller {
	poll_table pt;
	struct list_head file_entry; /* on the file's pollers */
	struct task_struct *task;
	int triggered; /* woken since the last sleep */
	int error;     /* -ENOMEM if a wait entry could not be made */
	struct misc_poll_entry *entries;
};

struct misc_poll_entry {
	wait_queue_t wait;
	wait_queue_head_t *head;
	struct misc_poller *poller;
	struct misc_poll_entry *next;
};

/**
 * misc_file_of - the file of an entry of a node's list of files
 * @node_entry: the entry
 */
struct ldm_misc_file *misc_file_of(struct list_head *node_entry)
{
	return list_entry(node_entry, struct ldm_misc_file, node_entry);
}

static void file_free(struct kref *kref)
{
	struct ldm_misc_file *mf = container_of(kref, struct ldm_misc_file, kref);

	misc_node_put(mf->node);
	pthread_mutex_destroy(&mf->pos_lock);
	kfree(mf);
}

/**
 * misc_file_put - drop a reference on an open file
 * @mf: the file
 */
void misc_file_put(struct ldm_misc_file *mf)
{
	kref_put(&mf->kref, file_free);
}

/**
 * misc_file_release - call the release method of a file and drop the
 * reference it held on the driver's module; called once per file, by
 * whoever took it off its node's list
 * @mf: the file
 */
void misc_file_release(struct ldm_misc_file *mf)
{
	const struct file_operations *fops = mf->file.f_op;

	if (fops->release)
		fops->release(&mf->inode, &mf->file);
	fops_put(fops);
	mf->file.f_op = NULL;
}

static void poller_wake(struct misc_poller *p)
{
	__atomic_store_n(&p->triggered, 1, __ATOMIC_SEQ_CST);
	wake_up_process(p->task);
}

/**
 * misc_file_wake_pollers - wake every thread in ldm_misc_poll() on a file;
 * under the node's lock
 * @mf: the file
 */
void misc_file_wake_pollers(struct ldm_misc_file *mf)
{
	struct misc_poller *p;

	list_for_each_entry(p, &mf->pollers, file_entry)
		poller_wake(p);
}

/**
 * ldm_misc_open - open a misc device, as open(2) on its device node
 * @name: the device's name (as in /class/misc/<name>)
 * @flags: open(2) flags: O_RDONLY, O_WRONLY or O_RDWR, and O_NONBLOCK
 *	and the like, which the driver sees in f_flags
 * @ret: the open file, for the other ldm_misc_ calls and ldm_misc_release()
 *
 * Takes a reference on the module of the device's file_operations (the
 * module cannot be unloaded while the file is open), then calls the open
 * method.
 * Return: 0; -EINVAL for a bad argument; -ENODEV if no misc device of that
 * name is registered or its module is going away; -ENOMEM; or the error of
 * the open method.
 */
int ldm_misc_open(const char *name, int flags, struct ldm_misc_file **ret)
{
	const struct file_operations *fops;
	struct ldm_misc_node *node;
	struct ldm_misc_file *mf;
	dev_t devt;
	int err;

	if (!name || !ret || (flags & O_ACCMODE) == O_ACCMODE)
		return -EINVAL;
	mf = kzalloc(sizeof(*mf), GFP_KERNEL);
	if (!mf)
		return -ENOMEM;
	err = misc_find(name, &node, &fops, &devt);
	if (err)
		goto err_free;
	err = -ENODEV;
	if (!fops_get(fops))
		goto err_put_node;

	mf->node = node;
	kref_init(&mf->kref);
	INIT_LIST_HEAD(&mf->node_entry);
	INIT_LIST_HEAD(&mf->pollers);
	pthread_mutex_init(&mf->pos_lock, NULL);
	mf->inode.i_rdev = devt;
	mf->file.f_op = fops;
	mf->file.f_flags = (unsigned int)(flags & ~OPEN_ONLY_FLAGS);
	mf->file.f_mode =
		(mode_t)(((flags + 1) & O_ACCMODE) | FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE);
	err = fops->open ? fops->open(&mf->inode, &mf->file) : 0;
	if (err) {
		fops_put(fops);
		pthread_mutex_destroy(&mf->pos_lock);
		goto err_put_node;
	}
	pthread_mutex_lock(&node->lock);
	kref_get(&mf->kref);
	list_add_tail(&mf->node_entry, &node->files);
	pthread_mutex_unlock(&node->lock);
	misc_put_active(node);
	*ret = mf;
	return 0;

err_put_node:
	misc_put_active(node);
	misc_node_put(node);
err_free:
	kfree(mf);
	return (int)user_errno(err);
}

/**
 * ldm_misc_release - close a file, as the last close(2) of it
 * @mf: the file
 *
 * Calls the flush and release methods (unless the device was deregistered:
 * then release has been called already) and drops the reference on the
 * driver's module. @mf is freed; no other call on it may be in progress.
 * Return: 0, -EINVAL for a NULL file, or the error of the flush method.
 */
int ldm_misc_release(struct ldm_misc_file *mf)
{
	struct ldm_misc_node *node;
	bool mine;
	int err = 0;

	if (!mf)
		return -EINVAL;
	node = mf->node;
	if (misc_get_active(node)) {
		pthread_mutex_lock(&node->lock);
		mine = !list_empty(&mf->node_entry);
		list_del_init(&mf->node_entry);
		pthread_mutex_unlock(&node->lock);
		if (mine) {
			if (mf->file.f_op->flush)
				err = mf->file.f_op->flush(&mf->file);
			misc_file_release(mf);
			misc_file_put(mf); /* the list's reference */
		}
		misc_put_active(node);
	}
	/* Else the device's deregistration releases it, if it has not yet. */
	misc_file_put(mf);
	return (int)user_errno(err);
}

/**
 * ldm_misc_seekable - whether a file has a position of its own
 * @mf: the file
 *
 * For a front end that must say at open whether lseek(2), pread(2) and
 * pwrite(2) make sense (FUSE's FOPEN_NONSEEKABLE).
 * Return: false if the open method called nonseekable_open() (or @mf is
 * NULL), true otherwise.
 */
bool ldm_misc_seekable(struct ldm_misc_file *mf)
{
	return mf && (mf->file.f_mode & FMODE_LSEEK);
}

/* What fcntl(F_SETFL) may change; the access mode and the rest stay. */
#define SETFL_FLAGS (O_APPEND | O_NONBLOCK | O_ASYNC | O_DIRECT | O_NOATIME)

/**
 * ldm_misc_set_flags - change the flags of an open file, as fcntl(F_SETFL)
 * @mf: the file
 * @flags: open(2) flags; only O_APPEND, O_NONBLOCK, O_ASYNC, O_DIRECT and
 *	O_NOATIME are taken, the others are ignored as F_SETFL ignores them
 *
 * The driver sees the new f_flags in the calls that start afterwards (a
 * front end whose requests carry the caller's current flags, as FUSE's
 * do, passes them on before each call). The fasync method of later kernels
 * does not exist here: O_ASYNC is only recorded.
 * Return: 0, or -EINVAL for a NULL file.
 */
int ldm_misc_set_flags(struct ldm_misc_file *mf, int flags)
{
	unsigned int old, new;

	if (!mf)
		return -EINVAL;
	old = __atomic_load_n(&mf->file.f_flags, __ATOMIC_RELAXED);
	new = (old & ~(unsigned int)SETFL_FLAGS) | ((unsigned int)flags & SETFL_FLAGS);
	if (new != old)
		__atomic_store_n(&mf->file.f_flags, new, __ATOMIC_RELAXED);
	return 0;
}

/* The driver's read or write at *@ppos. */
static ssize_t call_io(struct ldm_misc_file *mf, bool write, void *buf, size_t count, loff_t *ppos)
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
static ssize_t do_io(struct ldm_misc_file *mf, bool write, void *buf, size_t count, loff_t *pos)
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
 * ldm_misc_read - read from a file, as read(2) or pread(2)
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
ssize_t ldm_misc_read(struct ldm_misc_file *mf, char *buf, size_t count, loff_t *pos)
{
	ssize_t ret;

	if (!mf || count > SSIZE_MAX)
		return -EINVAL;
	if (!misc_get_active(mf->node))
		return -ENODEV;
	ret = do_io(mf, false, buf, count, pos);
	misc_put_active(mf->node);
	return user_errno(ret);
}

/**
 * ldm_misc_write - write to a file, as write(2) or pwrite(2)
 * @mf: the file
 * @buf: what to write
 * @count: its length
 * @pos: as for ldm_misc_read()
 *
 * Return: the bytes written, or an error as ldm_misc_read()'s (-EBADF if the
 * file is not open for writing).
 */
ssize_t ldm_misc_write(struct ldm_misc_file *mf, const char *buf, size_t count, loff_t *pos)
{
	ssize_t ret;

	if (!mf || count > SSIZE_MAX)
		return -EINVAL;
	if (!misc_get_active(mf->node))
		return -ENODEV;
	ret = do_io(mf, true, (void *)buf, count, pos);
	misc_put_active(mf->node);
	return user_errno(ret);
}

/**
 * ldm_misc_llseek - move the file's position, as lseek(2)
 * @mf: the file
 * @offset: the new position, relative to @whence
 * @whence: SEEK_SET, SEEK_CUR or SEEK_END
 *
 * Calls the driver's llseek method, or default_llseek() if it has none, or
 * no_llseek() for a file opened with nonseekable_open().
 * Return: the new position, -ENODEV if the device was deregistered, -EINVAL
 * for a bad @whence or position, -ESPIPE, or the driver's error.
 */
loff_t ldm_misc_llseek(struct ldm_misc_file *mf, loff_t offset, int whence)
{
	loff_t (*fn)(struct file *, loff_t, int) = no_llseek;
	loff_t ret;

	if (!mf || whence < SEEK_SET || whence > SEEK_END)
		return -EINVAL;
	if (!misc_get_active(mf->node))
		return -ENODEV;
	if (mf->file.f_mode & FMODE_LSEEK)
		fn = mf->file.f_op->llseek ? mf->file.f_op->llseek : default_llseek;
	pthread_mutex_lock(&mf->pos_lock);
	ret = fn(&mf->file, offset, whence);
	pthread_mutex_unlock(&mf->pos_lock);
	misc_put_active(mf->node);
	return user_errno(ret);
}

/**
 * ldm_misc_ioctl - a device-specific command, as ioctl(2)
 * @mf: the file
 * @cmd: the command
 * @arg: its argument (often the address of a buffer of the caller's)
 *
 * Calls unlocked_ioctl if the driver has one, else ioctl; neither runs under
 * a big lock (2.6.9 held the BKL around ioctl): a driver locks what it needs.
 * Return: the method's return, -ENOTTY if there is none or it returned
 * -ENOIOCTLCMD, or -ENODEV if the device was deregistered.
 */
long ldm_misc_ioctl(struct ldm_misc_file *mf, unsigned int cmd, unsigned long arg)
{
	const struct file_operations *fops;
	long ret = -ENOTTY;

	if (!mf)
		return -EINVAL;
	if (!misc_get_active(mf->node))
		return -ENODEV;
	fops = mf->file.f_op;
	if (fops->unlocked_ioctl)
		ret = fops->unlocked_ioctl(&mf->file, cmd, arg);
	else if (fops->ioctl)
		ret = fops->ioctl(&mf->inode, &mf->file, cmd, arg);
	misc_put_active(mf->node);
	return user_errno(ret);
}

static int poll_wake(wait_queue_t *wait, unsigned int mode, int sync, void *key)
{
	struct misc_poll_entry *e = container_of(wait, struct misc_poll_entry, wait);

	(void)mode;
	(void)sync;
	(void)key;
	poller_wake(e->poller);
	return 1;
}

/* The poll_table's queue_proc: watch one more wait queue of the driver. */
static void poll_queue(struct file *file, wait_queue_head_t *head, poll_table *pt)
{
	struct misc_poller *p = container_of(pt, struct misc_poller, pt);
	struct misc_poll_entry *e = kzalloc(sizeof(*e), GFP_KERNEL);

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

static void poll_free_entries(struct misc_poller *p)
{
	struct misc_poll_entry *e, *next;

	for (e = p->entries; e; e = next) {
		next = e->next;
		remove_wait_queue(e->head, &e->wait);
		kfree(e);
	}
	p->entries = NULL;
}

/* The loop of do_poll() for one file: 0 on timeout, else events or -errno. */
static int poll_loop(struct ldm_misc_file *mf, struct misc_poller *p, unsigned int events,
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
		if (!__atomic_load_n(&p->triggered, __ATOMIC_SEQ_CST) && !misc_node_dead(mf->node))
			timeout = schedule_timeout(timeout);
		set_current_state(TASK_RUNNING);
		__atomic_store_n(&p->triggered, 0, __ATOMIC_SEQ_CST);
		if (misc_node_dead(mf->node))
			return -ENODEV;
	}
}

/**
 * ldm_misc_poll - wait for events on a file, as poll(2) on one descriptor
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
int ldm_misc_poll(struct ldm_misc_file *mf, unsigned int events, int timeout_ms)
{
	struct misc_poller p = { .error = 0 };
	long timeout;
	int ret;

	if (!mf)
		return -EINVAL;
	if (!misc_get_active(mf->node))
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
	misc_put_active(mf->node);
	return (int)user_errno(ret);
}
