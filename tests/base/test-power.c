// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-power.c - power management of devices, seen through the calls a bus
 * gets: device_suspend() suspends children before parents and
 * device_resume() resumes parents first; a refusal stops the suspend,
 * resumes what was suspended and names the culprit; -EAGAIN defers a device
 * to device_power_down(), which suspends system devices after everything
 * else, and device_power_up() resumes them first. System devices: their
 * classes and directories under /devices/system, files, auxiliary and
 * global drivers told of every device and called around the class in
 * suspend and resume. The power/state file of each device, the licences of
 * the exports, and device_shutdown() at ldm_exit(), children first, even
 * after a suspend cycle reordered the power lists.
 */
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

/* ---- helpers ---- */

static const char *cat(const char *path)
{
	static char buf[4096];
	ssize_t len = ldm_sysfs_read_path(path, buf, sizeof(buf));

	if (len < 0)
		FAIL("read %s: %s", path, strerror((int)-len));
	return buf;
}

static ssize_t echo(const char *path, const char *text)
{
	return ldm_sysfs_write_path(path, text, strlen(text));
}

/* Send stderr to a temporary file until stderr_end(). */
static int saved_stderr = -1, captured_fd = -1;

static void stderr_begin(void)
{
	char tmpl[] = "/tmp/ldm-power-XXXXXX";

	captured_fd = mkstemp(tmpl);
	ASSERT(captured_fd >= 0);
	unlink(tmpl);
	fflush(stderr);
	saved_stderr = dup(STDERR_FILENO);
	ASSERT(saved_stderr >= 0);
	dup2(captured_fd, STDERR_FILENO);
}

/* Restore stderr; return what was written to it, to be freed. */
static char *stderr_end(void)
{
	off_t len;
	char *out;

	fflush(stderr);
	dup2(saved_stderr, STDERR_FILENO);
	close(saved_stderr);
	len = lseek(captured_fd, 0, SEEK_END);
	ASSERT(len >= 0);
	out = calloc(1, (size_t)len + 1);
	ASSERT(out);
	ASSERT_EQ(pread(captured_fd, out, (size_t)len, 0), len);
	close(captured_fd);
	return out;
}

/*
 * What the devices were told, in order: "-X" suspended, "+X" resumed,
 * "~X" asked to suspend and answered -EAGAIN, "!X" refused with another
 * error, "#X" shut down.
 */
static char pm_log[512];

static void note(char what, const char *name)
{
	size_t len = strlen(pm_log);

	ASSERT(len + strlen(name) + 3 < sizeof(pm_log));
	snprintf(pm_log + len, sizeof(pm_log) - len, "%s%c%s", len ? " " : "", what, name);
}

/* ---- a bus whose suspend()/resume() record, and a tree on it ---- */

static const char *fail_name; /* the device whose suspend() refuses */
static int fail_error;
static const char *defer_name; /* answers -EAGAIN to its first suspend() */
static bool deferred_once;
static int wrong_states; /* suspend() calls not asked for state 3 */

static int pm_bus_suspend(struct device *dev, u32 state)
{
	if (state != PM_SUSPEND_MEM)
		wrong_states++;
	if (fail_name && !strcmp(dev->bus_id, fail_name)) {
		note('!', dev->bus_id);
		return fail_error;
	}
	if (defer_name && !strcmp(dev->bus_id, defer_name) && !deferred_once) {
		deferred_once = true;
		note('~', dev->bus_id);
		return -EAGAIN;
	}
	note('-', dev->bus_id);
	return 0;
}

static int pm_bus_resume(struct device *dev)
{
	note('+', dev->bus_id);
	return 0;
}

static int pm_bus_match(struct device *dev, struct device_driver *drv)
{
	(void)drv;
	return strcmp(dev->bus_id, "U") != 0; /* U stays unbound */
}

static struct bus_type pm_bus = {
	.name = "pmbus",
	.match = pm_bus_match,
	.suspend = pm_bus_suspend,
	.resume = pm_bus_resume,
};

enum { P, C1, C2, G, NR_DEVS };

static struct device devs[NR_DEVS];
static const char *const dev_names[NR_DEVS] = { "P", "C1", "C2", "G" };
static const int dev_parent[NR_DEVS] = { -1, P, P, C1 };
static int dev_releases;

static void pm_dev_release(struct device *dev)
{
	(void)dev;
	dev_releases++;
}

