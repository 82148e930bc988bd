// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * devnode.c - the name under /dev of a class device's node, as udev and
 * the kernel's devnode callbacks give it today: input devices in input/,
 * ALSA's in snd/, DRM's in dri/, USB character devices in usb/, tun in
 * net/, the rest flat, named after the class device. The 2.6.9 tree keeps
 * every node flat, as ldm's 2.6.9 front end always made them.
 */
#include <stdio.h>
#include <string.h>
#include <ldm/errno.h>
#include <ldm/kdev_t.h>

#include "devnode.h"
#include "sysfs_compat.h"

/* A class whose nodes live in a directory of their own. */
struct class_dir {
	const char *class_name;
	const char *dir;
};

static const struct class_dir class_dirs[] = {
	{ "input", "input" }, /* input_devnode(): input/event0, input/mice, input/js0 */
	{ "sound", "snd" },   /* ALSA; OSS (major 14) stays flat, below */
	{ "drm", "dri" },     /* drm_devnode() */
	{ "usb", "usb" },     /* usb_devnode() of usbmisc: usb/lp0 */
	{ "usbmisc", "usb" },
};

/* A class device of its own name in a directory, as misc devices' nodename. */
struct named_node {
	const char *class_name;
	const char *id;
	const char *name;
};

static const struct named_node named_nodes[] = {
	{ "misc", "tun", "net/tun" },
	{ "misc", "device-mapper", "mapper/control" },
	{ "misc", "microcode", "cpu/microcode" },
};

#define OSS_MAJOR 14

/**
 * class_devnode_name - the path under /dev of a class device's node
 * @class_name: its class's name ("input")
 * @id: its class_id ("event0")
 * @devt: its number
 * @buf: where the name goes ("input/event0")
 * @size: the size of @buf
 *
 * Return: 0, or -ENAMETOOLONG.
 */
int class_devnode_name(const char *class_name, const char *id, dev_t devt, char *buf, size_t size)
{
	const char *dir = NULL;
	size_t i;
	int n;

	if (ldm_sysfs_modern()) {
		for (i = 0; i < sizeof(named_nodes) / sizeof(named_nodes[0]); i++)
			if (!strcmp(named_nodes[i].class_name, class_name) &&
			    !strcmp(named_nodes[i].id, id)) {
				n = snprintf(buf, size, "%s", named_nodes[i].name);
				return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
			}
		for (i = 0; i < sizeof(class_dirs) / sizeof(class_dirs[0]); i++)
			if (!strcmp(class_dirs[i].class_name, class_name))
				dir = class_dirs[i].dir;
		if (dir && !strcmp(class_name, "sound") && MAJOR(devt) == OSS_MAJOR)
			dir = NULL;
	}
	n = dir ? snprintf(buf, size, "%s/%s", dir, id) : snprintf(buf, size, "%s", id);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}
