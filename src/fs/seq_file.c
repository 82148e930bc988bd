// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * seq_file.c - files made of records (fs/seq_file.c of 2.6.9): seq_read()
 * formats records with the driver's start/show/next/stop into a buffer
 * that grows until one record fits, and hands the reader what it asks
 * for; a read at another position formats again from the first record.
 */
#include <stdarg.h>
#include <stdio.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/fs.h>
#include <ldm/kernel.h>
#include <ldm/seq_file.h>
#include <ldm/slab.h>
#include <ldm/uaccess.h>

/**
 * seq_open - make a file a seq_file
 * @file: the file, whose private_data becomes the struct seq_file
 * @op: the driver's methods
 *
 * Return: 0, or -ENOMEM.
 */
int seq_open(struct file *file, struct seq_operations *op)
{
	struct seq_file *m = kzalloc(sizeof(*m), GFP_KERNEL);

	if (!m)
		return -ENOMEM;
	sema_init(&m->sem, 1);
	m->op = op;
	file->private_data = m;
	return 0;
}
EXPORT_SYMBOL(seq_open);

/* Format the record @v into an empty buffer, growing it until it fits. */
static int show_record(struct seq_file *m, void *v)
{
	char *buf;
	int err;

	for (;;) {
		if (!m->buf) {
			m->size = PAGE_SIZE;
			m->buf = kmalloc(m->size, GFP_KERNEL);
			if (!m->buf)
				return -ENOMEM;
		}
		m->count = 0;
		m->from = 0;
		err = m->op->show(m, v);
		if (err < 0)
			return err;
		if (m->count < m->size)
			return err; /* > 0: skip the record (modern SEQ_SKIP) */
		buf = kmalloc(m->size * 2, GFP_KERNEL);
		if (!buf)
			return -ENOMEM;
		kfree(m->buf);
		m->buf = buf;
		m->size *= 2;
	}
}

/* Start again from the first record, and skip to @offset. */
static int traverse(struct seq_file *m, loff_t offset)
{
	loff_t pos = 0;
	void *p;
	int err = 0;

	m->index = 0;
	m->count = 0;
	m->from = 0;
	m->read_pos = 0;
	if (!offset)
		return 0;
	p = m->op->start(m, &m->index);
	while (p && !IS_ERR(p)) {
		err = show_record(m, p);
		if (err < 0)
			break;
		if (err > 0)
			m->count = 0;
		err = 0;
		if (pos + (loff_t)m->count > offset) {
			m->from = (size_t)(offset - pos);
			m->count -= m->from;
			p = m->op->next(m, p, &m->index);
			break;
		}
		pos += (loff_t)m->count;
		m->count = 0;
		p = m->op->next(m, p, &m->index);
		if (pos == offset)
			break;
	}
	if (IS_ERR(p))
		err = (int)PTR_ERR(p);
	m->op->stop(m, p);
	m->read_pos = offset;
	return err;
}

/**
 * seq_read - the read method of a seq_file
 * @file: the file
 * @buf: the reader's buffer
 * @size: its size
 * @ppos: the position
 *
 * Return: the bytes read (0 at the end), or a negative errno.
 */
ssize_t seq_read(struct file *file, char __user *buf, size_t size, loff_t *ppos)
{
	struct seq_file *m = file->private_data;
	size_t copied = 0, n;
	void *p;
	int err = 0;

	down(&m->sem);
	if (*ppos != m->read_pos) {
		err = traverse(m, *ppos);
		if (err)
			goto out;
	}
	for (;;) {
		if (m->count) {
			n = min(m->count, size - copied);
			if (copy_to_user(buf + copied, m->buf + m->from, n)) {
				err = -EFAULT;
				goto out;
			}
			m->from += n;
			m->count -= n;
			copied += n;
			m->read_pos += (loff_t)n;
		}
		if (copied == size || m->count)
			break;
		p = m->op->start(m, &m->index);
		if (!p || IS_ERR(p)) {
			err = IS_ERR(p) ? (int)PTR_ERR(p) : 0;
			m->op->stop(m, p);
			break;
		}
		err = show_record(m, p);
		if (err > 0)
			m->count = 0;
		p = m->op->next(m, p, &m->index);
		m->op->stop(m, p);
		if (err < 0)
			break;
		err = 0;
	}
out:
	*ppos = m->read_pos;
	up(&m->sem);
	return copied ? (ssize_t)copied : err;
}
EXPORT_SYMBOL(seq_read);

/**
 * seq_lseek - the llseek method of a seq_file
 * @file: the file
 * @offset: where to
 * @origin: SEEK_SET or SEEK_CUR
 *
 * Return: the new position, or -EINVAL.
 */
