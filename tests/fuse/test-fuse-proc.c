// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-fuse-proc.c - the FUSE layer's DIR/proc, below the kernel: the
 * path of an entry from its directory's node id, for an id it holds and
 * for one it does not (a LOOKUP naming a directory it has forgotten).
 */
#define FUSE_USE_VERSION 312 /* as src/fuse/meson.build sets it */
#include <errno.h>
#include <limits.h>

#include "harness.h"
#include "../../src/fuse/internal.h" /* the FUSE layer's, not the loader's */

DEFINE_TEST(test_fuse_proc_path_of_a_forgotten_directory_is_estale,
	    .description = "DIR/proc's LOOKUP under a directory id it no longer holds is ESTALE, "
			   "and reads nothing of the path it did not write")
{
	char name[128];
	size_t size = 64;
	char *buf = malloc(size);

	ASSERT(buf);
	memset(buf, 'x', size); /* no NUL: a read of it runs off the end */
	ASSERT_EQ(fuse_proc_child_path(123456, "modules", buf, size), -ESTALE);
	ASSERT_EQ(fuse_proc_child_path(FUSE_ROOT_ID, "modules", buf, size), 0);
	ASSERT_STREQ(buf, "/modules");
	memset(name, 'n', size);
	name[size] = '\0';
	ASSERT_EQ(fuse_proc_child_path(FUSE_ROOT_ID, name, buf, size), -ENAMETOOLONG);
	free(buf);
}
