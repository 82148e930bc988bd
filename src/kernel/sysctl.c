// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sysctl.c - sysctl tables served under /proc/sys (kernel/sysctl.c of
 * 2.6.9): register_sysctl_table() makes a directory of /proc/sys for each
 * entry with a child table and a file for each entry with a proc_handler;
 * reading and writing the file call the handler. Directories are shared
 * between tables and go with the last table in them.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/fs.h>
#include <ldm/jiffies.h>
#include <ldm/kernel.h>
#include <ldm/proc_fs.h>
#include <ldm/slab.h>
#include <ldm/sysctl.h>
#include <ldm/uaccess.h>

#include "boot.h"

/* Guards every change of /proc/sys (made only here). */
static pthread_mutex_t sysctl_lock = PTHREAD_MUTEX_INITIALIZER;
static struct proc_dir_entry *proc_sys_root;

static ssize_t sysctl_rw(struct file *file, char __user *buf, size_t count, loff_t *ppos, int write)
{
	ctl_table *table = PDE(file->f_dentry->d_inode)->data;
	size_t len = count;
	int error;

	if (!table->proc_handler)
		return -ENOTDIR;
	error = table->proc_handler(table, write, file, buf, &len, ppos);
	return error ? error : (ssize_t)len;
}

static ssize_t sysctl_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	return sysctl_rw(file, buf, count, ppos, 0);
}

static ssize_t sysctl_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	return sysctl_rw(file, (char __user *)buf, count, ppos, 1);
}

static const struct file_operations proc_sys_file_operations = {
	.read = sysctl_read,
	.write = sysctl_write,
};

/* The entry @name of @dir, or NULL; under sysctl_lock. */
static struct proc_dir_entry *find_entry(struct proc_dir_entry *dir, const char *name)
{
	struct proc_dir_entry *de;

	for (de = dir->subdir; de; de = de->next)
		if (!strcmp(de->name, name))
			return de;
	return NULL;
}

static void unregister_entries(ctl_table *table, struct proc_dir_entry *dir);

/* Make @table's entries under @dir; under sysctl_lock. */
static int register_entries(ctl_table *table, struct proc_dir_entry *dir)
{
	struct proc_dir_entry *de;
	ctl_table *t;

	for (t = table; t->ctl_name || t->procname; t++) {
		if (!t->procname)
			continue;
		de = find_entry(dir, t->procname);
		if (t->child) {
			if (!de)
				de = proc_mkdir_mode(t->procname,
						     S_IRUGO | S_IXUGO | (t->mode & 0555), dir);
			if (!de || !S_ISDIR(de->mode) || register_entries(t->child, de))
				goto fail;
			t->de = de;
			continue;
		}
		if (de) {
			printk(KERN_ERR "sysctl: /proc/sys entry %s registered twice\n",
			       t->procname);
			goto fail;
		}
		de = create_proc_entry(t->procname, S_IFREG | (t->mode & 0777), dir);
		if (!de)
			goto fail;
		de->data = t;
		de->proc_fops = (struct file_operations *)&proc_sys_file_operations;
		t->de = de;
	}
	return 0;

fail:
	/* Undo the entries made so far: those before @t. */
	{
		ctl_table saved = *t;

		memset(t, 0, sizeof(*t));
		unregister_entries(table, dir);
		*t = saved;
	}
	return -ENOMEM;
}

/* Take @table's entries away from @dir, and directories left empty; under sysctl_lock. */
static void unregister_entries(ctl_table *table, struct proc_dir_entry *dir)
{
	struct proc_dir_entry *de;
	ctl_table *t;

	for (t = table; t->ctl_name || t->procname; t++) {
		de = t->de;
		if (!t->procname || !de)
			continue;
		t->de = NULL;
		if (t->child) {
			unregister_entries(t->child, de);
			if (de->subdir)
				continue;
		}
		remove_proc_entry(t->procname, dir);
	}
}

/**
 * register_sysctl_table - serve a table of settings under /proc/sys
 * @table: the table, ended by an entry with ctl_name 0 and no procname;
 *	entries with a child are directories (merged with those of other
 *	tables), the others files handled by their proc_handler
 * @insert_at_head: the order of the binary lookup (unused)
 *
 * Return: the header for unregister_sysctl_table(), or NULL if a file
 * exists already or memory ran out (what was made is taken back).
 */
