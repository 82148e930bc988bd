/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/runtime.h> - booting and stopping the runtime.
 *
 * The runtime is process-global, as a kernel is machine-global: one
 * ldm_init() before any other call, one ldm_exit() at the end.
 *
 * Settings come from the environment at ldm_init() and each is also a file
 * of the tree, writable at run time as in modern Linux:
 *   LDM_HOTPLUG_HELPER  /kernel/uevent_helper  program run for each hotplug
 *                                              event, as /sbin/hotplug was
 *                                              (empty: none, the default)
 *   LDM_FIRMWARE_PATH   /module/firmware_class/parameters/path
 *                                              directories request_firmware
 *                                              searches, colon-separated,
 *                                              before /lib/firmware
 *   LDM_LOGLEVEL        -                      console level of printk on
 *                                              stderr (default 5: warnings
 *                                              and worse)
 */
#ifndef _LDM_RUNTIME_H
#define _LDM_RUNTIME_H

#pragma GCC visibility push(default)

int ldm_init(void);
void ldm_exit(void);

/*
 * Modules (docs/modules.md): the init_module and delete_module system
 * calls, and loading from a file. @args is one string of space-separated
 * name=value pairs, as init_module's, and may be NULL. Each returns 0 or a
 * negative errno; the log says why.
 */
int ldm_init_module(const void *image, unsigned long len, const char *args);
int ldm_delete_module(const char *name, unsigned int flags);
int ldm_insmod(const char *path, const char *args);

/*
 * The loaded modules in the format of /proc/modules, one line each:
 * "name size refcount users, state address (taints)". The caller frees the
 * string with free(); NULL when out of memory.
 */
char *ldm_proc_modules(void);

/*
 * The kernel log (docs/runtime.md): what printk printed since ldm_init, as
 * lines "LEVEL,SEQ,USEC,-;TEXT\n" in the format of Linux's /dev/kmsg,
 * oldest first, from sequence number @since on (0: all that the buffer
 * kept); *@next (if not NULL) gets the number of the next record. Free the
 * string with free(); NULL when out of memory.
 */
char *ldm_dmesg(unsigned long long since, unsigned long long *next);

/*
 * The console: each log line below the console level (LDM_LOGLEVEL) goes to
 * @fn instead of stderr, in order, one call at a time (@usec: since
 * ldm_init; @text: no level prefix, no newline). @fn must not printk.
 * ldm_console_set(NULL, NULL) goes back to stderr.
 */
typedef void (*ldm_console_fn)(int level, unsigned long long usec, const char *text,
			       void *data);
void ldm_console_set(ldm_console_fn fn, void *data);

#pragma GCC visibility pop

#endif /* _LDM_RUNTIME_H */
