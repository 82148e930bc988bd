// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench-platform.c - the four figures of the driver core (docs/bench.md):
 *
 * 1. the cost of registering the n-th platform device, per device, at
 *    n = 10^3, 10^4, 10^5, 10^6, and the ratio of the last to the first;
 * 2. the cost of binding a new device when 10 and when 10,000 drivers sit on
 *    its bus (the rest of 10,000 on a bus that matches nothing, so that
 *    both cases hold the same objects), and their ratio;
 * 3. path look-up in /bus/platform/devices at 10^3 and 10^6 entries;
 * 5. finding a device node by name and then by number, what each LOOKUP,
 *    GETATTR and OPEN of DIR/dev asks, with 10 and with 10^4 class devices;
 * 4. bytes of heap per registered, bound platform device, sysfs nodes and
 *    links included, with what each kind of node of the last device costs;
 *    and the same at 10^4 devices in the modern and in the 2.6.9 tree.
 *
 * Each goal is printed beside its figure with "ok" or "MISSED" (goal.h); the
 * exit status is 1 when one is missed. Timed figures are the best of ROUNDS.
 * Usage: bench-platform [MAX_DEVICES] (default 1000000).
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "goal.h"

#define BATCH	1000
/* Short rounds, many of them: on a loaded machine the best escapes the others. */
#define ROUNDS	10
#define LOOKUPS 100000

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void pdev_release(struct device *dev)
{
	(void)dev;
}

static int probe_ok(struct device *dev)
{
	(void)dev;
	return 0;
}

static struct platform_device *pdevs;
static size_t npdevs;

static void add_pdevs(size_t upto, char *name)
{
	while (npdevs < upto) {
		struct platform_device *p = &pdevs[npdevs];

		p->name = name;
		p->id = (u32)npdevs;
		p->dev.release = pdev_release;
		if (platform_device_register(p)) {
			fprintf(stderr, "bench-platform: cannot register device %zu\n", npdevs);
			exit(1);
		}
		npdevs++;
	}
}

static void del_pdevs(void)
{
	while (npdevs)
		platform_device_unregister(&pdevs[--npdevs]);
}

static double lookup_ns(size_t n)
{
	char path[64];
	double t0 = now();
	size_t j;

	for (j = 0; j < LOOKUPS; j++) {
		struct ldm_sysfs_node *sd;

		snprintf(path, sizeof(path), "/bus/platform/devices/bench%zu", (j * 7919) % n);
		if (ldm_sysfs_lookup(path, 0, &sd))
			exit(1);
		ldm_sysfs_put(sd);
	}
	return (now() - t0) / LOOKUPS * 1e9;
}

/*
 * Per-device time of registering the devices from @upto - BATCH to @upto,
 * the best of ROUNDS: each round after the first unregisters them again.
 */
static double register_batch_us(size_t upto)
{
	double best = 0;
	int r;

	add_pdevs(upto - BATCH, "bench");
	for (r = 0; r < ROUNDS; r++) {
		double t0, t;

		while (npdevs > upto - BATCH)
			platform_device_unregister(&pdevs[--npdevs]);
		memset(&pdevs[npdevs], 0, BATCH * sizeof(*pdevs));
		t0 = now();
		add_pdevs(upto, "bench");
		t = (now() - t0) / BATCH * 1e6;
		if (r == 0 || t < best)
			best = t;
	}
	return best;
}

struct mem_kind {
	const char *what;
	size_t nodes, bytes;
};

enum { MEM_DEV_DIR, MEM_SUBDIR, MEM_ATTR, MEM_LINK, MEM_LINK_TO, NR_MEM_KINDS };

static struct mem_kind mem_kinds[NR_MEM_KINDS] = {
	[MEM_DEV_DIR] = { .what = "the device's directory" },
	[MEM_SUBDIR] = { .what = "directories in it (power/)" },
	[MEM_ATTR] = { .what = "attribute files" },
	[MEM_LINK] = { .what = "links in it (subsystem, driver)" },
	[MEM_LINK_TO] = { .what = "links to it (bus's devices/, driver's)" },
};

