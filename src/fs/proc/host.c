// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * host.c - the /proc tree seen from the host (<libldm/proc.h>): looking
 * entries up by path, listing directories, and open files that call an
 * entry's proc_fops as the VFS of 2.6.9 does (fs/proc/inode.c, root.c).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <ldm/errno.h>
#include <ldm/kernel.h>
#include <ldm/module.h>
#include <ldm/proc_fs.h>
#include <ldm/sched.h>
#include <ldm/slab.h>
#include <libldm/proc.h>

#include "boot.h"
#include "file.h"
#include "internal.h"
#include "user_errno.h"

/* The tree's lock is generic.c's; the host takes its own snapshots. */
static pthread_mutex_t walk_lock = PTHREAD_MUTEX_INITIALIZER;

/**
 * struct ldm_proc_file - one open of a /proc file
 * @file: what the methods see
 * @pi: its inode, from which PDE() finds the entry
 * @dentry: its name
 * @de: the entry, referenced
 * @pos_lock: serializes the calls that use f_pos
 */
struct ldm_proc_file {
	struct file file;
	struct proc_inode pi;
	struct dentry dentry;
	struct proc_dir_entry *de;
	pthread_mutex_t pos_lock;
};

/**
 * ldm_proc_lookup - find an entry by path
 * @path: e.g. "/bus/input/devices"; "/" is the root
 * @ret: the entry, referenced
 *
 * Return: 0, -ENOENT, -ENOTDIR, or -EINVAL.
 */
int ldm_proc_lookup(const char *path, struct ldm_proc_entry **ret)
{
	struct proc_dir_entry *de = &proc_root, *c;
	const char *cp, *next;
	size_t len;

	if (!path || !ret)
		return -EINVAL;
	pthread_mutex_lock(&walk_lock);
	for (cp = path; *cp; cp = next) {
		while (*cp == '/')
			cp++;
		if (!*cp)
			break;
		next = strchrnul(cp, '/');
		len = (size_t)(next - cp);
		if (!S_ISDIR(de->mode)) {
			pthread_mutex_unlock(&walk_lock);
			return -ENOTDIR;
		}
		proc_tree_lock();
		for (c = de->subdir; c; c = c->next)
			if (c->namelen == len && !memcmp(c->name, cp, len))
				break;
		proc_tree_unlock();
		if (!c) {
			pthread_mutex_unlock(&walk_lock);
			return -ENOENT;
		}
		de = c;
	}
	atomic_inc(&de->count);
	pthread_mutex_unlock(&walk_lock);
	*ret = to_entry(de);
	return 0;
}

/**
 * ldm_proc_put - drop the host's reference on an entry
 * @entry: the entry, or NULL; freed at the last reference once removed
 */
void ldm_proc_put(struct ldm_proc_entry *entry)
{
	de_put(to_de(entry));
}

/**
 * ldm_proc_name - an entry's name ("/proc" for the root)
 * @entry: the entry
 */
const char *ldm_proc_name(struct ldm_proc_entry *entry)
{
	return entry ? to_de(entry)->name : NULL;
}

static void fill_stat(struct proc_dir_entry *de, struct ldm_proc_stat *st)
{
	st->mode = de->mode;
	st->nlink = de->nlink;
	st->uid = de->uid;
	st->gid = de->gid;
	st->size = (loff_t)de->size;
	st->ino = de->low_ino;
}

/**
 * ldm_proc_stat - what stat(2) tells of an entry
 * @entry: the entry
 * @st: filled in
 *
 * Return: 0, or -EINVAL.
 */
int ldm_proc_stat(struct ldm_proc_entry *entry, struct ldm_proc_stat *st)
{
	struct proc_dir_entry *de = to_de(entry);

	if (!de || !st)
		return -EINVAL;
	proc_tree_lock();
	fill_stat(de, st);
	proc_tree_unlock();
	return 0;
}

/**
 * ldm_proc_readlink - the target of a symbolic link
 * @entry: the entry
 * @buf: where to put it, NUL-terminated
 * @size: @buf's size
 *
 * Return: its length, -EINVAL if @entry is not a link, -ENAMETOOLONG.
 */
