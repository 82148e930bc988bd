// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-cache.c - the kernel caches the mount's names and attributes, and
 * never a stale one: each name the tree adds or removes is invalidated
 * before the write or control request that changed it returns.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ldmd-util.h"

#define MODULES LDM_BUILD_DIR "/modules"

static int device_request(int ctl, const char *verb, unsigned int id)
{
	char req[128];
	int len;

	if (!strcmp(verb, "device-add"))
		len = snprintf(req, sizeof(req), "device-add%ccached%c%u%c", 0, 0, id, 0);
	else
		len = snprintf(req, sizeof(req), "device-remove%ccached%u%c", 0, id, 0);
	return ldmd_control_request(ctl, req, (size_t)len, NULL, 0, NULL, 0);
}

/* Whether readdir of the open @d, from where it is, meets @name. */
static bool dir_has(DIR *d, const char *name)
{
	struct dirent *de;

	while ((de = readdir(d)))
		if (!strcmp(de->d_name, name))
			return true;
	return false;
}

static bool exists(const char *path)
{
	struct stat st;

	if (!lstat(path, &st))
		return true;
	ASSERT_EQ(errno, ENOENT);
	return false;
}

DEFINE_TEST(
	test_cache_never_serves_a_removed_or_missing_name,
	.description =
		"200 times: a device added over the control socket is there at once, in its directory and in a listing's parent; removed, its cached name is gone at once, and so are the names below it",
	.no_runtime = true, .concurrency = true)
{
	char dir[400], state[512], link[512];
	struct ldmd d;
	int ctl, i;

	need_fuse();
	ldmd_up(&d, NULL);
	ctl = ldmd_control_connect(&d);
	for (i = 0; i < 200; i++) {
		snprintf(dir, sizeof(dir), "%s/devices/platform/cached%d", d.sys, i % 3);
		snprintf(state, sizeof(state), "%s/power/state", dir);
		snprintf(link, sizeof(link), "%s/bus/platform/devices/cached%d", d.sys, i % 3);
		ASSERT(!exists(dir));
		ASSERT_EQ(device_request(ctl, "device-add", (unsigned int)(i % 3)), 0);
		/* Looked up, stat'ed, read: all of it cached now. */
		ASSERT(exists(dir) && exists(state) && exists(link));
		ASSERT_STREQ(cat(state), "0\n");
		ASSERT_EQ(device_request(ctl, "device-remove", (unsigned int)(i % 3)), 0);
		if (exists(dir) || exists(state) || exists(link))
			FAIL("round %d: a removed name is still served from the cache", i);
	}
	close(ctl);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_cache_writes_that_change_the_tree_invalidate_before_returning,
	.description =
		"echo to a driver's unbind file: the driver's link to the device and the file its probe made are gone when write(2) returns; bind brings them back at once",
	.no_runtime = true)
{
	const char *const args[] = { MODULES "/gpl_platform_drv.ko", NULL };
	const char *dev = "gpl_platform_drv0";
	char drvlink[1024], devlink[1024], unbind[1024], bind[1024];
	struct ldmd d;
	int i;

	need_fuse();
	ldmd_up(&d, args);
	snprintf(drvlink, sizeof(drvlink), "%s/bus/platform/drivers/gpl_platform_drv/%s", d.sys,
		 dev);
	/* 2.6.9 has no "driver" link: the files the driver's probe made, then. */
	snprintf(devlink, sizeof(devlink), "%s/devices/platform/%s/value", d.sys, dev);
	snprintf(unbind, sizeof(unbind), "%s/bus/platform/drivers/gpl_platform_drv/unbind", d.sys);
	snprintf(bind, sizeof(bind), "%s/bus/platform/drivers/gpl_platform_drv/bind", d.sys);
	for (i = 0; i < 50; i++) {
		ASSERT(exists(drvlink) && exists(devlink));
		ASSERT_STREQ(cat(devlink), "0\n");
		ASSERT_EQ(echo(unbind, dev, strlen(dev)), (long)strlen(dev));
		if (exists(drvlink) || exists(devlink))
			FAIL("round %d: after unbind, a link is still served from the cache", i);
		ASSERT_EQ(echo(bind, dev, strlen(dev)), (long)strlen(dev));
	}
	ldmd_down(&d);
}

/* Read @path with a fresh open, as cat does. */
static unsigned long read_number(const char *path)
{
	char *s = cat(path);

	ASSERT(s);
	return strtoul(s, NULL, 10);
}

DEFINE_TEST(
	test_cache_stable_attribute_served_from_page_cache_until_store_or_notify,
	.description =
		"an LDM_ATTR_STABLE attribute read again is served by the kernel's page cache (show() not called), and never stale: a write through the mount and a sysfs_notify() each bring the new value at the next read; an ordinary attribute calls show() every time",
	.no_runtime = true, .concurrency = true)
{
	const char *const args[] = { LDMD_TEST_MODULE, NULL };
	char stable[600], shows[600], poke[600];
	unsigned long before, after;
	struct ldmd d;
	int i;

	need_fuse();
	ldmd_up(&d, args);
	snprintf(stable, sizeof(stable), "%s/devices/platform/ldmdtest/cached/stable", d.sys);
	snprintf(shows, sizeof(shows), "%s/devices/platform/ldmdtest/cached/stable_shows", d.sys);
	snprintf(poke, sizeof(poke), "%s/devices/platform/ldmdtest/cached/poke", d.sys);

	ASSERT_EQ(read_number(stable), 7);
	before = read_number(shows);
	for (i = 0; i < 20; i++)
		ASSERT_EQ(read_number(stable), 7);
	/*
	 * From the cache, but for a page the kernel may evict on a machine
	 * short of memory (a loaded one): so at least half of them, not all.
	 * stable_shows is ordinary: each read of it calls its show().
	 */
	after = read_number(shows);
	ldm_test_log("20 reads of the stable attribute called show() %lu times", after - before);
	ASSERT(after - before < 10);

	ASSERT_EQ(echo(stable, "42\n", 3), 3);
	ASSERT_EQ(read_number(stable), 42);
	ASSERT_EQ(read_number(stable), 42);
	/* The store dropped the cache: one show() at least, two if the page was evicted again. */
	before = read_number(shows);
	ASSERT(before > after && before <= after + 2);

	for (i = 0; i < 20; i++) {
		ASSERT_EQ(echo(poke, "1", 1), 1);
		if (read_number(stable) != 43UL + (unsigned long)i)
			FAIL("round %d: a notified stable attribute was served stale", i);
	}
	ldmd_down(&d);
}

