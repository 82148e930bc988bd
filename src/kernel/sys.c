// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sys.c - notifier chains and the reboot notifiers (kernel/sys.c of
 * 2.6.9), and what stands for the machine's restart, halt and power-off:
 * the end of the runtime, which the host carries out.
 */
#include <pthread.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/notifier.h>
#include <ldm/reboot.h>
#include <libldm/runtime.h>

#include "boot.h"

/**
 * DOC: the machine's stop
 *
 * The runtime stands for the machine. Its reboot notifiers are called
 * once per run: by ldm_reboot() with SYS_RESTART, SYS_HALT or
 * SYS_POWER_OFF when the host asks (then the host ends the runtime with
 * ldm_exit()), or else by ldm_exit() with SYS_POWER_OFF.
 *
 * machine_restart(), machine_halt() and machine_power_off() called by a
 * driver (a watchdog that fires) log at KERN_EMERG and ask the host to
 * end the runtime: the handler set with ldm_machine_stop_handler() is
 * called, in the driver's thread, and must only start the host's own
 * shutdown (ldmd treats it as SIGTERM; ldm run as the end of its run).
 * Without a handler, only the log and ldm_machine_stop_requested() tell.
 * Unlike the kernel's, these functions return: the calling thread may be
 * the timer thread, which the shutdown needs.
 */

/* Guards both chains' lists; a call walks a chain under the read lock. */
static pthread_rwlock_t notifier_lock = PTHREAD_RWLOCK_INITIALIZER;
static struct notifier_block *reboot_notifier_list;
static pthread_mutex_t stop_lock = PTHREAD_MUTEX_INITIALIZER;
static int reboot_notified; /* the chain ran this run */
static int stop_requested;  /* LDM_REBOOT_* a driver asked for, 0: none */
static ldm_machine_stop_fn stop_fn;
static void *stop_data;

/**
 * notifier_chain_register - add a callback to a chain, by priority
 * @list: the chain
 * @n: the callback; higher priorities are called first, equal ones in
 *	the order they came
 *
 * Return: 0.
 */
int notifier_chain_register(struct notifier_block **list, struct notifier_block *n)
{
	pthread_rwlock_wrlock(&notifier_lock);
	while (*list && (*list)->priority >= n->priority)
		list = &(*list)->next;
	n->next = *list;
	*list = n;
	pthread_rwlock_unlock(&notifier_lock);
	return 0;
}
EXPORT_SYMBOL(notifier_chain_register);

/**
 * notifier_chain_unregister - take a callback off a chain
 * @nl: the chain
 * @n: the callback
 *
 * Return: 0, or -ENOENT if @n is not on the chain.
 */
int notifier_chain_unregister(struct notifier_block **nl, struct notifier_block *n)
{
	int ret = -ENOENT;

	pthread_rwlock_wrlock(&notifier_lock);
	for (; *nl; nl = &(*nl)->next) {
		if (*nl == n) {
			*nl = n->next;
			ret = 0;
			break;
		}
	}
	pthread_rwlock_unlock(&notifier_lock);
	return ret;
}
EXPORT_SYMBOL(notifier_chain_unregister);

/**
 * notifier_call_chain - call each callback of a chain in turn
 * @n: the chain
 * @val: the event
 * @v: its data
 *
 * A callback must not register or unregister on the chain it is called
 * from.
 * Return: the last callback's answer; the walk stops at one with
 * NOTIFY_STOP_MASK set. NOTIFY_DONE for an empty chain.
 */
int notifier_call_chain(struct notifier_block **n, unsigned long val, void *v)
{
	struct notifier_block *nb;
	int ret = NOTIFY_DONE;

	pthread_rwlock_rdlock(&notifier_lock);
	for (nb = *n; nb; nb = nb->next) {
		ret = nb->notifier_call(nb, val, v);
		if (ret & NOTIFY_STOP_MASK)
			break;
	}
	pthread_rwlock_unlock(&notifier_lock);
	return ret;
}
EXPORT_SYMBOL(notifier_call_chain);

/**
 * register_reboot_notifier - be called before the runtime stops
 * @nb: the callback, called with SYS_RESTART, SYS_HALT or SYS_POWER_OFF
 *
 * Return: 0.
 */
int register_reboot_notifier(struct notifier_block *nb)
{
	return notifier_chain_register(&reboot_notifier_list, nb);
}
EXPORT_SYMBOL(register_reboot_notifier);

/**
 * unregister_reboot_notifier - no longer be called before the runtime stops
 * @nb: the callback
 *
 * Return: 0, or -ENOENT if it was not registered.
 */
int unregister_reboot_notifier(struct notifier_block *nb)
{
	return notifier_chain_unregister(&reboot_notifier_list, nb);
}
EXPORT_SYMBOL(unregister_reboot_notifier);

