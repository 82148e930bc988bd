// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * demo_sensor.c - a platform driver for a device the board describes
 * (boards/demo.dts, docs/boards.md), written as a modern Linux driver is:
 * it matches the node's "compatible" through an of_match_table, reads the
 * node's properties in probe, and shows them as device attributes (the
 * note below).
 */
#include <ldm/device.h>
#include <ldm/jiffies.h>
#include <ldm/kernel.h>
#include <ldm/module.h>
#include <ldm/mutex.h>
#include <ldm/of_device.h>
#include <ldm/slab.h>

/**
 * DOC: how demo_sensor.c works
 *
 *   /devices/platform/soc/10001000.sensor/sample_rate   0644, from sample-rate-hz
 *   /devices/platform/soc/10001000.sensor/label         0444, from label
 *   /devices/platform/soc/10001000.sensor/unit          0444, the match table's data
 *   /devices/platform/soc/10001000.sensor/value         0444, a reading that moves
 *
 * There is no hardware behind it: value is a temperature in the unit
 * shown, a triangle wave between 25.000 and 26.000 degrees that takes one
 * step per sample, so it changes sample_rate times a second.
 */

#define DS_NAME		"demo_sensor"
#define DS_DEFAULT_RATE 10    /* Hz, without sample-rate-hz */
#define DS_MAX_RATE	HZ    /* one sample per tick at most */
#define DS_BASE		25000 /* millicelsius */
#define DS_STEPS	100   /* up, then as many down */
#define DS_STEP		10

struct ds_state {
	struct mutex lock; /* rate and epoch change together */
	u32 rate;
	u64 epoch;	   /* jiffies of the last rate change */
	u64 base_samples;  /* samples taken before it */
	const char *label; /* in the node: lives as long as the device */
};

static u64 ds_samples(struct ds_state *st)
{
	return st->base_samples + (get_jiffies_64() - st->epoch) * st->rate / HZ;
}

static ssize_t sample_rate_show(struct device *dev, char *buf)
{
	struct ds_state *st = dev_get_drvdata(dev);
	u32 rate;

	mutex_lock(&st->lock);
	rate = st->rate;
	mutex_unlock(&st->lock);
	return sprintf(buf, "%u\n", rate);
}

static ssize_t sample_rate_store(struct device *dev, const char *buf, size_t count)
{
	struct ds_state *st = dev_get_drvdata(dev);
	char *end;
	unsigned long rate = simple_strtoul(buf, &end, 10);

	if (end == buf || (*end && *end != '\n') || !rate || rate > DS_MAX_RATE)
		return -EINVAL;
	mutex_lock(&st->lock);
	st->base_samples = ds_samples(st);
	st->epoch = get_jiffies_64();
	st->rate = (u32)rate;
	mutex_unlock(&st->lock);
	return count;
}

static DEVICE_ATTR(sample_rate, 0644, sample_rate_show, sample_rate_store);

static ssize_t label_show(struct device *dev, char *buf)
{
	struct ds_state *st = dev_get_drvdata(dev);

	return sprintf(buf, "%s\n", st->label);
}

static DEVICE_ATTR(label, 0444, label_show, NULL);

static ssize_t unit_show(struct device *dev, char *buf)
{
	const char *unit = of_device_get_match_data(dev);

	return sprintf(buf, "%s\n", unit ? unit : "unknown");
}

static DEVICE_ATTR(unit, 0444, unit_show, NULL);

static ssize_t value_show(struct device *dev, char *buf)
{
	struct ds_state *st = dev_get_drvdata(dev);
	u64 phase;

	mutex_lock(&st->lock);
	phase = ds_samples(st) % (2 * DS_STEPS);
	mutex_unlock(&st->lock);
	if (phase > DS_STEPS)
		phase = 2 * DS_STEPS - phase;
	return sprintf(buf, "%u\n", DS_BASE + (unsigned int)phase * DS_STEP);
}

static DEVICE_ATTR(value, 0444, value_show, NULL);

static struct device_attribute *ds_attrs[] = {
	&dev_attr_sample_rate,
	&dev_attr_label,
	&dev_attr_unit,
	&dev_attr_value,
};

static int ds_probe(struct device *dev)
{
	struct ds_state *st;
	int err;
	unsigned int i;

	st = kzalloc(sizeof(*st), GFP_KERNEL);
	if (!st)
		return -ENOMEM;
	mutex_init(&st->lock);
	/* The properties the binding gives defaults for may be left out. */
	if (of_property_read_u32(dev->of_node, "sample-rate-hz", &st->rate))
		st->rate = DS_DEFAULT_RATE;
	if (!st->rate || st->rate > DS_MAX_RATE) {
		dev_err(dev, "sample-rate-hz %u is not within 1 to %u\n", st->rate, DS_MAX_RATE);
		err = -EINVAL;
		goto err_free;
	}
	if (of_property_read_string(dev->of_node, "label", &st->label))
		st->label = dev->bus_id;
	st->epoch = get_jiffies_64();
	dev_set_drvdata(dev, st);
	for (i = 0; i < ARRAY_SIZE(ds_attrs); i++) {
		err = device_create_file(dev, ds_attrs[i]);
		if (err)
			goto err_remove;
	}
	dev_info(dev, "%s at %u Hz\n", st->label, st->rate);
	return 0;

err_remove:
	while (i-- > 0)
		device_remove_file(dev, ds_attrs[i]);
	dev_set_drvdata(dev, NULL);
err_free:
	kfree(st);
	return err;
}

static int ds_remove(struct device *dev)
{
	unsigned int i = ARRAY_SIZE(ds_attrs);

	while (i-- > 0)
		device_remove_file(dev, ds_attrs[i]);
	kfree(dev_get_drvdata(dev));
	dev_set_drvdata(dev, NULL);
	return 0;
}

static const struct of_device_id ds_of_match[] = {
	{ .compatible = "ldm,demo-sensor", .data = "millicelsius" }, {}
};
/* Its alias, of:N*T*Cldm,demo-sensor, lets ldmd --modules load it for the node. */
MODULE_DEVICE_TABLE(of, ds_of_match);

static struct device_driver ds_driver = {
	.name = DS_NAME,
	.bus = &platform_bus_type,
	.probe = ds_probe,
	.remove = ds_remove,
	.owner = THIS_MODULE,
	.of_match_table = ds_of_match,
};

static int __init ds_init(void)
{
	return driver_register(&ds_driver);
}

static void __exit ds_exit(void)
{
	driver_unregister(&ds_driver);
}

module_init(ds_init);
module_exit(ds_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The ldm developers");
MODULE_DESCRIPTION("The demo board's sensor: an of_match_table and node properties");