DEFINE_TEST(
	test_cache_directory_listings_never_stale,
	.description =
		"200 times: a listing of /devices/platform, listed twice so that the kernel caches it, shows a device just added over the control socket and not one just removed, with readdir from a fresh opendir and after rewinddir of one kept open",
	.no_runtime = true, .concurrency = true)
{
	char dir[512], name[32];
	struct ldmd d;
	DIR *kept;
	int ctl, i;

	need_fuse();
	ldmd_up(&d, NULL);
	snprintf(dir, sizeof(dir), "%s/devices/platform", d.sys);
	kept = opendir(dir);
	ASSERT(kept);
	ctl = ldmd_control_connect(&d);
	for (i = 0; i < 200; i++) {
		snprintf(name, sizeof(name), "cached%d", i % 3);
		/* Listed twice: the kernel has the listing in its cache now. */
		ASSERT(!listed(dir, name, NULL));
		ASSERT(!listed(dir, name, NULL));
		ASSERT_EQ(device_request(ctl, "device-add", (unsigned int)(i % 3)), 0);
		if (!listed(dir, name, NULL))
			FAIL("round %d: %s added but not listed", i, name);
		rewinddir(kept);
		ASSERT(dir_has(kept, name));
		ASSERT(listed(dir, name, NULL));
		ASSERT_EQ(device_request(ctl, "device-remove", (unsigned int)(i % 3)), 0);
		if (listed(dir, name, NULL))
			FAIL("round %d: %s removed but still listed", i, name);
		rewinddir(kept);
		ASSERT(!dir_has(kept, name));
	}
	closedir(kept);
	close(ctl);
	ldmd_down(&d);
}

#define RESUME_DEVICES 300 /* a listing of several pages of READDIR */

/* Record each name getdents64 gives from @fd, with a small buffer, @max at most. */
static int list_some(int fd, char (*seen)[NAME_MAX + 1], int n, int max)
{
	char buf[512];
	long len, off;

	while (n < max) {
		len = syscall(SYS_getdents64, fd, buf, sizeof(buf));
		ASSERT(len >= 0);
		if (!len)
			break;
		for (off = 0; off < len;) {
			struct dirent64 *de = (struct dirent64 *)(buf + off);

			ASSERT(n < 2 * RESUME_DEVICES);
			snprintf(seen[n++], sizeof(seen[0]), "%s", de->d_name);
			off += de->d_reclen;
		}
	}
	return n;
}

static int times_seen(char (*seen)[NAME_MAX + 1], int n, const char *name)
{
	int i, count = 0;

	for (i = 0; i < n; i++)
		count += !strcmp(seen[i], name);
	return count;
}

DEFINE_TEST(
	test_cache_listing_resumes_across_changes,
	.description =
		"a listing of 300 devices read a little at a time, while devices already listed and not yet listed are removed and others added: every device there throughout is listed exactly once, and no name twice",
	.no_runtime = true, .concurrency = true)
{
	static char seen[2 * RESUME_DEVICES][NAME_MAX + 1];
	char dir[512], name[32];
	struct ldmd d;
	int ctl, fd, n, i;

	need_fuse();
	ldmd_up(&d, NULL);
	ctl = ldmd_control_connect(&d);
	for (i = 0; i < RESUME_DEVICES; i++)
		ASSERT_EQ(device_request(ctl, "device-add", (unsigned int)i), 0);
	snprintf(dir, sizeof(dir), "%s/devices/platform", d.sys);
	ASSERT(count_entries(dir) >= RESUME_DEVICES); /* cached by the kernel now */
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	ASSERT(fd >= 0);
	n = list_some(fd, seen, 0, RESUME_DEVICES / 2);
	for (i = 0; i < RESUME_DEVICES / 6; i++) {
		ASSERT_EQ(device_request(ctl, "device-remove", (unsigned int)i), 0);
		ASSERT_EQ(device_request(ctl, "device-remove",
					 (unsigned int)(RESUME_DEVICES - 1 - i)),
			  0);
		ASSERT_EQ(device_request(ctl, "device-add", (unsigned int)(RESUME_DEVICES + i)), 0);
	}
	n = list_some(fd, seen, n, 2 * RESUME_DEVICES);
	close(fd);
	for (i = 0; i < n; i++)
		if (times_seen(seen, n, seen[i]) != 1)
			FAIL("%s listed %d times", seen[i], times_seen(seen, n, seen[i]));
	for (i = RESUME_DEVICES / 6; i < RESUME_DEVICES - RESUME_DEVICES / 6; i++) {
		snprintf(name, sizeof(name), "cached%d", i);
		if (!times_seen(seen, n, name))
			FAIL("%s, there throughout, was not listed", name);
	}
	ASSERT_EQ(times_seen(seen, n, "."), 1);
	close(ctl);
	ldmd_down(&d);
}
