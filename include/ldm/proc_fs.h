/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/proc_fs.h> - /proc, as <linux/proc_fs.h> of 2.6.9: entries made
 * with create_proc_entry() and proc_mkdir() under proc_root, proc_bus,
 * ...; an entry is read and written through its own proc_fops (a
 * seq_file, say) or through read_proc/write_proc.
 *
 * The tree is the runtime's: a host walks, reads and writes it with
 * <libldm/proc.h> (ldmd mounts it as DIR/proc), and the runtime puts its
 * own files in it: modules, devices, misc.
 */
#ifndef _LDM_PROC_FS_H
#define _LDM_PROC_FS_H

#include <ldm/atomic.h>
#include <ldm/config.h>
#include <ldm/fs.h>
#include <ldm/slab.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

struct proc_dir_entry;
struct module;

typedef int(read_proc_t)(char *page, char **start, off_t off, int count, int *eof, void *data);
typedef int(write_proc_t)(struct file *file, const char __user *buffer, unsigned long count,
			  void *data);

/**
 * struct proc_dir_entry - a file or directory of /proc
 * @low_ino: its inode number
 * @namelen: strlen(@name)
 * @name: its name (the entry's own copy)
 * @mode: S_IFREG, S_IFDIR or S_IFLNK and the permission bits
 * @nlink: links: 2 and the subdirectories for a directory
 * @uid: its owner, as stat(2) shows it
 * @gid: its group
 * @size: the size stat(2) shows
 * @proc_iops: unused (no inode operations here)
 * @proc_fops: the methods of an open file; each entry has its own copy,
 *	which a driver may change (2.6.9's input.c sets its poll there)
 * @get_info: 2.6.9's old interface: unused
 * @owner: the module the methods live in, held while a file is open
 * @next: the next entry of its directory
 * @parent: its directory
 * @subdir: the first entry of a directory
 * @data: the driver's, given to read_proc and write_proc
 * @read_proc: fills a page for a read (when @proc_fops has no read)
 * @write_proc: takes a write (when @proc_fops has no write)
 * @count: references (the runtime's)
 * @deleted: removed while open (the runtime's)
 */
struct proc_dir_entry {
	unsigned int low_ino;
	unsigned short namelen;
	const char *name;
	mode_t mode;
	nlink_t nlink;
	uid_t uid;
	gid_t gid;
	unsigned long size;
	void *proc_iops;
	struct file_operations *proc_fops;
	void *get_info;
	struct module *owner;
	struct proc_dir_entry *next, *parent, *subdir;
	void *data;
	read_proc_t *read_proc;
	write_proc_t *write_proc;
	atomic_t count;
	int deleted;
	/* ldm: the entry's own methods, which proc_fops points to */
	struct file_operations ldm_fops;
	struct proc_dir_entry *ldm_link; /* the target of a symlink's name */
	char *ldm_target;
};

extern struct proc_dir_entry proc_root;
extern struct proc_dir_entry *proc_root_fs;
extern struct proc_dir_entry *proc_net;
extern struct proc_dir_entry *proc_bus;
extern struct proc_dir_entry *proc_root_driver;

struct proc_dir_entry *create_proc_entry(const char *name, mode_t mode,
					 struct proc_dir_entry *parent);
void remove_proc_entry(const char *name, struct proc_dir_entry *parent);
struct proc_dir_entry *proc_mkdir(const char *name, struct proc_dir_entry *parent);
struct proc_dir_entry *proc_mkdir_mode(const char *name, mode_t mode,
				       struct proc_dir_entry *parent);
struct proc_dir_entry *proc_symlink(const char *name, struct proc_dir_entry *parent,
				    const char *dest);

static inline struct proc_dir_entry *create_proc_read_entry(const char *name, mode_t mode,
							    struct proc_dir_entry *base,
							    read_proc_t *read_proc, void *data)
{
	struct proc_dir_entry *res = create_proc_entry(name, mode, base);

	if (res) {
		res->read_proc = read_proc;
		res->data = data;
	}
	return res;
}

static inline struct proc_dir_entry *
create_proc_info_entry(const char *name, mode_t mode, struct proc_dir_entry *base, void *get_info)
{
	struct proc_dir_entry *res = create_proc_entry(name, mode, base);

	if (res)
		res->get_info = get_info;
	return res;
}

/**
 * struct proc_inode - the inode of an open /proc file (the runtime's)
 * @pde: its entry
 * @vfs_inode: what the methods see
 */
struct proc_inode {
	struct proc_dir_entry *pde;
	struct inode vfs_inode;
};

static inline struct proc_inode *PROC_I(const struct inode *inode)
{
	return (struct proc_inode *)((char *)inode -
				     __builtin_offsetof(struct proc_inode, vfs_inode));
}

/* The entry of an inode of /proc: how a proc_fops->open finds its data. */
static inline struct proc_dir_entry *PDE(const struct inode *inode)
{
	return PROC_I(inode)->pde;
}

#pragma GCC visibility pop

#endif /* _LDM_PROC_FS_H */
