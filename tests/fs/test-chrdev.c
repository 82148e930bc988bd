// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-chrdev.c - character devices (fs/char_dev.c): majors given and
 * refused as 2.6.9 does, cdevs opened by number through <libldm/chrdev.h>,
 * an open method that replaces f_op, fasync and SIGIO, the nodes; and the
 * kernel services 2.6.9 drivers use beside them (idr, bit operations,
 * notifiers, capable, the wall clock).
 */
#include <signal.h>
#include <sys/time.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

static ssize_t tc_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	const char *msg = file->private_data;
	size_t len = strlen(msg);

	(void)ppos;
	if (count > len)
		count = len;
	return copy_to_user(buf, msg, count) ? -EFAULT : (ssize_t)count;
}

static struct fasync_struct *tc_async;

static int tc_fasync(int fd, struct file *file, int on)
{
	int ret = fasync_helper(fd, file, on, &tc_async);

	return ret < 0 ? ret : 0;
}

static int tc_release(struct inode *inode, struct file *file)
{
	(void)inode;
	tc_fasync(-1, file, 0);
	return 0;
}

static const struct file_operations tc_second_fops = {
	.read = tc_read,
	.fasync = tc_fasync,
	.release = tc_release,
};

/* As 2.6.9's input core: the minor picks the methods, which replace f_op. */
static int tc_open(struct inode *inode, struct file *file)
{
	file->private_data = iminor(inode) == 1 ? "second" : "first";
	if (iminor(inode) == 1)
		file->f_op = &tc_second_fops;
	return file->f_dentry->d_inode == inode ? 0 : -EIO;
}

static const struct file_operations tc_fops = {
	.open = tc_open,
	.read = tc_read,
};

static const char *read_dev(dev_t dev)
{
	static char buf[64];
	struct ldm_chrdev_file *f;
	ssize_t n;

	if (ldm_chrdev_open(dev, O_RDONLY, &f))
		return NULL;
	n = ldm_chrdev_read(f, buf, sizeof(buf) - 1, NULL);
	ldm_chrdev_release(f);
	buf[n < 0 ? 0 : n] = '\0';
	return buf;
}

DEFINE_TEST(test_register_chrdev_majors_as_2_6_9,
	    .description = "register_chrdev: a fixed major gives 0, major 0 the highest free one "
			   "(254 down), a taken major -EBUSY; unregister_chrdev frees it")
{
	struct ldm_chrdev_file *f;
	int major;

	ASSERT_OK(register_chrdev(60, "tc", &tc_fops));
	ASSERT_EQ(register_chrdev(60, "tc2", &tc_fops), -EBUSY);
	major = register_chrdev(0, "tcdyn", &tc_fops);
	ASSERT_EQ(major, 254);
	ASSERT_EQ(register_chrdev(0, "tcdyn2", &tc_fops), 253);
	ASSERT_STREQ(read_dev(MKDEV(60, 0)), "first");
	ASSERT_STREQ(read_dev(MKDEV(254, 7)), "first");
	ASSERT_EQ(ldm_chrdev_open(MKDEV(61, 0), O_RDONLY, &f), -ENXIO);
	ASSERT_OK(unregister_chrdev(60, "tc"));
	ASSERT_EQ(ldm_chrdev_open(MKDEV(60, 0), O_RDONLY, &f), -ENXIO);
	ASSERT_OK(unregister_chrdev(254, "tcdyn"));
	ASSERT_OK(unregister_chrdev(253, "tcdyn2"));
}

DEFINE_TEST(test_chrdev_regions_conflict_and_alloc,
	    .description =
		    "register_chrdev_region refuses an overlapping range with -EBUSY and "
		    "takes a disjoint one of the same major; alloc_chrdev_region gives a free "
		    "major; cdev_add/cdev_del bind the numbers to the methods")
{
	static struct cdev cdev;
	dev_t dev;

	ASSERT_OK(register_chrdev_region(MKDEV(70, 0), 4, "tcr"));
	ASSERT_EQ(register_chrdev_region(MKDEV(70, 3), 2, "tcr2"), -EBUSY);
	ASSERT_OK(register_chrdev_region(MKDEV(70, 4), 2, "tcr3"));
	ASSERT_OK(alloc_chrdev_region(&dev, 0, 2, "tcalloc"));
	ASSERT_EQ(MAJOR(dev), 254);
	cdev_init(&cdev, &tc_fops);
	ASSERT_OK(cdev_add(&cdev, MKDEV(70, 0), 2));
	ASSERT_STREQ(read_dev(MKDEV(70, 0)), "first");
	/* Minor 1: the open method put the second methods in place. */
	ASSERT_STREQ(read_dev(MKDEV(70, 1)), "second");
	ASSERT(!read_dev(MKDEV(70, 2)));
	cdev_del(&cdev);
	ASSERT(!read_dev(MKDEV(70, 0)));
	unregister_chrdev_region(MKDEV(70, 0), 4);
	unregister_chrdev_region(MKDEV(70, 4), 2);
	unregister_chrdev_region(dev, 2);
	ASSERT_OK(register_chrdev_region(MKDEV(70, 3), 2, "tcr2"));
	unregister_chrdev_region(MKDEV(70, 3), 2);
}

