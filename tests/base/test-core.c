// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-core.c - buses, devices and drivers (drivers/base/core.c, bus.c,
 * driver.c) as a user of the tree sees them.
 *
 * Every test registers its own bus, "foo", whose match() the test steers: a
 * device names the driver it wants (or any), and a switch turns matching off
 * altogether. What is proved is what shows: probe, remove and release
 * counts, the directories, attributes and links of /devices and /bus/foo,
 * the hotplug events, and reference counts. Every object is released before
 * the test ends, so ldm_exit() and LeakSanitizer prove nothing was leaked.
 *
 * Two tests use threads and are in the ThreadSanitizer suite: that
 * driver_unregister() waits for the last reference, and that a write to
 * bind cannot bind a device that device_unregister() is taking off the bus.
 * Their waits are bounded; time is never asserted on. driver shutdown() at
 * ldm_exit() is checked in a child, whose stderr tells what ran.
 */
#include <pthread.h>
#include <time.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

/* ---- the bus ---- */

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

static bool match_enabled = true;
static int match_calls;
static bool hotplug_fails;

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

static ssize_t version_show(struct bus_type *bus, char *buf)
{
	return sprintf(buf, "%s 1\n", bus->name);
}

static ssize_t devid_show(struct device *dev, char *buf)
{
	return sprintf(buf, "id:%s\n", dev->bus_id);
}

static ssize_t drvname_show(struct device_driver *drv, char *buf)
{
	return sprintf(buf, "drv:%s\n", drv->name);
}

static struct bus_attribute foo_bus_attrs[] = {
	__ATTR(version, 0444, version_show, NULL),
	__ATTR_NULL,
};

static struct device_attribute foo_dev_attrs[] = {
	__ATTR(devid, 0444, devid_show, NULL),
	__ATTR_NULL,
};

static struct driver_attribute foo_drv_attrs[] = {
	__ATTR(drvname, 0444, drvname_show, NULL),
	__ATTR_NULL,
};

static struct bus_type foo_bus = {
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
static void tdev_init(struct tdev *t, const char *name, struct device *parent, const char *want)
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

static int tdrv_remove(struct device *dev)
{
	to_tdrv(dev->driver)->removed++;
	return 0;
}

static void tdrv_init(struct tdrv *d, char *name, int probe_error)
{
	memset(d, 0, sizeof(*d));
	d->drv.name = name;
	d->drv.bus = &foo_bus;
	d->drv.probe = tdrv_probe;
	d->drv.remove = tdrv_remove;
	d->probe_error = probe_error;
}

static unsigned int refcount(struct kobject *kobj)
{
	return kref_read(&kobj->kref);
}

/* ---- the tree, as a reader of /sys sees it ---- */

/* The type of the node at @path (links not followed), or a negative errno. */
static int node_type(const char *path)
{
	struct ldm_sysfs_stat st;
	struct sysfs_dirent *sd;
	int error;

	error = ldm_sysfs_lookup(path, 0, &sd);
	if (error)
		return error;
	error = ldm_sysfs_stat(sd, &st);
	ldm_sysfs_put(sd);
	return error ? error : (int)st.type;
}

/* What the link at @path reads, or "(error N)". */
static const char *link_of(const char *path)
{
	static char buf[256];
	struct sysfs_dirent *sd;
	int n;

	n = ldm_sysfs_lookup(path, 0, &sd);
	if (!n) {
		n = ldm_sysfs_readlink(sd, buf, sizeof(buf));
		ldm_sysfs_put(sd);
	}
	if (n < 0)
		snprintf(buf, sizeof(buf), "(error %d)", n);
	return buf;
}

/* What the attribute at @path reads, or "(error N)". */
static const char *attr_of(const char *path)
{
	static char buf[256];
	ssize_t n = ldm_sysfs_read_path(path, buf, sizeof(buf));

	if (n < 0)
		snprintf(buf, sizeof(buf), "(error %zd)", n);
	return buf;
}

static ssize_t write_attr(const char *path, const char *s)
{
	return ldm_sysfs_write_path(path, s, strlen(s));
}

static int add_name(void *ctx, const char *name, const struct ldm_sysfs_stat *st)
{
	char *list = ctx;

	(void)st;
	if (*list)
		strcat(list, " ");
	strcat(list, name);
	return 0;
}

/* The names in the directory at @path, space-separated, or "(error N)". */
static const char *dir_of(const char *path)
{
	static char buf[1024];
	struct sysfs_dirent *sd;
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

#define MAX_EVENTS 32

struct event_log {
	int n;
	char ev[MAX_EVENTS][256]; /* the variables but SEQNUM, space-separated */
};

static void record_event(const struct ldm_uevent *event, void *data)
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

/* ---- buses ---- */

DEFINE_TEST(
	test_bus_register_creates_devices_drivers_and_bus_attrs,
	.description =
		"bus_register makes /bus/foo with devices/, drivers/ and the bus_attrs; bus_unregister takes them away")
{
	ASSERT_EQ(node_type("/bus/foo"), -ENOENT);
	ASSERT_OK(bus_register(&foo_bus));
	ASSERT_EQ(node_type("/bus/foo"), LDM_SYSFS_DIR);
	ASSERT_EQ(node_type("/bus/foo/devices"), LDM_SYSFS_DIR);
	ASSERT_EQ(node_type("/bus/foo/drivers"), LDM_SYSFS_DIR);
	ASSERT_EQ(node_type("/bus/foo/version"), LDM_SYSFS_ATTR);
	ASSERT_STREQ(attr_of("/bus/foo/version"), "foo 1\n");
	ASSERT_STREQ(dir_of("/bus/foo/devices"), "");
	ASSERT_STREQ(dir_of("/bus/foo/drivers"), "");

	bus_unregister(&foo_bus);
	ASSERT_EQ(node_type("/bus/foo/version"), -ENOENT);
	ASSERT_EQ(node_type("/bus/foo"), -ENOENT);
	ASSERT_EQ(node_type("/bus/platform"), LDM_SYSFS_DIR);
}

DEFINE_TEST(
	test_bus_register_rejects_nameless_and_duplicate_buses,
	.description =
		"a bus without a name is -EINVAL, a second bus of the same name -EEXIST, and the first stays intact")
{
	static struct bus_type nameless, twin = { .name = "foo" };

	ASSERT_EQ(bus_register(NULL), -EINVAL);
	ASSERT_EQ(bus_register(&nameless), -EINVAL);
	ASSERT_OK(bus_register(&foo_bus));
	ASSERT_EQ(bus_register(&twin), -EEXIST);
	ASSERT_STREQ(attr_of("/bus/foo/version"), "foo 1\n");
	ASSERT_EQ(node_type("/bus/foo/devices"), LDM_SYSFS_DIR);
	bus_unregister(&foo_bus);
	ASSERT_EQ(node_type("/bus/foo"), -ENOENT);
}

DEFINE_TEST(test_bus_can_be_registered_again_after_unregister,
	    .description = "a static bus unregistered can be registered again, and works")
{
	static struct tdev dev0;

	ASSERT_OK(bus_register(&foo_bus));
	bus_unregister(&foo_bus);
	ASSERT_OK(bus_register(&foo_bus));
	ASSERT_STREQ(attr_of("/bus/foo/version"), "foo 1\n");
	tdev_init(&dev0, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev0.dev));
	ASSERT_STREQ(link_of("/bus/foo/devices/dev0"), "../../../devices/dev0");
	device_unregister(&dev0.dev);
	bus_unregister(&foo_bus);
	ASSERT_EQ(dev0.released, 1);
	ASSERT_EQ(node_type("/bus/foo"), -ENOENT);
}

DEFINE_TEST(
	test_find_bus_and_get_bus_take_a_reference,
	.description =
		"find_bus finds a bus by name with a reference, get_bus takes one, put_bus drops it")
{
	struct kobject *k = &foo_bus.subsys.kset.kobj;
	unsigned int base;

	ASSERT(find_bus("foo") == NULL);
	ASSERT_OK(bus_register(&foo_bus));
	base = refcount(k);
	ASSERT(find_bus("foo") == &foo_bus);
	ASSERT_EQ(refcount(k), base + 1);
	ASSERT(get_bus(&foo_bus) == &foo_bus);
	ASSERT_EQ(refcount(k), base + 2);
	put_bus(&foo_bus);
	put_bus(&foo_bus);
	ASSERT_EQ(refcount(k), base);
	ASSERT(get_bus(NULL) == NULL);
	ASSERT(find_bus("fo") == NULL);
	ASSERT(find_bus("platform") == &platform_bus_type);
	put_bus(&platform_bus_type);
	bus_unregister(&foo_bus);
	ASSERT(find_bus("foo") == NULL);
}

/* ---- devices ---- */

DEFINE_TEST(
	test_device_register_creates_node_bus_link_attrs_and_power_state,
	.description =
		"a device on a bus gets /devices/<id>, the link /bus/foo/devices/<id>, the bus dev_attrs and power/state")
{
	static struct tdev dev0;

	ASSERT_OK(bus_register(&foo_bus));
	tdev_init(&dev0, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev0.dev));

