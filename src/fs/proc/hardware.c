// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * hardware.c - the hardware's files of /proc: ioports and iomem, the
 * ranges drivers claimed (kernel/resource.c of 2.6.9), and interrupts, the
 * lines with handlers and their counts (proc_misc.c of 2.6.9).
 */
#include <stdlib.h>
#include <ldm/errno.h>
#include <ldm/fs.h>
#include <ldm/ioport.h>
#include <ldm/kernel.h>
#include <ldm/proc_fs.h>
#include <ldm/seq_file.h>

#include "boot.h"
#include "iospace.h"

struct hardware_file {
	const char *name;
	char *(*text)(void);
};

static int hardware_show(struct seq_file *m, void *v)
{
	const struct hardware_file *hf = m->private;
	char *text = hf->text();

	(void)v;
	if (!text)
		return -ENOMEM;
	seq_puts(m, text);
	free(text);
	return 0;
}

static char *ioports_text(void)
{
	return ldm_resource_text(&ioport_resource);
}

static char *iomem_text(void)
{
	return ldm_resource_text(&iomem_resource);
}

static int hardware_open(struct inode *inode, struct file *file)
{
	return single_open(file, hardware_show, PDE(inode)->data);
}

static const struct file_operations proc_hardware_operations = {
	.open = hardware_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

static const struct hardware_file hardware_files[] = {
	{ "ioports", ioports_text },
	{ "iomem", iomem_text },
	{ "interrupts", ldm_interrupts_text },
};

/**
 * proc_hardware_exit - take /proc/ioports, iomem and interrupts away
 */
void proc_hardware_exit(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(hardware_files); i++)
		remove_proc_entry(hardware_files[i].name, NULL);
}

/**
 * proc_hardware_init - /proc/ioports, /proc/iomem and /proc/interrupts
 *
 * Return: 0, or -ENOMEM.
 */
int proc_hardware_init(void)
{
	struct proc_dir_entry *de;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(hardware_files); i++) {
		de = create_proc_entry(hardware_files[i].name, 0, NULL);
		if (!de) {
			while (i--)
				remove_proc_entry(hardware_files[i].name, NULL);
			return -ENOMEM;
		}
		de->data = (void *)&hardware_files[i];
		de->proc_fops = (struct file_operations *)&proc_hardware_operations;
	}
	return 0;
}
