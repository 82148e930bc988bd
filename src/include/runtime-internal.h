/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * runtime-internal.h - what the layers of the runtime tell each other at
 * boot and shutdown (init/main.c calls them in order). Private to libldm.
 */
#ifndef _LDM_RUNTIME_INTERNAL_H
#define _LDM_RUNTIME_INTERNAL_H

/* kernel/printk.c */
void printk_init(void);
void printk_exit(void);

/* kernel/log_buf.c */
void log_buf_init(void);
void log_buf_emit(int level, const char *text, int console_level);
void log_buf_flush(int console_level);

/* kernel/export.c */
int ldm_export_init(void);
void ldm_export_exit(void);

/* kernel/timer.c: the timer thread; stopping leaves timers pending, exit reports them */
int init_timers(void);
void timers_stop(void);
void timers_exit(void);

/* kernel/workqueue.c: the "events" work queue */
int init_workqueues(void);
void workqueues_exit(void);

/* fs/sysfs/mount.c */
int sysfs_init(void);
void sysfs_exit(void);

/* lib/kobject_uevent.c */
int kobject_uevent_init(const char *helper);
void kobject_uevent_exit(void);
unsigned long long kobject_uevent_seqnum(void);
int kobject_uevent_helper_get(char *buf, size_t size);
int kobject_uevent_helper_set(const char *path, size_t len);

/* lib/kobject.c */
unsigned int kobject_report_live(void);

/* base/init.c */
int driver_init(void);
void driver_exit(void);

/* drivers/char/misc.c: the class "misc" */
int misc_init(void);
void misc_exit(void);

/* of/board.c: the loaded board's devices go */
void of_board_exit(void);

/* kernel/ksysfs.c */
int ksysfs_init(void);
void ksysfs_exit(void);

#endif /* _LDM_RUNTIME_INTERNAL_H */