static int region_count(unsigned int major, unsigned int baseminor, unsigned int count,
			const char *name, void *data)
{
	(void)baseminor;
	(void)count;
	if (major == MISC_MAJOR && !strcmp(name, "misc"))
		++*(int *)data;
	return 0;
}

DEFINE_TEST(test_misc_is_a_char_device_of_major_10,
	    .description = "the misc major is a registered range, and a misc device opens by number "
			   "as any character device")
{
	static struct miscdevice m = { .minor = 42, .name = "tcmisc", .fops = &tc_fops };
	int n = 0;
	dev_t dev;

	ASSERT_OK(ldm_chrdev_for_each_region(region_count, &n));
	ASSERT_EQ(n, 1);
	ASSERT_OK(misc_register(&m));
	ASSERT_STREQ(read_dev(MKDEV(MISC_MAJOR, 42)), "first");
	ASSERT_OK(ldm_chrdev_node_lookup("tcmisc", &dev, NULL));
	ASSERT_EQ(dev, MKDEV(MISC_MAJOR, 42));
	ASSERT_OK(misc_deregister(&m));
	ASSERT_EQ(ldm_chrdev_node_lookup("tcmisc", &dev, NULL), -ENOENT);
}

static volatile sig_atomic_t got_sigio;

static void on_sigio(int sig)
{
	(void)sig;
	got_sigio++;
}

DEFINE_TEST(test_fasync_sends_sigio_to_the_owner,
	    .description = "O_ASYNC set with ldm_chrdev_set_flags calls the driver's fasync; "
			   "kill_fasync then sends SIGIO to the owner ldm_chrdev_set_owner named")
{
	struct ldm_chrdev_file *f;

	signal(SIGIO, on_sigio);
	ASSERT_OK(register_chrdev(60, "tc", &tc_fops));
	ASSERT_OK(ldm_chrdev_open(MKDEV(60, 1), O_RDONLY, &f));
	ASSERT_OK(ldm_chrdev_set_owner(f, getpid(), 5, 0));
	ASSERT_OK(ldm_chrdev_set_flags(f, O_ASYNC));
	ASSERT(tc_async && tc_async->fa_fd == 5);
	kill_fasync(&tc_async, SIGIO, POLL_IN);
	ASSERT_EQ(got_sigio, 1);
	ASSERT_OK(ldm_chrdev_set_flags(f, 0));
	ASSERT(!tc_async);
	kill_fasync(&tc_async, SIGIO, POLL_IN);
	ASSERT_EQ(got_sigio, 1);
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT_OK(unregister_chrdev(60, "tc"));
}

DEFINE_TEST(test_idr_gives_the_lowest_free_id,
	    .description = "idr_get_new gives the lowest free id, idr_find maps it, idr_remove "
			   "frees it for reuse; a static idr left empty holds no memory")
{
	static DEFINE_IDR(idr);
	int a, b, c, x = 1, y = 2;

	ASSERT_EQ(idr_pre_get(&idr, GFP_KERNEL), 1);
	ASSERT_OK(idr_get_new(&idr, &x, &a));
	ASSERT_OK(idr_get_new(&idr, NULL, &b));
	ASSERT_OK(idr_get_new_above(&idr, &y, 100, &c));
	ASSERT_EQ(a, 0);
	ASSERT_EQ(b, 1);
	ASSERT_EQ(c, 100);
	ASSERT(idr_find(&idr, 0) == &x);
	ASSERT(idr_find(&idr, 100) == &y);
	ASSERT(!idr_find(&idr, 2));
	idr_remove(&idr, 0);
	ASSERT_OK(idr_get_new(&idr, &y, &a));
	ASSERT_EQ(a, 0);
	idr_remove(&idr, 0);
	idr_remove(&idr, 1);
	idr_remove(&idr, 100);
	ASSERT(!idr.slots);
}

