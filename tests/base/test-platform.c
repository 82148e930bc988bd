// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-platform.c - the platform bus (drivers/base/platform.c) and the
 * resource trees it claims from (kernel/resource.c).
 *
 * Proves the names and places of platform devices in the tree, matching by
 * name, resource look-up, that memory and I/O ranges are claimed and given
 * back (an overlap fails with -EBUSY and leaves nothing behind),
 * platform_device_register_simple and platform_add_devices, the three-level
 * suspend and resume of platform drivers, both system-wide and through a
 * device's power/state file, and the GPL-only exports of the patch.
 */
#include <stdarg.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

/* ---- devices ---- */

struct pbox {
	struct platform_device pdev;
	int released;
};

static void pbox_release(struct device *dev)
{
	container_of(to_platform_device(dev), struct pbox, pdev)->released++;
}

/* Zero @b and make it platform device @name, @id with @n resources. */
static void pbox_init(struct pbox *b, char *name, u32 id, struct resource *res, u32 n)
{
	memset(b, 0, sizeof(*b));
	b->pdev.name = name;
	b->pdev.id = id;
	b->pdev.resource = res;
	b->pdev.num_resources = n;
	b->pdev.dev.release = pbox_release;
}

static void set_res(struct resource *r, unsigned long start, unsigned long end, unsigned long flags)
{
	memset(r, 0, sizeof(*r));
	r->start = start;
	r->end = end;
	r->flags = flags;
}

/* ---- a platform driver (2.6.9: a device_driver on platform_bus_type) ---- */

struct pdrv {
	struct device_driver drv;
	int probe_error; /* what probe() returns */
	int probed, removed;
	int irq;	      /* what probe() read with platform_get_irq */
	char log[512];	      /* the suspend and resume calls */
	int fail_level;	      /* suspend() fails at this level, -1 never */
	const char *fail_dev; /* ...of this device only */
};

#define to_pdrv(d) container_of(d, struct pdrv, drv)

static const char *const suspend_level[] = {
	[SUSPEND_NOTIFY] = "notify",
	[SUSPEND_SAVE_STATE] = "save",
	[SUSPEND_DISABLE] = "disable",
	[SUSPEND_POWER_DOWN] = "down",
};

static const char *const resume_level[] = {
	[RESUME_POWER_ON] = "on",
	[RESUME_RESTORE_STATE] = "restore",
	[RESUME_ENABLE] = "enable",
};

static void log_call(struct pdrv *d, const char *fmt, ...) __printf(2, 3);

static void log_call(struct pdrv *d, const char *fmt, ...)
{
	size_t len = strlen(d->log);
	va_list args;

	if (len)
		d->log[len++] = ' ';
	va_start(args, fmt);
	vsnprintf(d->log + len, sizeof(d->log) - len, fmt, args);
	va_end(args);
}

static int pdrv_probe(struct device *dev)
{
	struct pdrv *d = to_pdrv(dev->driver);

	d->probed++;
	d->irq = platform_get_irq(to_platform_device(dev), 0);
	return d->probe_error;
}

static int pdrv_remove(struct device *dev)
{
	to_pdrv(dev->driver)->removed++;
	return 0;
}

static int pdrv_suspend(struct device *dev, u32 state, u32 level)
{
	struct pdrv *d = to_pdrv(dev->driver);

	log_call(d, "%s:suspend%u:%s", dev->bus_id, state,
		 level < ARRAY_SIZE(suspend_level) ? suspend_level[level] : "?");
	if ((int)level == d->fail_level && !strcmp(dev->bus_id, d->fail_dev))
		return -EIO;
	return 0;
}

static int pdrv_resume(struct device *dev, u32 level)
{
	log_call(to_pdrv(dev->driver), "%s:resume:%s", dev->bus_id,
		 level < ARRAY_SIZE(resume_level) ? resume_level[level] : "?");
	return 0;
}

static void pdrv_init(struct pdrv *d, char *name)
{
	memset(d, 0, sizeof(*d));
	d->drv.name = name;
	d->drv.bus = &platform_bus_type;
	d->drv.probe = pdrv_probe;
	d->drv.remove = pdrv_remove;
	d->drv.suspend = pdrv_suspend;
	d->drv.resume = pdrv_resume;
	d->fail_level = -1;
}

/* ---- the tree ---- */

static ssize_t write_attr(const char *path, const char *s)
{
	return ldm_sysfs_write_path(path, s, strlen(s));
}

/* Whether [start, end] of @root's type can be claimed now (it is then given back). */
static bool range_free(struct resource *root, unsigned long start, unsigned long end)
{
	struct resource probe;

	set_res(&probe, start, end, root->flags);
	if (request_resource(root, &probe))
		return false;
	ASSERT_OK(release_resource(&probe));
	return true;
}

/* ---- names and places ---- */

