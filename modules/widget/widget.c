// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * widget.c - a platform driver that names the devices it drives in an
 * id_table: MODULE_DEVICE_TABLE(platform, ...) makes its aliases,
 * platform:widget and platform:gizmo, so that `ldmd --modules` loads it when
 * such a device is hotplugged (`ldm device add widget`), nobody loading it
 * by hand. Each device gets a "kind" attribute from its entry's data.
 */
#include <ldm/device.h>
#include <ldm/kernel.h>
#include <ldm/mod_devicetable.h>
#include <ldm/module.h>

static const char *const kinds[] = { "widget", "gizmo" };

static const struct platform_device_id widget_ids[] = {
	{ .name = "widget", .driver_data = 0 },
	{ .name = "gizmo", .driver_data = 1 },
	{},
};
MODULE_DEVICE_TABLE(platform, widget_ids);

static ssize_t kind_show(struct device *dev, char *buf)
{
	const struct platform_device_id *id = platform_get_device_id(to_platform_device(dev));

	return sprintf(buf, "%s\n", id ? kinds[id->driver_data] : "unknown");
}

static DEVICE_ATTR(kind, 0444, kind_show, NULL);

static int widget_probe(struct device *dev)
{
	dev_info(dev, "bound, a %s\n",
		 kinds[platform_get_device_id(to_platform_device(dev))->driver_data]);
	return device_create_file(dev, &dev_attr_kind);
}

static int widget_remove(struct device *dev)
{
	device_remove_file(dev, &dev_attr_kind);
	return 0;
}

static struct device_driver widget_driver = {
	.name = "widget",
	.bus = &platform_bus_type,
	.probe = widget_probe,
	.remove = widget_remove,
	.owner = THIS_MODULE,
	.id_table = widget_ids,
};

static int __init widget_init(void)
{
	return driver_register(&widget_driver);
}

static void __exit widget_exit(void)
{
	driver_unregister(&widget_driver);
}

module_init(widget_init);
module_exit(widget_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The ldm developers");
MODULE_DESCRIPTION("Widgets and gizmos: a platform id_table, loaded by its aliases");
