// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-examples.c - the example modules of modules/, which tell the story
 * of the article (docs/misc.md): each loads, or is refused, as the license
 * rule says, and leaves the runtime as it says.
 */
#include <pthread.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "fault.h"
#include "harness.h"

/**
 * DOC: how test-examples.c works
 *
 *   gpl_platform_drv  GPL, the driver core directly: loads
 *   prop_misc         proprietary, misc_register only: loads, taints P
 *   prop_core         proprietary, device_register: refused
 *   gpl_lib/gpl_user  a GPL-only export between modules: rmmod order
 *   init_fails        an init that fails: nothing left behind
 *
 * Where a test checks what the runtime prints, it runs in a child of its
 * own with stderr captured, boots the runtime there and stops it, so that
 * ldm_exit()'s report and LeakSanitizer see the whole run.
 */

#define EXAMPLE_DIR LDM_BUILD_DIR "/modules"

static int insmod(const char *name, const char *args)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s.ko", EXAMPLE_DIR, name);
	return ldm_insmod(path, args);
}

static bool exported(const char *name)
{
	struct ldm_export exp;

	return ldm_export_lookup(name, &exp) == 0;
}

/* The /proc/modules line of @name, without its address; NULL if not loaded. */
static char *modules_line(const char *name)
{
	static char line[512];
	char *all = ldm_proc_modules(), *p, *end;
	size_t len = strlen(name);

	ASSERT(all);
	for (p = all; *p; p = end + 1) {
		end = strchrnul(p, '\n');
		if (!strncmp(p, name, len) && p[len] == ' ') {
			snprintf(line, sizeof(line), "%.*s", (int)(end - p), p);
			free(all);
			return line;
		}
		if (!*end)
			break;
	}
	free(all);
	return NULL;
}

/* Run @fn in a child, with stderr captured; it must exit(0). */
static char *run_captured(void (*fn)(void *arg), void *arg)
{
	char *err = NULL;
	int status = ldm_test_capture(fn, arg, &err);

	if (status != 0)
		FAIL("the child failed (wait status %#x); its stderr:\n%s", status, err ? err : "");
	ASSERT(err);
	return err;
}

/* In a child: boot, do @fn, stop (which must report nothing), exit(0). */
struct booted {
	void (*fn)(void);
};

static void boot_and_run(void *arg)
{
	struct booted *b = arg;

	if (ldm_init())
		_exit(3);
	b->fn();
	ldm_exit();
	fflush(NULL);
	exit(0);
}

static char *run_booted(void (*fn)(void))
{
	struct booted b = { fn };

	return run_captured(boot_and_run, &b);
}

DEFINE_TEST(
	test_example_gpl_platform_drv_binds,
	.description =
		"gpl_platform_drv (GPL) registers a platform device and a driver with attributes; they bind; rmmod takes it all away")
{
	ASSERT_OK(insmod("gpl_platform_drv", NULL));
	ASSERT_STREQ(tree_attr("/bus/platform/drivers/gpl_platform_drv/version"), "1.0\n");
	ASSERT(tree_exists("/bus/platform/drivers/gpl_platform_drv/gpl_platform_drv0"));
	ASSERT_STREQ(tree_attr("/devices/platform/gpl_platform_drv0/probed"), "1\n");
	ASSERT_STREQ(tree_attr("/devices/platform/gpl_platform_drv0/value"), "0\n");
	ASSERT_EQ(ldm_sysfs_write_path("/devices/platform/gpl_platform_drv0/value", "42\n", 3), 3);
	ASSERT_STREQ(tree_attr("/devices/platform/gpl_platform_drv0/value"), "42\n");
	ASSERT_EQ(ldm_sysfs_write_path("/devices/platform/gpl_platform_drv0/value", "x", 1),
		  -EINVAL);
	ASSERT_STREQ(tree_attr("/kernel/tainted"), "0\n");
	ASSERT_STREQ(tree_attr("/module/gpl_platform_drv/taint"), "\n");
	ASSERT(strstr(modules_line("gpl_platform_drv"), " 0 - Live 0x"));
	ASSERT(!strstr(modules_line("gpl_platform_drv"), "("));

	ASSERT_OK(ldm_delete_module("gpl_platform_drv", 0));
	ASSERT(!tree_exists("/bus/platform/drivers/gpl_platform_drv"));
	ASSERT(!tree_exists("/devices/platform/gpl_platform_drv0"));
	ASSERT(!tree_exists("/module/gpl_platform_drv"));
}