DEFINE_TEST(
	test_platform_device_named_name_and_id_under_devices_platform,
	.description =
		"a platform device is \"<name><id>\" (\"<name>\" for id -1) in /devices/platform, linked from /bus/platform/devices")
{
	static struct pbox w3, solo;

	pbox_init(&w3, "widget", 3, NULL, 0);
	pbox_init(&solo, "solo", (u32)-1, NULL, 0);
	ASSERT_OK(platform_device_register(&w3.pdev));
	ASSERT_OK(platform_device_register(&solo.pdev));

	ASSERT_STREQ(w3.pdev.dev.bus_id, "widget3");
	ASSERT_STREQ(solo.pdev.dev.bus_id, "solo");
	ASSERT(w3.pdev.dev.parent == &platform_bus);
	ASSERT(w3.pdev.dev.bus == &platform_bus_type);
	ASSERT_EQ(tree_type("/devices/platform/widget3"), LDM_SYSFS_DIR);
	ASSERT_EQ(tree_type("/devices/platform/solo"), LDM_SYSFS_DIR);
	ASSERT_STREQ(tree_link("/bus/platform/devices/widget3"),
		     "../../../devices/platform/widget3");
	ASSERT_STREQ(tree_link("/bus/platform/devices/solo"), "../../../devices/platform/solo");
	ASSERT_STREQ(tree_attr("/devices/platform/widget3/power/state"), "0\n");

	platform_device_unregister(&w3.pdev);
	platform_device_unregister(&solo.pdev);
	ASSERT_EQ(w3.released, 1);
	ASSERT_EQ(solo.released, 1);
	ASSERT_EQ(tree_type("/devices/platform/widget3"), -ENOENT);
	ASSERT_EQ(tree_type("/bus/platform/devices/solo"), -ENOENT);
	ASSERT_EQ(tree_type("/devices/platform"), LDM_SYSFS_DIR);
	ASSERT_EQ(platform_device_register(NULL), -EINVAL);
}

DEFINE_TEST(
	test_platform_device_with_unusable_name_is_refused,
	.description =
		"a platform device whose name cannot be a directory (a slash, \".\") or is missing is refused with -EINVAL, its ranges given back")
{
	static struct pbox slash, dot, nameless;
	static struct resource r;

	set_res(&r, 0x4000, 0x4fff, IORESOURCE_MEM);
	pbox_init(&slash, "a/b", 0, &r, 1);
	ASSERT_EQ(platform_device_register(&slash.pdev), -EINVAL);
	ASSERT(r.parent == NULL);
	ASSERT(range_free(&iomem_resource, 0x4000, 0x4fff));
	ASSERT_EQ(tree_type("/devices/platform/a"), -ENOENT);
	put_device(&slash.pdev.dev);
	ASSERT_EQ(slash.released, 1);

	pbox_init(&dot, ".", (u32)-1, NULL, 0);
	ASSERT_EQ(platform_device_register(&dot.pdev), -EINVAL);
	put_device(&dot.pdev.dev);
	ASSERT_EQ(dot.released, 1);

	pbox_init(&nameless, NULL, 0, NULL, 0);
	ASSERT_EQ(platform_device_register(&nameless.pdev), -EINVAL);
	put_device(&nameless.pdev.dev);
	ASSERT_EQ(nameless.released, 1);
}

DEFINE_TEST(
	test_platform_device_with_a_parent_sits_under_it,
	.description =
		"a platform device given a parent is placed under it, not under /devices/platform")
{
	static struct pbox host, child;

	pbox_init(&host, "host", 0, NULL, 0);
	ASSERT_OK(platform_device_register(&host.pdev));
	pbox_init(&child, "port", 1, NULL, 0);
	child.pdev.dev.parent = &host.pdev.dev;
	ASSERT_OK(platform_device_register(&child.pdev));
	ASSERT_EQ(tree_type("/devices/platform/host0/port1"), LDM_SYSFS_DIR);
	ASSERT_EQ(tree_type("/devices/platform/port1"), -ENOENT);
	ASSERT_STREQ(tree_link("/bus/platform/devices/port1"),
		     "../../../devices/platform/host0/port1");
	platform_device_unregister(&child.pdev);
	platform_device_unregister(&host.pdev);
	ASSERT_EQ(host.released + child.released, 2);
}

static struct event_log {
	int n;
	char ev[8][200];
} events;

static void record_event(const struct ldm_uevent *event, void *data)
{
	struct event_log *log = data;
	char *line;
	int i;

	if (log->n >= 8)
		return;
	line = log->ev[log->n++];
	for (i = 0; event->envp[i]; i++) {
		if (!strncmp(event->envp[i], "SEQNUM=", 7))
			continue;
		if (line[0])
			strcat(line, " ");
		strncat(line, event->envp[i], 199 - strlen(line));
	}
}

DEFINE_TEST(
	test_platform_device_events_name_the_platform_subsystem,
	.description =
		"a platform device raises add and remove with SUBSYSTEM=platform, DEVPATH=/devices/platform/<id> and MODALIAS=platform:<name>")
{
	static struct pbox w0;

	ASSERT_OK(ldm_uevent_listen(record_event, &events));
	pbox_init(&w0, "widget", 0, NULL, 0);
	ASSERT_OK(platform_device_register(&w0.pdev));
	platform_device_unregister(&w0.pdev);
	ASSERT_OK(ldm_uevent_unlisten(record_event, &events));
	ASSERT_EQ(events.n, 2);
	ASSERT_STREQ(events.ev[0], "ACTION=add DEVPATH=/devices/platform/widget0 "
				   "SUBSYSTEM=platform MODALIAS=platform:widget");
	ASSERT_STREQ(events.ev[1], "ACTION=remove DEVPATH=/devices/platform/widget0 "
				   "SUBSYSTEM=platform MODALIAS=platform:widget");
}

/* ---- drivers ---- */

