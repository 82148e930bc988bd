/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/firmware.h> - loading firmware for a device, as <linux/firmware.h>
 * of 2.6.9: from the search path, or through the /class/firmware files that
 * userspace fills.
 */
#ifndef _LDM_FIRMWARE_H
#define _LDM_FIRMWARE_H

#include <ldm/module.h>

#include <ldm/types.h>

#pragma GCC visibility push(default)

#define FIRMWARE_NAME_MAX 30

struct device;
struct module;

struct firmware {
	size_t size;
	u8 *data;
};

int request_firmware(const struct firmware **fw, const char *name, struct device *device);
int request_firmware_nowait(struct module *module, const char *name, struct device *device,
			    void *context, void (*cont)(const struct firmware *fw, void *context));
void release_firmware(const struct firmware *fw);
void register_firmware(const char *name, const u8 *data, size_t size);

#pragma GCC visibility pop

#endif /* _LDM_FIRMWARE_H */