static void prop_misc_load(void)
{
	const char *line;

	if (insmod("prop_misc", NULL))
		FAIL("prop_misc did not load");
	ASSERT_STREQ(tree_attr("/kernel/tainted"), "1\n");
	ASSERT_STREQ(tree_attr("/module/prop_misc/taint"), "P\n");
	line = modules_line("prop_misc");
	ASSERT(line);
	ASSERT(!strncmp(line, "prop_misc ", 10));
	ASSERT(strstr(line, " 0 - Live 0x"));
	ASSERT(!strcmp(line + strlen(line) - 4, " (P)"));
	ASSERT_STREQ(tree_attr("/class/misc/prop_misc/dev"), "10:63\n");
	ASSERT(exported("misc_register"));
	ASSERT_OK(ldm_delete_module("prop_misc", 0));
	ASSERT(!tree_exists("/class/misc/prop_misc"));
	/* Taint stays, as in the kernel, after the module is gone. */
	ASSERT_STREQ(tree_attr("/kernel/tainted"), "1\n");
}

DEFINE_TEST(
	test_example_prop_misc_loads_and_taints,
	.description =
		"prop_misc (proprietary, misc_register only) loads, says it taints, and shows P in /kernel/tainted, /module/prop_misc/taint and /proc/modules",
	.no_runtime = true)
{
	char *err = run_booted(prop_misc_load);

	ASSERT_STREQ(err, "prop_misc: module license 'Proprietary' taints kernel.\n");
	free(err);
}

DEFINE_TEST(
	test_example_prop_misc_device_io,
	.description =
		"prop_misc's device reads its message and stores what is written; an open file pins the module against rmmod")
{
	struct ldm_chrdev_file *f;
	char buf[300];
	loff_t pos = 0;

	ASSERT_OK(insmod("prop_misc", NULL));
	ASSERT_OK(ldm_misc_open("prop_misc", O_RDWR, &f));
	ASSERT_STREQ(tree_attr("/module/prop_misc/refcnt"), "1\n");
	ASSERT_EQ(ldm_chrdev_read(f, buf, sizeof(buf), NULL), 32);
	ASSERT(!memcmp(buf, "hello from a proprietary module\n", 32));
	ASSERT_EQ(ldm_chrdev_read(f, buf, sizeof(buf), NULL), 0);
	ASSERT_EQ(ldm_chrdev_write(f, "stored\n", 7, &pos), 7);
	ASSERT_EQ(ldm_chrdev_llseek(f, 0, SEEK_SET), 0);
	ASSERT_EQ(ldm_chrdev_read(f, buf, 3, NULL), 3);
	ASSERT_EQ(ldm_chrdev_read(f, buf + 3, sizeof(buf), NULL), 4);
	ASSERT(!memcmp(buf, "stored\n", 7));
	memset(buf, 'x', sizeof(buf));
	ASSERT_EQ(ldm_chrdev_write(f, buf, 257, &pos), -ENOSPC);

	ASSERT_EQ(ldm_delete_module("prop_misc", 0), -EWOULDBLOCK);
	ASSERT(tree_exists("/class/misc/prop_misc"));
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT_STREQ(tree_attr("/module/prop_misc/refcnt"), "0\n");
	ASSERT_OK(ldm_delete_module("prop_misc", 0));
	ASSERT(!tree_exists("/class/misc/prop_misc"));
	ASSERT_EQ(ldm_misc_open("prop_misc", O_RDWR, &f), -ENODEV);
}

static void prop_misc_forced(void)
{
	struct ldm_chrdev_file *f;
	char buf[8];

	if (insmod("prop_misc", NULL))
		FAIL("prop_misc did not load");
	ASSERT_OK(ldm_misc_open("prop_misc", O_RDONLY, &f));
	ASSERT_OK(ldm_delete_module("prop_misc", O_TRUNC));
	ASSERT(!tree_exists("/module/prop_misc"));
	ASSERT(!tree_exists("/class/misc/prop_misc"));
	/* The module's code is unmapped: any call into it would crash. */
	ASSERT_EQ(ldm_chrdev_read(f, buf, sizeof(buf), NULL), -ENODEV);
	ASSERT_EQ(ldm_chrdev_write(f, buf, 1, NULL), -ENODEV);
	ASSERT_EQ(ldm_chrdev_poll(f, POLLIN, 0), -ENODEV);
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT_STREQ(tree_attr("/kernel/tainted"), "3\n");
}