DEFINE_TEST(
	test_platform_driver_matches_by_name_and_probes,
	.description =
		"a driver on platform_bus_type binds the devices of its name, before or after it registers, and no others")
{
	static struct pbox w0, w1, g0;
	static struct resource irq;
	static struct pdrv drv;

	set_res(&irq, 9, 9, IORESOURCE_IRQ);
	pbox_init(&w0, "widget", 0, &irq, 1);
	pbox_init(&w1, "widget", 1, NULL, 0);
	pbox_init(&g0, "gadget", 0, NULL, 0);
	ASSERT_OK(platform_device_register(&w0.pdev));
	ASSERT_OK(platform_device_register(&g0.pdev));
	pdrv_init(&drv, "widget");
	ASSERT_OK(driver_register(&drv.drv));
	ASSERT_EQ(drv.probed, 1);
	ASSERT_EQ(drv.irq, 9);
	ASSERT_OK(platform_device_register(&w1.pdev));
	ASSERT_EQ(drv.probed, 2);
	ASSERT_EQ(drv.irq, 0);

	ASSERT(w0.pdev.dev.driver == &drv.drv);
	ASSERT(w1.pdev.dev.driver == &drv.drv);
	ASSERT(g0.pdev.dev.driver == NULL);
	ASSERT_STREQ(tree_link("/bus/platform/drivers/widget/widget0"),
		     "../../../../devices/platform/widget0");
	ASSERT_STREQ(tree_link("/bus/platform/drivers/widget/widget1"),
		     "../../../../devices/platform/widget1");
	ASSERT_EQ(tree_type("/bus/platform/drivers/widget/gadget0"), -ENOENT);

	platform_device_unregister(&w0.pdev);
	ASSERT_EQ(drv.removed, 1);
	driver_unregister(&drv.drv);
	ASSERT_EQ(drv.removed, 2);
	ASSERT(w1.pdev.dev.driver == NULL);
	platform_device_unregister(&w1.pdev);
	platform_device_unregister(&g0.pdev);
	ASSERT_EQ(drv.removed, 2);
	ASSERT_EQ(w0.released + w1.released + g0.released, 3);
}

DEFINE_TEST(
	test_platform_drivers_alike_in_first_bus_id_size_bytes_tried_in_order,
	.description =
		"drivers whose names agree in the first BUS_ID_SIZE bytes all match, and are tried in registration order as 2.6.9 tried them")
{
	static struct pdrv first, second, third;
	static struct pbox dev;

	/* platform_match compares BUS_ID_SIZE (20) bytes: these all match. */
	pdrv_init(&first, "controller-of-bus-zz-first");
	pdrv_init(&second, "controller-of-bus-zz-second");
	pdrv_init(&third, "controller-of-bus-zz-third");
	second.probe_error = -ENXIO;
	ASSERT_OK(driver_register(&second.drv));
	ASSERT_OK(driver_register(&first.drv));
	ASSERT_OK(driver_register(&third.drv));

	/* second is tried first and fails; first binds; third is not tried. */
	pbox_init(&dev, "controller-of-bus-zz-any", (u32)-1, NULL, 0);
	ASSERT_OK(platform_device_register(&dev.pdev));
	ASSERT_STREQ(dev.pdev.dev.bus_id, "controller-of-bus-z");
	ASSERT(dev.pdev.dev.driver == &first.drv);
	ASSERT_EQ(second.probed, 1);
	ASSERT_EQ(first.probed, 1);
	ASSERT_EQ(third.probed, 0);
	ASSERT_STREQ(
		tree_link("/bus/platform/drivers/controller-of-bus-zz-first/controller-of-bus-z"),
		"../../../../devices/platform/controller-of-bus-z");
	platform_device_unregister(&dev.pdev);
	ASSERT_EQ(dev.released, 1);

	/* Registered again, second goes behind the others. */
	driver_unregister(&second.drv);
	second.probe_error = 0;
	ASSERT_OK(driver_register(&second.drv));
	pbox_init(&dev, "controller-of-bus-zz-any", (u32)-1, NULL, 0);
	ASSERT_OK(platform_device_register(&dev.pdev));
	ASSERT(dev.pdev.dev.driver == &first.drv);
	ASSERT_EQ(second.probed, 1);
	platform_device_unregister(&dev.pdev);

	/* A driver gone is tried no more. */
	driver_unregister(&first.drv);
	pbox_init(&dev, "controller-of-bus-zz-any", (u32)-1, NULL, 0);
	ASSERT_OK(platform_device_register(&dev.pdev));
	ASSERT(dev.pdev.dev.driver == &third.drv);
	ASSERT_EQ(first.probed, 2);
	ASSERT_EQ(second.probed, 1);

	/* Unbound by its driver's going, a rescan finds the last one. */
	driver_unregister(&third.drv);
	ASSERT(dev.pdev.dev.driver == NULL);
	ASSERT_EQ(bus_rescan_devices(&platform_bus_type), 1);
	ASSERT(dev.pdev.dev.driver == &second.drv);
	ASSERT_EQ(second.probed, 2);

	platform_device_unregister(&dev.pdev);
	driver_unregister(&second.drv);
	ASSERT_EQ(first.removed + second.removed + third.removed, 4);
	ASSERT_EQ(dev.released, 1);
}

/* ---- resources ---- */

