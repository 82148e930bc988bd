/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sbus.h - the subsystem header of the i2c-style test bus: messages, the
 * ioctls of its /dev nodes (values, pointers, and pointers to structures
 * that hold pointers, as i2c-dev's I2C_RDWR), and (for drivers) adapters,
 * clients and drivers, as 2.6.9's i2c.h.
 */
#ifndef _SBUS_H
#define _SBUS_H

#include <linux/types.h>
#ifdef __KERNEL__
#include <linux/module.h>
#include <linux/device.h>
#include <asm/semaphore.h>
#endif

struct sbus_msg {
	__u16 addr;
	__u16 flags;
#define SBUS_M_RD 0x01
	__u16 len;
	__u8 *buf;
};

struct sbus_rdwr_ioctl_data {
	struct sbus_msg *msgs;
	__u32 nmsgs;
};

#define SBUS_SLAVE	   0x0703 /* the address of later reads and writes: a value */
#define SBUS_FUNCS	   0x0705 /* what the adapter can do: an unsigned long, written */
#define SBUS_RDWR	   0x0707 /* messages: struct sbus_rdwr_ioctl_data */
#define SBUS_FUNC_PLAIN	   0x1
#define SBUS_RDWR_MAX_MSGS 42

#ifdef __KERNEL__

struct sbus_client;

struct sbus_adapter {
	struct module *owner;
	char name[32];
	int (*xfer)(struct sbus_adapter *adap, struct sbus_msg *msgs, int num);
	void *algo_data;
	int nr;
	struct semaphore bus_lock;
	struct device dev;
	struct class_device class_dev;
	struct completion dev_released;
	struct completion class_dev_released;
	struct list_head clients;
	struct list_head list;
};

struct sbus_driver {
	struct module *owner;
	char name[32];
	int (*attach_adapter)(struct sbus_adapter *adap);
	int (*detach_client)(struct sbus_client *client);
	struct device_driver driver;
	struct list_head list;
};

struct sbus_client {
	unsigned short addr;
	struct sbus_adapter *adapter;
	struct sbus_driver *driver;
	char name[32];
	struct device dev;
	struct list_head list;
	struct completion released;
};

extern struct bus_type sbus_bus_type;

int sbus_add_adapter(struct sbus_adapter *adap);
int sbus_del_adapter(struct sbus_adapter *adap);
int sbus_add_driver(struct sbus_driver *driver);
int sbus_del_driver(struct sbus_driver *driver);
int sbus_attach_client(struct sbus_client *client);
int sbus_detach_client(struct sbus_client *client);
int sbus_transfer(struct sbus_adapter *adap, struct sbus_msg *msgs, int num);

#endif /* __KERNEL__ */
#endif /* _SBUS_H */