	ASSERT_EQ(node_type("/devices/dev0"), LDM_SYSFS_DIR);
	ASSERT_EQ(node_type("/bus/foo/devices/dev0"), LDM_SYSFS_LINK);
	ASSERT_STREQ(link_of("/bus/foo/devices/dev0"), "../../../devices/dev0");
	ASSERT_STREQ(attr_of("/devices/dev0/devid"), "id:dev0\n");
	ASSERT_STREQ(attr_of("/bus/foo/devices/dev0/devid"), "id:dev0\n");
	ASSERT_EQ(node_type("/devices/dev0/power"), LDM_SYSFS_DIR);
	ASSERT_STREQ(attr_of("/devices/dev0/power/state"), "0\n");
	ASSERT_STREQ(dir_of("/bus/foo/devices"), "dev0");
	ASSERT(dev0.dev.driver == NULL);

	device_unregister(&dev0.dev);
	ASSERT_EQ(dev0.released, 1);
	ASSERT_EQ(node_type("/devices/dev0"), -ENOENT);
	ASSERT_EQ(node_type("/bus/foo/devices/dev0"), -ENOENT);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_child_device_lives_under_its_parent,
	.description =
		"a device with a parent sits in the parent's directory, its bus link points there, and it holds the parent")
{
	static struct tdev par, kid;
	unsigned int base;

	ASSERT_OK(bus_register(&foo_bus));
	tdev_init(&par, "par", NULL, "none");
	ASSERT_OK(device_register(&par.dev));
	base = refcount(&par.dev.kobj);
	tdev_init(&kid, "kid", &par.dev, "none");
	ASSERT_OK(device_register(&kid.dev));

	ASSERT_EQ(node_type("/devices/par/kid"), LDM_SYSFS_DIR);
	ASSERT_EQ(node_type("/devices/kid"), -ENOENT);
	ASSERT_STREQ(link_of("/bus/foo/devices/kid"), "../../../devices/par/kid");
	ASSERT_STREQ(attr_of("/devices/par/kid/devid"), "id:kid\n");
	ASSERT(refcount(&par.dev.kobj) > base);

	/* The parent goes first: the child's reference keeps it. */
	device_unregister(&par.dev);
	ASSERT_EQ(par.released, 0);
	device_unregister(&kid.dev);
	ASSERT_EQ(kid.released, 1);
	ASSERT_EQ(par.released, 1);
	ASSERT_EQ(node_type("/devices/par"), -ENOENT);
	ASSERT_STREQ(dir_of("/bus/foo/devices"), "");
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_device_without_bus_has_no_bus_link_and_no_event,
	.description =
		"a device without a bus gets /devices/<id> and power/state, no bus link, and raises no hotplug event")
{
	static struct event_log log;
	static struct tdev lone;

	ASSERT_OK(bus_register(&foo_bus));
	ASSERT_OK(ldm_uevent_listen(record_event, &log));
	tdev_init(&lone, "lone", NULL, NULL);
	lone.dev.bus = NULL;
	ASSERT_OK(device_register(&lone.dev));
	ASSERT_EQ(node_type("/devices/lone"), LDM_SYSFS_DIR);
	ASSERT_STREQ(attr_of("/devices/lone/power/state"), "0\n");
	ASSERT_EQ(node_type("/devices/lone/devid"), -ENOENT);
	ASSERT_STREQ(dir_of("/bus/foo/devices"), "");
	device_unregister(&lone.dev);
	ASSERT_OK(ldm_uevent_unlisten(record_event, &log));
	ASSERT_EQ(log.n, 0);
	ASSERT_EQ(lone.released, 1);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_device_add_without_bus_id_is_einval,
	.description =
		"device_register of a device with no bus_id returns -EINVAL, adds nothing, and put_device releases it once")
{
	static struct event_log log;
	static struct tdev anon;

	ASSERT_OK(bus_register(&foo_bus));
	ASSERT_OK(ldm_uevent_listen(record_event, &log));
	tdev_init(&anon, "", NULL, NULL);
	ASSERT_EQ(device_register(&anon.dev), -EINVAL);
	ASSERT_STREQ(dir_of("/bus/foo/devices"), "");
	ASSERT_EQ(refcount(&anon.dev.kobj), 1);
	ASSERT_EQ(anon.released, 0);
	put_device(&anon.dev);
	ASSERT_EQ(anon.released, 1);
	ASSERT_OK(ldm_uevent_unlisten(record_event, &log));
	ASSERT_EQ(log.n, 0);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_duplicate_bus_id_under_same_parent_is_eexist,
	.description =
		"a second device of the same bus_id under the same parent gets -EEXIST, leaves nothing behind, and put_device releases it once")
{
	static struct tdev par, first, twin;
	static struct event_log log;
	static struct tdrv drv;
	unsigned int par_refs;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	tdev_init(&par, "par", NULL, "none");
	ASSERT_OK(device_register(&par.dev));
	tdev_init(&first, "dev0", &par.dev, NULL);
	ASSERT_OK(device_register(&first.dev));
	par_refs = refcount(&par.dev.kobj);

	ASSERT_OK(ldm_uevent_listen(record_event, &log));
	tdev_init(&twin, "dev0", &par.dev, NULL);
	ASSERT_EQ(device_register(&twin.dev), -EEXIST);
	ASSERT_OK(ldm_uevent_unlisten(record_event, &log));

	ASSERT_EQ(log.n, 0);
	ASSERT_EQ(drv.probed, 1);
	ASSERT(twin.dev.driver == NULL);
	ASSERT_EQ(refcount(&twin.dev.kobj), 1);
	ASSERT_EQ(refcount(&par.dev.kobj), par_refs);
	ASSERT_STREQ(dir_of("/bus/foo/devices"), "par dev0");
	ASSERT_STREQ(dir_of("/bus/foo/drivers/drv"), "drvname bind unbind dev0");
	ASSERT_STREQ(link_of("/bus/foo/devices/dev0"), "../../../devices/par/dev0");
	put_device(&twin.dev);
	ASSERT_EQ(twin.released, 1);
	ASSERT_EQ(first.released, 0);
	ASSERT_STREQ(attr_of("/devices/par/dev0/devid"), "id:dev0\n");

	device_unregister(&first.dev);
	device_unregister(&par.dev);
	driver_unregister(&drv.drv);
	ASSERT_EQ(twin.released, 1);
	ASSERT_EQ(first.released, 1);
	ASSERT_EQ(par.released, 1);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_same_bus_id_under_two_parents_collides_on_the_bus,
	.description =
		"two devices of one bus_id under different parents clash in /bus/foo/devices: -EEXIST, the second's directory is gone")
{
	static struct tdev pa, pb, xa, xb;
	unsigned int pb_refs;

	ASSERT_OK(bus_register(&foo_bus));
	tdev_init(&pa, "pa", NULL, "none");
	tdev_init(&pb, "pb", NULL, "none");
	ASSERT_OK(device_register(&pa.dev));
	ASSERT_OK(device_register(&pb.dev));
	pb_refs = refcount(&pb.dev.kobj);
	tdev_init(&xa, "x", &pa.dev, "none");
	tdev_init(&xb, "x", &pb.dev, "none");
	ASSERT_OK(device_register(&xa.dev));
	ASSERT_EQ(device_register(&xb.dev), -EEXIST);

	ASSERT_EQ(node_type("/devices/pb/x"), -ENOENT);
	ASSERT_STREQ(link_of("/bus/foo/devices/x"), "../../../devices/pa/x");
	ASSERT_STREQ(dir_of("/bus/foo/devices"), "pa pb x");
	put_device(&xb.dev);
	ASSERT_EQ(xb.released, 1);
	ASSERT_EQ(refcount(&pb.dev.kobj), pb_refs);

	device_unregister(&xa.dev);
	device_unregister(&pa.dev);
	device_unregister(&pb.dev);
	ASSERT_EQ(xa.released + pa.released + pb.released, 3);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_device_unregister_removes_then_releases_exactly_once,
	.description =
		"device_unregister calls remove() once, and release() once when the last reference goes")
{
	static struct tdev dev0;
	static struct tdrv drv;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	tdev_init(&dev0, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev0.dev));
	ASSERT(dev0.dev.driver == &drv.drv);

	ASSERT(get_device(&dev0.dev) == &dev0.dev);
	device_unregister(&dev0.dev);
	ASSERT_EQ(drv.removed, 1);
	ASSERT(dev0.dev.driver == NULL);
	ASSERT_EQ(dev0.released, 0);
	ASSERT_EQ(node_type("/devices/dev0"), -ENOENT);
	ASSERT_EQ(node_type("/bus/foo/devices/dev0"), -ENOENT);
	ASSERT_EQ(node_type("/bus/foo/drivers/drv/dev0"), -ENOENT);
	put_device(&dev0.dev);
	ASSERT_EQ(dev0.released, 1);
	ASSERT_EQ(drv.removed, 1);

	driver_unregister(&drv.drv);
	ASSERT_EQ(drv.removed, 1);
	ASSERT_EQ(drv.probed, 1);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_device_initialize_and_add_apart_undone_by_del_and_put,
	.description =
		"device_initialize then device_add, with a reference taken between, are undone by device_del and two put_device calls, releasing once")
{
	static struct tdev dev0;
	static struct tdrv drv;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	tdev_init(&dev0, "dev0", NULL, NULL);
	device_initialize(&dev0.dev);
	ASSERT(get_device(&dev0.dev) == &dev0.dev);
	ASSERT_EQ(node_type("/devices/dev0"), -ENOENT);
	ASSERT_OK(device_add(&dev0.dev));
	ASSERT_EQ(node_type("/devices/dev0"), LDM_SYSFS_DIR);
	ASSERT(dev0.dev.driver == &drv.drv);
	device_del(&dev0.dev);
	ASSERT_EQ(drv.removed, 1);
	ASSERT_EQ(node_type("/devices/dev0"), -ENOENT);
	put_device(&dev0.dev);
	ASSERT_EQ(dev0.released, 0);
	put_device(&dev0.dev);
	ASSERT_EQ(dev0.released, 1);
	driver_unregister(&drv.drv);
	bus_unregister(&foo_bus);
}

