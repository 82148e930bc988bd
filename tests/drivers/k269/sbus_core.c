// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sbus_core.c - the core of the i2c-style test bus, written as 2.6.9's
 * i2c-core.c and i2c-dev.c are: a bus type for clients, adapters numbered
 * with an idr and shown in the class "sbus-adapter", drivers that attach
 * to every adapter, /proc/bus/sbus, and a char major whose nodes
 * "sbus-<n>" (class_simple "sbus-dev") take ioctls with a value
 * (SBUS_SLAVE), a pointer written to (SBUS_FUNCS) and a structure of
 * pointers to the caller's buffers (SBUS_RDWR).
 */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/init.h>
#include <linux/idr.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/proc_fs.h>
#include <linux/smp_lock.h>
#include <linux/devfs_fs_kernel.h>
#include <linux/sbus.h>
#include <asm/uaccess.h>

static LIST_HEAD(adapters);
static LIST_HEAD(drivers);
static DECLARE_MUTEX(core_lists);
static DEFINE_IDR(sbus_adapter_idr);
static int sbus_major;
static struct class_simple *sbus_dev_class;

static int sbus_device_match(struct device *dev, struct device_driver *drv)
{
	return 1;
}

struct bus_type sbus_bus_type = {
	.name = "sbus",
	.match = sbus_device_match,
};
EXPORT_SYMBOL(sbus_bus_type);

static void sbus_adapter_dev_release(struct device *dev)
{
	struct sbus_adapter *adap = container_of(dev, struct sbus_adapter, dev);

	complete(&adap->dev_released);
}

static void sbus_adapter_class_dev_release(struct class_device *dev)
{
	struct sbus_adapter *adap = container_of(dev, struct sbus_adapter, class_dev);

	complete(&adap->class_dev_released);
}

static struct class sbus_adapter_class = {
	.name = "sbus-adapter",
	.release = sbus_adapter_class_dev_release,
};

static ssize_t show_adapter_name(struct device *dev, char *buf)
{
	struct sbus_adapter *adap = container_of(dev, struct sbus_adapter, dev);

	return sprintf(buf, "%s\n", adap->name);
}
static DEVICE_ATTR(name, S_IRUGO, show_adapter_name, NULL);

static ssize_t show_client_name(struct device *dev, char *buf)
{
	struct sbus_client *client = container_of(dev, struct sbus_client, dev);

	return sprintf(buf, "%s\n", client->name);
}
static struct device_attribute dev_attr_client_name = __ATTR(name, S_IRUGO, show_client_name, NULL);

int sbus_transfer(struct sbus_adapter *adap, struct sbus_msg *msgs, int num)
{
	int ret;

	if (!adap->xfer)
		return -ENOSYS;
	down(&adap->bus_lock);
	ret = adap->xfer(adap, msgs, num);
	up(&adap->bus_lock);
	return ret;
}
EXPORT_SYMBOL(sbus_transfer);

