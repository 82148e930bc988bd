// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * misc.c - misc devices (drivers/char/misc.c of 2.6.9): character devices
 * of major 10, each with a minor of its own, in the class "misc" made with
 * class_simple. misc_register() and misc_deregister() are EXPORT_SYMBOL:
 * the upper layer that, as the article says, most drivers use instead of
 * the GPL-only driver core below it.
 *
 * What ldm adds: a device deregistered while files are open has their
 * release methods called then (see misc.h), and the minors it held stay
 * taken until misc_deregister() returns. Files are opened through
 * misc-file.c.
 */
#include <pthread.h>
#include <string.h>
#include <ldm/device.h>
#include <ldm/export.h>
#include <ldm/kdev_t.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>

#include "misc.h"
#include "boot.h"

/* Dynamic minors are given from the top of this range down, as in 2.6.9. */
#define DYNAMIC_MINORS 64
#define MISC_MINORS    256 /* minors 0-254; 255 is MISC_DYNAMIC_MINOR */

#define HELD_MAX 8

static LIST_HEAD(misc_list);
/* Guards misc_list, misc_minors and the registration of each device. */
static pthread_mutex_t misc_mtx = PTHREAD_MUTEX_INITIALIZER;
/* Minors taken, from misc_register() until misc_deregister() returns. */
static unsigned char misc_minors[MISC_MINORS / 8];
static struct class_simple *misc_class;

/* The active references this thread holds, so draining never waits on itself. */
static __thread struct ldm_misc_node *held[HELD_MAX];
static __thread unsigned int nheld;

static bool minor_taken(int minor)
{
	return misc_minors[minor >> 3] & (1 << (minor & 7));
}

static void take_minor(int minor)
{
	misc_minors[minor >> 3] |= (unsigned char)(1 << (minor & 7));
}

static void free_minor(int minor)
{
	misc_minors[minor >> 3] &= (unsigned char)~(1 << (minor & 7));
}

/**
 * misc_get_active - enter a device's driver
 * @node: the device
 *
 * Return: false if the device has been deregistered.
 */
