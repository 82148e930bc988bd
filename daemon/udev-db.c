// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * udev-db.c - DIR/udev, the state a udevd keeps in a machine's /run/udev
 * (its database, tags and link stacks), for the udevds that `ldm exec
 * --udevd` runs: made empty when ldmd starts and removed when it stops, as
 * a machine's /run starts empty at boot, so that it outlives each ldm exec
 * and not ldmd (docs/exec.md). A file .ldmd in it says it is ldmd's.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ldmd.h"

/* What of /run/udev outlives one udevd: each ldm exec binds these. */
static const char *const udev_db_dirs[] = { "data", "tags", "links", "links.lock" };

/*
 * The file that says DIR/udev is ldmd's: only such a DIR/udev is removed,
 * never a directory of that name ldmd did not make (a --root that was
 * some other tree), and only such a one ldm exec binds.
 */
#define UDEV_DB_MARK ".ldmd"

/* Whether DIR/udev is there (*@there) and is ldmd's. */
static bool is_ours(const char *root, bool *there)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/udev", root);
	*there = !lstat(path, &st);
	snprintf(path, sizeof(path), "%s/udev/" UDEV_DB_MARK, root);
	return !lstat(path, &st) && S_ISREG(st.st_mode);
}

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
 * ldmd_udev_db_remove - remove DIR/udev and all in it, if ldmd made it
 * @root: DIR
 *
 * Links are removed, never followed; nothing on another file system.
 */
void ldmd_udev_db_remove(const char *root)
{
	char path[PATH_MAX];
	bool there;

	if (!is_ours(root, &there))
		return;
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
	bool there;
	size_t i;
	int fd;

	if (!is_ours(root, &there) && there) {
		fprintf(stderr,
			"ldmd: %s/udev is not ldmd's: left alone (udevd's database under ldm exec "
			"lasts only as long as each namespace)\n",
			root);
		return 0;
	}
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
	snprintf(path, sizeof(path), "%s/udev/" UDEV_DB_MARK, root);
	fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0) {
		fprintf(stderr, "ldmd: cannot make %s: %s\n", path, strerror(errno));
		return -errno;
	}
	close(fd);
	return 0;
}
