// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-misc.c - the misc layer (src/drivers/char/misc.c, misc-file.c):
 * minors as 2.6.9 gives them, /class/misc, and open files through the
 * front-end API, up to a device deregistered while its files are open or
 * while calls are inside its driver. The driver here is the test program's
 * own (fops.owner is NULL); the example modules are tested in
 * tests/modules/test-examples.c.
 */
#include <pthread.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "fault.h"
#include "harness.h"

#define TDEV_DATA     "0123456789"
#define TDEV_IOC_ECHO 0x7401
#define TDEV_IOC_SELF 0x7402 /* deregisters its own device */

/* A test driver: counts its calls, reads TDEV_DATA, can block and poll. */
struct tdev {
	struct miscdevice misc;
	struct file_operations fops;
	int opens, releases, flushes, polls, reads;
	int open_error;
	unsigned int open_minor;
	int ready; /* what poll reports as POLLIN */
	wait_queue_head_t wq;
	bool block_read; /* read waits for @go after completing @entered */
	struct completion entered, go;
	int released_after_read; /* release saw the blocked read finished */
	int read_done;
};

static struct tdev *by_minor[256];

static int load(const int *p)
{
	return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}

static void inc(int *p)
{
	__atomic_add_fetch(p, 1, __ATOMIC_SEQ_CST);
}

static int tdev_open(struct inode *inode, struct file *file)
{
	struct tdev *t = by_minor[iminor(inode)];

	if (t->open_error)
		return t->open_error;
	__atomic_store_n(&t->open_minor, iminor(inode), __ATOMIC_SEQ_CST);
	file->private_data = t;
	inc(&t->opens);
	return 0;
}

static int tdev_release(struct inode *inode, struct file *file)
{
	struct tdev *t = file->private_data;

	(void)inode;
	if (load(&t->read_done))
		inc(&t->released_after_read);
	inc(&t->releases);
	return 0;
}

static int tdev_flush(struct file *file)
{
	struct tdev *t = file->private_data;

	inc(&t->flushes);
	return 0;
}

static ssize_t tdev_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct tdev *t = file->private_data;
	size_t len = strlen(TDEV_DATA), n;

	inc(&t->reads);
	if (t->block_read) {
		complete(&t->entered);
		wait_for_completion(&t->go);
	}
	if (*ppos >= (loff_t)len) {
		n = 0;
	} else {
		n = min_t(size_t, count, len - (size_t)*ppos);
		if (copy_to_user(buf, &TDEV_DATA[*ppos], n))
			return -EFAULT;
		*ppos += (loff_t)n;
	}
	if (t->block_read)
		__atomic_store_n(&t->read_done, 1, __ATOMIC_SEQ_CST);
	return (ssize_t)n;
}

static ssize_t tdev_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	(void)file;
	(void)buf;
	*ppos += (loff_t)count;
	return (ssize_t)count;
}

static unsigned int tdev_poll(struct file *file, poll_table *pt)
{
	struct tdev *t = file->private_data;

	poll_wait(file, &t->wq, pt);
	inc(&t->polls);
	return (load(&t->ready) ? POLLIN | POLLRDNORM : 0) | POLLOUT;
}

static int tdev_ioctl(struct inode *inode, struct file *file, unsigned int cmd, unsigned long arg)
{
	struct tdev *t = file->private_data;

	switch (cmd) {
	case TDEV_IOC_ECHO:
		return (int)(arg + iminor(inode));
	case TDEV_IOC_SELF:
		return misc_deregister(&t->misc);
	default:
		return -ENOIOCTLCMD;
	}
}

/* A device named @name with every method; minor as given. */
static void tdev_init(struct tdev *t, const char *name, int minor)
{
	memset(t, 0, sizeof(*t));
	t->fops.open = tdev_open;
	t->fops.release = tdev_release;
	t->fops.flush = tdev_flush;
	t->fops.read = tdev_read;
	t->fops.write = tdev_write;
	t->fops.poll = tdev_poll;
	t->fops.ioctl = tdev_ioctl;
	t->misc.minor = minor;
	t->misc.name = name;
	t->misc.fops = &t->fops;
	init_waitqueue_head(&t->wq);
	init_completion(&t->entered);
	init_completion(&t->go);
}

static void tdev_register(struct tdev *t, const char *name, int minor)
{
	tdev_init(t, name, minor);
	ASSERT_OK(misc_register(&t->misc));
	by_minor[t->misc.minor] = t;
}

/* Wait, for at most ten seconds, until *@p reaches @v. */
static void wait_for(const int *p, int v)
{
	int i;

	for (i = 0; i < 10000 && load(p) < v; i++)
		usleep(1000);
	ASSERT(load(p) >= v);
}

