// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * platform_host.c - platform devices the host adds and removes
 * (<libldm/device.h>; ldm device add), as a hotplug would: the runtime
 * keeps them, so that a removal can only take what an addition made.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <ldm/device.h>
#include <ldm/slab.h>
#include <libldm/device.h>

#include "base.h"
#include "boot.h"

#define HOST_RESOURCES_MAX 16

struct host_device {
	struct list_head node;
	struct platform_device *pdev;
	char name[BUS_ID_SIZE]; /* platform_device_register_simple keeps it */
};

static pthread_mutex_t host_lock = PTHREAD_MUTEX_INITIALIZER;
static LIST_HEAD(host_devices);

/* A name makes a bus_id and a directory: printable, no '/', and it fits with @id. */
static int check_name(const char *name, int id)
{
	char bus_id[BUS_ID_SIZE + 16];
	const char *c;
	int len;

	if (!name || !*name || !strcmp(name, ".") || !strcmp(name, ".."))
		return -EINVAL;
	for (c = name; *c; c++)
		if (*c == '/' || !isgraph((unsigned char)*c))
			return -EINVAL;
	len = id == -1 ? snprintf(bus_id, sizeof(bus_id), "%s", name) :
			 snprintf(bus_id, sizeof(bus_id), "%s%u", name, (unsigned int)id);
	return len < 0 || len >= BUS_ID_SIZE ? -ENAMETOOLONG : 0;
}

static int to_resources(const struct ldm_resource *res, unsigned int n, struct resource *out)
{
	static const unsigned long flags[] = {
		[LDM_RESOURCE_MEM] = IORESOURCE_MEM,
		[LDM_RESOURCE_IO] = IORESOURCE_IO,
		[LDM_RESOURCE_IRQ] = IORESOURCE_IRQ,
	};
	unsigned int i;

	if (n > HOST_RESOURCES_MAX)
		return -E2BIG;
	for (i = 0; i < n; i++) {
		if (res[i].type < LDM_RESOURCE_MEM || res[i].type > LDM_RESOURCE_IRQ ||
		    res[i].end < res[i].start)
			return -EINVAL;
		out[i] = (struct resource){
			.start = res[i].start,
			.end = res[i].end,
			.flags = flags[res[i].type],
		};
	}
	return 0;
}

/**
 * ldm_platform_device_add - register a platform device, as a hotplug would
 * @name: its name
 * @id: its number, or -1 for none
 * @res: its resources, copied
 * @nres: how many (at most 16)
 * @bus_id: gets the device's bus_id
 * @size: room in @bus_id
 *
 * Return: 0; -EINVAL for a name that is empty, "." or "..", or holds '/',
 * a space or a control character, or for a bad resource; -ENAMETOOLONG if
 * NAME and ID do not fit a bus_id; -E2BIG for too many resources; -EEXIST
 * if the bus_id is taken; -EBUSY if a resource is; -ENOMEM.
 */
int ldm_platform_device_add(const char *name, int id, const struct ldm_resource *res,
			    unsigned int nres, char *bus_id, size_t size)
{
	struct resource r[HOST_RESOURCES_MAX];
	struct platform_device *pdev;
	struct host_device *hd;
	int error;

	error = check_name(name, id);
	if (!error)
		error = to_resources(res, nres, r);
	if (error)
		return error;
	hd = kzalloc(sizeof(*hd), GFP_KERNEL);
	if (!hd)
		return -ENOMEM;
	strcpy(hd->name, name); /* fits: check_name() */
	pthread_mutex_lock(&host_lock);
	pdev = platform_device_register_simple(hd->name, (unsigned int)id, nres ? r : NULL, nres);
	if (IS_ERR(pdev)) {
		pthread_mutex_unlock(&host_lock);
		kfree(hd);
		return (int)PTR_ERR(pdev);
	}
	hd->pdev = pdev;
	list_add_tail(&hd->node, &host_devices);
	if (bus_id && size)
		snprintf(bus_id, size, "%s", pdev->dev.bus_id);
	pthread_mutex_unlock(&host_lock);
	return 0;
}

/* Take @hd off the list (host_lock held) and unregister its device. */
static void host_device_remove(struct host_device *hd)
{
	list_del(&hd->node);
	platform_device_unregister(hd->pdev);
	kfree(hd);
}

/**
 * ldm_platform_device_remove - unregister a device ldm_platform_device_add()
 * registered
 * @bus_id: its bus_id
 *
 * Return: 0, or -ENODEV if the host added no such device.
 */
int ldm_platform_device_remove(const char *bus_id)
{
	struct host_device *hd;
	int error = -ENODEV;

	pthread_mutex_lock(&host_lock);
	list_for_each_entry(hd, &host_devices, node)
		if (bus_id && !strcmp(hd->pdev->dev.bus_id, bus_id)) {
			host_device_remove(hd);
			error = 0;
			break;
		}
	pthread_mutex_unlock(&host_lock);
	return error;
}

/* ldm_exit: the devices the host added and left go, last added first. */
void platform_host_exit(void)
{
	pthread_mutex_lock(&host_lock);
	while (!list_empty(&host_devices))
		host_device_remove(list_last_entry(&host_devices, struct host_device, node));
	pthread_mutex_unlock(&host_lock);
}
