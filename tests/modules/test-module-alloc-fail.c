// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-module-alloc-fail.c - a whole module load under allocation failure:
 * for k = 1, 2, ... the k-th allocation of ldm_init_module() fails. Each
 * failing load returns a negative errno and leaves nothing: no
 * /module/<name>, no export, no holders/ link, no taint, no charp copy
 * (LeakSanitizer checks at exit); the first k that does not fire loads the
 * module whole.
 */
#include "modtest.h"
#ifdef LDM_FAULT_INJECTION
#include "fault.h"
#endif

#define WALK_MAX 2000

#ifdef LDM_FAULT_INJECTION
#define ARM(k)	 ldm_fail_nth(k)
#define DISARM() ldm_fail_nth(0)
#define FIRED()	 ldm_fail_nth_fired()
#else
#define ARM(k) ((void)(k))
#define DISARM() \
	do { \
	} while (0)
#define FIRED() 0
#endif

struct walk {
	const char *name; /* the module */
	const struct ko *ko;
	const char *args;
	const char *export;	 /* one of its exports */
	const char *used;	 /* the module it uses, or NULL */
	const char *used_export; /* one of that module's exports */
	unsigned long taint;	 /* what a successful load taints */
	void (*check)(void);	 /* more checks of a successful load */
};

static void require_fault_injection(void)
{
#ifndef LDM_FAULT_INJECTION
	ldm_test_skip("built without -Dfault_injection=true");
#endif
}

/* @name's /proc/modules line: no reference, no user. */
static void assert_unused(const char *name)
{
	char *mods = ldm_proc_modules(), *line;

	ASSERT(mods);
	line = strstr(mods, name);
	ASSERT(line);
	line = strchr(line + strlen(name) + 1, ' ');
	ASSERT(line && !strncmp(line, " 0 - Live ", 10));
	free(mods);
}

static void assert_gone(const struct walk *w)
{
	ASSERT(!node_exists("/module/%s", w->name));
	ASSERT_EQ(export_value(w->export), 0);
	if (w->used) {
		ASSERT(!node_exists("/module/%s/holders/%s", w->used, w->name));
		ASSERT(export_value(w->used_export));
		assert_unused(w->used);
	}
	ASSERT_EQ(tainted(), 0);
}

static unsigned int walk_load(const struct walk *w)
{
	int saved = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY);
	unsigned int k, failed = 0;
	int error, fired;

	ASSERT(saved >= 0 && null >= 0);
	for (k = 1; k <= WALK_MAX; k++) {
		dup2(null, STDERR_FILENO); /* a refusal for each k */
		ARM(k);
		error = ldm_init_module(w->ko->image, w->ko->len, w->args);
		DISARM();
		fired = FIRED();
		dup2(saved, STDERR_FILENO);
		if (error) {
			if (!fired)
				FAIL("k = %u: %d without an allocation failing", k, error);
			ASSERT(error < 0);
			assert_gone(w);
			failed++;
			continue;
		}
		/* Loaded, perhaps with a hotplug event dropped: all in place. */
		ASSERT(node_exists("/module/%s/refcnt", w->name));
		ASSERT(export_value(w->export));
		if (w->used)
			ASSERT(node_exists("/module/%s/holders/%s", w->used, w->name));
		ASSERT_EQ(tainted(), w->taint);
		if (w->check)
			w->check();
		ASSERT_OK(ldm_delete_module(w->name, 0));
		if (w->taint)
			break; /* the taint stays: one whole load is the end */
		assert_gone(w);
		if (!fired)
			break;
	}
	close(saved);
	close(null);
	ASSERT(k <= WALK_MAX);
	ASSERT(failed > 10);
	printf("# %s: walked %u allocations, %u loads refused\n", w->name, k - 1, failed);
	return k;
}

static void check_reloc_user(void)
{
	ASSERT_STREQ(read_attr("/module/reloc_user_gcc_o2_pic/parameters/result"), "0\n");
	ASSERT_EQ(*(int *)export_value("reloc_lib_counter"), 1001);
}

DEFINE_TEST(
	test_alloc_fail_walk_module_using_another,
	.description =
		"reloc_user (GOT, stubs, a use of reloc_lib, holders/ link) loaded with each allocation failing in turn: refused cleanly until loaded whole",
	.timeout = 600)
{
	struct ko ko;
	struct walk w = {
		.name = "reloc_user_gcc_o2_pic",
		.ko = &ko,
		.export = "reloc_user_check",
		.used = "reloc_lib_gcc_o2_pic",
		.used_export = "reloc_lib_switch",
		.check = check_reloc_user,
	};

	require_fault_injection();
	ASSERT_OK(ko_load("reloc_lib_gcc_o2_pic", NULL));
	ko_read(&ko, w.name);
	walk_load(&w);
	ko_free(&ko);
	ASSERT_EQ(*(int *)export_value("reloc_lib_counter"), 1000);
	ASSERT_OK(ldm_delete_module("reloc_lib_gcc_o2_pic", 0));
}

static void check_params(void)
{
	ASSERT_STREQ(read_attr("/module/ldt_params/parameters/sval"), "walked\n");
	ASSERT_STREQ(read_attr("/module/ldt_params/parameters/ival"), "3\n");
}

DEFINE_TEST(
	test_alloc_fail_walk_module_with_parameters,
	.description =
		"ldt_params loaded with a charp and an int argument, with each allocation failing in turn: refused cleanly, its string copies freed, until loaded whole",
	.timeout = 600)
{
	struct ko ko;
	struct walk w = {
		.name = "ldt_params",
		.ko = &ko,
		.args = "sval=walked ival=3",
		.export = "ldt_params_module",
		.check = check_params,
	};

	require_fault_injection();
	ko_read(&ko, w.name);
	walk_load(&w);
	ko_free(&ko);
}

DEFINE_TEST(
	test_alloc_fail_walk_proprietary_module,
	.description =
		"a proprietary module loaded with each allocation failing in turn: no failed load taints the runtime; the whole load taints P",
	.timeout = 600)
{
	struct ko ko;
	struct walk w = {
		.name = "ldt_lic",
		.ko = &ko,
		.export = "ldt_lic_value",
		.taint = 1,
	};

	require_fault_injection();
	ko_read(&ko, w.name); /* its placeholder license: proprietary */
	walk_load(&w);
	ko_free(&ko);
}