DEFINE_TEST(
	test_misc_dynamic_minors_from_63_down,
	.description =
		"dynamic minors are given from 63 down, as in 2.6.9, and a freed one is given again")
{
	static struct tdev a, b, c;

	tdev_register(&a, "dyn_a", MISC_DYNAMIC_MINOR);
	tdev_register(&b, "dyn_b", MISC_DYNAMIC_MINOR);
	ASSERT_EQ(a.misc.minor, 63);
	ASSERT_EQ(b.misc.minor, 62);
	ASSERT_STREQ(tree_attr("/class/misc/dyn_a/dev"), "10:63\n");
	ASSERT_STREQ(tree_attr("/class/misc/dyn_b/dev"), "10:62\n");
	ASSERT_STREQ(a.misc.devfs_name, "misc/dyn_a");
	ASSERT(a.misc.class);
	ASSERT_OK(misc_deregister(&a.misc));
	ASSERT(!tree_exists("/class/misc/dyn_a"));
	ASSERT(!a.misc.class);
	tdev_register(&c, "dyn_c", MISC_DYNAMIC_MINOR);
	ASSERT_EQ(c.misc.minor, 63);
	ASSERT_OK(misc_deregister(&b.misc));
	ASSERT_OK(misc_deregister(&c.misc));
}

DEFINE_TEST(
	test_misc_fixed_minor,
	.description =
		"a fixed minor is kept, shows as 10:<minor>, and one below 64 is skipped by dynamic allocation")
{
	static struct tdev wd, low, dyn;

	tdev_register(&wd, "watchdog", WATCHDOG_MINOR);
	ASSERT_EQ(wd.misc.minor, 130);
	ASSERT_STREQ(tree_attr("/class/misc/watchdog/dev"), "10:130\n");
	tdev_register(&low, "low", 63);
	tdev_register(&dyn, "dyn", MISC_DYNAMIC_MINOR);
	ASSERT_EQ(dyn.misc.minor, 62);
	ASSERT_OK(misc_deregister(&dyn.misc));
	ASSERT_OK(misc_deregister(&low.misc));
	ASSERT_OK(misc_deregister(&wd.misc));
	ASSERT(!tree_exists("/class/misc/watchdog"));
}

DEFINE_TEST(
	test_misc_duplicate_minor_is_busy,
	.description =
		"a taken minor gives -EBUSY, a taken name -EEXIST; the first device is untouched")
{
	static struct tdev a, b, c;

	tdev_register(&a, "first", 42);
	tdev_init(&b, "second", 42);
	ASSERT_EQ(misc_register(&b.misc), -EBUSY);
	ASSERT(!tree_exists("/class/misc/second"));
	ASSERT_EQ(b.misc.minor, 42);
	tdev_init(&c, "first", MISC_DYNAMIC_MINOR);
	ASSERT_EQ(misc_register(&c.misc), -EEXIST);
	ASSERT_EQ(c.misc.minor, MISC_DYNAMIC_MINOR);
	ASSERT_STREQ(tree_attr("/class/misc/first/dev"), "10:42\n");
	ASSERT_OK(misc_deregister(&a.misc));
	ASSERT_OK(misc_register(&b.misc));
	by_minor[42] = &b;
	ASSERT_OK(misc_deregister(&b.misc));
}

DEFINE_TEST(test_misc_dynamic_minors_run_out,
	    .description = "the 65th dynamic registration gives -EBUSY, and leaves no trace")
{
	static struct tdev t[65];
	static char names[65][16];
	int i;

	for (i = 0; i < 64; i++) {
		snprintf(names[i], sizeof(names[i]), "d%d", i);
		tdev_register(&t[i], names[i], MISC_DYNAMIC_MINOR);
		ASSERT_EQ(t[i].misc.minor, 63 - i);
	}
	tdev_init(&t[64], "one_too_many", MISC_DYNAMIC_MINOR);
	ASSERT_EQ(misc_register(&t[64].misc), -EBUSY);
	ASSERT_EQ(t[64].misc.minor, MISC_DYNAMIC_MINOR);
	ASSERT(!tree_exists("/class/misc/one_too_many"));
	for (i = 0; i < 64; i++)
		ASSERT_OK(misc_deregister(&t[i].misc));
}