struct ctl_table_header *register_sysctl_table(ctl_table *table, int insert_at_head)
{
	struct ctl_table_header *header;

	(void)insert_at_head;
	header = kzalloc(sizeof(*header), GFP_KERNEL);
	if (!header)
		return NULL;
	header->ctl_table = table;
	INIT_LIST_HEAD(&header->ctl_entry);
	pthread_mutex_lock(&sysctl_lock);
	header->ldm_root = proc_sys_root;
	if (!proc_sys_root || register_entries(table, proc_sys_root)) {
		pthread_mutex_unlock(&sysctl_lock);
		kfree(header);
		return NULL;
	}
	pthread_mutex_unlock(&sysctl_lock);
	return header;
}
EXPORT_SYMBOL(register_sysctl_table);

/**
 * unregister_sysctl_table - take a table's files away
 * @header: what register_sysctl_table() gave (NULL does nothing)
 */
void unregister_sysctl_table(struct ctl_table_header *header)
{
	if (!header)
		return;
	pthread_mutex_lock(&sysctl_lock);
	unregister_entries(header->ctl_table, header->ldm_root);
	pthread_mutex_unlock(&sysctl_lock);
	kfree(header);
}
EXPORT_SYMBOL(unregister_sysctl_table);

/* Hand out @text from *ppos on: what every handler's read does. */
static int read_text(const char *text, void __user *buffer, size_t *lenp, loff_t *ppos)
{
	size_t len = strlen(text);

	if (*ppos >= (loff_t)len) {
		*lenp = 0;
		return 0;
	}
	len -= (size_t)*ppos;
	if (len > *lenp)
		len = *lenp;
	if (copy_to_user(buffer, text + *ppos, len))
		return -EFAULT;
	*lenp = len;
	*ppos += (loff_t)len;
	return 0;
}

/* Copy a write of at most @max bytes in, NUL-terminated; kfree() it. */
static char *write_text(const void __user *buffer, size_t len, size_t max, int *error)
{
	char *kbuf;

	*error = -EINVAL;
	if (len > max)
		return NULL;
	*error = -ENOMEM;
	kbuf = kmalloc(len + 1, GFP_KERNEL);
	if (!kbuf)
		return NULL;
	*error = -EFAULT;
	if (copy_from_user(kbuf, buffer, len)) {
		kfree(kbuf);
		return NULL;
	}
	kbuf[len] = '\0';
	*error = 0;
	return kbuf;
}

/**
 * proc_dostring - a string setting
 * @table: its entry: data a char array of maxlen bytes
 * @write: 1 for a write
 * @filp: the file
 * @buffer: the caller's buffer
 * @lenp: its length; set to what was done
 * @ppos: the file position
 *
 * A read gives the string and a newline; a write takes up to the first
 * newline, cut to maxlen - 1 bytes.
 * Return: 0, or -EFAULT.
 */
int proc_dostring(ctl_table *table, int write, struct file *filp, void __user *buffer, size_t *lenp,
		  loff_t *ppos)
{
	char *text, *nl;
	size_t n;
	int error;

	(void)filp;
	if (!table->data || table->maxlen <= 0) {
		*lenp = 0;
		return 0;
	}
	if (!write) {
		text = kasprintf(GFP_KERNEL, "%.*s\n", table->maxlen, (char *)table->data);
		if (!text)
			return -ENOMEM;
		error = read_text(text, buffer, lenp, ppos);
		kfree(text);
		return error;
	}
	text = write_text(buffer, *lenp, (size_t)-2, &error);
	if (!text)
		return error;
	nl = strchr(text, '\n');
	if (nl)
		*nl = '\0';
	n = strlen(text);
	if (n >= (size_t)table->maxlen)
		n = (size_t)table->maxlen - 1;
	memcpy(table->data, text, n);
	((char *)table->data)[n] = '\0';
	kfree(text);
	*ppos += (loff_t)*lenp;
	return 0;
}
EXPORT_SYMBOL(proc_dostring);

/* How a vector's values are converted: plain, or jiffies shown as seconds. */
enum conv { CONV_PLAIN, CONV_JIFFIES, CONV_USERHZ, CONV_MS_JIFFIES };

static long to_user(long v, enum conv conv)
{
	switch (conv) {
	case CONV_JIFFIES:
		return v / HZ;
	case CONV_USERHZ:
		return v; /* USER_HZ == HZ here */
	case CONV_MS_JIFFIES:
		return (long)jiffies_to_msecs((unsigned long)v);
	default:
		return v;
	}
}

