// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-runtime.c - booting and stopping the runtime: ldm_init/ldm_exit, the
 * leak report, and the settings read from the environment.
 */
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

static void leak_one(void *arg)
{
	static struct kobj_type plain_ktype;
	struct kobject *kobj = arg;

	(void)plain_ktype;
	if (ldm_init())
		_exit(3);
	kobject_set_name(kobj, "leaky");
	kobject_register(kobj);
	kobject_get(kobj);
	ldm_exit();
	_exit(0); /* the leak is the point: no LeakSanitizer check */
}

DEFINE_TEST(test_exit_reports_leaked_kobject,
	    .description = "ldm_exit names each kobject still alive, with path and refcount",
	    .no_runtime = true)
{
	static struct kobject kobj;
	char *err = NULL;
	int status;

	status = ldm_test_capture(leak_one, &kobj, &err);
	ASSERT_EQ(status, 0);
	ASSERT(err);
	ASSERT(strstr(err, "kobject 'leaky' still alive at exit: path /leaky, refcount 3\n"));
	free(err);
}

static void clean_run(void *arg)
{
	(void)arg;
	if (ldm_init())
		_exit(3);
	ldm_exit();
	exit(0);
}

DEFINE_TEST(test_exit_is_silent_when_nothing_leaked,
	    .description = "a runtime that leaked nothing prints nothing at all on stderr",
	    .no_runtime = true)
{
	char *err = NULL;

	ASSERT_EQ(ldm_test_capture(clean_run, NULL, &err), 0);
	ASSERT_STREQ(err, "");
	free(err);
}

DEFINE_TEST(test_init_twice_is_busy,
	    .description = "a second ldm_init() while running returns -EBUSY")
{
	ASSERT_EQ(ldm_init(), -EBUSY);
}

DEFINE_TEST(test_init_again_after_exit,
	    .description = "the runtime can be booted again once stopped", .no_runtime = true)
{
	ASSERT_OK(ldm_init());
	ldm_exit();
	ASSERT_OK(ldm_init());
	ldm_exit();
}

DEFINE_TEST(
	test_hotplug_helper_from_environment,
	.description = "LDM_HOTPLUG_HELPER shows in /kernel/uevent_helper and can be changed there",
	.no_runtime = true)
{
	char buf[256];

	setenv("LDM_HOTPLUG_HELPER", "/sbin/hotplug", 1);
	ASSERT_OK(ldm_init());
	ASSERT_EQ(ldm_sysfs_read_path("/kernel/uevent_helper", buf, sizeof(buf)), 14);
	ASSERT_STREQ(buf, "/sbin/hotplug\n");
	ASSERT_EQ(ldm_sysfs_write_path("/kernel/uevent_helper", "/bin/true\n", 10), 10);
	ASSERT_EQ(ldm_sysfs_read_path("/kernel/uevent_helper", buf, sizeof(buf)), 10);
	ASSERT_STREQ(buf, "/bin/true\n");
	ASSERT_EQ(ldm_sysfs_write_path("/kernel/uevent_helper", "\n", 1), 1);
	ASSERT_EQ(ldm_sysfs_read_path("/kernel/uevent_helper", buf, sizeof(buf)), 1);
	ldm_exit();
	unsetenv("LDM_HOTPLUG_HELPER");
}

DEFINE_TEST(
	test_uevent_helper_too_long,
	.description = "a helper path longer than 255 bytes is refused with -ENOENT, as Linux does")
{
	char path[400];

	memset(path, 'a', sizeof(path));
	path[0] = '/';
	ASSERT_EQ(ldm_sysfs_write_path("/kernel/uevent_helper", path, sizeof(path)), -ENOENT);
}

DEFINE_TEST(test_uevent_seqnum_file,
	    .description = "/kernel/uevent_seqnum starts at 0 and is read-only")
{
	char buf[64];

	ASSERT_EQ(ldm_sysfs_read_path("/kernel/uevent_seqnum", buf, sizeof(buf)), 2);
	ASSERT_STREQ(buf, "0\n");
	ASSERT_EQ(ldm_sysfs_write_path("/kernel/uevent_seqnum", "5", 1), -EACCES);
}

DEFINE_TEST(test_sysfs_layout_is_modern_by_default,
	    .description = "the tree is modern unless told otherwise, and /kernel/ldm_sysfs says so")
{
	char buf[64];

	ASSERT_STREQ(ldm_sysfs_layout(), "modern");
	ASSERT_EQ(ldm_sysfs_read_path("/kernel/ldm_sysfs", buf, sizeof(buf)), 7);
	ASSERT_STREQ(buf, "modern\n");
	ASSERT_EQ(ldm_sysfs_write_path("/kernel/ldm_sysfs", "2.6.9", 5), -EACCES);
	ASSERT_EQ(ldm_sysfs_layout_set("2.6.9"), -EBUSY);
	ASSERT_STREQ(ldm_sysfs_layout(), "modern");
}

DEFINE_TEST(
	test_sysfs_layout_from_environment_and_host,
	.description =
		"LDM_SYSFS=2.6.9 builds the 2.6.9 tree, ldm_sysfs_layout_set() before ldm_init overrides it, and a bad name is refused",
	.no_runtime = true)
{
	char buf[64];

	setenv("LDM_SYSFS", "2.6.9", 1);
	ASSERT_STREQ(ldm_sysfs_layout(), "modern"); /* the environment is read at boot */
	ASSERT_OK(ldm_init());
	ASSERT_STREQ(ldm_sysfs_layout(), "2.6.9");
	ASSERT_EQ(ldm_sysfs_read_path("/kernel/ldm_sysfs", buf, sizeof(buf)), 6);
	ASSERT_STREQ(buf, "2.6.9\n");
	ldm_exit();

	ASSERT_EQ(ldm_sysfs_layout_set("2.6.10"), -EINVAL);
	ASSERT_OK(ldm_sysfs_layout_set("modern"));
	ASSERT_OK(ldm_init());
	ASSERT_STREQ(ldm_sysfs_layout(), "modern");
	ldm_exit();

	ASSERT_OK(ldm_sysfs_layout_set(NULL));
	setenv("LDM_SYSFS", "2.6", 1);
	ASSERT_EQ(ldm_init(), -EINVAL);
	ASSERT_STREQ(ldm_sysfs_layout(), "modern");
	unsetenv("LDM_SYSFS");
	ASSERT_OK(ldm_init());
	ldm_exit();
}