static struct device *notified[4];
static int notify_calls, notify_remove_calls;

static int record_notify(struct device *dev)
{
	notified[notify_calls++ % 4] = dev;
	return 0;
}

static int record_notify_remove(struct device *dev)
{
	notified[2 + notify_remove_calls++ % 2] = dev;
	return 0;
}

DEFINE_TEST(
	test_platform_notify_hooks_see_each_device_added_and_removed,
	.description =
		"platform_notify is called once for each device added, platform_notify_remove once for each removed")
{
	static struct tdev dev0;

	ASSERT_OK(bus_register(&foo_bus));
	platform_notify = record_notify;
	platform_notify_remove = record_notify_remove;
	tdev_init(&dev0, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev0.dev));
	ASSERT_EQ(notify_calls, 1);
	ASSERT(notified[0] == &dev0.dev);
	ASSERT_EQ(notify_remove_calls, 0);
	device_unregister(&dev0.dev);
	ASSERT_EQ(notify_calls, 1);
	ASSERT_EQ(notify_remove_calls, 1);
	ASSERT(notified[2] == &dev0.dev);
	platform_notify = NULL;
	platform_notify_remove = NULL;
	ASSERT_EQ(dev0.released, 1);
	bus_unregister(&foo_bus);
}

/* ---- binding ---- */

DEFINE_TEST(
	test_driver_registered_after_device_binds_it,
	.description =
		"a driver registered after a matching device probes and binds it: /bus/foo/drivers/<drv>/<id> links to the device")
{
	static struct tdev dev0;
	static struct tdrv drv;

	ASSERT_OK(bus_register(&foo_bus));
	tdev_init(&dev0, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev0.dev));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));

	ASSERT_EQ(drv.probed, 1);
	ASSERT(dev0.dev.driver == &drv.drv);
	ASSERT_EQ(node_type("/bus/foo/drivers/drv"), LDM_SYSFS_DIR);
	ASSERT_STREQ(attr_of("/bus/foo/drivers/drv/drvname"), "drv:drv\n");
	ASSERT_STREQ(link_of("/bus/foo/drivers/drv/dev0"), "../../../../devices/dev0");
	ASSERT_STREQ(attr_of("/bus/foo/drivers/drv/dev0/devid"), "id:dev0\n");

	driver_unregister(&drv.drv);
	ASSERT_EQ(drv.removed, 1);
	ASSERT_EQ(node_type("/bus/foo/drivers/drv"), -ENOENT);
	device_unregister(&dev0.dev);
	ASSERT_EQ(drv.removed, 1);
	ASSERT_EQ(dev0.released, 1);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_device_registered_after_driver_is_bound,
	.description =
		"a device registered after a matching driver is probed and bound at registration")
{
	static struct tdev dev0;
	static struct tdrv drv;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	ASSERT_EQ(drv.probed, 0);
	tdev_init(&dev0, "dev0", NULL, "drv");
	ASSERT_OK(device_register(&dev0.dev));

	ASSERT_EQ(drv.probed, 1);
	ASSERT(dev0.dev.driver == &drv.drv);
	ASSERT_STREQ(link_of("/bus/foo/drivers/drv/dev0"), "../../../../devices/dev0");
	ASSERT_STREQ(dir_of("/bus/foo/drivers/drv"), "drvname bind unbind dev0");

	device_unregister(&dev0.dev);
	ASSERT_EQ(drv.removed, 1);
	ASSERT_STREQ(dir_of("/bus/foo/drivers/drv"), "drvname bind unbind");
	driver_unregister(&drv.drv);
	ASSERT_EQ(dev0.released, 1);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_failed_probe_leaves_device_for_the_next_driver,
	.description =
		"a probe that fails leaves the device unbound, without a link, and the next matching driver binds it")
{
	static struct tdev dev0, dev1;
	static struct tdrv bad, good;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&bad, "bad", -EIO);
	tdrv_init(&good, "good", 0);

	/* Driver after device: the failed probe leaves it unbound. */
	tdev_init(&dev0, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev0.dev));
	ASSERT_OK(driver_register(&bad.drv));
	ASSERT_EQ(bad.probed, 1);
	ASSERT(dev0.dev.driver == NULL);
	ASSERT_EQ(node_type("/bus/foo/drivers/bad/dev0"), -ENOENT);
	ASSERT_STREQ(dir_of("/bus/foo/drivers/bad"), "drvname bind unbind");

	/* Then a good one binds it. */
	ASSERT_OK(driver_register(&good.drv));
	ASSERT_EQ(good.probed, 1);
	ASSERT(dev0.dev.driver == &good.drv);
	ASSERT_STREQ(link_of("/bus/foo/drivers/good/dev0"), "../../../../devices/dev0");

	/* Device after both drivers: bad is tried first, good second. */
	tdev_init(&dev1, "dev1", NULL, NULL);
	ASSERT_OK(device_register(&dev1.dev));
	ASSERT_EQ(bad.probed, 2);
	ASSERT_EQ(good.probed, 2);
	ASSERT(dev1.dev.driver == &good.drv);
	ASSERT_EQ(node_type("/bus/foo/drivers/bad/dev1"), -ENOENT);
	ASSERT_STREQ(link_of("/bus/foo/drivers/good/dev1"), "../../../../devices/dev1");

	device_unregister(&dev0.dev);
	device_unregister(&dev1.dev);
	ASSERT_EQ(bad.removed, 0);
	ASSERT_EQ(good.removed, 2);
	driver_unregister(&bad.drv);
	driver_unregister(&good.drv);
	ASSERT_EQ(dev0.released + dev1.released, 2);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_match_saying_no_never_probes,
	.description =
		"when match() returns 0 the driver's probe() is never called and the device stays unbound")
{
	static struct tdev dev0, dev1;
	static struct tdrv drv;

	ASSERT_OK(bus_register(&foo_bus));
	tdev_init(&dev0, "dev0", NULL, "other");
	ASSERT_OK(device_register(&dev0.dev));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	match_enabled = false;
	tdev_init(&dev1, "dev1", NULL, NULL);
	ASSERT_OK(device_register(&dev1.dev));

	ASSERT(match_calls >= 2);
	ASSERT_EQ(drv.probed, 0);
	ASSERT(dev0.dev.driver == NULL);
	ASSERT(dev1.dev.driver == NULL);
	ASSERT_STREQ(dir_of("/bus/foo/drivers/drv"), "drvname bind unbind");

	device_unregister(&dev0.dev);
	device_unregister(&dev1.dev);
	driver_unregister(&drv.drv);
	ASSERT_EQ(drv.removed, 0);
	ASSERT_EQ(dev0.released + dev1.released, 2);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_driver_unregister_unbinds_all_its_devices,
	.description =
		"driver_unregister calls remove() for each bound device and leaves the devices registered, unbound")
{
	static struct tdev dev[3], other;
	static struct tdrv drv, drv2;
	char name[8];
	int i;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&drv, "drv", 0);
	tdrv_init(&drv2, "drv2", 0);
	ASSERT_OK(driver_register(&drv.drv));
	ASSERT_OK(driver_register(&drv2.drv));
	for (i = 0; i < 3; i++) {
		snprintf(name, sizeof(name), "dev%d", i);
		tdev_init(&dev[i], name, NULL, "drv");
		ASSERT_OK(device_register(&dev[i].dev));
	}
	tdev_init(&other, "other", NULL, "drv2");
	ASSERT_OK(device_register(&other.dev));
	ASSERT_EQ(drv.probed, 3);
	ASSERT_STREQ(dir_of("/bus/foo/drivers/drv"), "drvname bind unbind dev0 dev1 dev2");

	driver_unregister(&drv.drv);
	ASSERT_EQ(drv.removed, 3);
	for (i = 0; i < 3; i++) {
		ASSERT(dev[i].dev.driver == NULL);
		ASSERT_EQ(dev[i].released, 0);
	}
	ASSERT(other.dev.driver == &drv2.drv);
	ASSERT_EQ(drv2.removed, 0);
	ASSERT_EQ(node_type("/bus/foo/drivers/drv"), -ENOENT);
	ASSERT_STREQ(dir_of("/bus/foo/drivers"), "drv2");
	ASSERT_STREQ(dir_of("/bus/foo/devices"), "dev0 dev1 dev2 other");
	ASSERT_EQ(node_type("/devices/dev1"), LDM_SYSFS_DIR);

	for (i = 0; i < 3; i++)
		device_unregister(&dev[i].dev);
	device_unregister(&other.dev);
	driver_unregister(&drv2.drv);
	ASSERT_EQ(drv.removed, 3);
	ASSERT_EQ(drv2.removed, 1);
	for (i = 0; i < 3; i++)
		ASSERT_EQ(dev[i].released, 1);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_driver_register_needs_name_and_bus,
	.description = "driver_register without a name or a bus returns -EINVAL and adds nothing")
{
	static struct tdrv noname, nobus;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&noname, NULL, 0);
	tdrv_init(&nobus, "nobus", 0);
	nobus.drv.bus = NULL;
	ASSERT_EQ(driver_register(NULL), -EINVAL);
	ASSERT_EQ(driver_register(&noname.drv), -EINVAL);
	ASSERT_EQ(driver_register(&nobus.drv), -EINVAL);
	ASSERT_STREQ(dir_of("/bus/foo/drivers"), "");
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_duplicate_driver_name_is_eexist,
	.description =
		"a second driver of the same name on a bus gets -EEXIST and probes nothing; the first keeps its devices")
{
	static struct tdrv drv, twin;
	static struct tdev dev0;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	tdev_init(&dev0, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev0.dev));
	tdrv_init(&twin, "drv", 0);
	match_enabled = true;
	ASSERT_EQ(driver_register(&twin.drv), -EEXIST);
	ASSERT_EQ(twin.probed, 0);
	ASSERT(dev0.dev.driver == &drv.drv);
	ASSERT_STREQ(dir_of("/bus/foo/drivers"), "drv");
	ASSERT_STREQ(link_of("/bus/foo/drivers/drv/dev0"), "../../../../devices/dev0");

	device_unregister(&dev0.dev);
	driver_unregister(&drv.drv);
	ASSERT_EQ(drv.removed, 1);
	ASSERT_EQ(twin.removed, 0);
	bus_unregister(&foo_bus);
}

