// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench-kobject.c - how the cost of the foundation scales with the size of
 * the tree. For n = 10^3 .. 10^6 kobjects in one kset (so one directory):
 * the time to register the last 1,000 kobjects, and the time of a path
 * look-up into that directory. Reported per operation and as the ratio of
 * the largest n to the smallest, which should stay near 1 (O(1) look-up).
 * Timings are reported, never asserted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#define BATCH	1000
#define LOOKUPS 200000

struct thing {
	struct kobject kobj;
};

static void thing_release(struct kobject *kobj)
{
	free(container_of(kobj, struct thing, kobj));
}

static struct kobj_type thing_ktype = { .release = thing_release };
static decl_subsys(bench, &thing_ktype, NULL);

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static struct thing **things;
static size_t nthings;

static void add_things(size_t upto)
{
	while (nthings < upto) {
		struct thing *t = calloc(1, sizeof(*t));

		if (!t)
			exit(1);
		kobject_set_name(&t->kobj, "thing%zu", nthings);
		kobj_set_kset_s(t, bench_subsys);
		if (kobject_register(&t->kobj))
			exit(1);
		things[nthings++] = t;
	}
}

int main(void)
{
	static const size_t sizes[] = { 1000, 10000, 100000, 1000000 };
	double reg[4], look[4];
	size_t i, j;

	if (ldm_init() || subsystem_register(&bench_subsys))
		return 1;
	things = calloc(sizes[3], sizeof(*things));
	if (!things)
		return 1;
	printf("%-10s %18s %18s\n", "kobjects", "register (us/op)", "lookup (ns/op)");
	for (i = 0; i < 4; i++) {
		double t0;
		char path[64];

		add_things(sizes[i] - BATCH);
		t0 = now();
		add_things(sizes[i]);
		reg[i] = (now() - t0) / BATCH * 1e6;

		t0 = now();
		for (j = 0; j < LOOKUPS; j++) {
			struct ldm_sysfs_node *sd;

			snprintf(path, sizeof(path), "/bench/thing%zu", (j * 7919) % sizes[i]);
			if (ldm_sysfs_lookup(path, 0, &sd))
				return 1;
			ldm_sysfs_put(sd);
		}
		look[i] = (now() - t0) / LOOKUPS * 1e9;
		printf("%-10zu %18.2f %18.1f\n", sizes[i], reg[i], look[i]);
	}
	printf("ratio 10^6/10^3: register %.2f, lookup %.2f\n", reg[3] / reg[0], look[3] / look[0]);
	for (i = 0; i < nthings; i++)
		kobject_unregister(&things[i]->kobj);
	free(things);
	subsystem_unregister(&bench_subsys);
	ldm_exit();
	return 0;
}