int ldm_proc_readlink(struct ldm_proc_entry *entry, char *buf, size_t size)
{
	struct proc_dir_entry *de = to_de(entry);
	size_t len;

	if (!de || !buf || !S_ISLNK(de->mode) || !de->ldm_target)
		return -EINVAL;
	len = strlen(de->ldm_target);
	if (len >= size)
		return -ENAMETOOLONG;
	memcpy(buf, de->ldm_target, len + 1);
	return (int)len;
}

struct dir_snap {
	char *name;
	struct ldm_proc_stat st;
};

/**
 * ldm_proc_readdir - list a directory
 * @entry: the directory
 * @fill: called for each entry, in creation order, with no lock held
 * @data: passed to @fill
 *
 * Return: 0, the first non-zero return of @fill, -ENOTDIR, or -ENOMEM.
 */
int ldm_proc_readdir(struct ldm_proc_entry *entry,
		     int (*fill)(const char *name, const struct ldm_proc_stat *st, void *data),
		     void *data)
{
	struct proc_dir_entry *dir = to_de(entry), *de;
	struct dir_snap *snap;
	size_t n = 0, i;
	int ret = 0;

	if (!dir || !fill)
		return -EINVAL;
	if (!S_ISDIR(dir->mode))
		return -ENOTDIR;
	proc_tree_lock();
	for (de = dir->subdir; de; de = de->next)
		n++;
	snap = calloc(n ? n : 1, sizeof(*snap));
	for (de = dir->subdir, i = 0; snap && de && i < n; de = de->next, i++) {
		snap[i].name = strdup(de->name);
		fill_stat(de, &snap[i].st);
	}
	proc_tree_unlock();
	if (!snap)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		if (!ret)
			ret = snap[i].name ? fill(snap[i].name, &snap[i].st, data) : -ENOMEM;
		free(snap[i].name);
	}
	free(snap);
	return ret;
}

/**
 * ldm_proc_open - open a /proc file, as open(2)
 * @entry: the entry, a regular file
 * @flags: open(2) flags
 * @ret: the open file
 *
 * Holds the entry's module (its owner) and the module of its methods, then
 * calls the open method, if any.
 * Return: 0; -EISDIR; -ENOENT if the entry was removed or its module is
 * going; -EINVAL; -ENOMEM; or the open method's error.
 */
int ldm_proc_open(struct ldm_proc_entry *entry, int flags, struct ldm_proc_file **ret)
{
	struct proc_dir_entry *de = to_de(entry);
	const struct file_operations *fops;
	struct ldm_proc_file *pf;
	int err;

	if (!de || !ret || (flags & O_ACCMODE) == O_ACCMODE)
		return -EINVAL;
	if (S_ISDIR(de->mode))
		return -EISDIR;
	if (!S_ISREG(de->mode))
		return -EINVAL;
	pf = kzalloc(sizeof(*pf), GFP_KERNEL);
	if (!pf)
		return -ENOMEM;
	err = -ENOENT;
	if (de->deleted || !try_module_get(de->owner))
		goto err_free;
	fops = de->proc_fops;
	if (!fops_get(fops))
		goto err_owner;
	atomic_inc(&de->count);
	pf->de = de;
	pf->pi.pde = de;
	pf->pi.vfs_inode.i_ino = de->low_ino;
	pf->pi.vfs_inode.i_mode = (umode_t)de->mode;
	pf->pi.vfs_inode.u.generic_ip = de->data;
	pthread_mutex_init(&pf->pos_lock, NULL);
	err = ldm_file_open(&pf->file, &pf->dentry, &pf->pi.vfs_inode, fops, flags);
	if (err) {
		pthread_mutex_destroy(&pf->pos_lock);
		de_put(de);
		goto err_owner;
	}
	*ret = pf;
	return 0;

err_owner:
	module_put(de->owner);
err_free:
	kfree(pf);
	return (int)user_errno(err);
}

