/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/cdev.h> - character devices, as <linux/cdev.h> of 2.6.9: a struct
 * cdev binds a range of device numbers to a file_operations; opening any
 * of them (ldm_chrdev_open() of <libldm/chrdev.h>) calls its methods.
 */
#ifndef _LDM_CDEV_H
#define _LDM_CDEV_H

#include <ldm/fs.h>
#include <ldm/kobject.h>
#include <ldm/list.h>
#include <ldm/module.h>

#pragma GCC visibility push(default)

struct ldm_chrdev_node;

/**
 * struct cdev - a character device
 * @kobj: its lifetime (cdev_alloc()'s frees it at the last put)
 * @owner: the module of its methods
 * @ops: its methods
 * @list: unused (2.6.9's list of its inodes)
 * @dev: its first device number, set by cdev_add()
 * @count: how many numbers it has, set by cdev_add()
 * @ldm: the runtime's side, while added (fs/char_dev.c)
 */
struct cdev {
	struct kobject kobj;
	struct module *owner;
	const struct file_operations *ops;
	struct list_head list;
	dev_t dev;
	unsigned int count;
	struct ldm_chrdev_node *ldm;
};

void cdev_init(struct cdev *cdev, const struct file_operations *fops);
struct cdev *cdev_alloc(void);
void cdev_put(struct cdev *p);
int cdev_add(struct cdev *p, dev_t dev, unsigned int count);
void cdev_del(struct cdev *p);
struct kobject *cdev_get(struct cdev *p);

#pragma GCC visibility pop

#endif /* _LDM_CDEV_H */
