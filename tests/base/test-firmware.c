// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-firmware.c - request_firmware: found on the search path, found
 * through the 2.6.9 fallback files that userspace fills, timed out, aborted,
 * refused for bad names; request_firmware_nowait; the firmware subsystem's
 * files (/class/firmware/timeout, /module/firmware_class/parameters/path).
 */
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

static void dev_release(struct device *dev)
{
	(void)dev;
}

/* A device to request firmware for, at /devices/fwdev0. */
static struct device fwdev = { .bus_id = "fwdev0", .release = dev_release };

static char fwdir[64];

static void make_fw_dir(void)
{
	char path[128];
	FILE *f;

	strcpy(fwdir, "/tmp/ldm-fw-XXXXXX");
	ASSERT(mkdtemp(fwdir));
	snprintf(path, sizeof(path), "%s/sub", fwdir);
	ASSERT_OK(mkdir(path, 0755));
	snprintf(path, sizeof(path), "%s/sub/blob.bin", fwdir);
	f = fopen(path, "w");
	ASSERT(f);
	fputs("FIRMWARE-IMAGE", f);
	fclose(f);
}

static void remove_fw_dir(void)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/sub/blob.bin", fwdir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/sub", fwdir);
	rmdir(path);
	rmdir(fwdir);
}

DEFINE_TEST(test_firmware_found_on_search_path,
	    .description =
		    "an image in a directory of the search path is read whole, without the fallback")
{
	const struct firmware *fw = NULL;
	char path[128];

	make_fw_dir();
	snprintf(path, sizeof(path), "/nonexistent:%s\n", fwdir);
	ASSERT_EQ(ldm_sysfs_write_path("/module/firmware_class/parameters/path", path,
				       strlen(path)),
		  strlen(path));
	ASSERT_OK(request_firmware(&fw, "sub/blob.bin", NULL));
	ASSERT(fw);
	ASSERT_EQ(fw->size, 14);
	ASSERT(!memcmp(fw->data, "FIRMWARE-IMAGE", 14));
	release_firmware(fw);
	remove_fw_dir();
}

static void read_path_from_env(void *arg)
{
	char buf[256];

	(void)arg;
	setenv("LDM_FIRMWARE_PATH", "/opt/a:/opt/b", 1);
	if (ldm_init())
		_exit(3);
	ldm_sysfs_read_path("/module/firmware_class/parameters/path", buf, sizeof(buf));
	ldm_exit();
	_exit(strcmp(buf, "/opt/a:/opt/b\n") ? 4 : 0);
}

DEFINE_TEST(test_firmware_path_from_environment,
	    .description = "LDM_FIRMWARE_PATH is read at ldm_init and shows in the path parameter",
	    .no_runtime = true)
{
	ASSERT_EQ(ldm_test_capture(read_path_from_env, NULL, NULL), 0);
}

DEFINE_TEST(test_firmware_bad_names_refused,
	    .description = "absolute names and names with a .. component are refused with -EINVAL")
{
	const struct firmware *fw = (void *)1;

	ASSERT_EQ(request_firmware(&fw, "/etc/passwd", NULL), -EINVAL);
	ASSERT(fw == NULL);
	ASSERT_EQ(request_firmware(&fw, "../etc/passwd", NULL), -EINVAL);
	ASSERT_EQ(request_firmware(&fw, "a/../../b", NULL), -EINVAL);
	ASSERT_EQ(request_firmware(&fw, "", NULL), -EINVAL);
	ASSERT_EQ(request_firmware(NULL, "x", NULL), -EINVAL);
}

DEFINE_TEST(test_firmware_missing_without_device_is_enoent,
	    .description = "an image on no path and no device to fall back through gives -ENOENT")
{
	const struct firmware *fw;

	ASSERT_EQ(request_firmware(&fw, "ldm-no-such-image.bin", NULL), -ENOENT);
	ASSERT(fw == NULL);
}

struct feeder {
	const char *image; /* NULL: abort with -1 */
	int events;
	char firmware_var[64];
};

