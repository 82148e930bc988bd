// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * proc_misc.c - the runtime's own files of /proc (fs/proc/proc_misc.c of
 * 2.6.9): modules, in the format kmod's lsmod reads, and devices, the
 * registered character majors.
 */
#include <stdlib.h>
#include <ldm/errno.h>
#include <ldm/fs.h>
#include <ldm/kernel.h>
#include <ldm/proc_fs.h>
#include <ldm/seq_file.h>
#include <libldm/chrdev.h>
#include <libldm/module.h>

#include "boot.h"

static int modules_show(struct seq_file *m, void *v)
{
	char *text = ldm_proc_modules();

	(void)v;
	if (!text)
		return -ENOMEM;
	seq_puts(m, text);
	free(text);
	return 0;
}

static int modules_open(struct inode *inode, struct file *file)
{
	(void)inode;
	return single_open(file, modules_show, NULL);
}

static const struct file_operations proc_modules_operations = {
	.open = modules_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

struct devices_walk {
	struct seq_file *m;
	int last;
};

static int devices_region(unsigned int major, unsigned int baseminor, unsigned int count,
			  const char *name, void *data)
{
	struct devices_walk *w = data;

	(void)baseminor;
	(void)count;
	/* One line per major, as 2.6.9 lists them. */
	if ((int)major != w->last)
		seq_printf(w->m, "%3u %s\n", major, name);
	w->last = (int)major;
	return 0;
}

static int devices_show(struct seq_file *m, void *v)
{
	struct devices_walk w = { .m = m, .last = -1 };
	int err;

	(void)v;
	seq_puts(m, "Character devices:\n");
	err = ldm_chrdev_for_each_region(devices_region, &w);
	/* No block devices in ldm. */
	seq_puts(m, "\nBlock devices:\n");
	return err;
}

static int devices_open(struct inode *inode, struct file *file)
{
	(void)inode;
	return single_open(file, devices_show, NULL);
}

static const struct file_operations proc_devices_operations = {
	.open = devices_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

static int proc_misc_file(const char *name, const struct file_operations *fops)
{
	struct proc_dir_entry *de = create_proc_entry(name, 0, NULL);

	if (!de)
		return -ENOMEM;
	de->proc_fops = (struct file_operations *)fops;
	return 0;
}

/**
 * proc_misc_init - /proc/modules and /proc/devices
 *
 * Return: 0, or -ENOMEM.
 */
int proc_misc_init(void)
{
	int err = proc_misc_file("modules", &proc_modules_operations);

	if (err)
		return err;
	err = proc_misc_file("devices", &proc_devices_operations);
	if (err)
		remove_proc_entry("modules", NULL);
	return err;
}

/**
 * proc_misc_exit - take them away
 */
void proc_misc_exit(void)
{
	remove_proc_entry("devices", NULL);
	remove_proc_entry("modules", NULL);
}
