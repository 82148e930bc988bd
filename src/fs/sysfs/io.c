// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * io.c - open, read, write and close on attribute files: the file
 * operations of fs/sysfs/file.c and bin.c, behind the path-level API.
 *
 * A text attribute is read through a page that show() fills when a read
 * starts at offset 0, as in 2.6.9; every write is one store() call with the
 * bytes NUL-terminated, and a write of more than PAGE_SIZE bytes fails whole
 * with -E2BIG, as modern kernfs does. A binary attribute reads and writes at
 * offsets, at most PAGE_SIZE at a time, within its size when it has one.
 */
#include <poll.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>

#include "sysfs.h"
#include "user_errno.h"

struct ldm_sysfs_file {
	struct sysfs_dirent *sd;
	struct sysfs_ops *ops; /* text attributes */
	int flags;
	size_t count; /* bytes show() left in @page */
	bool filled;
	char *page;	      /* PAGE_SIZE + 1 */
	pthread_mutex_t lock; /* one I/O at a time on the page */
	unsigned long event;  /* the sysfs_notify() count last read */
	loff_t pos;	      /* the file's position, under @lock */
};

static bool want_read(int flags)
{
	return (flags & O_ACCMODE) == O_RDONLY || (flags & O_ACCMODE) == O_RDWR;
}

static bool want_write(int flags)
{
	return (flags & O_ACCMODE) == O_WRONLY || (flags & O_ACCMODE) == O_RDWR;
}

/* As 2.6.9's check_perm(): the mode must allow it and a method must exist. */
static int check_perm(struct ldm_sysfs_file *f)
{
	struct sysfs_dirent *sd = f->sd;
	bool can_read, can_write;

	if (sd->s_type == LDM_SYSFS_ATTR) {
		f->ops = sysfs_attr_ops(sysfs_kobj(sd));
		if (!f->ops)
			return -EACCES;
		can_read = f->ops->show;
		can_write = f->ops->store;
	} else {
		can_read = sd->s_bin_attr->read;
		can_write = sd->s_bin_attr->write;
	}
	if (want_read(f->flags) && (!(sd->s_mode & 0444) || !can_read))
		return -EACCES;
	if (want_write(f->flags) && (!(sd->s_mode & 0222) || !can_write))
		return -EACCES;
	return 0;
}

/**
 * ldm_sysfs_open - open an attribute for I/O
 * @node: an attribute node
 * @flags: O_RDONLY, O_WRONLY or O_RDWR
 * @ret: the open file
 *
 * Return: 0; -EISDIR for a directory, -ELOOP for a link, -EACCES when the
 * mode or the attribute's methods do not allow the access (whoever asks: the
 * file's mode is checked as 2.6.9 did; the mount checks users), -ENODEV if
 * the node has been removed, -ENOMEM.
 */
int ldm_sysfs_open(struct ldm_sysfs_node *node, int flags, struct ldm_sysfs_file **ret)
{
	struct sysfs_dirent *sd = to_sd(node);
	struct ldm_sysfs_file *f;
	int error;

	if (!sd || !ret)
		return -EINVAL;
	if (sd->s_type == LDM_SYSFS_DIR)
		return -EISDIR;
	if (sd->s_type == LDM_SYSFS_LINK)
		return -ELOOP;
	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return -ENOMEM;
	f->sd = sd;
	f->flags = flags;
	if (!sysfs_get_active(sd)) {
		kfree(f);
		return -ENODEV;
	}
	error = check_perm(f);
	sysfs_put_active(sd);
	if (!error) {
		f->page = kmalloc(PAGE_SIZE + 1, GFP_KERNEL);
		if (!f->page)
			error = -ENOMEM;
	}
	if (error) {
		kfree(f);
		return error;
	}
	pthread_mutex_init(&f->lock, NULL);
	f->event = sysfs_event(sd);
	sysfs_get(sd);
	*ret = f;
	return 0;
}

/* Call show() into the page; under an active reference. */
static ssize_t fill_read_buffer(struct ldm_sysfs_file *f)
{
	struct sysfs_dirent *sd = f->sd;
	ssize_t count;

	/* What a poller has seen is what this show() sees, or later. */
	__atomic_store_n(&f->event, sysfs_event(sd), __ATOMIC_RELAXED);
	/* The page is overwritten from here: until show() succeeds, nothing is in it. */
	f->filled = false;
	f->count = 0;
	memset(f->page, 0, PAGE_SIZE);
	count = f->ops->show(sysfs_kobj(sd), (struct attribute *)sd->s_attr, f->page);
	if (count < 0)
		return count;
	if ((size_t)count > PAGE_SIZE) {
		printk(KERN_ERR "sysfs: show() of %s returned %zd, more than PAGE_SIZE\n",
		       sysfs_name(sd), count);
		count = (ssize_t)PAGE_SIZE;
	}
	f->count = (size_t)count;
	f->filled = true;
	return 0;
}

