// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-module-rmmod.c - unloading: -ENOENT for a module not loaded,
 * -EWOULDBLOCK while another module uses it or a try_module_get()
 * reference is held, -EBUSY without an exit function; O_TRUNC forces the
 * last two and taints F; the /proc/modules listing; holders/.
 */
#include "modtest.h"
#include "loadtest/loadtest.h"

#define TAINT_P 1UL
#define TAINT_F 2UL

static struct module *params_module(void)
{
	return ((struct module * (*)(void)) export_value("ldt_params_module"))();
}

DEFINE_TEST(test_rmmod_unknown_module,
	    .description = "removing a module that is not loaded gives -ENOENT, a NULL name -EINVAL")
{
	ASSERT_EQ(ldm_delete_module("ldt_params", 0), -ENOENT);
	ASSERT_EQ(ldm_delete_module("", O_TRUNC), -ENOENT);
	ASSERT_EQ(ldm_delete_module(NULL, 0), -EINVAL);
	ASSERT_OK(ko_load("ldt_params", NULL));
	ASSERT_OK(ldm_delete_module("ldt_params", 0));
	ASSERT_EQ(ldm_delete_module("ldt_params", 0), -ENOENT);
}

DEFINE_TEST(
	test_rmmod_refused_while_used_by_a_module,
	.description =
		"a module another uses is refused with -EWOULDBLOCK, even with O_TRUNC (its user would be left calling into nothing), until the user is gone; holders/ shows the user, refcnt counts it as lsmod does")
{
	ASSERT_OK(ko_load("ldt_params", NULL));
	ASSERT_OK(ko_load("ldt_user", NULL));
	ASSERT(node_exists("/module/ldt_params/holders/ldt_user"));
	ASSERT_STREQ(read_attr("/module/ldt_params/refcnt"), "1\n"); /* as Linux counts users */
	ASSERT_EQ(ldm_delete_module("ldt_params", 0), -EWOULDBLOCK);
	ASSERT_EQ(ldm_delete_module("ldt_params", O_TRUNC), -EWOULDBLOCK);
	ASSERT_EQ(tainted(), 0);
	ASSERT_OK(ldm_delete_module("ldt_user", 0));
	ASSERT(!node_exists("/module/ldt_params/holders/ldt_user"));
	ASSERT(!node_exists("/module/ldt_user"));
	ASSERT_STREQ(read_attr("/module/ldt_params/refcnt"), "0\n");
	ASSERT_OK(ldm_delete_module("ldt_params", 0));
	ASSERT_EQ(tainted(), 0);
}

DEFINE_TEST(
	test_rmmod_refused_while_a_reference_is_held,
	.description =
		"try_module_get() makes rmmod give -EWOULDBLOCK until module_put(); refcnt shows the references")
{
	struct module *mod;

	ASSERT_OK(ko_load("ldt_params", NULL));
	mod = params_module();
	ASSERT(mod);
	ASSERT_EQ(try_module_get(mod), 1);
	ASSERT_EQ(try_module_get(mod), 1);
	ASSERT_EQ(module_refcount(mod), 2);
	ASSERT_STREQ(read_attr("/module/ldt_params/refcnt"), "2\n");
	ASSERT_EQ(ldm_delete_module("ldt_params", 0), -EWOULDBLOCK);
	module_put(mod);
	ASSERT_EQ(ldm_delete_module("ldt_params", 0), -EWOULDBLOCK);
	module_put(mod);
	ASSERT_STREQ(read_attr("/module/ldt_params/refcnt"), "0\n");
	ASSERT_OK(ldm_delete_module("ldt_params", 0));
	ASSERT_EQ(tainted(), 0);
	/* The runtime's own code has no module: always granted. */
	ASSERT_EQ(try_module_get(NULL), 1);
	module_put(NULL);
}

static void force_held(void *arg)
{
	struct module *mod;

	(void)arg;
	ASSERT_OK(ko_load("ldt_params", NULL));
	mod = params_module();
	ASSERT_EQ(try_module_get(mod), 1);
	ASSERT_OK(ldm_delete_module("ldt_params", O_TRUNC));
	ASSERT(!node_exists("/module/ldt_params"));
	ASSERT_EQ(export_value("ldt_params_module"), 0);
	ASSERT_EQ(tainted(), TAINT_F);
	/* Loaded again, the module starts with no reference. */
	ASSERT_OK(ko_load("ldt_params", NULL));
	ASSERT_STREQ(read_attr("/module/ldt_params/refcnt"), "0\n");
	ASSERT_STREQ(read_attr("/module/ldt_params/taint"), "\n");
	fflush(NULL);
	exit(0);
}

DEFINE_TEST(
	test_rmmod_forced_over_a_reference_taints_F,
	.description =
		"O_TRUNC unloads a module whose reference is held, warns, and taints the runtime F")
{
	char *err = run_captured(force_held, NULL);

	ASSERT_CONTAINS(err, "ldt_params: forced unload\n");
	free(err);
}

