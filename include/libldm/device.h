/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <libldm/device.h> - devices from the host: the hierarchy as a listing,
 * platform devices added and removed as a hotplug would, and boards.
 */
#ifndef _LIBLDM_DEVICE_H
#define _LIBLDM_DEVICE_H

#ifdef MODULE
#error "<libldm/...> is the host API; a module uses <ldm/...> only"
#endif

#include <stddef.h>

#pragma GCC visibility push(default)

/*
 * The device hierarchy depth first, a line per device,
 * "DEPTH\tBUS_ID\tPATH\tBUS\tDRIVER\n" ("-" for no bus or driver). Free it
 * with free(); NULL when out of memory.
 */
char *ldm_device_tree(void);

/*
 * Boards (docs/boards.md). ldm_board_load() reads a device tree blob (.dtb)
 * or source (.dts, compiled with dtc: $LDM_DTC, else dtc from $PATH) and
 * registers a platform device for every node with a "compatible" property
 * under the root or under a "simple-bus" node. One board at a time;
 * ldm_exit() unloads it. Each returns 0 or a negative errno and logs
 * (KERN_ERR) what is wrong with the file.
 */
int ldm_board_load(const char *path);
int ldm_board_load_blob(const void *blob, size_t size, const char *what);
void ldm_board_unload(void);

/**
 * struct ldm_resource - a resource of a platform device the host adds
 * @type: LDM_RESOURCE_MEM, LDM_RESOURCE_IO or LDM_RESOURCE_IRQ
 * @start: the first address, or the interrupt
 * @end: the last address (inclusive), or the interrupt
 */
struct ldm_resource {
	unsigned int type;
	unsigned long start, end;
};

#define LDM_RESOURCE_MEM 1
#define LDM_RESOURCE_IO	 2
#define LDM_RESOURCE_IRQ 3

/*
 * ldm_platform_device_add() registers a platform device NAME.ID (NAME for
 * @id -1) with @nres resources, as a hotplug would, and writes its bus_id
 * to @bus_id (@size bytes); ldm_platform_device_remove() unregisters one
 * that it added, by bus_id. Each returns 0 or a negative errno: -EINVAL for
 * a bad name or resource, -ENAMETOOLONG for a name that does not fit a
 * bus_id, -EEXIST for a bus_id that is taken, -ENODEV for a device the host
 * did not add. Devices still added go at ldm_exit().
 */
int ldm_platform_device_add(const char *name, int id, const struct ldm_resource *res,
			    unsigned int nres, char *bus_id, size_t size);
int ldm_platform_device_remove(const char *bus_id);

/*
 * ldm_pci_function_add() puts the PCI function "0000:BB:DD.F" of the board
 * (a node of its "ldm,pci-host", left out at boot with "ldm,slot-empty" or
 * removed before) into its slot, as a hotplug controller does when a card
 * goes in; ldm_pci_function_remove() takes one out, its driver's remove
 * first (a pci_dev still held then reads the slot: nothing, or what was
 * put there since). Each returns 0 or a negative errno: -EINVAL for a name that is
 * not a function's, -ENODEV for a bus, node or function not there,
 * -EEXIST for a slot that is taken; add, the board's errors (logged).
 */
int ldm_pci_function_add(const char *name);
int ldm_pci_function_remove(const char *name);

#pragma GCC visibility pop

#endif /* _LIBLDM_DEVICE_H */
