/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ldmin.h - the subsystem header of the input-style test stack: events
 * as a program reads them, the ioctls of its nodes and of its injector,
 * and (for drivers) devices, handlers and handles, as 2.6.9's input.h.
 */
#ifndef _LDMIN_H
#define _LDMIN_H

#ifdef __KERNEL__
#include <linux/time.h>
#include <linux/list.h>
#else
#include <sys/time.h>
#include <sys/ioctl.h>
#include <asm/types.h>
#endif

struct ldmin_event {
	struct timeval time;
	__u16 type;
	__u16 code;
	__s32 value;
};

#define LDMIN_VERSION	0x010009
#define LDMIN_NAME_SIZE 32

struct ldmin_setup {
	char name[LDMIN_NAME_SIZE];
	__u16 id;
};

#define LDMIN_IOC	  'L'
/* On an event node. */
#define LDMIOCGVERSION	  _IOR(LDMIN_IOC, 0x01, int)
#define LDMIOCGID	  _IOR(LDMIN_IOC, 0x02, __u16)
#define LDMIOCGNAME(len)  _IOC(_IOC_READ, LDMIN_IOC, 0x06, len)
/* On the injector: a value, a pointer, none. */
#define LDMIN_SET_EVBIT	  _IOW(LDMIN_IOC, 100, int)
#define LDMIN_DEV_SETUP	  _IOW(LDMIN_IOC, 101, struct ldmin_setup)
#define LDMIN_DEV_CREATE  _IO(LDMIN_IOC, 102)
#define LDMIN_DEV_DESTROY _IO(LDMIN_IOC, 103)

#define EV_SYN 0x00
#define EV_KEY 0x01
#define EV_REL 0x02
#define EV_MAX 0x1f

#ifdef __KERNEL__

#define NBITS(x)		 (((x) / BITS_PER_LONG) + 1)
#define LDMIN_MINORS_PER_HANDLER 32

struct ldmin_handle;

struct ldmin_dev {
	char *name;
	__u16 id;
	unsigned int number;
	unsigned long evbit[NBITS(EV_MAX)];
	struct list_head h_list;
	struct list_head node;
};

struct ldmin_handler {
	void *private;
	void (*event)(struct ldmin_handle *handle, unsigned int type, unsigned int code, int value);
	struct ldmin_handle *(*connect)(struct ldmin_handler *handler, struct ldmin_dev *dev);
	void (*disconnect)(struct ldmin_handle *handle);
	struct file_operations *fops;
	int minor;
	char *name;
	struct list_head h_list;
	struct list_head node;
};

struct ldmin_handle {
	void *private;
	int open;
	char *name;
	struct ldmin_dev *dev;
	struct ldmin_handler *handler;
	struct list_head d_node;
	struct list_head h_node;
};

extern int ldmin_major;
extern struct class_simple *ldmin_class;

int ldmin_register_device(struct ldmin_dev *dev);
void ldmin_unregister_device(struct ldmin_dev *dev);
int ldmin_register_handler(struct ldmin_handler *handler);
void ldmin_unregister_handler(struct ldmin_handler *handler);
void ldmin_register_handle(struct ldmin_handle *handle);
void ldmin_unregister_handle(struct ldmin_handle *handle);
void ldmin_event(struct ldmin_dev *dev, unsigned int type, unsigned int code, int value);

#endif /* __KERNEL__ */
#endif /* _LDMIN_H */