/* ---- driver_unregister and the last reference ---- */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct unregister_ctx {
	struct device_driver *drv;
	atomic_t returned;
};

static void *unregister_thread(void *arg)
{
	struct unregister_ctx *ctx = arg;

	driver_unregister(ctx->drv);
	atomic_set(&ctx->returned, 1);
	return NULL;
}

DEFINE_TEST(
	test_driver_unregister_waits_for_last_reference,
	.description =
		"driver_unregister unbinds at once but returns only when the last get_driver() reference is put",
	.concurrency = true)
{
	static struct unregister_ctx ctx;
	static struct tdev dev0;
	static struct tdrv drv;
	pthread_t thread;
	double deadline;
	int removed;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	tdev_init(&dev0, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev0.dev));
	ASSERT(get_driver(&drv.drv) == &drv.drv);

	ctx.drv = &drv.drv;
	ASSERT_OK(pthread_create(&thread, NULL, unregister_thread, &ctx));
	/* The driver leaves the tree first... */
	deadline = now() + 10.0;
	while (node_type("/bus/foo/drivers/drv") != -ENOENT && now() < deadline)
		usleep(1000);
	ASSERT_EQ(node_type("/bus/foo/drivers/drv"), -ENOENT);
	down_read(&foo_bus.subsys.rwsem);
	removed = drv.removed;
	up_read(&foo_bus.subsys.rwsem);
	ASSERT_EQ(removed, 1);
	/* ...but driver_unregister() waits for our reference. */
	usleep(100 * 1000);
	ASSERT_EQ(atomic_read(&ctx.returned), 0);

	put_driver(&drv.drv);
	deadline = now() + 10.0;
	while (!atomic_read(&ctx.returned) && now() < deadline)
		usleep(1000);
	ASSERT_EQ(atomic_read(&ctx.returned), 1);
	ASSERT_OK(pthread_join(thread, NULL));

	ASSERT(dev0.dev.driver == NULL);
	device_unregister(&dev0.dev);
	ASSERT_EQ(dev0.released, 1);
	bus_unregister(&foo_bus);
}

/* ---- bind through the file while the device is unregistered ---- */

struct bind_race {
	struct tdev *dev;
	pthread_t unregister, bind;
	ssize_t bind_ret;
};

static void *unregister_dev_thread(void *arg)
{
	struct bind_race *r = arg;

	device_unregister(&r->dev->dev);
	return NULL;
}

static void *bind_dev_thread(void *arg)
{
	struct bind_race *r = arg;

	r->bind_ret = write_attr("/bus/foo/drivers/drv/bind", "dev0");
	return NULL;
}

/* Wait, bounded, until the node at @path is gone. */
static void wait_gone(const char *path)
{
	double deadline = now() + 10.0;

	while (node_type(path) != -ENOENT && now() < deadline)
		usleep(1000);
}

/*
 * Called with the bus's rwsem held for reading (bus_for_each_dev): a
 * window in which device_unregister() is stopped at the lock that takes
 * the device off the bus, and bind's look-up can still find the device.
 */
static int race_in_window(struct device *dev, void *data)
{
	struct bind_race *r = data;
	unsigned int refs;
	double deadline;

	ASSERT_OK(pthread_create(&r->unregister, NULL, unregister_dev_thread, r));
	wait_gone("/devices/dev0/devid"); /* then it waits for the lock */
	usleep(50 * 1000);
	refs = refcount(&dev->kobj);
	ASSERT_OK(pthread_create(&r->bind, NULL, bind_dev_thread, r));
	/* The bind file's look-up takes a reference; then it waits too. */
	deadline = now() + 2.0;
	while (refcount(&dev->kobj) == refs && now() < deadline)
		usleep(1000);
	usleep(50 * 1000);
	return 0;
}