int sbus_add_adapter(struct sbus_adapter *adap)
{
	struct sbus_driver *driver;
	int id, res;

	down(&core_lists);
	if (idr_pre_get(&sbus_adapter_idr, GFP_KERNEL) == 0) {
		res = -ENOMEM;
		goto out_unlock;
	}
	res = idr_get_new(&sbus_adapter_idr, NULL, &id);
	if (res < 0) {
		if (res == -EAGAIN)
			res = -ENOMEM;
		goto out_unlock;
	}
	adap->nr = id & MAX_ID_MASK;
	init_MUTEX(&adap->bus_lock);
	INIT_LIST_HEAD(&adap->clients);
	list_add_tail(&adap->list, &adapters);

	adap->dev.parent = &platform_bus;
	sprintf(adap->dev.bus_id, "sbus-%d", adap->nr);
	adap->dev.release = sbus_adapter_dev_release;
	init_completion(&adap->dev_released);
	init_completion(&adap->class_dev_released);
	device_register(&adap->dev);
	device_create_file(&adap->dev, &dev_attr_name);

	memset(&adap->class_dev, 0, sizeof(adap->class_dev));
	adap->class_dev.dev = &adap->dev;
	adap->class_dev.class = &sbus_adapter_class;
	strlcpy(adap->class_dev.class_id, adap->dev.bus_id, BUS_ID_SIZE);
	class_device_register(&adap->class_dev);

	class_simple_device_add(sbus_dev_class, MKDEV(sbus_major, adap->nr), &adap->dev, "sbus-%d",
				adap->nr);
	devfs_mk_cdev(MKDEV(sbus_major, adap->nr), S_IFCHR | S_IRUSR | S_IWUSR, "sbus/%d",
		      adap->nr);
	printk(KERN_INFO "sbus: adapter %s registered as adapter %d\n", adap->name, adap->nr);

	list_for_each_entry(driver, &drivers, list)
		driver->attach_adapter(adap);
out_unlock:
	up(&core_lists);
	return res;
}
EXPORT_SYMBOL(sbus_add_adapter);

int sbus_del_adapter(struct sbus_adapter *adap)
{
	struct sbus_client *client, *next;

	down(&core_lists);
	list_for_each_entry_safe(client, next, &adap->clients, list)
		client->driver->detach_client(client);
	devfs_remove("sbus/%d", adap->nr);
	class_simple_device_remove(MKDEV(sbus_major, adap->nr));
	init_completion(&adap->dev_released);
	init_completion(&adap->class_dev_released);
	class_device_unregister(&adap->class_dev);
	device_remove_file(&adap->dev, &dev_attr_name);
	device_unregister(&adap->dev);
	list_del(&adap->list);
	wait_for_completion(&adap->dev_released);
	wait_for_completion(&adap->class_dev_released);
	idr_remove(&sbus_adapter_idr, adap->nr);
	up(&core_lists);
	return 0;
}
EXPORT_SYMBOL(sbus_del_adapter);

int sbus_add_driver(struct sbus_driver *driver)
{
	struct sbus_adapter *adap;
	int res;

	down(&core_lists);
	driver->driver.name = driver->name;
	driver->driver.bus = &sbus_bus_type;
	res = driver_register(&driver->driver);
	if (!res) {
		list_add_tail(&driver->list, &drivers);
		list_for_each_entry(adap, &adapters, list)
			driver->attach_adapter(adap);
	}
	up(&core_lists);
	return res;
}
EXPORT_SYMBOL(sbus_add_driver);

int sbus_del_driver(struct sbus_driver *driver)
{
	struct sbus_adapter *adap;
	struct sbus_client *client, *next;

	down(&core_lists);
	list_for_each_entry(adap, &adapters, list)
		list_for_each_entry_safe(client, next, &adap->clients, list)
			if (client->driver == driver)
				driver->detach_client(client);
	driver_unregister(&driver->driver);
	list_del(&driver->list);
	up(&core_lists);
	return 0;
}
EXPORT_SYMBOL(sbus_del_driver);

static void sbus_client_release(struct device *dev)
{
	struct sbus_client *client = container_of(dev, struct sbus_client, dev);

	complete(&client->released);
}

int sbus_attach_client(struct sbus_client *client)
{
	struct sbus_adapter *adap = client->adapter;

	list_add_tail(&client->list, &adap->clients);
	client->dev.parent = &adap->dev;
	client->dev.driver = &client->driver->driver;
	client->dev.bus = &sbus_bus_type;
	client->dev.release = sbus_client_release;
	snprintf(client->dev.bus_id, sizeof(client->dev.bus_id), "%d-%04x", adap->nr, client->addr);
	init_completion(&client->released);
	device_register(&client->dev);
	device_create_file(&client->dev, &dev_attr_client_name);
	return 0;
}
EXPORT_SYMBOL(sbus_attach_client);

