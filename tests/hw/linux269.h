/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * linux269.h - a file of drivers/char/ of the Linux 2.6.9 tree that
 * $LDM_LINUX_2_6_9 names, built unchanged as an ldm module, as
 * scripts/sweep-2.6.9 builds them. The tree is read, never written, and
 * never committed (docs/compat.md); without it the test skips, saying so.
 */
#ifndef _LDM_TEST_LINUX269_H
#define _LDM_TEST_LINUX269_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libldm/libldm.h>

#include "../harness.h"

/*
 * Build the module @name of drivers/@dir/ from its files @parts (NULL
 * ended; kbuild's NAME-objs), with that directory on the include path as
 * kbuild has it, into a fresh directory; the .ko's path in @ko.
 */
static inline void linux269_build_objs(const char *dir, const char *name, const char *const parts[],
				       char *ko, size_t size)
{
	const char *tree = getenv("LDM_LINUX_2_6_9");
	char work[] = "/tmp/ldm-test-269-XXXXXX", cmd[1024], path[1024];
	size_t i;
	FILE *f;

	if (!tree || !*tree)
		ldm_test_skip("LDM_LINUX_2_6_9 does not name an unpacked Linux 2.6.9 tree to build "
			      "drivers/%s/%s.c from",
			      dir, parts[0]);
	ASSERT(mkdtemp(work));
	for (i = 0; parts[i]; i++) {
		snprintf(path, sizeof(path), "%s/drivers/%s/%s.c", tree, dir, parts[i]);
		if (access(path, R_OK))
			ldm_test_skip("%s: not readable: LDM_LINUX_2_6_9 is no 2.6.9 tree", path);
		snprintf(cmd, sizeof(cmd), "%s/%s.c", work, parts[i]);
		ASSERT_EQ(symlink(path, cmd), 0);
	}
	snprintf(cmd, sizeof(cmd), "%s/Makefile", work);
	f = fopen(cmd, "w");
	ASSERT(f);
	fprintf(f, "ccflags-y := -I%s/drivers/%s\nobj-m := %s.o\n", tree, dir, name);
	if (parts[1] || strcmp(parts[0], name)) {
		fprintf(f, "%s-objs :=", name);
		for (i = 0; parts[i]; i++)
			fprintf(f, " %s.o", parts[i]);
		fprintf(f, "\n");
	}
	fprintf(f, "include %s/scripts/module.mk\n", LDM_SOURCE_DIR);
	fclose(f);
	snprintf(cmd, sizeof(cmd),
		 "make -s -C %s LDM=%s/tools/ldm/ldm LDM_CFLAGS=-I%s/include "
		 "LDM_COMPAT_CFLAGS=-I%s/include/compat LDM_MODPOST_WARN=1 >&2",
		 work, LDM_BUILD_DIR, LDM_SOURCE_DIR, LDM_SOURCE_DIR);
	ASSERT_EQ(ldm_test_run(cmd, NULL), 0);
	snprintf(ko, size, "%s/%s.ko", work, name);
}

/* Build drivers/@rel.c ("char/rtc", "input/serio/i8042"), a module of one file. */
static inline void linux269_build(const char *rel, char *ko, size_t size)
{
	const char *name = strrchr(rel, '/') ? strrchr(rel, '/') + 1 : rel;
	const char *parts[] = { name, NULL };
	char dir[256];

	snprintf(dir, sizeof(dir), "%.*s", name > rel ? (int)(name - rel - 1) : 0, rel);
	linux269_build_objs(dir, name, parts, ko, size);
}

/* Load the module @ko with the parameters @args (or NULL); it must load. */
static inline void linux269_load(const char *ko, const char *args)
{
	int fd = open(ko, O_RDONLY | O_CLOEXEC);

	ASSERT(fd >= 0);
	ASSERT_OK(ldm_finit_module(fd, args, 0));
	close(fd);
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
