// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-module-params.c - module parameters: int, uint, long, ulong, bool and
 * charp set at load ("name=value ...") and through
 * /module/<name>/parameters/<param> with their permissions (0644 read and
 * written, 0444 read only, 0200 written only, 0 not shown); an unknown
 * parameter or a bad value refuses the load and leaves nothing.
 */
#include "modtest.h"

#define PARAMS "/module/ldt_params/parameters/"

static int hidden_value(void)
{
	return ((int (*)(void))export_value("ldt_params_hidden"))();
}

static int woval_value(void)
{
	return ((int (*)(void))export_value("ldt_params_woval"))();
}

static ssize_t write_param(const char *param, const char *value)
{
	char path[128];

	snprintf(path, sizeof(path), PARAMS "%s", param);
	return ldm_sysfs_write_path(path, value, strlen(value));
}

DEFINE_TEST(
	test_params_defaults_and_visibility,
	.description =
		"loaded without arguments, every parameter shows its default; a parameter of permission 0 has no file, a 0200 one cannot be read")
{
	char buf[64];

	ASSERT_OK(ko_load("ldt_params", NULL));
	ASSERT_STREQ(read_attr(PARAMS "ival"), "-5\n");
	ASSERT_STREQ(read_attr(PARAMS "uval"), "7\n");
	ASSERT_STREQ(read_attr(PARAMS "lval"), "-1234567890123\n");
	ASSERT_STREQ(read_attr(PARAMS "ulval"), "1\n");
	ASSERT_STREQ(read_attr(PARAMS "bval"), "N\n");
	ASSERT_STREQ(read_attr(PARAMS "sval"), "default\n");
	ASSERT_STREQ(read_attr(PARAMS "roval"), "3\n");
	ASSERT(!node_exists(PARAMS "hidden"));
	ASSERT(!node_exists(PARAMS "report"));
	ASSERT(node_exists(PARAMS "woval"));
	ASSERT(ldm_sysfs_read_path(PARAMS "woval", buf, sizeof(buf)) < 0);
	ASSERT_EQ(hidden_value(), 9);
	ASSERT_OK(ldm_delete_module("ldt_params", 0));
	ASSERT(!node_exists("/module/ldt_params"));
}

DEFINE_TEST(
	test_params_set_at_load,
	.description =
		"name=value arguments set each type at load, a quoted value keeps its spaces, a bool without value is set, and hidden and write-only parameters are set too")
{
	ASSERT_OK(ko_load("ldt_params",
			  "ival=-42 uval=4000000000 lval=-9000000000 "
			  "ulval=18446744073709551615 bval sval=\"two words\" roval=8 hidden=11 "
			  "woval=0x10"));
	ASSERT_STREQ(read_attr(PARAMS "ival"), "-42\n");
	ASSERT_STREQ(read_attr(PARAMS "uval"), "4000000000\n");
	ASSERT_STREQ(read_attr(PARAMS "lval"), "-9000000000\n");
	ASSERT_STREQ(read_attr(PARAMS "ulval"), "18446744073709551615\n");
	ASSERT_STREQ(read_attr(PARAMS "bval"), "Y\n");
	ASSERT_STREQ(read_attr(PARAMS "sval"), "two words\n");
	ASSERT_STREQ(read_attr(PARAMS "roval"), "8\n");
	ASSERT_EQ(hidden_value(), 11);
	ASSERT_EQ(woval_value(), 16);
	ASSERT_OK(ldm_delete_module("ldt_params", 0));
	/* A new load starts from the defaults again. */
	ASSERT_OK(ko_load("ldt_params", "  bval=n   ival=1  "));
	ASSERT_STREQ(read_attr(PARAMS "bval"), "N\n");
	ASSERT_STREQ(read_attr(PARAMS "sval"), "default\n");
}

