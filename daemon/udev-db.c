// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * udev-db.c - DIR/udev, the state a udevd keeps in a machine's /run/udev
 * (its database, tags and link stacks), for the udevds that `ldm exec
 * --udevd` runs: made empty when ldmd starts and removed when it stops, as
 * a machine's /run starts empty at boot, so that it outlives each ldm exec
 * and not ldmd (docs/exec.md).
 */
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ldmd.h"

/* What of /run/udev outlives one udevd: each ldm exec binds these. */
static const char *const udev_db_dirs[] = { "data", "tags", "links", "links.lock" };

static int remove_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st, (void)ftw;
	if (type == FTW_DP)
		rmdir(path);
	else
		unlink(path);
	return 0;
}

/**
 * ldmd_udev_db_remove - remove DIR/udev and all in it
 * @root: DIR
 *
 * Links are removed, never followed; nothing on another file system.
 */
void ldmd_udev_db_remove(const char *root)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/udev", root);
	nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
}

/**
 * ldmd_udev_db_make - make DIR/udev afresh, with its directories empty
 * @root: DIR
 *
 * Return: 0, or a negative errno after saying what failed.
 */
int ldmd_udev_db_make(const char *root)
{
	char path[PATH_MAX];
	size_t i;

	ldmd_udev_db_remove(root); /* a stale one, of an ldmd that died */
	for (i = 0; i <= sizeof(udev_db_dirs) / sizeof(udev_db_dirs[0]); i++) {
		if (i)
			snprintf(path, sizeof(path), "%s/udev/%s", root, udev_db_dirs[i - 1]);
		else
			snprintf(path, sizeof(path), "%s/udev", root);
		if (mkdir(path, 0755) && errno != EEXIST) {
			fprintf(stderr, "ldmd: cannot make %s: %s\n", path, strerror(errno));
			return -errno;
		}
	}
	return 0;
}