static void fw_event(const struct ldm_uevent *ev, void *data)
{
	struct feeder *f = data;
	int i;

	if (strcmp(ev->action, "add") || strcmp(ev->devpath, "/class/firmware/fwdev0"))
		return;
	f->events++;
	for (i = 0; ev->envp[i]; i++)
		if (!strncmp(ev->envp[i], "FIRMWARE=", 9))
			snprintf(f->firmware_var, sizeof(f->firmware_var), "%s", ev->envp[i]);
}

static bool wait_for_node(const char *path)
{
	struct ldm_sysfs_node *sd;
	int i;

	for (i = 0; i < 1000; i++) {
		if (!ldm_sysfs_lookup(path, 0, &sd)) {
			ldm_sysfs_put(sd);
			return true;
		}
		usleep(5000);
	}
	return false;
}

/* What userspace does: echo 1 > loading; cat image > data; echo 0 > loading. */
static void *feed(void *arg)
{
	struct feeder *f = arg;
	struct ldm_sysfs_file *file;
	struct ldm_sysfs_node *sd;

	if (!wait_for_node("/class/firmware/fwdev0/loading"))
		return NULL;
	if (!f->image) {
		ldm_sysfs_write_path("/class/firmware/fwdev0/loading", "-1\n", 3);
		return NULL;
	}
	ldm_sysfs_write_path("/class/firmware/fwdev0/loading", "1\n", 2);
	if (ldm_sysfs_lookup("/class/firmware/fwdev0/data", 0, &sd))
		return NULL;
	if (!ldm_sysfs_open(sd, O_WRONLY, &file)) {
		/* In two writes, the second at an offset, as cat may do. */
		ldm_sysfs_write(file, f->image, 4, &(loff_t){ 0 });
		ldm_sysfs_write(file, f->image + 4, strlen(f->image) - 4, &(loff_t){ 4 });
		ldm_sysfs_release(file);
	}
	ldm_sysfs_put(sd);
	ldm_sysfs_write_path("/class/firmware/fwdev0/loading", "0\n", 2);
	return NULL;
}

static int request_with_feeder(struct feeder *f, const struct firmware **fw)
{
	pthread_t thread;
	int error;

	ASSERT_OK(device_register(&fwdev));
	ASSERT_OK(ldm_uevent_listen(fw_event, f));
	ASSERT_OK(pthread_create(&thread, NULL, feed, f));
	error = request_firmware(fw, "ldm-test-fallback.bin", &fwdev);
	pthread_join(thread, NULL);
	ASSERT_OK(ldm_uevent_unlisten(fw_event, f));
	device_unregister(&fwdev);
	return error;
}

static struct device fwghost = { .bus_id = "fwdev0", .release = dev_release };

DEFINE_TEST(
	test_firmware_fallback_for_a_device_not_in_sysfs,
	.description =
		"a device initialized but never added still gets /class/firmware/<bus_id> (without a device link) and the image userspace writes, as in 2.6.9 (it failed at once with -ENOENT)",
	.concurrency = true, .timeout = 60)
{
	struct feeder f = { .image = "IMAGE-FOR-A-GHOST" };
	const struct firmware *fw = NULL;
	pthread_t thread;

	device_initialize(&fwghost);
	ASSERT_OK(pthread_create(&thread, NULL, feed, &f));
	ASSERT_OK(request_firmware(&fw, "ldm-test-fallback.bin", &fwghost));
	pthread_join(thread, NULL);
	ASSERT(fw);
	ASSERT_EQ(fw->size, strlen(f.image));
	ASSERT(!memcmp(fw->data, f.image, fw->size));
	release_firmware(fw);
	put_device(&fwghost);
}

