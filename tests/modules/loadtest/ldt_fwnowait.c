// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldt_fwnowait.c - a module whose init asks for a firmware image it will
 * not get with request_firmware_nowait(), for a device of its own: the
 * request must hold the module until the callback has run (2.6.9's
 * firmware sample driver races its unload this way).
 */
#include <ldm/device.h>
#include <ldm/firmware.h>
#include <ldm/kernel.h>
#include <ldm/module.h>

static struct platform_device *ldt_fw_dev;

static void ldt_fwnowait_cont(const struct firmware *fw, void *context)
{
	(void)context;
	printk(KERN_INFO "ldt_fwnowait: callback ran, firmware %s\n", fw ? "loaded" : "missing");
}

static int __init ldt_fwnowait_init(void)
{
	int error;

	ldt_fw_dev = platform_device_register_simple("ldt_fw", 0, NULL, 0);
	if (IS_ERR(ldt_fw_dev))
		return PTR_ERR(ldt_fw_dev);
	error = request_firmware_nowait(THIS_MODULE, "ldt-fw-none.bin", &ldt_fw_dev->dev, NULL,
					ldt_fwnowait_cont);
	if (error)
		platform_device_unregister(ldt_fw_dev);
	return error;
}

static void __exit ldt_fwnowait_exit(void)
{
	platform_device_unregister(ldt_fw_dev);
}

module_init(ldt_fwnowait_init);
module_exit(ldt_fwnowait_exit);
MODULE_LICENSE("GPL");