DEFINE_TEST(
	test_params_written_through_sysfs,
	.description =
		"0644 parameters of each type are written through their file; 0444 ones refuse writes with -EACCES and keep their value; a 0200 one is written; bad values are refused with -EINVAL and change nothing")
{
	ASSERT_OK(ko_load("ldt_params", NULL));
	ASSERT_EQ(write_param("ival", "17\n"), 3);
	ASSERT_STREQ(read_attr(PARAMS "ival"), "17\n");
	ASSERT_EQ(write_param("uval", "4294967295"), 10);
	ASSERT_STREQ(read_attr(PARAMS "uval"), "4294967295\n");
	ASSERT_EQ(write_param("lval", "-1"), 2);
	ASSERT_STREQ(read_attr(PARAMS "lval"), "-1\n");
	ASSERT_EQ(write_param("ulval", "0xff"), 4);
	ASSERT_STREQ(read_attr(PARAMS "ulval"), "255\n");
	ASSERT_EQ(write_param("bval", "Y"), 1);
	ASSERT_STREQ(read_attr(PARAMS "bval"), "Y\n");
	ASSERT_EQ(write_param("sval", "first\n"), 6);
	ASSERT_STREQ(read_attr(PARAMS "sval"), "first\n");
	ASSERT_EQ(write_param("sval", "second one"), 10);
	ASSERT_STREQ(read_attr(PARAMS "sval"), "second one\n");
	ASSERT_EQ(write_param("woval", "99"), 2);
	ASSERT_EQ(woval_value(), 99);

	ASSERT_EQ(write_param("roval", "5"), -EACCES);
	ASSERT_STREQ(read_attr(PARAMS "roval"), "3\n");
	ASSERT_EQ(write_param("ival", "abc"), -EINVAL);
	ASSERT_EQ(write_param("ival", "12abc"), -EINVAL);
	ASSERT_EQ(write_param("ival", "2147483648"), -EINVAL);
	ASSERT_EQ(write_param("ival", ""), -EINVAL);
	ASSERT_STREQ(read_attr(PARAMS "ival"), "17\n");
	ASSERT_EQ(write_param("uval", "-1"), -EINVAL);
	ASSERT_EQ(write_param("uval", "4294967296"), -EINVAL);
	ASSERT_STREQ(read_attr(PARAMS "uval"), "4294967295\n");
	ASSERT_EQ(write_param("ulval", "18446744073709551616"), -EINVAL);
	ASSERT_EQ(write_param("bval", "maybe"), -EINVAL);
	ASSERT_STREQ(read_attr(PARAMS "bval"), "Y\n");
	ASSERT_EQ(hidden_value(), 9);
	/* The copies of charp values are freed at unload (LeakSanitizer checks). */
	ASSERT_OK(ldm_delete_module("ldt_params", 0));
}

struct bad_args {
	const char *args;
	int expect;
	const char *message;
};

static void load_with(void *arg)
{
	const struct bad_args *b = arg;

	ASSERT_EQ(ko_load("ldt_params", b->args), b->expect);
	ASSERT(!node_exists("/module/ldt_params"));
	ASSERT_EQ(export_value("ldt_params_module"), 0);
	ASSERT_OK(ko_load("ldt_params", NULL));
	ASSERT_STREQ(read_attr(PARAMS "sval"), "default\n");
	ASSERT_OK(ldm_delete_module("ldt_params", 0));
	fflush(NULL);
	exit(0);
}