DEFINE_TEST(
	test_platform_get_resource_by_type_and_index,
	.description =
		"platform_get_resource finds the n-th resource of a type, platform_get_irq the n-th IRQ or 0")
{
	static struct resource res[6];
	static struct pbox dev, bare;

	set_res(&res[0], 0x10000, 0x10fff, IORESOURCE_MEM);
	set_res(&res[1], 5, 5, IORESOURCE_IRQ);
	set_res(&res[2], 0x20000, 0x20fff, IORESOURCE_MEM | IORESOURCE_PREFETCH);
	set_res(&res[3], 0x3f8, 0x3ff, IORESOURCE_IO);
	set_res(&res[4], 7, 7, IORESOURCE_IRQ);
	set_res(&res[5], 2, 2, IORESOURCE_DMA);
	pbox_init(&dev, "uart", 0, res, 6);
	pbox_init(&bare, "bare", (u32)-1, NULL, 0);
	ASSERT_OK(platform_device_register(&dev.pdev));
	ASSERT_OK(platform_device_register(&bare.pdev));

	ASSERT(platform_get_resource(&dev.pdev, IORESOURCE_MEM, 0) == &res[0]);
	ASSERT(platform_get_resource(&dev.pdev, IORESOURCE_MEM, 1) == &res[2]);
	ASSERT(platform_get_resource(&dev.pdev, IORESOURCE_MEM, 2) == NULL);
	ASSERT(platform_get_resource(&dev.pdev, IORESOURCE_IO, 0) == &res[3]);
	ASSERT(platform_get_resource(&dev.pdev, IORESOURCE_IO, 1) == NULL);
	ASSERT(platform_get_resource(&dev.pdev, IORESOURCE_IRQ, 1) == &res[4]);
	ASSERT(platform_get_resource(&dev.pdev, IORESOURCE_DMA, 0) == &res[5]);
	ASSERT_EQ(platform_get_irq(&dev.pdev, 0), 5);
	ASSERT_EQ(platform_get_irq(&dev.pdev, 1), 7);
	ASSERT_EQ(platform_get_irq(&dev.pdev, 2), 0);
	ASSERT_EQ(platform_get_irq(&bare.pdev, 0), 0);
	ASSERT(platform_get_resource(&bare.pdev, IORESOURCE_MEM, 0) == NULL);

	/* Registration named the resources and claimed memory and I/O only. */
	ASSERT_STREQ(res[0].name, "uart0");
	ASSERT_STREQ(res[4].name, "uart0");
	ASSERT(res[0].parent == &iomem_resource);
	ASSERT(res[2].parent == &iomem_resource);
	ASSERT(res[3].parent == &ioport_resource);
	ASSERT(res[1].parent == NULL);
	ASSERT(res[5].parent == NULL);
	ASSERT(!range_free(&iomem_resource, 0x10800, 0x10800));
	ASSERT(!range_free(&ioport_resource, 0x3f8, 0x3f8));

	platform_device_unregister(&dev.pdev);
	platform_device_unregister(&bare.pdev);
	ASSERT(res[0].parent == NULL);
	ASSERT(res[3].parent == NULL);
	ASSERT(range_free(&iomem_resource, 0x10000, 0x20fff));
	ASSERT(range_free(&ioport_resource, 0x3f8, 0x3ff));
	ASSERT_EQ(dev.released + bare.released, 2);
}

DEFINE_TEST(
	test_overlapping_memory_range_is_ebusy_and_leaves_nothing,
	.description =
		"a device whose memory range overlaps a claimed one fails with -EBUSY, claims nothing, adds nothing; freed, the range can be claimed")
{
	static struct resource ra, rb[2], rc;
	static struct pbox a, b, c;

	set_res(&ra, 0x1000, 0x1fff, IORESOURCE_MEM);
	pbox_init(&a, "ram", 0, &ra, 1);
	ASSERT_OK(platform_device_register(&a.pdev));

	/* b's I/O range is claimed before its memory range fails. */
	set_res(&rb[0], 0x300, 0x30f, IORESOURCE_IO);
	set_res(&rb[1], 0x1800, 0x1fff, IORESOURCE_MEM);
	pbox_init(&b, "ram", 1, rb, 2);
	ASSERT_EQ(platform_device_register(&b.pdev), -EBUSY);
	ASSERT_EQ(tree_type("/devices/platform/ram1"), -ENOENT);
	ASSERT_EQ(tree_type("/bus/platform/devices/ram1"), -ENOENT);
	ASSERT(rb[0].parent == NULL);
	ASSERT(rb[1].parent == NULL);
	ASSERT(range_free(&ioport_resource, 0x300, 0x30f));
	ASSERT(ra.parent == &iomem_resource);
	put_device(&b.pdev.dev);
	ASSERT_EQ(b.released, 1);

	set_res(&rc, 0x2000, 0x2fff, IORESOURCE_MEM);
	pbox_init(&c, "ram", 2, &rc, 1);
	ASSERT_OK(platform_device_register(&c.pdev));
	ASSERT_EQ(tree_type("/devices/platform/ram2"), LDM_SYSFS_DIR);

	/* With a gone, b's ranges are free. */
	platform_device_unregister(&a.pdev);
	pbox_init(&b, "ram", 1, rb, 2);
	ASSERT_OK(platform_device_register(&b.pdev));
	ASSERT(rb[1].parent == &iomem_resource);
	ASSERT_STREQ(tree_link("/bus/platform/devices/ram1"), "../../../devices/platform/ram1");

	platform_device_unregister(&b.pdev);
	platform_device_unregister(&c.pdev);
	ASSERT_EQ(a.released, 1);
	ASSERT_EQ(b.released, 1);
	ASSERT_EQ(c.released, 1);
	ASSERT(range_free(&iomem_resource, 0x1000, 0x2fff));
}

