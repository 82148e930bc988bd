/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * modtest.h - helpers of the loader's tests (tests/modules/test-module-*.c):
 * reading a test module's image, looking at the tree and the export
 * tables, and running a step in a child with its stderr captured.
 */
#ifndef _LDM_TEST_MODTEST_H
#define _LDM_TEST_MODTEST_H

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

#define TEST_MODULE_DIR LDM_BUILD_DIR "/tests/modules"

/* A module's image in memory, 8-aligned as the loader wants it. */
struct ko {
	unsigned char *image;
	size_t len;
	char path[512];
};

static inline void ko_path(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s.ko", TEST_MODULE_DIR, name);
}

static inline void ko_read(struct ko *ko, const char *name)
{
	struct stat st;
	ssize_t n;
	size_t done = 0;
	int fd;

	ko_path(ko->path, sizeof(ko->path), name);
	fd = open(ko->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st))
		FAIL("cannot open %s: %s", ko->path, strerror(errno));
	ko->len = (size_t)st.st_size;
	ko->image = malloc(ko->len + 8);
	ASSERT(ko->image);
	while (done < ko->len && (n = read(fd, ko->image + done, ko->len - done)) > 0)
		done += (size_t)n;
	close(fd);
	ASSERT_EQ(done, ko->len);
}

static inline void ko_free(struct ko *ko)
{
	free(ko->image);
	ko->image = NULL;
}

/* A copy of @ko to corrupt; free() it. */
static inline unsigned char *ko_dup(const struct ko *ko)
{
	unsigned char *p = malloc(ko->len + 8);

	ASSERT(p);
	memcpy(p, ko->image, ko->len);
	return p;
}

static inline int ko_load(const char *name, const char *args)
{
	char path[512];

	ko_path(path, sizeof(path), name);
	return ldm_insmod(path, args);
}

static inline bool node_exists(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static inline bool node_exists(const char *fmt, ...)
{
	struct ldm_sysfs_node *sd;
	char path[512];
	va_list args;

	va_start(args, fmt);
	vsnprintf(path, sizeof(path), fmt, args);
	va_end(args);
	if (ldm_sysfs_lookup(path, 0, &sd))
		return false;
	ldm_sysfs_put(sd);
	return true;
}

/* Read a text attribute into a static buffer; NULL on error. */
static inline const char *read_attr(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static inline const char *read_attr(const char *fmt, ...)
{
	static char buf[4096];
	char path[512];
	va_list args;

	va_start(args, fmt);
	vsnprintf(path, sizeof(path), fmt, args);
	va_end(args);
	if (ldm_sysfs_read_path(path, buf, sizeof(buf)) < 0)
		return NULL;
	return buf;
}

/* The address an export stands for, or 0 if nothing exports @name. */
static inline unsigned long export_value(const char *name)
{
	struct ldm_export exp;

	return ldm_export_lookup(name, &exp) ? 0 : exp.value;
}

static inline unsigned long tainted(void)
{
	const char *t = read_attr("/kernel/tainted");

	ASSERT(t);
	return strtoul(t, NULL, 10);
}

/*
 * Run @fn(@arg) in a child with stderr captured, and fail unless it ends
 * well; the child must end with exit(0), so that LeakSanitizer checks it.
 * Returns what the child wrote on stderr, to free().
 */
static inline char *run_captured(void (*fn)(void *arg), void *arg)
{
	char *err = NULL;
	int status = ldm_test_capture(fn, arg, &err);

	if (status != 0)
		FAIL("the child failed (wait status %#x); its stderr:\n%s", status, err ? err : "");
	ASSERT(err);
	return err;
}

#endif /* _LDM_TEST_MODTEST_H */
