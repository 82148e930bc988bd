// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldmin_core.c - the core of the input-style test stack, written as
 * 2.6.9's input.c is: a char major of its own whose open hands the file to
 * the handler of its minor range (the f_op swap), a class_simple class
 * for the handlers' nodes, /proc/bus/ldmin/{devices,handlers}, and the
 * event dispatch from devices to handles.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/device.h>
#include <linux/major.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/random.h>
#include <linux/smp_lock.h>
#include <linux/devfs_fs_kernel.h>
#include <linux/ldmin.h>

MODULE_AUTHOR("ldm");
MODULE_DESCRIPTION("input-style core for ldm's tests");
MODULE_LICENSE("GPL");

EXPORT_SYMBOL(ldmin_register_device);
EXPORT_SYMBOL(ldmin_unregister_device);
EXPORT_SYMBOL(ldmin_register_handler);
EXPORT_SYMBOL(ldmin_unregister_handler);
EXPORT_SYMBOL(ldmin_register_handle);
EXPORT_SYMBOL(ldmin_unregister_handle);
EXPORT_SYMBOL(ldmin_event);

int ldmin_major;
EXPORT_SYMBOL(ldmin_major);
struct class_simple *ldmin_class;
EXPORT_SYMBOL(ldmin_class);

static LIST_HEAD(ldmin_dev_list);
static LIST_HEAD(ldmin_handler_list);
static DECLARE_MUTEX(ldmin_sem);
static struct ldmin_handler *ldmin_table[8];
static unsigned int ldmin_number;
static struct proc_dir_entry *proc_bus_ldmin_dir;

void ldmin_event(struct ldmin_dev *dev, unsigned int type, unsigned int code, int value)
{
	struct ldmin_handle *handle;

	if (type > EV_MAX || !test_bit(type, dev->evbit))
		return;
	add_mouse_randomness((type << 4) ^ code ^ (code >> 4) ^ value);
	list_for_each_entry(handle, &dev->h_list, d_node)
		if (handle->open)
			handle->handler->event(handle, type, code, value);
}

void ldmin_register_handle(struct ldmin_handle *handle)
{
	list_add_tail(&handle->d_node, &handle->dev->h_list);
	list_add_tail(&handle->h_node, &handle->handler->h_list);
}

void ldmin_unregister_handle(struct ldmin_handle *handle)
{
	list_del_init(&handle->h_node);
	list_del_init(&handle->d_node);
}

static void ldmin_link(struct ldmin_handler *handler, struct ldmin_dev *dev)
{
	struct ldmin_handle *handle = handler->connect(handler, dev);

	if (handle)
		ldmin_register_handle(handle);
}

int ldmin_register_device(struct ldmin_dev *dev)
{
	struct ldmin_handler *handler;

	down(&ldmin_sem);
	set_bit(EV_SYN, dev->evbit);
	INIT_LIST_HEAD(&dev->h_list);
	dev->number = ldmin_number++;
	list_add_tail(&dev->node, &ldmin_dev_list);
	list_for_each_entry(handler, &ldmin_handler_list, node)
		ldmin_link(handler, dev);
	up(&ldmin_sem);
	printk(KERN_INFO "ldmin: %s as ldmin%d\n", dev->name ? dev->name : "Unspecified device",
	       dev->number);
	return 0;
}

void ldmin_unregister_device(struct ldmin_dev *dev)
{
	struct ldmin_handle *handle, *next;

	down(&ldmin_sem);
	list_for_each_entry_safe(handle, next, &dev->h_list, d_node) {
		ldmin_unregister_handle(handle);
		handle->handler->disconnect(handle);
	}
	list_del_init(&dev->node);
	up(&ldmin_sem);
}

int ldmin_register_handler(struct ldmin_handler *handler)
{
	struct ldmin_dev *dev;

	if (handler->fops) {
		if (ldmin_table[handler->minor >> 5])
			return -EBUSY;
		ldmin_table[handler->minor >> 5] = handler;
	}
	down(&ldmin_sem);
	INIT_LIST_HEAD(&handler->h_list);
	list_add_tail(&handler->node, &ldmin_handler_list);
	list_for_each_entry(dev, &ldmin_dev_list, node)
		ldmin_link(handler, dev);
	up(&ldmin_sem);
	return 0;
}

void ldmin_unregister_handler(struct ldmin_handler *handler)
{
	struct ldmin_handle *handle, *next;

	down(&ldmin_sem);
	list_for_each_entry_safe(handle, next, &handler->h_list, h_node) {
		ldmin_unregister_handle(handle);
		handler->disconnect(handle);
	}
	list_del_init(&handler->node);
	if (handler->fops)
		ldmin_table[handler->minor >> 5] = NULL;
	up(&ldmin_sem);
}

/* As input_open_file(): the handler of the minor's range takes the file. */
static int ldmin_open_file(struct inode *inode, struct file *file)
{
	struct ldmin_handler *handler = ldmin_table[iminor(inode) >> 5];
	struct file_operations *old_fops, *new_fops = NULL;
	int err;

	if (!handler || !(new_fops = fops_get(handler->fops)))
		return -ENODEV;
	if (!new_fops->open) {
		fops_put(new_fops);
		return -ENODEV;
	}
	old_fops = (struct file_operations *)file->f_op;
	file->f_op = new_fops;
	lock_kernel();
	err = new_fops->open(inode, file);
	unlock_kernel();
	if (err) {
		fops_put(file->f_op);
		file->f_op = fops_get(old_fops);
	}
	fops_put(old_fops);
	return err;
}

