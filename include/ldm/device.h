/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/device.h> - the driver model, as <linux/device.h> of 2.6.9: buses,
 * drivers, devices, classes, class devices and interfaces, class_simple,
 * and the platform bus.
 *
 * Fields 2.6.9 lacks are marked as ldm additions; no 2.6.9 field is renamed.
 */
#ifndef _LDM_DEVICE_H
#define _LDM_DEVICE_H

#include <ldm/compiler.h>
#include <ldm/ioport.h>
#include <ldm/kernel.h>
#include <ldm/kobject.h>
#include <ldm/list.h>
#include <ldm/module.h>
#include <ldm/pm.h>
#include <ldm/semaphore.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

#define DEVICE_NAME_SIZE 50
#define DEVICE_NAME_HALF __stringify(20)
#define DEVICE_ID_SIZE	 32
#define BUS_ID_SIZE	 KOBJ_NAME_LEN

enum {
	SUSPEND_NOTIFY,
	SUSPEND_SAVE_STATE,
	SUSPEND_DISABLE,
	SUSPEND_POWER_DOWN,
};

enum {
	RESUME_POWER_ON,
	RESUME_RESTORE_STATE,
	RESUME_ENABLE,
};

struct device;
struct device_driver;
struct class;
struct class_device;
struct class_simple;
struct module;
struct device_node;
struct of_device_id;
struct platform_device_id;

struct bus_type {
	char *name;
	struct subsystem subsys;
	struct kset drivers;
	struct kset devices;
	struct bus_attribute *bus_attrs;
	struct device_attribute *dev_attrs;
	struct driver_attribute *drv_attrs;
	int (*match)(struct device *dev, struct device_driver *drv);
	int (*hotplug)(struct device *dev, char **envp, int num_envp, char *buffer,
		       int buffer_size);
	int (*suspend)(struct device *dev, u32 state);
	int (*resume)(struct device *dev);
	/*
	 * ldm additions. match_name: a bus whose match() only ever matches a
	 * driver whose name equals (in its first BUS_ID_SIZE bytes) a name of
	 * the device may return that name here; new devices are then matched
	 * through an index of the drivers by name, not by trying each. NULL
	 * for a device that other drivers may match too: each is tried.
	 */
	const char *(*match_name)(struct device *dev);
	struct bus_driver_index *ldm_index; /* private to the driver core */
};

int bus_register(struct bus_type *bus);
void bus_unregister(struct bus_type *bus);
int bus_rescan_devices(struct bus_type *bus);
struct bus_type *get_bus(struct bus_type *bus);
void put_bus(struct bus_type *bus);
struct bus_type *find_bus(char *name);

int bus_for_each_dev(struct bus_type *bus, struct device *start, void *data,
		     int (*fn)(struct device *, void *));
int bus_for_each_drv(struct bus_type *bus, struct device_driver *start, void *data,
		     int (*fn)(struct device_driver *, void *));

struct bus_attribute {
	struct attribute attr;
	ssize_t (*show)(struct bus_type *bus, char *buf);
	ssize_t (*store)(struct bus_type *bus, const char *buf, size_t count);
};

#define BUS_ATTR(_name, _mode, _show, _store) \
	struct bus_attribute bus_attr_##_name = __ATTR(_name, _mode, _show, _store)

int bus_create_file(struct bus_type *bus, struct bus_attribute *attr);
void bus_remove_file(struct bus_type *bus, struct bus_attribute *attr);

struct device_driver {
	char *name;
	struct bus_type *bus;
	struct semaphore unload_sem;
	struct kobject kobj;
	struct list_head devices;
	int (*probe)(struct device *dev);
	int (*remove)(struct device *dev);
	void (*shutdown)(struct device *dev);
	int (*suspend)(struct device *dev, u32 state, u32 level);
	int (*resume)(struct device *dev, u32 level);
	/* ldm additions */
	struct module *owner;
	const struct of_device_id *of_match_table; /* as modern Linux: <ldm/of.h> */
	/* platform bus: the names it drives, as modern platform_driver.id_table */
	const struct platform_device_id *id_table;
};

int driver_register(struct device_driver *drv);
void driver_unregister(struct device_driver *drv);
struct device_driver *get_driver(struct device_driver *drv);
void put_driver(struct device_driver *drv);
struct device_driver *driver_find(const char *name, struct bus_type *bus);

