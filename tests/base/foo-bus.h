/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * foo-bus.h - what the tests of buses, devices and drivers share: the bus
 * "foo", whose match() a test steers (a device names the driver it wants,
 * or any; a switch turns matching off), devices and drivers that count
 * their probes, removes and releases, and the hotplug events recorded.
 */
#ifndef _LDM_TEST_FOO_BUS_H
#define _LDM_TEST_FOO_BUS_H

#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

struct tdev {
	struct device dev;
	const char *want; /* the driver match() accepts, NULL for any */
	int released;
};

#define to_tdev(d) container_of(d, struct tdev, dev)

struct tdrv {
	struct device_driver drv;
	int probe_error;     /* what probe() returns */
	int probed, removed; /* written under the bus's rwsem */
};

#define to_tdrv(d) container_of(d, struct tdrv, drv)

extern bool match_enabled; /* false: foo's match() says no to everything */
extern int match_calls;
extern bool hotplug_fails; /* foo's hotplug() fails the event */
extern struct bus_attribute foo_bus_attrs[];
extern struct bus_type foo_bus;

/* Zero @t and make it a device of foo named @name under @parent. */
void tdev_init(struct tdev *t, const char *name, struct device *parent, const char *want);
void tdrv_init(struct tdrv *d, char *name, int probe_error);
/* A tdrv's remove(): counts. */
int tdrv_remove(struct device *dev);
unsigned int refcount(struct kobject *kobj);
ssize_t write_attr(const char *path, const char *s);
/* The names in the directory at @path, space-separated, or "(error N)". */
const char *dir_of(const char *path);

#define MAX_EVENTS 32

struct event_log {
	int n;
	char ev[MAX_EVENTS][256]; /* the variables but SEQNUM, space-separated */
};

/* The attributes of foo and of its devices and drivers, and what they show. */
extern struct device_attribute foo_dev_attrs[];
extern struct driver_attribute foo_drv_attrs[];
ssize_t version_show(struct bus_type *bus, char *buf);
ssize_t devid_show(struct device *dev, char *buf);
ssize_t drvname_show(struct device_driver *drv, char *buf);

/* The same with one named like a file of the core's own: drivers, power, unbind. */
extern struct bus_attribute clashing_bus_attrs[];
extern struct device_attribute clashing_dev_attrs[];
extern struct driver_attribute clashing_drv_attrs[];

/* What a walk over devices or drivers saw. */
struct walk {
	char seen[256];
	const char *stop_at; /* return 7 from this one */
	int extra_refs;	     /* refcount during the callback minus before */
	unsigned int base_refs;
};

/* Each adds the name to w->seen, and returns 7 at w->stop_at. */
int walk_dev(struct device *dev, void *data);
int walk_drv(struct device_driver *drv, void *data);
/* Records the references the callback holds beyond w->base_refs. */
int count_refs(struct device *dev, void *data);

/* A listener (ldm_uevent_listen) that records into a struct event_log. */
void record_event(const struct ldm_uevent *event, void *data);

/* Register foo, a driver "drv" and a device "dev0" that binds to it. */
void foo_bind_one(struct tdev *dev, struct tdrv *drv);
/* Undo foo_bind_one(). */
void foo_unbind_one(struct tdev *dev, struct tdrv *drv);

#endif /* _LDM_TEST_FOO_BUS_H */
