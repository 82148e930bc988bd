// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-modern.c - what the modern tree adds to the driver core's devices
 * (docs/sysfs.md): each device's uevent file (what its events carry; a
 * write replays one), its subsystem and driver links, the modalias of a
 * platform device, DRIVER= and MODALIAS= in the events, what libudev reads
 * for the demo board's sensor; and the 2.6.9 tree, which has none of them.
 */
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "foo-bus.h"

DEFINE_TEST(
	test_device_has_uevent_subsystem_and_driver_links,
	.description =
		"a device on a bus has a uevent file (0644) showing DRIVER= and its bus's variables, a subsystem link to its bus and, while bound, a driver link")
{
	static struct tdev dev;
	static struct tdrv drv;
	struct ldm_sysfs_stat st;
	struct ldm_sysfs_node *sd;

	foo_bind_one(&dev, &drv);
	ASSERT_OK(ldm_sysfs_lookup("/devices/dev0/uevent", 0, &sd));
	ASSERT_OK(ldm_sysfs_stat(sd, &st));
	ASSERT_EQ(st.mode & 07777, 0644);
	ldm_sysfs_put(sd);
	ASSERT_STREQ(tree_attr("/devices/dev0/uevent"), "DRIVER=drv\nFOO_ID=dev0\n");
	ASSERT_STREQ(tree_link("/devices/dev0/subsystem"), "../../bus/foo");
	ASSERT_STREQ(tree_link("/devices/dev0/driver"), "../../bus/foo/drivers/drv");
	ASSERT_EQ(tree_type("/bus/foo/devices/dev0/subsystem/drivers/drv"), LDM_SYSFS_DIR);

	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/unbind", "dev0"), 4);
	ASSERT(!tree_exists("/devices/dev0/driver"));
	ASSERT_STREQ(tree_attr("/devices/dev0/uevent"), "FOO_ID=dev0\n");
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/bind", "dev0"), 4);
	ASSERT_STREQ(tree_link("/devices/dev0/driver"), "../../bus/foo/drivers/drv");
	foo_unbind_one(&dev, &drv);
	ASSERT(!tree_exists("/devices/dev0"));
}

DEFINE_TEST(
	test_device_uevent_write_replays_an_event,
	.description =
		"writing change to a device's uevent file sends change with SYNTH_UUID=0 and what the file shows; a bad action is -EINVAL and sends nothing")
{
	static struct event_log log;
	static struct tdev dev;
	static struct tdrv drv;

	foo_bind_one(&dev, &drv);
	ASSERT_OK(ldm_uevent_listen(record_event, &log));
	ASSERT_EQ(write_attr("/devices/dev0/uevent", "change\n"), 7);
	ASSERT_EQ(write_attr("/devices/dev0/uevent", "add"), 3);
	ASSERT_EQ(write_attr("/devices/dev0/uevent", "explode\n"), -EINVAL);
	ASSERT_OK(ldm_uevent_unlisten(record_event, &log));
	ASSERT_EQ(log.n, 2);
	ASSERT_STREQ(log.ev[0], "ACTION=change DEVPATH=/devices/dev0 SUBSYSTEM=foo SYNTH_UUID=0 "
				"DRIVER=drv FOO_ID=dev0");
	ASSERT_STREQ(log.ev[1], "ACTION=add DEVPATH=/devices/dev0 SUBSYSTEM=foo SYNTH_UUID=0 "
				"DRIVER=drv FOO_ID=dev0");
	ASSERT(dev.dev.driver == &drv.drv); /* nothing but the event */
	foo_unbind_one(&dev, &drv);
}