DEFINE_TEST(
	test_example_prop_misc_forced_unload_under_open_file,
	.description =
		"a forced rmmod of prop_misc with its device open: the file gets -ENODEV, its close is safe, the runtime is tainted P and F",
	.no_runtime = true)
{
	char *err = run_booted(prop_misc_forced);

	ASSERT_STREQ(err, "prop_misc: module license 'Proprietary' taints kernel.\n"
			  "prop_misc: forced unload\n");
	free(err);
}

static void prop_core_load(void)
{
	if (insmod("prop_core", NULL) != -ENOENT)
		FAIL("prop_core was not refused with -ENOENT");
	ASSERT(!tree_exists("/module/prop_core"));
	ASSERT(!tree_exists("/devices/prop_core0"));
	ASSERT_STREQ(tree_attr("/kernel/tainted"), "0\n");
	ASSERT(!modules_line("prop_core"));
}

DEFINE_TEST(
	test_example_prop_core_is_refused,
	.description =
		"prop_core (proprietary, device_register) is refused at load, naming device_register as GPL-only; nothing is left and nothing tainted",
	.no_runtime = true)
{
	char *err = run_booted(prop_core_load);

	ASSERT_CONTAINS(err, "prop_core: symbol device_register is GPL-only (EXPORT_SYMBOL_GPL "
			     "by ldm), and the module's license 'Proprietary' is not "
			     "GPL-compatible\n");
	ASSERT_CONTAINS(err, "prop_core: symbol device_unregister is GPL-only");
	ASSERT_CONTAINS(err, "prop_core: refused: it uses 2 GPL-only symbols and its license "
			     "'Proprietary' is not GPL-compatible\n");
	ASSERT(!strstr(err, "taints kernel"));
	free(err);
}

/* FNV-1a, as gpl_lib_hash() computes it. */
static unsigned int fnv1a(const char *s)
{
	unsigned int h = 2166136261u;

	while (*s) {
		h ^= (unsigned char)*s++;
		h *= 16777619u;
	}
	return h;
}

static void gpl_user_alone(void)
{
	if (insmod("gpl_user", NULL) != -ENOENT)
		FAIL("gpl_user loaded without gpl_lib");
	ASSERT(!tree_exists("/module/gpl_user"));
}

DEFINE_TEST(
	test_example_gpl_user_needs_gpl_lib,
	.description =
		"gpl_user without gpl_lib is refused: gpl_lib_hash is exported by nothing loaded",
	.no_runtime = true)
{
	char *err = run_booted(gpl_user_alone);

	ASSERT_STREQ(err, "gpl_user: Unknown symbol gpl_lib_hash (not exported by the runtime or "
			  "any loaded module)\n");
	free(err);
}

DEFINE_TEST(
	test_example_gpl_lib_rmmod_order,
	.description =
		"gpl_user binds gpl_lib's GPL-only export and holds gpl_lib: rmmod gpl_lib fails with -EWOULDBLOCK until gpl_user is gone")
{
	char want[32];
	const char *line;

	ASSERT_OK(insmod("gpl_lib", NULL));
	ASSERT(exported("gpl_lib_hash"));
	ASSERT_OK(insmod("gpl_user", "word=driver-core"));
	snprintf(want, sizeof(want), "%u\n", fnv1a("driver-core"));
	ASSERT_STREQ(tree_attr("/module/gpl_user/parameters/hash"), want);
	ASSERT(tree_exists("/module/gpl_lib/holders/gpl_user"));
	line = modules_line("gpl_lib");
	ASSERT(line && strstr(line, " 1 gpl_user, Live "));
	ASSERT_STREQ(tree_attr("/kernel/tainted"), "0\n");

	ASSERT_EQ(ldm_delete_module("gpl_lib", 0), -EWOULDBLOCK);
	ASSERT(tree_exists("/module/gpl_lib"));
	ASSERT(exported("gpl_lib_hash"));
	ASSERT_OK(ldm_delete_module("gpl_user", 0));
	ASSERT(!tree_exists("/module/gpl_lib/holders/gpl_user"));
	ASSERT_OK(ldm_delete_module("gpl_lib", 0));
	ASSERT(!exported("gpl_lib_hash"));
	ASSERT(!tree_exists("/module/gpl_lib"));

	/* Loaded again, the default word. */
	ASSERT_OK(insmod("gpl_lib", NULL));
	ASSERT_OK(insmod("gpl_user", NULL));
	snprintf(want, sizeof(want), "%u\n", fnv1a("gpl_user"));
	ASSERT_STREQ(tree_attr("/module/gpl_user/parameters/hash"), want);
}