DEFINE_TEST(test_bitops_as_2_6_9,
	    .description = "set_bit, clear_bit, change_bit and the test_and_ forms work across "
			   "words; the searches find set and clear bits")
{
	unsigned long map[BITS_TO_LONGS(130)] = { 0 };

	set_bit(3, map);
	set_bit(129, map);
	ASSERT(test_bit(129, map) && test_bit(3, map) && !test_bit(4, map));
	ASSERT_EQ(test_and_set_bit(3, map), 1);
	ASSERT_EQ(test_and_clear_bit(3, map), 1);
	ASSERT_EQ(test_and_clear_bit(3, map), 0);
	change_bit(64, map);
	ASSERT(test_bit(64, map));
	__set_bit(0, map);
	ASSERT_EQ(find_first_bit(map, 130), 0);
	ASSERT_EQ(find_next_bit(map, 130, 1), 64);
	ASSERT_EQ(find_first_zero_bit(map, 130), 1);
	ASSERT_EQ(__test_and_change_bit(0, map), 1);
	ASSERT(!test_bit(0, map));
}

static int seen[4], nseen;

static int tc_notify(struct notifier_block *nb, unsigned long event, void *data)
{
	(void)data;
	seen[nseen++] = nb->priority * 10 + (int)event;
	return nb->priority == 5 ? NOTIFY_STOP : NOTIFY_DONE;
}

DEFINE_TEST(test_reboot_notifiers_by_priority,
	    .description = "ldm_reboot calls the reboot notifiers by priority with SYS_RESTART "
			   "until one says NOTIFY_STOP, once per run")
{
	static struct notifier_block low = { .notifier_call = tc_notify, .priority = 1 };
	static struct notifier_block high = { .notifier_call = tc_notify, .priority = 9 };
	static struct notifier_block stop = { .notifier_call = tc_notify, .priority = 5 };

	ASSERT_OK(register_reboot_notifier(&low));
	ASSERT_OK(register_reboot_notifier(&high));
	ASSERT_OK(ldm_reboot(LDM_REBOOT_RESTART));
	ASSERT_EQ(nseen, 2);
	ASSERT_EQ(seen[0], 90 + SYS_RESTART);
	ASSERT_EQ(seen[1], 10 + SYS_RESTART);
	ASSERT_EQ(ldm_reboot(LDM_REBOOT_HALT), -EALREADY);
	ASSERT_OK(register_reboot_notifier(&stop));
	ASSERT_EQ(notifier_call_chain(&high.next, SYS_HALT, NULL), NOTIFY_STOP);
	ASSERT_EQ(seen[2], 50 + SYS_HALT);
	ASSERT_EQ(nseen, 3);
	ASSERT_OK(unregister_reboot_notifier(&low));
	ASSERT_EQ(unregister_reboot_notifier(&low), -ENOENT);
	ASSERT_OK(unregister_reboot_notifier(&high));
	ASSERT_OK(unregister_reboot_notifier(&stop));
}

static int stops;

static void on_stop(int how, const char *cmd, void *data)
{
	(void)data;
	if (how == LDM_REBOOT_RESTART && cmd && !strcmp(cmd, "now"))
		stops++;
}

DEFINE_TEST(test_machine_restart_asks_the_host_to_stop,
	    .description = "machine_restart from a driver logs, calls the host's stop handler and "
			   "returns; ldm_machine_stop_requested tells")
{
	char cmd[] = "now";

	ASSERT_EQ(ldm_machine_stop_requested(), 0);
	ldm_machine_stop_handler(on_stop, NULL);
	machine_restart(cmd);
	ldm_machine_stop_handler(NULL, NULL);
	ASSERT_EQ(stops, 1);
	ASSERT_EQ(ldm_machine_stop_requested(), LDM_REBOOT_RESTART);
}

DEFINE_TEST(test_capable_reads_the_thread_credentials,
	    .description = "capable() follows ldm_thread_set_cred for this thread and the process's "
			   "own capabilities otherwise; current->uid follows too")
{
	ASSERT_EQ(capable(CAP_SYS_ADMIN), !!(ldm_process_caps(0) & (1ULL << CAP_SYS_ADMIN)));
	ldm_thread_set_cred(1000, 1000, 1ULL << CAP_NET_ADMIN);
	ASSERT_EQ(capable(CAP_SYS_ADMIN), 0);
	ASSERT_EQ(capable(CAP_NET_ADMIN), 1);
	ASSERT_EQ(current->uid, 1000);
	ldm_thread_set_cred(0, 0, 1ULL << CAP_SYS_ADMIN);
	ASSERT_EQ(capable(CAP_SYS_ADMIN), 1);
	ldm_thread_clear_cred();
	ASSERT_EQ(current->uid, getuid());
	ASSERT_EQ(capable(-1), 0);
}