DEFINE_TEST(
	test_bus_and_driver_have_write_only_uevent,
	.description =
		"a bus and a driver have a write-only uevent file (0200), as Linux: a write sends the event with SUBSYSTEM=bus or drivers (udevadm trigger --type=subsystems); their directories devices/ and drivers/ have none; their registration sends no event")
{
	static struct event_log log;
	static struct tdev dev;
	static struct tdrv drv;
	struct ldm_sysfs_stat st;
	struct ldm_sysfs_node *sd;

	ASSERT_OK(ldm_uevent_listen(record_event, &log));
	ASSERT_OK(bus_register(&foo_bus));
	tdev_init(&dev, "dev0", NULL, NULL);
	ASSERT_OK(device_register(&dev.dev));
	tdrv_init(&drv, "drv", 0);
	ASSERT_OK(driver_register(&drv.drv));
	ASSERT(dev.dev.driver == &drv.drv);
	ASSERT_OK(ldm_sysfs_lookup("/bus/foo/uevent", 0, &sd));
	ASSERT_OK(ldm_sysfs_stat(sd, &st));
	ASSERT_EQ(st.mode & 07777, 0200);
	ldm_sysfs_put(sd);
	ASSERT_OK(ldm_sysfs_lookup("/bus/foo/drivers/drv/uevent", 0, &sd));
	ASSERT_OK(ldm_sysfs_stat(sd, &st));
	ASSERT_EQ(st.mode & 07777, 0200);
	ldm_sysfs_put(sd);
	ASSERT_EQ(write_attr("/bus/foo/uevent", "change\n"), 7);
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/uevent", "change"), 6);
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/uevent", "explode"), -EINVAL);
	ASSERT(!tree_exists("/bus/foo/drivers/uevent"));
	ASSERT(!tree_exists("/bus/foo/devices/uevent"));
	foo_unbind_one(&dev, &drv);
	ASSERT_OK(ldm_uevent_unlisten(record_event, &log));
	ASSERT_EQ(log.n, 6);
	ASSERT_STREQ(log.ev[0], "ACTION=add DEVPATH=/devices/dev0 SUBSYSTEM=foo FOO_ID=dev0");
	ASSERT_STREQ(log.ev[1],
		     "ACTION=bind DEVPATH=/devices/dev0 SUBSYSTEM=foo DRIVER=drv FOO_ID=dev0");
	ASSERT_STREQ(log.ev[2], "ACTION=change DEVPATH=/bus/foo SUBSYSTEM=bus SYNTH_UUID=0");
	ASSERT_STREQ(log.ev[3],
		     "ACTION=change DEVPATH=/bus/foo/drivers/drv SUBSYSTEM=drivers SYNTH_UUID=0");
	ASSERT_STREQ(log.ev[4], "ACTION=unbind DEVPATH=/devices/dev0 SUBSYSTEM=foo FOO_ID=dev0");
	ASSERT_STREQ(log.ev[5], "ACTION=remove DEVPATH=/devices/dev0 SUBSYSTEM=foo FOO_ID=dev0");
}

DEFINE_TEST(
	test_device_without_bus_has_an_empty_uevent,
	.description =
		"a device on no bus (/devices/platform) has a uevent file that shows nothing, and a write to it sends no event, as Linux filters it")
{
	static struct event_log log;

	ASSERT_STREQ(tree_attr("/devices/platform/uevent"), "");
	ASSERT(!tree_exists("/devices/platform/subsystem"));
	ASSERT_OK(ldm_uevent_listen(record_event, &log));
	ASSERT_EQ(write_attr("/devices/platform/uevent", "add"), 3);
	ASSERT_OK(ldm_uevent_unlisten(record_event, &log));
	ASSERT_EQ(log.n, 0);
}