static void count_node(enum ldm_sysfs_type type, size_t mem)
{
	int kind = type == LDM_SYSFS_DIR  ? MEM_SUBDIR :
		   type == LDM_SYSFS_LINK ? MEM_LINK :
					    MEM_ATTR;

	mem_kinds[kind].nodes++;
	mem_kinds[kind].bytes += mem;
}

static int count_entry(const char *name, const struct ldm_sysfs_stat *st, void *ctx);

/* Count the nodes below @path (not @path itself). */
static void count_below(const char *path)
{
	struct ldm_sysfs_node *dir;

	if (ldm_sysfs_lookup(path, 0, &dir))
		exit(1);
	ldm_sysfs_readdir(dir, count_entry, (void *)path);
	ldm_sysfs_put(dir);
}

static int count_entry(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
{
	char path[256];

	count_node(st->type, st->mem);
	if (st->type == LDM_SYSFS_DIR) {
		snprintf(path, sizeof(path), "%s/%s", (const char *)ctx, name);
		count_below(path);
	}
	return 0;
}

static void count_one(const char *path, int kind)
{
	struct ldm_sysfs_node *sd;
	struct ldm_sysfs_stat st;

	if (ldm_sysfs_lookup(path, 0, &sd) || ldm_sysfs_stat(sd, &st))
		exit(1);
	mem_kinds[kind].nodes++;
	mem_kinds[kind].bytes += st.mem;
	ldm_sysfs_put(sd);
}

/*
 * What the nodes of the last device registered ask of the heap, by kind: the
 * part of the heap per device that sysfs accounts for; the rest is the
 * kobject's name and malloc's rounding and headers.
 */
static size_t print_breakdown(double heap)
{
	char path[128];
	size_t i, sum = 0;

	snprintf(path, sizeof(path), "/devices/platform/bench%zu", npdevs - 1);
	count_one(path, MEM_DEV_DIR);
	count_below(path);
	snprintf(path, sizeof(path), "/bus/platform/devices/bench%zu", npdevs - 1);
	count_one(path, MEM_LINK_TO);
	snprintf(path, sizeof(path), "/bus/platform/drivers/bench/bench%zu", npdevs - 1);
	count_one(path, MEM_LINK_TO);
	printf("memory of one device, by kind (bytes asked of malloc):\n");
	for (i = 0; i < NR_MEM_KINDS; i++) {
		printf("  %-42s %2zu node%s %5zu B\n", mem_kinds[i].what, mem_kinds[i].nodes,
		       mem_kinds[i].nodes == 1 ? " " : "s", mem_kinds[i].bytes);
		sum += mem_kinds[i].bytes;
	}
	printf("  %-42s          %5.0f B\n", "the rest (names, malloc's rounding)",
	       heap - (double)sum);
	printf("  %-42s          %5zu B\n", "struct platform_device",
	       sizeof(struct platform_device));
	return sum;
}

/* Figures 1, 3 and 4: registration cost by scale, look-up, memory. */
static void scale_figures(size_t max)
{
	static const size_t sizes[] = { 1000, 10000, 100000, 1000000 };
	static struct device_driver drv = { .name = "bench", .probe = probe_ok };
	double reg[4] = { 0 }, look_first = 0, look_last = 0, heap;
	size_t mem_before, i, last = 0;
	char what[64];

	drv.bus = &platform_bus_type;
	if (driver_register(&drv))
		exit(1);
	mem_before = mallinfo2().uordblks;
	printf("%-12s %20s\n", "devices", "register (us/device)");
	for (i = 0; i < 4 && sizes[i] <= max; i++) {
		reg[i] = register_batch_us(sizes[i]);
		printf("%-12zu %20.2f\n", sizes[i], reg[i]);
		if (i == 0)
			look_first = lookup_ns(sizes[i]);
		look_last = lookup_ns(sizes[i]);
		last = i;
	}
	printf("lookup in /bus/platform/devices: %.0f ns at %zu, %.0f ns at %zu, ratio %.2f\n",
	       look_first, sizes[0], look_last, sizes[last], look_last / look_first);
	heap = (double)(mallinfo2().uordblks - mem_before) / (double)npdevs;
	print_breakdown(heap);
	snprintf(what, sizeof(what), "register the n-th device, %zu vs %zu", sizes[last], sizes[0]);
	bench_goal_max(what, reg[last] / reg[0], "", 1.5);
	printf("memory: %.0f of heap + %zu of struct platform_device\n", heap,
	       sizeof(struct platform_device));
	bench_goal_max("bytes per registered, bound platform device",
		       heap + (double)sizeof(struct platform_device), "B", 1024);
	del_pdevs();
	driver_unregister(&drv);
}

/*
 * Heap per bound device with @n devices in the tree @layout, in a child of
 * its own (the layout is chosen before ldm_init()); -1 on failure.
 */
static double layout_heap(const char *layout, size_t n)
{
	static struct device_driver drv = { .name = "bench", .probe = probe_ok };
	int fds[2], status;
	double heap = -1;
	pid_t pid;

	if (pipe(fds))
		return -1;
	pid = fork();
	if (pid == 0) {
		size_t before;

		close(fds[0]);
		if (ldm_sysfs_layout_set(layout) || ldm_init())
			_exit(1);
		drv.bus = &platform_bus_type;
		if (driver_register(&drv))
			_exit(1);
		before = mallinfo2().uordblks;
		add_pdevs(n, "bench");
		heap = (double)(mallinfo2().uordblks - before) / (double)n;
		if (write(fds[1], &heap, sizeof(heap)) != sizeof(heap))
			_exit(1);
		_exit(0);
	}
	close(fds[1]);
	if (pid > 0 && read(fds[0], &heap, sizeof(heap)) != sizeof(heap))
		heap = -1;
	close(fds[0]);
	if (pid > 0)
		waitpid(pid, &status, 0);
	return heap;
}

/* The 2.6.9 tree must not cost more than the modern one. */
static void layout_figures(void)
{
	double modern = layout_heap("modern", 10000), old = layout_heap("2.6.9", 10000);

	if (modern < 0 || old < 0) {
		fprintf(stderr, "bench-platform: cannot measure the two trees\n");
		exit(1);
	}
	printf("heap per bound device at 10^4: %.0f B in the modern tree, %.0f B in 2.6.9's\n",
	       modern, old);
	bench_goal_max("2.6.9 tree's heap per device / modern tree's", old / modern, "", 1);
}

#define NODE_MAJOR   240
#define NODE_LOOKUPS 10000
#define BIND_ROUNDS  30
#define BIND_PASSES  5
#define BIND_DRIVERS 10000
#define NODE_ROUNDS  30

/*
 * Figure 5: nanoseconds per look-up of a device node by name, then by
 * number (ldm_chrdev_node_lookup(), ldm_chrdev_node_by_dev()), with @n class
 * devices in a class_simple class; the best of NODE_ROUNDS.
 */
static int count_node_fn(const char *name, dev_t dev, mode_t mode, void *data)
{
	(void)name, (void)dev, (void)mode;
	(*(unsigned long *)data)++;
	return 0;
}

/* Microseconds of a walk of every node, what a look-up cost before the index. */
static double walk_nodes_us(void)
{
	unsigned long count = 0;
	double t0 = now();

	if (ldm_chrdev_for_each_node(count_node_fn, &count))
		exit(1);
	return (now() - t0) * 1e6;
}

static double node_lookup_ns(unsigned int n, double *walk_us)
{
	struct class_simple *cs = class_simple_create(NULL, (char *)"benchnodes");
	double best = 0;
	unsigned int i;
	char name[32];
	dev_t dev;
	int r;

	if (IS_ERR_OR_NULL(cs))
		exit(1);
	for (i = 0; i < n; i++)
		if (IS_ERR(class_simple_device_add(cs, MKDEV(NODE_MAJOR, i), NULL, "bnode%u", i)))
			exit(1);
	for (r = 0; r < NODE_ROUNDS; r++) {
		double t0 = now(), t;
		unsigned int j;

		for (j = 0; j < NODE_LOOKUPS; j++) {
			snprintf(name, sizeof(name), "bnode%u", (j * 7919) % n);
			if (ldm_chrdev_node_lookup(name, &dev, NULL) ||
			    ldm_chrdev_node_by_dev(dev, name, sizeof(name), NULL))
				exit(1);
		}
		t = (now() - t0) / NODE_LOOKUPS * 1e9;
		if (r == 0 || t < best)
			best = t;
	}
	*walk_us = walk_nodes_us();
	for (i = 0; i < n; i++)
		class_simple_device_remove(MKDEV(NODE_MAJOR, i));
	class_simple_destroy(cs);
	return best;
}

/*
 * A bus that matches nothing: figure 2's other drivers sit on it, so that
 * both of its cases have the same objects in memory and in sysfs, and
 * differ only in how many of them the platform bus has.
 */
static int match_none(struct device *dev, struct device_driver *drv)
{
	(void)dev;
	(void)drv;
	return 0;
}

static struct bus_type bench_bus = {
	.name = "benchbus",
	.match = match_none,
};

/*
 * Figure 2: binding a device with @ndrivers of BIND_DRIVERS drivers on the
 * platform bus (the rest on bench_bus), per device: the best of
 * BIND_ROUNDS batches, the drivers registered once for all.
 */
static double bind_cost(size_t ndrivers)
{
	struct device_driver *drvs = calloc(BIND_DRIVERS, sizeof(*drvs));
	/* "drv" and any size_t: -O0 builds check the bound without knowing the count. */
	char(*names)[24] = calloc(BIND_DRIVERS, sizeof(*names));
	double best = 0;
	size_t i;
	int r;

	if (!drvs || !names)
		exit(1);
	for (i = 0; i < BIND_DRIVERS; i++) {
		snprintf(names[i], sizeof(names[i]), "drv%05zu", i);
		drvs[i].name = names[i];
		drvs[i].bus = i < ndrivers ? &platform_bus_type : &bench_bus;
		drvs[i].probe = probe_ok;
		if (driver_register(&drvs[i]))
			exit(1);
	}
	for (r = 0; r < BIND_ROUNDS; r++) {
		/* Devices that match the platform driver registered last. */
		double t0 = now(), cost;

		add_pdevs(BATCH, names[ndrivers - 1]);
		cost = (now() - t0) / BATCH * 1e6;
		for (i = 0; i < BATCH; i++)
			if (!pdevs[i].dev.driver)
				exit(1);
		del_pdevs();
		if (r == 0 || cost < best)
			best = cost;
	}
	for (i = 0; i < BIND_DRIVERS; i++)
		driver_unregister(&drvs[i]);
	free(drvs);
	free(names);
	return best;
}

int main(int argc, char *argv[])
{
	size_t max = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000;
	double few, many, walk_few, walk_many;
	int r;

	if (max < 10000)
		max = 10000;
	pdevs = calloc(max, sizeof(*pdevs));
	if (!pdevs)
		return 1;
	/* In children, before this process boots its own runtime. */
	layout_figures();
	if (ldm_init())
		return 1;
	scale_figures(max);
	if (bus_register(&bench_bus))
		return 1;
	few = bind_cost(10);
	many = bind_cost(10000);
	for (r = 1; r < BIND_PASSES; r++) {
		double f = bind_cost(10), m = bind_cost(10000);

		few = f < few ? f : few;
		many = m < many ? m : many;
	}
	printf("bind a device: %.2f us with 10 drivers, %.2f us with 10000\n", few, many);
	/* Flat within the runs' 3% noise (docs/bench.md). */
	bench_goal_max("bind a device, 10000 drivers vs 10", many / few, "", 1.05);
	bus_unregister(&bench_bus);
	few = node_lookup_ns(10, &walk_few);
	many = node_lookup_ns(10000, &walk_many);
	printf("device node by name, then by number: %.0f ns with 10 class devices, %.0f ns "
	       "with 10000 (a walk of all nodes, as each look-up made before the index: %.0f us, "
	       "%.0f us)\n",
	       few, many, walk_few, walk_many);
	/*
	 * Flat, not equal: the walk it replaced grew 300 times from 10 to 10^4;
	 * what is left is the caches, a table of 10^4 entries against one of 10.
	 */
	bench_goal_max("device node look-up, 10000 class devices vs 10", many / few, "", 2);
	ldm_exit();
	free(pdevs);
	return bench_goals_status();
}