static const char *const how_names[] = {
	[LDM_REBOOT_RESTART] = "restart",
	[LDM_REBOOT_HALT] = "halt",
	[LDM_REBOOT_POWER_OFF] = "power off",
};

/* Call the reboot chain once per run; false if it had run already. */
static bool notify_reboot(int how)
{
	static const unsigned long events[] = {
		[LDM_REBOOT_RESTART] = SYS_RESTART,
		[LDM_REBOOT_HALT] = SYS_HALT,
		[LDM_REBOOT_POWER_OFF] = SYS_POWER_OFF,
	};
	bool first;

	pthread_mutex_lock(&stop_lock);
	first = !reboot_notified;
	reboot_notified = 1;
	pthread_mutex_unlock(&stop_lock);
	if (first)
		notifier_call_chain(&reboot_notifier_list, events[how], NULL);
	return first;
}

/**
 * ldm_reboot - tell the drivers that the runtime is about to stop
 * @how: LDM_REBOOT_RESTART, LDM_REBOOT_HALT or LDM_REBOOT_POWER_OFF
 *
 * Calls the reboot notifiers with SYS_RESTART, SYS_HALT or SYS_POWER_OFF,
 * as reboot(2) does before it stops the machine; the host then ends the
 * runtime with ldm_exit(), which does not call them again.
 * Return: 0; -EINVAL for another @how; -EALREADY if they were called
 * already in this run.
 */
int ldm_reboot(int how)
{
	if (how < LDM_REBOOT_RESTART || how > LDM_REBOOT_POWER_OFF)
		return -EINVAL;
	printk(KERN_NOTICE "ldm: %s requested; calling the reboot notifiers\n", how_names[how]);
	return notify_reboot(how) ? 0 : -EALREADY;
}

/**
 * reboot_notify_exit - the reboot notifiers at ldm_exit(), with
 * SYS_POWER_OFF unless ldm_reboot() called them; and a new run's state
 */
void reboot_notify_exit(void)
{
	notify_reboot(LDM_REBOOT_POWER_OFF);
	pthread_mutex_lock(&stop_lock);
	reboot_notified = 0;
	stop_requested = 0;
	pthread_mutex_unlock(&stop_lock);
}

/**
 * ldm_machine_stop_handler - be asked to end the runtime when a driver
 * restarts, halts or powers off the machine
 * @fn: called with LDM_REBOOT_*, the driver's command string (or NULL)
 *	and @data, in the driver's thread: it must only start the host's
 *	shutdown, never call ldm_exit() itself; NULL for none
 * @data: passed to @fn
 */
void ldm_machine_stop_handler(ldm_machine_stop_fn fn, void *data)
{
	pthread_mutex_lock(&stop_lock);
	stop_fn = fn;
	stop_data = data;
	pthread_mutex_unlock(&stop_lock);
}

/**
 * ldm_machine_stop_requested - whether a driver asked for the machine's stop
 *
 * Return: LDM_REBOOT_RESTART, LDM_REBOOT_HALT or LDM_REBOOT_POWER_OFF, or
 * 0 if no driver did in this run.
 */
int ldm_machine_stop_requested(void)
{
	int how;

	pthread_mutex_lock(&stop_lock);
	how = stop_requested;
	pthread_mutex_unlock(&stop_lock);
	return how;
}

static void machine_stop(int how, const char *cmd)
{
	ldm_machine_stop_fn fn;
	void *data;

	printk(KERN_EMERG "ldm: machine %s requested by a driver%s%s; ending the runtime\n",
	       how_names[how], cmd ? ": " : "", cmd ? cmd : "");
	pthread_mutex_lock(&stop_lock);
	if (!stop_requested)
		stop_requested = how;
	fn = stop_fn;
	data = stop_data;
	pthread_mutex_unlock(&stop_lock);
	if (fn)
		fn(how, cmd, data);
}

/**
 * machine_restart - restart the machine: end the runtime (see the DOC above)
 * @cmd: the command of a restart with an argument, or NULL
 */
void machine_restart(char *cmd)
{
	machine_stop(LDM_REBOOT_RESTART, cmd);
}
EXPORT_SYMBOL(machine_restart);

/**
 * machine_halt - halt the machine: end the runtime (see the DOC above)
 */
void machine_halt(void)
{
	machine_stop(LDM_REBOOT_HALT, NULL);
}
EXPORT_SYMBOL(machine_halt);

void (*pm_power_off)(void);
EXPORT_SYMBOL(pm_power_off);

/**
 * machine_power_off - power the machine off: end the runtime (see the DOC above)
 *
 * A driver's pm_power_off, if one is set, runs first, as in 2.6.9.
 */
void machine_power_off(void)
{
	void (*power_off)(void) = pm_power_off;

	if (power_off)
		power_off();
	machine_stop(LDM_REBOOT_POWER_OFF, NULL);
}
EXPORT_SYMBOL(machine_power_off);
