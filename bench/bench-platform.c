// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench-platform.c - the four figures of the driver core (docs/bench.md):
 *
 * 1. the cost of registering the n-th platform device, per device, at
 *    n = 10^3, 10^4, 10^5, 10^6, and the ratio of the last to the first;
 * 2. the cost of binding a new device when 10 and when 10,000 drivers sit on
 *    its bus, and their ratio;
 * 3. path look-up in /bus/platform/devices at 10^3 and 10^6 entries;
 * 4. bytes of heap per registered, bound platform device, sysfs nodes and
 *    links included.
 *
 * Figures are printed, never asserted. Usage: bench-platform [MAX_DEVICES]
 * (default 1000000).
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#define BATCH	1000
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
		struct sysfs_dirent *sd;

		snprintf(path, sizeof(path), "/bus/platform/devices/bench%zu", (j * 7919) % n);
		if (ldm_sysfs_lookup(path, 0, &sd))
			exit(1);
		ldm_sysfs_put(sd);
	}
	return (now() - t0) / LOOKUPS * 1e9;
}

/* Figures 1, 3 and 4: registration cost by scale, look-up, memory. */
static void scale_figures(size_t max)
{
	static const size_t sizes[] = { 1000, 10000, 100000, 1000000 };
	static struct device_driver drv = { .name = "bench", .probe = probe_ok };
	double reg[4] = { 0 }, look_first = 0, look_last = 0, heap;
	size_t mem_before, i, last = 0;

	drv.bus = &platform_bus_type;
	if (driver_register(&drv))
		exit(1);
	mem_before = mallinfo2().uordblks;
	printf("%-12s %20s\n", "devices", "register (us/device)");
	for (i = 0; i < 4 && sizes[i] <= max; i++) {
		double t0;

		add_pdevs(sizes[i] - BATCH, "bench");
		t0 = now();
		add_pdevs(sizes[i], "bench");
		reg[i] = (now() - t0) / BATCH * 1e6;
		printf("%-12zu %20.2f\n", sizes[i], reg[i]);
		if (i == 0)
			look_first = lookup_ns(sizes[i]);
		look_last = lookup_ns(sizes[i]);
		last = i;
	}
	printf("register ratio %zu/%zu: %.2f (goal <= 1.5)\n", sizes[last], sizes[0],
	       reg[last] / reg[0]);
	printf("lookup in /bus/platform/devices: %.0f ns at %zu, %.0f ns at %zu, ratio %.2f\n",
	       look_first, sizes[0], look_last, sizes[last], look_last / look_first);
	heap = (double)(mallinfo2().uordblks - mem_before) / (double)npdevs;
	printf("memory: %.0f bytes per registered, bound platform device: %.0f of heap "
	       "(sysfs nodes, links, names) + %zu of struct platform_device (goal <= 1024)\n",
	       heap + (double)sizeof(struct platform_device), heap, sizeof(struct platform_device));
	del_pdevs();
	driver_unregister(&drv);
}

/* Figure 2: binding a device with @ndrivers drivers on the bus. */
static double bind_cost(size_t ndrivers)
{
	struct device_driver *drvs = calloc(ndrivers, sizeof(*drvs));
	/* "drv" and any size_t: -O0 builds check the bound without knowing @ndrivers. */
	char(*names)[24] = calloc(ndrivers, sizeof(*names));
	double t0, cost;
	size_t i;

	if (!drvs || !names)
		exit(1);
	for (i = 0; i < ndrivers; i++) {
		snprintf(names[i], sizeof(names[i]), "drv%zu", i);
		drvs[i].name = names[i];
		drvs[i].bus = &platform_bus_type;
		drvs[i].probe = probe_ok;
		if (driver_register(&drvs[i]))
			exit(1);
	}
	/* Devices that match the driver registered last. */
	t0 = now();
	add_pdevs(BATCH, names[ndrivers - 1]);
	cost = (now() - t0) / BATCH * 1e6;
	for (i = 0; i < BATCH; i++)
		if (!pdevs[i].dev.driver)
			exit(1);
	del_pdevs();
	for (i = 0; i < ndrivers; i++)
		driver_unregister(&drvs[i]);
	free(drvs);
	free(names);
	return cost;
}

int main(int argc, char *argv[])
{
	size_t max = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000;
	double few, many;

	if (max < 1000)
		max = 1000;
	if (ldm_init())
		return 1;
	pdevs = calloc(max, sizeof(*pdevs));
	if (!pdevs)
		return 1;
	scale_figures(max);
	few = bind_cost(10);
	many = bind_cost(10000);
	printf("bind a device: %.2f us with 10 drivers, %.2f us with 10000, ratio %.2f "
	       "(goal <= 1)\n",
	       few, many, many / few);
	free(pdevs);
	ldm_exit();
	return 0;
}
