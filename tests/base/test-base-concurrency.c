// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-base-concurrency.c - the driver core under threads: devices and
 * drivers registered and unregistered on one bus from several threads
 * while others read their sysfs files and write their power/state and the
 * drivers' bind/unbind files. Bounded in count and time; run under
 * ThreadSanitizer by `make check-tsan`.
 */
#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

#define DEV_THREADS	2
#define DRV_THREADS	1
#define READERS		2
#define DEVS_PER_THREAD 8
#define MAX_ROUNDS	400
#define MAX_SECONDS	2

static atomic_t probes, removes, releases, registered, failed, reads_ok, stop;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int churn_probe(struct device *dev)
{
	(void)dev;
	atomic_inc(&probes);
	return 0;
}

static int churn_remove(struct device *dev)
{
	(void)dev;
	atomic_inc(&removes);
	return 0;
}

/* Per device: 1 from registration until its release has run. */
static atomic_t live[DEV_THREADS * DEVS_PER_THREAD];

static void churn_release(struct device *dev)
{
	atomic_set(&live[to_platform_device(dev)->id], 0);
	atomic_inc(&releases);
}

/* A reader may still hold a reference: reuse the memory only once released. */
static void wait_released(unsigned int id)
{
	double start = now();

	while (atomic_read(&live[id])) {
		if (now() - start > 10)
			FAIL("device %u not released 10 s after unregistration", id);
		sched_yield();
	}
}

static bool keep_going(unsigned int round, double start)
{
	return !atomic_read(&stop) && round < MAX_ROUNDS && now() - start < MAX_SECONDS;
}

/* Register and unregister platform devices named "churn", ids per thread. */
static void *device_thread(void *arg)
{
	static struct platform_device pdevs[DEV_THREADS][DEVS_PER_THREAD];
	bool ok[DEVS_PER_THREAD];
	long t = (long)arg;
	double start = now();
	unsigned int round, i;

	for (round = 0; keep_going(round, start); round++) {
		for (i = 0; i < DEVS_PER_THREAD; i++) {
			struct platform_device *p = &pdevs[t][i];
			unsigned int id = (unsigned int)(t * DEVS_PER_THREAD + i);

			wait_released(id);
			memset(p, 0, sizeof(*p));
			atomic_set(&live[id], 1);
			p->name = "churn";
			p->id = id;
			p->dev.release = churn_release;
			ok[i] = !platform_device_register(p);
			if (ok[i]) {
				atomic_inc(&registered);
			} else {
				atomic_inc(&failed);
				put_device(&p->dev);
			}
		}
		for (i = 0; i < DEVS_PER_THREAD; i++)
			if (ok[i])
				platform_device_unregister(&pdevs[t][i]);
	}
	for (i = 0; i < DEVS_PER_THREAD; i++)
		wait_released((unsigned int)(t * DEVS_PER_THREAD + i));
	return NULL;
}

/* Register and unregister the driver that binds them. */
static void *driver_thread(void *arg)
{
	static struct device_driver drv;
	double start = now();
	unsigned int round;

	(void)arg;
	for (round = 0; keep_going(round, start); round++) {
		memset(&drv, 0, sizeof(drv));
		drv.name = "churn";
		drv.bus = &platform_bus_type;
		drv.probe = churn_probe;
		drv.remove = churn_remove;
		if (driver_register(&drv))
			continue;
		driver_unregister(&drv);
	}
	return NULL;
}

/* Read what a user would read, write what a user would write. */
static void *reader_thread(void *arg)
{
	double start = now();
	unsigned int round, id;
	char path[128], buf[256];

	(void)arg;
	for (round = 0; keep_going(round, start) || round < 50; round++) {
		id = round % (DEV_THREADS * DEVS_PER_THREAD);
		snprintf(path, sizeof(path), "/bus/platform/devices/churn%u/power/state", id);
		ssize_t n = ldm_sysfs_read_path(path, buf, sizeof(buf));

		if (n > 0)
			atomic_inc(&reads_ok);
		else if (n != -ENOENT && n != -ENODEV)
			FAIL("reading %s: %zd", path, n);
		n = ldm_sysfs_write_path(path, round & 1 ? "3\n" : "0\n", 2);
		if (n < 0 && n != -ENOENT && n != -ENODEV)
			FAIL("writing %s: %zd", path, n);
		snprintf(buf, sizeof(buf), "churn%u\n", id);
		n = ldm_sysfs_write_path("/bus/platform/drivers/churn/unbind", buf, strlen(buf));
		if (n < 0 && n != -ENOENT && n != -ENODEV)
			FAIL("unbind: %zd", n);
		n = ldm_sysfs_write_path("/bus/platform/drivers/churn/bind", buf, strlen(buf));
		if (n < 0 && n != -ENOENT && n != -ENODEV && n != -EBUSY)
			FAIL("bind: %zd", n);
	}
	return NULL;
}

