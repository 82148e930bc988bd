// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-device.c - devices (drivers/base/core.c) as a user of the tree sees
 * them: /devices, the bus links and attributes, names, releases exactly
 * once, children, look-ups, files that show and store, a device removed
 * by its own store(). Each test registers the bus "foo" (foo-bus.h) and
 * releases everything it made.
 */
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "foo-bus.h"

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

	ASSERT_EQ(tree_type("/devices/dev0"), LDM_SYSFS_DIR);
	ASSERT_EQ(tree_type("/bus/foo/devices/dev0"), LDM_SYSFS_LINK);
	ASSERT_STREQ(tree_link("/bus/foo/devices/dev0"), "../../../devices/dev0");
	ASSERT_STREQ(tree_attr("/devices/dev0/devid"), "id:dev0\n");
	ASSERT_STREQ(tree_attr("/bus/foo/devices/dev0/devid"), "id:dev0\n");
	ASSERT_EQ(tree_type("/devices/dev0/power"), LDM_SYSFS_DIR);
	ASSERT_STREQ(tree_attr("/devices/dev0/power/state"), "0\n");
	ASSERT_STREQ(dir_of("/bus/foo/devices"), "dev0");
	ASSERT(dev0.dev.driver == NULL);

	device_unregister(&dev0.dev);
	ASSERT_EQ(dev0.released, 1);
	ASSERT_EQ(tree_type("/devices/dev0"), -ENOENT);
	ASSERT_EQ(tree_type("/bus/foo/devices/dev0"), -ENOENT);
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

	ASSERT_EQ(tree_type("/devices/par/kid"), LDM_SYSFS_DIR);
	ASSERT_EQ(tree_type("/devices/kid"), -ENOENT);
	ASSERT_STREQ(tree_link("/bus/foo/devices/kid"), "../../../devices/par/kid");
	ASSERT_STREQ(tree_attr("/devices/par/kid/devid"), "id:kid\n");
	ASSERT(refcount(&par.dev.kobj) > base);

	/* The parent goes first: the child's reference keeps it. */
	device_unregister(&par.dev);
	ASSERT_EQ(par.released, 0);
	device_unregister(&kid.dev);
	ASSERT_EQ(kid.released, 1);
	ASSERT_EQ(par.released, 1);
	ASSERT_EQ(tree_type("/devices/par"), -ENOENT);
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
	ASSERT_EQ(tree_type("/devices/lone"), LDM_SYSFS_DIR);
	ASSERT_STREQ(tree_attr("/devices/lone/power/state"), "0\n");
	ASSERT_EQ(tree_type("/devices/lone/devid"), -ENOENT);
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
	ASSERT_STREQ(dir_of("/bus/foo/drivers/drv"), "drvname bind unbind uevent dev0");
	ASSERT_STREQ(tree_link("/bus/foo/devices/dev0"), "../../../devices/par/dev0");
	put_device(&twin.dev);
	ASSERT_EQ(twin.released, 1);
	ASSERT_EQ(first.released, 0);
	ASSERT_STREQ(tree_attr("/devices/par/dev0/devid"), "id:dev0\n");

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

	ASSERT_EQ(tree_type("/devices/pb/x"), -ENOENT);
	ASSERT_STREQ(tree_link("/bus/foo/devices/x"), "../../../devices/pa/x");
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
	ASSERT_EQ(tree_type("/devices/dev0"), -ENOENT);
	ASSERT_EQ(tree_type("/bus/foo/devices/dev0"), -ENOENT);
	ASSERT_EQ(tree_type("/bus/foo/drivers/drv/dev0"), -ENOENT);
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
	ASSERT_EQ(tree_type("/devices/dev0"), -ENOENT);
	ASSERT_OK(device_add(&dev0.dev));
	ASSERT_EQ(tree_type("/devices/dev0"), LDM_SYSFS_DIR);
	ASSERT(dev0.dev.driver == &drv.drv);
	device_del(&dev0.dev);
	ASSERT_EQ(drv.removed, 1);
	ASSERT_EQ(tree_type("/devices/dev0"), -ENOENT);
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
	ASSERT_STREQ(tree_attr("/devices/dev0/note"), "dev0:red");
	ASSERT_STREQ(tree_attr("/bus/foo/devices/dev0/note"), "dev0:red");
	device_remove_file(&dev0.dev, &dev_attr_note);
	ASSERT_EQ(tree_type("/devices/dev0/note"), -ENOENT);

	ASSERT_OK(driver_create_file(&drv.drv, &driver_attr_note));
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/note", "green"), 5);
	ASSERT_STREQ(stored, "green");
	ASSERT_STREQ(tree_attr("/bus/foo/drivers/drv/note"), "drv:green");
	driver_remove_file(&drv.drv, &driver_attr_note);
	ASSERT_EQ(tree_type("/bus/foo/drivers/drv/note"), -ENOENT);

	ASSERT_OK(bus_create_file(&foo_bus, &bus_attr_note));
	ASSERT_EQ(write_attr("/bus/foo/note", "blue"), 4);
	ASSERT_STREQ(stored, "blue");
	ASSERT_STREQ(tree_attr("/bus/foo/note"), "foo:blue");
	bus_remove_file(&foo_bus, &bus_attr_note);
	ASSERT_EQ(tree_type("/bus/foo/note"), -ENOENT);

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
	ASSERT_EQ(tree_type("/devices/gone"), -ENOENT);
	ASSERT_STREQ(dir_of("/bus/foo/devices"), "");
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_dev_attr_clashing_with_power_fails_the_device_cleanly,
	.description =
		"a bus dev_attr named \"power\" makes device_register fail with -EEXIST, leaving no node, link, binding or event; put_device releases it once")
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

	ASSERT_EQ(tree_type("/devices/dev0"), -ENOENT);
	ASSERT_STREQ(dir_of("/bus/foo/devices"), "");
	ASSERT_EQ(drv.probed, 0);
	ASSERT(device_find("dev0", &foo_bus) == NULL);
	/*
	 * The modern tree announces a device once its files are there: this one
	 * never was (2.6.9 sent "add" with the directory, "remove" to take it back).
	 */
	ASSERT_EQ(log.n, 0);
	ASSERT_EQ(refcount(&dev0.dev.kobj), 1);
	put_device(&dev0.dev);
	ASSERT_EQ(dev0.released, 1);
	/* No stale power entry: a system suspend does not reach it. */
	ASSERT_OK(device_suspend(3));
	device_resume();

	driver_unregister(&drv.drv);
	bus_unregister(&foo_bus);
}