static long from_user(long v, enum conv conv)
{
	switch (conv) {
	case CONV_JIFFIES:
		return v * HZ;
	case CONV_MS_JIFFIES:
		return (long)msecs_to_jiffies((unsigned int)v);
	default:
		return v;
	}
}

/*
 * The vector handlers' common part: @table->data holds maxlen / @size
 * values (int or long), @extra1/@extra2 bound them when @minmax.
 */
static int do_vec(ctl_table *table, int write, void __user *buffer, size_t *lenp, loff_t *ppos,
		  size_t size, enum conv conv, bool minmax)
{
	size_t n = table->data && table->maxlen > 0 ? (size_t)table->maxlen / size : 0, i;
	char *text, *p, *end;
	int error = 0;
	long v;

	if (!n) {
		*lenp = 0;
		return 0;
	}
	if (!write) {
		size_t room = n * 24 + 2, used = 0;

		text = kmalloc(room, GFP_KERNEL);
		if (!text)
			return -ENOMEM;
		for (i = 0; i < n; i++) {
			v = size == sizeof(int) ? ((int *)table->data)[i] :
						  ((long *)table->data)[i];
			used += (size_t)scnprintf(text + used, room - used, "%s%ld", i ? "\t" : "",
						  to_user(v, conv));
		}
		scnprintf(text + used, room - used, "\n");
		error = read_text(text, buffer, lenp, ppos);
		kfree(text);
		return error;
	}
	text = write_text(buffer, *lenp, 4096, &error);
	if (!text)
		return error;
	for (i = 0, p = text; i < n; i++) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == ',')
			p++;
		if (!*p)
			break;
		v = simple_strtol(p, &end, 0);
		if (end == p || (*end && !strchr(" \t\n,", *end))) {
			error = -EINVAL;
			break;
		}
		p = end;
		v = from_user(v, conv);
		/* Out of range: left as it was, as 2.6.9 does. */
		if (minmax && size == sizeof(int) &&
		    ((table->extra1 && v < *(int *)table->extra1) ||
		     (table->extra2 && v > *(int *)table->extra2)))
			continue;
		if (minmax && size == sizeof(long) &&
		    ((table->extra1 && v < ((long *)table->extra1)[0]) ||
		     (table->extra2 && v > ((long *)table->extra2)[0])))
			continue;
		if (size == sizeof(int))
			((int *)table->data)[i] = (int)v;
		else
			((long *)table->data)[i] = v;
	}
	kfree(text);
	if (!error)
		*ppos += (loff_t)*lenp;
	return error;
}

/**
 * proc_dointvec - a vector of ints, read and written as decimal numbers
 * @table: its entry: data holds maxlen / sizeof(int) ints
 * @write: 1 for a write
 * @filp: the file
 * @buffer: the caller's buffer
 * @lenp: its length; set to what was done
 * @ppos: the file position
 *
 * A read gives the values separated by tabs, then a newline; a write sets
 * as many as it gives, separated by blanks.
 * Return: 0, -EINVAL for a write that is not numbers, or -EFAULT.
 */
int proc_dointvec(ctl_table *table, int write, struct file *filp, void __user *buffer, size_t *lenp,
		  loff_t *ppos)
{
	(void)filp;
	return do_vec(table, write, buffer, lenp, ppos, sizeof(int), CONV_PLAIN, false);
}
EXPORT_SYMBOL(proc_dointvec);

/**
 * proc_dointvec_minmax - proc_dointvec() within bounds
 * @table: its entry: extra1 and extra2 point to the lowest and highest int
 * @write: 1 for a write
 * @filp: the file
 * @buffer: the caller's buffer
 * @lenp: its length
 * @ppos: the file position
 *
 * A value out of bounds is ignored, the others set.
 * Return: as proc_dointvec().
 */
int proc_dointvec_minmax(ctl_table *table, int write, struct file *filp, void __user *buffer,
			 size_t *lenp, loff_t *ppos)
{
	(void)filp;
	return do_vec(table, write, buffer, lenp, ppos, sizeof(int), CONV_PLAIN, true);
}
EXPORT_SYMBOL(proc_dointvec_minmax);