DEFINE_TEST(
	test_misc_bad_arguments,
	.description =
		"misc_register refuses what it cannot register, misc_deregister what is not registered")
{
	static struct tdev t;
	char longname[BUS_ID_SIZE + 1];

	tdev_init(&t, NULL, 1);
	ASSERT_EQ(misc_register(&t.misc), -EINVAL);
	tdev_init(&t, "", 1);
	ASSERT_EQ(misc_register(&t.misc), -EINVAL);
	tdev_init(&t, "nofops", 1);
	t.misc.fops = NULL;
	ASSERT_EQ(misc_register(&t.misc), -EINVAL);
	tdev_init(&t, "big", 256);
	ASSERT_EQ(misc_register(&t.misc), -EINVAL);
	tdev_init(&t, "negative", -1);
	ASSERT_EQ(misc_register(&t.misc), -EINVAL);
	memset(longname, 'x', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	tdev_init(&t, longname, 1);
	ASSERT_EQ(misc_register(&t.misc), -ENAMETOOLONG);
	tdev_init(&t, "bad/name", 1);
	ASSERT(misc_register(&t.misc) < 0);
	ASSERT(!t.misc.ldm_cdev);
	ASSERT_EQ(misc_register(NULL), -EINVAL);

	tdev_init(&t, "twice", 7);
	ASSERT_EQ(misc_deregister(&t.misc), -EINVAL);
	ASSERT_OK(misc_register(&t.misc));
	ASSERT_EQ(misc_register(&t.misc), -EBUSY);
	ASSERT_OK(misc_deregister(&t.misc));
	ASSERT_EQ(misc_deregister(&t.misc), -EINVAL);
	ASSERT_EQ(misc_deregister(NULL), -EINVAL);
}

DEFINE_TEST(test_misc_class_device_links_to_its_device,
	    .description =
		    "a misc device with a parent device has a \"device\" link in /class/misc/<name>")
{
	static struct tdev t;
	struct platform_device *pdev;
	char target[256];
	struct ldm_sysfs_node *sd;

	pdev = platform_device_register_simple("parent", 3, NULL, 0);
	ASSERT(!IS_ERR(pdev));
	tdev_init(&t, "child", MISC_DYNAMIC_MINOR);
	t.misc.dev = &pdev->dev;
	ASSERT_OK(misc_register(&t.misc));
	ASSERT_OK(ldm_sysfs_lookup("/class/misc/child/device", 0, &sd));
	ASSERT(ldm_sysfs_readlink(sd, target, sizeof(target)) > 0);
	ldm_sysfs_put(sd);
	ASSERT(strstr(target, "devices/platform/parent3"));
	ASSERT_OK(misc_deregister(&t.misc));
	platform_device_unregister(pdev);
}

static int collect(const char *name, int minor, void *data)
{
	char *out = data;

	sprintf(out + strlen(out), "%s:%d ", name, minor);
	return 0;
}

static int stop_at_second(const char *name, int minor, void *data)
{
	int *n = data;

	(void)name;
	(void)minor;
	return ++*n == 2 ? 99 : 0;
}

DEFINE_TEST(
	test_misc_for_each_lists_devices,
	.description =
		"ldm_misc_for_each lists name and minor of each device, newest first, and stops on request")
{
	static struct tdev a, b;
	char out[256] = "";
	int n = 0;

	ASSERT_OK(ldm_misc_for_each(collect, out));
	ASSERT_STREQ(out, "");
	tdev_register(&a, "alpha", 5);
	tdev_register(&b, "beta", MISC_DYNAMIC_MINOR);
	ASSERT_OK(ldm_misc_for_each(collect, out));
	ASSERT_STREQ(out, "beta:63 alpha:5 ");
	ASSERT_EQ(ldm_misc_for_each(stop_at_second, &n), 99);
	ASSERT_EQ(ldm_misc_for_each(NULL, NULL), -EINVAL);
	ASSERT_OK(misc_deregister(&a.misc));
	ASSERT_OK(misc_deregister(&b.misc));
}

DEFINE_TEST(
	test_misc_open_read_write_release,
	.description =
		"open calls the open method with the device's inode, reads and writes move f_pos, release calls flush and release once")
{
	static struct tdev t;
	struct ldm_chrdev_file *f;
	char buf[32];
	loff_t pos;

	tdev_register(&t, "rw", 77);
	ASSERT_OK(ldm_misc_open("rw", O_RDWR | O_NONBLOCK, &f));
	ASSERT_EQ(t.opens, 1);
	ASSERT_EQ(t.open_minor, 77);
	ASSERT_EQ(ldm_chrdev_read(f, buf, 4, NULL), 4);
	ASSERT(!memcmp(buf, "0123", 4));
	ASSERT_EQ(ldm_chrdev_read(f, buf, sizeof(buf), NULL), 6);
	ASSERT(!memcmp(buf, "456789", 6));
	ASSERT_EQ(ldm_chrdev_read(f, buf, sizeof(buf), NULL), 0);
	pos = 8;
	ASSERT_EQ(ldm_chrdev_read(f, buf, sizeof(buf), &pos), 2);
	ASSERT(!memcmp(buf, "89", 2));
	ASSERT_EQ(pos, 10);
	pos = -1;
	ASSERT_EQ(ldm_chrdev_read(f, buf, sizeof(buf), &pos), -EINVAL);
	ASSERT_EQ(ldm_chrdev_read(f, buf, (size_t)SSIZE_MAX + 1, NULL), -EINVAL);
	ASSERT_EQ(ldm_chrdev_write(f, "abc", 3, NULL), 3);
	ASSERT_EQ(ldm_chrdev_llseek(f, 0, SEEK_CUR), 13);
	ASSERT_EQ(t.releases, 0);
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT_EQ(t.flushes, 1);
	ASSERT_EQ(t.releases, 1);
	ASSERT_OK(misc_deregister(&t.misc));
	ASSERT_EQ(t.releases, 1);
}

DEFINE_TEST(
	test_misc_open_errors,
	.description =
		"open of an unknown device is -ENODEV, bad arguments -EINVAL, and an open method's error is returned with nothing to release")
{
	static struct tdev t;
	struct ldm_chrdev_file *f = NULL;

	ASSERT_EQ(ldm_misc_open("nosuch", O_RDONLY, &f), -ENODEV);
	ASSERT(!f);
	ASSERT_EQ(ldm_misc_open(NULL, O_RDONLY, &f), -EINVAL);
	tdev_register(&t, "refuses", 9);
	ASSERT_EQ(ldm_misc_open("refuses", O_RDONLY, NULL), -EINVAL);
	ASSERT_EQ(ldm_misc_open("refuses", O_ACCMODE, &f), -EINVAL);
	t.open_error = -EACCES;
	ASSERT_EQ(ldm_misc_open("refuses", O_RDONLY, &f), -EACCES);
	ASSERT(!f);
	ASSERT_EQ(t.releases, 0);
	ASSERT_OK(misc_deregister(&t.misc));
	ASSERT_EQ(t.releases, 0);
	ASSERT_EQ(ldm_misc_open("refuses", O_RDONLY, &f), -ENODEV);
	ASSERT_EQ(ldm_chrdev_release(NULL), -EINVAL);
}

DEFINE_TEST(
	test_misc_access_modes,
	.description =
		"a file open for reading cannot be written (-EBADF) and the other way round; f_flags keeps O_NONBLOCK")
{
	static struct tdev t;
	struct ldm_chrdev_file *r, *w;
	char buf[4];

	tdev_register(&t, "modes", 11);
	ASSERT_OK(ldm_misc_open("modes", O_RDONLY | O_CREAT, &r));
	ASSERT_OK(ldm_misc_open("modes", O_WRONLY | O_NONBLOCK, &w));
	ASSERT_EQ(ldm_chrdev_write(r, "x", 1, NULL), -EBADF);
	ASSERT_EQ(ldm_chrdev_read(w, buf, 1, NULL), -EBADF);
	ASSERT_EQ(ldm_chrdev_read(r, buf, 1, NULL), 1);
	ASSERT_EQ(ldm_chrdev_write(w, "x", 1, NULL), 1);
	ASSERT_OK(ldm_chrdev_release(r));
	ASSERT_OK(ldm_chrdev_release(w));
	ASSERT_EQ(t.releases, 2);
	ASSERT_OK(misc_deregister(&t.misc));
}

static int nonseekable_open_method(struct inode *inode, struct file *file)
{
	int err = tdev_open(inode, file);

	return err ? err : nonseekable_open(inode, file);
}

static loff_t fixed_llseek(struct file *file, loff_t offset, int whence)
{
	(void)whence;
	file->f_pos = offset * 2;
	return file->f_pos;
}

DEFINE_TEST(
	test_misc_devices_without_methods,
	.description =
		"NULL methods behave as in 2.6.9: read/write -EINVAL, ioctl -ENOTTY, poll DEFAULT_POLLMASK, llseek default_llseek")
{
	static const struct file_operations none = { .owner = NULL };
	static struct miscdevice m = { .minor = 20, .name = "bare", .fops = &none };
	struct ldm_chrdev_file *f;
	char buf[4];

	ASSERT_OK(misc_register(&m));
	ASSERT_OK(ldm_misc_open("bare", O_RDWR, &f));
	ASSERT_EQ(ldm_chrdev_read(f, buf, 4, NULL), -EINVAL);
	ASSERT_EQ(ldm_chrdev_write(f, buf, 4, NULL), -EINVAL);
	ASSERT_EQ(ldm_chrdev_ioctl(f, 1, 0), -ENOTTY);
	ASSERT_EQ(ldm_chrdev_poll(f, POLLIN | POLLOUT | POLLPRI, 0), POLLIN | POLLOUT);
	ASSERT_EQ(ldm_chrdev_poll(f, POLLPRI, 0), 0);
	ASSERT_EQ(ldm_chrdev_llseek(f, 100, SEEK_SET), 100);
	ASSERT_EQ(ldm_chrdev_llseek(f, -10, SEEK_CUR), 90);
	ASSERT_EQ(ldm_chrdev_llseek(f, 5, SEEK_END), 5);
	ASSERT_EQ(ldm_chrdev_llseek(f, -6, SEEK_CUR), -EINVAL);
	ASSERT_EQ(ldm_chrdev_llseek(f, 0, 3), -EINVAL);
	ASSERT_EQ(ldm_chrdev_llseek(f, 0, SEEK_CUR), 5);
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT_OK(misc_deregister(&m));
}

DEFINE_TEST(
	test_misc_llseek_methods,
	.description =
		"a driver's llseek is called; nonseekable_open makes llseek and reads at a position -ESPIPE")
{
	static struct tdev t, n;
	struct ldm_chrdev_file *f, *g;
	char buf[4];
	loff_t pos = 0;

	tdev_register(&t, "seeks", 30);
	t.fops.llseek = fixed_llseek;
	ASSERT_OK(ldm_misc_open("seeks", O_RDONLY, &f));
	ASSERT_EQ(ldm_chrdev_llseek(f, 3, SEEK_SET), 6);
	ASSERT_EQ(ldm_chrdev_read(f, buf, 1, NULL), 1);
	ASSERT_EQ(buf[0], '6');
	ASSERT_OK(ldm_chrdev_release(f));

	tdev_register(&n, "pipe", 31);
	n.fops.open = nonseekable_open_method;
	ASSERT_OK(ldm_misc_open("pipe", O_RDWR, &g));
	ASSERT_EQ(ldm_chrdev_llseek(g, 0, SEEK_SET), -ESPIPE);
	ASSERT_EQ(ldm_chrdev_read(g, buf, 1, &pos), -ESPIPE);
	ASSERT_EQ(ldm_chrdev_write(g, buf, 1, &pos), -ESPIPE);
	ASSERT_OK(ldm_chrdev_release(g));
	ASSERT_OK(misc_deregister(&t.misc));
	ASSERT_OK(misc_deregister(&n.misc));
}

static unsigned int flags_seen;

/* Reports the f_flags it is called with. */
static ssize_t flags_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	(void)buf, (void)count, (void)ppos;
	flags_seen = file->f_flags;
	return 0;
}