struct driver_attribute {
	struct attribute attr;
	ssize_t (*show)(struct device_driver *drv, char *buf);
	ssize_t (*store)(struct device_driver *drv, const char *buf, size_t count);
};

#define DRIVER_ATTR(_name, _mode, _show, _store) \
	struct driver_attribute driver_attr_##_name = __ATTR(_name, _mode, _show, _store)

int driver_create_file(struct device_driver *drv, struct driver_attribute *attr);
void driver_remove_file(struct device_driver *drv, struct driver_attribute *attr);

struct class {
	char *name;
	struct subsystem subsys;
	struct list_head children;
	struct list_head interfaces;
	struct class_attribute *class_attrs;
	struct class_device_attribute *class_dev_attrs;
	int (*hotplug)(struct class_device *dev, char **envp, int num_envp, char *buffer,
		       int buffer_size);
	void (*release)(struct class_device *dev);
	void (*class_release)(struct class *class);
};

int class_register(struct class *cls);
void class_unregister(struct class *cls);
struct class *class_get(struct class *cls);
void class_put(struct class *cls);

struct class_attribute {
	struct attribute attr;
	ssize_t (*show)(struct class *cls, char *buf);
	ssize_t (*store)(struct class *cls, const char *buf, size_t count);
};

#define CLASS_ATTR(_name, _mode, _show, _store) \
	struct class_attribute class_attr_##_name = __ATTR(_name, _mode, _show, _store)

int class_create_file(struct class *cls, const struct class_attribute *attr);
void class_remove_file(struct class *cls, const struct class_attribute *attr);

struct class_device {
	struct list_head node;
	struct kobject kobj;
	struct class *class;
	struct device *dev;
	void *class_data;
	char class_id[BUS_ID_SIZE];
	/* ldm additions */
	dev_t devt; /* its node: a "dev" file, and in the modern tree /dev/char/M:m */
};

static inline void *class_get_devdata(struct class_device *dev)
{
	return dev->class_data;
}

static inline void class_set_devdata(struct class_device *dev, void *data)
{
	dev->class_data = data;
}

int class_device_register(struct class_device *cdev);
void class_device_unregister(struct class_device *cdev);
void class_device_initialize(struct class_device *cdev);
int class_device_add(struct class_device *cdev);
void class_device_del(struct class_device *cdev);
int class_device_rename(struct class_device *cdev, char *new_name);
struct class_device *class_device_get(struct class_device *cdev);
void class_device_put(struct class_device *cdev);

struct class_device_attribute {
	struct attribute attr;
	ssize_t (*show)(struct class_device *cdev, char *buf);
	ssize_t (*store)(struct class_device *cdev, const char *buf, size_t count);
};

#define CLASS_DEVICE_ATTR(_name, _mode, _show, _store) \
	struct class_device_attribute class_device_attr_##_name = \
		__ATTR(_name, _mode, _show, _store)

int class_device_create_file(struct class_device *cdev, const struct class_device_attribute *attr);
void class_device_remove_file(struct class_device *cdev, const struct class_device_attribute *attr);

struct class_interface {
	struct list_head node;
	struct class *class;
	int (*add)(struct class_device *cdev);
	void (*remove)(struct class_device *cdev);
};

int class_interface_register(struct class_interface *intf);
void class_interface_unregister(struct class_interface *intf);

struct class_simple *class_simple_create(struct module *owner, char *name);
void class_simple_destroy(struct class_simple *cs);
struct class_device *class_simple_device_add(struct class_simple *cs, dev_t dev,
					     struct device *device, const char *fmt, ...)
	__printf(4, 5);
int class_simple_set_hotplug(struct class_simple *cs,
			     int (*hotplug)(struct class_device *dev, char **envp, int num_envp,
					    char *buffer, int buffer_size));
void class_simple_device_remove(dev_t dev);