DEFINE_TEST(
	test_platform_device_modalias,
	.description =
		"a platform device's modalias and uevent say platform:<name>, and its subsystem link leads to /bus/platform")
{
	struct platform_device *pdev;

	pdev = platform_device_register_simple("widget", 3, NULL, 0);
	ASSERT(!IS_ERR(pdev));
	ASSERT_STREQ(tree_attr("/devices/platform/widget3/modalias"), "platform:widget\n");
	ASSERT_STREQ(tree_attr("/devices/platform/widget3/uevent"), "MODALIAS=platform:widget\n");
	ASSERT_STREQ(tree_link("/devices/platform/widget3/subsystem"), "../../../bus/platform");
	ASSERT_EQ(tree_type("/bus/platform/devices/widget3/modalias"), LDM_SYSFS_ATTR);
	platform_device_unregister(pdev);
}

/* The 2.6.9 tree: boot it, check, stop. */
static void boot_269(void)
{
	ASSERT_OK(ldm_sysfs_layout_set("2.6.9"));
	ASSERT_OK(ldm_init());
}

DEFINE_TEST(
	test_269_tree_has_no_modern_files,
	.description =
		"under the 2.6.9 tree a bound device has no uevent, subsystem, driver or modalias, and its events carry no DRIVER= or MODALIAS=",
	.no_runtime = true)
{
	static struct event_log log;
	struct platform_device *pdev;
	static struct tdev dev;
	static struct tdrv drv;

	boot_269();
	ASSERT_OK(ldm_uevent_listen(record_event, &log));
	foo_bind_one(&dev, &drv);
	ASSERT_STREQ(dir_of("/devices/dev0"), "power devid");
	pdev = platform_device_register_simple("widget", 3, NULL, 0);
	ASSERT(!IS_ERR(pdev));
	ASSERT_STREQ(dir_of("/devices/platform/widget3"), "power");
	ASSERT_STREQ(dir_of("/devices/platform"), "power widget3");
	ASSERT_EQ(write_attr("/devices/dev0/uevent", "add"), -ENOENT);
	ASSERT_EQ(write_attr("/bus/foo/uevent", "add"), -ENOENT);
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/uevent", "add"), -ENOENT);
	platform_device_unregister(pdev);
	foo_unbind_one(&dev, &drv);
	ASSERT_OK(ldm_uevent_unlisten(record_event, &log));
	ASSERT_EQ(log.n, 4);
	ASSERT_STREQ(log.ev[0], "ACTION=add DEVPATH=/devices/dev0 SUBSYSTEM=foo FOO_ID=dev0");
	ASSERT_STREQ(log.ev[1], "ACTION=add DEVPATH=/devices/platform/widget3 SUBSYSTEM=platform");
	ldm_exit();
}

/* ---- class devices ---- */

DEFINE_TEST(
	test_class_device_with_a_number_is_a_node,
	.description =
		"a class device with a device number has dev, a uevent with MAJOR, MINOR and DEVNAME, a subsystem link to its class, and /dev/char/<major>:<minor> leading to it; add and remove events carry the same")
{
	static struct event_log log;
	struct class_simple *cs;
	struct class_device *cd;

	cs = class_simple_create(NULL, "gizmo");
	ASSERT(!IS_ERR(cs));
	ASSERT_OK(ldm_uevent_listen(record_event, &log));
	cd = class_simple_device_add(cs, MKDEV(42, 7), NULL, "giz%d", 7);
	ASSERT(!IS_ERR(cd));
	ASSERT_STREQ(dir_of("/class/gizmo/giz7"), "dev uevent subsystem");
	ASSERT_STREQ(tree_attr("/class/gizmo/giz7/dev"), "42:7\n");
	ASSERT_STREQ(tree_attr("/class/gizmo/giz7/uevent"), "MAJOR=42\nMINOR=7\nDEVNAME=giz7\n");
	ASSERT_STREQ(tree_link("/class/gizmo/giz7/subsystem"), "../../../class/gizmo");
	ASSERT_STREQ(tree_link("/dev/char/42:7"), "../../class/gizmo/giz7");
	ASSERT_STREQ(tree_attr("/dev/char/42:7/dev"), "42:7\n");
	ASSERT_EQ(write_attr("/dev/char/42:7/uevent", "change"), 6);
	class_simple_device_remove(MKDEV(42, 7));
	ASSERT(!tree_exists("/dev/char/42:7"));
	ASSERT_OK(ldm_uevent_unlisten(record_event, &log));
	ASSERT_EQ(log.n, 3);
	ASSERT_STREQ(log.ev[0], "ACTION=add DEVPATH=/class/gizmo/giz7 SUBSYSTEM=gizmo MAJOR=42 "
				"MINOR=7 DEVNAME=giz7");
	ASSERT_STREQ(log.ev[1], "ACTION=change DEVPATH=/class/gizmo/giz7 SUBSYSTEM=gizmo "
				"SYNTH_UUID=0 MAJOR=42 MINOR=7 DEVNAME=giz7");
	ASSERT_STREQ(log.ev[2], "ACTION=remove DEVPATH=/class/gizmo/giz7 SUBSYSTEM=gizmo MAJOR=42 "
				"MINOR=7 DEVNAME=giz7");
	class_simple_destroy(cs);
	ASSERT_STREQ(dir_of("/dev"), "char block");
	ASSERT_STREQ(dir_of("/dev/char"), "");
}