DEFINE_TEST(test_do_gettimeofday_is_the_wall_clock,
	    .description = "do_gettimeofday and get_seconds give the wall clock")
{
	struct timeval tv, now;

	do_gettimeofday(&tv);
	gettimeofday(&now, NULL);
	ASSERT(tv.tv_sec >= now.tv_sec - 1 && tv.tv_sec <= now.tv_sec);
	ASSERT(tv.tv_usec >= 0 && tv.tv_usec < 1000000);
	ASSERT((long)get_seconds() >= now.tv_sec - 1);
}

static ssize_t tc_dev_show(struct class_device *cd, char *buf)
{
	(void)cd;
	return sprintf(buf, "%u:%u\n", 71U, 5U);
}

static struct class_device_attribute tc_dev_attr = __ATTR(dev, 0444, tc_dev_show, NULL);

static void tc_class_release(struct class_device *cd)
{
	(void)cd;
}

static int count_named(const char *name, dev_t dev, mode_t mode, void *data)
{
	(void)dev, (void)mode;
	if (!strncmp(name, "tcnode", 6))
		++*(int *)data;
	return 0;
}

DEFINE_TEST(test_node_index_follows_class_devices,
	    .description = "a device node is found by name and by number through the runtime's "
			   "index as its class device gets a dev file (from class_simple or from "
			   "a driver), is renamed, loses the file and goes; the walk lists the same "
			   "nodes")
{
	static struct class tc_class = { .name = "tcnodes", .release = tc_class_release };
	static struct class_device cd = { .class = &tc_class, .class_id = "tcnode_drv" };
	struct class_simple *cs = class_simple_create(NULL, (char *)"tcsimple");
	char name[64];
	mode_t mode;
	dev_t dev;
	int n = 0;

	ASSERT(!IS_ERR_OR_NULL(cs));
	ASSERT(!IS_ERR(class_simple_device_add(cs, MKDEV(71, 1), NULL, "tcnode1")));
	ASSERT(!IS_ERR(class_simple_device_add(cs, MKDEV(71, 2), NULL, "tcnode2")));
	ASSERT_OK(ldm_chrdev_node_lookup("tcnode2", &dev, &mode));
	ASSERT_EQ(dev, MKDEV(71, 2));
	ASSERT_EQ(mode, (mode_t)(S_IFCHR | 0600));
	ASSERT_OK(ldm_chrdev_node_by_dev(MKDEV(71, 1), name, sizeof(name), &mode));
	ASSERT_STREQ(name, "tcnode1");
	ASSERT_EQ(ldm_chrdev_node_by_dev(MKDEV(71, 9), name, sizeof(name), NULL), -ENOENT);

	/* A dev file a driver makes itself, and takes away. */
	ASSERT_OK(class_register(&tc_class));
	ASSERT_OK(class_device_register(&cd));
	ASSERT_EQ(ldm_chrdev_node_lookup("tcnode_drv", &dev, NULL), -ENOENT);
	ASSERT_OK(class_device_create_file(&cd, &tc_dev_attr));
	ASSERT_OK(ldm_chrdev_node_lookup("tcnode_drv", &dev, NULL));
	ASSERT_EQ(dev, MKDEV(71, 5));
	ASSERT_OK(ldm_chrdev_for_each_node(count_named, &n));
	ASSERT_EQ(n, 3);
	ASSERT_OK(class_device_rename(&cd, (char *)"tcnode_new"));
	ASSERT_EQ(ldm_chrdev_node_lookup("tcnode_drv", &dev, NULL), -ENOENT);
	ASSERT_OK(ldm_chrdev_node_by_dev(MKDEV(71, 5), name, sizeof(name), NULL));
	ASSERT_STREQ(name, "tcnode_new");
	class_device_remove_file(&cd, &tc_dev_attr);
	ASSERT_EQ(ldm_chrdev_node_by_dev(MKDEV(71, 5), name, sizeof(name), NULL), -ENOENT);
	/* Made again, it goes with its class device. */
	ASSERT_OK(class_device_create_file(&cd, &tc_dev_attr));
	ASSERT_OK(ldm_chrdev_node_lookup("tcnode_new", &dev, NULL));
	/* A driver that writes its class_id itself: the node still goes with it. */
	strcpy(cd.class_id, "tcnode_self");
	class_device_unregister(&cd);
	ASSERT_EQ(ldm_chrdev_node_lookup("tcnode_new", &dev, NULL), -ENOENT);
	ASSERT_EQ(ldm_chrdev_node_by_dev(MKDEV(71, 5), name, sizeof(name), NULL), -ENOENT);
	class_unregister(&tc_class);

	class_simple_device_remove(MKDEV(71, 1));
	class_simple_device_remove(MKDEV(71, 2));
	ASSERT_EQ(ldm_chrdev_node_lookup("tcnode1", &dev, NULL), -ENOENT);
	ASSERT_EQ(ldm_chrdev_node_by_dev(MKDEV(71, 2), name, sizeof(name), NULL), -ENOENT);
	class_simple_destroy(cs);
}