DEFINE_TEST(
	test_devices_and_drivers_churn_while_files_are_used,
	.description =
		"threads register and unregister devices and a driver on one bus while others read power/state and write bind/unbind: no error but -ENOENT/-ENODEV/-EBUSY, every device released once, every probe matched by a remove",
	.concurrency = true, .timeout = 120)
{
	pthread_t threads[DEV_THREADS + DRV_THREADS + READERS];
	long i, n = 0;

	for (i = 0; i < DEV_THREADS; i++)
		ASSERT_OK(pthread_create(&threads[n++], NULL, device_thread, (void *)i));
	for (i = 0; i < DRV_THREADS; i++)
		ASSERT_OK(pthread_create(&threads[n++], NULL, driver_thread, NULL));
	for (i = 0; i < READERS; i++)
		ASSERT_OK(pthread_create(&threads[n++], NULL, reader_thread, NULL));
	for (i = 0; i < n; i++)
		pthread_join(threads[i], NULL);

	printf("# %d devices registered, %d probes, %d removes, %d reads\n",
	       atomic_read(&registered), atomic_read(&probes), atomic_read(&removes),
	       atomic_read(&reads_ok));
	ASSERT(atomic_read(&registered) > 0);
	ASSERT_EQ(atomic_read(&failed), 0);
	ASSERT_EQ(atomic_read(&releases), atomic_read(&registered));
	ASSERT_EQ(atomic_read(&probes), atomic_read(&removes));
}

/*
 * Suspend and resume against a driver's binding and unbinding (issue 14's
 * crash 4): the driver's state lives from probe to remove, and its
 * suspend and resume, called at three levels each with a yield between,
 * must find it every time. Without the device's sem, platform_suspend()
 * read dev->driver again between levels after an unbind had cleared it.
 */
#define RACE_SECONDS 2
#define RACE_ROUNDS  1000000 /* the bound is RACE_SECONDS */

static atomic_t racer_calls;

static int racer_probe(struct device *dev)
{
	char *state = kmalloc(16, GFP_KERNEL);

	if (!state)
		return -ENOMEM;
	strcpy(state, "bound");
	dev_set_drvdata(dev, state);
	return 0;
}

static int racer_remove(struct device *dev)
{
	kfree(dev_get_drvdata(dev));
	dev_set_drvdata(dev, NULL);
	return 0;
}

static void racer_check(struct device *dev)
{
	const char *state = dev_get_drvdata(dev);

	if (!state || strcmp(state, "bound"))
		FAIL("%s's driver called with no bound state", dev->bus_id);
	atomic_inc(&racer_calls);
	sched_yield();
}

static int racer_suspend(struct device *dev, u32 state, u32 level)
{
	(void)state;
	(void)level;
	racer_check(dev);
	return 0;
}

static int racer_resume(struct device *dev, u32 level)
{
	(void)level;
	racer_check(dev);
	return 0;
}

static struct device_driver racer_driver = {
	.name = "racer",
	.bus = &platform_bus_type,
	.probe = racer_probe,
	.remove = racer_remove,
	.suspend = racer_suspend,
	.resume = racer_resume,
};

static void *pm_cycle_thread(void *arg)
{
	double start = now();
	unsigned int round;

	(void)arg;
	for (round = 0; round < RACE_ROUNDS && now() - start < RACE_SECONDS; round++) {
		if (device_suspend(3))
			FAIL("device_suspend failed in round %u", round);
		device_resume();
	}
	return NULL;
}