DEFINE_TEST(
	test_bind_file_never_binds_a_device_being_unregistered,
	.description =
		"a write to bind that finds a device which device_unregister then takes off the bus returns -ENODEV and probes nothing",
	.concurrency = true)
{
	static struct bind_race race;
	static struct tdev dev0;
	static struct tdrv drv;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	match_enabled = false;
	tdev_init(&dev0, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev0.dev));
	ASSERT(dev0.dev.driver == NULL);
	match_enabled = true;

	race.dev = &dev0;
	ASSERT_OK(bus_for_each_dev(&foo_bus, NULL, &race, race_in_window));
	ASSERT_OK(pthread_join(race.unregister, NULL));
	ASSERT_OK(pthread_join(race.bind, NULL));

	ASSERT_EQ(race.bind_ret, -ENODEV);
	ASSERT_EQ(drv.probed, 0);
	ASSERT(dev0.dev.driver == NULL);
	ASSERT_STREQ(dir_of("/bus/foo/drivers/drv"), "drvname bind unbind");
	ASSERT_EQ(dev0.released, 1);
	driver_unregister(&drv.drv);
	ASSERT_EQ(drv.removed, 0);
	bus_unregister(&foo_bus);
}

/* ---- iterators and look-ups ---- */

struct walk {
	char seen[256];
	const char *stop_at; /* return 7 from this one */
	int extra_refs;	     /* refcount during the callback minus before */
	unsigned int base_refs;
};

static void walk_add(struct walk *w, const char *name)
{
	if (w->seen[0])
		strcat(w->seen, " ");
	strcat(w->seen, name);
}

static int walk_dev(struct device *dev, void *data)
{
	struct walk *w = data;

	walk_add(w, dev->bus_id);
	return w->stop_at && !strcmp(dev->bus_id, w->stop_at) ? 7 : 0;
}

static int walk_drv(struct device_driver *drv, void *data)
{
	struct walk *w = data;

	walk_add(w, drv->name);
	return w->stop_at && !strcmp(drv->name, w->stop_at) ? 7 : 0;
}

static int count_refs(struct device *dev, void *data)
{
	struct walk *w = data;

	w->extra_refs = (int)refcount(&dev->kobj) - (int)w->base_refs;
	return 0;
}

DEFINE_TEST(
	test_bus_for_each_dev_walks_in_order_from_start_and_stops,
	.description =
		"bus_for_each_dev visits devices in registration order, after @start, holding a reference, and stops on a non-zero return")
{
	static struct tdev dev[4];
	struct walk w;
	char name[8];
	int i;

	ASSERT_OK(bus_register(&foo_bus));
	memset(&w, 0, sizeof(w));
	ASSERT_OK(bus_for_each_dev(&foo_bus, NULL, &w, walk_dev));
	ASSERT_STREQ(w.seen, "");
	for (i = 0; i < 4; i++) {
		snprintf(name, sizeof(name), "dev%d", 3 - i);
		tdev_init(&dev[i], name, NULL, NULL);
		ASSERT_OK(device_register(&dev[i].dev));
	}

	memset(&w, 0, sizeof(w));
	ASSERT_OK(bus_for_each_dev(&foo_bus, NULL, &w, walk_dev));
	ASSERT_STREQ(w.seen, "dev3 dev2 dev1 dev0");

	memset(&w, 0, sizeof(w));
	ASSERT_OK(bus_for_each_dev(&foo_bus, &dev[1].dev, &w, walk_dev));
	ASSERT_STREQ(w.seen, "dev1 dev0");

	memset(&w, 0, sizeof(w));
	w.stop_at = "dev1";
	ASSERT_EQ(bus_for_each_dev(&foo_bus, NULL, &w, walk_dev), 7);
	ASSERT_STREQ(w.seen, "dev3 dev2 dev1");

	memset(&w, 0, sizeof(w));
	w.base_refs = refcount(&dev[0].dev.kobj);
	ASSERT_OK(bus_for_each_dev(&foo_bus, &dev[2].dev, &w, count_refs));
	ASSERT_EQ(w.extra_refs, 1);
	ASSERT_EQ(refcount(&dev[0].dev.kobj), w.base_refs);

	ASSERT_EQ(bus_for_each_dev(NULL, NULL, &w, walk_dev), -EINVAL);
	for (i = 0; i < 4; i++)
		device_unregister(&dev[i].dev);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_bus_for_each_drv_walks_in_order_from_start_and_stops,
	.description =
		"bus_for_each_drv visits drivers in registration order, after @start, and stops on a non-zero return")
{
	static struct tdrv drv[3];
	static char *names[] = { "charlie", "alpha", "bravo" };
	struct walk w;
	int i;

	ASSERT_OK(bus_register(&foo_bus));
	for (i = 0; i < 3; i++) {
		tdrv_init(&drv[i], names[i], 0);
		ASSERT_OK(driver_register(&drv[i].drv));
	}

	memset(&w, 0, sizeof(w));
	ASSERT_OK(bus_for_each_drv(&foo_bus, NULL, &w, walk_drv));
	ASSERT_STREQ(w.seen, "charlie alpha bravo");

	memset(&w, 0, sizeof(w));
	ASSERT_OK(bus_for_each_drv(&foo_bus, &drv[0].drv, &w, walk_drv));
	ASSERT_STREQ(w.seen, "alpha bravo");

	memset(&w, 0, sizeof(w));
	w.stop_at = "alpha";
	ASSERT_EQ(bus_for_each_drv(&foo_bus, NULL, &w, walk_drv), 7);
	ASSERT_STREQ(w.seen, "charlie alpha");

	memset(&w, 0, sizeof(w));
	ASSERT_OK(bus_for_each_drv(&foo_bus, &drv[2].drv, &w, walk_drv));
	ASSERT_STREQ(w.seen, "");
	ASSERT_EQ(bus_for_each_drv(NULL, NULL, &w, walk_drv), -EINVAL);

	for (i = 0; i < 3; i++)
		driver_unregister(&drv[i].drv);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_device_for_each_child_walks_children_in_order,
	.description =
		"device_for_each_child visits a device's children in order, not grandchildren, and stops on a non-zero return")
{
	static struct tdev par, kid[3], grandkid;
	static char *names[] = { "k2", "k0", "k1" };
	struct walk w;
	int i;

	ASSERT_OK(bus_register(&foo_bus));
	tdev_init(&par, "par", NULL, "none");
	ASSERT_OK(device_register(&par.dev));
	memset(&w, 0, sizeof(w));
	ASSERT_OK(device_for_each_child(&par.dev, &w, walk_dev));
	ASSERT_STREQ(w.seen, "");
	for (i = 0; i < 3; i++) {
		tdev_init(&kid[i], names[i], &par.dev, "none");
		ASSERT_OK(device_register(&kid[i].dev));
	}
	tdev_init(&grandkid, "gk", &kid[0].dev, "none");
	ASSERT_OK(device_register(&grandkid.dev));

	memset(&w, 0, sizeof(w));
	ASSERT_OK(device_for_each_child(&par.dev, &w, walk_dev));
	ASSERT_STREQ(w.seen, "k2 k0 k1");

	memset(&w, 0, sizeof(w));
	w.stop_at = "k0";
	ASSERT_EQ(device_for_each_child(&par.dev, &w, walk_dev), 7);
	ASSERT_STREQ(w.seen, "k2 k0");

	/* A child unregistered leaves the list. */
	device_unregister(&kid[1].dev);
	memset(&w, 0, sizeof(w));
	ASSERT_OK(device_for_each_child(&par.dev, &w, walk_dev));
	ASSERT_STREQ(w.seen, "k2 k1");

	device_unregister(&grandkid.dev);
	device_unregister(&kid[0].dev);
	device_unregister(&kid[2].dev);
	device_unregister(&par.dev);
	ASSERT_EQ(par.released + kid[0].released + kid[1].released + kid[2].released +
			  grandkid.released,
		  5);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_device_find_and_driver_find_take_a_reference,
	.description =
		"device_find and driver_find return the object by name with a reference taken, NULL for unknown names or buses")
{
	static struct tdev dev0, dev1;
	static struct tdrv drv;
	struct device_driver *d;
	struct device *found;
	unsigned int refs;

	ASSERT_OK(bus_register(&foo_bus));
	tdev_init(&dev0, "dev0", NULL, "none");
	tdev_init(&dev1, "dev1", &dev0.dev, "none");
	ASSERT_OK(device_register(&dev0.dev));
	ASSERT_OK(device_register(&dev1.dev));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));

	refs = refcount(&dev1.dev.kobj);
	found = device_find("dev1", &foo_bus);
	ASSERT(found == &dev1.dev);
	ASSERT_EQ(refcount(&dev1.dev.kobj), refs + 1);
	put_device(found);
	ASSERT_EQ(refcount(&dev1.dev.kobj), refs);
	ASSERT(device_find("dev2", &foo_bus) == NULL);
	ASSERT(device_find("dev0", &platform_bus_type) == NULL);
	ASSERT(device_find(NULL, &foo_bus) == NULL);
	ASSERT(device_find("dev0", NULL) == NULL);

	refs = refcount(&drv.drv.kobj);
	d = driver_find("drv", &foo_bus);
	ASSERT(d == &drv.drv);
	ASSERT_EQ(refcount(&drv.drv.kobj), refs + 1);
	put_driver(d);
	ASSERT_EQ(refcount(&drv.drv.kobj), refs);
	ASSERT(driver_find("dr", &foo_bus) == NULL);
	ASSERT(driver_find("drv", &platform_bus_type) == NULL);
	ASSERT(driver_find("drv", NULL) == NULL);

	device_unregister(&dev1.dev);
	ASSERT(device_find("dev1", &foo_bus) == NULL);
	driver_unregister(&drv.drv);
	ASSERT(driver_find("drv", &foo_bus) == NULL);
	device_unregister(&dev0.dev);
	ASSERT_EQ(dev0.released + dev1.released, 2);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_bus_rescan_binds_devices_match_now_accepts,
	.description =
		"bus_rescan_devices binds the unbound devices match() now accepts and returns how many")
{
	static struct tdev dev0, dev1, dev2;
	static struct tdrv drv;

	ASSERT_OK(bus_register(&foo_bus));
	match_enabled = false;
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	tdev_init(&dev0, "dev0", NULL, NULL);
	tdev_init(&dev1, "dev1", NULL, "drv");
	tdev_init(&dev2, "dev2", NULL, "nobody");
	ASSERT_OK(device_register(&dev0.dev));
	ASSERT_OK(device_register(&dev1.dev));
	ASSERT_OK(device_register(&dev2.dev));
	ASSERT_EQ(bus_rescan_devices(&foo_bus), 0);
	ASSERT_EQ(drv.probed, 0);

	match_enabled = true;
	ASSERT_EQ(bus_rescan_devices(&foo_bus), 2);
	ASSERT_EQ(drv.probed, 2);
	ASSERT(dev0.dev.driver == &drv.drv);
	ASSERT(dev1.dev.driver == &drv.drv);
	ASSERT(dev2.dev.driver == NULL);
	ASSERT_STREQ(dir_of("/bus/foo/drivers/drv"), "drvname bind unbind dev0 dev1");

	/* Bound devices are left alone. */
	ASSERT_EQ(bus_rescan_devices(&foo_bus), 0);
	ASSERT_EQ(drv.probed, 2);
	ASSERT_EQ(bus_rescan_devices(NULL), 0);

	device_unregister(&dev0.dev);
	device_unregister(&dev1.dev);
	device_unregister(&dev2.dev);
	driver_unregister(&drv.drv);
	ASSERT_EQ(drv.removed, 2);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_bind_and_release_driver_by_hand,
	.description =
		"device_bind_driver binds a device whose driver field is set, without probe; device_release_driver unbinds it once")
{
	static struct tdev dev0;
	static struct tdrv drv;

	ASSERT_OK(bus_register(&foo_bus));
	match_enabled = false;
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	tdev_init(&dev0, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev0.dev));
	ASSERT(dev0.dev.driver == NULL);

	down_write(&foo_bus.subsys.rwsem);
	dev0.dev.driver = &drv.drv;
	device_bind_driver(&dev0.dev);
	up_write(&foo_bus.subsys.rwsem);
	ASSERT_EQ(drv.probed, 0);
	ASSERT_STREQ(link_of("/bus/foo/drivers/drv/dev0"), "../../../../devices/dev0");

	down_write(&foo_bus.subsys.rwsem);
	device_release_driver(&dev0.dev);
	up_write(&foo_bus.subsys.rwsem);
	ASSERT_EQ(drv.removed, 1);
	ASSERT(dev0.dev.driver == NULL);
	ASSERT_EQ(node_type("/bus/foo/drivers/drv/dev0"), -ENOENT);

	/* Unbound already: nothing more happens. */
	down_write(&foo_bus.subsys.rwsem);
	device_release_driver(&dev0.dev);
	up_write(&foo_bus.subsys.rwsem);
	ASSERT_EQ(drv.removed, 1);

	/* driver_unregister does not remove what is no longer bound. */
	driver_unregister(&drv.drv);
	ASSERT_EQ(drv.removed, 1);
	device_unregister(&dev0.dev);
	ASSERT_EQ(dev0.released, 1);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_device_with_driver_set_is_bound_without_probe,
	.description =
		"a device registered with its driver field set is bound to that driver at once, without probe()")
{
	static struct tdev dev0;
	static struct tdrv drv;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	tdev_init(&dev0, "dev0", NULL, "nobody");
	dev0.dev.driver = &drv.drv;
	ASSERT_OK(device_register(&dev0.dev));
	ASSERT_EQ(drv.probed, 0);
	ASSERT(dev0.dev.driver == &drv.drv);
	ASSERT_STREQ(link_of("/bus/foo/drivers/drv/dev0"), "../../../../devices/dev0");

	device_unregister(&dev0.dev);
	ASSERT_EQ(drv.removed, 1);
	driver_unregister(&drv.drv);
	ASSERT_EQ(dev0.released, 1);
	bus_unregister(&foo_bus);
}

