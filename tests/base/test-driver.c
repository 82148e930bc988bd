// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-driver.c - drivers and binding (drivers/base/driver.c, bus.c): probe
 * and remove, failed probes, the bind and unbind files and their events,
 * driver_unregister() waiting for the last reference, shutdown() at
 * ldm_exit(). Two tests use threads and are in the ThreadSanitizer suite;
 * their waits are bounded, time is never asserted on.
 */
#include <pthread.h>
#include <time.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "foo-bus.h"

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
	ASSERT_EQ(tree_type("/bus/foo/drivers/drv"), LDM_SYSFS_DIR);
	ASSERT_STREQ(tree_attr("/bus/foo/drivers/drv/drvname"), "drv:drv\n");
	ASSERT_STREQ(tree_link("/bus/foo/drivers/drv/dev0"), "../../../../devices/dev0");
	ASSERT_STREQ(tree_attr("/bus/foo/drivers/drv/dev0/devid"), "id:dev0\n");

	driver_unregister(&drv.drv);
	ASSERT_EQ(drv.removed, 1);
	ASSERT_EQ(tree_type("/bus/foo/drivers/drv"), -ENOENT);
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
	ASSERT_STREQ(tree_link("/bus/foo/drivers/drv/dev0"), "../../../../devices/dev0");
	ASSERT_STREQ(dir_of("/bus/foo/drivers/drv"), "drvname bind unbind uevent dev0");

	device_unregister(&dev0.dev);
	ASSERT_EQ(drv.removed, 1);
	ASSERT_STREQ(dir_of("/bus/foo/drivers/drv"), "drvname bind unbind uevent");
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
	ASSERT_EQ(tree_type("/bus/foo/drivers/bad/dev0"), -ENOENT);
	ASSERT_STREQ(dir_of("/bus/foo/drivers/bad"), "drvname bind unbind uevent");

	/* Then a good one binds it. */
	ASSERT_OK(driver_register(&good.drv));
	ASSERT_EQ(good.probed, 1);
	ASSERT(dev0.dev.driver == &good.drv);
	ASSERT_STREQ(tree_link("/bus/foo/drivers/good/dev0"), "../../../../devices/dev0");

	/* Device after both drivers: bad is tried first, good second. */
	tdev_init(&dev1, "dev1", NULL, NULL);
	ASSERT_OK(device_register(&dev1.dev));
	ASSERT_EQ(bad.probed, 2);
	ASSERT_EQ(good.probed, 2);
	ASSERT(dev1.dev.driver == &good.drv);
	ASSERT_EQ(tree_type("/bus/foo/drivers/bad/dev1"), -ENOENT);
	ASSERT_STREQ(tree_link("/bus/foo/drivers/good/dev1"), "../../../../devices/dev1");

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
	ASSERT_STREQ(dir_of("/bus/foo/drivers/drv"), "drvname bind unbind uevent");

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
	ASSERT_STREQ(dir_of("/bus/foo/drivers/drv"), "drvname bind unbind uevent dev0 dev1 dev2");

	driver_unregister(&drv.drv);
	ASSERT_EQ(drv.removed, 3);
	for (i = 0; i < 3; i++) {
		ASSERT(dev[i].dev.driver == NULL);
		ASSERT_EQ(dev[i].released, 0);
	}
	ASSERT(other.dev.driver == &drv2.drv);
	ASSERT_EQ(drv2.removed, 0);
	ASSERT_EQ(tree_type("/bus/foo/drivers/drv"), -ENOENT);
	ASSERT_STREQ(dir_of("/bus/foo/drivers"), "drv2");
	ASSERT_STREQ(dir_of("/bus/foo/devices"), "dev0 dev1 dev2 other");
	ASSERT_EQ(tree_type("/devices/dev1"), LDM_SYSFS_DIR);

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
	ASSERT_STREQ(tree_link("/bus/foo/drivers/drv/dev0"), "../../../../devices/dev0");

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
	while (tree_type("/bus/foo/drivers/drv") != -ENOENT && now() < deadline)
		usleep(1000);
	ASSERT_EQ(tree_type("/bus/foo/drivers/drv"), -ENOENT);
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

	while (tree_type(path) != -ENOENT && now() < deadline)
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
	ASSERT_STREQ(dir_of("/bus/foo/drivers/drv"), "drvname bind unbind uevent");
	ASSERT_EQ(dev0.released, 1);
	driver_unregister(&drv.drv);
	ASSERT_EQ(drv.removed, 0);
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
	ASSERT_STREQ(tree_link("/bus/foo/drivers/drv/dev0"), "../../../../devices/dev0");

	down_write(&foo_bus.subsys.rwsem);
	device_release_driver(&dev0.dev);
	up_write(&foo_bus.subsys.rwsem);
	ASSERT_EQ(drv.removed, 1);
	ASSERT(dev0.dev.driver == NULL);
	ASSERT_EQ(tree_type("/bus/foo/drivers/drv/dev0"), -ENOENT);

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
	ASSERT_STREQ(tree_link("/bus/foo/drivers/drv/dev0"), "../../../../devices/dev0");

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
	ASSERT_EQ(tree_type("/bus/foo/drivers/drv/bind"), LDM_SYSFS_ATTR);
	ASSERT_STREQ(tree_attr("/bus/foo/drivers/drv/unbind"), "(error -13)");

	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/unbind", "dev0\n"), 5);
	ASSERT_EQ(drv.removed, 1);
	ASSERT(dev0.dev.driver == NULL);
	ASSERT_EQ(tree_type("/bus/foo/drivers/drv/dev0"), -ENOENT);
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/unbind", "dev0"), -ENODEV);
	ASSERT_EQ(drv.removed, 1);

	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/bind", "dev0"), 4);
	ASSERT_EQ(drv.probed, 2);
	ASSERT(dev0.dev.driver == &drv.drv);
	ASSERT_STREQ(tree_link("/bus/foo/drivers/drv/dev0"), "../../../../devices/dev0");
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

DEFINE_TEST(
	test_bind_files_raise_bind_and_unbind_events,
	.description =
		"unbinding and binding through the driver's files raise unbind and bind events, bind with DRIVER=")
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
	ASSERT_STREQ(log.ev[1],
		     "ACTION=bind DEVPATH=/devices/dev0 SUBSYSTEM=foo DRIVER=drv FOO_ID=dev0");

	device_unregister(&dev0.dev);
	driver_unregister(&drv.drv);
	bus_unregister(&foo_bus);
}

DEFINE_TEST(
	test_bind_events_are_modern_only,
	.description =
		"under the 2.6.9 tree binding and unbinding through the driver's files raise no event, as 2.6.9 raised none",
	.no_runtime = true)
{
	static struct event_log log;
	static struct tdev dev0;
	static struct tdrv drv;

	ASSERT_OK(ldm_sysfs_layout_set("2.6.9"));
	ASSERT_OK(ldm_init());
	ASSERT_OK(bus_register(&foo_bus));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	tdev_init(&dev0, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev0.dev));
	ASSERT_OK(ldm_uevent_listen(record_event, &log));
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/unbind", "dev0"), 4);
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/bind", "dev0"), 4);
	ASSERT_OK(ldm_uevent_unlisten(record_event, &log));
	ASSERT_EQ(log.n, 0);
	ASSERT_EQ(drv.probed, 2);

	device_unregister(&dev0.dev);
	driver_unregister(&drv.drv);
	bus_unregister(&foo_bus);
	ldm_exit();
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
