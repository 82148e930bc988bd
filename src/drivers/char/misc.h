/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * misc.h - what misc.c (registration) and misc-file.c (open files) share.
 * Private to libldm.
 */
#ifndef _LDM_DRIVERS_CHAR_MISC_H
#define _LDM_DRIVERS_CHAR_MISC_H

#include <limits.h>
#include <pthread.h>
#include <ldm/atomic.h>
#include <ldm/kref.h>
#include <ldm/list.h>
#include <ldm/miscdevice.h>
#include <libldm/misc.h>

/**
 * DOC: how misc.h works
 *
 * Lifetimes. The driver owns its struct miscdevice and may free it once
 * misc_deregister() returns, so nothing of the runtime may reach it, its
 * file_operations or its module after that. What outlives it is the node,
 * struct ldm_misc_node, made by misc_register(): each open file points to
 * the node, never to the miscdevice.
 *
 * Active references (as sysfs has them, src/fs/sysfs/active.c). Every call
 * into the driver (open, read, write, llseek, ioctl, poll, release at close)
 * runs under an active reference on the node. misc_deregister() first
 * deactivates the node (adds MISC_DEACTIVATED_BIAS, after which no new
 * active reference is granted, so the call returns -ENODEV), wakes the
 * threads sleeping in ldm_misc_poll(), waits until the active references
 * already granted are dropped (not counting the calling thread's own: a
 * method may deregister its own device), and then calls the release method
 * of every file still open, once, and drops the module reference each took.
 */

#define MISC_DEACTIVATED_BIAS INT_MIN

/**
 * struct ldm_misc_node - the runtime's side of a registered misc device
 * @kref: this memory: one reference for the registration, one per open file
 *	and one per caller between look-up and open
 * @active: calls into the driver in progress; negative once deregistered
 * @lock: guards @files and the pollers of each file
 * @drained: signalled when an active reference is dropped after deactivation
 * @files: the open files whose release has not been called
 *	(struct ldm_misc_file.node_entry)
 */
struct ldm_misc_node {
	struct kref kref;
	atomic_t active;
	pthread_mutex_t lock;
	pthread_cond_t drained;
	struct list_head files;
};

/* misc.c */
bool misc_get_active(struct ldm_misc_node *node);
void misc_put_active(struct ldm_misc_node *node);
bool misc_node_dead(struct ldm_misc_node *node);
void misc_node_put(struct ldm_misc_node *node);
int misc_find(const char *name, struct ldm_misc_node **ret_node,
	      const struct file_operations **ret_fops, dev_t *ret_devt);

/* misc-file.c */
void misc_file_wake_pollers(struct ldm_misc_file *file);
struct ldm_misc_file *misc_file_of(struct list_head *node_entry);
void misc_file_release(struct ldm_misc_file *file);
void misc_file_put(struct ldm_misc_file *file);

#endif /* _LDM_DRIVERS_CHAR_MISC_H */
