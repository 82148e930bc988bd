// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-bus.c - buses (drivers/base/bus.c) as a user of the tree sees them:
 * /bus/<bus> and its files, walking and finding devices and drivers, a
 * rescan, the bus's hotplug variables. Each test registers the bus "foo"
 * (foo-bus.h) and releases everything it made.
 */
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "foo-bus.h"

/* ---- buses ---- */

DEFINE_TEST(
	test_bus_register_creates_devices_drivers_and_bus_attrs,
	.description =
		"bus_register makes /bus/foo with devices/, drivers/ and the bus_attrs; bus_unregister takes them away")
{
	ASSERT_EQ(tree_type("/bus/foo"), -ENOENT);
	ASSERT_OK(bus_register(&foo_bus));
	ASSERT_EQ(tree_type("/bus/foo"), LDM_SYSFS_DIR);
	ASSERT_EQ(tree_type("/bus/foo/devices"), LDM_SYSFS_DIR);
	ASSERT_EQ(tree_type("/bus/foo/drivers"), LDM_SYSFS_DIR);
	ASSERT_EQ(tree_type("/bus/foo/version"), LDM_SYSFS_ATTR);
	ASSERT_STREQ(tree_attr("/bus/foo/version"), "foo 1\n");
	ASSERT_STREQ(dir_of("/bus/foo/devices"), "");
	ASSERT_STREQ(dir_of("/bus/foo/drivers"), "");

	bus_unregister(&foo_bus);
	ASSERT_EQ(tree_type("/bus/foo/version"), -ENOENT);
	ASSERT_EQ(tree_type("/bus/foo"), -ENOENT);
	ASSERT_EQ(tree_type("/bus/platform"), LDM_SYSFS_DIR);
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
	ASSERT_STREQ(tree_attr("/bus/foo/version"), "foo 1\n");
	ASSERT_EQ(tree_type("/bus/foo/devices"), LDM_SYSFS_DIR);
	bus_unregister(&foo_bus);
	ASSERT_EQ(tree_type("/bus/foo"), -ENOENT);
}

DEFINE_TEST(test_bus_can_be_registered_again_after_unregister,
	    .description = "a static bus unregistered can be registered again, and works")
{
	static struct tdev dev0;

	ASSERT_OK(bus_register(&foo_bus));
	bus_unregister(&foo_bus);
	ASSERT_OK(bus_register(&foo_bus));
	ASSERT_STREQ(tree_attr("/bus/foo/version"), "foo 1\n");
	tdev_init(&dev0, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev0.dev));
	ASSERT_STREQ(tree_link("/bus/foo/devices/dev0"), "../../../devices/dev0");
	device_unregister(&dev0.dev);
	bus_unregister(&foo_bus);
	ASSERT_EQ(dev0.released, 1);
	ASSERT_EQ(tree_type("/bus/foo"), -ENOENT);
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

/* ---- iterators and look-ups ---- */

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
	ASSERT_STREQ(dir_of("/bus/foo/drivers/drv"), "drvname bind unbind uevent dev0 dev1");

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

/* ---- names that clash with the core's own files ---- */

DEFINE_TEST(
	test_bus_attr_clashing_with_a_directory_fails_the_bus_cleanly,
	.description =
		"a bus_attr named like the drivers/ directory makes bus_register fail with -EEXIST and leave no /bus/<bus>; the bus registers once fixed")
{
	foo_bus.bus_attrs = clashing_bus_attrs;
	ASSERT_EQ(bus_register(&foo_bus), -EEXIST);
	ASSERT_EQ(tree_type("/bus/foo"), -ENOENT);
	ASSERT(find_bus("foo") == NULL);
	foo_bus.bus_attrs = foo_bus_attrs;
	ASSERT_OK(bus_register(&foo_bus));
	ASSERT_STREQ(dir_of("/bus/foo"), "devices drivers uevent version");
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
	ASSERT_STREQ(log.ev[2],
		     "ACTION=bind DEVPATH=/devices/par/kid SUBSYSTEM=foo DRIVER=drv FOO_ID=kid");
	ASSERT_STREQ(log.ev[3], "ACTION=unbind DEVPATH=/devices/par/kid SUBSYSTEM=foo FOO_ID=kid");
	ASSERT_STREQ(log.ev[4], "ACTION=remove DEVPATH=/devices/par/kid SUBSYSTEM=foo FOO_ID=kid");
	ASSERT_STREQ(log.ev[5], "ACTION=remove DEVPATH=/devices/par SUBSYSTEM=foo FOO_ID=par");
	ASSERT_EQ(par.released + kid.released, 2);
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
	ASSERT_EQ(tree_type("/devices/dev0"), LDM_SYSFS_DIR);
	hotplug_fails = false;
	device_unregister(&dev0.dev);
	ASSERT_OK(ldm_uevent_unlisten(record_event, &log));
	ASSERT_EQ(log.n, 1);
	ASSERT_STREQ(log.ev[0], "ACTION=remove DEVPATH=/devices/dev0 SUBSYSTEM=foo FOO_ID=dev0");
	bus_unregister(&foo_bus);
}
