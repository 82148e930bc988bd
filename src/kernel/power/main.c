// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * main.c - /power/state (kernel/power/main.c of 2.6.9): reading lists the
 * states, writing one runs a whole suspend and resume cycle of the devices.
 * There is no machine to put to sleep: the cycle suspends every device
 * (children first), powers down what waits for interrupts off and the system
 * devices, then powers up and resumes in the reverse order.
 */
#include <stdio.h>
#include <string.h>
#include <ldm/device.h>
#include <ldm/kobject.h>
#include <ldm/semaphore.h>
#include <ldm/suspend.h>
#include <libldm/runtime.h>

#include "boot.h"

static DECLARE_MUTEX(pm_sem);
static bool held_suspended; /* ldm_pm_suspend() holds pm_sem until resumed */

static const char *const pm_states[PM_SUSPEND_MAX] = {
	[PM_SUSPEND_STANDBY] = "standby",
	[PM_SUSPEND_MEM] = "mem",
	[PM_SUSPEND_DISK] = "disk",
};

/* One suspend/resume cycle into @state; -EBUSY if one is under way. */
static int enter_state(u32 state)
{
	int error;

	if (down_trylock(&pm_sem))
		return -EBUSY;
	/* Kernel threads stop at a safe point first, as 2.6.9's suspend_prepare(). */
	error = freeze_processes() ? -EAGAIN : 0;
	if (error)
		goto out;
	pr_debug("PM: suspending devices into %s\n", pm_states[state]);
	error = device_suspend(state);
	if (error)
		goto thaw;
	error = device_power_down(state);
	if (!error)
		device_power_up();
	device_resume();
thaw:
	thaw_processes();
out:
	up(&pm_sem);
	return error;
}

/* The state named @name (@len bytes), or PM_SUSPEND_MAX. */
static u32 state_by_name(const char *name, size_t len)
{
	u32 state;

	for (state = 0; state < PM_SUSPEND_MAX; state++)
		if (pm_states[state] && strlen(pm_states[state]) == len &&
		    !strncmp(name, pm_states[state], len))
			break;
	return state;
}

/**
 * ldm_pm_suspend - suspend every device and stay suspended
 * @name: "standby", "mem" or "disk"
 *
 * The first half of a /power/state cycle: devices are suspended and powered
 * down, and stay so until ldm_pm_resume(); /power/state writes meanwhile
 * get -EBUSY.
 * Return: 0; -EINVAL for an unknown state; -EBUSY if the devices are
 * already suspended or a cycle is under way; or the error of the device
 * that refused (the others are resumed again).
 */
int ldm_pm_suspend(const char *name)
{
	u32 state = state_by_name(name, strlen(name));
	int error;

	if (state == PM_SUSPEND_MAX)
		return -EINVAL;
	if (down_trylock(&pm_sem))
		return -EBUSY;
	error = freeze_processes() ? -EAGAIN : 0;
	if (error)
		goto err_up;
	error = device_suspend(state);
	if (error)
		goto err_thaw;
	error = device_power_down(state);
	if (error)
		goto err_resume;
	__atomic_store_n(&held_suspended, true, __ATOMIC_RELEASE);
	return 0;

err_resume:
	device_resume();
err_thaw:
	thaw_processes();
err_up:
	up(&pm_sem);
	return error;
}

/**
 * ldm_pm_resume - resume what ldm_pm_suspend() suspended
 *
 * Return: 0, or -EINVAL if the devices are not suspended by
 * ldm_pm_suspend().
 */
int ldm_pm_resume(void)
{
	if (!__atomic_exchange_n(&held_suspended, false, __ATOMIC_ACQ_REL))
		return -EINVAL;
	device_power_up();
	device_resume();
	thaw_processes();
	up(&pm_sem);
	return 0;
}

static ssize_t state_show(struct subsystem *subsys, char *buf)
{
	char *s = buf;
	int i;

	(void)subsys;
	for (i = 0; i < PM_SUSPEND_MAX; i++)
		if (pm_states[i])
			s += sprintf(s, "%s ", pm_states[i]);
	s[-1] = '\n';
	return s - buf;
}

static ssize_t state_store(struct subsystem *subsys, const char *buf, size_t n)
{
	size_t len = n;
	u32 state;
	int error;

	(void)subsys;
	if (len && buf[len - 1] == '\n')
		len--;
	state = state_by_name(buf, len);
	if (state == PM_SUSPEND_MAX)
		return -EINVAL;
	error = enter_state(state);
	return error ? error : (ssize_t)n;
}

/* What it lists never changes: a front end may cache it (LDM_ATTR_STABLE). */
static struct subsys_attribute state_attr = {
	.attr = { .name = "state", .mode = 0644, .ldm_flags = LDM_ATTR_STABLE },
	.show = state_show,
	.store = state_store,
};

static decl_subsys(power, NULL, NULL);

int pm_init(void)
{
	int error = subsystem_register(&power_subsys);

	if (error)
		return error;
	error = subsys_create_file(&power_subsys, &state_attr);
	if (error)
		subsystem_unregister(&power_subsys);
	return error;
}

void pm_exit(void)
{
	ldm_pm_resume(); /* devices go down awake */
	subsys_remove_file(&power_subsys, &state_attr);
	subsystem_unregister(&power_subsys);
}
