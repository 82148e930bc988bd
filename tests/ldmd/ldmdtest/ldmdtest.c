// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldmdtest.c - the module the ldmd tests look at through the mount (what
 * it offers: the note below).
 */
#include <ldm/device.h>
#include <ldm/err.h>
#include <ldm/firmware.h>
#include <ldm/kernel.h>
#include <ldm/module.h>
#include <ldm/string.h>
#include <ldm/sysfs.h>

/**
 * DOC: how ldmdtest.c works
 *
 *   /devices/platform/ldmdtest          a platform device bound to its
 *                                       driver, so /bus/platform has links
 *   /devices/platform/ldmdtest/blob     a binary attribute of 6000 bytes,
 *                                       read and written at offsets
 *   /devices/platform/ldmdtest/secret   0600: root only
 *   /devices/platform/ldmdtest/ticks    counts the show() calls: a read
 *                                       served from a cache shows
 *   /devices/platform/ldmdtest/stores   counts the store() calls and the
 *                                       length of the last one
 *   /devices/platform/ldmdtest/fw_size  with firmware=NAME, the size of
 *                                       the image that init requested
 *
 * With firmware=NAME, init waits in request_firmware() until userspace
 * answers through /class/firmware/ldmdtest/{loading,data}: only a mount
 * served before the module loads can.
 */

static char *firmware;
module_param(firmware, charp, 0444);
MODULE_PARM_DESC(firmware, "an image to request at load");

#define BLOB_SIZE 6000

static struct platform_device *pdev;
static size_t fw_size;
static u8 blob[BLOB_SIZE];

/* sysfs keeps @off and @count within BLOB_SIZE. */
static ssize_t blob_read(struct kobject *kobj, char *buf, loff_t off, size_t count)
{
	(void)kobj;
	memcpy(buf, blob + off, count);
	return (ssize_t)count;
}

static ssize_t blob_write(struct kobject *kobj, char *buf, loff_t off, size_t count)
{
	(void)kobj;
	memcpy(blob + off, buf, count);
	return (ssize_t)count;
}

static struct bin_attribute blob_attr = {
	.attr = { .name = "blob", .mode = 0644, .owner = THIS_MODULE },
	.size = BLOB_SIZE,
	.read = blob_read,
	.write = blob_write,
};

static ssize_t secret_show(struct device *dev, char *buf)
{
	(void)dev;
	return sprintf(buf, "hidden\n");
}
static DEVICE_ATTR(secret, 0600, secret_show, NULL);

static unsigned long ticks, stores, last_store;

static ssize_t ticks_show(struct device *dev, char *buf)
{
	(void)dev;
	return sprintf(buf, "%lu\n", __atomic_add_fetch(&ticks, 1, __ATOMIC_RELAXED));
}
static DEVICE_ATTR(ticks, 0444, ticks_show, NULL);

static ssize_t stores_show(struct device *dev, char *buf)
{
	(void)dev;
	return sprintf(buf, "%lu %lu\n", __atomic_load_n(&stores, __ATOMIC_RELAXED),
		       __atomic_load_n(&last_store, __ATOMIC_RELAXED));
}

/* Each store changes what stores shows: its pollers are told. */
static ssize_t stores_store(struct device *dev, const char *buf, size_t count)
{
	(void)buf;
	__atomic_store_n(&last_store, count, __ATOMIC_RELAXED);
	__atomic_add_fetch(&stores, 1, __ATOMIC_RELAXED);
	sysfs_notify(&dev->kobj, NULL, "stores");
	return (ssize_t)count;
}
static DEVICE_ATTR(stores, 0644, stores_show, stores_store);

static ssize_t fw_size_show(struct device *dev, char *buf)
{
	(void)dev;
	return sprintf(buf, "%lu\n", (unsigned long)fw_size);
}
static DEVICE_ATTR(fw_size, 0444, fw_size_show, NULL);

/*
 * stable/ declares LDM_ATTR_STABLE: the mount may serve it from the page
 * cache. stable_shows counts its show() calls; a write to stable sets it
 * (through its store), a write to poke changes it behind its back and says
 * so with sysfs_notify().
 */
static unsigned long stable_value = 7, stable_shows;

static ssize_t stable_show(struct device *dev, char *buf)
{
	(void)dev;
	__atomic_add_fetch(&stable_shows, 1, __ATOMIC_RELAXED);
	return sprintf(buf, "%lu\n", __atomic_load_n(&stable_value, __ATOMIC_RELAXED));
}