DEFINE_TEST(
	test_misc_seekable_and_set_flags,
	.description =
		"ldm_chrdev_seekable is false after nonseekable_open; ldm_chrdev_set_flags changes O_NONBLOCK and O_APPEND only, as F_SETFL")
{
	static struct tdev t, n;
	struct ldm_chrdev_file *f, *g;
	char buf[4];

	tdev_register(&t, "flags", 32);
	t.fops.read = flags_read;
	ASSERT_OK(ldm_misc_open("flags", O_RDONLY, &f));
	ASSERT(ldm_chrdev_seekable(f));
	ASSERT_OK(ldm_chrdev_read(f, buf, 1, NULL));
	ASSERT_EQ(flags_seen & (O_NONBLOCK | O_APPEND), 0);
	ASSERT_OK(ldm_chrdev_set_flags(f, O_NONBLOCK | O_APPEND | O_WRONLY | O_SYNC));
	ASSERT_OK(ldm_chrdev_read(f, buf, 1, NULL));
	ASSERT_EQ(flags_seen & (O_NONBLOCK | O_APPEND), O_NONBLOCK | O_APPEND);
	ASSERT_EQ(flags_seen & O_ACCMODE, O_RDONLY); /* the access mode stays */
	ASSERT_EQ(flags_seen & O_SYNC, 0);
	ASSERT_OK(ldm_chrdev_set_flags(f, 0));
	ASSERT_OK(ldm_chrdev_read(f, buf, 1, NULL));
	ASSERT_EQ(flags_seen & (O_NONBLOCK | O_APPEND), 0);
	ASSERT_EQ(ldm_chrdev_set_flags(NULL, 0), -EINVAL);
	ASSERT(!ldm_chrdev_seekable(NULL));
	ASSERT_OK(ldm_chrdev_release(f));

	tdev_register(&n, "flags_pipe", 33);
	n.fops.open = nonseekable_open_method;
	ASSERT_OK(ldm_misc_open("flags_pipe", O_RDWR, &g));
	ASSERT(!ldm_chrdev_seekable(g));
	ASSERT_OK(ldm_chrdev_release(g));
	ASSERT_OK(misc_deregister(&t.misc));
	ASSERT_OK(misc_deregister(&n.misc));
}

