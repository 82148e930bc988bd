/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/seq_file.h> - files made of records, as <linux/seq_file.h> of
 * 2.6.9: a driver gives start/next/stop/show and seq_read() fills the
 * reader's buffer from them, a page at a time; single_open() for a file
 * of one record.
 */
#ifndef _LDM_SEQ_FILE_H
#define _LDM_SEQ_FILE_H

#include <ldm/compiler.h>
#include <ldm/semaphore.h>
#include <ldm/string.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

struct file;
struct inode;
struct seq_operations;

/**
 * struct seq_file - the state of a reader of a seq_file
 * @buf: the records formatted and not yet read
 * @size: @buf's size
 * @from: where in @buf the reader is
 * @count: the bytes in @buf
 * @index: the record to show next
 * @version: the file's f_version when it was read
 * @sem: serializes the reads
 * @op: the driver's methods
 * @private: the driver's (single_open()'s data, seq_open()'s caller sets it)
 * @read_pos: the file position @from stands for (modern Linux's)
 */
struct seq_file {
	char *buf;
	size_t size;
	size_t from;
	size_t count;
	loff_t index;
	loff_t version;
	struct semaphore sem;
	struct seq_operations *op;
	void *private;
	loff_t read_pos;
};

struct seq_operations {
	void *(*start)(struct seq_file *m, loff_t *pos);
	void (*stop)(struct seq_file *m, void *v);
	void *(*next)(struct seq_file *m, void *v, loff_t *pos);
	int (*show)(struct seq_file *m, void *v);
};

int seq_open(struct file *file, struct seq_operations *op);
ssize_t seq_read(struct file *file, char __user *buf, size_t size, loff_t *ppos);
loff_t seq_lseek(struct file *file, loff_t offset, int origin);
int seq_release(struct inode *inode, struct file *file);
int seq_escape(struct seq_file *m, const char *s, const char *esc);
int seq_putc(struct seq_file *m, char c);
int seq_puts(struct seq_file *m, const char *s);
int seq_printf(struct seq_file *m, const char *fmt, ...) __printf(2, 3);

int single_open(struct file *file, int (*show)(struct seq_file *m, void *v), void *data);
int single_release(struct inode *inode, struct file *file);
int seq_release_private(struct inode *inode, struct file *file);

#pragma GCC visibility pop

#endif /* _LDM_SEQ_FILE_H */