static void pm_dev_register(struct device *dev, const char *name, struct device *parent)
{
	memset(dev, 0, sizeof(*dev));
	snprintf(dev->bus_id, sizeof(dev->bus_id), "%s", name);
	dev->bus = &pm_bus;
	dev->parent = parent;
	dev->release = pm_dev_release;
	ASSERT_OK(device_register(dev));
}

/* P with children C1 and C2, C1 with child G; parents registered first. */
static void tree_register(void)
{
	int i;

	ASSERT_OK(bus_register(&pm_bus));
	for (i = 0; i < NR_DEVS; i++)
		pm_dev_register(&devs[i], dev_names[i],
				dev_parent[i] < 0 ? NULL : &devs[dev_parent[i]]);
	ASSERT(tree_exists("/devices/P/C1/G/power/state"));
	ASSERT(tree_exists("/devices/P/C2/power/state"));
}

static void tree_unregister(void)
{
	int i;

	for (i = NR_DEVS - 1; i >= 0; i--)
		device_unregister(&devs[i]);
	bus_unregister(&pm_bus);
	ASSERT_EQ(dev_releases, NR_DEVS);
}

/* Position of @what ("-G") in the log, as a word; -1 if absent. */
static int log_pos(const char *what)
{
	char buf[sizeof(pm_log)], *tok, *save;
	int i = 0;

	strcpy(buf, pm_log);
	for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save), i++)
		if (!strcmp(tok, what))
			return i;
	return -1;
}

/* In the log, every device's @op comes before (@child_first) or after its parent's. */
static void assert_tree_order(char op, bool child_first)
{
	char mine[8], theirs[8];
	int i;

	for (i = 0; i < NR_DEVS; i++) {
		if (dev_parent[i] < 0)
			continue;
		snprintf(mine, sizeof(mine), "%c%s", op, dev_names[i]);
		snprintf(theirs, sizeof(theirs), "%c%s", op, dev_names[dev_parent[i]]);
		ASSERT(log_pos(mine) >= 0);
		ASSERT(log_pos(theirs) >= 0);
		if (child_first && log_pos(mine) > log_pos(theirs))
			FAIL("%s came after its parent's %s in \"%s\"", mine, theirs, pm_log);
		if (!child_first && log_pos(mine) < log_pos(theirs))
			FAIL("%s came before its parent's %s in \"%s\"", mine, theirs, pm_log);
	}
}

/* ---- system suspend and resume ---- */

DEFINE_TEST(
	test_suspend_children_before_parents_resume_parents_first,
	.description =
		"device_suspend(3) suspends every child before its parent and returns 0; device_resume() resumes parents before children")
{
	tree_register();
	ASSERT_EQ(pm_log[0], '\0');

	ASSERT_OK(device_suspend(PM_SUSPEND_MEM));
	ASSERT_STREQ(pm_log, "-G -C2 -C1 -P");
	assert_tree_order('-', true);
	ASSERT_EQ(wrong_states, 0);

	pm_log[0] = '\0';
	device_resume();
	ASSERT_STREQ(pm_log, "+P +C1 +C2 +G");
	assert_tree_order('+', false);

	/* Resumed once: a second device_resume() has nothing to do. */
	pm_log[0] = '\0';
	device_resume();
	ASSERT_STREQ(pm_log, "");
	tree_unregister();
}

DEFINE_TEST(
	test_suspend_error_resumes_what_was_suspended,
	.description =
		"a bus suspend() failing with -EIO in the middle: device_suspend returns -EIO, resumes those suspended before it, never asks those after, and logs the culprit")
{
	char *err;

	tree_register();
	fail_name = "C1";
	fail_error = -EIO;
	stderr_begin();
	ASSERT_EQ(device_suspend(PM_SUSPEND_MEM), -EIO);
	err = stderr_end();
	ASSERT_STREQ(err, "Could not suspend device C1: error -5\n");
	free(err);
	/*
	 * G and C2 were suspended before C1 refused; they are resumed again,
	 * in resume order. P, after C1, was never asked.
	 */
	ASSERT_STREQ(pm_log, "-G -C2 !C1 +C2 +G");

	/* Nothing is left suspended: the next suspend starts from scratch. */
	fail_name = NULL;
	pm_log[0] = '\0';
	ASSERT_OK(device_suspend(PM_SUSPEND_MEM));
	ASSERT_STREQ(pm_log, "-G -C2 -C1 -P");
	pm_log[0] = '\0';
	device_resume();
	ASSERT_STREQ(pm_log, "+P +C1 +C2 +G");
	tree_unregister();
}