static struct file_operations ldmin_fops = {
	.owner = THIS_MODULE,
	.open = ldmin_open_file,
};

static void *ldmin_devices_start(struct seq_file *seq, loff_t *pos)
{
	struct ldmin_dev *dev;
	loff_t n = 0;

	down(&ldmin_sem);
	list_for_each_entry(dev, &ldmin_dev_list, node)
		if (n++ == *pos)
			return dev;
	return NULL;
}

static void *ldmin_devices_next(struct seq_file *seq, void *v, loff_t *pos)
{
	struct ldmin_dev *dev = v;

	++*pos;
	return dev->node.next == &ldmin_dev_list ?
		       NULL :
		       list_entry(dev->node.next, struct ldmin_dev, node);
}

static void ldmin_devices_stop(struct seq_file *seq, void *v)
{
	up(&ldmin_sem);
}

static int ldmin_devices_show(struct seq_file *seq, void *v)
{
	struct ldmin_dev *dev = v;
	struct ldmin_handle *handle;

	seq_printf(seq, "I: Id=%04x\n", dev->id);
	seq_printf(seq, "N: Name=\"%s\"\n", dev->name ? dev->name : "");
	seq_puts(seq, "H: Handlers=");
	list_for_each_entry(handle, &dev->h_list, d_node)
		seq_printf(seq, "%s ", handle->name);
	seq_printf(seq, "\nB: EV=%lx\n\n", dev->evbit[0]);
	return 0;
}

static struct seq_operations ldmin_devices_seq = {
	.start = ldmin_devices_start,
	.next = ldmin_devices_next,
	.stop = ldmin_devices_stop,
	.show = ldmin_devices_show,
};

static int ldmin_devices_open(struct inode *inode, struct file *file)
{
	return seq_open(file, &ldmin_devices_seq);
}

static struct file_operations ldmin_devices_fops = {
	.owner = THIS_MODULE,
	.open = ldmin_devices_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = seq_release,
};

static int ldmin_handlers_read(char *buf, char **start, off_t pos, int count, int *eof, void *data)
{
	struct ldmin_handler *handler;
	int len = 0, i = 0;

	down(&ldmin_sem);
	list_for_each_entry(handler, &ldmin_handler_list, node) {
		len += sprintf(buf + len, "N: Number=%d Name=%s", i++, handler->name);
		if (handler->fops)
			len += sprintf(buf + len, " Minor=%d", handler->minor);
		len += sprintf(buf + len, "\n");
	}
	up(&ldmin_sem);
	*eof = 1;
	return len;
}

static int __init ldmin_proc_init(void)
{
	struct proc_dir_entry *entry;

	proc_bus_ldmin_dir = proc_mkdir("ldmin", proc_bus);
	if (!proc_bus_ldmin_dir)
		return -ENOMEM;
	proc_bus_ldmin_dir->owner = THIS_MODULE;
	entry = create_proc_entry("devices", 0, proc_bus_ldmin_dir);
	if (!entry)
		goto fail1;
	entry->owner = THIS_MODULE;
	entry->proc_fops = &ldmin_devices_fops;
	entry = create_proc_read_entry("handlers", 0, proc_bus_ldmin_dir, ldmin_handlers_read,
				       NULL);
	if (!entry)
		goto fail2;
	entry->owner = THIS_MODULE;
	return 0;
fail2:
	remove_proc_entry("devices", proc_bus_ldmin_dir);
fail1:
	remove_proc_entry("ldmin", proc_bus);
	return -ENOMEM;
}

static int __init ldmin_init(void)
{
	int err;

	ldmin_class = class_simple_create(THIS_MODULE, "ldmin");
	if (IS_ERR(ldmin_class))
		return PTR_ERR(ldmin_class);
	err = ldmin_proc_init();
	if (err)
		goto fail1;
	ldmin_major = register_chrdev(0, "ldmin", &ldmin_fops);
	if (ldmin_major < 0) {
		err = ldmin_major;
		goto fail2;
	}
	devfs_mk_dir("ldmin");
	return 0;
fail2:
	remove_proc_entry("devices", proc_bus_ldmin_dir);
	remove_proc_entry("handlers", proc_bus_ldmin_dir);
	remove_proc_entry("ldmin", proc_bus);
fail1:
	class_simple_destroy(ldmin_class);
	return err;
}

static void __exit ldmin_exit(void)
{
	remove_proc_entry("devices", proc_bus_ldmin_dir);
	remove_proc_entry("handlers", proc_bus_ldmin_dir);
	remove_proc_entry("ldmin", proc_bus);
	devfs_remove("ldmin");
	unregister_chrdev(ldmin_major, "ldmin");
	class_simple_destroy(ldmin_class);
}

subsys_initcall(ldmin_init);
module_exit(ldmin_exit);