DEFINE_TEST(
	test_class_device_numbers_are_unique,
	.description =
		"a second class device with a number already in /dev/char is refused with -EEXIST and leaves nothing, as Linux refuses a duplicate dev_t")
{
	struct class_simple *cs = class_simple_create(NULL, "gizmo");
	struct class_device *a, *b;

	ASSERT(!IS_ERR(cs));
	a = class_simple_device_add(cs, MKDEV(42, 1), NULL, "a");
	ASSERT(!IS_ERR(a));
	b = class_simple_device_add(cs, MKDEV(42, 1), NULL, "b");
	ASSERT_EQ(PTR_ERR(b), -EEXIST);
	ASSERT_STREQ(dir_of("/class/gizmo"), "a");
	ASSERT_STREQ(tree_link("/dev/char/42:1"), "../../class/gizmo/a");
	class_simple_device_remove(MKDEV(42, 1));
	class_simple_destroy(cs);
}

static int misc_open_nothing(struct inode *inode, struct file *file)
{
	(void)inode;
	(void)file;
	return 0;
}

static const struct file_operations nothing_fops = { .open = misc_open_nothing };

DEFINE_TEST(
	test_misc_device_is_a_node_of_major_10,
	.description =
		"a misc device's class device says MAJOR=10, its minor and DEVNAME=<name>, and /dev/char/10:<minor> leads to it")
{
	static struct miscdevice m = { .minor = 77, .name = "thing", .fops = &nothing_fops };

	ASSERT_OK(misc_register(&m));
	ASSERT_STREQ(tree_attr("/class/misc/thing/uevent"), "MAJOR=10\nMINOR=77\nDEVNAME=thing\n");
	ASSERT_STREQ(tree_link("/dev/char/10:77"), "../../class/misc/thing");
	ASSERT_STREQ(tree_link("/class/misc/thing/subsystem"), "../../../class/misc");
	ASSERT_OK(misc_deregister(&m));
	ASSERT(!tree_exists("/dev/char/10:77"));
}

DEFINE_TEST(
	test_269_class_devices_have_only_dev,
	.description =
		"under the 2.6.9 tree a simple class device has its dev file and nothing else, there is no /dev, and its events carry no MAJOR",
	.no_runtime = true)
{
	static struct event_log log;
	struct class_simple *cs;
	struct class_device *cd;

	boot_269();
	ASSERT(!tree_exists("/dev"));
	cs = class_simple_create(NULL, "gizmo");
	ASSERT(!IS_ERR(cs));
	ASSERT_OK(ldm_uevent_listen(record_event, &log));
	cd = class_simple_device_add(cs, MKDEV(42, 7), NULL, "giz7");
	ASSERT(!IS_ERR(cd));
	ASSERT_STREQ(dir_of("/class/gizmo/giz7"), "dev");
	ASSERT_STREQ(tree_attr("/class/gizmo/giz7/dev"), "42:7\n");
	class_simple_device_remove(MKDEV(42, 7));
	ASSERT_OK(ldm_uevent_unlisten(record_event, &log));
	ASSERT_EQ(log.n, 2);
	ASSERT_STREQ(log.ev[0], "ACTION=add DEVPATH=/class/gizmo/giz7 SUBSYSTEM=gizmo");
	class_simple_destroy(cs);
	ldm_exit();
}

