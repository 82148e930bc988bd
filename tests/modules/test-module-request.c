// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-module-request.c - request_module() (<ldm/kmod.h>): a driver's
 * request goes to the host's hook in the requesting thread and returns once
 * the host has loaded the module; without a hook it is -ENOENT; a name too
 * long and a runaway loop are refused; ldm_exit() removes the hook.
 */
#include "modtest.h"

#define WIDGET_KO LDM_BUILD_DIR "/modules/widget.ko"

struct hook_log {
	char names[4][64];
	int n;
	char state[16]; /* ldt_request's initstate while the hook ran */
};

/* Load widget.ko for "platform:widget", refuse anything else. */
static int load_widget(const char *name, void *data)
{
	struct hook_log *log = data;
	char buf[16];

	if (log->n < 4)
		snprintf(log->names[log->n++], 64, "%s", name);
	if (ldm_sysfs_read_path("/module/ldt_request/initstate", buf, sizeof(buf)) > 0)
		snprintf(log->state, sizeof(log->state), "%s", buf);
	if (strcmp(name, "platform:widget"))
		return -ENOENT;
	return ldm_insmod(WIDGET_KO, NULL);
}

DEFINE_TEST(
	test_request_module_goes_to_the_host_hook,
	.description =
		"a module's init calling request_module(\"platform:widget\") has the host's hook load widget before its init returns; an alias the host cannot load gives its error")
{
	static struct hook_log log;

	ASSERT_OK(ldm_request_module_set(load_widget, &log));
	ASSERT_OK(ko_load("ldt_request", "want=platform:widget"));
	ASSERT_EQ(log.n, 1);
	ASSERT_STREQ(log.names[0], "platform:widget");
	ASSERT_STREQ(log.state, "coming\n");
	ASSERT(node_exists("/module/widget"));
	ASSERT_STREQ(tree_attr("/module/ldt_request/parameters/result"), "0\n");
	ASSERT_OK(ldm_delete_module("ldt_request", 0));

	ASSERT_OK(ko_load("ldt_request", "want=platform:nosuch"));
	ASSERT_STREQ(tree_attr("/module/ldt_request/parameters/result"), "-2\n");
	ASSERT_OK(ldm_delete_module("ldt_request", 0));
	ASSERT_OK(ldm_delete_module("widget", 0));
}

DEFINE_TEST(test_request_module_without_a_hook,
	    .description = "with no host hook request_module() gives -ENOENT and loads nothing")
{
	ASSERT_EQ(request_module("platform:%s", "widget"), -ENOENT);
	ASSERT_OK(ko_load("ldt_request", "want=platform:widget"));
	ASSERT_STREQ(tree_attr("/module/ldt_request/parameters/result"), "-2\n");
	ASSERT(!node_exists("/module/widget"));
}

static int again_and_again(const char *name, void *data)
{
	int *calls = data;

	(*calls)++;
	return request_module("%s", name);
}

DEFINE_TEST(
	test_request_module_refuses_long_names_and_loops,
	.description =
		"a name of MODULE_NAME_LEN bytes or more is -ENAMETOOLONG without calling the hook; a hook that asks again and again is stopped with -ELOOP after 16 nested requests")
{
	char name[80];
	int calls = 0;

	memset(name, 'x', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	ASSERT_OK(ldm_request_module_set(again_and_again, &calls));
	ASSERT_EQ(request_module("%s", name), -ENAMETOOLONG);
	ASSERT_EQ(calls, 0);
	ASSERT_EQ(request_module("loop"), -ELOOP);
	ASSERT_EQ(calls, 16);
	ASSERT_OK(ldm_request_module_set(NULL, NULL));
	ASSERT_EQ(request_module("loop"), -ENOENT);
}

static int count_calls(const char *name, void *data)
{
	(void)name;
	(*(int *)data)++;
	return 0;
}

DEFINE_TEST(test_request_module_hook_goes_with_the_runtime,
	    .description = "ldm_exit() removes the hook: a runtime booted again has none",
	    .no_runtime = true)
{
	int calls = 0;

	ASSERT_OK(ldm_init());
	ASSERT_OK(ldm_request_module_set(count_calls, &calls));
	ASSERT_OK(request_module("x"));
	ASSERT_EQ(calls, 1);
	ldm_exit();
	ASSERT_OK(ldm_init());
	ASSERT_EQ(request_module("x"), -ENOENT);
	ASSERT_EQ(calls, 1);
	ldm_exit();
}
