// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * generic.c - the /proc tree (fs/proc/generic.c and root.c of 2.6.9):
 * entries made by create_proc_entry(), proc_mkdir() and proc_symlink()
 * under proc_root, read and written through read_proc/write_proc or the
 * entry's proc_fops; and the host's walk of it, <libldm/proc.h>.
 *
 * Each entry has its own copy of the default methods, which proc_fops
 * points to: 2.6.9 shared one, and its input core changed the poll method
 * of every /proc file through it.
 */
#include <pthread.h>
#include <string.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/module.h>
#include <ldm/proc_fs.h>
#include <ldm/slab.h>
#include <ldm/uaccess.h>
#include <libldm/proc.h>

#include "boot.h"
#include "internal.h"
#include "user_errno.h"

/* Guards every entry's links (next, subdir, parent) and deleted. */
static pthread_mutex_t proc_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned int next_ino = 2;

struct proc_dir_entry proc_root = {
	.low_ino = 1,
	.namelen = 5,
	.name = "/proc",
	.mode = S_IFDIR | S_IRUGO | S_IXUGO,
	.nlink = 2,
	.parent = &proc_root,
	.count = ATOMIC_INIT(1),
};
EXPORT_SYMBOL(proc_root);

struct proc_dir_entry *proc_net, *proc_bus, *proc_root_fs, *proc_root_driver;
EXPORT_SYMBOL(proc_net);
EXPORT_SYMBOL(proc_bus);
EXPORT_SYMBOL(proc_root_fs);
EXPORT_SYMBOL(proc_root_driver);

/* At most this much of a page is given to read_proc, as 2.6.9 does. */
#define PROC_BLOCK_SIZE (PAGE_SIZE - 1024)

