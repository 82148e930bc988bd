/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <libldm/runtime.h> - booting and stopping the runtime, and what a host
 * program does with it as a whole: the log and its console, interrupting a
 * thread, a /power/state cycle in two halves.
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
 *   LDM_EXPORT_POLICY   /kernel/export_policy  which of the seed patch's
 *                       (read-only)            exports are GPL-only: seed
 *                                              (default), 2.6.10 or 2.6.9
 *                                              (<libldm/module.h>)
 */
#ifndef _LIBLDM_RUNTIME_H
#define _LIBLDM_RUNTIME_H

#ifdef MODULE
#error "<libldm/...> is the host API; a module uses <ldm/...> only"
#endif

#include <pthread.h>
#include <stddef.h>

#pragma GCC visibility push(default)

int ldm_init(void);
void ldm_exit(void);

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
 * The two halves of a /power/state cycle, for a front end that suspends and
 * later resumes (ldm suspend, ldm resume): @state is "standby", "mem" or
 * "disk". Each returns 0 or a negative errno.
 */
int ldm_pm_suspend(const char *state);
int ldm_pm_resume(void);

#pragma GCC visibility pop

#endif /* _LIBLDM_RUNTIME_H */