/* Nothing of init_fails anywhere. */
static void assert_no_init_fails(void)
{
	ASSERT(!tree_exists("/module/init_fails"));
	ASSERT(!tree_exists("/devices/platform/init_fails0"));
	ASSERT(!tree_exists("/bus/platform/drivers/init_fails"));
	ASSERT(!tree_exists("/class/misc/init_fails"));
	ASSERT(!exported("init_fails_marker"));
	ASSERT(!modules_line("init_fails"));
	ASSERT_STREQ(tree_attr("/kernel/tainted"), "0\n");
}

static void init_fails_at(void *arg)
{
	char args[32];
	int steps = *(int *)arg;

	if (ldm_init())
		_exit(3);
	snprintf(args, sizeof(args), "fail_after=%d", steps);
	/* Twice: a failed load leaves nothing that would stand in the way. */
	if (insmod("init_fails", args) != -EIO)
		FAIL("init_fails did not fail with -EIO");
	assert_no_init_fails();
	if (insmod("init_fails", args) != -EIO)
		FAIL("init_fails did not fail again with -EIO");
	assert_no_init_fails();
	ldm_exit();
	fflush(NULL);
	exit(0);
}

DEFINE_TEST(
	test_example_init_fails_leaves_nothing,
	.description =
		"init_fails, failing after each of its five steps: -EIO, no /module/init_fails, no export, no device, driver or misc device, nothing for ldm_exit or LeakSanitizer to report",
	.no_runtime = true)
{
	char one[256], want[512];
	char *err;
	int steps;

	for (steps = 0; steps <= 5; steps++) {
		/* The driver binds at step 3; the two loads print the same. */
		snprintf(one, sizeof(one),
			 "init_fails: giving up after %d of 5 steps "
			 "(bound: %d)\ninit_fails: init failed with error -5; module unloaded\n",
			 steps, steps >= 3);
		snprintf(want, sizeof(want), "%s%s", one, one);
		err = run_captured(init_fails_at, &steps);
		ASSERT_STREQ(err, want);
		free(err);
	}
}

DEFINE_TEST(
	test_example_story_in_one_runtime,
	.description =
		"the five examples in one runtime, in the article's order: what may use the driver core, what may use only the upper layer")
{
	ASSERT_OK(insmod("gpl_platform_drv", NULL));
	ASSERT_OK(insmod("prop_misc", NULL));
	ASSERT_EQ(insmod("prop_core", NULL), -ENOENT);
	ASSERT_OK(insmod("gpl_lib", NULL));
	ASSERT_OK(insmod("gpl_user", NULL));
	ASSERT_EQ(insmod("init_fails", NULL), -EIO);
	ASSERT(modules_line("gpl_platform_drv"));
	ASSERT(strstr(modules_line("prop_misc"), "(P)"));
	ASSERT(!modules_line("prop_core"));
	ASSERT(!modules_line("init_fails"));
	ASSERT_STREQ(tree_attr("/kernel/tainted"), "1\n");
	/* The misc class holds prop_misc only: init_fails' device went with it. */
	ASSERT(tree_exists("/class/misc/prop_misc"));
	ASSERT(!tree_exists("/class/misc/init_fails"));
	/* ldm_exit unloads the rest, users first. */
}

