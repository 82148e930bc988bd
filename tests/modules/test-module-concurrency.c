// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-module-concurrency.c - the loader under threads (also the
 * ThreadSanitizer suite): try_module_get() racing an unload, loads of the
 * same module racing each other, and loads, unloads, listings and
 * parameter writes all at once.
 */
#include <pthread.h>
#include <time.h>

#include "modtest.h"
#include "loadtest/loadtest.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct getter {
	struct module *mod;
	struct ldt_report *report;
	unsigned long got, late;
};

/*
 * Take and drop references until the module's exit says it is going; a
 * reference obtained once it is going is a bug. The module waits in its
 * exit for our ack, so it stays mapped while we may touch it.
 */
static void *get_put_loop(void *arg)
{
	struct getter *g = arg;

	while (!__atomic_load_n(&g->report->going, __ATOMIC_SEQ_CST)) {
		if (!try_module_get(g->mod))
			continue;
		__atomic_add_fetch(&g->got, 1, __ATOMIC_SEQ_CST);
		if (__atomic_load_n(&g->report->going, __ATOMIC_SEQ_CST))
			g->late++;
		module_put(g->mod);
	}
	complete(g->report->ack);
	return NULL;
}

DEFINE_TEST(
	test_try_module_get_races_rmmod,
	.description =
		"while a thread takes and drops references, rmmod either refuses with -EWOULDBLOCK or wins, and then no reference is held during exit nor granted after it",
	.concurrency = true, .timeout = 300)
{
	unsigned int rounds = 0, refused = 0;
	double end = now() + 3;

	while (now() < end || rounds < 50) {
		struct completion ack;
		struct ldt_report report = { .ack = &ack };
		struct getter g = { .report = &report };
		pthread_t t;
		char args[64];
		int error;

		init_completion(&ack);
		snprintf(args, sizeof(args), "report=%lu", (unsigned long)&report);
		ASSERT_OK(ko_load("ldt_params", args));
		g.mod = ((struct module * (*)(void)) export_value("ldt_params_module"))();
		ASSERT_OK(pthread_create(&t, NULL, get_put_loop, &g));
		/* Race the loop, not the thread's start. */
		while (__atomic_load_n(&g.got, __ATOMIC_SEQ_CST) < 100)
			;
		while ((error = ldm_delete_module("ldt_params", 0)) == -EWOULDBLOCK)
			refused++;
		ASSERT_OK(error);
		pthread_join(t, NULL);
		if (report.held_at_exit || g.late)
			FAIL("round %u: a reference was held while the module was going (at exit: "
			     "%d, granted late: %lu)",
			     rounds, report.held_at_exit, g.late);
		rounds++;
	}
	printf("# %u rounds, %u refusals\n", rounds, refused);
}

struct loader {
	const struct ko *ko;
	int result;
};

static void *load_one(void *arg)
{
	struct loader *l = arg;

	l->result = ldm_init_module(l->ko->image, l->ko->len, NULL);
	return NULL;
}

DEFINE_TEST(
	test_same_module_loaded_by_many_threads,
	.description =
		"eight threads load the same image at once: exactly one succeeds, the others get -EEXIST, and one rmmod removes it all",
	.concurrency = true)
{
	struct loader l[8];
	pthread_t t[8];
	struct ko ko;
	unsigned int i, round, ok;
	int fd = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY);

	ko_read(&ko, "reloc_lib_gcc_o2_pic");
	dup2(null, STDERR_FILENO); /* seven refusals a round */
	for (round = 0; round < 20; round++) {
		for (i = 0; i < 8; i++) {
			l[i].ko = &ko;
			ASSERT_OK(pthread_create(&t[i], NULL, load_one, &l[i]));
		}
		for (ok = 0, i = 0; i < 8; i++) {
			pthread_join(t[i], NULL);
			if (!l[i].result)
				ok++;
			else
				ASSERT_EQ(l[i].result, -EEXIST);
		}
		ASSERT_EQ(ok, 1);
		ASSERT_OK(ldm_delete_module("reloc_lib_gcc_o2_pic", 0));
		ASSERT(!node_exists("/module/reloc_lib_gcc_o2_pic"));
	}
	dup2(fd, STDERR_FILENO);
	close(fd);
	close(null);
	ko_free(&ko);
}

static int stop;

static void *list_loop(void *arg)
{
	unsigned long n = 0;

	(void)arg;
	while (!__atomic_load_n(&stop, __ATOMIC_SEQ_CST)) {
		char *mods = ldm_proc_modules();
		char buf[64];

		ASSERT(mods);
		free(mods);
		ldm_sysfs_read_path("/module/ldt_params/refcnt", buf, sizeof(buf));
		ldm_sysfs_read_path("/module/ldt_params/parameters/sval", buf, sizeof(buf));
		/* Its init prints sval under kernel_param_lock(). */
		ldm_sysfs_write_path("/module/ldt_params/parameters/sval", "racing", 6);
		ldm_sysfs_write_path("/module/ldt_params/parameters/ival", "5", 1);
		ldm_sysfs_write_path("/module/ldt_params/parameters/bval", "Y", 1);
		n++;
	}
	return (void *)n;
}

static void *cycle_loop(void *arg)
{
	const char *name = arg;
	unsigned int i;

	for (i = 0; i < 30; i++) {
		ASSERT_OK(ko_load(name, NULL));
		ASSERT_OK(ldm_delete_module(name, 0));
	}
	return NULL;
}

DEFINE_TEST(
	test_loads_unloads_and_listings_at_once,
	.description =
		"two threads load and unload different modules while another lists /proc/modules and reads and writes parameters: every call succeeds and nothing is left",
	.concurrency = true, .timeout = 300)
{
	pthread_t lister, a, b;

	ASSERT_OK(pthread_create(&lister, NULL, list_loop, NULL));
	ASSERT_OK(pthread_create(&a, NULL, cycle_loop, "ldt_params"));
	ASSERT_OK(pthread_create(&b, NULL, cycle_loop, "reloc_lib_clang_o2_large"));
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	__atomic_store_n(&stop, 1, __ATOMIC_SEQ_CST);
	pthread_join(lister, NULL);
	ASSERT(!node_exists("/module/ldt_params"));
	ASSERT(!node_exists("/module/reloc_lib_clang_o2_large"));
	{
		char *mods = ldm_proc_modules();

		ASSERT_STREQ(mods, "");
		free(mods);
	}
}