static long tdev_unlocked_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	(void)file;
	return cmd == TDEV_IOC_ECHO ? (long)arg * 10 : -ENOIOCTLCMD;
}

DEFINE_TEST(
	test_misc_ioctl,
	.description =
		"ioctl reaches the driver with inode, command and argument; unlocked_ioctl is preferred; -ENOIOCTLCMD becomes -ENOTTY")
{
	static struct tdev t;
	struct ldm_chrdev_file *f;

	tdev_register(&t, "ioc", 40);
	ASSERT_OK(ldm_misc_open("ioc", O_RDONLY, &f));
	ASSERT_EQ(ldm_chrdev_ioctl(f, TDEV_IOC_ECHO, 2), 42);
	ASSERT_EQ(ldm_chrdev_ioctl(f, 0x1234, 0), -ENOTTY);
	t.fops.unlocked_ioctl = tdev_unlocked_ioctl;
	ASSERT_EQ(ldm_chrdev_ioctl(f, TDEV_IOC_ECHO, 2), 20);
	ASSERT_EQ(ldm_chrdev_ioctl(f, 0x1234, 0), -ENOTTY);
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT_OK(misc_deregister(&t.misc));
}

struct poll_call {
	struct ldm_chrdev_file *file;
	unsigned int events;
	int timeout_ms;
	int ret;
	struct tdev *t;
};