DEFINE_TEST(
	test_duplicate_platform_device_gives_its_ranges_back,
	.description =
		"a platform device whose name is taken fails with -EEXIST and gives back the ranges it had claimed")
{
	static struct resource r0, r1;
	static struct pbox first, twin;

	set_res(&r0, 0x5000, 0x5fff, IORESOURCE_MEM);
	set_res(&r1, 0x6000, 0x6fff, IORESOURCE_MEM);
	pbox_init(&first, "dup", 0, &r0, 1);
	pbox_init(&twin, "dup", 0, &r1, 1);
	ASSERT_OK(platform_device_register(&first.pdev));
	ASSERT_EQ(platform_device_register(&twin.pdev), -EEXIST);
	ASSERT(r1.parent == NULL);
	ASSERT(range_free(&iomem_resource, 0x6000, 0x6fff));
	ASSERT(r0.parent == &iomem_resource);
	put_device(&twin.pdev.dev);
	ASSERT_EQ(twin.released, 1);
	ASSERT_EQ(first.released, 0);
	platform_device_unregister(&first.pdev);
	ASSERT_EQ(first.released, 1);
}

DEFINE_TEST(
	test_request_and_release_resource_on_iomem,
	.description =
		"request_resource claims ranges in address order, refuses overlaps and ranges outside the root; release_resource gives them back once")
{
	struct resource a, b, c, over, edge, inner, outside, backwards, big;

	set_res(&a, 0x10000, 0x1ffff, IORESOURCE_MEM);
	set_res(&b, 0x30000, 0x3ffff, IORESOURCE_MEM);
	set_res(&c, 0x20000, 0x2ffff, IORESOURCE_MEM);
	set_res(&over, 0x1f000, 0x20fff, IORESOURCE_MEM);
	ASSERT_OK(request_resource(&iomem_resource, &a));
	ASSERT_OK(request_resource(&iomem_resource, &b));
	ASSERT_OK(request_resource(&iomem_resource, &c));
	ASSERT(a.parent == &iomem_resource);
	ASSERT(a.sibling == &c);
	ASSERT(c.sibling == &b);
	ASSERT_EQ(request_resource(&iomem_resource, &over), -EBUSY);
	ASSERT(over.parent == NULL);
	/* Ranges are inclusive: sharing one end address is an overlap. */
	set_res(&edge, 0x1ffff, 0x1ffff, IORESOURCE_MEM);
	ASSERT_EQ(request_resource(&iomem_resource, &edge), -EBUSY);
	set_res(&edge, 0x2ff00, 0x30000, IORESOURCE_MEM);
	ASSERT_EQ(request_resource(&iomem_resource, &edge), -EBUSY);
	set_res(&edge, 0x0, 0xffff, IORESOURCE_MEM);
	ASSERT_OK(request_resource(&iomem_resource, &edge));
	ASSERT(iomem_resource.child == &edge);
	ASSERT(edge.sibling == &a);
	ASSERT_OK(release_resource(&edge));

	/* Nested: a range inside one claimed is claimed from it. */
	set_res(&inner, 0x20100, 0x201ff, IORESOURCE_MEM);
	ASSERT_OK(request_resource(&c, &inner));
	ASSERT(c.child == &inner);
	ASSERT(inner.parent == &c);
	set_res(&outside, 0x2ff00, 0x300ff, IORESOURCE_MEM);
	ASSERT_EQ(request_resource(&c, &outside), -EBUSY);
	set_res(&backwards, 0x50000, 0x4ffff, IORESOURCE_MEM);
	ASSERT_EQ(request_resource(&iomem_resource, &backwards), -EBUSY);
	set_res(&big, 0xfff0, 0x10010, IORESOURCE_IO);
	ASSERT_EQ(request_resource(&ioport_resource, &big), -EBUSY);

	ASSERT_OK(release_resource(&inner));
	ASSERT_EQ(release_resource(&inner), -EINVAL);
	ASSERT_OK(release_resource(&c));
	ASSERT(a.sibling == &b);
	ASSERT_EQ(release_resource(&c), -EINVAL);
	ASSERT_EQ(release_resource(&over), -EINVAL);
	ASSERT_OK(release_resource(&a));
	ASSERT_OK(request_resource(&iomem_resource, &over));
	ASSERT(over.sibling == &b);
	ASSERT_OK(release_resource(&over));
	ASSERT_OK(release_resource(&b));
	ASSERT(range_free(&iomem_resource, 0x10000, 0x3ffff));
}

/* ---- platform_device_register_simple and platform_add_devices ---- */

