/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * char_dev.h - what char_dev.c (regions, cdevs and their nodes) and
 * chrdev_file.c (open files) share. Private to libldm.
 */
#ifndef _LDM_FS_CHAR_DEV_H
#define _LDM_FS_CHAR_DEV_H

#include <limits.h>
#include <pthread.h>
#include <ldm/atomic.h>
#include <ldm/cdev.h>
#include <ldm/kref.h>
#include <ldm/list.h>
#include <libldm/chrdev.h>

/**
 * DOC: how char_dev.h works
 *
 * Lifetimes. The driver owns its struct cdev (or cdev_alloc() does) and
 * may free it once cdev_del() returns, so nothing of the runtime may reach
 * it, its file_operations or its module after that. What outlives it is
 * the node, struct ldm_chrdev_node, made by cdev_add(): each open file
 * points to the node, never to the cdev.
 *
 * Active references (as sysfs has them, src/fs/sysfs/active.c). Every call
 * into the driver (open, read, write, llseek, ioctl, poll, fasync, release
 * at close) runs under an active reference on the node. cdev_del() first
 * deactivates the node (adds CHRDEV_DEACTIVATED_BIAS, after which no new
 * active reference is granted, so the call returns -ENODEV), wakes the
 * threads sleeping in ldm_chrdev_poll(), waits until the active references
 * already granted are dropped (not counting the calling thread's own: a
 * method may delete its own device), and then calls the release method of
 * every file still open, once, and drops the module reference each took.
 */

#define CHRDEV_DEACTIVATED_BIAS INT_MIN

/**
 * struct ldm_chrdev_node - the runtime's side of an added cdev
 * @kref: this memory: one reference for the cdev, one per open file and
 *	one per caller between look-up and open
 * @active: calls into the driver in progress; negative once deleted
 * @lock: guards @files and the pollers of each file
 * @drained: signalled when an active reference is dropped after deactivation
 * @files: the open files whose release has not been called
 * @cdev: the cdev, while added (for inode->i_cdev)
 * @ops: its methods
 * @dev: its first number
 * @count: how many numbers
 * @entry: on the map of numbers, while added
 */
struct ldm_chrdev_node {
	struct kref kref;
	atomic_t active;
	pthread_mutex_t lock;
	pthread_cond_t drained;
	struct list_head files;
	struct cdev *cdev;
	const struct file_operations *ops;
	dev_t dev;
	unsigned int count;
	struct list_head entry;
};

/* char_dev.c */
bool chrdev_get_active(struct ldm_chrdev_node *node);
void chrdev_put_active(struct ldm_chrdev_node *node);
bool chrdev_node_dead(struct ldm_chrdev_node *node);
void chrdev_node_put(struct ldm_chrdev_node *node);
int chrdev_lookup(dev_t dev, struct ldm_chrdev_node **ret);

/* fcntl.c */
void ldm_fown_put(struct fown_struct *fown);

/* chrdev_file.c */
struct ldm_chrdev_file;
void chrdev_file_wake_pollers(struct ldm_chrdev_file *file);
struct ldm_chrdev_file *chrdev_file_of(struct list_head *node_entry);
void chrdev_file_release(struct ldm_chrdev_file *file);
void chrdev_file_put(struct ldm_chrdev_file *file);

#endif /* _LDM_FS_CHAR_DEV_H */
