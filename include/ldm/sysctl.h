/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/sysctl.h> - the sysctl tables of <linux/sysctl.h>, as 2.6.9 without
 * CONFIG_SYSCTL: a driver may declare its table; registering it gives
 * NULL and nothing appears.
 */
#ifndef _LDM_SYSCTL_H
#define _LDM_SYSCTL_H

#include <ldm/kernel.h>
#include <ldm/list.h>
#include <ldm/types.h>

struct ctl_table;
struct file;
typedef struct ctl_table ctl_table;
typedef int ctl_handler(ctl_table *table, int *name, int nlen, void *oldval, size_t *oldlenp,
			void *newval, size_t newlen, void **context);
typedef int proc_handler(ctl_table *ctl, int write, struct file *filp, void *buffer, size_t *lenp,
			 loff_t *ppos);

struct ctl_table {
	int ctl_name;
	const char *procname;
	void *data;
	int maxlen;
	mode_t mode;
	ctl_table *child;
	proc_handler *proc_handler;
	ctl_handler *strategy;
	void *de;
	void *extra1;
	void *extra2;
};

struct ctl_table_header {
	ctl_table *ctl_table;
	struct list_head ctl_entry;
};

static inline struct ctl_table_header *register_sysctl_table(ctl_table *table, int insert_at_head)
{
	(void)table;
	(void)insert_at_head;
	return NULL;
}

static inline void unregister_sysctl_table(struct ctl_table_header *table)
{
	(void)table;
}

#endif /* _LDM_SYSCTL_H */