static char order[128];

static int ordered_remove(struct device *dev)
{
	strcat(order, "remove ");
	return tdrv_remove(dev);
}

static void ordered_shutdown(struct device *dev)
{
	(void)dev;
	strcat(order, "shutdown ");
}

DEFINE_TEST(
	test_detach_state_off_shuts_the_device_down_on_unbind,
	.description =
		"a device whose detach_state is 3 gets its driver's shutdown() before remove() when unbound; with 0, remove() only")
{
	static struct tdev dev0, dev1;
	static struct tdrv drv;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&drv, "drv", 0);
	drv.drv.remove = ordered_remove;
	drv.drv.shutdown = ordered_shutdown;
	ASSERT_OK(driver_register(&drv.drv));
	tdev_init(&dev0, "dev0", NULL, NULL);
	tdev_init(&dev1, "dev1", NULL, NULL);
	dev0.dev.detach_state = 3;
	ASSERT_OK(device_register(&dev0.dev));
	ASSERT_OK(device_register(&dev1.dev));

	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/unbind", "dev0"), 4);
	ASSERT_STREQ(order, "shutdown remove ");
	order[0] = '\0';
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/unbind", "dev1"), 4);
	ASSERT_STREQ(order, "remove ");

	device_unregister(&dev0.dev);
	device_unregister(&dev1.dev);
	driver_unregister(&drv.drv);
	ASSERT_EQ(drv.removed, 2);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_bind_and_unbind_files_of_a_driver,
	.description =
		"writing a bus_id to /bus/foo/drivers/<drv>/unbind unbinds it, to bind binds it; unknown devices give -ENODEV")
{
	static struct tdev dev0, dev1;
	static struct tdrv drv, drv2;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&drv, "drv", 0);
	tdrv_init(&drv2, "drv2", 0);
	ASSERT_OK(driver_register(&drv.drv));
	ASSERT_OK(driver_register(&drv2.drv));
	tdev_init(&dev0, "dev0", NULL, NULL);
	tdev_init(&dev1, "dev1", NULL, "drv2");
	ASSERT_OK(device_register(&dev0.dev));
	ASSERT_OK(device_register(&dev1.dev));
	ASSERT(dev0.dev.driver == &drv.drv);
	ASSERT(dev1.dev.driver == &drv2.drv);
	ASSERT_EQ(node_type("/bus/foo/drivers/drv/bind"), LDM_SYSFS_ATTR);
	ASSERT_STREQ(attr_of("/bus/foo/drivers/drv/unbind"), "(error -13)");

	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/unbind", "dev0\n"), 5);
	ASSERT_EQ(drv.removed, 1);
	ASSERT(dev0.dev.driver == NULL);
	ASSERT_EQ(node_type("/bus/foo/drivers/drv/dev0"), -ENOENT);
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/unbind", "dev0"), -ENODEV);
	ASSERT_EQ(drv.removed, 1);

	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/bind", "dev0"), 4);
	ASSERT_EQ(drv.probed, 2);
	ASSERT(dev0.dev.driver == &drv.drv);
	ASSERT_STREQ(link_of("/bus/foo/drivers/drv/dev0"), "../../../../devices/dev0");
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/bind", "dev0\n"), -EBUSY);
	ASSERT_EQ(drv.probed, 2);

	/* Unknown devices, and devices of another driver. */
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/bind", "nosuch\n"), -ENODEV);
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/unbind", "nosuch\n"), -ENODEV);
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/unbind", "dev1\n"), -ENODEV);
	ASSERT(dev1.dev.driver == &drv2.drv);
	ASSERT_EQ(drv2.removed, 0);

	/* bind where match() says no. */
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv2/unbind", "dev1\n"), 5);
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/bind", "dev1\n"), -ENODEV);
	ASSERT(dev1.dev.driver == NULL);
	ASSERT_EQ(drv.probed, 2);

	device_unregister(&dev0.dev);
	device_unregister(&dev1.dev);
	driver_unregister(&drv.drv);
	driver_unregister(&drv2.drv);
	ASSERT_EQ(drv.removed, 2);
	ASSERT_EQ(drv2.removed, 1);
	bus_unregister(&foo_bus);
}

