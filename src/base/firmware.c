// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * firmware.c - the firmware subsystem, /firmware (drivers/base/firmware.c
 * of 2.6.9), where platform firmware interfaces register.
 */
#include <ldm/export.h>

#include "base.h"

static decl_subsys(firmware, NULL, NULL);

/**
 * firmware_register - register a subsystem under /firmware
 * @s: the subsystem, named
 */
int firmware_register(struct subsystem *s)
{
	kset_set_kset_s(s, firmware_subsys);
	return subsystem_register(s);
}
EXPORT_SYMBOL_GPL(firmware_register);

/**
 * firmware_unregister - unregister a subsystem registered under /firmware
 * @s: the subsystem
 */
void firmware_unregister(struct subsystem *s)
{
	subsystem_unregister(s);
}
EXPORT_SYMBOL_GPL(firmware_unregister);

int firmware_init(void)
{
	return subsystem_register(&firmware_subsys);
}

void firmware_exit(void)
{
	subsystem_unregister(&firmware_subsys);
}