DEFINE_TEST(
	test_example_prop_misc_load_fails_cleanly_at_every_allocation,
	.description =
		"loading prop_misc with each allocation failing in turn: an error and nothing left (no module, no misc device, minor free), until it loads")
{
#ifdef LDM_FAULT_INJECTION
	unsigned long k;
	int err;

	for (k = 1;; k++) {
		ldm_fail_nth(k);
		err = insmod("prop_misc", NULL);
		ldm_fail_nth(0);
		if (!ldm_fail_nth_fired()) {
			ASSERT_OK(err);
			break;
		}
		if (!err) {
			/* Absorbed (a hash table that did not grow): it must be whole. */
			ASSERT_STREQ(tree_attr("/class/misc/prop_misc/dev"), "10:63\n");
			ASSERT_OK(ldm_delete_module("prop_misc", 0));
			continue;
		}
		ASSERT(!tree_exists("/module/prop_misc"));
		ASSERT(!tree_exists("/class/misc/prop_misc"));
	}
	ASSERT_STREQ(tree_attr("/class/misc/prop_misc/dev"), "10:63\n");
#else
	ldm_test_skip("built without -Dfault_injection=true");
#endif
}

#define RACE_USERS  3
#define RACE_ROUNDS 100

struct rmmod_race {
	int stop;
	int opened, read_ok;
};

static void *prop_misc_user(void *arg)
{
	struct rmmod_race *r = arg;
	struct ldm_chrdev_file *f;
	char buf[64];

	while (!__atomic_load_n(&r->stop, __ATOMIC_SEQ_CST)) {
		if (ldm_misc_open("prop_misc", O_RDONLY, &f))
			continue;
		__atomic_add_fetch(&r->opened, 1, __ATOMIC_SEQ_CST);
		/* Open, so the module cannot go: the read reaches it. */
		if (ldm_chrdev_read(f, buf, sizeof(buf), NULL) == 32)
			__atomic_add_fetch(&r->read_ok, 1, __ATOMIC_SEQ_CST);
		if (ldm_chrdev_release(f))
			abort();
	}
	return NULL;
}

DEFINE_TEST(
	test_example_prop_misc_open_races_rmmod,
	.description =
		"threads open, read and close prop_misc's device while it is unloaded and loaded again: rmmod succeeds only with no file open, and every read of an open file reaches the module",
	.concurrency = true, .no_runtime = true)
{
	static struct rmmod_race r;
	pthread_t users[RACE_USERS];
	int i, err, unloaded = 0;

	setenv("LDM_LOGLEVEL", "4", 1); /* not the taint warning of each load */
	ASSERT_OK(ldm_init());
	ASSERT_OK(insmod("prop_misc", NULL));
	for (i = 0; i < RACE_USERS; i++)
		ASSERT_OK(pthread_create(&users[i], NULL, prop_misc_user, &r));
	for (i = 0; i < RACE_ROUNDS; i++) {
		err = ldm_delete_module("prop_misc", 0);
		if (err) {
			ASSERT_EQ(err, -EWOULDBLOCK);
		} else {
			unloaded++;
			ASSERT_OK(insmod("prop_misc", NULL));
		}
		usleep(100);
	}
	__atomic_store_n(&r.stop, 1, __ATOMIC_SEQ_CST);
	for (i = 0; i < RACE_USERS; i++)
		ASSERT_OK(pthread_join(users[i], NULL));
	ASSERT_EQ(r.read_ok, r.opened);
	ASSERT_STREQ(tree_attr("/module/prop_misc/refcnt"), "0\n");
	ASSERT_OK(ldm_delete_module("prop_misc", 0));
	printf("# %d opens, unloaded %d times of %d\n", r.opened, unloaded, RACE_ROUNDS);
	ldm_exit();
	unsetenv("LDM_LOGLEVEL");
}

struct users_race {
	int stop;
	long reads;
};

/* Read gpl_lib's users as lsmod does, the refcnt file and /proc/modules, until told to stop. */
static void *gpl_lib_reader(void *arg)
{
	struct users_race *r = arg;
	char buf[64], *all;

	while (!__atomic_load_n(&r->stop, __ATOMIC_SEQ_CST)) {
		if (ldm_sysfs_read_path("/module/gpl_lib/refcnt", buf, sizeof(buf)) < 2)
			abort();
		all = ldm_proc_modules();
		if (!all || !strstr(all, "gpl_lib "))
			abort();
		free(all);
		__atomic_add_fetch(&r->reads, 1, __ATOMIC_SEQ_CST);
	}
	return NULL;
}