/* ---- attribute files ---- */

static char stored[64];

static ssize_t dev_note_show(struct device *dev, char *buf)
{
	return sprintf(buf, "%s:%s", dev->bus_id, stored);
}

static ssize_t dev_note_store(struct device *dev, const char *buf, size_t count)
{
	(void)dev;
	snprintf(stored, sizeof(stored), "%.*s", (int)count, buf);
	return (ssize_t)count;
}

static ssize_t drv_note_show(struct device_driver *drv, char *buf)
{
	return sprintf(buf, "%s:%s", drv->name, stored);
}

static ssize_t drv_note_store(struct device_driver *drv, const char *buf, size_t count)
{
	(void)drv;
	snprintf(stored, sizeof(stored), "%.*s", (int)count, buf);
	return (ssize_t)count;
}

static ssize_t bus_note_show(struct bus_type *bus, char *buf)
{
	return sprintf(buf, "%s:%s", bus->name, stored);
}

static ssize_t bus_note_store(struct bus_type *bus, const char *buf, size_t count)
{
	(void)bus;
	snprintf(stored, sizeof(stored), "%.*s", (int)count, buf);
	return (ssize_t)count;
}

static DEVICE_ATTR(note, 0644, dev_note_show, dev_note_store);
static DRIVER_ATTR(note, 0644, drv_note_show, drv_note_store);
static BUS_ATTR(note, 0644, bus_note_show, bus_note_store);

DEFINE_TEST(
	test_device_driver_and_bus_files_show_and_store,
	.description =
		"device_create_file, driver_create_file and bus_create_file give files whose show/store are called through the path API, and their remove_file takes them away")
{
	static struct tdev dev0;
	static struct tdrv drv;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	tdev_init(&dev0, "dev0", NULL, "nobody");
	ASSERT_OK(device_register(&dev0.dev));

	ASSERT_OK(device_create_file(&dev0.dev, &dev_attr_note));
	ASSERT_EQ(device_create_file(&dev0.dev, &dev_attr_note), -EEXIST);
	ASSERT_EQ(write_attr("/devices/dev0/note", "red"), 3);
	ASSERT_STREQ(stored, "red");
	ASSERT_STREQ(attr_of("/devices/dev0/note"), "dev0:red");
	ASSERT_STREQ(attr_of("/bus/foo/devices/dev0/note"), "dev0:red");
	device_remove_file(&dev0.dev, &dev_attr_note);
	ASSERT_EQ(node_type("/devices/dev0/note"), -ENOENT);

	ASSERT_OK(driver_create_file(&drv.drv, &driver_attr_note));
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/note", "green"), 5);
	ASSERT_STREQ(stored, "green");
	ASSERT_STREQ(attr_of("/bus/foo/drivers/drv/note"), "drv:green");
	driver_remove_file(&drv.drv, &driver_attr_note);
	ASSERT_EQ(node_type("/bus/foo/drivers/drv/note"), -ENOENT);

	ASSERT_OK(bus_create_file(&foo_bus, &bus_attr_note));
	ASSERT_EQ(write_attr("/bus/foo/note", "blue"), 4);
	ASSERT_STREQ(stored, "blue");
	ASSERT_STREQ(attr_of("/bus/foo/note"), "foo:blue");
	bus_remove_file(&foo_bus, &bus_attr_note);
	ASSERT_EQ(node_type("/bus/foo/note"), -ENOENT);

	ASSERT_EQ(device_create_file(NULL, &dev_attr_note), -EINVAL);
	ASSERT_EQ(driver_create_file(NULL, &driver_attr_note), -EINVAL);
	ASSERT_EQ(bus_create_file(NULL, &bus_attr_note), -EINVAL);

	device_unregister(&dev0.dev);
	driver_unregister(&drv.drv);
	ASSERT_EQ(dev0.released, 1);
	bus_unregister(&foo_bus);
}

static int heap_released;

static void heap_release(struct device *dev)
{
	heap_released++;
	free(to_tdev(dev));
}

/* A "remove" file, as modern Linux gives PCI devices: the store unregisters. */
static ssize_t remove_store(struct device *dev, const char *buf, size_t count)
{
	(void)buf;
	device_unregister(dev);
	return (ssize_t)count;
}

static DEVICE_ATTR(remove, 0200, NULL, remove_store);

DEFINE_TEST(
	test_device_unregistered_from_its_own_store,
	.description =
		"a device's own attribute store may unregister it: the write returns, the node goes, release() runs once")
{
	struct tdev *t = calloc(1, sizeof(*t));

	ASSERT(t);
	ASSERT_OK(bus_register(&foo_bus));
	tdev_init(t, "gone", NULL, NULL);
	t->dev.release = heap_release;
	ASSERT_OK(device_register(&t->dev));
	ASSERT_OK(device_create_file(&t->dev, &dev_attr_remove));
	ASSERT_EQ(write_attr("/devices/gone/remove", "1"), 1);
	ASSERT_EQ(heap_released, 1);
	ASSERT_EQ(node_type("/devices/gone"), -ENOENT);
	ASSERT_STREQ(dir_of("/bus/foo/devices"), "");
	bus_unregister(&foo_bus);
}

/* ---- names that clash with the core's own files ---- */

static struct bus_attribute clashing_bus_attrs[] = {
	__ATTR(version, 0444, version_show, NULL),
	__ATTR(drivers, 0444, version_show, NULL),
	__ATTR_NULL,
};

static struct device_attribute clashing_dev_attrs[] = {
	__ATTR(devid, 0444, devid_show, NULL),
	__ATTR(power, 0444, devid_show, NULL),
	__ATTR_NULL,
};

static struct driver_attribute clashing_drv_attrs[] = {
	__ATTR(drvname, 0444, drvname_show, NULL),
	__ATTR(unbind, 0444, drvname_show, NULL),
	__ATTR_NULL,
};

