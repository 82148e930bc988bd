// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuse-floor.c - the least a libfuse server can do for a read, as the peer
 * that bench-ldmd measures ldmd's mount against (docs/bench.md).
 */
#define FUSE_USE_VERSION 312
#include <errno.h>
#include <fuse_lowlevel.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/**
 * DOC: how fuse-floor.c works
 *
 *   bench-fuse-floor MOUNTPOINT
 *
 * Serves two files of "0\n" from memory, with the loop and the options
 * ldmd uses (fuse_session_loop_mt, default_permissions), and nothing else:
 * "fresh" is opened FOPEN_DIRECT_IO, as ldmd opens every attribute, and
 * "stable" FOPEN_KEEP_CACHE, as ldmd opens an LDM_ATTR_STABLE one for
 * reading. Names and attributes are cached for an hour. Whatever a read of
 * ldmd's mount costs beyond a read of this one is ldmd's; the rest is what
 * the kernel and libfuse cost on this machine. It prints "ready" once
 * mounted and serves until SIGTERM.
 */

#define CONTENT	      "0\n"
#define CACHE_SECONDS 3600.0

enum { ROOT = FUSE_ROOT_ID, FRESH, STABLE };

static void fill_stat(fuse_ino_t ino, struct stat *st)
{
	memset(st, 0, sizeof(*st));
	st->st_ino = ino;
	st->st_mode = ino == ROOT ? S_IFDIR | 0755 : S_IFREG | 0444;
	st->st_nlink = ino == ROOT ? 2 : 1;
	st->st_size = ino == ROOT ? 0 : 4096;
}

static void floor_lookup(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct fuse_entry_param e = { 0 };

	if (parent != ROOT || (strcmp(name, "fresh") && strcmp(name, "stable"))) {
		fuse_reply_err(req, ENOENT);
		return;
	}
	e.ino = strcmp(name, "fresh") ? STABLE : FRESH;
	e.entry_timeout = CACHE_SECONDS;
	e.attr_timeout = CACHE_SECONDS;
	fill_stat(e.ino, &e.attr);
	fuse_reply_entry(req, &e);
}

static void floor_getattr(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct stat st;

	(void)fi;
	fill_stat(ino, &st);
	fuse_reply_attr(req, &st, CACHE_SECONDS);
}

static void floor_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	fi->direct_io = ino == FRESH;
	fi->keep_cache = ino == STABLE;
	fuse_reply_open(req, fi);
}

static void floor_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
		       struct fuse_file_info *fi)
{
	static const char content[] = CONTENT;
	size_t len = sizeof(content) - 1;

	(void)ino;
	(void)fi;
	if ((size_t)off >= len)
		fuse_reply_buf(req, NULL, 0);
	else
		fuse_reply_buf(req, &content[off],
			       size < len - (size_t)off ? size : len - (size_t)off);
}

static void floor_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	(void)ino;
	(void)fi;
	fuse_reply_err(req, 0);
}

static const struct fuse_lowlevel_ops floor_ops = {
	.lookup = floor_lookup,
	.getattr = floor_getattr,
	.open = floor_open,
	.read = floor_read,
	.release = floor_release,
};

int main(int argc, char *argv[])
{
	char *fargs[] = { argv[0], "-o",
			  "subtype=floor,default_permissions,allow_other,auto_unmount", NULL };
	struct fuse_args args = FUSE_ARGS_INIT(3, fargs);
	struct fuse_loop_config *config;
	struct fuse_session *se;
	int ret = 1;

	if (argc != 2) {
		fprintf(stderr, "usage: bench-fuse-floor MOUNTPOINT\n");
		return 2;
	}
	se = fuse_session_new(&args, &floor_ops, sizeof(floor_ops), NULL);
	if (!se)
		return 1;
	if (fuse_set_signal_handlers(se) || fuse_session_mount(se, argv[1]))
		goto out;
	printf("ready\n");
	fflush(stdout);
	config = fuse_loop_cfg_create();
	ret = fuse_session_loop_mt(se, config) ? 1 : 0;
	fuse_loop_cfg_destroy(config);
	fuse_session_unmount(se);
out:
	fuse_remove_signal_handlers(se);
	fuse_session_destroy(se);
	return ret;
}
