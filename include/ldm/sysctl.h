/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/sysctl.h> - the sysctl tables of <linux/sysctl.h> in 2.6.9: a
 * driver registers a tree of ctl_table entries, and each leaf becomes a
 * file of /proc/sys read and written through its proc_handler
 * (proc_dointvec(), proc_dostring(), ...). The binary sysctl(2) call is
 * not served.
 */
#ifndef _LDM_SYSCTL_H
#define _LDM_SYSCTL_H

#include <ldm/kernel.h>
#include <ldm/list.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

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
	void *ldm_root; /* the /proc/sys directory the table hangs from */
};

struct ctl_table_header *register_sysctl_table(ctl_table *table, int insert_at_head);
void unregister_sysctl_table(struct ctl_table_header *table);

/* The handlers of a table entry's /proc/sys file. */
int proc_dostring(ctl_table *table, int write, struct file *filp, void __user *buffer, size_t *lenp,
		  loff_t *ppos);
int proc_dointvec(ctl_table *table, int write, struct file *filp, void __user *buffer, size_t *lenp,
		  loff_t *ppos);
int proc_dointvec_minmax(ctl_table *table, int write, struct file *filp, void __user *buffer,
			 size_t *lenp, loff_t *ppos);
int proc_dointvec_jiffies(ctl_table *table, int write, struct file *filp, void __user *buffer,
			  size_t *lenp, loff_t *ppos);
int proc_dointvec_userhz_jiffies(ctl_table *table, int write, struct file *filp,
				 void __user *buffer, size_t *lenp, loff_t *ppos);
int proc_doulongvec_minmax(ctl_table *table, int write, struct file *filp, void __user *buffer,
			   size_t *lenp, loff_t *ppos);
int proc_doulongvec_ms_jiffies_minmax(ctl_table *table, int write, struct file *filp,
				      void __user *buffer, size_t *lenp, loff_t *ppos);

/*
 * The strategies of the binary sysctl(2) call, which ldm does not serve:
 * they are there for tables to name, and take nothing.
 */
int sysctl_string(ctl_table *table, int *name, int nlen, void *oldval, size_t *oldlenp,
		  void *newval, size_t newlen, void **context);
int sysctl_intvec(ctl_table *table, int *name, int nlen, void *oldval, size_t *oldlenp,
		  void *newval, size_t newlen, void **context);
int sysctl_jiffies(ctl_table *table, int *name, int nlen, void *oldval, size_t *oldlenp,
		   void *newval, size_t newlen, void **context);

/* The top-level names of 2.6.9's tables (the binary ids; /proc/sys uses procname). */
enum {
	CTL_KERN = 1,
	CTL_VM = 2,
	CTL_NET = 3,
	CTL_PROC = 4,
	CTL_FS = 5,
	CTL_DEBUG = 6,
	CTL_DEV = 7,
	CTL_BUS = 8,
	CTL_ABI = 9,
	CTL_CPU = 10
};

enum {
	DEV_CDROM = 1,
	DEV_HWMON = 2,
	DEV_PARPORT = 3,
	DEV_RAID = 4,
	DEV_MAC_HID = 5,
	DEV_SCSI = 6,
	DEV_IPMI = 7
};

#pragma GCC visibility pop

#endif /* _LDM_SYSCTL_H */