static void *poll_thread(void *arg)
{
	struct poll_call *c = arg;

	c->ret = ldm_chrdev_poll(c->file, c->events, c->timeout_ms);
	return NULL;
}

static void *make_ready(void *arg)
{
	struct tdev *t = arg;

	usleep(20000);
	__atomic_store_n(&t->ready, 1, __ATOMIC_SEQ_CST);
	wake_up_interruptible(&t->wq);
	return NULL;
}

DEFINE_TEST(
	test_misc_poll_waits_for_wake_up,
	.description =
		"poll returns what holds at once, 0 after its timeout, and the events once the driver's wait queue is woken",
	.concurrency = true)
{
	static struct tdev t;
	struct ldm_chrdev_file *f;
	pthread_t waker;

	tdev_register(&t, "poller", 50);
	ASSERT_OK(ldm_misc_open("poller", O_RDONLY, &f));
	ASSERT_EQ(ldm_chrdev_poll(f, POLLIN | POLLOUT, 0), POLLOUT);
	ASSERT_EQ(ldm_chrdev_poll(f, POLLIN, 0), 0);
	ASSERT_EQ(ldm_chrdev_poll(f, POLLIN, 30), 0);
	ASSERT_OK(pthread_create(&waker, NULL, make_ready, &t));
	ASSERT_EQ(ldm_chrdev_poll(f, POLLIN, -1), POLLIN);
	ASSERT_OK(pthread_join(waker, NULL));
	ASSERT_EQ(ldm_chrdev_poll(f, POLLIN | POLLRDNORM, 0), POLLIN | POLLRDNORM);
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT_OK(misc_deregister(&t.misc));
}

DEFINE_TEST(
	test_misc_poll_interrupted,
	.description =
		"a thread sleeping in poll is woken by ldm_thread_interrupt() and returns -EINTR",
	.concurrency = true)
{
	static struct tdev t;
	struct poll_call c = { .events = POLLIN, .timeout_ms = -1 };
	pthread_t th;

	tdev_register(&t, "intr", 51);
	ASSERT_OK(ldm_misc_open("intr", O_RDONLY, &c.file));
	ASSERT_OK(pthread_create(&th, NULL, poll_thread, &c));
	wait_for(&t.polls, 1);
	usleep(10000);
	ldm_thread_interrupt(th);
	ASSERT_OK(pthread_join(th, NULL));
	ASSERT_EQ(c.ret, -EINTR);
	ASSERT_OK(ldm_chrdev_release(c.file));
	ASSERT_OK(misc_deregister(&t.misc));
}

DEFINE_TEST(
	test_misc_deregister_under_open_file,
	.description =
		"deregistering a device with a file open calls release once then; every later call gives -ENODEV; close calls nothing more")
{
	static struct tdev t, again;
	struct ldm_chrdev_file *f;
	char buf[4];

	tdev_register(&t, "gone", MISC_DYNAMIC_MINOR);
	ASSERT_OK(ldm_misc_open("gone", O_RDWR, &f));
	ASSERT_OK(misc_deregister(&t.misc));
	ASSERT_EQ(t.releases, 1);
	ASSERT_EQ(t.flushes, 0);
	ASSERT(!tree_exists("/class/misc/gone"));
	ASSERT_EQ(ldm_chrdev_read(f, buf, 4, NULL), -ENODEV);
	ASSERT_EQ(ldm_chrdev_write(f, buf, 4, NULL), -ENODEV);
	ASSERT_EQ(ldm_chrdev_ioctl(f, TDEV_IOC_ECHO, 0), -ENODEV);
	ASSERT_EQ(ldm_chrdev_poll(f, POLLIN, 0), -ENODEV);
	ASSERT_EQ(ldm_chrdev_llseek(f, 0, SEEK_SET), -ENODEV);
	ASSERT_EQ(ldm_misc_open("gone", O_RDWR, &f), -ENODEV);
	/* The name and the minor are free again, while the old file is open. */
	tdev_register(&again, "gone", MISC_DYNAMIC_MINOR);
	ASSERT_EQ(again.misc.minor, 63);
	memset(&t, 0x5a, sizeof(t)); /* the driver may free its device now */
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT_OK(misc_deregister(&again.misc));
}

