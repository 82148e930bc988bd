// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * init_fails.c - a module whose init fails after it has registered things,
 * and unwinds them, in reverse order, with goto labels named after what
 * they undo (the note below lists its steps).
 */
#include <ldm/device.h>
#include <ldm/fs.h>
#include <ldm/kernel.h>
#include <ldm/miscdevice.h>
#include <ldm/module.h>

/**
 * DOC: how init_fails.c works
 *
 *   1. a platform device, /devices/platform/init_fails0
 *   2. a file on it, /devices/platform/init_fails0/stage
 *   3. a driver, /bus/platform/drivers/init_fails, which binds to the device
 *   4. a file on the driver, /bus/platform/drivers/init_fails/note
 *   5. a misc device, /class/misc/init_fails
 *
 * then gives up with -EIO after @fail_after steps (all five by default,
 * and always after the fifth), undoing what it did.
 * The loader then removes the module itself (its exports, among them
 * init_fails_marker(), its /module/init_fails, its mapping): after the
 * failed load nothing of it is left.
 */

static int fail_after = 5;
module_param(fail_after, int, 0444);
MODULE_PARM_DESC(fail_after, "how many of the five steps to take before failing (0-5)");

static struct platform_device *if_pdev;
static int bound;

/* Exported, to show that a failed load takes its exports away too. */
int init_fails_marker(void)
{
	return fail_after;
}
EXPORT_SYMBOL(init_fails_marker);

static ssize_t stage_show(struct device *dev, char *buf)
{
	(void)dev;
	return sprintf(buf, "%d\n", fail_after);
}

static DEVICE_ATTR(stage, 0444, stage_show, NULL);

static int if_probe(struct device *dev)
{
	(void)dev;
	bound++;
	return 0;
}

static int if_remove(struct device *dev)
{
	(void)dev;
	bound--;
	return 0;
}

static struct device_driver if_driver = {
	.name = "init_fails",
	.bus = &platform_bus_type,
	.probe = if_probe,
	.remove = if_remove,
	.owner = THIS_MODULE,
};

static ssize_t note_show(struct device_driver *drv, char *buf)
{
	(void)drv;
	return sprintf(buf, "this driver's module fails its init\n");
}

static DRIVER_ATTR(note, 0444, note_show, NULL);

static const struct file_operations if_fops = {
	.owner = THIS_MODULE,
};

static struct miscdevice if_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "init_fails",
	.fops = &if_fops,
};

/* -EIO once @done steps are taken and @fail_after says stop (always at 5). */
static int give_up(int done)
{
	if (done < fail_after && done < 5)
		return 0;
	printk(KERN_ERR "init_fails: giving up after %d of 5 steps (bound: %d)\n", done, bound);
	return -EIO;
}

static int __init init_fails_init(void)
{
	int err;

	err = give_up(0);
	if (err)
		return err;

	if_pdev = platform_device_register_simple("init_fails", 0, NULL, 0);
	if (IS_ERR(if_pdev))
		return (int)PTR_ERR(if_pdev);
	err = give_up(1);
	if (err)
		goto err_unregister_device;

	err = device_create_file(&if_pdev->dev, &dev_attr_stage);
	if (err)
		goto err_unregister_device;
	err = give_up(2);
	if (err)
		goto err_remove_stage;

	err = driver_register(&if_driver);
	if (err)
		goto err_remove_stage;
	err = give_up(3);
	if (err)
		goto err_unregister_driver;

	err = driver_create_file(&if_driver, &driver_attr_note);
	if (err)
		goto err_unregister_driver;
	err = give_up(4);
	if (err)
		goto err_remove_note;

	err = misc_register(&if_misc);
	if (err)
		goto err_remove_note;
	err = give_up(5);

	misc_deregister(&if_misc);
err_remove_note:
	driver_remove_file(&if_driver, &driver_attr_note);
err_unregister_driver:
	driver_unregister(&if_driver);
err_remove_stage:
	device_remove_file(&if_pdev->dev, &dev_attr_stage);
err_unregister_device:
	platform_device_unregister(if_pdev);
	return err;
}

static void __exit init_fails_exit(void)
{
	/* Never called: the module never finishes loading. */
}

module_init(init_fails_init);
module_exit(init_fails_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The ldm developers");
MODULE_DESCRIPTION("Fails its init after registering a device, files, a driver, a misc device");