/* ---- system devices in the power-down path ---- */

static int sys_suspend(struct sys_device *sd, u32 state)
{
	if (state != PM_SUSPEND_MEM)
		wrong_states++;
	note('-', kobject_name(&sd->kobj));
	return 0;
}

static int sys_resume(struct sys_device *sd)
{
	note('+', kobject_name(&sd->kobj));
	return 0;
}

static int sys_shutdown(struct sys_device *sd)
{
	note('#', kobject_name(&sd->kobj));
	return 0;
}

static struct sysdev_class timer_class = {
	set_kset_name("timer"),
	.suspend = sys_suspend,
	.resume = sys_resume,
	.shutdown = sys_shutdown,
};

DEFINE_TEST(
	test_eagain_defers_to_power_down_system_devices_last,
	.description =
		"a device answering -EAGAIN is suspended by device_power_down, then system devices; device_power_up resumes system devices first, then it")
{
	static struct sys_device timer0 = { .id = 0, .cls = &timer_class };

	ASSERT_OK(sysdev_class_register(&timer_class));
	ASSERT_OK(sysdev_register(&timer0));
	tree_register();
	defer_name = "C2";

	ASSERT_OK(device_suspend(PM_SUSPEND_MEM));
	ASSERT_STREQ(pm_log, "-G ~C2 -C1 -P");

	pm_log[0] = '\0';
	ASSERT_OK(device_power_down(PM_SUSPEND_MEM));
	ASSERT_STREQ(pm_log, "-C2 -timer0");

	pm_log[0] = '\0';
	device_power_up();
	ASSERT_STREQ(pm_log, "+timer0 +C2");

	pm_log[0] = '\0';
	device_resume();
	ASSERT_STREQ(pm_log, "+P +C1 +G");
	ASSERT_EQ(wrong_states, 0);

	tree_unregister();
	sysdev_unregister(&timer0);
	sysdev_class_unregister(&timer_class);
}

/* ---- system devices ---- */

DEFINE_TEST(
	test_deferred_suspend_keeps_order_of_later_cycles,
	.description =
		"after a cycle in which a device was deferred with -EAGAIN, the next cycle still suspends children first and resumes parents first")
{
	tree_register();
	defer_name = "C2";
	ASSERT_OK(device_suspend(PM_SUSPEND_MEM));
	ASSERT_OK(device_power_down(PM_SUSPEND_MEM));
	device_power_up();
	device_resume();

	pm_log[0] = '\0';
	ASSERT_OK(device_suspend(PM_SUSPEND_MEM));
	ASSERT_STREQ(pm_log, "-G -C2 -C1 -P");
	pm_log[0] = '\0';
	device_resume();
	ASSERT_STREQ(pm_log, "+P +C1 +C2 +G");
	tree_unregister();
}

static unsigned int rate = 100;

static ssize_t rate_show(struct sys_device *sd, char *buf)
{
	return sprintf(buf, "%s:%u\n", kobject_name(&sd->kobj), rate);
}

static ssize_t rate_store(struct sys_device *sd, const char *buf, size_t count)
{
	(void)sd;
	rate = (unsigned int)strtoul(buf, NULL, 10);
	return (ssize_t)count;
}

static SYSDEV_ATTR(rate, 0644, rate_show, rate_store);

DEFINE_TEST(
	test_sysdev_register_makes_devices_system_class_id,
	.description =
		"sysdev_class_register makes /devices/system/<class>; sysdev_register with id 0 makes <class>0 in it; sysdev_create_file/remove_file add and remove its files")
{
	static struct sys_device timer0 = { .id = 0, .cls = &timer_class };
	static struct sys_device timer7 = { .id = 7, .cls = &timer_class };

	ASSERT(!tree_exists("/devices/system/timer"));
	ASSERT_OK(sysdev_class_register(&timer_class));
	ASSERT(tree_exists("/devices/system/timer"));
	ASSERT_OK(sysdev_register(&timer0));
	ASSERT_OK(sysdev_register(&timer7));
	ASSERT(tree_exists("/devices/system/timer/timer0"));
	ASSERT(tree_exists("/devices/system/timer/timer7"));

	ASSERT_OK(sysdev_create_file(&timer0, &attr_rate));
	ASSERT_STREQ(cat("/devices/system/timer/timer0/rate"), "timer0:100\n");
	ASSERT_EQ(echo("/devices/system/timer/timer0/rate", "250\n"), 4);
	ASSERT_EQ(rate, 250);
	ASSERT_STREQ(cat("/devices/system/timer/timer0/rate"), "timer0:250\n");
	ASSERT(!tree_exists("/devices/system/timer/timer7/rate"));
	sysdev_remove_file(&timer0, &attr_rate);
	ASSERT(!tree_exists("/devices/system/timer/timer0/rate"));

	sysdev_unregister(&timer7);
	ASSERT(!tree_exists("/devices/system/timer/timer7"));
	sysdev_unregister(&timer0);
	ASSERT(!tree_exists("/devices/system/timer/timer0"));
	sysdev_class_unregister(&timer_class);
	ASSERT(!tree_exists("/devices/system/timer"));
	ASSERT(tree_exists("/devices/system"));
}