DEFINE_TEST(
	test_register_simple_copies_resources_and_frees_itself,
	.description =
		"platform_device_register_simple copies and claims the resources, and the device frees itself when unregistered")
{
	struct resource res[2];
	struct platform_device *pdev;
	static struct pdrv drv;

	set_res(&res[0], 0x7000, 0x7fff, IORESOURCE_MEM);
	set_res(&res[1], 11, 11, IORESOURCE_IRQ);
	pdrv_init(&drv, "simple");
	ASSERT_OK(driver_register(&drv.drv));
	pdev = platform_device_register_simple("simple", 2, res, 2);
	ASSERT(!IS_ERR(pdev));
	ASSERT_STREQ(pdev->dev.bus_id, "simple2");
	ASSERT(pdev->resource != res);
	ASSERT_EQ(pdev->num_resources, 2);
	ASSERT_EQ(pdev->resource[0].start, 0x7000);
	ASSERT(pdev->resource[0].parent == &iomem_resource);
	ASSERT(res[0].parent == NULL);
	ASSERT_EQ(drv.probed, 1);
	ASSERT_EQ(drv.irq, 11);
	ASSERT_EQ(tree_type("/devices/platform/simple2"), LDM_SYSFS_DIR);
	ASSERT(!range_free(&iomem_resource, 0x7000, 0x7000));

	platform_device_unregister(pdev); /* LeakSanitizer checks it is freed */
	ASSERT_EQ(drv.removed, 1);
	ASSERT_EQ(tree_type("/devices/platform/simple2"), -ENOENT);
	ASSERT(range_free(&iomem_resource, 0x7000, 0x7fff));

	pdev = platform_device_register_simple("simple", (unsigned int)-1, NULL, 0);
	ASSERT(!IS_ERR(pdev));
	ASSERT_STREQ(pdev->dev.bus_id, "simple");
	ASSERT(pdev->resource == NULL);
	platform_device_unregister(pdev);
	driver_unregister(&drv.drv);
	ASSERT_EQ(drv.removed, 2);
}

DEFINE_TEST(
	test_register_simple_returns_err_ptr_on_error,
	.description =
		"platform_device_register_simple returns ERR_PTR(-EBUSY) for a claimed range and ERR_PTR(-EEXIST) for a taken name, adding nothing")
{
	struct resource res;
	struct platform_device *first, *pdev;

	set_res(&res, 0x8000, 0x8fff, IORESOURCE_MEM);
	first = platform_device_register_simple("simple", 0, &res, 1);
	ASSERT(!IS_ERR(first));
	res.start = 0x8800;
	res.end = 0x97ff;
	pdev = platform_device_register_simple("simple", 1, &res, 1);
	ASSERT(IS_ERR(pdev));
	ASSERT_EQ(PTR_ERR(pdev), -EBUSY);
	ASSERT_EQ(tree_type("/devices/platform/simple1"), -ENOENT);
	ASSERT(range_free(&iomem_resource, 0x9000, 0x97ff));

	res.start = 0xa000;
	res.end = 0xafff;
	pdev = platform_device_register_simple("simple", 0, &res, 1);
	ASSERT(IS_ERR(pdev));
	ASSERT_EQ(PTR_ERR(pdev), -EEXIST);
	ASSERT(range_free(&iomem_resource, 0xa000, 0xafff));
	ASSERT_EQ(tree_type("/devices/platform/simple0"), LDM_SYSFS_DIR);

	platform_device_unregister(first);
	ASSERT(range_free(&iomem_resource, 0x8000, 0x8fff));
}

DEFINE_TEST(
	test_platform_add_devices_registers_all_or_none,
	.description =
		"platform_add_devices registers every device, or on an error unregisters those it had registered")
{
	static struct resource r[3], taken;
	static struct pbox box[3], held;
	struct platform_device *devs[3];
	int i;

	for (i = 0; i < 3; i++) {
		set_res(&r[i], 0xb000 + 0x1000 * (unsigned long)i,
			0xbfff + 0x1000 * (unsigned long)i, IORESOURCE_MEM);
		pbox_init(&box[i], "multi", (u32)i, &r[i], 1);
		devs[i] = &box[i].pdev;
	}
	ASSERT_OK(platform_add_devices(devs, 3));
	ASSERT_EQ(tree_type("/devices/platform/multi0"), LDM_SYSFS_DIR);
	ASSERT_EQ(tree_type("/devices/platform/multi2"), LDM_SYSFS_DIR);
	for (i = 0; i < 3; i++)
		platform_device_unregister(devs[i]);
	for (i = 0; i < 3; i++)
		ASSERT_EQ(box[i].released, 1);

	/* The third one's range is taken: none stays. */
	set_res(&taken, 0xd800, 0xd8ff, IORESOURCE_MEM);
	pbox_init(&held, "holder", (u32)-1, &taken, 1);
	ASSERT_OK(platform_device_register(&held.pdev));
	for (i = 0; i < 3; i++)
		pbox_init(&box[i], "multi", (u32)i, &r[i], 1);
	ASSERT_EQ(platform_add_devices(devs, 3), -EBUSY);
	ASSERT_EQ(tree_type("/devices/platform/multi0"), -ENOENT);
	ASSERT_EQ(tree_type("/devices/platform/multi1"), -ENOENT);
	ASSERT_EQ(tree_type("/devices/platform/multi2"), -ENOENT);
	ASSERT_EQ(box[0].released, 1);
	ASSERT_EQ(box[1].released, 1);
	ASSERT(range_free(&iomem_resource, 0xb000, 0xcfff));
	ASSERT(r[2].parent == NULL);
	put_device(&devs[2]->dev);
	ASSERT_EQ(box[2].released, 1);
	platform_device_unregister(&held.pdev);
	ASSERT_EQ(held.released, 1);
}

/* ---- power ---- */