/**
 * proc_dointvec_jiffies - ints that hold jiffies, shown as seconds
 * @table: its entry
 * @write: 1 for a write
 * @filp: the file
 * @buffer: the caller's buffer
 * @lenp: its length
 * @ppos: the file position
 *
 * Return: as proc_dointvec().
 */
int proc_dointvec_jiffies(ctl_table *table, int write, struct file *filp, void __user *buffer,
			  size_t *lenp, loff_t *ppos)
{
	(void)filp;
	return do_vec(table, write, buffer, lenp, ppos, sizeof(int), CONV_JIFFIES, false);
}
EXPORT_SYMBOL(proc_dointvec_jiffies);

/**
 * proc_dointvec_userhz_jiffies - ints that hold jiffies, shown in USER_HZ ticks
 * @table: its entry
 * @write: 1 for a write
 * @filp: the file
 * @buffer: the caller's buffer
 * @lenp: its length
 * @ppos: the file position
 *
 * Return: as proc_dointvec().
 */
int proc_dointvec_userhz_jiffies(ctl_table *table, int write, struct file *filp,
				 void __user *buffer, size_t *lenp, loff_t *ppos)
{
	(void)filp;
	return do_vec(table, write, buffer, lenp, ppos, sizeof(int), CONV_USERHZ, false);
}
EXPORT_SYMBOL(proc_dointvec_userhz_jiffies);

/**
 * proc_doulongvec_minmax - a vector of longs within bounds
 * @table: its entry: extra1 and extra2 point to the lowest and highest long
 * @write: 1 for a write
 * @filp: the file
 * @buffer: the caller's buffer
 * @lenp: its length
 * @ppos: the file position
 *
 * Return: as proc_dointvec().
 */
int proc_doulongvec_minmax(ctl_table *table, int write, struct file *filp, void __user *buffer,
			   size_t *lenp, loff_t *ppos)
{
	(void)filp;
	return do_vec(table, write, buffer, lenp, ppos, sizeof(long), CONV_PLAIN, true);
}
EXPORT_SYMBOL(proc_doulongvec_minmax);

/**
 * proc_doulongvec_ms_jiffies_minmax - longs that hold jiffies, shown in ms
 * @table: its entry
 * @write: 1 for a write
 * @filp: the file
 * @buffer: the caller's buffer
 * @lenp: its length
 * @ppos: the file position
 *
 * Return: as proc_dointvec().
 */
int proc_doulongvec_ms_jiffies_minmax(ctl_table *table, int write, struct file *filp,
				      void __user *buffer, size_t *lenp, loff_t *ppos)
{
	(void)filp;
	return do_vec(table, write, buffer, lenp, ppos, sizeof(long), CONV_MS_JIFFIES, true);
}
EXPORT_SYMBOL(proc_doulongvec_ms_jiffies_minmax);

/* The binary sysctl(2) call is not served: its strategies take nothing. */
#define NO_STRATEGY(name) \
	int name(ctl_table *table, int *nm, int nlen, void *oldval, size_t *oldlenp, void *newval, \
		 size_t newlen, void **context) \
	{ \
		(void)table; \
		(void)nm; \
		(void)nlen; \
		(void)oldval; \
		(void)oldlenp; \
		(void)newval; \
		(void)newlen; \
		(void)context; \
		return -ENOSYS; \
	} \
	EXPORT_SYMBOL(name)

NO_STRATEGY(sysctl_string);
NO_STRATEGY(sysctl_intvec);
NO_STRATEGY(sysctl_jiffies);

/**
 * sysctl_init - /proc/sys
 *
 * Return: 0, or -ENOMEM.
 */
int sysctl_init(void)
{
	pthread_mutex_lock(&sysctl_lock);
	proc_sys_root = proc_mkdir("sys", NULL);
	pthread_mutex_unlock(&sysctl_lock);
	return proc_sys_root ? 0 : -ENOMEM;
}

/**
 * sysctl_exit - take /proc/sys away (tables left registered are reported)
 */
void sysctl_exit(void)
{
	struct proc_dir_entry *de;

	pthread_mutex_lock(&sysctl_lock);
	if (proc_sys_root) {
		for (de = proc_sys_root->subdir; de; de = de->next)
			fprintf(stderr, "ldm: sysctl table /proc/sys/%s never unregistered\n",
				de->name);
		remove_proc_entry("sys", NULL);
		proc_sys_root = NULL;
	}
	pthread_mutex_unlock(&sysctl_lock);
}