DEFINE_TEST(
	test_firmware_fallback_files_filled_by_userspace,
	.description =
		"not on the path: /class/firmware/<bus_id>/loading and data, filled as userspace does, give the image",
	.concurrency = true, .timeout = 60)
{
	struct feeder f = { .image = "IMAGE-THROUGH-SYSFS" };
	const struct firmware *fw = NULL;
	struct ldm_sysfs_node *sd;

	ASSERT_OK(request_with_feeder(&f, &fw));
	ASSERT(fw);
	ASSERT_EQ(fw->size, strlen(f.image));
	ASSERT(!memcmp(fw->data, f.image, fw->size));
	ASSERT_EQ(f.events, 1);
	ASSERT_STREQ(f.firmware_var, "FIRMWARE=ldm-test-fallback.bin");
	/* The class device is gone once the request is over. */
	ASSERT_EQ(ldm_sysfs_lookup("/class/firmware/fwdev0", 0, &sd), -ENOENT);
	release_firmware(fw);
}

DEFINE_TEST(test_firmware_fallback_aborted_by_userspace,
	    .description = "writing -1 to loading aborts the request with -ENOENT",
	    .concurrency = true, .timeout = 60)
{
	struct feeder f = { .image = NULL };
	const struct firmware *fw = (void *)1;

	ASSERT_EQ(request_with_feeder(&f, &fw), -ENOENT);
	ASSERT(fw == NULL);
}

DEFINE_TEST(
	test_firmware_fallback_times_out,
	.description =
		"with nobody filling the files the request fails with -ENOENT after /class/firmware/timeout seconds",
	.timeout = 60)
{
	const struct firmware *fw = (void *)1;
	char buf[16];

	ASSERT_EQ(ldm_sysfs_read_path("/class/firmware/timeout", buf, sizeof(buf)), 3);
	ASSERT_STREQ(buf, "10\n");
	ASSERT_EQ(ldm_sysfs_write_path("/class/firmware/timeout", "1\n", 2), 2);
	ASSERT_EQ(ldm_sysfs_write_path("/class/firmware/timeout", "soon", 4), -EINVAL);
	ASSERT_OK(device_register(&fwdev));
	ASSERT_EQ(request_firmware(&fw, "ldm-test-nobody.bin", &fwdev), -ENOENT);
	ASSERT(fw == NULL);
	device_unregister(&fwdev);
}

struct nowait_result {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool called;
	size_t size;
};

static void nowait_cont(const struct firmware *fw, void *context)
{
	struct nowait_result *r = context;

	pthread_mutex_lock(&r->lock);
	r->called = true;
	r->size = fw ? fw->size : 0;
	pthread_cond_signal(&r->cond);
	pthread_mutex_unlock(&r->lock);
}

DEFINE_TEST(test_firmware_nowait_calls_back,
	    .description = "request_firmware_nowait calls back from its own thread with the image",
	    .concurrency = true, .timeout = 60)
{
	struct nowait_result r = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false, 0 };
	char path[128];

	make_fw_dir();
	snprintf(path, sizeof(path), "%s", fwdir);
	ldm_sysfs_write_path("/module/firmware_class/parameters/path", path, strlen(path));
	ASSERT_OK(request_firmware_nowait(THIS_MODULE, "sub/blob.bin", NULL, &r, nowait_cont));
	pthread_mutex_lock(&r.lock);
	while (!r.called)
		pthread_cond_wait(&r.cond, &r.lock);
	pthread_mutex_unlock(&r.lock);
	ASSERT_EQ(r.size, 14);
	remove_fw_dir();
}

DEFINE_TEST(
	test_firmware_exports_as_2_6_9,
	.description =
		"request_firmware and release_firmware are EXPORT_SYMBOL, firmware_register GPL-only")
{
	struct ldm_export exp;

	ASSERT_OK(ldm_export_lookup("request_firmware", &exp));
	ASSERT_EQ(exp.license, LDM_EXPORT_ALL);
	ASSERT_OK(ldm_export_lookup("release_firmware", &exp));
	ASSERT_EQ(exp.license, LDM_EXPORT_ALL);
	ASSERT_OK(ldm_export_lookup("firmware_register", &exp));
	ASSERT_EQ(exp.license, LDM_EXPORT_GPL);
}