loff_t seq_lseek(struct file *file, loff_t offset, int origin)
{
	struct seq_file *m = file->private_data;
	loff_t ret = -EINVAL;

	down(&m->sem);
	if (origin == SEEK_CUR)
		offset += file->f_pos;
	if (origin == SEEK_SET || origin == SEEK_CUR) {
		if (offset >= 0) {
			if (offset != m->read_pos && traverse(m, offset))
				m->read_pos = -1; /* the next read starts over */
			file->f_pos = offset;
			ret = offset;
		}
	}
	up(&m->sem);
	return ret;
}
EXPORT_SYMBOL(seq_lseek);

/**
 * seq_release - the release method of a seq_file
 * @inode: unused
 * @file: the file
 *
 * Return: 0.
 */
int seq_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;

	(void)inode;
	kfree(m->buf);
	kfree(m);
	return 0;
}
EXPORT_SYMBOL(seq_release);

/**
 * seq_release_private - seq_release(), freeing the private data too
 * @inode: unused
 * @file: the file
 *
 * Return: 0.
 */
int seq_release_private(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;

	kfree(m->private);
	m->private = NULL;
	return seq_release(inode, file);
}
EXPORT_SYMBOL(seq_release_private);

/**
 * seq_printf - format into the record being shown
 * @m: the seq_file
 * @fmt: printf's format
 *
 * Return: 0, or -1 if the buffer is full (the record is shown again in a
 * larger one).
 */
int seq_printf(struct seq_file *m, const char *fmt, ...)
{
	va_list args;
	int len;

	if (m->count < m->size) {
		va_start(args, fmt);
		len = vsnprintf(m->buf + m->count, m->size - m->count, fmt, args);
		va_end(args);
		if (len >= 0 && (size_t)len < m->size - m->count) {
			m->count += (size_t)len;
			return 0;
		}
	}
	m->count = m->size;
	return -1;
}
EXPORT_SYMBOL(seq_printf);

/**
 * seq_puts - a string into the record being shown
 * @m: the seq_file
 * @s: the string
 *
 * Return: 0, or -1 if the buffer is full.
 */
int seq_puts(struct seq_file *m, const char *s)
{
	size_t len = strlen(s);

	if (m->count + len < m->size) {
		memcpy(m->buf + m->count, s, len);
		m->count += len;
		return 0;
	}
	m->count = m->size;
	return -1;
}
EXPORT_SYMBOL(seq_puts);

/**
 * seq_putc - a character into the record being shown
 * @m: the seq_file
 * @c: the character
 *
 * Return: 0, or -1 if the buffer is full.
 */
int seq_putc(struct seq_file *m, char c)
{
	if (m->count + 1 < m->size) {
		m->buf[m->count++] = c;
		return 0;
	}
	m->count = m->size;
	return -1;
}
EXPORT_SYMBOL(seq_putc);

/**
 * seq_escape - a string into the record, with the characters of @esc
 *	written as octal escapes (\ooo)
 * @m: the seq_file
 * @s: the string
 * @esc: the characters to escape
 *
 * Return: 0, or -1 if the buffer is full.
 */
int seq_escape(struct seq_file *m, const char *s, const char *esc)
{
	for (; *s; s++) {
		if (strchr(esc, *s)) {
			if (seq_printf(m, "\\%03o", (unsigned char)*s))
				return -1;
		} else if (seq_putc(m, *s)) {
			return -1;
		}
	}
	return 0;
}
EXPORT_SYMBOL(seq_escape);

static void *single_start(struct seq_file *m, loff_t *pos)
{
	(void)m;
	return *pos ? NULL : (void *)1;
}

static void *single_next(struct seq_file *m, void *v, loff_t *pos)
{
	(void)m;
	(void)v;
	++*pos;
	return NULL;
}

static void single_stop(struct seq_file *m, void *v)
{
	(void)m;
	(void)v;
}

/**
 * single_open - make a file a seq_file of one record
 * @file: the file
 * @show: shows the record
 * @data: the seq_file's private
 *
 * Return: 0, or -ENOMEM.
 */
int single_open(struct file *file, int (*show)(struct seq_file *m, void *v), void *data)
{
	struct seq_operations *op = kzalloc(sizeof(*op), GFP_KERNEL);
	int err;

	if (!op)
		return -ENOMEM;
	op->start = single_start;
	op->next = single_next;
	op->stop = single_stop;
	op->show = show;
	err = seq_open(file, op);
	if (err) {
		kfree(op);
		return err;
	}
	((struct seq_file *)file->private_data)->private = data;
	return 0;
}
EXPORT_SYMBOL(single_open);

/**
 * single_release - the release method of a single_open() file
 * @inode: unused
 * @file: the file
 *
 * Return: 0.
 */
int single_release(struct inode *inode, struct file *file)
{
	struct seq_operations *op = ((struct seq_file *)file->private_data)->op;
	int ret = seq_release(inode, file);

	kfree(op);
	return ret;
}
EXPORT_SYMBOL(single_release);