DEFINE_TEST(
	test_platform_suspend_and_resume_walk_the_three_levels,
	.description =
		"device_suspend(3) calls the driver's suspend for DISABLE, SAVE_STATE, POWER_DOWN; device_resume its resume for POWER_ON, RESTORE_STATE, ENABLE")
{
	static struct pbox w0, w1, other;
	static struct pdrv drv;

	pdrv_init(&drv, "widget");
	ASSERT_OK(driver_register(&drv.drv));
	pbox_init(&w0, "widget", 0, NULL, 0);
	pbox_init(&w1, "widget", 1, NULL, 0);
	pbox_init(&other, "other", 0, NULL, 0);
	ASSERT_OK(platform_device_register(&w0.pdev));
	ASSERT_OK(platform_device_register(&w1.pdev));
	ASSERT_OK(platform_device_register(&other.pdev));

	ASSERT_OK(device_suspend(3));
	/* Children before parents: the later device first. */
	ASSERT_STREQ(drv.log,
		     "widget1:suspend3:disable widget1:suspend3:save widget1:suspend3:down "
		     "widget0:suspend3:disable widget0:suspend3:save widget0:suspend3:down");
	drv.log[0] = '\0';
	device_resume();
	ASSERT_STREQ(drv.log, "widget0:resume:on widget0:resume:restore widget0:resume:enable "
			      "widget1:resume:on widget1:resume:restore widget1:resume:enable");

	platform_device_unregister(&w0.pdev);
	platform_device_unregister(&w1.pdev);
	platform_device_unregister(&other.pdev);
	driver_unregister(&drv.drv);
	ASSERT_EQ(drv.removed, 2);
}

DEFINE_TEST(
	test_platform_suspend_stops_at_the_failing_level,
	.description =
		"a driver's suspend failing at SAVE_STATE skips POWER_DOWN, device_suspend returns the error and resumes what it had suspended")
{
	static struct pbox w0, w1;
	static struct pdrv drv;

	pdrv_init(&drv, "widget");
	ASSERT_OK(driver_register(&drv.drv));
	pbox_init(&w0, "widget", 0, NULL, 0);
	pbox_init(&w1, "widget", 1, NULL, 0);
	ASSERT_OK(platform_device_register(&w0.pdev));
	ASSERT_OK(platform_device_register(&w1.pdev));

	drv.fail_level = SUSPEND_SAVE_STATE;
	drv.fail_dev = "widget0";
	ASSERT_EQ(write_attr("/devices/platform/widget0/power/state", "3"), -EIO);
	ASSERT_STREQ(drv.log, "widget0:suspend3:disable widget0:suspend3:save");
	ASSERT_STREQ(tree_attr("/devices/platform/widget0/power/state"), "0\n");

	drv.log[0] = '\0';
	ASSERT_EQ(device_suspend(3), -EIO);
	ASSERT_STREQ(drv.log,
		     "widget1:suspend3:disable widget1:suspend3:save widget1:suspend3:down "
		     "widget0:suspend3:disable widget0:suspend3:save "
		     "widget1:resume:on widget1:resume:restore widget1:resume:enable");

	platform_device_unregister(&w0.pdev);
	platform_device_unregister(&w1.pdev);
	driver_unregister(&drv.drv);
}

DEFINE_TEST(
	test_power_state_file_suspends_and_resumes_one_device,
	.description =
		"writing 3 to /devices/platform/<id>/power/state suspends only that device, 0 resumes it, and the file reads the state")
{
	static struct pbox w0, w1;
	static struct pdrv drv;

	pdrv_init(&drv, "widget");
	ASSERT_OK(driver_register(&drv.drv));
	pbox_init(&w0, "widget", 0, NULL, 0);
	pbox_init(&w1, "widget", 1, NULL, 0);
	ASSERT_OK(platform_device_register(&w0.pdev));
	ASSERT_OK(platform_device_register(&w1.pdev));

	ASSERT_EQ(write_attr("/devices/platform/widget0/power/state", "3\n"), 2);
	ASSERT_STREQ(drv.log,
		     "widget0:suspend3:disable widget0:suspend3:save widget0:suspend3:down");
	ASSERT_STREQ(tree_attr("/devices/platform/widget0/power/state"), "3\n");
	ASSERT_STREQ(tree_attr("/devices/platform/widget1/power/state"), "0\n");

	/* The state it is in already: nothing to do. */
	drv.log[0] = '\0';
	ASSERT_EQ(write_attr("/devices/platform/widget0/power/state", "3"), 1);
	ASSERT_STREQ(drv.log, "");

	ASSERT_EQ(write_attr("/devices/platform/widget0/power/state", "0"), 1);
	ASSERT_STREQ(drv.log, "widget0:resume:on widget0:resume:restore widget0:resume:enable");
	ASSERT_STREQ(tree_attr("/devices/platform/widget0/power/state"), "0\n");

	/* Suspended through its file, it is left alone by a system cycle. */
	ASSERT_EQ(write_attr("/devices/platform/widget0/power/state", "3"), 1);
	drv.log[0] = '\0';
	ASSERT_OK(device_suspend(3));
	device_resume();
	ASSERT_STREQ(drv.log,
		     "widget1:suspend3:disable widget1:suspend3:save widget1:suspend3:down "
		     "widget1:resume:on widget1:resume:restore widget1:resume:enable");
	ASSERT_STREQ(tree_attr("/devices/platform/widget0/power/state"), "3\n");
	ASSERT_EQ(write_attr("/devices/platform/widget0/power/state", "0"), 1);

	drv.log[0] = '\0';
	ASSERT_EQ(write_attr("/devices/platform/widget0/power/state", "x"), -EINVAL);
	ASSERT_EQ(write_attr("/devices/platform/widget0/power/state", "3x"), -EINVAL);
	ASSERT_STREQ(drv.log, "");
	ASSERT_STREQ(tree_attr("/devices/platform/widget0/power/state"), "0\n");

	platform_device_unregister(&w0.pdev);
	platform_device_unregister(&w1.pdev);
	driver_unregister(&drv.drv);
}