DEFINE_TEST(
	test_bus_attr_clashing_with_a_directory_fails_the_bus_cleanly,
	.description =
		"a bus_attr named like the drivers/ directory makes bus_register fail with -EEXIST and leave no /bus/<bus>; the bus registers once fixed")
{
	foo_bus.bus_attrs = clashing_bus_attrs;
	ASSERT_EQ(bus_register(&foo_bus), -EEXIST);
	ASSERT_EQ(node_type("/bus/foo"), -ENOENT);
	ASSERT(find_bus("foo") == NULL);
	foo_bus.bus_attrs = foo_bus_attrs;
	ASSERT_OK(bus_register(&foo_bus));
	ASSERT_STREQ(dir_of("/bus/foo"), "devices drivers version");
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_dev_attr_clashing_with_power_fails_the_device_cleanly,
	.description =
		"a bus dev_attr named \"power\" makes device_register fail with -EEXIST, leaving no node, link or binding; put_device releases it once")
{
	static struct event_log log;
	static struct tdev dev0;
	static struct tdrv drv;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	foo_bus.dev_attrs = clashing_dev_attrs;
	ASSERT_OK(ldm_uevent_listen(record_event, &log));
	tdev_init(&dev0, "dev0", NULL, NULL);
	ASSERT_EQ(device_register(&dev0.dev), -EEXIST);
	ASSERT_OK(ldm_uevent_unlisten(record_event, &log));
	foo_bus.dev_attrs = foo_dev_attrs;

	ASSERT_EQ(node_type("/devices/dev0"), -ENOENT);
	ASSERT_STREQ(dir_of("/bus/foo/devices"), "");
	ASSERT_EQ(drv.probed, 0);
	ASSERT(device_find("dev0", &foo_bus) == NULL);
	/* As 2.6.9: "add" went out with the directory, "remove" takes it back. */
	ASSERT_EQ(log.n, 2);
	ASSERT_STREQ(log.ev[0], "ACTION=add DEVPATH=/devices/dev0 SUBSYSTEM=foo FOO_ID=dev0");
	ASSERT_STREQ(log.ev[1], "ACTION=remove DEVPATH=/devices/dev0 SUBSYSTEM=foo FOO_ID=dev0");
	ASSERT_EQ(refcount(&dev0.dev.kobj), 1);
	put_device(&dev0.dev);
	ASSERT_EQ(dev0.released, 1);
	/* No stale power entry: a system suspend does not reach it. */
	ASSERT_OK(device_suspend(3));
	device_resume();

	driver_unregister(&drv.drv);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_drv_attr_clashing_with_unbind_fails_the_driver_cleanly,
	.description =
		"a bus drv_attr named \"unbind\" makes driver_register fail with -EEXIST, leaving no directory and binding nothing")
{
	static struct tdev dev0;
	static struct tdrv drv;

	ASSERT_OK(bus_register(&foo_bus));
	tdev_init(&dev0, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev0.dev));
	foo_bus.drv_attrs = clashing_drv_attrs;
	tdrv_init(&drv, "drv", 0);
	ASSERT_EQ(driver_register(&drv.drv), -EEXIST);
	foo_bus.drv_attrs = foo_drv_attrs;
	ASSERT_EQ(drv.probed, 0);
	ASSERT(dev0.dev.driver == NULL);
	ASSERT_STREQ(dir_of("/bus/foo/drivers"), "");
	ASSERT(driver_find("drv", &foo_bus) == NULL);

	/* The same driver registers once the clash is gone. */
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	ASSERT(dev0.dev.driver == &drv.drv);
	device_unregister(&dev0.dev);
	driver_unregister(&drv.drv);
	ASSERT_EQ(drv.removed, 1);
	bus_unregister(&foo_bus);
}

/* ---- hotplug events ---- */

DEFINE_TEST(
	test_hotplug_events_for_devices_on_a_bus,
	.description =
		"a device on a bus raises add, bind, unbind and remove with SUBSYSTEM=<bus>, DEVPATH=/devices/... and the bus's own variables")
{
	static struct event_log log;
	static struct tdev par, kid;
	static struct tdrv drv;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(ldm_uevent_listen(record_event, &log));
	ASSERT_OK(driver_register(&drv.drv));
	ASSERT_EQ(log.n, 0);
	tdev_init(&par, "par", NULL, "none");
	tdev_init(&kid, "kid", &par.dev, "drv");
	ASSERT_OK(device_register(&par.dev));
	ASSERT_OK(device_register(&kid.dev));
	device_unregister(&kid.dev);
	device_unregister(&par.dev);
	driver_unregister(&drv.drv);
	ASSERT_OK(ldm_uevent_unlisten(record_event, &log));

	ASSERT_EQ(log.n, 6);
	ASSERT_STREQ(log.ev[0], "ACTION=add DEVPATH=/devices/par SUBSYSTEM=foo FOO_ID=par");
	ASSERT_STREQ(log.ev[1], "ACTION=add DEVPATH=/devices/par/kid SUBSYSTEM=foo FOO_ID=kid");
	ASSERT_STREQ(log.ev[2], "ACTION=bind DEVPATH=/devices/par/kid SUBSYSTEM=foo FOO_ID=kid");
	ASSERT_STREQ(log.ev[3], "ACTION=unbind DEVPATH=/devices/par/kid SUBSYSTEM=foo FOO_ID=kid");
	ASSERT_STREQ(log.ev[4], "ACTION=remove DEVPATH=/devices/par/kid SUBSYSTEM=foo FOO_ID=kid");
	ASSERT_STREQ(log.ev[5], "ACTION=remove DEVPATH=/devices/par SUBSYSTEM=foo FOO_ID=par");
	ASSERT_EQ(par.released + kid.released, 2);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(test_bind_files_raise_bind_and_unbind_events,
	    .description =
		    "unbinding and binding through the driver's files raise unbind and bind events")
{
	static struct event_log log;
	static struct tdev dev0;
	static struct tdrv drv;

	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	tdev_init(&dev0, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev0.dev));
	ASSERT_OK(ldm_uevent_listen(record_event, &log));
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/unbind", "dev0"), 4);
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/bind", "dev0"), 4);
	ASSERT_OK(ldm_uevent_unlisten(record_event, &log));
	ASSERT_EQ(log.n, 2);
	ASSERT_STREQ(log.ev[0], "ACTION=unbind DEVPATH=/devices/dev0 SUBSYSTEM=foo FOO_ID=dev0");
	ASSERT_STREQ(log.ev[1], "ACTION=bind DEVPATH=/devices/dev0 SUBSYSTEM=foo FOO_ID=dev0");

	device_unregister(&dev0.dev);
	driver_unregister(&drv.drv);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_failing_bus_hotplug_drops_the_event,
	.description =
		"when the bus's hotplug() fails the event is dropped, and the device is registered all the same")
{
	static struct event_log log;
	static struct tdev dev0;

	ASSERT_OK(bus_register(&foo_bus));
	ASSERT_OK(ldm_uevent_listen(record_event, &log));
	hotplug_fails = true;
	tdev_init(&dev0, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev0.dev));
	ASSERT_EQ(log.n, 0);
	ASSERT_EQ(node_type("/devices/dev0"), LDM_SYSFS_DIR);
	hotplug_fails = false;
	device_unregister(&dev0.dev);
	ASSERT_OK(ldm_uevent_unlisten(record_event, &log));
	ASSERT_EQ(log.n, 1);
	ASSERT_STREQ(log.ev[0], "ACTION=remove DEVPATH=/devices/dev0 SUBSYSTEM=foo FOO_ID=dev0");
	bus_unregister(&foo_bus);
}

/* ---- shutdown at ldm_exit ---- */

static void tdrv_shutdown(struct device *dev)
{
	fprintf(stderr, "shutdown %s\n", dev->bus_id);
}

static int count_of(const char *s, const char *sub)
{
	int n = 0;

	for (s = strstr(s, sub); s; s = strstr(s + 1, sub))
		n++;
	return n;
}

/* In a child: boot, bind, stop; shutdown() reports on stderr. */
static void shutdown_at_exit(void *arg)
{
	static struct tdev par, kid, unbound;
	static struct tdrv drv;

	(void)arg;
	if (ldm_init())
		_exit(3);
	if (bus_register(&foo_bus))
		_exit(4);
	tdrv_init(&drv, "drv", 0);
	drv.drv.shutdown = tdrv_shutdown;
	if (driver_register(&drv.drv))
		_exit(5);
	tdev_init(&par, "par", NULL, NULL);
	tdev_init(&kid, "kid", &par.dev, NULL);
	tdev_init(&unbound, "unbound", NULL, "nobody");
	if (device_register(&par.dev) || device_register(&kid.dev) || device_register(&unbound.dev))
		_exit(6);
	if (par.dev.driver != &drv.drv || kid.dev.driver != &drv.drv || unbound.dev.driver)
		_exit(7);
	fprintf(stderr, "exiting\n");
	ldm_exit();
	_exit(0); /* what is left registered is the point: no leak check */
}

DEFINE_TEST(
	test_driver_shutdown_runs_at_exit_children_first,
	.description =
		"ldm_exit calls shutdown() of every bound device once, children before parents, and never for an unbound one",
	.no_runtime = true)
{
	char *err = NULL;

	ASSERT_EQ(ldm_test_capture(shutdown_at_exit, NULL, &err), 0);
	ASSERT(err);
	ASSERT(strstr(err, "exiting\nshutdown kid\nshutdown par\n"));
	ASSERT_EQ(count_of(err, "shutdown kid\n"), 1);
	ASSERT_EQ(count_of(err, "shutdown par\n"), 1);
	ASSERT_EQ(count_of(err, "shutdown unbound"), 0);
	free(err);
}
