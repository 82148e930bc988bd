// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * foo-bus.c - the bus "foo" the driver core's tests register: a match()
 * the test steers, hotplug variables, attributes of bus, device and
 * driver, and counting devices and drivers (foo-bus.h).
 */
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "foo-bus.h"

bool match_enabled = true;
int match_calls;
bool hotplug_fails;

static int foo_match(struct device *dev, struct device_driver *drv)
{
	struct tdev *t = to_tdev(dev);

	match_calls++;
	if (!match_enabled)
		return 0;
	return !t->want || !strcmp(t->want, drv->name);
}

/* Each device's events carry FOO_ID=<bus_id>. */
static int foo_hotplug(struct device *dev, char **envp, int num_envp, char *buffer, int buffer_size)
{
	int n;

	if (hotplug_fails)
		return -EIO;
	if (num_envp < 2)
		return -ENOMEM;
	n = snprintf(buffer, (size_t)buffer_size, "FOO_ID=%s", dev->bus_id);
	if (n < 0 || n >= buffer_size)
		return -ENOMEM;
	envp[0] = buffer;
	envp[1] = NULL;
	return 0;
}

ssize_t version_show(struct bus_type *bus, char *buf)
{
	return sprintf(buf, "%s 1\n", bus->name);
}

ssize_t devid_show(struct device *dev, char *buf)
{
	return sprintf(buf, "id:%s\n", dev->bus_id);
}

ssize_t drvname_show(struct device_driver *drv, char *buf)
{
	return sprintf(buf, "drv:%s\n", drv->name);
}

struct bus_attribute foo_bus_attrs[] = {
	__ATTR(version, 0444, version_show, NULL),
	__ATTR_NULL,
};

struct device_attribute foo_dev_attrs[] = {
	__ATTR(devid, 0444, devid_show, NULL),
	__ATTR_NULL,
};

struct driver_attribute foo_drv_attrs[] = {
	__ATTR(drvname, 0444, drvname_show, NULL),
	__ATTR_NULL,
};

struct bus_type foo_bus = {
	.name = "foo",
	.match = foo_match,
	.hotplug = foo_hotplug,
	.bus_attrs = foo_bus_attrs,
	.dev_attrs = foo_dev_attrs,
	.drv_attrs = foo_drv_attrs,
};

/* ---- devices and drivers ---- */

static void tdev_release(struct device *dev)
{
	to_tdev(dev)->released++;
}

/* Zero @t and make it a device of foo named @name under @parent. */
void tdev_init(struct tdev *t, const char *name, struct device *parent, const char *want)
{
	memset(t, 0, sizeof(*t));
	snprintf(t->dev.bus_id, BUS_ID_SIZE, "%s", name);
	t->dev.bus = &foo_bus;
	t->dev.parent = parent;
	t->dev.release = tdev_release;
	t->want = want;
}

static int tdrv_probe(struct device *dev)
{
	struct tdrv *d = to_tdrv(dev->driver);

	d->probed++;
	return d->probe_error;
}

int tdrv_remove(struct device *dev)
{
	to_tdrv(dev->driver)->removed++;
	return 0;
}

void tdrv_init(struct tdrv *d, char *name, int probe_error)
{
	memset(d, 0, sizeof(*d));
	d->drv.name = name;
	d->drv.bus = &foo_bus;
	d->drv.probe = tdrv_probe;
	d->drv.remove = tdrv_remove;
	d->probe_error = probe_error;
}

unsigned int refcount(struct kobject *kobj)
{
	return kref_read(&kobj->kref);
}

/* ---- the tree, as a reader of /sys sees it ---- */

ssize_t write_attr(const char *path, const char *s)
{
	return ldm_sysfs_write_path(path, s, strlen(s));
}

static int add_name(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
{
	char *list = ctx;

	(void)st;
	if (*list)
		strcat(list, " ");
	strcat(list, name);
	return 0;
}

/* The names in the directory at @path, space-separated, or "(error N)". */
const char *dir_of(const char *path)
{
	static char buf[1024];
	struct ldm_sysfs_node *sd;
	int error;

	buf[0] = '\0';
	error = ldm_sysfs_lookup(path, LDM_SYSFS_FOLLOW, &sd);
	if (!error) {
		error = ldm_sysfs_readdir(sd, add_name, buf);
		ldm_sysfs_put(sd);
	}
	if (error)
		snprintf(buf, sizeof(buf), "(error %d)", error);
	return buf;
}

/* ---- hotplug events ---- */

void record_event(const struct ldm_uevent *event, void *data)
{
	struct event_log *log = data;
	char *line;
	int i;

	if (log->n >= MAX_EVENTS)
		return;
	line = log->ev[log->n++];
	line[0] = '\0';
	for (i = 0; event->envp[i]; i++) {
		if (!strncmp(event->envp[i], "SEQNUM=", 7))
			continue;
		if (line[0])
			strcat(line, " ");
		strncat(line, event->envp[i], 255 - strlen(line));
	}
}

/* ---- walking and finding ---- */

static void walk_add(struct walk *w, const char *name)
{
	if (w->seen[0])
		strcat(w->seen, " ");
	strcat(w->seen, name);
}

int walk_dev(struct device *dev, void *data)
{
	struct walk *w = data;

	walk_add(w, dev->bus_id);
	return w->stop_at && !strcmp(dev->bus_id, w->stop_at) ? 7 : 0;
}

int walk_drv(struct device_driver *drv, void *data)
{
	struct walk *w = data;

	walk_add(w, drv->name);
	return w->stop_at && !strcmp(drv->name, w->stop_at) ? 7 : 0;
}

int count_refs(struct device *dev, void *data)
{
	struct walk *w = data;

	w->extra_refs = (int)refcount(&dev->kobj) - (int)w->base_refs;
	return 0;
}

/* ---- attributes named like the core's own files ---- */

struct bus_attribute clashing_bus_attrs[] = {
	__ATTR(version, 0444, version_show, NULL),
	__ATTR(drivers, 0444, version_show, NULL),
	__ATTR_NULL,
};

struct device_attribute clashing_dev_attrs[] = {
	__ATTR(devid, 0444, devid_show, NULL),
	__ATTR(power, 0444, devid_show, NULL),
	__ATTR_NULL,
};

struct driver_attribute clashing_drv_attrs[] = {
	__ATTR(drvname, 0444, drvname_show, NULL),
	__ATTR(unbind, 0444, drvname_show, NULL),
	__ATTR_NULL,
};

void foo_bind_one(struct tdev *dev, struct tdrv *drv)
{
	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(drv, "drv", 0);
	ASSERT_OK(driver_register(&drv->drv));
	tdev_init(dev, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev->dev));
	ASSERT(dev->dev.driver == &drv->drv);
}

void foo_unbind_one(struct tdev *dev, struct tdrv *drv)
{
	device_unregister(&dev->dev);
	driver_unregister(&drv->drv);
	bus_unregister(&foo_bus);
}