DEFINE_TEST(
	test_params_refuse_the_load,
	.description =
		"an unknown parameter refuses the load with -ENOENT, a bad value with -EINVAL (-ENOSPC for a string over 1024 bytes), each naming the parameter; nothing is left, a charp set before is freed")
{
	static char long_string[1100 + 8];
	static const struct bad_args cases[] = {
		{ "nosuch=1", -ENOENT, "ldt_params: unknown parameter 'nosuch'\n" },
		{ "ival=1 nosuch", -ENOENT, "ldt_params: unknown parameter 'nosuch'\n" },
		{ "ival=12abc", -EINVAL, "ldt_params: parameter ival: invalid value '12abc'\n" },
		{ "ival", -EINVAL, "ldt_params: parameter ival: invalid value ''\n" },
		{ "sval=ok uval=-3", -EINVAL, "ldt_params: parameter uval: invalid value '-3'\n" },
		{ "bval=maybe", -EINVAL, "ldt_params: parameter bval: invalid value 'maybe'\n" },
		{ "lval=99999999999999999999", -EINVAL,
		  "ldt_params: parameter lval: invalid value '99999999999999999999'\n" },
		{ "report", -EINVAL, "ldt_params: parameter report: invalid value ''\n" },
		{ long_string, -ENOSPC, "sval: string parameter too long\n" },
	};
	size_t i;

	memcpy(long_string, "sval=", 5);
	memset(long_string + 5, 'x', 1100);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char *err = run_captured(load_with, (void *)&cases[i]);

		ASSERT_CONTAINS(err, cases[i].message);
		free(err);
	}
}

struct param_writer {
	const char *value;
	bool done;
};

static void *write_sval(void *arg)
{
	struct param_writer *w = arg;
	ssize_t n = ldm_sysfs_write_path(PARAMS "sval", w->value, strlen(w->value));

	__atomic_store_n(&w->done, n == (ssize_t)strlen(w->value), __ATOMIC_RELEASE);
	return NULL;
}

DEFINE_TEST(
	test_params_lock_holds_off_writes,
	.description =
		"kernel_param_lock(module) holds a write to parameters/sval until kernel_param_unlock(); the built-in parameters' lock is another")
{
	struct param_writer w = { "later", false };
	struct module *mod;
	pthread_t thread;

	ASSERT_OK(ko_load("ldt_params", NULL));
	mod = ((struct module * (*)(void)) export_value("ldt_params_module"))();
	kernel_param_lock(mod);
	/* The runtime's own parameters are not held by a module's lock. */
	ASSERT(ldm_sysfs_write_path("/module/firmware_class/parameters/path", "/tmp", 4) == 4);
	ASSERT_EQ(pthread_create(&thread, NULL, write_sval, &w), 0);
	usleep(100 * 1000);
	/* Not a measure: however slow the writer, it cannot be done yet. */
	ASSERT(!__atomic_load_n(&w.done, __ATOMIC_ACQUIRE));
	kernel_param_unlock(mod);
	ASSERT_EQ(pthread_join(thread, NULL), 0);
	ASSERT(w.done);
	ASSERT_STREQ(read_attr(PARAMS "sval"), "later\n");
	ASSERT_OK(ldm_delete_module("ldt_params", 0));
}

DEFINE_TEST(
	test_params_kmod_modinfo_reads_them,
	.description =
		"kmod's modinfo reads ldt_params.ko: license, vermagic, name, and a parm line with the type of each parameter",
	.no_runtime = true)
{
	char cmd[1024], out[8192];
	size_t n;
	FILE *p;

	if (access("/usr/sbin/modinfo", X_OK) && access("/sbin/modinfo", X_OK))
		ldm_test_skip("kmod's modinfo is not installed");
	snprintf(cmd, sizeof(cmd), "PATH=/usr/sbin:/sbin:$PATH modinfo %s/ldt_params.ko 2>&1",
		 TEST_MODULE_DIR);
	p = popen(cmd, "r");
	ASSERT(p);
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = '\0';
	ASSERT_EQ(pclose(p), 0);
	ASSERT_CONTAINS(out, "license:        GPL\n");
	ASSERT_CONTAINS(out, "vermagic:       ldm-2 x86_64\n");
	ASSERT_CONTAINS(out, "name:           ldt_params\n");
	ASSERT_CONTAINS(out, "description:    Loader test: parameters and references\n");
	ASSERT_CONTAINS(out, "parm:           ival:an int (int)\n");
	ASSERT_CONTAINS(out, "parm:           sval:a string (charp)\n");
	ASSERT_CONTAINS(out, "parm:           bval:bool\n");
	ASSERT_CONTAINS(out, "parm:           ulval:ulong\n");
}