static char drv_log[256];

static void drv_note(const char *what, struct sys_device *sd)
{
	if (drv_log[0])
		strcat(drv_log, " ");
	strcat(drv_log, what);
	strcat(drv_log, kobject_name(&sd->kobj));
}

static int sysdrv_add(struct sys_device *sd)
{
	char path[64];

	/* A driver hears of a device once it is in the tree. */
	snprintf(path, sizeof(path), "/devices/system/timer/%s", kobject_name(&sd->kobj));
	ASSERT(tree_exists(path));
	drv_note("+", sd);
	return 0;
}

static int sysdrv_remove(struct sys_device *sd)
{
	drv_note("-", sd);
	return 0;
}

static struct sysdev_driver timer_driver = {
	.add = sysdrv_add,
	.remove = sysdrv_remove,
};

DEFINE_TEST(
	test_sysdev_driver_hears_of_every_device,
	.description =
		"a sysdev_driver's add() runs for each device present at sysdev_driver_register and each registered later; remove() on sysdev_unregister and for each left at sysdev_driver_unregister")
{
	static struct sys_device timer[4];
	int i;

	ASSERT_OK(sysdev_class_register(&timer_class));
	for (i = 0; i < 4; i++) {
		timer[i].id = (u32)i;
		timer[i].cls = &timer_class;
	}
	ASSERT_OK(sysdev_register(&timer[0]));
	ASSERT_OK(sysdev_register(&timer[1]));
	ASSERT_OK(sysdev_driver_register(&timer_class, &timer_driver));
	ASSERT_STREQ(drv_log, "+timer0 +timer1");

	ASSERT_OK(sysdev_register(&timer[2]));
	ASSERT_OK(sysdev_register(&timer[3]));
	ASSERT_STREQ(drv_log, "+timer0 +timer1 +timer2 +timer3");

	sysdev_unregister(&timer[1]);
	ASSERT_STREQ(drv_log, "+timer0 +timer1 +timer2 +timer3 -timer1");

	sysdev_driver_unregister(&timer_class, &timer_driver);
	ASSERT_STREQ(drv_log, "+timer0 +timer1 +timer2 +timer3 -timer1 -timer0 -timer2 -timer3");

	sysdev_unregister(&timer[0]);
	sysdev_unregister(&timer[2]);
	sysdev_unregister(&timer[3]);
	ASSERT_STREQ(drv_log, "+timer0 +timer1 +timer2 +timer3 -timer1 -timer0 -timer2 -timer3");
	sysdev_class_unregister(&timer_class);
	ASSERT(!tree_exists("/devices/system/timer"));
}

DEFINE_TEST(
	test_sysdev_register_of_taken_id_is_eexist,
	.description =
		"sysdev_register of an id its class already has gives -EEXIST, and the class's drivers do not hear of it")
{
	static struct sys_device timer0 = { .id = 0, .cls = &timer_class };
	static struct sys_device again = { .id = 0, .cls = &timer_class };
	static struct sys_device classless = { .id = 1 };
	char *err;

	ASSERT_OK(sysdev_class_register(&timer_class));
	ASSERT_OK(sysdev_driver_register(&timer_class, &timer_driver));
	ASSERT_OK(sysdev_register(&timer0));
	stderr_begin();
	ASSERT_EQ(sysdev_register(&again), -EEXIST);
	err = stderr_end();
	ASSERT(strstr(err, "kobject_register failed for timer0 (-17)"));
	free(err);
	ASSERT_EQ(sysdev_register(&classless), -EINVAL);
	ASSERT_STREQ(drv_log, "+timer0");
	ASSERT(tree_exists("/devices/system/timer/timer0"));
	sysdev_unregister(&timer0);
	sysdev_driver_unregister(&timer_class, &timer_driver);
	ASSERT_STREQ(drv_log, "+timer0 -timer0");
	sysdev_class_unregister(&timer_class);
}