/* Count the nodes named "tcdevfs..." and note the last one's mode. */
static int count_devfs(const char *name, dev_t dev, mode_t mode, void *data)
{
	mode_t *last = data;

	(void)dev;
	if (!strncmp(name, "tcdevfs/", 8)) {
		last[0]++;
		last[1] = mode;
	}
	return 0;
}

DEFINE_TEST(test_devfs_names_are_nodes,
	    .description = "devfs_mk_cdev() names a node (ipmi_devintf's ipmidev/0 is one) that "
			   "is found by name, by number and in the walk with its mode; a number a "
			   "class device shows keeps the class device's name alone; bad and taken "
			   "names are refused; devfs_remove() of a directory takes what is below it")
{
	struct class_simple *cs = class_simple_create(NULL, (char *)"tcdevfs_cls");
	mode_t mode, walk[2] = { 0, 0 };
	char name[64];
	dev_t dev;

	ASSERT_OK(devfs_mk_cdev(MKDEV(72, 0), S_IFCHR | S_IRUSR | S_IWUSR, "tcdevfs/%d", 0));
	ASSERT_OK(devfs_mk_cdev(MKDEV(72, 1), S_IFCHR | 0640, "tcdevfs/%d", 1));
	ASSERT_OK(ldm_chrdev_node_lookup("tcdevfs/1", &dev, &mode));
	ASSERT_EQ(dev, MKDEV(72, 1));
	ASSERT_EQ(mode, (mode_t)(S_IFCHR | 0640));
	ASSERT_OK(ldm_chrdev_node_by_dev(MKDEV(72, 0), name, sizeof(name), &mode));
	ASSERT_STREQ(name, "tcdevfs/0");
	ASSERT_EQ(mode, (mode_t)(S_IFCHR | 0600));
	ASSERT_OK(ldm_chrdev_for_each_node(count_devfs, walk));
	ASSERT_EQ(walk[0], 2);

	ASSERT(!IS_ERR_OR_NULL(cs));
	ASSERT(!IS_ERR(class_simple_device_add(cs, MKDEV(72, 1), NULL, "tcdevfs_one")));
	ASSERT_EQ(ldm_chrdev_node_lookup("tcdevfs/1", &dev, NULL), -ENOENT);
	ASSERT_OK(ldm_chrdev_node_by_dev(MKDEV(72, 1), name, sizeof(name), NULL));
	ASSERT_STREQ(name, "tcdevfs_one");
	walk[0] = 0;
	ASSERT_OK(ldm_chrdev_for_each_node(count_devfs, walk));
	ASSERT_EQ(walk[0], 1);
	class_simple_device_remove(MKDEV(72, 1));
	class_simple_destroy(cs);

	ASSERT_EQ(devfs_mk_cdev(MKDEV(72, 2), S_IFCHR | 0600, "tcdevfs/%d", 0), -EEXIST);
	ASSERT_EQ(devfs_mk_cdev(MKDEV(72, 2), S_IFCHR | 0600, "%s", "../etc/x"), -EINVAL);
	ASSERT_EQ(devfs_mk_cdev(MKDEV(72, 2), S_IFCHR | 0600, "%s", "a//b"), -EINVAL);
	ASSERT_EQ(devfs_mk_cdev(MKDEV(72, 2), S_IFCHR | 0600, "%s", ""), -EINVAL);
	ASSERT_EQ(devfs_mk_cdev(MKDEV(72, 2), S_IFCHR | 0600, "%s", "/abs"), -EINVAL);
	ASSERT(ldm_test_log_has("devfs: device name \"../etc/x\" refused"));

	devfs_remove("tcdevfs");
	ASSERT_EQ(ldm_chrdev_node_lookup("tcdevfs/0", &dev, NULL), -ENOENT);
	ASSERT_EQ(ldm_chrdev_node_by_dev(MKDEV(72, 1), name, sizeof(name), NULL), -ENOENT);
}