DEFINE_TEST(
	test_example_users_read_while_user_unloads,
	.description =
		"threads read gpl_lib's refcnt and /proc/modules while gpl_user, which uses it, is loaded and unloaded again and again: the list of its users changes only under module_mutex, so every read sees it whole",
	.concurrency = true, .no_runtime = true)
{
	static struct users_race r;
	pthread_t readers[RACE_USERS];
	int i;

	ASSERT_OK(ldm_init());
	ASSERT_OK(insmod("gpl_lib", NULL));
	for (i = 0; i < RACE_USERS; i++)
		ASSERT_OK(pthread_create(&readers[i], NULL, gpl_lib_reader, &r));
	for (i = 0; i < RACE_ROUNDS; i++) {
		ASSERT_OK(insmod("gpl_user", NULL));
		ASSERT_OK(ldm_delete_module("gpl_user", 0));
	}
	__atomic_store_n(&r.stop, 1, __ATOMIC_SEQ_CST);
	for (i = 0; i < RACE_USERS; i++)
		ASSERT_OK(pthread_join(readers[i], NULL));
	ASSERT_STREQ(tree_attr("/module/gpl_lib/refcnt"), "0\n");
	ASSERT_OK(ldm_delete_module("gpl_lib", 0));
	printf("# %ld reads during %d loads and unloads\n", r.reads, RACE_ROUNDS);
	ldm_exit();
}

/* ---- the modern tree's /module files and events ---- */

/* The @field-th word (from 0) of @name's /proc/modules line. */
static const char *modules_field(const char *name, int field)
{
	static char word[64];
	const char *line = modules_line(name);
	int i;

	ASSERT(line);
	for (i = 0; i < field; i++) {
		line = strchr(line, ' ');
		ASSERT(line);
		line++;
	}
	snprintf(word, sizeof(word), "%.*s\n", (int)strcspn(line, " "), line);
	return word;
}

static unsigned int module_events;

static void count_module_event(const struct ldm_uevent *ev, void *data)
{
	char *last = data;
	int i;

	if (strcmp(ev->subsystem, "module"))
		return;
	module_events++;
	last[0] = '\0';
	for (i = 0; ev->envp[i]; i++)
		if (strncmp(ev->envp[i], "SEQNUM=", 7))
			snprintf(last + strlen(last), 256 - strlen(last), "%s%s", i ? " " : "",
				 ev->envp[i]);
}

DEFINE_TEST(
	test_example_module_files_count_as_lsmod,
	.description =
		"/module/<name>/refcnt and coresize say what /proc/modules (lsmod) says, users counted; initsize is 0; uevent is write-only and sends SUBSYSTEM=module events; loading and unloading send add and remove")
{
	static char last[256];

	ASSERT_OK(ldm_uevent_listen(count_module_event, last));
	ASSERT_OK(insmod("gpl_lib", NULL));
	ASSERT_EQ(module_events, 1);
	ASSERT_STREQ(last, "ACTION=add DEVPATH=/module/gpl_lib SUBSYSTEM=module");
	ASSERT_OK(insmod("gpl_user", NULL));
	ASSERT_STREQ(tree_attr("/module/gpl_lib/refcnt"), modules_field("gpl_lib", 2));
	ASSERT_STREQ(tree_attr("/module/gpl_lib/refcnt"), "1\n");
	ASSERT_STREQ(tree_attr("/module/gpl_lib/coresize"), modules_field("gpl_lib", 1));
	ASSERT_STREQ(tree_attr("/module/gpl_user/refcnt"), "0\n");
	ASSERT_STREQ(tree_attr("/module/gpl_lib/initsize"), "0\n");
	ASSERT_EQ(ldm_sysfs_read_path("/module/gpl_lib/uevent", (char[16]){ 0 }, 16), -EACCES);
	ASSERT_EQ(ldm_sysfs_write_path("/module/gpl_lib/uevent", "change\n", 7), 7);
	ASSERT_STREQ(last, "ACTION=change DEVPATH=/module/gpl_lib SUBSYSTEM=module SYNTH_UUID=0");
	ASSERT_OK(ldm_delete_module("gpl_user", 0));
	ASSERT_STREQ(tree_attr("/module/gpl_lib/refcnt"), "0\n");
	ASSERT_STREQ(last, "ACTION=remove DEVPATH=/module/gpl_user SUBSYSTEM=module");
	ASSERT_OK(ldm_delete_module("gpl_lib", 0));
	ASSERT_EQ(module_events, 5);
	ASSERT_OK(ldm_uevent_unlisten(count_module_event, last));
}