/* Each caller of a system device's power calls notes "<who>:<device>". */
static void sys_note(char what, const char *who, struct sys_device *sd)
{
	char name[32];

	snprintf(name, sizeof(name), "%s:%s", who, kobject_name(&sd->kobj));
	note(what, name);
}

static int gdrv_suspend(struct sys_device *sd, u32 state)
{
	(void)state;
	sys_note('-', "global", sd);
	return 0;
}

static int gdrv_resume(struct sys_device *sd)
{
	sys_note('+', "global", sd);
	return 0;
}

static int gdrv_add(struct sys_device *sd)
{
	sys_note('*', "global", sd);
	return 0;
}

static int cdrv_suspend(struct sys_device *sd, u32 state)
{
	(void)state;
	sys_note('-', "aux", sd);
	return 0;
}

static int cdrv_resume(struct sys_device *sd)
{
	sys_note('+', "aux", sd);
	return 0;
}

static int pic_suspend(struct sys_device *sd, u32 state)
{
	(void)state;
	sys_note('-', "class", sd);
	return 0;
}

static int pic_resume(struct sys_device *sd)
{
	sys_note('+', "class", sd);
	return 0;
}

static struct sysdev_class pic_class = {
	set_kset_name("pic"),
	.suspend = pic_suspend,
	.resume = pic_resume,
};

DEFINE_TEST(
	test_sysdev_power_calls_drivers_and_classes_in_order,
	.description =
		"system devices suspend last class first (global drivers, then the class's drivers, then the class) and resume first class first in the reverse order of callers")
{
	static struct sysdev_driver global = {
		.add = gdrv_add,
		.suspend = gdrv_suspend,
		.resume = gdrv_resume,
	};
	static struct sysdev_driver aux = { .suspend = cdrv_suspend, .resume = cdrv_resume };
	static struct sys_device timer0 = { .id = 0, .cls = &timer_class };
	static struct sys_device pic0 = { .id = 0, .cls = &pic_class };

	ASSERT_OK(sysdev_driver_register(NULL, &global));
	ASSERT_OK(sysdev_class_register(&timer_class));
	ASSERT_OK(sysdev_class_register(&pic_class));
	ASSERT_OK(sysdev_driver_register(&pic_class, &aux));
	ASSERT_OK(sysdev_register(&timer0));
	ASSERT_OK(sysdev_register(&pic0));
	/* A global driver hears of the devices of every class. */
	ASSERT_STREQ(pm_log, "*global:timer0 *global:pic0");

	pm_log[0] = '\0';
	ASSERT_OK(device_suspend(PM_SUSPEND_MEM));
	ASSERT_OK(device_power_down(PM_SUSPEND_MEM));
	ASSERT_STREQ(pm_log, "-global:pic0 -aux:pic0 -class:pic0 -global:timer0 -timer0");
	pm_log[0] = '\0';
	device_power_up();
	device_resume();
	ASSERT_STREQ(pm_log, "+timer0 +global:timer0 +class:pic0 +aux:pic0 +global:pic0");

	sysdev_unregister(&pic0);
	sysdev_unregister(&timer0);
	sysdev_driver_unregister(&pic_class, &aux);
	sysdev_class_unregister(&pic_class);
	sysdev_class_unregister(&timer_class);
	sysdev_driver_unregister(NULL, &global);
}

/* ---- power/state ---- */

