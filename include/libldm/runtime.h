/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <libldm/runtime.h> - booting and stopping the runtime, and what a host
 * program does with it as a whole: the log and its console, interrupting a
 * thread, a /power/state cycle in two halves.
 */
#ifndef _LIBLDM_RUNTIME_H
#define _LIBLDM_RUNTIME_H

#ifdef MODULE
#error "<libldm/...> is the host API; a module uses <ldm/...> only"
#endif

#include <pthread.h>
#include <stddef.h>
#include <sys/types.h>

/**
 * DOC: how <libldm/runtime.h> works
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
 *   LDM_SYSFS           /kernel/ldm_sysfs      the tree built: "modern"
 *                                              (the default: 2.6.9's tree
 *                                              with uevent, subsystem,
 *                                              modalias... as today's tools
 *                                              read them) or "2.6.9" (the
 *                                              exact 2.6.9 tree); read-only
 *                                              while running
 *   LDM_EXPORT_POLICY   /kernel/export_policy  which of the seed patch's
 *                       (read-only)            exports are GPL-only: seed
 *                                              (default), 2.6.10 or 2.6.9
 *                                              (<libldm/module.h>)
 */

#pragma GCC visibility push(default)

int ldm_init(void);
void ldm_exit(void);

/*
 * The tree the runtime builds (docs/sysfs.md): "modern" or "2.6.9".
 * ldm_sysfs_layout_set() before ldm_init() overrides LDM_SYSFS (NULL: let
 * it decide again); it returns 0, -EINVAL for another name, or -EBUSY
 * while the runtime runs. ldm_sysfs_layout() names the layout in use, or
 * the one the next ldm_init() would build.
 */
int ldm_sysfs_layout_set(const char *layout);
const char *ldm_sysfs_layout(void);

/*
 * The kernel log (docs/runtime.md): what printk printed since ldm_init, as
 * lines "LEVEL,SEQ,USEC,-;TEXT\n" in the format of Linux's /dev/kmsg,
 * oldest first, from sequence number @since on (0: all that the buffer
 * kept); *@next (if not NULL) gets the number of the next record. Free the
 * string with free(); NULL when out of memory.
 */
char *ldm_dmesg(unsigned long long since, unsigned long long *next);

/*
 * ldm_kmsg - a line in the kernel log from the host, as a process writes
 * one to /dev/kmsg: @level is 0 (KERN_EMERG) to 7 (KERN_DEBUG), the text
 * printf's. Goes to the console as printk's lines do.
 */
void ldm_kmsg(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * The console: each log line below the console level (LDM_LOGLEVEL) goes to
 * @fn instead of stderr, in order, one call at a time (@usec: since
 * ldm_init; @text: no level prefix, no newline). @fn must not printk.
 * ldm_console_set(NULL, NULL) goes back to stderr.
 */
typedef void (*ldm_console_fn)(int level, unsigned long long usec, const char *text, void *data);
void ldm_console_set(ldm_console_fn fn, void *data);

/*
 * Signals, as a driver sees them: threads of the runtime get none, so
 * ldm_thread_interrupt() marks a thread interrupted and wakes it from an
 * interruptible sleep; from then on signal_pending(current) is true in that
 * thread, and every interruptible wait (wait_event_interruptible,
 * wait_for_completion_interruptible, mutex_lock_interruptible,
 * msleep_interruptible) returns at once with -ERESTARTSYS (or -EINTR, or
 * the time left) - as a kernel task's pending signal stays pending until
 * the return to user space. The thread clears it with
 * ldm_thread_clear_interrupt() (flush_signals(current)) once the
 * interrupted request is over. Uninterruptible sleeps ignore it.
 */
void ldm_thread_interrupt(pthread_t thread);
void ldm_thread_clear_interrupt(void);

/*
 * User space, as a driver reaches it: copy_from_user(), copy_to_user(),
 * get_user(), put_user(), clear_user() and strncpy_from_user() in the
 * calling thread reach the memory of process @pid (process_vm_readv and
 * process_vm_writev, which need the right to trace it) instead of this
 * process's, until ldm_thread_set_user(0). For a front end that runs a
 * driver's ioctl for another process, as a kernel runs it for a caller.
 */
int ldm_thread_set_user(pid_t pid);

/*
 * The calling thread's user space becomes the @size bytes at @buf, of
 * this process, alone: a user copy anywhere else fails as an unmapped
 * address does (-EFAULT), until ldm_thread_set_user(0). For a front end
 * that hands a driver's ioctl a copy of the caller's argument (a FUSE
 * ioctl): an address the caller put inside it means nothing here, and
 * must not reach this process's memory.
 */
int ldm_thread_set_user_buffer(void *buf, size_t size);

/*
 * The two halves of a /power/state cycle, for a front end that suspends and
 * later resumes (ldm suspend, ldm resume): @state is "standby", "mem" or
 * "disk". Each returns 0 or a negative errno.
 */
int ldm_pm_suspend(const char *state);
int ldm_pm_resume(void);

/*
 * The machine's stop (docs/kernel-services.md). ldm_reboot() calls the
 * drivers' reboot notifiers with SYS_RESTART, SYS_HALT or SYS_POWER_OFF
 * before the host ends the runtime with ldm_exit() (which otherwise calls
 * them with SYS_POWER_OFF itself); -EALREADY if they ran in this run.
 * A driver that calls machine_restart(), machine_halt() or
 * machine_power_off() has the handler called, in its own thread: the
 * handler starts the host's shutdown and returns (it must not call
 * ldm_exit()); ldm_machine_stop_requested() tells which stop a driver
 * asked for (0: none).
 */
#define LDM_REBOOT_RESTART   1
#define LDM_REBOOT_HALT	     2
#define LDM_REBOOT_POWER_OFF 3

int ldm_reboot(int how);
typedef void (*ldm_machine_stop_fn)(int how, const char *cmd, void *data);
void ldm_machine_stop_handler(ldm_machine_stop_fn fn, void *data);
int ldm_machine_stop_requested(void);

/*
 * Credentials, as a driver sees them (capable(), current->uid): the
 * process's, unless a front end serving another process's request sets
 * that process's for the calling thread with ldm_thread_set_cred() (its
 * uid, gid and effective capabilities, which ldm_process_caps() reads
 * for a pid) and back with ldm_thread_clear_cred() when the request is
 * done.
 */
void ldm_thread_set_cred(uid_t uid, gid_t gid, unsigned long long caps);
void ldm_thread_clear_cred(void);
unsigned long long ldm_process_caps(pid_t pid);

#pragma GCC visibility pop

#endif /* _LIBLDM_RUNTIME_H */
