// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * device.c - devices made from device tree nodes (drivers/of/device.c of
 * modern Linux): which entry of a match table a device fits.
 */
#include <ldm/export.h>
#include <ldm/of_device.h>

#include "of_private.h"

/**
 * of_match_device - the entry of a match table that fits a device's node
 * @matches: the table, or NULL
 * @dev: the device
 *
 * Return: the entry, or NULL when @dev has no node or nothing fits.
 */
const struct of_device_id *of_match_device(const struct of_device_id *matches,
					   const struct device *dev)
{
	if (!matches || !dev || !dev->of_node)
		return NULL;
	return of_match_node(matches, dev->of_node);
}
EXPORT_SYMBOL(of_match_device);

/**
 * of_device_get_match_data - the data of the entry of its driver's
 * of_match_table that a bound device fits
 * @dev: the device
 *
 * Return: the entry's data, or NULL.
 */
const void *of_device_get_match_data(const struct device *dev)
{
	const struct of_device_id *match;

	if (!dev || !dev->driver)
		return NULL;
	match = of_match_device(dev->driver->of_match_table, dev);
	return match ? match->data : NULL;
}
EXPORT_SYMBOL(of_device_get_match_data);
