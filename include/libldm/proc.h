/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <libldm/proc.h> - the /proc tree of the runtime seen from the host (a
 * FUSE DIR/proc, tools, tests): walking it, and reading and writing its
 * files as a process does on /proc. The entries are the drivers'
 * (create_proc_entry(), proc_mkdir()) and the runtime's own: modules,
 * devices, misc. Errors are those a system call returns.
 *
 * Paths are relative to the root ("/" or "" is the root, so "/bus/input"
 * is what a mount shows as /proc/bus/input). A struct ldm_proc_entry is
 * an entry (a file, a directory, a link), opaque. Entries are reference
 * counted: every call that returns one returns a reference the caller
 * drops with ldm_proc_put(). An entry removed meanwhile stays valid
 * memory while referenced, but I/O on it gives -ENOENT.
 */
#ifndef _LIBLDM_PROC_H
#define _LIBLDM_PROC_H

#ifdef MODULE
#error "<libldm/...> is the host API; a module uses <ldm/...> only"
#endif

#include <sys/stat.h>
#include <sys/types.h>

#pragma GCC visibility push(default)

struct ldm_proc_entry;
struct ldm_proc_file;

/**
 * struct ldm_proc_stat - what stat(2) on a /proc entry tells
 * @mode: file type and permission bits, as st_mode
 * @nlink: links (2 plus the subdirectories for a directory)
 * @uid: its owner
 * @gid: its group
 * @size: the size the entry declares (0 for most: read it to know)
 * @ino: a number unique to the entry
 */
struct ldm_proc_stat {
	mode_t mode;
	nlink_t nlink;
	uid_t uid;
	gid_t gid;
	loff_t size;
	unsigned long ino;
};

int ldm_proc_lookup(const char *path, struct ldm_proc_entry **ret);
void ldm_proc_put(struct ldm_proc_entry *entry);
int ldm_proc_stat(struct ldm_proc_entry *entry, struct ldm_proc_stat *st);
const char *ldm_proc_name(struct ldm_proc_entry *entry);
int ldm_proc_readlink(struct ldm_proc_entry *entry, char *buf, size_t size);

/*
 * ldm_proc_readdir - list a directory, in creation order, with @fill
 * called with no lock held; a non-zero return of @fill stops the walk and
 * is returned.
 */
int ldm_proc_readdir(struct ldm_proc_entry *dir,
		     int (*fill)(const char *name, const struct ldm_proc_stat *st, void *data),
		     void *data);

/*
 * Open files: the entry's proc_fops (a seq_file, read_proc/write_proc).
 * @pos NULL reads or writes at the file's position and advances it.
 */
int ldm_proc_open(struct ldm_proc_entry *entry, int flags, struct ldm_proc_file **ret);
ssize_t ldm_proc_read(struct ldm_proc_file *file, char *buf, size_t count, loff_t *pos);
ssize_t ldm_proc_write(struct ldm_proc_file *file, const char *buf, size_t count, loff_t *pos);
loff_t ldm_proc_llseek(struct ldm_proc_file *file, loff_t offset, int whence);
int ldm_proc_release(struct ldm_proc_file *file);

/* The whole of a file, read from the start, NUL-terminated; free() it. */
char *ldm_proc_read_path(const char *path, size_t *len);

#pragma GCC visibility pop

#endif /* _LIBLDM_PROC_H */