DEFINE_TEST(
	test_power_state_write_suspends_only_that_device,
	.description =
		"/devices/<dev>/power/state reads 0; writing 3 suspends that device alone and reads 3; writing 0 resumes it; writing x gives -EINVAL")
{
	tree_register();
	ASSERT_STREQ(cat("/devices/P/power/state"), "0\n");

	ASSERT_EQ(echo("/devices/P/power/state", "3"), 1);
	ASSERT_STREQ(pm_log, "-P");
	ASSERT_STREQ(cat("/devices/P/power/state"), "3\n");
	ASSERT_STREQ(cat("/devices/P/C1/power/state"), "0\n");

	/* Already in state 3: nothing more to do. */
	ASSERT_EQ(echo("/devices/P/power/state", "3\n"), 2);
	ASSERT_STREQ(pm_log, "-P");

	ASSERT_EQ(echo("/devices/P/power/state", "0"), 1);
	ASSERT_STREQ(pm_log, "-P +P");
	ASSERT_STREQ(cat("/devices/P/power/state"), "0\n");

	ASSERT_EQ(echo("/devices/P/power/state", "x"), -EINVAL);
	ASSERT_EQ(echo("/devices/P/power/state", "3x"), -EINVAL);
	ASSERT_EQ(echo("/devices/P/power/state", "9"), -EINVAL);
	ASSERT_STREQ(pm_log, "-P +P");
	ASSERT_STREQ(cat("/devices/P/power/state"), "0\n");
	ASSERT_EQ(wrong_states, 0);
	tree_unregister();
}

DEFINE_TEST(
	test_power_state_write_returns_bus_error,
	.description =
		"writing a state to power/state of a device whose bus suspend() fails returns that error and the state stays 0")
{
	tree_register();
	fail_name = "C2";
	fail_error = -EIO;
	ASSERT_EQ(echo("/devices/P/C2/power/state", "3"), -EIO);
	ASSERT_STREQ(pm_log, "!C2");
	ASSERT_STREQ(cat("/devices/P/C2/power/state"), "0\n");
	fail_name = NULL;
	tree_unregister();
}

DEFINE_TEST(
	test_runtime_suspended_device_is_left_alone_by_system_suspend,
	.description =
		"a device suspended through power/state is neither suspended again by device_suspend nor resumed by device_resume")
{
	tree_register();
	ASSERT_EQ(echo("/devices/P/C2/power/state", "3"), 1);
	pm_log[0] = '\0';

	ASSERT_OK(device_suspend(PM_SUSPEND_MEM));
	ASSERT_STREQ(pm_log, "-G -C1 -P");
	pm_log[0] = '\0';
	device_resume();
	ASSERT_STREQ(pm_log, "+P +C1 +G");
	ASSERT_STREQ(cat("/devices/P/C2/power/state"), "3\n");

	pm_log[0] = '\0';
	ASSERT_EQ(echo("/devices/P/C2/power/state", "0"), 1);
	ASSERT_STREQ(pm_log, "+C2");
	tree_unregister();
}

/* ---- exports ---- */

DEFINE_TEST(
	test_device_pm_set_parent_is_gpl_only,
	.description =
		"device_pm_set_parent and the system suspend calls are exported EXPORT_SYMBOL_GPL")
{
	static const char *const gpl[] = {
		"device_pm_set_parent", "device_suspend",	  "device_resume",
		"device_power_down",	"device_power_up",	  "sysdev_class_register",
		"sysdev_register",	"sysdev_driver_register",
	};
	struct ldm_export exp;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(gpl); i++) {
		if (ldm_export_lookup(gpl[i], &exp))
			FAIL("%s is not exported", gpl[i]);
		if (exp.license != LDM_EXPORT_GPL)
			FAIL("%s is %s, expected GPL", gpl[i],
			     ldm_export_license_name(exp.license));
	}
}

/* ---- shutdown ---- */

static void pm_drv_shutdown(struct device *dev)
{
	note('#', dev->bus_id);
}

static struct device_driver pm_driver = {
	.name = "pmdrv",
	.bus = &pm_bus,
	.shutdown = pm_drv_shutdown,
};

/*
 * Shutdown is power-off: the devices stay registered, and ldm_exit() names
 * each as still alive. Stop the runtime with that report set aside, and
 * check it holds nothing else (no warning, no failure).
 */
static void exit_leaving_devices(void)
{
	char *out, *line, *save;

	stderr_begin();
	ldm_exit();
	out = stderr_end();
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (strncmp(line, "ldm: kobject '", 14) || !strstr(line, "' still alive at exit"))
			FAIL("ldm_exit said: %s", line);
	free(out);
}

/* Register the tree with a driver bound to all but U, and timer0. */
static void shutdown_setup(struct sys_device *timer0, struct device *unbound)
{
	ASSERT_OK(ldm_init());
	ASSERT_OK(sysdev_class_register(&timer_class));
	ASSERT_OK(sysdev_register(timer0));
	ASSERT_OK(bus_register(&pm_bus));
	ASSERT_OK(driver_register(&pm_driver));
	pm_dev_register(&devs[P], "P", NULL);
	pm_dev_register(&devs[C1], "C1", &devs[P]);
	pm_dev_register(unbound, "U", &devs[P]);
	pm_dev_register(&devs[C2], "C2", &devs[P]);
	pm_dev_register(&devs[G], "G", &devs[C1]);
	ASSERT(devs[G].driver == &pm_driver);
	ASSERT(unbound->driver == NULL);
}