struct device {
	struct list_head node;	      /* in the parent's children */
	struct list_head bus_list;    /* in the bus's devices */
	struct list_head driver_list; /* in the driver's devices */
	struct list_head children;
	struct device *parent;
	struct kobject kobj;
	char bus_id[BUS_ID_SIZE]; /* position on the parent bus */
	/* 2.6.9 has it after power: here, it fills the hole after bus_id */
	u32 power_state;
	struct bus_type *bus;
	struct device_driver *driver;
	void *driver_data;
	void *platform_data;
	struct dev_pm_info power;
	/*
	 * ldm addition (2.6.11's): held while the driver is bound or unbound
	 * (probe, remove) and while the system suspends or resumes the
	 * device, so that neither sees the other half done.
	 */
	struct semaphore sem;
	unsigned char *saved_state;
	u32 detach_state;
	u64 *dma_mask;
	u64 coherent_dma_mask;
	struct list_head dma_pools;
	struct dma_coherent_mem *dma_mem;
	void (*release)(struct device *dev);
	/* ldm additions */
	struct device_node *of_node; /* the board's node it was made from, as modern Linux */
};

static inline struct device *list_to_dev(struct list_head *node)
{
	return list_entry(node, struct device, node);
}

static inline void *dev_get_drvdata(struct device *dev)
{
	return dev->driver_data;
}

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->driver_data = data;
}

int device_register(struct device *dev);
void device_unregister(struct device *dev);
void device_initialize(struct device *dev);
int device_add(struct device *dev);
void device_del(struct device *dev);
int device_for_each_child(struct device *dev, void *data, int (*fn)(struct device *, void *));

void device_bind_driver(struct device *dev);
void device_release_driver(struct device *dev);
void driver_attach(struct device_driver *drv);

struct device_attribute {
	struct attribute attr;
	ssize_t (*show)(struct device *dev, char *buf);
	ssize_t (*store)(struct device *dev, const char *buf, size_t count);
};

#define DEVICE_ATTR(_name, _mode, _show, _store) \
	struct device_attribute dev_attr_##_name = __ATTR(_name, _mode, _show, _store)

int device_create_file(struct device *device, struct device_attribute *entry);
void device_remove_file(struct device *dev, struct device_attribute *attr);

extern int (*platform_notify)(struct device *dev);
extern int (*platform_notify_remove)(struct device *dev);

struct device *get_device(struct device *dev);
void put_device(struct device *dev);
struct device *device_find(const char *name, struct bus_type *bus);

struct platform_device {
	char *name;
	u32 id;
	u32 num_resources; /* 2.6.9 has it after dev: here, beside id, a hole less */
	struct device dev;
	struct resource *resource;
	/* ldm addition: the entry of its driver's id_table it matched, or NULL */
	const struct platform_device_id *id_entry;
};

#define to_platform_device(x)	     container_of((x), struct platform_device, dev)
#define platform_get_device_id(pdev) ((pdev)->id_entry)

int platform_device_register(struct platform_device *pdev);
int platform_device_add(struct platform_device *pdev);
void platform_device_unregister(struct platform_device *pdev);

extern struct bus_type platform_bus_type;
extern struct device platform_bus;

struct resource *platform_get_resource(struct platform_device *pdev, unsigned int type,
				       unsigned int num);
int platform_get_irq(struct platform_device *pdev, unsigned int num);
int platform_add_devices(struct platform_device **devs, int num);
struct platform_device *platform_device_register_simple(char *name, unsigned int id,
							struct resource *res, unsigned int num);
u64 dma_get_required_mask(struct device *dev);

void device_shutdown(void);

int firmware_register(struct subsystem *s);
void firmware_unregister(struct subsystem *s);

#define dev_printk(level, dev, format, arg...) \
	printk(level "%s %s: " format, (dev)->driver ? (dev)->driver->name : "", (dev)->bus_id, \
	       ##arg)

#ifdef DEBUG
#define dev_dbg(dev, format, arg...) dev_printk(KERN_DEBUG, dev, format, ##arg)
#else
#define dev_dbg(dev, format, arg...) \
	do { \
		(void)(dev); \
	} while (0)
#endif
#define dev_err(dev, format, arg...)  dev_printk(KERN_ERR, dev, format, ##arg)
#define dev_info(dev, format, arg...) dev_printk(KERN_INFO, dev, format, ##arg)
#define dev_warn(dev, format, arg...) dev_printk(KERN_WARNING, dev, format, ##arg)

#pragma GCC visibility pop

#endif /* _LDM_DEVICE_H */