static ssize_t read_text(struct ldm_sysfs_file *f, char *buf, size_t count, loff_t off)
{
	ssize_t error;

	if (off == 0 || !f->filled) {
		error = fill_read_buffer(f);
		if (error)
			return error;
	}
	if ((size_t)off >= f->count)
		return 0;
	count = min(count, f->count - (size_t)off);
	memcpy(buf, f->page + off, count);
	return (ssize_t)count;
}

/* Clamp a binary transfer to a page and to the attribute's size. */
static size_t bin_clamp(struct bin_attribute *attr, size_t count, loff_t off)
{
	count = min(count, (size_t)PAGE_SIZE);
	if (attr->size) {
		if ((size_t)off >= attr->size)
			return 0;
		count = min(count, attr->size - (size_t)off);
	}
	return count;
}

static ssize_t read_bin(struct ldm_sysfs_file *f, char *buf, size_t count, loff_t off)
{
	struct bin_attribute *attr = f->sd->s_bin_attr;
	ssize_t ret;

	count = bin_clamp(attr, count, off);
	if (!count)
		return 0;
	ret = attr->read(sysfs_kobj(f->sd), f->page, off, count);
	if (ret < 0)
		return ret;
	if ((size_t)ret > count)
		ret = (ssize_t)count;
	memcpy(buf, f->page, (size_t)ret);
	return ret;
}

/* After an I/O of @ret bytes at @off: move *@pos, or the file's position. */
static void advance(struct ldm_sysfs_file *f, loff_t *pos, loff_t off, ssize_t ret)
{
	if (ret <= 0)
		return;
	if (pos)
		*pos = off + ret;
	else
		f->pos = off + ret;
}

/**
 * ldm_sysfs_read - read from an open attribute
 * @f: the file, opened for reading
 * @buf: where the bytes go
 * @count: how many at most
 * @pos: NULL to read at the file's position and advance it (read(2));
 *	else where to read, advanced by what was read (pread(2))
 *
 * A text attribute's show() is called when a read starts at offset 0.
 * Return: bytes read (0 at the end), -EBADF if not open for reading,
 * -ENODEV if the attribute was removed, -EINVAL for a negative *@pos, or
 * the show()/read() error.
 */
ssize_t ldm_sysfs_read(struct ldm_sysfs_file *f, char *buf, size_t count, loff_t *pos)
{
	ssize_t ret;
	loff_t off;

	if (!f || (!buf && count) || (pos && *pos < 0))
		return -EINVAL;
	if (!want_read(f->flags))
		return -EBADF;
	if (!sysfs_get_active(f->sd))
		return -ENODEV;
	pthread_mutex_lock(&f->lock);
	off = pos ? *pos : f->pos;
	if (f->sd->s_type == LDM_SYSFS_ATTR)
		ret = read_text(f, buf, count, off);
	else
		ret = read_bin(f, buf, count, off);
	advance(f, pos, off, ret);
	pthread_mutex_unlock(&f->lock);
	sysfs_put_active(f->sd);
	return user_errno(ret);
}

/**
 * ldm_sysfs_poll - what poll(2) on an open attribute reports
 * @f: the file
 * @timeout_ms: how long to wait for a sysfs_notify() since the last read
 *	(0: do not wait; negative: no limit)
 *
 * As sysfs: always readable and writable (POLLIN | POLLRDNORM | POLLOUT |
 * POLLWRNORM), and POLLERR | POLLPRI once the attribute was notified since
 * this file last read it (from offset 0), or was removed.
 * Return: the mask, or -EINVAL.
 */
int ldm_sysfs_poll(struct ldm_sysfs_file *f, int timeout_ms)
{
	unsigned long seen, event;
	int mask = POLLIN | POLLRDNORM | POLLOUT | POLLWRNORM;

	if (!f)
		return -EINVAL;
	seen = __atomic_load_n(&f->event, __ATOMIC_RELAXED);
	event = sysfs_wait_event(f->sd, seen, timeout_ms);
	if (event != seen || sysfs_removed(f->sd))
		mask |= POLLERR | POLLPRI;
	return mask;
}

