/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * linux269.h - a file of drivers/char/ of the Linux 2.6.9 tree that
 * $LDM_LINUX_2_6_9 names, built unchanged as an ldm module, as
 * scripts/sweep-2.6.9 builds them. The tree is read, never written, and
 * never committed (docs/compat.md); without it the test skips, saying so.
 */
#ifndef _LDM_TEST_LINUX269_H
#define _LDM_TEST_LINUX269_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../harness.h"

/*
 * Build drivers/@rel.c ("char/rtc", "input/serio/i8042") into a fresh
 * directory, with its own directory on the include path as kbuild has it;
 * its .ko's path in @ko.
 */
static inline void linux269_build(const char *rel, char *ko, size_t size)
{
	const char *tree = getenv("LDM_LINUX_2_6_9");
	const char *name = strrchr(rel, '/') ? strrchr(rel, '/') + 1 : rel;
	char dir[] = "/tmp/ldm-test-269-XXXXXX", cmd[1024], path[1024];
	FILE *f;

	if (!tree || !*tree)
		ldm_test_skip("LDM_LINUX_2_6_9 does not name an unpacked Linux 2.6.9 tree to build "
			      "drivers/%s.c from",
			      rel);
	snprintf(path, sizeof(path), "%s/drivers/%s.c", tree, rel);
	if (access(path, R_OK))
		ldm_test_skip("%s: not readable: LDM_LINUX_2_6_9 is no 2.6.9 tree", path);
	ASSERT(mkdtemp(dir));
	snprintf(cmd, sizeof(cmd), "%s/%s.c", dir, name);
	ASSERT_EQ(symlink(path, cmd), 0);
	snprintf(cmd, sizeof(cmd), "%s/Makefile", dir);
	f = fopen(cmd, "w");
	ASSERT(f);
	fprintf(f, "ccflags-y := -I%s/drivers/%.*s\nobj-m := %s.o\ninclude %s/scripts/module.mk\n",
		tree, (int)(name - rel), rel, name, LDM_SOURCE_DIR);
	fclose(f);
	snprintf(cmd, sizeof(cmd),
		 "make -s -C %s LDM=%s/tools/ldm/ldm LDM_CFLAGS=-I%s/include "
		 "LDM_COMPAT_CFLAGS=-I%s/include/compat LDM_MODPOST_WARN=1 >&2",
		 dir, LDM_BUILD_DIR, LDM_SOURCE_DIR, LDM_SOURCE_DIR);
	ASSERT_EQ(ldm_test_run(cmd, NULL), 0);
	snprintf(ko, size, "%s/%s.ko", dir, name);
}

/* Remove what linux269_build() made for @ko. */
static inline void linux269_clean(const char *ko)
{
	char cmd[1100];
	const char *slash = strrchr(ko, '/');

	snprintf(cmd, sizeof(cmd), "rm -rf '%.*s'", (int)(slash - ko), ko);
	ldm_test_run(cmd, NULL);
}

#endif /* _LDM_TEST_LINUX269_H */
