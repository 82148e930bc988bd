// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * main.c - booting and stopping the runtime (init/main.c: start_kernel, and
 * the power-off path). Each layer comes up in order, from the bottom, and
 * goes down in reverse.
 */
#include <pthread.h>
#include <stdlib.h>
#include <ldm/kernel.h>
#include <ldm/module.h>
#include <ldm/workqueue.h>
#include <libldm/runtime.h>

#include "boot.h"
#include "sysfs_compat.h"
#include "taint.h"

static pthread_mutex_t boot_lock = PTHREAD_MUTEX_INITIALIZER;
static bool running;

/**
 * ldm_init - boot the runtime
 *
 * Reads the settings of the environment (see <libldm/runtime.h>), builds
 * the export tables, starts the timer thread and the "events" work queue,
 * and builds the tree with /kernel in it.
 * Return: 0, -EBUSY if the runtime is already up, -ENOMEM, -EEXIST if two
 * objects export the same symbol name, or -EINVAL for an LDM_SYSFS that
 * names no layout or an unknown LDM_EXPORT_POLICY.
 */
int ldm_init(void)
{
	int error;

	pthread_mutex_lock(&boot_lock);
	error = -EBUSY;
	if (running)
		goto out;
	printk_init();
	cpu_identify();
	error = sysfs_compat_init(getenv("LDM_SYSFS"));
	if (error)
		goto out;
	error = ldm_export_init();
	if (error)
		goto err_compat;
	error = init_timers();
	if (error)
		goto err_exports;
	error = init_workqueues();
	if (error)
		goto err_timers;
	error = softirq_init();
	if (error)
		goto err_workqueues;
	error = sysfs_init();
	if (error)
		goto err_softirq;
	error = kobject_uevent_init(getenv("LDM_HOTPLUG_HELPER"));
	if (error)
		goto err_sysfs;
	error = ksysfs_init();
	if (error)
		goto err_uevent;
	error = ldm_export_sysfs_init();
	if (error)
		goto err_ksysfs;
	error = param_sysfs_init();
	if (error)
		goto err_ksysfs;
	error = driver_init();
	if (error)
		goto err_params;
	firmware_set_module_ops(try_module_get, module_put);
	error = pci_driver_init();
	if (error)
		goto err_driver;
	error = pnp_init();
	if (error)
		goto err_pci;
	error = scx200_init();
	if (error)
		goto err_pnp;
	error = usb_init();
	if (error)
		goto err_scx200;
	error = pm_init();
	if (error)
		goto err_usb;
	error = proc_root_init();
	if (error)
		goto err_pm;
	error = proc_misc_init();
	if (error)
		goto err_proc;
	error = proc_hardware_init();
	if (error)
		goto err_proc_misc;
	error = pci_proc_init();
	if (error)
		goto err_proc_hardware;
	piix4_smbus_init();
	error = sysctl_init();
	if (error)
		goto err_pci_proc;
	error = misc_init();
	if (error)
		goto err_sysctl;
	error = tty_ldisc_init();
	if (error)
		goto err_misc;
	module_sysfs_init();
	running = true;
	goto out;

err_misc:
	misc_exit();
err_sysctl:
	sysctl_exit();
err_pci_proc:
	piix4_smbus_exit();
	pci_proc_exit();
err_proc_hardware:
	proc_hardware_exit();
err_proc_misc:
	proc_misc_exit();
err_proc:
	proc_root_exit();
err_pm:
	pm_exit();
err_usb:
	usb_exit();
err_scx200:
	scx200_exit();
err_pnp:
	pnp_exit();
err_pci:
	pci_driver_exit();
err_driver:
	driver_exit();
err_params:
	param_sysfs_exit();
err_ksysfs:
	ksysfs_exit();
err_uevent:
	kobject_uevent_exit();
err_sysfs:
	sysfs_exit();
err_softirq:
	softirq_exit();
err_workqueues:
	workqueues_exit();
err_timers:
	timers_stop();
	timers_exit();
err_exports:
	ldm_export_exit();
err_compat:
	sysfs_compat_exit();
out:
	pthread_mutex_unlock(&boot_lock);
	return error;
}

/**
 * ldm_exit - stop the runtime
 *
 * Tears down what ldm_init() built, then prints on stderr one line for each
 * kobject still alive (name, path, refcount): each is a missing put; and one
 * for each timer still pending or work never run. Prints nothing when
 * nothing leaked.
 */
void ldm_exit(void)
{
	pthread_mutex_lock(&boot_lock);
	if (!running)
		goto out;
	/* The drivers hear of the stop first (SYS_POWER_OFF, unless ldm_reboot()). */
	reboot_notify_exit();
	/* Firmware callbacks run while the modules they live in are still there. */
	firmware_class_shutdown();
	request_module_exit();
	ldm_modules_unload_all();
	module_sysfs_exit();
	/* Scheduled work runs while everything it may use is still up. */
	flush_scheduled_work();
	of_board_exit();
	platform_host_exit();
	tty_ldisc_exit();
	misc_exit();
	sysctl_exit();
	piix4_smbus_exit();
	pci_proc_exit();
	proc_hardware_exit();
	proc_misc_exit();
	proc_root_exit();
	chrdev_exit();
	pm_exit();
	usb_exit();
	scx200_exit();
	pnp_exit();
	pci_driver_exit();
	driver_exit();
	/* What drivers left of the hardware: handlers, mappings, and the models' claims. */
	irq_exit_all();
	ioremap_exit();
	iospace_exit();
	/* Tasklets still queued run before the thread stops. */
	softirq_exit();
	param_sysfs_exit();
	ksysfs_exit();
	/* No timer fires from here on; work they queued still runs. */
	timers_stop();
	workqueues_exit();
	timers_exit();
	kobject_uevent_exit();
	kobject_report_live();
	sysfs_exit();
	ldm_export_exit();
	taint_reset();
	sysfs_compat_exit();
	printk_exit();
	running = false;
out:
	pthread_mutex_unlock(&boot_lock);
}
