// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench-module.c - the module loader's figures (docs/bench.md), listed below.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "goal.h"

/**
 * DOC: how bench-module.c works
 *
 * 1. loading bench_imports.ko, a module of 1,000 imports, into a runtime
 *    with 100,000 exports more than its own (bench-exports.S, linked in):
 *    the time of a whole ldm_init_module(), and that time per import;
 * 2. the look-up of those 1,000 names alone, per name: binding is a hash
 *    look-up, not the scan of every table 2.6.9 made;
 * 3. the same code built as a shared object, loaded with
 *    dlopen(RTLD_NOW) and its init called, binding its 1,000 imports
 *    against the same 100,000 symbols (the program's dynamic symbols); the
 *    ratio of the two.
 *
 * Each figure is the median of ROUNDS loads (and unloads), and of those
 * medians the best of PASSES, loads and dlopens taking turns; the ratio is
 * that of the two bests (a best of ratios would take the pass whose dlopen
 * other work slowed most). Its goal is printed beside it (goal.h), and the
 * exit status is 1 when it is missed. Usage: bench-module [ROUNDS]
 * (default 200).
 */

#define IMPORTS	      1000
#define PASSES	      7
#define EXTRA_EXPORTS 100000
/* The sum of bench_x100000 + 100 * k for k < 1000, as each returns its number */
#define EXPECTED_SUM  149950000UL

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *t, int n)
{
	qsort(t, (size_t)n, sizeof(*t), by_value);
	return t[n / 2];
}

static void die(const char *what)
{
	fprintf(stderr, "bench-module: %s\n", what);
	exit(1);
}

static void *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	void *buf;
	long size;

	if (!f)
		die("cannot open " BENCH_KO);
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	rewind(f);
	buf = malloc((size_t)size);
	if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size)
		die("cannot read " BENCH_KO);
	fclose(f);
	*len = (size_t)size;
	return buf;
}

static int count_export(const struct ldm_export *exp, void *data)
{
	(void)exp;
	(*(unsigned long *)data)++;
	return 0;
}

static unsigned long module_sum(void)
{
	struct ldm_export exp;

	if (ldm_export_lookup("bench_imports_sum", &exp))
		die("bench_imports_sum is not exported");
	return *(unsigned long *)exp.value;
}

/* 1. the whole load, then an unload, @rounds times: the median load */
static double load_median(const void *image, size_t len, double *t, int rounds)
{
	int r;

	for (r = 0; r < rounds; r++) {
		double t0 = now();

		if (ldm_init_module(image, len, NULL))
			die("bench_imports.ko does not load");
		t[r] = now() - t0;
		if (module_sum() != EXPECTED_SUM)
			die("bench_imports computed a wrong sum");
		if (ldm_delete_module("bench_imports", 0))
			die("bench_imports does not unload");
	}
	return median(t, rounds);
}

/* 2. the look-ups alone */
static double lookup_median(char (*names)[16], double *t, int rounds)
{
	struct ldm_export exp;
	int r, i;

	for (i = 0; i < IMPORTS; i++)
		snprintf(names[i], sizeof(names[i]), "bench_x%d", 100000 + 100 * i);
	for (r = 0; r < rounds; r++) {
		double t0 = now();

		for (i = 0; i < IMPORTS; i++)
			if (ldm_export_lookup(names[i], &exp))
				die("an import is not exported");
		t[r] = now() - t0;
	}
	return median(t, rounds);
}

/* 3. dlopen of the same code */
static double dlopen_median(double *t, int rounds)
{
	unsigned long *so_sum;
	int r;

	for (r = 0; r < rounds; r++) {
		double t0 = now();
		void *h = dlopen(BENCH_SO, RTLD_NOW | RTLD_LOCAL);
		int (*init)(void);

		if (!h)
			die(dlerror());
		init = (int (*)(void))dlsym(h, "init_module");
		if (!init || init())
			die("the shared object has no working init_module");
		t[r] = now() - t0;
		so_sum = dlsym(h, "bench_imports_sum");
		if (!so_sum || *so_sum != EXPECTED_SUM)
			die("the shared object computed a wrong sum");
		dlclose(h);
	}
	return median(t, rounds);
}

static double min2(double a, double b)
{
	return a < b ? a : b;
}

int main(int argc, char *argv[])
{
	int rounds = argc > 1 ? atoi(argv[1]) : 200, p;
	double *t, load = 0, lookup = 0, dl = 0;
	unsigned long exports = 0;
	char(*names)[16];
	size_t len;
	void *image;

	if (rounds < 1)
		die("usage: bench-module [ROUNDS]");
	t = calloc((size_t)rounds, sizeof(*t));
	names = calloc(IMPORTS, sizeof(*names));
	if (!t || !names || ldm_init())
		die("cannot start");
	ldm_export_for_each(count_export, &exports);
	image = read_file(BENCH_KO, &len);

	for (p = 0; p < PASSES; p++) {
		double l = load_median(image, len, t, rounds), d = dlopen_median(t, rounds);
		double k = lookup_median(names, t, rounds);

		load = p ? min2(load, l) : l;
		dl = p ? min2(dl, d) : d;
		lookup = p ? min2(lookup, k) : k;
	}

	printf("runtime: %lu exports (%d of them bench-exports.S), %d rounds, medians, "
	       "best of %d\n",
	       exports, EXTRA_EXPORTS, rounds, PASSES);
	printf("ldm_init_module, %d imports: %8.1f us, %6.1f ns per import\n", IMPORTS, load * 1e6,
	       load * 1e9 / IMPORTS);
	printf("export look-up alone:         %8.1f us, %6.1f ns per name\n", lookup * 1e6,
	       lookup * 1e9 / IMPORTS);
	printf("dlopen(RTLD_NOW) + init:      %8.1f us, %6.1f ns per import\n", dl * 1e6,
	       dl * 1e9 / IMPORTS);
	bench_goal_max("ldm_init_module / dlopen(RTLD_NOW), 1000 imports", load / dl, "", 0.8);
	free(image);
	free(names);
	free(t);
	ldm_exit();
	return bench_goals_status();
}
