// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * init.c - bringing the driver core up and down (drivers/base/init.c of
 * 2.6.9): /devices, /bus, /class, /firmware, the platform bus,
 * /devices/system, then request_firmware's /class/firmware. /power is
 * kernel/power/main.c's, booted after it as pm_init is.
 */
#include <stdlib.h>

#include "base.h"
#include "devnode.h"
#include "boot.h"

/**
 * driver_init - register the subsystems of the driver core, in 2.6.9's order
 *
 * Return: 0, or the first error with what came up taken down again.
 */
int driver_init(void)
{
	int error;

	error = devices_init();
	if (error)
		return error;
	error = buses_init();
	if (error)
		goto err_devices;
	error = classes_init();
	if (error)
		goto err_buses;
	error = firmware_init();
	if (error)
		goto err_classes;
	error = platform_bus_init();
	if (error)
		goto err_firmware;
	error = system_bus_init();
	if (error)
		goto err_platform;
	error = firmware_class_init(getenv("LDM_FIRMWARE_PATH"));
	if (error)
		goto err_system;
	return 0;

err_system:
	system_bus_exit();
err_platform:
	platform_bus_exit();
err_firmware:
	firmware_exit();
err_classes:
	classes_exit();
err_buses:
	buses_exit();
err_devices:
	devices_exit();
	return error;
}

/**
 * driver_exit - shut devices down, then unregister the subsystems of the
 * driver core in reverse order
 */
void driver_exit(void)
{
	firmware_class_exit();
	device_shutdown();
	system_bus_exit();
	platform_bus_exit();
	firmware_exit();
	classes_exit();
	class_nodes_exit();
	buses_exit();
	devices_exit();
}
