/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/of_device.h> - devices made from device tree nodes, as
 * <linux/of_device.h> of modern Linux: which entry of a driver's
 * of_match_table a device matched, and its modalias and event variables.
 */
#ifndef _LDM_OF_DEVICE_H
#define _LDM_OF_DEVICE_H

#include <ldm/device.h>
#include <ldm/of.h>

#pragma GCC visibility push(default)

const struct of_device_id *of_match_device(const struct of_device_id *matches,
					   const struct device *dev);
const void *of_device_get_match_data(const struct device *dev);

/* The modern tree (docs/sysfs.md): "of:N<name>T<type>C<compatible>...". */
ssize_t of_device_modalias(struct device *dev, char *str, ssize_t len);
int of_device_uevent(struct device *dev, char **envp, int num_envp, int *cur_index, char *buffer,
		     int buffer_size, int *cur_len);
int of_device_uevent_modalias(struct device *dev, char **envp, int num_envp, int *cur_index,
			      char *buffer, int buffer_size, int *cur_len);

#pragma GCC visibility pop

#endif /* _LDM_OF_DEVICE_H */
