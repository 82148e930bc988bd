// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-class.c - device classes as a user of the tree sees them: /class/<c>
 * with its attributes, class devices at /class/<c>/<class_id> with the
 * class's attributes and "device" and "driver" links, the class's release()
 * once per class device, the -EINVAL and -EEXIST refusals that leave
 * nothing behind, renames, class interfaces told of every class device,
 * present and future, and of each going away, hotplug events named after
 * the class, class_simple with its "dev" file, the licences of the class
 * exports, and /firmware.
 */
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

/* ---- helpers: sysfs as a process sees it ---- */

static void echo(const char *path, const char *text)
{
	ASSERT_EQ(ldm_sysfs_write_path(path, text, strlen(text)), strlen(text));
}

struct names {
	char buf[512];
};

static int add_name(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
{
	struct names *n = ctx;

	(void)st;
	if (n->buf[0])
		strcat(n->buf, " ");
	strcat(n->buf, name);
	return 0;
}

/* The entries of directory @path, space-separated, in creation order. */
static const char *ls(const char *path)
{
	static struct names n;
	struct ldm_sysfs_node *sd;

	memset(&n, 0, sizeof(n));
	if (ldm_sysfs_lookup(path, LDM_SYSFS_FOLLOW, &sd))
		FAIL("directory %s does not exist", path);
	ASSERT_OK(ldm_sysfs_readdir(sd, add_name, &n));
	ldm_sysfs_put(sd);
	return n.buf;
}

/* ---- helpers: hotplug events ---- */

#define MAX_EVENTS 16

struct seen_event {
	char action[16];
	char devpath[64];
	char subsystem[32];
	char env[512]; /* "\nKEY=value\nKEY=value\n" */
};

static struct seen_event events[MAX_EVENTS];
static int nr_events;

static void record_event(const struct ldm_uevent *ev, void *data)
{
	struct seen_event *e;
	char **v;

	(void)data;
	if (nr_events >= MAX_EVENTS)
		return;
	e = &events[nr_events++];
	snprintf(e->action, sizeof(e->action), "%s", ev->action);
	snprintf(e->devpath, sizeof(e->devpath), "%s", ev->devpath);
	snprintf(e->subsystem, sizeof(e->subsystem), "%s", ev->subsystem);
	strcpy(e->env, "\n");
	for (v = ev->envp; *v; v++) {
		strncat(e->env, *v, sizeof(e->env) - strlen(e->env) - 2);
		strcat(e->env, "\n");
	}
}

static bool has_var(const struct seen_event *e, const char *var)
{
	char want[128];

	snprintf(want, sizeof(want), "\n%s\n", var);
	return strstr(e->env, want) != NULL;
}

/* ---- the class under test: "widget" ---- */

static int class_releases;
static int cdev_releases;
static struct class_device *released[8];

static ssize_t version_show(struct class *cls, char *buf)
{
	return sprintf(buf, "%s-v1\n", cls->name);
}

static ssize_t id_show(struct class_device *cd, char *buf)
{
	return sprintf(buf, "%s\n", cd->class_id);
}

static int widget_hotplug(struct class_device *cd, char **envp, int num_envp, char *buffer,
			  int buffer_size)
{
	if (num_envp < 2)
		return -ENOMEM;
	envp[0] = buffer;
	if (snprintf(buffer, (size_t)buffer_size, "WIDGET_ID=%s", cd->class_id) >= buffer_size)
		return -ENOMEM;
	envp[1] = NULL;
	return 0;
}

static void widget_cdev_release(struct class_device *cd)
{
	if (cdev_releases < 8)
		released[cdev_releases] = cd;
	cdev_releases++;
}

static void widget_class_release(struct class *cls)
{
	(void)cls;
	class_releases++;
}

static struct class_attribute widget_class_attrs[] = {
	__ATTR(version, 0444, version_show, NULL),
	__ATTR_NULL,
};

static struct class_device_attribute widget_cdev_attrs[] = {
	__ATTR(id, 0444, id_show, NULL),
	__ATTR_NULL,
};

static struct class widget_class = {
	.name = "widget",
	.class_attrs = widget_class_attrs,
	.class_dev_attrs = widget_cdev_attrs,
	.hotplug = widget_hotplug,
	.release = widget_cdev_release,
	.class_release = widget_class_release,
};

static void widget_register(void)
{
	ASSERT_OK(class_register(&widget_class));
}

/* Unregister the class and check the last reference went with it. */
static void widget_unregister(void)
{
	class_unregister(&widget_class);
	ASSERT(!tree_exists("/class/widget"));
	ASSERT_EQ(class_releases, 1);
}

static void class_dev_setup(struct class_device *cd, const char *id, struct device *dev)
{
	memset(cd, 0, sizeof(*cd));
	cd->class = &widget_class;
	cd->dev = dev;
	snprintf(cd->class_id, sizeof(cd->class_id), "%s", id);
}

/* ---- devices the class devices belong to ---- */

static int dev_releases;

static void dev_release(struct device *dev)
{
	(void)dev;
	dev_releases++;
}

static void plain_device_register(struct device *dev, const char *name, struct bus_type *bus)
{
	memset(dev, 0, sizeof(*dev));
	snprintf(dev->bus_id, sizeof(dev->bus_id), "%s", name);
	dev->bus = bus;
	dev->release = dev_release;
	ASSERT_OK(device_register(dev));
}

static int match_all(struct device *dev, struct device_driver *drv)
{
	(void)dev;
	(void)drv;
	return 1;
}

static struct bus_type cbus = {
	.name = "cbus",
	.match = match_all,
};

/* ---- classes ---- */

DEFINE_TEST(
	test_class_register_creates_directory_with_class_attrs,
	.description =
		"class_register makes /class/<name> with the class_attrs, class_unregister removes it and releases the class")
{
	ASSERT(!tree_exists("/class/widget"));
	widget_register();
	ASSERT_EQ(tree_type("/class/widget"), LDM_SYSFS_DIR);
	ASSERT_STREQ(ls("/class/widget"), "version");
	ASSERT_STREQ(tree_attr("/class/widget/version"), "widget-v1\n");
	ASSERT_EQ(class_releases, 0);
	widget_unregister();
}

DEFINE_TEST(
	test_class_get_keeps_class_until_class_put,
	.description =
		"a class_get() reference keeps the class from release after class_unregister; class_put releases it")
{
	widget_register();
	ASSERT(class_get(&widget_class) == &widget_class);
	class_unregister(&widget_class);
	ASSERT(!tree_exists("/class/widget"));
	ASSERT_EQ(class_releases, 0);
	class_put(&widget_class);
	ASSERT_EQ(class_releases, 1);
	ASSERT(class_get(NULL) == NULL);
	class_put(NULL);
}

static char knob[32] = "7\n";

static ssize_t knob_show(struct class *cls, char *buf)
{
	(void)cls;
	return sprintf(buf, "%s", knob);
}

static ssize_t knob_store(struct class *cls, const char *buf, size_t count)
{
	ASSERT(cls == &widget_class);
	if (count >= sizeof(knob))
		return -EINVAL;
	memcpy(knob, buf, count);
	knob[count] = '\0';
	return (ssize_t)count;
}

static CLASS_ATTR(knob, 0644, knob_show, knob_store);

DEFINE_TEST(
	test_class_create_file_shows_and_stores,
	.description =
		"class_create_file adds /class/<c>/<attr> whose read and write reach show() and store(); class_remove_file removes it")
{
	widget_register();
	ASSERT_OK(class_create_file(&widget_class, &class_attr_knob));
	ASSERT_STREQ(tree_attr("/class/widget/knob"), "7\n");
	echo("/class/widget/knob", "42\n");
	ASSERT_STREQ(knob, "42\n");
	ASSERT_STREQ(tree_attr("/class/widget/knob"), "42\n");
	class_remove_file(&widget_class, &class_attr_knob);
	ASSERT(!tree_exists("/class/widget/knob"));
	ASSERT_EQ(ldm_sysfs_read_path("/class/widget/knob", knob, sizeof(knob)), -ENOENT);
	ASSERT_EQ(class_create_file(NULL, &class_attr_knob), -EINVAL);
	widget_unregister();
}

/* ---- class devices ---- */

DEFINE_TEST(
	test_class_device_register_creates_directory_attrs_and_device_link,
	.description =
		"class_device_register makes /class/<c>/<id> with the class_dev_attrs and a \"device\" link to ../../../devices/<dev>")
{
	static struct class_device cd;
	static struct device dev;

	widget_register();
	plain_device_register(&dev, "gadget0", NULL);
	class_dev_setup(&cd, "w0", &dev);
	ASSERT_OK(class_device_register(&cd));

	ASSERT_EQ(tree_type("/class/widget/w0"), LDM_SYSFS_DIR);
	ASSERT_STREQ(tree_attr("/class/widget/w0/id"), "w0\n");
	ASSERT_EQ(tree_type("/class/widget/w0/device"), LDM_SYSFS_LINK);
	ASSERT_STREQ(tree_link("/class/widget/w0/device"), "../../../devices/gadget0");
	/* The link leads to the device's own directory. */
	ASSERT_STREQ(tree_attr("/class/widget/w0/device/power/state"), "0\n");
	/* An unbound device gives no "driver" link. */
	ASSERT(!tree_exists("/class/widget/w0/driver"));
	ASSERT_STREQ(ls("/class/widget"), "version w0");

	class_device_unregister(&cd);
	ASSERT(!tree_exists("/class/widget/w0"));
	ASSERT_STREQ(ls("/class/widget"), "version");
	ASSERT_EQ(cdev_releases, 1);
	ASSERT(released[0] == &cd);
	device_unregister(&dev);
	ASSERT_EQ(dev_releases, 1);
	widget_unregister();
}

static struct device_driver cdrv = {
	.name = "cdrv",
	.bus = &cbus,
};

DEFINE_TEST(
	test_class_device_of_bound_device_links_its_driver,
	.description =
		"a class device of a device bound to a driver has a \"driver\" link to /bus/<bus>/drivers/<drv>, gone with it")
{
	static struct class_device cd;
	static struct device dev;

	ASSERT_OK(bus_register(&cbus));
	ASSERT_OK(driver_register(&cdrv));
	plain_device_register(&dev, "gadget1", &cbus);
	ASSERT(dev.driver == &cdrv);
	widget_register();
	class_dev_setup(&cd, "w1", &dev);
	ASSERT_OK(class_device_register(&cd));

	ASSERT_STREQ(tree_link("/class/widget/w1/device"), "../../../devices/gadget1");
	ASSERT_EQ(tree_type("/class/widget/w1/driver"), LDM_SYSFS_LINK);
	ASSERT_STREQ(tree_link("/class/widget/w1/driver"), "../../../bus/cbus/drivers/cdrv");
	/* Both links lead somewhere: through "driver" to the device's link. */
	ASSERT_EQ(tree_type("/class/widget/w1/driver/gadget1"), LDM_SYSFS_LINK);

	class_device_unregister(&cd);
	ASSERT(!tree_exists("/class/widget/w1"));
	ASSERT_EQ(cdev_releases, 1);
	device_unregister(&dev);
	driver_unregister(&cdrv);
	bus_unregister(&cbus);
	ASSERT_EQ(dev_releases, 1);
	widget_unregister();
}

DEFINE_TEST(
	test_class_device_release_runs_once_each_after_last_put,
	.description =
		"the class's release() runs exactly once per class device, when its last reference goes, not at unregister")
{
	static struct class_device cd[3];
	char id[8];
	int i;

	widget_register();
	for (i = 0; i < 3; i++) {
		snprintf(id, sizeof(id), "w%d", i);
		class_dev_setup(&cd[i], id, NULL);
		ASSERT_OK(class_device_register(&cd[i]));
	}
	ASSERT_STREQ(ls("/class/widget"), "version w0 w1 w2");
	ASSERT(!tree_exists("/class/widget/w0/device"));

	ASSERT(class_device_get(&cd[1]) == &cd[1]);
	for (i = 0; i < 3; i++)
		class_device_unregister(&cd[i]);
	ASSERT_STREQ(ls("/class/widget"), "version");
	ASSERT_EQ(cdev_releases, 2);
	ASSERT(released[0] == &cd[0]);
	ASSERT(released[1] == &cd[2]);
	class_device_put(&cd[1]);
	ASSERT_EQ(cdev_releases, 3);
	ASSERT(released[2] == &cd[1]);
	widget_unregister();
	ASSERT_EQ(cdev_releases, 3);
}

static void count_event(const struct ldm_uevent *ev, void *data)
{
	(void)ev;
	(*(int *)data)++;
}

static void add_without_class(void *arg)
{
	static struct class_device cd;

	(void)arg;
	/* The child inherits the running runtime of the test. */
	memset(&cd, 0, sizeof(cd));
	strcpy(cd.class_id, "orphan");
	class_device_initialize(&cd);
	ASSERT_EQ(class_device_add(&cd), -EINVAL);
	ASSERT(!tree_exists("/class/orphan"));
	class_device_put(&cd);
	/*
	 * No ldm_exit() here: the runtime's threads (timers, work queues)
	 * stayed in the parent, and the parent's ldm_exit() checks for leaks.
	 */
	_exit(0);
}

DEFINE_TEST(
	test_class_device_add_without_class_or_class_id_is_einval,
	.description =
		"class_device_add without a class_id or a class gives -EINVAL and leaves no directory, event or reference behind")
{
	static struct class_device cd;
	int nr = 0, status;
	char *err = NULL;

	widget_register();
	ASSERT_OK(ldm_uevent_listen(count_event, &nr));
	class_dev_setup(&cd, "", NULL);
	class_device_initialize(&cd);
	ASSERT_EQ(class_device_add(&cd), -EINVAL);
	ASSERT_STREQ(ls("/class/widget"), "version");
	ASSERT_EQ(cdev_releases, 0);
	class_device_put(&cd);
	ASSERT_EQ(cdev_releases, 1);
	ASSERT_EQ(nr, 0);
	ASSERT_OK(ldm_uevent_unlisten(count_event, &nr));
	/* The class reference class_device_add took was given back. */
	widget_unregister();

	/*
	 * Without a class there is no release() to call: the runtime says so
	 * when the reference goes, and nothing stays alive at exit.
	 */
	status = ldm_test_capture(add_without_class, NULL, &err);
	if (status != 0)
		fprintf(stderr, "%s", err ? err : "");
	ASSERT_EQ(status, 0);
	ASSERT(strstr(err, "Device class 'orphan' does not have a release() function"));
	free(err);
}

DEFINE_TEST(
	test_class_device_duplicate_class_id_is_eexist,
	.description =
		"a second class device with the same class_id gives -EEXIST, leaves the first intact and is released on its put")
{
	static struct class_device first, second;

	widget_register();
	class_dev_setup(&first, "w0", NULL);
	ASSERT_OK(class_device_register(&first));
	class_dev_setup(&second, "w0", NULL);
	ASSERT_EQ(class_device_register(&second), -EEXIST);
	ASSERT_STREQ(ls("/class/widget"), "version w0");
	ASSERT_STREQ(tree_attr("/class/widget/w0/id"), "w0\n");
	class_device_put(&second);
	ASSERT_EQ(cdev_releases, 1);
	ASSERT(released[0] == &second);
	ASSERT_STREQ(tree_attr("/class/widget/w0/id"), "w0\n");
	class_device_unregister(&first);
	ASSERT_EQ(cdev_releases, 2);
	widget_unregister();
}

static char label[32] = "none\n";

static ssize_t label_show(struct class_device *cd, char *buf)
{
	return sprintf(buf, "%s:%s", cd->class_id, label);
}

static ssize_t label_store(struct class_device *cd, const char *buf, size_t count)
{
	ASSERT_STREQ(cd->class_id, "w0");
	if (count >= sizeof(label))
		return -EINVAL;
	memcpy(label, buf, count);
	label[count] = '\0';
	return (ssize_t)count;
}

static CLASS_DEVICE_ATTR(label, 0644, label_show, label_store);

DEFINE_TEST(
	test_class_device_create_file_shows_and_stores,
	.description =
		"class_device_create_file adds a file of the class device reaching its show() and store(); class_device_remove_file removes it")
{
	static struct class_device cd;

	widget_register();
	class_dev_setup(&cd, "w0", NULL);
	ASSERT_OK(class_device_register(&cd));
	ASSERT_OK(class_device_create_file(&cd, &class_device_attr_label));
	ASSERT_STREQ(ls("/class/widget/w0"), "id uevent subsystem label");
	ASSERT_STREQ(tree_attr("/class/widget/w0/label"), "w0:none\n");
	echo("/class/widget/w0/label", "blue\n");
	ASSERT_STREQ(label, "blue\n");
	ASSERT_STREQ(tree_attr("/class/widget/w0/label"), "w0:blue\n");
	class_device_remove_file(&cd, &class_device_attr_label);
	ASSERT(!tree_exists("/class/widget/w0/label"));
	ASSERT_STREQ(ls("/class/widget/w0"), "id uevent subsystem");
	ASSERT_EQ(class_device_create_file(NULL, &class_device_attr_label), -EINVAL);
	class_device_unregister(&cd);
	widget_unregister();
}

DEFINE_TEST(
	test_class_device_rename_moves_directory_and_class_id,
	.description =
		"class_device_rename moves /class/<c>/<id> to the new name and sets class_id; a taken name gives -EEXIST and changes nothing")
{
	static struct class_device cd, other;

	widget_register();
	class_dev_setup(&cd, "w0", NULL);
	ASSERT_OK(class_device_register(&cd));
	class_dev_setup(&other, "w1", NULL);
	ASSERT_OK(class_device_register(&other));

	ASSERT_OK(class_device_rename(&cd, "w9"));
	ASSERT(!tree_exists("/class/widget/w0"));
	ASSERT_STREQ(cd.class_id, "w9");
	ASSERT_STREQ(tree_attr("/class/widget/w9/id"), "w9\n");

	ASSERT_EQ(class_device_rename(&cd, "w1"), -EEXIST);
	ASSERT_STREQ(cd.class_id, "w9");
	ASSERT_STREQ(tree_attr("/class/widget/w9/id"), "w9\n");
	ASSERT_STREQ(tree_attr("/class/widget/w1/id"), "w1\n");
	ASSERT_EQ(class_device_rename(&cd, "a-name-longer-than-bus-id-size"), -EINVAL);
	ASSERT_STREQ(cd.class_id, "w9");

	class_device_unregister(&cd);
	class_device_unregister(&other);
	ASSERT_STREQ(ls("/class/widget"), "version");
	ASSERT_EQ(cdev_releases, 2);
	widget_unregister();
}

/* ---- class interfaces ---- */

static char intf_log[256];

static void intf_note(const char *what, struct class_device *cd)
{
	char path[64];

	/* The class device is in the tree whenever an interface hears of it. */
	snprintf(path, sizeof(path), "/class/widget/%s/id", cd->class_id);
	ASSERT(tree_exists(path));
	if (intf_log[0])
		strcat(intf_log, " ");
	strcat(intf_log, what);
	strcat(intf_log, cd->class_id);
}

static int intf_add(struct class_device *cd)
{
	intf_note("+", cd);
	return 0;
}

static void intf_remove(struct class_device *cd)
{
	intf_note("-", cd);
}

static struct class_interface widget_intf = {
	.class = &widget_class,
	.add = intf_add,
	.remove = intf_remove,
};

DEFINE_TEST(
	test_class_interface_hears_of_every_class_device,
	.description =
		"an interface's add() runs for each class device present at class_interface_register and each added later; remove() on class_device_del and for each left at class_interface_unregister")
{
	static struct class_device cd[4];
	static struct class_interface headless = { .class = NULL };
	char id[8];
	int i;

	widget_register();
	for (i = 0; i < 2; i++) {
		snprintf(id, sizeof(id), "w%d", i);
		class_dev_setup(&cd[i], id, NULL);
		ASSERT_OK(class_device_register(&cd[i]));
	}
	ASSERT_OK(class_interface_register(&widget_intf));
	ASSERT_STREQ(intf_log, "+w0 +w1");

	for (i = 2; i < 4; i++) {
		snprintf(id, sizeof(id), "w%d", i);
		class_dev_setup(&cd[i], id, NULL);
		ASSERT_OK(class_device_register(&cd[i]));
	}
	ASSERT_STREQ(intf_log, "+w0 +w1 +w2 +w3");

	class_device_unregister(&cd[1]);
	ASSERT_STREQ(intf_log, "+w0 +w1 +w2 +w3 -w1");

	class_interface_unregister(&widget_intf);
	ASSERT_STREQ(intf_log, "+w0 +w1 +w2 +w3 -w1 -w0 -w2 -w3");

	/* Once unregistered, the interface hears of nothing more. */
	class_device_unregister(&cd[0]);
	class_device_unregister(&cd[2]);
	class_device_unregister(&cd[3]);
	ASSERT_STREQ(intf_log, "+w0 +w1 +w2 +w3 -w1 -w0 -w2 -w3");
	ASSERT_EQ(cdev_releases, 4);

	ASSERT_EQ(class_interface_register(&headless), -ENODEV);
	ASSERT_EQ(class_interface_register(NULL), -ENODEV);
	widget_unregister();
}

/* ---- hotplug ---- */

DEFINE_TEST(
	test_class_device_hotplug_events_name_the_class,
	.description =
		"registering and unregistering a class device raise add and remove with SUBSYSTEM=<class>, DEVPATH=/class/<c>/<id> and the class's hotplug() variables")
{
	static struct class_device cd;
	static struct device dev;

	widget_register();
	plain_device_register(&dev, "gadget0", NULL); /* no bus: no event */
	ASSERT_OK(ldm_uevent_listen(record_event, NULL));
	class_dev_setup(&cd, "w0", &dev);
	ASSERT_OK(class_device_register(&cd));
	ASSERT_OK(class_device_rename(&cd, "w5"));
	class_device_unregister(&cd);
	ASSERT_OK(ldm_uevent_unlisten(record_event, NULL));

	ASSERT_EQ(nr_events, 2);
	ASSERT_STREQ(events[0].action, "add");
	ASSERT_STREQ(events[0].devpath, "/class/widget/w0");
	ASSERT_STREQ(events[0].subsystem, "widget");
	ASSERT(has_var(&events[0], "ACTION=add"));
	ASSERT(has_var(&events[0], "DEVPATH=/class/widget/w0"));
	ASSERT(has_var(&events[0], "SUBSYSTEM=widget"));
	ASSERT(has_var(&events[0], "WIDGET_ID=w0"));
	ASSERT_STREQ(events[1].action, "remove");
	ASSERT_STREQ(events[1].devpath, "/class/widget/w5");
	ASSERT_STREQ(events[1].subsystem, "widget");
	ASSERT(has_var(&events[1], "WIDGET_ID=w5"));

	device_unregister(&dev);
	widget_unregister();
}

static int refuse_hotplug(struct class_device *cd, char **envp, int num_envp, char *buffer,
			  int buffer_size)
{
	(void)cd;
	(void)envp;
	(void)num_envp;
	(void)buffer;
	(void)buffer_size;
	return -ENOMEM;
}

DEFINE_TEST(
	test_class_hotplug_error_drops_the_event,
	.description =
		"a class whose hotplug() fails raises no event for its class devices, which are added all the same")
{
	static struct class_device cd;

	widget_class.hotplug = refuse_hotplug;
	widget_register();
	ASSERT_OK(ldm_uevent_listen(record_event, NULL));
	class_dev_setup(&cd, "w0", NULL);
	ASSERT_OK(class_device_register(&cd));
	ASSERT(tree_exists("/class/widget/w0/id"));
	class_device_unregister(&cd);
	ASSERT_OK(ldm_uevent_unlisten(record_event, NULL));
	ASSERT_EQ(nr_events, 0);
	widget_unregister();
}

/* ---- class_simple ---- */

DEFINE_TEST(
	test_class_simple_device_add_makes_dev_file,
	.description =
		"class_simple_device_add(cs, MKDEV(240, 3), dev, \"foo%d\", 3) makes /class/<c>/foo3 whose dev reads \"240:3\\n\"; class_simple_device_remove removes it")
{
	struct class_simple *cs;
	struct class_device *cd;
	static struct device dev;

	cs = class_simple_create(THIS_MODULE, "simple");
	ASSERT(!IS_ERR_OR_NULL(cs));
	ASSERT_EQ(tree_type("/class/simple"), LDM_SYSFS_DIR);
	plain_device_register(&dev, "gadget0", NULL);

	cd = class_simple_device_add(cs, MKDEV(240, 3), &dev, "foo%d", 3);
	ASSERT(!IS_ERR_OR_NULL(cd));
	ASSERT_STREQ(cd->class_id, "foo3");
	ASSERT_STREQ(tree_attr("/class/simple/foo3/dev"), "240:3\n");
	ASSERT_STREQ(tree_link("/class/simple/foo3/device"), "../../../devices/gadget0");

	cd = class_simple_device_add(cs, MKDEV(240, 4), NULL, "bar");
	ASSERT(!IS_ERR_OR_NULL(cd));
	ASSERT_STREQ(tree_attr("/class/simple/bar/dev"), "240:4\n");
	ASSERT(!tree_exists("/class/simple/bar/device"));
	ASSERT_STREQ(ls("/class/simple"), "foo3 bar");

	class_simple_device_remove(MKDEV(240, 3));
	ASSERT(!tree_exists("/class/simple/foo3"));
	ASSERT_STREQ(tree_attr("/class/simple/bar/dev"), "240:4\n");
	class_simple_device_remove(MKDEV(240, 3)); /* gone already: nothing */
	class_simple_device_remove(MKDEV(240, 4));
	ASSERT_STREQ(ls("/class/simple"), "");

	class_simple_destroy(cs);
	ASSERT(!tree_exists("/class/simple"));
	device_unregister(&dev);
	ASSERT_EQ(dev_releases, 1);
}

DEFINE_TEST(
	test_class_simple_destroy_frees_class_and_devices,
	.description =
		"class_simple_destroy with its devices removed frees everything; a duplicate name gives -EEXIST and frees its device")
{
	struct class_simple *cs;
	struct class_device *cd;

	cs = class_simple_create(THIS_MODULE, "simple");
	ASSERT(!IS_ERR_OR_NULL(cs));
	cd = class_simple_device_add(cs, MKDEV(10, 1), NULL, "tty%d", 1);
	ASSERT(!IS_ERR_OR_NULL(cd));
	cd = class_simple_device_add(cs, MKDEV(10, 2), NULL, "tty%d", 1);
	ASSERT(IS_ERR(cd));
	ASSERT_EQ(PTR_ERR(cd), -EEXIST);
	ASSERT_STREQ(tree_attr("/class/simple/tty1/dev"), "10:1\n");
	class_simple_device_remove(MKDEV(10, 2)); /* never added: nothing */
	ASSERT_STREQ(tree_attr("/class/simple/tty1/dev"), "10:1\n");
	class_simple_device_remove(MKDEV(10, 1));
	class_simple_destroy(cs);
	ASSERT(!tree_exists("/class/simple"));
	/* LeakSanitizer, at the end of the test, checks that all was freed. */
}

DEFINE_TEST(
	test_class_simple_create_of_taken_name_is_eexist,
	.description =
		"class_simple_create of a name already in /class gives ERR_PTR(-EEXIST), frees what it allocated and leaves the first class working")
{
	struct class_simple *cs, *again;
	struct class_device *cd;

	cs = class_simple_create(THIS_MODULE, "simple");
	ASSERT(!IS_ERR_OR_NULL(cs));
	again = class_simple_create(THIS_MODULE, "simple");
	ASSERT(IS_ERR(again));
	ASSERT_EQ(PTR_ERR(again), -EEXIST);
	cd = class_simple_device_add(cs, MKDEV(240, 3), NULL, "foo%d", 3);
	ASSERT(!IS_ERR_OR_NULL(cd));
	ASSERT_STREQ(tree_attr("/class/simple/foo3/dev"), "240:3\n");
	class_simple_device_remove(MKDEV(240, 3));
	class_simple_destroy(cs);
	ASSERT(!tree_exists("/class/simple"));
}

DEFINE_TEST(
	test_class_register_of_taken_name_is_eexist,
	.description =
		"class_register of a name already in /class gives -EEXIST, releases the class it refused, and leaves the first one in place")
{
	static struct class twin = { .name = "widget", .class_release = widget_class_release };

	widget_register();
	ASSERT_EQ(class_register(&twin), -EEXIST);
	ASSERT_EQ(class_releases, 1);
	ASSERT_STREQ(tree_attr("/class/widget/version"), "widget-v1\n");
	class_unregister(&widget_class);
	ASSERT(!tree_exists("/class/widget"));
	ASSERT_EQ(class_releases, 2);
}

DEFINE_TEST(
	test_class_simple_without_class_is_enodev,
	.description =
		"class_simple_device_add and class_simple_set_hotplug on a NULL or ERR_PTR class give -ENODEV; destroying one is a no-op")
{
	struct class_device *cd;
	char before[512];

	snprintf(before, sizeof(before), "%s", ls("/class"));
	cd = class_simple_device_add(NULL, MKDEV(240, 3), NULL, "foo%d", 3);
	ASSERT(IS_ERR(cd));
	ASSERT_EQ(PTR_ERR(cd), -ENODEV);
	cd = class_simple_device_add(ERR_PTR(-ENOMEM), MKDEV(240, 3), NULL, "foo%d", 3);
	ASSERT_EQ(PTR_ERR(cd), -ENODEV);
	ASSERT_EQ(class_simple_set_hotplug(NULL, widget_hotplug), -ENODEV);
	class_simple_destroy(NULL);
	class_simple_destroy(ERR_PTR(-ENOMEM));
	ASSERT_STREQ(ls("/class"), before);
}

static int simple_hotplug(struct class_device *cd, char **envp, int num_envp, char *buffer,
			  int buffer_size)
{
	(void)cd;
	if (num_envp < 2 || snprintf(buffer, (size_t)buffer_size, "SIMPLE=yes") >= buffer_size)
		return -ENOMEM;
	envp[0] = buffer;
	envp[1] = NULL;
	return 0;
}

DEFINE_TEST(
	test_class_simple_set_hotplug_adds_variables,
	.description =
		"class devices of a class_simple raise events with SUBSYSTEM=<class>, and the variables of the hotplug() set by class_simple_set_hotplug")
{
	struct class_simple *cs;
	struct class_device *cd;

	cs = class_simple_create(THIS_MODULE, "simple");
	ASSERT(!IS_ERR_OR_NULL(cs));
	ASSERT_OK(class_simple_set_hotplug(cs, simple_hotplug));
	ASSERT_OK(ldm_uevent_listen(record_event, NULL));
	cd = class_simple_device_add(cs, MKDEV(240, 3), NULL, "foo%d", 3);
	ASSERT(!IS_ERR_OR_NULL(cd));
	class_simple_device_remove(MKDEV(240, 3));
	ASSERT_OK(ldm_uevent_unlisten(record_event, NULL));
	class_simple_destroy(cs);

	ASSERT_EQ(nr_events, 2);
	ASSERT_STREQ(events[0].action, "add");
	ASSERT_STREQ(events[0].devpath, "/class/simple/foo3");
	ASSERT_STREQ(events[0].subsystem, "simple");
	ASSERT(has_var(&events[0], "SUBSYSTEM=simple"));
	ASSERT(has_var(&events[0], "SIMPLE=yes"));
	ASSERT_STREQ(events[1].action, "remove");
	ASSERT_STREQ(events[1].devpath, "/class/simple/foo3");
	ASSERT(has_var(&events[1], "SIMPLE=yes"));
}

/* ---- exports ---- */

static void assert_license(const char *name, enum ldm_export_license license)
{
	struct ldm_export exp;

	if (ldm_export_lookup(name, &exp))
		FAIL("%s is not exported", name);
	if (exp.license != license)
		FAIL("%s is %s, expected %s", name, ldm_export_license_name(exp.license),
		     ldm_export_license_name(license));
	ASSERT_STREQ(exp.owner, "ldm");
}

DEFINE_TEST(
	test_class_simple_is_exported_to_all_class_core_gpl_only,
	.description =
		"class_simple_* are EXPORT_SYMBOL while class_register, class_device_register and the rest of the class core are EXPORT_SYMBOL_GPL")
{
	static const char *const simple[] = {
		"class_simple_create",	      "class_simple_destroy",	  "class_simple_device_add",
		"class_simple_device_remove", "class_simple_set_hotplug",
	};
	static const char *const gpl[] = {
		"class_register",
		"class_unregister",
		"class_get",
		"class_put",
		"class_create_file",
		"class_remove_file",
		"class_device_register",
		"class_device_unregister",
		"class_device_initialize",
		"class_device_add",
		"class_device_del",
		"class_device_get",
		"class_device_put",
		"class_device_create_file",
		"class_device_remove_file",
		"class_interface_register",
		"class_interface_unregister",
		"firmware_register",
		"firmware_unregister",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(simple); i++)
		assert_license(simple[i], LDM_EXPORT_ALL);
	for (i = 0; i < ARRAY_SIZE(gpl); i++)
		assert_license(gpl[i], LDM_EXPORT_GPL);
}

/* ---- firmware ---- */

static ssize_t revision_show(struct subsystem *s, char *buf)
{
	return sprintf(buf, "%s 2.0\n", kobject_name(&s->kset.kobj));
}

static struct subsys_attribute revision_attr = __ATTR(revision, 0444, revision_show, NULL);

DEFINE_TEST(
	test_firmware_register_puts_subsystem_under_firmware,
	.description =
		"firmware_register puts a subsystem at /firmware/<name>, usable for files; firmware_unregister removes it")
{
	static struct subsystem acpi_subsys = { .kset = { .kobj = { .name = "acpi" } } };

	ASSERT_EQ(tree_type("/firmware"), LDM_SYSFS_DIR);
	ASSERT(!tree_exists("/firmware/acpi"));
	ASSERT_OK(firmware_register(&acpi_subsys));
	ASSERT_EQ(tree_type("/firmware/acpi"), LDM_SYSFS_DIR);
	ASSERT_STREQ(ls("/firmware"), "acpi");
	ASSERT_OK(subsys_create_file(&acpi_subsys, &revision_attr));
	ASSERT_STREQ(tree_attr("/firmware/acpi/revision"), "acpi 2.0\n");
	subsys_remove_file(&acpi_subsys, &revision_attr);
	firmware_unregister(&acpi_subsys);
	ASSERT(!tree_exists("/firmware/acpi"));
	ASSERT_STREQ(ls("/firmware"), "");
}