/* ---- what libudev needs of the tree, for the demo board's sensor ---- */

#define DEMO_DTB LDM_BUILD_DIR "/boards/demo.dtb"
#define MODS	 LDM_BUILD_DIR "/modules/"

/* The last component of what the link at @path names, as libudev reads it. */
static const char *link_base(const char *path)
{
	const char *target = tree_link(path), *slash = strrchr(target, '/');

	return slash ? slash + 1 : target;
}

/* Whether @a and @b lead to the same node, links followed. */
static bool same_node(const char *a, const char *b)
{
	struct ldm_sysfs_node *x, *y;
	bool same;

	if (ldm_sysfs_lookup(a, LDM_SYSFS_FOLLOW, &x))
		return false;
	if (ldm_sysfs_lookup(b, LDM_SYSFS_FOLLOW, &y)) {
		ldm_sysfs_put(x);
		return false;
	}
	same = x == y;
	ldm_sysfs_put(x);
	ldm_sysfs_put(y);
	return same;
}

DEFINE_TEST(
	test_demo_sensor_tree_has_what_libudev_reads,
	.description =
		"the demo sensor is a device as sd-device takes one: under /devices with a uevent file, its subsystem and driver named by links, reached from /bus/platform/devices; its parents up to /devices/platform have uevent files (udevadm info -a); its module and misc node are found as libudev finds them")
{
	static const char dev[] = "/devices/platform/soc/10001000.sensor";
	char path[256], want[128];
	int minor;

	ASSERT_OK(ldm_board_load(DEMO_DTB));
	ASSERT_OK(ldm_insmod(MODS "demo_sensor.ko", NULL));
	ASSERT_OK(ldm_insmod(MODS "prop_misc.ko", NULL));

	/* sd_device_new_from_syspath(): a directory under /devices needs uevent. */
	snprintf(path, sizeof(path), "%s/uevent", dev);
	ASSERT_EQ(tree_type(path), LDM_SYSFS_ATTR);
	ASSERT(strstr(tree_attr(path), "MODALIAS=of:NsensorT(null)Cldm,demo-sensor\n"));
	/* sd_device_get_subsystem() and _get_driver(): the links' last components. */
	snprintf(path, sizeof(path), "%s/subsystem", dev);
	ASSERT_STREQ(link_base(path), "platform");
	ASSERT(same_node(path, "/bus/platform"));
	snprintf(path, sizeof(path), "%s/driver", dev);
	ASSERT_STREQ(link_base(path), "demo_sensor");
	/* The enumerator: /bus/<bus>/devices/<name> leads to the device. */
	ASSERT(same_node("/bus/platform/devices/10001000.sensor", dev));
	/* udevadm info -a: each parent with a uevent file is a device too. */
	ASSERT_EQ(tree_type("/devices/platform/soc/uevent"), LDM_SYSFS_ATTR);
	ASSERT_STREQ(link_base("/devices/platform/soc/subsystem"), "platform");
	ASSERT_EQ(tree_type("/devices/platform/uevent"), LDM_SYSFS_ATTR);
	ASSERT(!tree_exists("/devices/uevent")); /* /devices itself is no device */
	/* Its attributes, as ATTR{...} lines. */
	snprintf(path, sizeof(path), "%s/label", dev);
	ASSERT_STREQ(tree_attr(path), "board-temp\n");
	snprintf(path, sizeof(path), "%s/modalias", dev);
	ASSERT_STREQ(tree_attr(path), "of:NsensorT(null)Cldm,demo-sensor\n");

	/* A module: /module/<name> (implicit subsystem "module"), its driver linked. */
	ASSERT(same_node("/module/demo_sensor/drivers/platform:demo_sensor",
			 "/bus/platform/drivers/demo_sensor"));
	/* A node: /dev/char/<major>:<minor> (sd_device_new_from_devnum) to its class device. */
	ASSERT_EQ(sscanf(tree_attr("/class/misc/prop_misc/dev"), "10:%d", &minor), 1);
	snprintf(path, sizeof(path), "/dev/char/10:%d", minor);
	ASSERT(same_node(path, "/class/misc/prop_misc"));
	ASSERT_STREQ(link_base("/class/misc/prop_misc/subsystem"), "misc");
	snprintf(want, sizeof(want), "MAJOR=10\nMINOR=%d\nDEVNAME=prop_misc\n", minor);
	ASSERT_STREQ(tree_attr("/class/misc/prop_misc/uevent"), want);

	ASSERT_OK(ldm_delete_module("prop_misc", 0));
	ASSERT_OK(ldm_delete_module("demo_sensor", 0));
	ldm_board_unload();
}