bool misc_get_active(struct ldm_misc_node *node)
{
	int v = atomic_read(&node->active);

	do {
		if (v < 0)
			return false;
	} while (!__atomic_compare_exchange_n(&node->active.counter, &v, v + 1, false,
					      __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
	if (nheld < HELD_MAX)
		held[nheld] = node;
	nheld++;
	return true;
}

/**
 * misc_put_active - leave a driver entered with misc_get_active()
 * @node: the device
 */
void misc_put_active(struct ldm_misc_node *node)
{
	nheld--;
	if (atomic_dec_return(&node->active) >= 0)
		return;
	/* Deregistered meanwhile: misc_deregister() may be waiting for us. */
	pthread_mutex_lock(&node->lock);
	pthread_cond_broadcast(&node->drained);
	pthread_mutex_unlock(&node->lock);
}

/**
 * misc_node_dead - whether a device has been deregistered
 * @node: the device
 */
bool misc_node_dead(struct ldm_misc_node *node)
{
	return atomic_read(&node->active) < 0;
}

static int held_by_me(struct ldm_misc_node *node)
{
	unsigned int i;
	int n = 0;

	for (i = 0; i < nheld && i < HELD_MAX; i++)
		if (held[i] == node)
			n++;
	return n;
}

/* Wait until no thread but this one is inside the driver of @node. */
static void drain(struct ldm_misc_node *node)
{
	int mine = held_by_me(node);

	pthread_mutex_lock(&node->lock);
	while (atomic_read(&node->active) - MISC_DEACTIVATED_BIAS > mine)
		pthread_cond_wait(&node->drained, &node->lock);
	pthread_mutex_unlock(&node->lock);
}

static void node_release(struct kref *kref)
{
	struct ldm_misc_node *node = container_of(kref, struct ldm_misc_node, kref);

	pthread_mutex_destroy(&node->lock);
	pthread_cond_destroy(&node->drained);
	kfree(node);
}

/**
 * misc_node_put - drop a reference on a device's node
 * @node: the node
 */
void misc_node_put(struct ldm_misc_node *node)
{
	kref_put(&node->kref, node_release);
}

static struct ldm_misc_node *node_alloc(void)
{
	struct ldm_misc_node *node = kzalloc(sizeof(*node), GFP_KERNEL);

	if (!node)
		return NULL;
	kref_init(&node->kref);
	atomic_set(&node->active, 0);
	pthread_mutex_init(&node->lock, NULL);
	pthread_cond_init(&node->drained, NULL);
	INIT_LIST_HEAD(&node->files);
	return node;
}

/* Wake the pollers, wait for the calls in progress, release the open files. */
static void kill_files(struct ldm_misc_node *node)
{
	struct list_head *pos;

	pthread_mutex_lock(&node->lock);
	list_for_each(pos, &node->files)
		misc_file_wake_pollers(misc_file_of(pos));
	pthread_mutex_unlock(&node->lock);
	drain(node);
	for (;;) {
		pthread_mutex_lock(&node->lock);
		if (list_empty(&node->files)) {
			pthread_mutex_unlock(&node->lock);
			return;
		}
		pos = node->files.next;
		list_del_init(pos);
		pthread_mutex_unlock(&node->lock);
		misc_file_release(misc_file_of(pos));
		misc_file_put(misc_file_of(pos)); /* the list's reference */
	}
}

static struct miscdevice *find_by_name_locked(const char *name)
{
	struct miscdevice *c;

	list_for_each_entry(c, &misc_list, list)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

/* A free dynamic minor, the highest first, or -1. */
static int dynamic_minor_locked(void)
{
	int i;

	for (i = DYNAMIC_MINORS - 1; i >= 0; i--)
		if (!minor_taken(i))
			return i;
	return -1;
}

/**
 * misc_register - register a misc device
 * @misc: the device: minor (or MISC_DYNAMIC_MINOR), name and fops set
 *
 * Gives the device its minor (for MISC_DYNAMIC_MINOR the highest free one
 * below 64, written back to @misc->minor) and its class device
 * /class/misc/<name>, whose "dev" reads "10:<minor>". @misc stays the
 * caller's, and must not be freed before misc_deregister() returns.
 *
 * Return: 0; -EINVAL without a name or fops, or a minor outside 0-255;
 * -ENAMETOOLONG for a name longer than the class device's (BUS_ID_SIZE - 1);
 * -EBUSY if the minor is taken, no dynamic minor is left or @misc is
 * registered already; -EEXIST if a misc device has that name; -ENOMEM; or
 * the error of the class device.
 */
int misc_register(struct miscdevice *misc)
{
	struct ldm_misc_node *node;
	struct class_device *cdev;
	bool dynamic;
	int minor, err;

	if (!misc || !misc->name || !*misc->name || !misc->fops || misc->minor < 0 ||
	    misc->minor > MISC_DYNAMIC_MINOR)
		return -EINVAL;
	if (strlen(misc->name) >= BUS_ID_SIZE)
		return -ENAMETOOLONG;
	node = node_alloc();
	if (!node)
		return -ENOMEM;

	pthread_mutex_lock(&misc_mtx);
	err = -EBUSY;
	if (misc->ldm)
		goto err_unlock;
	err = -EEXIST;
	if (find_by_name_locked(misc->name))
		goto err_unlock;
	dynamic = misc->minor == MISC_DYNAMIC_MINOR;
	minor = dynamic ? dynamic_minor_locked() : misc->minor;
	err = -EBUSY;
	if (minor < 0 || minor_taken(minor))
		goto err_unlock;
	take_minor(minor);
	if (misc->devfs_name[0] == '\0')
		snprintf(misc->devfs_name, sizeof(misc->devfs_name), "misc/%s", misc->name);

	cdev = class_simple_device_add(misc_class, MKDEV(MISC_MAJOR, minor), misc->dev, "%s",
				       misc->name);
	if (IS_ERR(cdev)) {
		err = (int)PTR_ERR(cdev);
		goto err_minor;
	}
	misc->minor = minor;
	misc->class = cdev;
	misc->ldm = node;
	/* At the front, so that later devices can override earlier defaults. */
	list_add(&misc->list, &misc_list);
	pthread_mutex_unlock(&misc_mtx);
	return 0;

err_minor:
	free_minor(minor);
err_unlock:
	pthread_mutex_unlock(&misc_mtx);
	misc_node_put(node);
	return err;
}
EXPORT_SYMBOL(misc_register);

/**
 * misc_deregister - deregister a misc device
 * @misc: a device registered with misc_register()
 *
 * Open files of the device have their release method called now, once; from
 * then on every call on them returns -ENODEV. Waits for the calls into the
 * driver in progress (a thread sleeping in ldm_misc_poll() is woken), but not
 * for the calling thread's own. When it returns, nothing of the runtime
 * refers to @misc, its fops or its module any more.
 *
 * Return: 0, or -EINVAL if @misc is not registered.
 */
int misc_deregister(struct miscdevice *misc)
{
	struct ldm_misc_node *node;

	if (!misc)
		return -EINVAL;
	pthread_mutex_lock(&misc_mtx);
	node = misc->ldm;
	if (!node || list_empty(&misc->list)) {
		pthread_mutex_unlock(&misc_mtx);
		return -EINVAL;
	}
	/* Not found by name any more, and no new call enters the driver. */
	list_del_init(&misc->list);
	atomic_add(MISC_DEACTIVATED_BIAS, &node->active);
	pthread_mutex_unlock(&misc_mtx);

	kill_files(node);

	pthread_mutex_lock(&misc_mtx);
	class_simple_device_remove(MKDEV(MISC_MAJOR, misc->minor));
	free_minor(misc->minor);
	misc->class = NULL;
	misc->ldm = NULL;
	pthread_mutex_unlock(&misc_mtx);
	misc_node_put(node);
	return 0;
}
EXPORT_SYMBOL(misc_deregister);

/**
 * misc_find - find a registered misc device by name, for an open
 * @name: the device's name
 * @ret_node: its node, with an active reference and a reference taken
 * @ret_fops: its methods
 * @ret_devt: its device number
 *
 * Return: 0, or -ENODEV if no misc device of that name is registered.
 */
int misc_find(const char *name, struct ldm_misc_node **ret_node,
	      const struct file_operations **ret_fops, dev_t *ret_devt)
{
	struct miscdevice *c;
	int err = -ENODEV;

	pthread_mutex_lock(&misc_mtx);
	c = find_by_name_locked(name);
	if (c && misc_get_active(c->ldm)) {
		kref_get(&c->ldm->kref);
		*ret_node = c->ldm;
		*ret_fops = c->fops;
		*ret_devt = MKDEV(MISC_MAJOR, c->minor);
		err = 0;
	}
	pthread_mutex_unlock(&misc_mtx);
	return err;
}

struct misc_entry {
	char name[BUS_ID_SIZE];
	int minor;
};

/**
 * ldm_misc_for_each - call a function for each registered misc device
 * @fn: called with the device's name and minor, most recently registered
 *	first; a non-zero return stops the walk and is returned
 * @data: passed to @fn
 *
 * The devices are taken as one snapshot and @fn is called with no lock
 * held, so it may open them, or register and deregister misc devices.
 * Return: 0, the first non-zero return of @fn, or -EINVAL or -ENOMEM.
 */
int ldm_misc_for_each(int (*fn)(const char *name, int minor, void *data), void *data)
{
	struct misc_entry *entries;
	struct miscdevice *c;
	size_t n = 0, i;
	int ret = 0;

	if (!fn)
		return -EINVAL;
	/* At most one device per minor is registered. */
	entries = kcalloc(MISC_MINORS, sizeof(*entries), GFP_KERNEL);
	if (!entries)
		return -ENOMEM;
	pthread_mutex_lock(&misc_mtx);
	list_for_each_entry(c, &misc_list, list) {
		strcpy(entries[n].name, c->name);
		entries[n++].minor = c->minor;
	}
	pthread_mutex_unlock(&misc_mtx);
	for (i = 0; i < n && !ret; i++)
		ret = fn(entries[i].name, entries[i].minor, data);
	kfree(entries);
	return ret;
}

/**
 * misc_init - make the class "misc" (2.6.9's misc_init, a subsys_initcall)
 *
 * Return: 0, or the error of class_simple_create().
 */
int misc_init(void)
{
	struct class_simple *cs = class_simple_create(NULL, "misc");

	if (IS_ERR(cs))
		return (int)PTR_ERR(cs);
	misc_class = cs;
	return 0;
}

/**
 * misc_exit - deregister what the program left registered, with a warning,
 * and remove the class "misc"
 */
void misc_exit(void)
{
	struct miscdevice *c;

	for (;;) {
		pthread_mutex_lock(&misc_mtx);
		c = list_empty(&misc_list) ? NULL :
					     list_first_entry(&misc_list, struct miscdevice, list);
		pthread_mutex_unlock(&misc_mtx);
		if (!c)
			break;
		printk(KERN_WARNING "misc: device '%s' (minor %d) still registered at exit; "
				    "deregistering it\n",
		       c->name, c->minor);
		misc_deregister(c);
	}
	class_simple_destroy(misc_class);
	misc_class = NULL;
}