static ssize_t proc_io(struct ldm_proc_file *pf, bool write, char *buf, size_t count, loff_t *pos)
{
	const struct file_operations *fops;
	ssize_t ret;
	loff_t p;

	if (count > SSIZE_MAX)
		return -EINVAL;
	fops = pf->file.f_op;
	if (pf->de->deleted)
		return -ENOENT;
	if (!(pf->file.f_mode & (write ? FMODE_WRITE : FMODE_READ)))
		return -EBADF;
	if (write ? !fops->write : !fops->read)
		return -EINVAL;
	pthread_mutex_lock(&pf->pos_lock);
	p = pos ? *pos : pf->file.f_pos;
	ret = write ? fops->write(&pf->file, buf, count, &p) :
		      fops->read(&pf->file, buf, count, &p);
	if (pos)
		*pos = p;
	else
		pf->file.f_pos = p;
	pthread_mutex_unlock(&pf->pos_lock);
	return user_errno(ret);
}

/**
 * ldm_proc_read - read a /proc file, as read(2) or pread(2)
 * @pf: the file
 * @buf: where to put what is read
 * @count: at most this many bytes
 * @pos: NULL for the file's position, else where (and advanced)
 *
 * Return: the bytes read, 0 at the end, or a negative errno (-ENOENT once
 * the entry is removed).
 */
ssize_t ldm_proc_read(struct ldm_proc_file *pf, char *buf, size_t count, loff_t *pos)
{
	return pf ? proc_io(pf, false, buf, count, pos) : -EINVAL;
}

/**
 * ldm_proc_write - write a /proc file, as write(2) or pwrite(2)
 * @pf: the file
 * @buf: what to write
 * @count: its length
 * @pos: as for ldm_proc_read()
 *
 * Return: the bytes taken, or a negative errno.
 */
ssize_t ldm_proc_write(struct ldm_proc_file *pf, const char *buf, size_t count, loff_t *pos)
{
	return pf ? proc_io(pf, true, (char *)buf, count, pos) : -EINVAL;
}

/**
 * ldm_proc_llseek - move a file's position, as lseek(2)
 * @pf: the file
 * @offset: the new position, relative to @whence
 * @whence: SEEK_SET, SEEK_CUR or SEEK_END
 *
 * Return: the new position, or a negative errno.
 */
loff_t ldm_proc_llseek(struct ldm_proc_file *pf, loff_t offset, int whence)
{
	loff_t ret;

	if (!pf)
		return -EINVAL;
	pthread_mutex_lock(&pf->pos_lock);
	ret = pf->file.f_op->llseek ? pf->file.f_op->llseek(&pf->file, offset, whence) :
				      default_llseek(&pf->file, offset, whence);
	pthread_mutex_unlock(&pf->pos_lock);
	return user_errno(ret);
}

/**
 * ldm_proc_release - close a /proc file
 * @pf: the file; freed
 *
 * Return: 0, or the release method's error.
 */
int ldm_proc_release(struct ldm_proc_file *pf)
{
	struct proc_dir_entry *de;
	int err = 0;

	if (!pf)
		return -EINVAL;
	de = pf->de;
	if (pf->file.f_op->release)
		err = pf->file.f_op->release(&pf->pi.vfs_inode, &pf->file);
	fops_put(pf->file.f_op);
	module_put(de->owner);
	pthread_mutex_destroy(&pf->pos_lock);
	kfree(pf);
	de_put(de);
	return (int)user_errno(err);
}

/**
 * ldm_proc_read_path - the whole of a /proc file
 * @path: its path
 * @len: where its length goes (or NULL)
 *
 * Return: the contents, NUL-terminated, to free(); NULL with errno set.
 */
char *ldm_proc_read_path(const char *path, size_t *len)
{
	struct ldm_proc_file *pf;
	struct ldm_proc_entry *entry;
	size_t size = 4096, n = 0;
	char *buf = NULL, *grown;
	ssize_t got;
	int err;

	err = ldm_proc_lookup(path, &entry);
	if (err)
		goto fail;
	err = ldm_proc_open(entry, O_RDONLY, &pf);
	ldm_proc_put(entry);
	if (err)
		goto fail;
	for (;;) {
		grown = realloc(buf, size + 1);
		if (!grown) {
			err = -ENOMEM;
			break;
		}
		buf = grown;
		got = ldm_proc_read(pf, buf + n, size - n, NULL);
		if (got <= 0) {
			err = (int)got;
			break;
		}
		n += (size_t)got;
		if (n == size)
			size *= 2;
	}
	ldm_proc_release(pf);
	if (err)
		goto fail;
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
fail:
	free(buf);
	errno = -err;
	return NULL;
}