static ssize_t stable_store(struct device *dev, const char *buf, size_t count)
{
	(void)dev;
	__atomic_store_n(&stable_value, simple_strtoul(buf, NULL, 10), __ATOMIC_RELAXED);
	return (ssize_t)count;
}

static struct device_attribute dev_attr_stable = {
	.attr = { .name = "stable",
		  .mode = 0644,
		  .owner = THIS_MODULE,
		  .ldm_flags = LDM_ATTR_STABLE },
	.show = stable_show,
	.store = stable_store,
};

static ssize_t stable_shows_show(struct device *dev, char *buf)
{
	(void)dev;
	return sprintf(buf, "%lu\n", __atomic_load_n(&stable_shows, __ATOMIC_RELAXED));
}
static DEVICE_ATTR(stable_shows, 0444, stable_shows_show, NULL);

static ssize_t poke_store(struct device *dev, const char *buf, size_t count)
{
	(void)buf;
	__atomic_add_fetch(&stable_value, 1, __ATOMIC_RELAXED);
	sysfs_notify(&dev->kobj, "cached", "stable");
	return (ssize_t)count;
}
static DEVICE_ATTR(poke, 0200, NULL, poke_store);

static struct attribute *cached_attrs[] = {
	&dev_attr_stable.attr,
	&dev_attr_stable_shows.attr,
	&dev_attr_poke.attr,
	NULL,
};

static struct attribute_group cached_group = {
	.name = "cached",
	.attrs = cached_attrs,
};

static int ldmdtest_probe(struct device *dev)
{
	(void)dev;
	return 0;
}

static struct device_driver ldmdtest_driver = {
	.name = "ldmdtest",
	.bus = &platform_bus_type,
	.probe = ldmdtest_probe,
};

static void request_image(void)
{
	const struct firmware *fw;
	int error;

	error = request_firmware(&fw, firmware, &pdev->dev);
	if (error) {
		printk(KERN_WARNING "ldmdtest: firmware %s: error %d\n", firmware, error);
		return;
	}
	fw_size = fw->size;
	release_firmware(fw);
}

static int __init ldmdtest_init(void)
{
	int i, error;

	for (i = 0; i < BLOB_SIZE; i++)
		blob[i] = (u8)(i * 7);
	error = driver_register(&ldmdtest_driver);
	if (error)
		return error;
	pdev = platform_device_register_simple("ldmdtest", -1, NULL, 0);
	if (IS_ERR(pdev)) {
		error = (int)PTR_ERR(pdev);
		goto err_driver;
	}
	error = device_create_file(&pdev->dev, &dev_attr_secret);
	if (error)
		goto err_device;
	error = device_create_file(&pdev->dev, &dev_attr_ticks);
	if (error)
		goto err_secret;
	error = device_create_file(&pdev->dev, &dev_attr_stores);
	if (error)
		goto err_ticks;
	error = sysfs_create_bin_file(&pdev->dev.kobj, &blob_attr);
	if (error)
		goto err_stores;
	if (firmware)
		request_image();
	error = device_create_file(&pdev->dev, &dev_attr_fw_size);
	if (error)
		goto err_blob;
	error = sysfs_create_group(&pdev->dev.kobj, &cached_group);
	if (error)
		goto err_fw_size;
	return 0;

err_fw_size:
	device_remove_file(&pdev->dev, &dev_attr_fw_size);
err_blob:
	sysfs_remove_bin_file(&pdev->dev.kobj, &blob_attr);
err_stores:
	device_remove_file(&pdev->dev, &dev_attr_stores);
err_ticks:
	device_remove_file(&pdev->dev, &dev_attr_ticks);
err_secret:
	device_remove_file(&pdev->dev, &dev_attr_secret);
err_device:
	platform_device_unregister(pdev);
err_driver:
	driver_unregister(&ldmdtest_driver);
	return error;
}

static void __exit ldmdtest_exit(void)
{
	sysfs_remove_group(&pdev->dev.kobj, &cached_group);
	device_remove_file(&pdev->dev, &dev_attr_fw_size);
	sysfs_remove_bin_file(&pdev->dev.kobj, &blob_attr);
	device_remove_file(&pdev->dev, &dev_attr_stores);
	device_remove_file(&pdev->dev, &dev_attr_ticks);
	device_remove_file(&pdev->dev, &dev_attr_secret);
	platform_device_unregister(pdev);
	driver_unregister(&ldmdtest_driver);
}

module_init(ldmdtest_init);
module_exit(ldmdtest_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("What the ldmd tests look at through the mount");