static ssize_t write_text(struct ldm_sysfs_file *f, const char *buf, size_t count)
{
	struct sysfs_dirent *sd = f->sd;

	if (count > PAGE_SIZE)
		return -E2BIG;
	/* The page shared with reads now holds these bytes: the next read refills. */
	f->filled = false;
	f->count = 0;
	memcpy(f->page, buf, count);
	f->page[count] = '\0';
	return f->ops->store(sysfs_kobj(sd), (struct attribute *)sd->s_attr, f->page, count);
}

static ssize_t write_bin(struct ldm_sysfs_file *f, const char *buf, size_t count, loff_t off)
{
	struct bin_attribute *attr = f->sd->s_bin_attr;

	count = bin_clamp(attr, count, off);
	if (!count)
		return 0;
	memcpy(f->page, buf, count);
	return attr->write(sysfs_kobj(f->sd), f->page, off, count);
}

/**
 * ldm_sysfs_write - write to an open attribute
 * @f: the file, opened for writing
 * @buf: the bytes
 * @count: how many
 * @pos: as for ldm_sysfs_read(); a text attribute takes each write whole,
 *	as one store(), wherever it is, and the position moves past it
 *
 * Return: what store()/write() returned, -E2BIG for a text write of more
 * than PAGE_SIZE bytes (nothing is stored), -EBADF, -ENODEV, -EINVAL.
 */
ssize_t ldm_sysfs_write(struct ldm_sysfs_file *f, const char *buf, size_t count, loff_t *pos)
{
	ssize_t ret;
	loff_t off;

	if (!f || (!buf && count) || (pos && *pos < 0))
		return -EINVAL;
	if (!want_write(f->flags))
		return -EBADF;
	if (!sysfs_get_active(f->sd))
		return -ENODEV;
	pthread_mutex_lock(&f->lock);
	off = pos ? *pos : f->pos;
	if (f->sd->s_type == LDM_SYSFS_ATTR)
		ret = write_text(f, buf, count);
	else
		ret = write_bin(f, buf, count, off);
	advance(f, pos, off, ret);
	pthread_mutex_unlock(&f->lock);
	sysfs_put_active(f->sd);
	return user_errno(ret);
}

/**
 * ldm_sysfs_release - close an open attribute, as close(2)
 * @f: the file; freed
 *
 * Return: 0, or -EINVAL for a NULL @f.
 */
int ldm_sysfs_release(struct ldm_sysfs_file *f)
{
	if (!f)
		return -EINVAL;
	sysfs_put(f->sd);
	pthread_mutex_destroy(&f->lock);
	kfree(f->page);
	kfree(f);
	return 0;
}

/**
 * ldm_sysfs_read_path - read a whole attribute, as cat does
 * @path: the attribute's path (links are followed)
 * @buf: where the contents go, NUL-terminated
 * @size: room in @buf
 *
 * Return: the length read, or a negative errno from look-up, open or read.
 */
ssize_t ldm_sysfs_read_path(const char *path, char *buf, size_t size)
{
	struct ldm_sysfs_file *f;
	struct ldm_sysfs_node *node;
	ssize_t n, total = 0;
	int error;

	if (!buf || !size)
		return -EINVAL;
	error = ldm_sysfs_lookup(path, LDM_SYSFS_FOLLOW, &node);
	if (error)
		return error;
	error = ldm_sysfs_open(node, O_RDONLY, &f);
	ldm_sysfs_put(node);
	if (error)
		return error;
	while ((size_t)total < size - 1) {
		n = ldm_sysfs_read(f, buf + total, size - 1 - (size_t)total, NULL);
		if (n <= 0) {
			if (n < 0)
				total = n;
			break;
		}
		total += n;
	}
	ldm_sysfs_release(f);
	if (total >= 0)
		buf[total] = '\0';
	return total;
}

/**
 * ldm_sysfs_write_path - write an attribute in one write, as echo does
 * @path: the attribute's path (links are followed)
 * @buf: the bytes
 * @count: how many
 *
 * Return: what the write returned, or a negative errno from look-up or open.
 */
ssize_t ldm_sysfs_write_path(const char *path, const char *buf, size_t count)
{
	struct ldm_sysfs_file *f;
	struct ldm_sysfs_node *node;
	ssize_t ret;
	int error;

	error = ldm_sysfs_lookup(path, LDM_SYSFS_FOLLOW, &node);
	if (error)
		return error;
	error = ldm_sysfs_open(node, O_WRONLY, &f);
	ldm_sysfs_put(node);
	if (error)
		return error;
	ret = ldm_sysfs_write(f, buf, count, NULL);
	ldm_sysfs_release(f);
	return ret;
}
