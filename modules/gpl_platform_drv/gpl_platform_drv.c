// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gpl_platform_drv.c - a GPL platform driver of 2.6.9, written against the
 * driver core directly: a struct device_driver on platform_bus_type
 * registered with driver_register(), a driver attribute, and device
 * attributes made when it binds. Every one of those calls is
 * EXPORT_SYMBOL_GPL; the module may use them because its license is GPL.
 */
#include <ldm/device.h>
#include <ldm/kernel.h>
#include <ldm/module.h>
#include <ldm/slab.h>

/**
 * DOC: how gpl_platform_drv.c works
 *
 * So that it has something to bind to, it also registers a platform device
 * of its own, "gpl_platform_drv0", then the driver, which the bus matches
 * by name:
 *
 *   /bus/platform/drivers/gpl_platform_drv/version     the driver's version
 *   /devices/platform/gpl_platform_drv0/value          an integer, 0644
 *   /devices/platform/gpl_platform_drv0/probed         how often probe() ran
 */

#define GPD_NAME    "gpl_platform_drv"
#define GPD_VERSION "1.0"

/* What the driver keeps per bound device, in its driver_data. */
struct gpd_state {
	long value;
};

static unsigned int probed;
static struct platform_device *gpd_pdev;

static ssize_t value_show(struct device *dev, char *buf)
{
	struct gpd_state *st = dev_get_drvdata(dev);

	return sprintf(buf, "%ld\n", st->value);
}

static ssize_t value_store(struct device *dev, const char *buf, size_t count)
{
	struct gpd_state *st = dev_get_drvdata(dev);
	char *end;
	long v = simple_strtol(buf, &end, 0);

	if (end == buf || (*end && *end != '\n'))
		return -EINVAL;
	st->value = v;
	return count;
}

static DEVICE_ATTR(value, 0644, value_show, value_store);

static ssize_t probed_show(struct device *dev, char *buf)
{
	(void)dev;
	return sprintf(buf, "%u\n", probed);
}

static DEVICE_ATTR(probed, 0444, probed_show, NULL);

static int gpd_probe(struct device *dev)
{
	struct gpd_state *st = kzalloc(sizeof(*st), GFP_KERNEL);
	int err;

	if (!st)
		return -ENOMEM;
	dev_set_drvdata(dev, st);
	err = device_create_file(dev, &dev_attr_value);
	if (err)
		goto err_free;
	err = device_create_file(dev, &dev_attr_probed);
	if (err)
		goto err_remove_value;
	probed++;
	dev_info(dev, "bound\n");
	return 0;

err_remove_value:
	device_remove_file(dev, &dev_attr_value);
err_free:
	dev_set_drvdata(dev, NULL);
	kfree(st);
	return err;
}

static int gpd_remove(struct device *dev)
{
	device_remove_file(dev, &dev_attr_probed);
	device_remove_file(dev, &dev_attr_value);
	kfree(dev_get_drvdata(dev));
	dev_set_drvdata(dev, NULL);
	return 0;
}

/* The platform bus calls each level in turn; say it once per cycle. */
static int gpd_suspend(struct device *dev, u32 state, u32 level)
{
	if (level == SUSPEND_POWER_DOWN)
		dev_info(dev, "suspended (state %u)\n", state);
	return 0;
}

static int gpd_resume(struct device *dev, u32 level)
{
	if (level == RESUME_POWER_ON)
		dev_info(dev, "resumed\n");
	return 0;
}

static struct device_driver gpd_driver = {
	.name = GPD_NAME,
	.bus = &platform_bus_type,
	.probe = gpd_probe,
	.remove = gpd_remove,
	.suspend = gpd_suspend,
	.resume = gpd_resume,
	.owner = THIS_MODULE,
};

static ssize_t version_show(struct device_driver *drv, char *buf)
{
	(void)drv;
	return sprintf(buf, "%s\n", GPD_VERSION);
}

static DRIVER_ATTR(version, 0444, version_show, NULL);

static int __init gpd_init(void)
{
	int err;

	gpd_pdev = platform_device_register_simple(GPD_NAME, 0, NULL, 0);
	if (IS_ERR(gpd_pdev))
		return (int)PTR_ERR(gpd_pdev);
	err = driver_register(&gpd_driver);
	if (err)
		goto err_unregister_device;
	err = driver_create_file(&gpd_driver, &driver_attr_version);
	if (err)
		goto err_unregister_driver;
	return 0;

err_unregister_driver:
	driver_unregister(&gpd_driver);
err_unregister_device:
	platform_device_unregister(gpd_pdev);
	return err;
}

static void __exit gpd_exit(void)
{
	driver_remove_file(&gpd_driver, &driver_attr_version);
	driver_unregister(&gpd_driver);
	platform_device_unregister(gpd_pdev);
}

module_init(gpd_init);
module_exit(gpd_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The ldm developers");
MODULE_DESCRIPTION("A GPL platform driver on the driver core, with attributes");