/* proc_file_read(): read_proc's page protocol, a page at a time. */
static ssize_t proc_file_read(struct file *file, char __user *buf, size_t nbytes, loff_t *ppos)
{
	struct proc_dir_entry *dp = PDE(file->f_dentry->d_inode);
	ssize_t retval = 0;
	char *page, *start;
	int eof = 0, n, count;

	if (!dp->read_proc)
		return -EIO;
	page = kmalloc(PAGE_SIZE, GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	while (nbytes > 0 && !eof) {
		count = (int)min_t(size_t, PROC_BLOCK_SIZE, nbytes);
		start = NULL;
		n = dp->read_proc(page, &start, (off_t)*ppos, count, &eof, dp->data);
		if (n <= 0) {
			if (n < 0 && !retval)
				retval = n;
			break;
		}
		if (!start) {
			/* The whole file is in the page; hand out what lies past *ppos. */
			if (n > (int)PAGE_SIZE)
				n = (int)PAGE_SIZE;
			n -= (int)*ppos;
			if (n <= 0)
				break;
			if (n > count)
				n = count;
			start = page + *ppos;
		} else if (start < page) {
			/* start is how far to move, the data at the page's start. */
			if (n > count)
				n = count;
		} else if (n > count) {
			n = count;
		}
		if (copy_to_user(buf, start < page ? page : start, (size_t)n)) {
			if (!retval)
				retval = -EFAULT;
			break;
		}
		*ppos += start < page ? (loff_t)(uintptr_t)start : n;
		nbytes -= (size_t)n;
		buf += n;
		retval += n;
	}
	kfree(page);
	return retval;
}

static ssize_t proc_file_write(struct file *file, const char __user *buffer, size_t count,
			       loff_t *ppos)
{
	struct proc_dir_entry *dp = PDE(file->f_dentry->d_inode);

	(void)ppos;
	if (!dp->write_proc)
		return -EIO;
	return dp->write_proc(file, buffer, count, dp->data);
}

static loff_t proc_file_lseek(struct file *file, loff_t offset, int orig)
{
	if (orig == SEEK_CUR)
		offset += file->f_pos;
	if ((orig != SEEK_SET && orig != SEEK_CUR) || offset < 0)
		return -EINVAL;
	file->f_pos = offset;
	return offset;
}

static const struct file_operations proc_file_operations = {
	.llseek = proc_file_lseek,
	.read = proc_file_read,
	.write = proc_file_write,
};

/** proc_tree_lock - hold the tree's links steady (for the host's walk) */
void proc_tree_lock(void)
{
	pthread_mutex_lock(&proc_lock);
}

/** proc_tree_unlock - let the tree change again */
void proc_tree_unlock(void)
{
	pthread_mutex_unlock(&proc_lock);
}

/**
 * de_put - drop a reference on an entry
 * @de: the entry; freed at the last reference once removed
 */
void de_put(struct proc_dir_entry *de)
{
	if (!de || de == &proc_root)
		return;
	if (atomic_dec_return(&de->count))
		return;
	kfree(de->ldm_target);
	kfree(de);
}

/* The entry @name (of @len bytes) in @dir; under proc_lock. */
static struct proc_dir_entry *find_locked(struct proc_dir_entry *dir, const char *name, size_t len)
{
	struct proc_dir_entry *de;

	for (de = dir->subdir; de; de = de->next)
		if (de->namelen == len && !memcmp(de->name, name, len))
			return de;
	return NULL;
}

/*
 * The directory of the last component of @path under *@parent (NULL:
 * proc_root), and that component in *@last; under proc_lock.
 */
static int xlate_locked(const char *path, struct proc_dir_entry **parent, const char **last)
{
	struct proc_dir_entry *de = *parent ? *parent : &proc_root;
	const char *cp = path, *next;

	while ((next = strchr(cp, '/'))) {
		if (next != cp) {
			de = find_locked(de, cp, (size_t)(next - cp));
			if (!de || !S_ISDIR(de->mode))
				return -ENOENT;
		}
		cp = next + 1;
	}
	*parent = de;
	*last = cp;
	return 0;
}

static struct proc_dir_entry *proc_create(const char *name, mode_t mode,
					  struct proc_dir_entry **parent)
{
	struct proc_dir_entry *dir = *parent, *de;
	const char *last;
	size_t len;

	if (!name)
		return NULL;
	pthread_mutex_lock(&proc_lock);
	if (xlate_locked(name, &dir, &last) || !*last || strlen(last) > 255 ||
	    find_locked(dir, last, strlen(last))) {
		pthread_mutex_unlock(&proc_lock);
		return NULL;
	}
	pthread_mutex_unlock(&proc_lock);
	len = strlen(last);
	de = kzalloc(sizeof(*de) + len + 1, GFP_KERNEL);
	if (!de)
		return NULL;
	memcpy(de + 1, last, len + 1);
	de->name = (const char *)(de + 1);
	de->namelen = (unsigned short)len;
	de->mode = mode;
	de->nlink = S_ISDIR(mode) ? 2 : 1;
	atomic_set(&de->count, 1);
	de->ldm_fops = proc_file_operations;
	de->proc_fops = &de->ldm_fops;
	*parent = dir;
	return de;
}

/* Link @de into @dir, unless a twin came meanwhile. */
static struct proc_dir_entry *proc_register(struct proc_dir_entry *dir, struct proc_dir_entry *de)
{
	pthread_mutex_lock(&proc_lock);
	if (find_locked(dir, de->name, de->namelen)) {
		pthread_mutex_unlock(&proc_lock);
		kfree(de->ldm_target);
		kfree(de);
		return NULL;
	}
	de->low_ino = next_ino++;
	de->parent = dir;
	/* At the end, so that a directory lists in creation order. */
	{
		struct proc_dir_entry **p = &dir->subdir;

		while (*p)
			p = &(*p)->next;
		*p = de;
	}
	if (S_ISDIR(de->mode))
		dir->nlink++;
	pthread_mutex_unlock(&proc_lock);
	return de;
}

/**
 * create_proc_entry - make a file (or, with S_IFDIR, a directory) in /proc
 * @name: its name, which may go through existing directories ("bus/x/y")
 * @mode: its type and permissions; 0444 for a file that gives none, 0555
 *	for a directory
 * @parent: its directory, NULL for proc_root
 *
 * The file reads through read_proc and writes through write_proc, which
 * the caller sets, or through proc_fops if the caller points it elsewhere.
 * Return: the entry, or NULL if the name is taken or bad or memory ran out.
 */
struct proc_dir_entry *create_proc_entry(const char *name, mode_t mode,
					 struct proc_dir_entry *parent)
{
	struct proc_dir_entry *de;

	if (S_ISDIR(mode)) {
		if (!(mode & S_IALLUGO))
			mode |= S_IRUGO | S_IXUGO;
	} else {
		if (!(mode & S_IFMT))
			mode |= S_IFREG;
		if (!(mode & S_IALLUGO))
			mode |= S_IRUGO;
	}
	de = proc_create(name, mode, &parent);
	return de ? proc_register(parent, de) : NULL;
}
EXPORT_SYMBOL(create_proc_entry);

/**
 * proc_mkdir_mode - make a directory in /proc
 * @name: its name
 * @mode: its permissions
 * @parent: its directory, NULL for proc_root
 *
 * Return: the entry, or NULL.
 */
struct proc_dir_entry *proc_mkdir_mode(const char *name, mode_t mode, struct proc_dir_entry *parent)
{
	return create_proc_entry(name, S_IFDIR | mode, parent);
}
EXPORT_SYMBOL(proc_mkdir_mode);

/**
 * proc_mkdir - make a directory in /proc, 0555
 * @name: its name
 * @parent: its directory, NULL for proc_root
 *
 * Return: the entry, or NULL.
 */
struct proc_dir_entry *proc_mkdir(const char *name, struct proc_dir_entry *parent)
{
	return proc_mkdir_mode(name, S_IRUGO | S_IXUGO, parent);
}
EXPORT_SYMBOL(proc_mkdir);

/**
 * proc_symlink - make a symbolic link in /proc
 * @name: its name
 * @parent: its directory, NULL for proc_root
 * @dest: what it points to
 *
 * Return: the entry, or NULL.
 */
struct proc_dir_entry *proc_symlink(const char *name, struct proc_dir_entry *parent,
				    const char *dest)
{
	struct proc_dir_entry *de = proc_create(name, S_IFLNK | S_IRWXUGO, &parent);

	if (!de)
		return NULL;
	de->ldm_target = kstrdup(dest ? dest : "", GFP_KERNEL);
	if (!de->ldm_target) {
		kfree(de);
		return NULL;
	}
	de->size = strlen(de->ldm_target);
	return proc_register(parent, de);
}
EXPORT_SYMBOL(proc_symlink);

/**
 * remove_proc_entry - take an entry out of /proc
 * @name: its name, as for create_proc_entry()
 * @parent: its directory, NULL for proc_root
 *
 * Files open on it keep their memory until closed, and read or write
 * nothing more (-ENOENT). A directory should be empty; its entries are
 * taken away with it, with a warning.
 */
void remove_proc_entry(const char *name, struct proc_dir_entry *parent)
{
	struct proc_dir_entry **p, *de = NULL;
	const char *last;

	pthread_mutex_lock(&proc_lock);
	if (!name || xlate_locked(name, &parent, &last))
		goto out;
	for (p = &parent->subdir; *p; p = &(*p)->next) {
		if ((*p)->namelen == strlen(last) && !memcmp((*p)->name, last, strlen(last))) {
			de = *p;
			*p = de->next;
			de->next = NULL;
			if (S_ISDIR(de->mode))
				parent->nlink--;
			de->deleted = 1;
			break;
		}
	}
out:
	pthread_mutex_unlock(&proc_lock);
	if (!de)
		return;
	while (de->subdir) {
		printk(KERN_WARNING "remove_proc_entry: removing non-empty directory '%s', leaking "
				    "at least '%s'\n",
		       de->name, de->subdir->name);
		remove_proc_entry(de->subdir->name, de);
	}
	de_put(de);
}
EXPORT_SYMBOL(remove_proc_entry);

/**
 * proc_root_init - the directories of /proc drivers find ready
 *
 * Return: 0, or -ENOMEM.
 */
int proc_root_init(void)
{
	proc_net = proc_mkdir("net", NULL);
	proc_root_fs = proc_mkdir("fs", NULL);
	proc_root_driver = proc_mkdir("driver", NULL);
	proc_bus = proc_mkdir("bus", NULL);
	if (proc_net && proc_root_fs && proc_root_driver && proc_bus)
		return 0;
	proc_root_exit();
	return -ENOMEM;
}

/**
 * proc_root_exit - take /proc down, naming what drivers left in it
 */
void proc_root_exit(void)
{
	static const char *const ours[] = { "net", "fs", "driver", "bus" };
	struct proc_dir_entry *de;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ours); i++) {
		pthread_mutex_lock(&proc_lock);
		de = find_locked(&proc_root, ours[i], strlen(ours[i]));
		pthread_mutex_unlock(&proc_lock);
		if (de && !de->subdir)
			remove_proc_entry(ours[i], NULL);
	}
	for (;;) {
		pthread_mutex_lock(&proc_lock);
		de = proc_root.subdir;
		pthread_mutex_unlock(&proc_lock);
		if (!de)
			break;
		printk(KERN_WARNING "proc: '%s' still in /proc at exit; removing it\n", de->name);
		remove_proc_entry(de->name, NULL);
	}
	proc_net = proc_bus = proc_root_fs = proc_root_driver = NULL;
}
