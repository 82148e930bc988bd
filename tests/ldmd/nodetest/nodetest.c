// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nodetest.c - class devices with device numbers, registered as the
 * drivers of 2.6.9 register them, for the tests of node names and of
 * MAJOR, MINOR and DEVNAME:
 *
 *   input/event0, input/mice  class_simple devices of the class "input",
 *                             major 13, as evdev and mousedev make them;
 *                             event0 answers evdev's EVIOCGVERSION,
 *                             EVIOCGID, EVIOCGNAME and EVIOCGBIT(0);
 *                             /proc/bus/input/devices lists it, as
 *                             2.6.9's input core does
 *   i2c-0                     a class device of its own class "i2c-dev",
 *                             registered with class_device_register() and
 *                             given a "dev" attribute of its own
 *                             afterwards, as 2.6.9's i2c-dev does
 */
#include <ldm/device.h>
#include <ldm/fs.h>
#include <ldm/kdev_t.h>
#include <ldm/kernel.h>
#include <ldm/module.h>
#include <ldm/proc_fs.h>
#include <ldm/string.h>
#include <ldm/uaccess.h>

#define INPUT_MAJOR 13
#define EVDEV_MINOR 64
#define MICE_MINOR  63
#define I2C_MAJOR   89

/* evdev's ioctls, as <linux/input.h> encodes them. */
#define EV_VERSION	   0x010000
#define EVIOCGVERSION	   _IOR('E', 0x01, int)
#define EVIOCGID	   _IOR('E', 0x02, struct input_id)
#define EVIOCGNAME(len)	   _IOC(_IOC_READ, 'E', 0x06, len)
#define EVIOCGBIT(ev, len) _IOC(_IOC_READ, 'E', 0x20 + (ev), len)

struct input_id {
	unsigned short bustype, vendor, product, version;
};

static const char evdev_name[] = "ldm nodetest keys";

static int ev_ioctl(struct inode *inode, struct file *file, unsigned int cmd, unsigned long arg)
{
	struct input_id id = { .bustype = 0x19, .vendor = 0x1, .product = 0x2, .version = 0x100 };
	void __user *p = (void __user *)arg;
	unsigned long bits = 1UL << 1; /* EV_KEY */
	unsigned int len = _IOC_SIZE(cmd);
	int version = EV_VERSION;

	(void)inode, (void)file;
	if (cmd == EVIOCGVERSION)
		return copy_to_user(p, &version, sizeof(version)) ? -EFAULT : 0;
	if (cmd == EVIOCGID)
		return copy_to_user(p, &id, sizeof(id)) ? -EFAULT : 0;
	if (_IOC_TYPE(cmd) != 'E' || _IOC_DIR(cmd) != _IOC_READ)
		return -EINVAL;
	if (_IOC_NR(cmd) == 0x06) {
		len = min_t(unsigned int, len, sizeof(evdev_name));
		return copy_to_user(p, evdev_name, len) ? -EFAULT : (int)len;
	}
	if (_IOC_NR(cmd) == 0x20) {
		len = min_t(unsigned int, len, sizeof(bits));
		return copy_to_user(p, &bits, len) ? -EFAULT : (int)len;
	}
	return -EINVAL;
}

static ssize_t ev_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	(void)file, (void)buf, (void)count, (void)ppos;
	return -EAGAIN;
}

static const struct file_operations input_fops = {
	.owner = THIS_MODULE,
	.read = ev_read,
	.ioctl = ev_ioctl,
};

static const struct file_operations i2c_fops = {
	.owner = THIS_MODULE,
};

static struct class_simple *input_class;
static struct proc_dir_entry *proc_bus_input;

/* /proc/bus/input/devices, in 2.6.9's form, for the one device. */
static int devices_read(char *page, char **start, off_t off, int count, int *eof, void *data)
{
	int len = sprintf(page,
			  "I: Bus=0019 Vendor=0001 Product=0002 Version=0100\n"
			  "N: Name=\"%s\"\n"
			  "P: Phys=ldm/nodetest\n"
			  "H: Handlers=event0\n"
			  "B: EV=2\n\n",
			  evdev_name);

	(void)data;
	if (off >= len) {
		*eof = 1;
		return 0;
	}
	*start = page + off;
	len -= (int)off;
	if (len > count)
		len = count;
	else
		*eof = 1;
	return len;
}

static void i2c_dev_release(struct class_device *class_dev)
{
	(void)class_dev;
}

static struct class i2c_dev_class = {
	.name = "i2c-dev",
	.release = i2c_dev_release,
};

static struct class_device i2c_class_dev;

static ssize_t show_dev(struct class_device *class_dev, char *buf)
{
	(void)class_dev;
	return print_dev_t(buf, MKDEV(I2C_MAJOR, 0));
}
static CLASS_DEVICE_ATTR(dev, 0444, show_dev, NULL);

static int __init nodetest_init(void)
{
	int error;

	error = register_chrdev(INPUT_MAJOR, "input", &input_fops);
	if (error)
		return error;
	error = register_chrdev(I2C_MAJOR, "i2c", &i2c_fops);
	if (error)
		goto err_input;
	input_class = class_simple_create(THIS_MODULE, "input");
	error = IS_ERR(input_class) ? PTR_ERR(input_class) : 0;
	if (error)
		goto err_i2c;
	class_simple_device_add(input_class, MKDEV(INPUT_MAJOR, EVDEV_MINOR), NULL, "event0");
	class_simple_device_add(input_class, MKDEV(INPUT_MAJOR, MICE_MINOR), NULL, "mice");
	error = class_register(&i2c_dev_class);
	if (error)
		goto err_class;
	i2c_class_dev.class = &i2c_dev_class;
	strlcpy(i2c_class_dev.class_id, "i2c-0", BUS_ID_SIZE);
	error = class_device_register(&i2c_class_dev);
	if (error)
		goto err_i2c_class;
	class_device_create_file(&i2c_class_dev, &class_device_attr_dev);
	proc_bus_input = proc_mkdir("input", proc_bus);
	if (proc_bus_input)
		create_proc_read_entry("devices", 0, proc_bus_input, devices_read, NULL);
	return 0;

err_i2c_class:
	class_unregister(&i2c_dev_class);
err_class:
	class_simple_device_remove(MKDEV(INPUT_MAJOR, MICE_MINOR));
	class_simple_device_remove(MKDEV(INPUT_MAJOR, EVDEV_MINOR));
	class_simple_destroy(input_class);
err_i2c:
	unregister_chrdev(I2C_MAJOR, "i2c");
err_input:
	unregister_chrdev(INPUT_MAJOR, "input");
	return error;
}

static void __exit nodetest_exit(void)
{
	if (proc_bus_input) {
		remove_proc_entry("devices", proc_bus_input);
		remove_proc_entry("input", proc_bus);
	}
	class_device_remove_file(&i2c_class_dev, &class_device_attr_dev);
	class_device_unregister(&i2c_class_dev);
	class_unregister(&i2c_dev_class);
	class_simple_device_remove(MKDEV(INPUT_MAJOR, MICE_MINOR));
	class_simple_device_remove(MKDEV(INPUT_MAJOR, EVDEV_MINOR));
	class_simple_destroy(input_class);
	unregister_chrdev(I2C_MAJOR, "i2c");
	unregister_chrdev(INPUT_MAJOR, "input");
}

module_init(nodetest_init);
module_exit(nodetest_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("class devices with numbers, for the tests of node names");