DEFINE_TEST(
	test_misc_deregister_wakes_poller,
	.description =
		"a thread sleeping in poll when its device is deregistered is woken with -ENODEV; release runs once",
	.concurrency = true)
{
	static struct tdev t;
	struct poll_call c = { .events = POLLIN, .timeout_ms = -1 };
	pthread_t th;

	tdev_register(&t, "sleepy", 52);
	ASSERT_OK(ldm_misc_open("sleepy", O_RDONLY, &c.file));
	ASSERT_OK(pthread_create(&th, NULL, poll_thread, &c));
	wait_for(&t.polls, 1);
	ASSERT_OK(misc_deregister(&t.misc));
	ASSERT_OK(pthread_join(th, NULL));
	ASSERT_EQ(c.ret, -ENODEV);
	ASSERT_EQ(t.releases, 1);
	ASSERT_OK(ldm_chrdev_release(c.file));
	ASSERT_EQ(t.releases, 1);
}

struct read_call {
	struct ldm_chrdev_file *file;
	ssize_t ret;
	char buf[16];
};

static void *read_thread(void *arg)
{
	struct read_call *c = arg;

	c->ret = ldm_chrdev_read(c->file, c->buf, sizeof(c->buf), NULL);
	return NULL;
}

struct dereg_call {
	struct miscdevice *misc;
	int ret;
	int done;
};

