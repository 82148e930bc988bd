/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/reboot.h> - the reboot notifiers and the machine's stop, as
 * <linux/reboot.h> of 2.6.9.
 *
 * The runtime stands for the machine: the reboot notifiers are called with
 * SYS_POWER_OFF when it shuts down (ldm_exit(), ldmd's stop), with
 * SYS_RESTART or SYS_HALT on a restart or halt the host asks for
 * (ldm_reboot() of <libldm/runtime.h>, `ldm reboot`). machine_restart(),
 * machine_halt() and machine_power_off() called by a driver are logged
 * and ask the host to end the runtime as a shutdown does (docs/kernel-services.md);
 * unlike the kernel's, they return to their caller.
 */
#ifndef _LDM_REBOOT_H
#define _LDM_REBOOT_H

#include <ldm/notifier.h>

#pragma GCC visibility push(default)

int register_reboot_notifier(struct notifier_block *nb);
int unregister_reboot_notifier(struct notifier_block *nb);

void machine_restart(char *cmd);
void machine_halt(void);
void machine_power_off(void);

/*
 * pm_power_off - how the machine is powered off, if a driver knows better
 * (2.6.9 declares it in <linux/pm.h>, which includes this; its
 * ipmi_poweroff sets it): machine_power_off() calls it, then ends
 * the runtime.
 */
extern void (*pm_power_off)(void);

/* The commands of reboot(2), as 2.6.9 numbers them. */
#define LINUX_REBOOT_MAGIC1	   0xfee1dead
#define LINUX_REBOOT_MAGIC2	   672274793
#define LINUX_REBOOT_CMD_RESTART   0x01234567
#define LINUX_REBOOT_CMD_HALT	   0xCDEF0123
#define LINUX_REBOOT_CMD_POWER_OFF 0x4321FEDC
#define LINUX_REBOOT_CMD_RESTART2  0xA1B2C3D4

#pragma GCC visibility pop

#endif /* _LDM_REBOOT_H */
