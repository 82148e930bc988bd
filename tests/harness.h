/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * harness.h - the test harness, after kmod's testsuite: DEFINE_TEST places a
 * test in the linker section ldm_tests, so no list is kept by hand; each test
 * runs in a forked child (the runtime is process-global, like a kernel)
 * between ldm_init() and ldm_exit(), and fails if ldm_exit() reports a
 * leaked kobject, if LeakSanitizer finds a leak, or if it outlives its
 * timeout. The runner prints TAP and closes with "N passed, N failed".
 */
#ifndef _LDM_TEST_HARNESS_H
#define _LDM_TEST_HARNESS_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct ldm_test {
	const char *name;
	const char *file; /* where it is defined: tests run in that order */
	int line;
	void (*fn)(void);
	const char *description;
	unsigned int timeout; /* seconds; 0 is the default of 120 */
	bool no_runtime;      /* the test boots and stops the runtime itself */
	bool concurrency;     /* also part of the ThreadSanitizer suite */
};

#define DEFINE_TEST(_fn, ...) \
	static void _fn(void); \
	static const struct ldm_test __ldm_test_##_fn = { \
		.name = #_fn, .file = __FILE__, .line = __LINE__, .fn = _fn, __VA_ARGS__ \
	}; \
	static const struct ldm_test *const __ldm_test_ptr_##_fn \
		__attribute__((used, section("ldm_tests"))) = &__ldm_test_##_fn; \
	static void _fn(void)

void __ldm_test_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 3, 4)));
void ldm_test_skip(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* A line of the test's output, as a TAP comment: what it measured. */
void ldm_test_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#define FAIL(fmt, ...) __ldm_test_fail(__FILE__, __LINE__, fmt, ##__VA_ARGS__)

#define ASSERT(cond) \
	do { \
		if (!(cond)) \
			FAIL("assertion failed: %s", #cond); \
	} while (0)

#define ASSERT_EQ(a, b) \
	do { \
		long long __a = (long long)(a), __b = (long long)(b); \
		if (__a != __b) \
			FAIL("%s == %lld, expected %s == %lld", #a, __a, #b, __b); \
	} while (0)

#define ASSERT_NE(a, b) \
	do { \
		long long __a = (long long)(a), __b = (long long)(b); \
		if (__a == __b) \
			FAIL("%s == %lld, expected anything else", #a, __a); \
	} while (0)

#define ASSERT_STREQ(a, b) \
	do { \
		const char *__a = (a), *__b = (b); \
		if (!__a || !__b || strcmp(__a, __b)) \
			FAIL("%s is \"%s\", expected \"%s\"", #a, __a ? __a : "(null)", \
			     __b ? __b : "(null)"); \
	} while (0)

/* Fail unless @text (a string, or NULL) contains @needle. */
#define ASSERT_CONTAINS(text, needle) \
	do { \
		const char *__t = (text), *__n = (needle); \
		if (!__t || !strstr(__t, __n)) \
			FAIL("expected \"%s\" in:\n%s", __n, __t ? __t : "(null)"); \
	} while (0)

/* Assert a call returns 0, printing the errno name otherwise. */
#define ASSERT_OK(expr) \
	do { \
		long long __r = (long long)(expr); \
		if (__r != 0) \
			FAIL("%s returned %lld (%s), expected 0", #expr, __r, \
			     __r < 0 ? strerror((int)-__r) : "?"); \
	} while (0)

/* Path of a file in the source tree, and of the seeds of shared/. */
const char *ldm_test_srcdir(void);

/* Whether @s is one JSON value (RFC 8259), with only whitespace around it. */
bool ldm_test_json_valid(const char *s);
const char *ldm_test_seeds_dir(void);

/*
 * The tree as a process sees /sys, through the host API's path-level calls
 * (paths relative to the tree's root, "/devices/..."). tree_link() and
 * tree_attr() return a static buffer, "(error N)" when the call fails, so
 * that a comparison that fails says why.
 */
bool tree_exists(const char *path);
int tree_type(const char *path); /* LDM_SYSFS_*, or the look-up's negative errno */
const char *tree_link(const char *path);
const char *tree_attr(const char *path);

/*
 * Golden outputs, as kmod's testsuite has them: @text, normalized, must
 * equal tests/golden/@name byte for byte. Normalizing takes out what
 * changes from run to run: the temporary root @root (may be NULL) becomes
 * $ROOT, the build and source directories $BUILD and $SRC, log times
 * "[    1.234567]" become "[TIME]", monitor stamps "KERNEL[123.456]"
 * "KERNEL[TIME]", JSON "usec" numbers 0. With LDM_GOLDEN_UPDATE=1 in the
 * environment the file is written instead (make update-golden), and the
 * test says so.
 */
void ldm_test_golden(const char *name, const char *text, const char *root);

/* Run @cmd with sh; its exit status, and its stdout in *@out (free() it) unless @out is NULL. */
int ldm_test_run(const char *cmd, char **out);
bool ldm_test_log_has(const char *needle);
int ldm_test_log_count(const char *needle);

/* Run fn(arg) in a child with stderr captured; returns its exit status. */
int ldm_test_capture(void (*fn)(void *arg), void *arg, char **err_out);

#endif /* _LDM_TEST_HARNESS_H */