static void *deregister_thread(void *arg)
{
	struct dereg_call *c = arg;

	c->ret = misc_deregister(c->misc);
	__atomic_store_n(&c->done, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

DEFINE_TEST(
	test_misc_deregister_waits_for_read_in_progress,
	.description =
		"misc_deregister waits for a read inside the driver to return before it calls release",
	.concurrency = true)
{
	static struct tdev t;
	struct read_call r = { 0 };
	struct dereg_call d = { 0 };
	pthread_t reader, remover;

	tdev_register(&t, "busy", 53);
	t.block_read = true;
	d.misc = &t.misc;
	ASSERT_OK(ldm_misc_open("busy", O_RDONLY, &r.file));
	ASSERT_OK(pthread_create(&reader, NULL, read_thread, &r));
	wait_for_completion(&t.entered);
	ASSERT_OK(pthread_create(&remover, NULL, deregister_thread, &d));
	usleep(50000);
	ASSERT_EQ(load(&d.done), 0);
	ASSERT_EQ(load(&t.releases), 0);
	complete(&t.go);
	ASSERT_OK(pthread_join(reader, NULL));
	ASSERT_OK(pthread_join(remover, NULL));
	ASSERT_EQ(r.ret, 10);
	ASSERT_OK(d.ret);
	ASSERT_EQ(t.releases, 1);
	ASSERT_EQ(t.released_after_read, 1);
	ASSERT_EQ(ldm_chrdev_read(r.file, r.buf, 1, NULL), -ENODEV);
	ASSERT_OK(ldm_chrdev_release(r.file));
}

DEFINE_TEST(
	test_misc_stream_write_passes_blocked_read,
	.description =
		"on a nonseekable_open file a write is not held up by a read of the same file asleep in the driver (no f_pos lock on a stream)")
{
	static struct tdev t;
	struct read_call r = { 0 };
	pthread_t reader;

	tdev_register(&t, "stream", 54);
	t.fops.open = nonseekable_open_method;
	t.block_read = true;
	ASSERT_OK(ldm_misc_open("stream", O_RDWR, &r.file));
	ASSERT_OK(pthread_create(&reader, NULL, read_thread, &r));
	wait_for_completion(&t.entered);
	ASSERT_EQ(ldm_chrdev_write(r.file, "x", 1, NULL), 1); /* would wait for ever */
	complete(&t.go);
	ASSERT_OK(pthread_join(reader, NULL));
	ASSERT_EQ(r.ret, 10);
	ASSERT_OK(ldm_chrdev_release(r.file));
	ASSERT_OK(misc_deregister(&t.misc));
}

DEFINE_TEST(
	test_misc_deregister_from_its_own_method,
	.description =
		"a method that deregisters its own device does not wait for itself; its file's release runs once")
{
	static struct tdev t;
	struct ldm_chrdev_file *f;

	tdev_register(&t, "selfish", 54);
	ASSERT_OK(ldm_misc_open("selfish", O_RDONLY, &f));
	ASSERT_OK(ldm_chrdev_ioctl(f, TDEV_IOC_SELF, 0));
	ASSERT_EQ(t.releases, 1);
	ASSERT(!tree_exists("/class/misc/selfish"));
	ASSERT_EQ(ldm_chrdev_ioctl(f, TDEV_IOC_ECHO, 0), -ENODEV);
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT_EQ(t.releases, 1);
}

#define CHURN_ROUNDS 200
#define CHURN_USERS  4

struct churn {
	struct tdev t;
	int stop;
	int opened; /* successful ldm_misc_open() calls */
};

static void *churn_user(void *arg)
{
	struct churn *c = arg;
	struct ldm_chrdev_file *f;
	char buf[4];
	ssize_t n;

	while (!load(&c->stop)) {
		if (ldm_misc_open("churn", O_RDONLY, &f))
			continue;
		inc(&c->opened);
		n = ldm_chrdev_read(f, buf, sizeof(buf), NULL);
		if (n != 4 && n != -ENODEV)
			abort();
		n = ldm_chrdev_poll(f, POLLIN | POLLOUT, 0);
		if (n != POLLOUT && n != -ENODEV)
			abort();
		if (ldm_chrdev_release(f))
			abort();
	}
	return NULL;
}

DEFINE_TEST(
	test_misc_churn_open_close_against_deregister,
	.description =
		"threads open, read, poll and close a device while it is registered and deregistered over and over: every open is released exactly once",
	.concurrency = true)
{
	static struct churn c;
	pthread_t users[CHURN_USERS];
	int i;

	tdev_init(&c.t, "churn", 60);
	by_minor[60] = &c.t;
	for (i = 0; i < CHURN_USERS; i++)
		ASSERT_OK(pthread_create(&users[i], NULL, churn_user, &c));
	for (i = 0; i < CHURN_ROUNDS; i++) {
		ASSERT_OK(misc_register(&c.t.misc));
		usleep(200);
		ASSERT_OK(misc_deregister(&c.t.misc));
	}
	__atomic_store_n(&c.stop, 1, __ATOMIC_SEQ_CST);
	for (i = 0; i < CHURN_USERS; i++)
		ASSERT_OK(pthread_join(users[i], NULL));
	ASSERT_EQ(load(&c.t.opens), load(&c.opened));
	ASSERT_EQ(load(&c.t.releases), load(&c.opened));
}

DEFINE_TEST(
	test_misc_register_fails_cleanly_at_every_allocation,
	.description =
		"misc_register and ldm_misc_open with each allocation failing in turn: an error, nothing left, then success")
{
#ifdef LDM_FAULT_INJECTION
	static struct tdev t;
	struct ldm_chrdev_file *f;
	unsigned long k;
	int err;

	for (k = 1;; k++) {
		tdev_init(&t, "fragile", MISC_DYNAMIC_MINOR);
		ldm_fail_nth(k);
		err = misc_register(&t.misc);
		ldm_fail_nth(0);
		if (!ldm_fail_nth_fired()) {
			ASSERT_OK(err);
			break;
		}
		if (!err) {
			/* A failure the class layer absorbs; the result must be whole. */
			ASSERT_STREQ(tree_attr("/class/misc/fragile/dev"), "10:63\n");
			ASSERT_OK(misc_deregister(&t.misc));
			continue;
		}
		ASSERT(!tree_exists("/class/misc/fragile"));
		ASSERT_EQ(t.misc.minor, MISC_DYNAMIC_MINOR);
		ASSERT(!t.misc.ldm_cdev);
	}
	by_minor[t.misc.minor] = &t;
	ASSERT_STREQ(tree_attr("/class/misc/fragile/dev"), "10:63\n");
	for (k = 1;; k++) {
		ldm_fail_nth(k);
		err = ldm_misc_open("fragile", O_RDONLY, &f);
		ldm_fail_nth(0);
		if (!ldm_fail_nth_fired()) {
			ASSERT_OK(err);
			break;
		}
		ASSERT_EQ(err, -ENOMEM);
		ASSERT_EQ(t.opens, 0);
	}
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT_EQ(t.releases, 1);
	ASSERT_OK(misc_deregister(&t.misc));
#else
	ldm_test_skip("built without -Dfault_injection=true");
#endif
}

static void leave_registered(void *arg)
{
	static struct tdev t;

	(void)arg;
	if (ldm_init())
		_exit(3);
	tdev_register(&t, "leftover", MISC_DYNAMIC_MINOR);
	ldm_exit();
	exit(0);
}

DEFINE_TEST(
	test_misc_exit_deregisters_leftovers,
	.description =
		"a misc device still registered at ldm_exit is deregistered with a warning, and nothing leaks",
	.no_runtime = true)
{
	char *err = NULL;

	ASSERT_EQ(ldm_test_capture(leave_registered, NULL, &err), 0);
	ASSERT_STREQ(err, "misc: device 'leftover' (minor 63) still registered at exit; "
			  "deregistering it\n");
	free(err);
}