/* ---- an "add" comes once the object's files are there ---- */

struct files_seen {
	int adds;
	char missing[256];
};

/* On each add, whether what libudev would read at once is there. */
static void check_files_on_add(const struct ldm_uevent *event, void *data)
{
	static const char *const wanted[] = { "uevent", "subsystem", "modalias", "dev",
					      "coresize" };
	struct files_seen *seen = data;
	char path[256];
	size_t i;

	if (strcmp(event->action, "add"))
		return;
	seen->adds++;
	for (i = 0; i < sizeof(wanted) / sizeof(wanted[0]); i++) {
		bool device = !strncmp(event->devpath, "/devices/", 9);
		bool class = !strncmp(event->devpath, "/class/", 7);
		bool module = !strncmp(event->devpath, "/module/", 8);

		if ((i == 0 && module) || (i == 2 && !device) || (i == 3 && !class) ||
		    (i == 4 && !module) || (i == 1 && module))
			continue;
		snprintf(path, sizeof(path), "%s/%s", event->devpath, wanted[i]);
		if (!tree_exists(path))
			snprintf(seen->missing + strlen(seen->missing),
				 sizeof(seen->missing) - strlen(seen->missing), "%s ", path);
	}
}

DEFINE_TEST(
	test_add_event_comes_once_the_files_are_there,
	.description =
		"in the modern tree the add event of a platform device, a class device and a module comes when uevent, subsystem, modalias, dev and coresize are there to read, and before a driver binds")
{
	static struct files_seen seen;
	struct platform_device *pdev;
	struct class_simple *cs;
	struct class_device *cd;

	ASSERT_OK(ldm_uevent_listen(check_files_on_add, &seen));
	pdev = platform_device_register_simple("widget", 1, NULL, 0);
	ASSERT(!IS_ERR(pdev));
	cs = class_simple_create(NULL, "gizmo");
	ASSERT(!IS_ERR(cs));
	cd = class_simple_device_add(cs, MKDEV(42, 1), NULL, "giz1");
	ASSERT(!IS_ERR(cd));
	ASSERT_OK(ldm_insmod(MODS "gpl_lib.ko", NULL));
	ASSERT_OK(ldm_uevent_unlisten(check_files_on_add, &seen));
	ASSERT_EQ(seen.adds, 3);
	ASSERT_STREQ(seen.missing, "");
	ASSERT_OK(ldm_delete_module("gpl_lib", 0));
	class_simple_device_remove(MKDEV(42, 1));
	class_simple_destroy(cs);
	platform_device_unregister(pdev);
}