/* The line of @name in the listing; fails if absent. */
static void proc_line(const char *mods, const char *name, char *line, size_t size)
{
	size_t len = strlen(name);
	const char *p = mods, *end;

	while (p && *p && (strncmp(p, name, len) || p[len] != ' ')) {
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	if (!p || !*p)
		FAIL("no line for %s in:\n%s", name, mods);
	end = strchr(p, '\n');
	ASSERT(end);
	ASSERT((size_t)(end - p) < size);
	memcpy(line, p, (size_t)(end - p));
	line[end - p] = '\0';
}

/* "name size rest": check the size is a whole number of pages, return rest. */
static const char *after_size(const char *line, const char *name)
{
	char *end;
	unsigned long size;

	ASSERT(!strncmp(line, name, strlen(name)));
	size = strtoul(line + strlen(name) + 1, &end, 10);
	ASSERT(size > 0 && size % 4096 == 0);
	ASSERT_EQ(*end, ' ');
	return end + 1;
}

static void force_noexit(void *arg)
{
	(void)arg;
	char line[256], *mods;

	ASSERT_OK(ko_load("ldt_noexit", NULL));
	mods = ldm_proc_modules();
	proc_line(mods, "ldt_noexit", line, sizeof(line));
	free(mods);
	ASSERT_STREQ(after_size(line, "ldt_noexit"), "0 [permanent], Live 0x0000000000000000");
	ASSERT_EQ(ldm_delete_module("ldt_noexit", 0), -EBUSY);
	ASSERT(node_exists("/module/ldt_noexit"));
	ASSERT_EQ(tainted(), 0);
	ASSERT_OK(ldm_delete_module("ldt_noexit", O_TRUNC));
	ASSERT(!node_exists("/module/ldt_noexit"));
	ASSERT_EQ(tainted(), TAINT_F);
	fflush(NULL);
	exit(0);
}

DEFINE_TEST(
	test_rmmod_module_without_exit,
	.description =
		"a module without an exit function gives -EBUSY, and goes with O_TRUNC, tainting F")
{
	char *err = run_captured(force_noexit, NULL);

	ASSERT_CONTAINS(err, "ldt_noexit: forced unload\n");
	free(err);
}

DEFINE_TEST(test_rmmod_module_without_init_or_exit,
	    .description =
		    "a module with neither init nor exit (a library) is removed without force, "
		    "is not [permanent], and taints nothing, as in 2.6.9")
{
	char line[256], *mods;

	ASSERT_OK(ko_load("ldt_bare", NULL));
	mods = ldm_proc_modules();
	proc_line(mods, "ldt_bare", line, sizeof(line));
	free(mods);
	ASSERT_STREQ(after_size(line, "ldt_bare"), "0 - Live 0x0000000000000000");
	ASSERT_OK(ldm_delete_module("ldt_bare", 0));
	ASSERT(!node_exists("/module/ldt_bare"));
	ASSERT_EQ(tainted(), 0);
}

/* Load ldt_static with @args, unload it, give a timer time to fire; the log. */
static char *unload_leaving(const char *args)
{
	ASSERT_OK(ko_load("ldt_static", args));
	ASSERT_OK(ldm_delete_module("ldt_static", 0));
	/* A timer left armed would have fired by now, in unmapped code. */
	usleep(1500 * 1000);
	return ldm_dmesg(0, NULL);
}

DEFINE_TEST(test_rmmod_module_leaving_a_kobject_in_its_memory,
	    .description = "a static device a module device_initialize()d and never put is "
			   "named as the module's leak at unload, and ldm_exit never touches it "
			   "(it crashed there)")
{
	char *log = unload_leaving(NULL);

	ASSERT_CONTAINS(log, "ldt_static: module unloaded with kobject '(no name)'");
	ASSERT_CONTAINS(log, "refcount 1: never released");
	free(log);
}

DEFINE_TEST(test_rmmod_module_leaving_a_timer_armed,
	    .description = "a timer a module leaves pending at unload is named as its leak and "
			   "deleted, never run in unmapped code")
{
	char *log = unload_leaving("armed=1");

	ASSERT_CONTAINS(log, "ldt_static: module unloaded with timer ");
	ASSERT(!strstr(log, "timer fired"));
	free(log);
}

DEFINE_TEST(test_rmmod_refused_until_firmware_nowait_callback_ran,
	    .description = "request_firmware_nowait() holds its module until the callback has "
			   "run: rmmod gives -EWOULDBLOCK meanwhile, then succeeds (the callback "
			   "ran in unmapped code)")
{
	int i, err;

	ASSERT_EQ(ldm_sysfs_write_path("/class/firmware/timeout", "1", 1), 1);
	ASSERT_OK(ko_load("ldt_fwnowait", NULL));
	ASSERT_EQ(ldm_delete_module("ldt_fwnowait", 0), -EWOULDBLOCK);
	for (i = 0; i < 200 && !ldm_test_log_has("ldt_fwnowait: callback ran"); i++)
		usleep(20 * 1000);
	ASSERT(ldm_test_log_has("ldt_fwnowait: callback ran, firmware missing"));
	/* The reference is dropped just after the callback returns. */
	for (i = 0; i < 200 && (err = ldm_delete_module("ldt_fwnowait", 0)) == -EWOULDBLOCK; i++)
		usleep(10 * 1000);
	ASSERT_OK(err);
}

DEFINE_TEST(test_exit_runs_firmware_nowait_callback_before_unloading,
	    .description = "ldm_exit aborts a pending request_firmware_nowait() and runs its "
			   "callback before it unloads the module the callback lives in")
{
	ASSERT_OK(ko_load("ldt_fwnowait", NULL));
	/* The harness's ldm_exit must end cleanly. */
}

static void *load_held_in_init(void *arg)
{
	char args[64];

	snprintf(args, sizeof(args), "initwait=%lu", (unsigned long)arg);
	return (void *)(long)ko_load("ldt_params", args);
}

/* In a child: ldt_user tried while ldt_params is held in its init. */
static void user_while_in_init(void *arg)
{
	DECLARE_COMPLETION(entered);
	DECLARE_COMPLETION(go);
	struct ldt_initwait w = { &entered, &go };
	char line[256], *mods;
	pthread_t thread;
	void *ret;

	(void)arg;
	ASSERT_EQ(pthread_create(&thread, NULL, load_held_in_init, &w), 0);
	wait_for_completion(&entered);
	ASSERT_EQ(ko_load("ldt_user", NULL), -EBUSY);
	ASSERT(!node_exists("/module/ldt_user"));
	mods = ldm_proc_modules();
	proc_line(mods, "ldt_params", line, sizeof(line));
	free(mods);
	ASSERT_STREQ(after_size(line, "ldt_params"), "0 - Loading 0x0000000000000000");
	ASSERT_EQ(ldm_delete_module("ldt_params", 0), -EBUSY);
	complete(&go);
	ASSERT_EQ(pthread_join(thread, &ret), 0);
	ASSERT_EQ((long)ret, 0);
	ASSERT_OK(ko_load("ldt_user", NULL));
	ASSERT(node_exists("/module/ldt_params/holders/ldt_user"));
	ASSERT_OK(ldm_delete_module("ldt_user", 0));
	ASSERT_OK(ldm_delete_module("ldt_params", 0));
	fflush(NULL);
	exit(0);
}

DEFINE_TEST(
	test_exports_of_a_module_in_init_give_ebusy,
	.description =
		"while ldt_params runs its init, ldt_user (which uses its export) is refused with -EBUSY naming the module, ldt_params shows as Loading and cannot be removed; once init returns, ldt_user loads")
{
	char *err = run_captured(user_while_in_init, NULL);

	ASSERT_CONTAINS(err, "ldt_user: symbol ldt_params_hidden comes from module ldt_params, "
			     "which is still initializing or going away\n");
	free(err);
}

DEFINE_TEST(
	test_proc_modules_format,
	.description =
		"ldm_proc_modules() gives one line per module in load order, \"name size refcount users, state address (taints)\", as /proc/modules")
{
	struct module *mod;
	char line[256], *mods;
	struct ko lic;
	unsigned char *p;

	mods = ldm_proc_modules();
	ASSERT_STREQ(mods, "");
	free(mods);
	ASSERT_OK(ko_load("ldt_params", NULL));
	ASSERT_OK(ko_load("ldt_user", NULL));
	ko_read(&lic, "ldt_lic"); /* its license placeholder: proprietary */
	ASSERT_OK(ldm_init_module(lic.image, lic.len, NULL));
	ko_free(&lic);
	mod = params_module();
	ASSERT_EQ(try_module_get(mod), 1);

	mods = ldm_proc_modules();
	ASSERT(mods);
	ASSERT(strstr(mods, "ldt_params ") == mods);
	ASSERT(strstr(mods, "ldt_user ") < strstr(mods, "ldt_lic "));
	proc_line(mods, "ldt_params", line, sizeof(line));
	ASSERT_STREQ(after_size(line, "ldt_params"), "2 ldt_user, Live 0x0000000000000000");
	proc_line(mods, "ldt_user", line, sizeof(line));
	ASSERT_STREQ(after_size(line, "ldt_user"), "0 - Live 0x0000000000000000");
	proc_line(mods, "ldt_lic", line, sizeof(line));
	ASSERT_STREQ(after_size(line, "ldt_lic"), "0 - Live 0x0000000000000000 (P)");
	for (p = (unsigned char *)mods; *p; p++)
		ASSERT(*p == '\n' || (*p >= ' ' && *p <= '~'));
	free(mods);
	ASSERT_EQ(tainted(), TAINT_P);
	module_put(mod);

	ASSERT_OK(ldm_delete_module("ldt_user", 0));
	mods = ldm_proc_modules();
	proc_line(mods, "ldt_params", line, sizeof(line));
	ASSERT_STREQ(after_size(line, "ldt_params"), "0 - Live 0x0000000000000000");
	ASSERT(!strstr(mods, "ldt_user"));
	free(mods);
}
