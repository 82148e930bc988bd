// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-base-alloc-fail.c - device_register, driver_register and
 * class_device_register under allocation failure: for every k, the k-th
 * allocation fails; each call either succeeds whole or returns an error,
 * leaves no node behind, and its object is released exactly once by the
 * caller's put. LeakSanitizer checks at exit that nothing leaked.
 */
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"
#ifdef LDM_FAULT_INJECTION
#include "fault.h"
#endif

#define WALK_MAX 500

static int released;

static void count_release(struct device *dev)
{
	(void)dev;
	released++;
}

static int probe_ok(struct device *dev)
{
	(void)dev;
	return 0;
}

static int suspended;

static int walk_suspend(struct device *dev, u32 state)
{
	(void)dev;
	(void)state;
	suspended++;
	return 0;
}

static struct bus_type walk_bus = { .name = "walkbus", .suspend = walk_suspend };

static int walk_match(struct device *dev, struct device_driver *drv)
{
	(void)dev;
	(void)drv;
	return 1;
}

static void require_fault_injection(void)
{
#ifndef LDM_FAULT_INJECTION
	ldm_test_skip("built without -Dfault_injection=true");
#endif
}

/* Arm the k-th allocation to fail; return whether it did, once disarmed. */
#ifdef LDM_FAULT_INJECTION
#define ARM(k)	 ldm_fail_nth(k)
#define DISARM() ldm_fail_nth(0)
#define FIRED()	 ldm_fail_nth_fired()
#else
#define ARM(k) ((void)(k))
#define DISARM() \
	do { \
	} while (0)
#define FIRED() 0
#endif

DEFINE_TEST(
	test_device_register_fails_cleanly_at_every_allocation,
	.description =
		"device_register on a bus with a driver that binds it: each failing allocation leaves no node and one release")
{
	static struct device_driver drv = { .name = "walkdrv", .probe = probe_ok };
	unsigned int k;
	int error, fired;

	require_fault_injection();
	walk_bus.match = walk_match;
	ASSERT_OK(bus_register(&walk_bus));
	drv.bus = &walk_bus;
	ASSERT_OK(driver_register(&drv));
	for (k = 1; k <= WALK_MAX; k++) {
		static struct device dev;

		memset(&dev, 0, sizeof(dev));
		strcpy(dev.bus_id, "walkdev");
		dev.bus = &walk_bus;
		dev.release = count_release;
		released = 0;
		ARM(k);
		error = device_register(&dev);
		DISARM();
		fired = FIRED();
		if (error) {
			ASSERT(fired);
			ASSERT(error < 0);
			ASSERT(!tree_exists("/devices/walkdev"));
			ASSERT(!tree_exists("/bus/walkbus/devices/walkdev"));
			ASSERT(!tree_exists("/bus/walkbus/drivers/walkdrv/walkdev"));
			ASSERT(dev.driver == NULL);
			/* Nor is it left on the power-management list. */
			suspended = 0;
			ASSERT_OK(device_suspend(PM_SUSPEND_MEM));
			device_resume();
			ASSERT_EQ(suspended, 0);
			put_device(&dev);
			ASSERT_EQ(released, 1);
			continue;
		}
		/* Success, perhaps with a hotplug event dropped: all in place. */
		ASSERT(tree_exists("/devices/walkdev/power/state"));
		ASSERT(tree_exists("/bus/walkbus/devices/walkdev"));
		ASSERT(dev.driver == &drv);
		device_unregister(&dev);
		ASSERT_EQ(released, 1);
		if (!fired)
			break;
	}
	ASSERT(k <= WALK_MAX);
	printf("# walked %u allocations\n", k - 1);
	driver_unregister(&drv);
	bus_unregister(&walk_bus);
}

DEFINE_TEST(
	test_driver_register_fails_cleanly_at_every_allocation,
	.description =
		"driver_register with a device waiting on the bus: each failing allocation leaves no driver directory and the device unbound")
{
	static struct device dev = { .bus_id = "waiting", .release = count_release };
	unsigned int k;
	int error, fired;

	require_fault_injection();
	walk_bus.match = walk_match;
	ASSERT_OK(bus_register(&walk_bus));
	dev.bus = &walk_bus;
	ASSERT_OK(device_register(&dev));
	for (k = 1; k <= WALK_MAX; k++) {
		static struct device_driver drv;

		memset(&drv, 0, sizeof(drv));
		drv.name = "walkdrv";
		drv.bus = &walk_bus;
		drv.probe = probe_ok;
		ARM(k);
		error = driver_register(&drv);
		DISARM();
		fired = FIRED();
		if (error) {
			ASSERT(fired);
			ASSERT(error < 0);
			ASSERT(!tree_exists("/bus/walkbus/drivers/walkdrv"));
			ASSERT(dev.driver == NULL);
			ASSERT(driver_find("walkdrv", &walk_bus) == NULL);
			continue;
		}
		ASSERT(tree_exists("/bus/walkbus/drivers/walkdrv/bind"));
		ASSERT(dev.driver == &drv);
		driver_unregister(&drv);
		ASSERT(dev.driver == NULL);
		if (!fired)
			break;
	}
	ASSERT(k <= WALK_MAX);
	printf("# walked %u allocations\n", k - 1);
	device_unregister(&dev);
	bus_unregister(&walk_bus);
}

static int cdev_released;

static void cdev_release(struct class_device *cd)
{
	(void)cd;
	cdev_released++;
}

DEFINE_TEST(
	test_class_device_register_fails_cleanly_at_every_allocation,
	.description =
		"class_device_register with a device link and class attributes: each failing allocation leaves nothing under /class and one release")
{
	static struct class_device_attribute cattrs[] = {
		__ATTR(one, 0444, NULL, NULL),
		__ATTR_NULL,
	};
	static struct class cls = { .name = "walkclass", .release = cdev_release };
	static struct device dev = { .bus_id = "owner", .release = count_release };
	unsigned int k;
	int error, fired;

	require_fault_injection();
	cls.class_dev_attrs = cattrs;
	ASSERT_OK(class_register(&cls));
	ASSERT_OK(device_register(&dev));
	for (k = 1; k <= WALK_MAX; k++) {
		static struct class_device cd;

		memset(&cd, 0, sizeof(cd));
		cd.class = &cls;
		cd.dev = &dev;
		strcpy(cd.class_id, "walkcd");
		cdev_released = 0;
		ARM(k);
		error = class_device_register(&cd);
		DISARM();
		fired = FIRED();
		if (error) {
			ASSERT(fired);
			ASSERT(error < 0);
			ASSERT(!tree_exists("/class/walkclass/walkcd"));
			class_device_put(&cd);
			ASSERT_EQ(cdev_released, 1);
			continue;
		}
		ASSERT(tree_exists("/class/walkclass/walkcd/one"));
		ASSERT(tree_exists("/class/walkclass/walkcd/device"));
		class_device_unregister(&cd);
		ASSERT_EQ(cdev_released, 1);
		if (!fired)
			break;
	}
	ASSERT(k <= WALK_MAX);
	printf("# walked %u allocations\n", k - 1);
	device_unregister(&dev);
	class_unregister(&cls);
}