int sbus_detach_client(struct sbus_client *client)
{
	device_remove_file(&client->dev, &dev_attr_client_name);
	device_unregister(&client->dev);
	wait_for_completion(&client->released);
	list_del(&client->list);
	return 0;
}
EXPORT_SYMBOL(sbus_detach_client);

/* /proc/bus/sbus: one line per adapter. */
static int sbus_proc_show(struct seq_file *m, void *v)
{
	struct sbus_adapter *adap;

	down(&core_lists);
	list_for_each_entry(adap, &adapters, list)
		seq_printf(m, "sbus-%d\t%-32s\n", adap->nr, adap->name);
	up(&core_lists);
	return 0;
}

static int sbus_proc_open(struct inode *inode, struct file *file)
{
	return single_open(file, sbus_proc_show, NULL);
}

static struct file_operations sbus_proc_fops = {
	.owner = THIS_MODULE,
	.open = sbus_proc_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

/* The /dev interface, as i2c-dev's. */
struct sbusdev_file {
	struct sbus_adapter *adap;
	unsigned short addr;
};

static struct sbus_adapter *sbus_get_adapter(int nr)
{
	struct sbus_adapter *adap;

	down(&core_lists);
	list_for_each_entry(adap, &adapters, list) {
		if (adap->nr == nr && try_module_get(adap->owner)) {
			up(&core_lists);
			return adap;
		}
	}
	up(&core_lists);
	return NULL;
}

static int sbusdev_open(struct inode *inode, struct file *file)
{
	struct sbusdev_file *f;
	struct sbus_adapter *adap = sbus_get_adapter(iminor(inode));

	if (!adap)
		return -ENODEV;
	f = kmalloc(sizeof(*f), GFP_KERNEL);
	if (!f) {
		module_put(adap->owner);
		return -ENOMEM;
	}
	f->adap = adap;
	f->addr = 0;
	file->private_data = f;
	return 0;
}

static int sbusdev_release(struct inode *inode, struct file *file)
{
	struct sbusdev_file *f = file->private_data;

	module_put(f->adap->owner);
	kfree(f);
	return 0;
}

static int sbusdev_rdwr(struct sbus_adapter *adap, unsigned long arg)
{
	struct sbus_rdwr_ioctl_data rdwr_arg;
	struct sbus_msg *rdwr_pa;
	u8 __user **data_ptrs;
	int i, res;

	if (copy_from_user(&rdwr_arg, (struct sbus_rdwr_ioctl_data __user *)arg, sizeof(rdwr_arg)))
		return -EFAULT;
	if (rdwr_arg.nmsgs > SBUS_RDWR_MAX_MSGS)
		return -EINVAL;
	rdwr_pa = kmalloc(rdwr_arg.nmsgs * sizeof(struct sbus_msg), GFP_KERNEL);
	if (!rdwr_pa)
		return -ENOMEM;
	if (copy_from_user(rdwr_pa, rdwr_arg.msgs, rdwr_arg.nmsgs * sizeof(struct sbus_msg))) {
		kfree(rdwr_pa);
		return -EFAULT;
	}
	data_ptrs = kmalloc(rdwr_arg.nmsgs * sizeof(u8 __user *), GFP_KERNEL);
	if (!data_ptrs) {
		kfree(rdwr_pa);
		return -ENOMEM;
	}
	res = 0;
	for (i = 0; i < rdwr_arg.nmsgs; i++) {
		/* The buffer's address is the caller's: copy what it holds. */
		data_ptrs[i] = (u8 __user *)rdwr_pa[i].buf;
		rdwr_pa[i].buf = kmalloc(rdwr_pa[i].len, GFP_KERNEL);
		if (!rdwr_pa[i].buf) {
			res = -ENOMEM;
			break;
		}
		if (copy_from_user(rdwr_pa[i].buf, data_ptrs[i], rdwr_pa[i].len)) {
			++i;
			res = -EFAULT;
			break;
		}
	}
	if (res < 0) {
		while (i-- > 0)
			kfree(rdwr_pa[i].buf);
		kfree(data_ptrs);
		kfree(rdwr_pa);
		return res;
	}
	res = sbus_transfer(adap, rdwr_pa, rdwr_arg.nmsgs);
	while (i-- > 0) {
		if (res >= 0 && (rdwr_pa[i].flags & SBUS_M_RD)) {
			if (copy_to_user(data_ptrs[i], rdwr_pa[i].buf, rdwr_pa[i].len))
				res = -EFAULT;
		}
		kfree(rdwr_pa[i].buf);
	}
	kfree(data_ptrs);
	kfree(rdwr_pa);
	return res;
}

static int sbusdev_ioctl(struct inode *inode, struct file *file, unsigned int cmd,
			 unsigned long arg)
{
	struct sbusdev_file *f = file->private_data;

	switch (cmd) {
	case SBUS_SLAVE:
		if (arg > 0x7f)
			return -EINVAL;
		f->addr = arg;
		return 0;
	case SBUS_FUNCS:
		return put_user(SBUS_FUNC_PLAIN, (unsigned long __user *)arg);
	case SBUS_RDWR:
		return sbusdev_rdwr(f->adap, arg);
	default:
		return -ENOTTY;
	}
}

static ssize_t sbusdev_read(struct file *file, char __user *buf, size_t count, loff_t *offset)
{
	struct sbusdev_file *f = file->private_data;
	struct sbus_msg msg;
	char *tmp;
	int ret;

	if (count > 8192)
		count = 8192;
	tmp = kmalloc(count, GFP_KERNEL);
	if (!tmp)
		return -ENOMEM;
	msg.addr = f->addr;
	msg.flags = SBUS_M_RD;
	msg.len = count;
	msg.buf = (u8 *)tmp;
	ret = sbus_transfer(f->adap, &msg, 1);
	if (ret >= 0)
		ret = copy_to_user(buf, tmp, count) ? -EFAULT : count;
	kfree(tmp);
	return ret;
}

static struct file_operations sbusdev_fops = {
	.owner = THIS_MODULE,
	.llseek = no_llseek,
	.read = sbusdev_read,
	.ioctl = sbusdev_ioctl,
	.open = sbusdev_open,
	.release = sbusdev_release,
};

static int __init sbus_init(void)
{
	struct proc_dir_entry *ent;
	int retval;

	retval = bus_register(&sbus_bus_type);
	if (retval)
		return retval;
	retval = class_register(&sbus_adapter_class);
	if (retval)
		goto out_bus;
	sbus_major = register_chrdev(0, "sbus", &sbusdev_fops);
	if (sbus_major < 0) {
		retval = sbus_major;
		goto out_class;
	}
	sbus_dev_class = class_simple_create(THIS_MODULE, "sbus-dev");
	if (IS_ERR(sbus_dev_class)) {
		retval = PTR_ERR(sbus_dev_class);
		goto out_chrdev;
	}
	ent = create_proc_entry("sbus", 0, proc_bus);
	if (ent) {
		ent->owner = THIS_MODULE;
		ent->proc_fops = &sbus_proc_fops;
	}
	devfs_mk_dir("sbus");
	return 0;
out_chrdev:
	unregister_chrdev(sbus_major, "sbus");
out_class:
	class_unregister(&sbus_adapter_class);
out_bus:
	bus_unregister(&sbus_bus_type);
	return retval;
}

static void __exit sbus_exit(void)
{
	remove_proc_entry("sbus", proc_bus);
	devfs_remove("sbus");
	class_simple_destroy(sbus_dev_class);
	unregister_chrdev(sbus_major, "sbus");
	class_unregister(&sbus_adapter_class);
	bus_unregister(&sbus_bus_type);
}

subsys_initcall(sbus_init);
module_exit(sbus_exit);

MODULE_AUTHOR("ldm");
MODULE_DESCRIPTION("i2c-style bus core for ldm's tests");
MODULE_LICENSE("GPL");