static void *driver_cycle_thread(void *arg)
{
	double start = now();
	unsigned int round;

	(void)arg;
	for (round = 0; round < RACE_ROUNDS && now() - start < RACE_SECONDS; round++) {
		if (driver_register(&racer_driver))
			FAIL("driver_register failed in round %u", round);
		driver_unregister(&racer_driver);
	}
	return NULL;
}

DEFINE_TEST(
	test_suspend_resume_race_driver_load_unload,
	.description =
		"one thread suspends and resumes every device while another registers and unregisters the driver bound to four of them: the driver's suspend and resume always find it bound (its state from probe to remove), no crash, no race",
	.concurrency = true, .timeout = 120)
{
	struct platform_device *pdevs[4];
	pthread_t pm, drv;
	unsigned int i;

	for (i = 0; i < 4; i++) {
		pdevs[i] = platform_device_register_simple("racer", i, NULL, 0);
		ASSERT(!IS_ERR(pdevs[i]));
	}
	ASSERT_OK(pthread_create(&pm, NULL, pm_cycle_thread, NULL));
	ASSERT_OK(pthread_create(&drv, NULL, driver_cycle_thread, NULL));
	ASSERT_OK(pthread_join(pm, NULL));
	ASSERT_OK(pthread_join(drv, NULL));
	ldm_test_log("%d calls of the driver's suspend and resume", atomic_read(&racer_calls));
	for (i = 0; i < 4; i++)
		platform_device_unregister(pdevs[i]);
}

/*
 * ldm device add and ldm device remove of one name at once (issue 14's
 * crash 5: ldmd replied with the bus_id of a device already freed): the
 * host API copies the bus_id under its lock; every add that succeeds says
 * "racer7", and what is left is removed once.
 */
static atomic_t host_adds, host_removes;

static void *host_add_thread(void *arg)
{
	struct ldm_resource res = { .type = LDM_RESOURCE_MEM, .start = 0x7000, .end = 0x7fff };
	double start = now();
	unsigned int round;
	char bus_id[32];
	int error;

	(void)arg;
	for (round = 0; round < RACE_ROUNDS && now() - start < RACE_SECONDS; round++) {
		error = ldm_platform_device_add("racer", 7, &res, 1, bus_id, sizeof(bus_id));
		if (!error) {
			ASSERT_STREQ(bus_id, "racer7");
			atomic_inc(&host_adds);
		} else if (error != -EEXIST && error != -EBUSY) {
			FAIL("ldm_platform_device_add: %d", error);
		}
	}
	return NULL;
}

static void *host_remove_thread(void *arg)
{
	double start = now();
	unsigned int round;
	int error;

	(void)arg;
	for (round = 0; round < RACE_ROUNDS && now() - start < RACE_SECONDS; round++) {
		error = ldm_platform_device_remove("racer7");
		if (!error)
			atomic_inc(&host_removes);
		else if (error != -ENODEV)
			FAIL("ldm_platform_device_remove: %d", error);
		sched_yield();
	}
	return NULL;
}

DEFINE_TEST(
	test_host_device_add_races_remove_of_one_name,
	.description =
		"two threads add and remove the host device racer7 at once: each add that succeeds gives the bus_id racer7 (copied under the host's lock, never read from a freed device), adds and removes balance, nothing leaks",
	.concurrency = true, .timeout = 120)
{
	pthread_t add[2], rm;
	int i;

	for (i = 0; i < 2; i++)
		ASSERT_OK(pthread_create(&add[i], NULL, host_add_thread, NULL));
	ASSERT_OK(pthread_create(&rm, NULL, host_remove_thread, NULL));
	for (i = 0; i < 2; i++)
		ASSERT_OK(pthread_join(add[i], NULL));
	ASSERT_OK(pthread_join(rm, NULL));
	if (!ldm_platform_device_remove("racer7"))
		atomic_inc(&host_removes);
	ldm_test_log("%d adds, %d removes", atomic_read(&host_adds), atomic_read(&host_removes));
	ASSERT(atomic_read(&host_adds) > 0);
	ASSERT_EQ(atomic_read(&host_adds), atomic_read(&host_removes));
}