DEFINE_TEST(
	test_example_driver_and_module_link_each_other,
	.description =
		"a module's driver links to /module/<name> (module) and the module lists it in drivers/<bus>:<drv>; both go with the driver")
{
	ASSERT_OK(insmod("gpl_platform_drv", NULL));
	ASSERT_STREQ(tree_link("/bus/platform/drivers/gpl_platform_drv/module"),
		     "../../../../module/gpl_platform_drv");
	ASSERT_STREQ(tree_link("/module/gpl_platform_drv/drivers/platform:gpl_platform_drv"),
		     "../../../bus/platform/drivers/gpl_platform_drv");
	ASSERT_EQ(tree_type("/module/gpl_platform_drv/drivers/platform:gpl_platform_drv/module/"
			    "refcnt"),
		  LDM_SYSFS_ATTR);
	ASSERT_OK(ldm_delete_module("gpl_platform_drv", 0));
	ASSERT(!tree_exists("/module/gpl_platform_drv"));
	ASSERT(!tree_exists("/bus/platform/drivers/gpl_platform_drv"));
}

static void module_269(void)
{
	ASSERT_OK(insmod("gpl_platform_drv", NULL));
	ASSERT(!tree_exists("/module/gpl_platform_drv/coresize"));
	ASSERT(!tree_exists("/module/gpl_platform_drv/uevent"));
	ASSERT(!tree_exists("/module/gpl_platform_drv/drivers"));
	ASSERT(!tree_exists("/bus/platform/drivers/gpl_platform_drv/module"));
	ASSERT_STREQ(tree_attr("/kernel/uevent_seqnum"), "1\n"); /* the device's add: no bind */
	ASSERT_OK(ldm_delete_module("gpl_platform_drv", 0));
}

static void boot_269_and_run(void *arg)
{
	(void)arg;
	if (ldm_sysfs_layout_set("2.6.9") || ldm_init())
		_exit(3);
	module_269();
	ldm_exit();
	fflush(NULL);
	exit(0);
}

DEFINE_TEST(test_example_module_files_under_269,
	    .description = "under the 2.6.9 tree a module has no coresize, uevent or drivers/, its "
			   "driver no module link, and loading it raises no module event",
	    .no_runtime = true)
{
	free(run_captured(boot_269_and_run, NULL));
}

DEFINE_TEST(
	test_example_widget_binds_the_names_of_its_id_table,
	.description =
		"widget's id_table binds it to devices named widget and gizmo, each told its entry by platform_get_device_id; its .ko carries the aliases platform:widget and platform:gizmo")
{
	struct platform_device *w, *g, *other;
	struct ldm_modfile *mf;
	char aliases[128] = "";
	size_t pos = 0;
	const char *e;

	ASSERT_OK(insmod("widget", NULL));
	w = platform_device_register_simple("widget", 0, NULL, 0);
	g = platform_device_register_simple("gizmo", 2, NULL, 0);
	other = platform_device_register_simple("gadget", 0, NULL, 0);
	ASSERT(!IS_ERR(w) && !IS_ERR(g) && !IS_ERR(other));
	ASSERT_STREQ(tree_attr("/devices/platform/widget0/kind"), "widget\n");
	ASSERT_STREQ(tree_attr("/devices/platform/gizmo2/kind"), "gizmo\n");
	ASSERT_STREQ(tree_link("/devices/platform/gizmo2/driver"),
		     "../../../bus/platform/drivers/widget");
	ASSERT(!tree_exists("/devices/platform/gadget0/driver"));
	platform_device_unregister(other);
	platform_device_unregister(g);
	platform_device_unregister(w);
	ASSERT_OK(ldm_delete_module("widget", 0));

	ASSERT_OK(ldm_modfile_open(EXAMPLE_DIR "/widget.ko", &mf));
	while ((e = ldm_modfile_modinfo_next(mf, &pos)))
		if (!strncmp(e, "alias=", 6))
			snprintf(aliases + strlen(aliases), sizeof(aliases) - strlen(aliases),
				 "%s ", e + 6);
	ldm_modfile_free(mf);
	ASSERT(strstr(aliases, "platform:widget "));
	ASSERT(strstr(aliases, "platform:gizmo "));
}