/* ---- exports ---- */

DEFINE_TEST(
	test_platform_symbols_are_gpl_only_exports,
	.description =
		"platform_bus, platform_bus_type and the platform functions of the patch are EXPORT_SYMBOL_GPL")
{
	static const struct {
		const char *name;
		unsigned long value;
	} syms[] = {
		{ "platform_bus", (unsigned long)&platform_bus },
		{ "platform_bus_type", (unsigned long)&platform_bus_type },
		{ "platform_device_register", (unsigned long)&platform_device_register },
		{ "platform_device_register_simple",
		  (unsigned long)&platform_device_register_simple },
		{ "platform_device_unregister", (unsigned long)&platform_device_unregister },
		{ "platform_get_irq", (unsigned long)&platform_get_irq },
		{ "platform_get_resource", (unsigned long)&platform_get_resource },
		{ "dma_get_required_mask", (unsigned long)&dma_get_required_mask },
	};
	struct ldm_export exp;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(syms); i++) {
		if (ldm_export_lookup(syms[i].name, &exp))
			FAIL("%s is not exported", syms[i].name);
		if (exp.license != LDM_EXPORT_GPL)
			FAIL("%s is not EXPORT_SYMBOL_GPL", syms[i].name);
		ASSERT_EQ(exp.value, syms[i].value);
		ASSERT_STREQ(exp.owner, "ldm");
	}
}

static int range_claim_in_remove;

static int claim_probe(struct device *dev)
{
	(void)dev;
	return 0;
}

/* Tries to claim the device's own range while remove() runs. */
static int claim_remove(struct device *dev)
{
	struct resource probe = {
		.start = 0x9000000,
		.end = 0x9000fff,
		.flags = IORESOURCE_MEM,
	};

	(void)dev;
	range_claim_in_remove = request_resource(&iomem_resource, &probe);
	if (!range_claim_in_remove)
		release_resource(&probe);
	return 0;
}

static void claim_release(struct device *dev)
{
	(void)dev;
}

DEFINE_TEST(
	test_unregister_gives_ranges_back_after_remove,
	.description =
		"platform_device_unregister keeps the device's ranges claimed while the driver's remove() runs (modern order)")
{
	static struct resource res[] = {
		{ .start = 0x9000000, .end = 0x9000fff, .flags = IORESOURCE_MEM },
	};
	static struct platform_device pdev = {
		.name = "claimer",
		.id = (u32)-1,
		.num_resources = 1,
		.resource = res,
		.dev = { .release = claim_release },
	};
	static struct device_driver drv = {
		.name = "claimer",
		.probe = claim_probe,
		.remove = claim_remove,
	};
	struct resource again = { .start = 0x9000000, .end = 0x9000fff, .flags = IORESOURCE_MEM };

	drv.bus = &platform_bus_type;
	ASSERT_OK(driver_register(&drv));
	ASSERT_OK(platform_device_register(&pdev));
	range_claim_in_remove = 1;
	platform_device_unregister(&pdev);
	ASSERT_EQ(range_claim_in_remove, -EBUSY);
	/* Once unregistered, the range is free again. */
	ASSERT_OK(request_resource(&iomem_resource, &again));
	release_resource(&again);
	driver_unregister(&drv);
}

DEFINE_TEST(
	test_device_tree_lists_devices_depth_first_with_bus_and_driver,
	.description =
		"ldm_device_tree: platform at depth 0, its devices under it in order with bus and bound driver, a child under its parent")
{
	static struct pbox host, child, lone;
	static struct pdrv drv;
	char *tree;

	pbox_init(&host, "host", 0, NULL, 0);
	ASSERT_OK(platform_device_register(&host.pdev));
	pbox_init(&child, "port", 1, NULL, 0);
	child.pdev.dev.parent = &host.pdev.dev;
	ASSERT_OK(platform_device_register(&child.pdev));
	pbox_init(&lone, "lone", -1, NULL, 0);
	ASSERT_OK(platform_device_register(&lone.pdev));
	pdrv_init(&drv, "port");
	ASSERT_OK(driver_register(&drv.drv));

	tree = ldm_device_tree();
	ASSERT(tree);
	if (!strstr(tree, "0\tplatform\t/devices/platform\t-\t-\n"
			  "1\thost0\t/devices/platform/host0\tplatform\t-\n"
			  "2\tport1\t/devices/platform/host0/port1\tplatform\tport\n"
			  "1\tlone\t/devices/platform/lone\tplatform\t-\n"))
		FAIL("unexpected tree:\n%s", tree);
	free(tree);

	driver_unregister(&drv.drv);
	platform_device_unregister(&lone.pdev);
	platform_device_unregister(&child.pdev);
	platform_device_unregister(&host.pdev);
	tree = ldm_device_tree();
	ASSERT(tree);
	ASSERT(!strstr(tree, "host0"));
	free(tree);
}