DEFINE_TEST(
	test_exit_shuts_bound_devices_down_children_first,
	.description =
		"ldm_exit calls the shutdown() of each bound device's driver, children before parents, then shuts system devices down",
	.no_runtime = true)
{
	static struct sys_device timer0 = { .id = 0, .cls = &timer_class };
	static struct device unbound;

	shutdown_setup(&timer0, &unbound);
	ASSERT_STREQ(pm_log, "");
	exit_leaving_devices();
	ASSERT_STREQ(pm_log, "#G #C2 #C1 #P #timer0");
	assert_tree_order('#', true);
}

DEFINE_TEST(
	test_exit_shuts_down_children_first_after_deferred_suspend,
	.description =
		"after a suspend cycle in which a device was deferred with -EAGAIN, ldm_exit still shuts every child down before its parent",
	.no_runtime = true)
{
	static struct sys_device timer0 = { .id = 0, .cls = &timer_class };
	static struct device unbound;

	shutdown_setup(&timer0, &unbound);
	defer_name = "C2";
	ASSERT_OK(device_suspend(PM_SUSPEND_MEM));
	ASSERT_OK(device_power_down(PM_SUSPEND_MEM));
	device_power_up();
	device_resume();
	ASSERT(log_pos("~C2") >= 0);

	pm_log[0] = '\0';
	exit_leaving_devices();
	ASSERT_STREQ(pm_log, "#G #C2 #C1 #P #timer0");
	assert_tree_order('#', true);
}

/* ---- ldm_pm_suspend / ldm_pm_resume ---- */

DEFINE_TEST(
	test_pm_suspend_holds_until_resume,
	.description =
		"ldm_pm_suspend(\"mem\") suspends children first and stays suspended (/power/state and a second suspend get -EBUSY); ldm_pm_resume resumes parents first; bad state or resume twice: -EINVAL")
{
	tree_register();
	ASSERT_EQ(ldm_pm_suspend("sleepy"), -EINVAL);
	ASSERT_EQ(ldm_pm_resume(), -EINVAL);
	ASSERT_STREQ(pm_log, "");

	ASSERT_OK(ldm_pm_suspend("mem"));
	ASSERT_STREQ(pm_log, "-G -C2 -C1 -P");
	ASSERT_EQ(ldm_pm_suspend("mem"), -EBUSY);
	ASSERT_EQ(echo("/power/state", "mem"), -EBUSY);
	ASSERT_STREQ(pm_log, "-G -C2 -C1 -P");

	pm_log[0] = '\0';
	ASSERT_OK(ldm_pm_resume());
	ASSERT_STREQ(pm_log, "+P +C1 +C2 +G");
	ASSERT_EQ(ldm_pm_resume(), -EINVAL);

	/* A refusal leaves nothing suspended and nothing held. */
	pm_log[0] = '\0';
	fail_name = "C1";
	fail_error = -EIO;
	ASSERT_EQ(ldm_pm_suspend("standby"), -EIO);
	fail_name = NULL;
	ASSERT_EQ(ldm_pm_resume(), -EINVAL);
	pm_log[0] = '\0';
	ASSERT_EQ(echo("/power/state", "mem"), 3);
	ASSERT_STREQ(pm_log, "-G -C2 -C1 -P +P +C1 +C2 +G");
	tree_unregister();
}

DEFINE_TEST(
	test_pm_exit_resumes_a_suspended_runtime,
	.description =
		"ldm_exit while ldm_pm_suspend holds the devices suspended resumes them (parents first) before it shuts them down",
	.no_runtime = true)
{
	static struct sys_device timer0 = { .id = 0, .cls = &timer_class };
	static struct device unbound;

	shutdown_setup(&timer0, &unbound);
	ASSERT_OK(ldm_pm_suspend("mem"));
	pm_log[0] = '\0';
	exit_leaving_devices();
	if (strncmp(pm_log, "+timer0 +P +C1 +U +C2 +G #G", 27))
		FAIL("ldm_exit of a suspended runtime did: %s", pm_log);
}
