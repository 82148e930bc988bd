// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * reply.c - how the FUSE layer answers with an error. ldm returns negative
 * errnos (and the host API only those a system call returns), FUSE replies
 * take positive ones: fuse_reply_errno() is the one sign flip.
 *
 * Then what the three mounts answer to a request that would change their shape,
 * as /sys and a udev-made /dev answer it: creating a file gives EACCES;
 * mknod, mkdir, unlink, rmdir, symlink, rename and link give EPERM. Never
 * ENOSYS: a tool would take that for a missing feature.
 */
#include <errno.h>

#include "internal.h"

/**
 * fuse_reply_errno - answer @req with an error, or with success
 * @req: the request
 * @error: 0, or a negative errno as ldm returns them
 */
void fuse_reply_errno(fuse_req_t req, long error)
{
	fuse_reply_err(req, (int)-error);
}

void fuse_refuse_mknod(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode, dev_t rdev)
{
	(void)parent, (void)name, (void)mode, (void)rdev;
	fuse_reply_errno(req, -EPERM);
}

void fuse_refuse_mkdir(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode)
{
	(void)parent, (void)name, (void)mode;
	fuse_reply_errno(req, -EPERM);
}

void fuse_refuse_unlink(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	(void)parent, (void)name;
	fuse_reply_errno(req, -EPERM);
}

void fuse_refuse_rmdir(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	(void)parent, (void)name;
	fuse_reply_errno(req, -EPERM);
}

void fuse_refuse_symlink(fuse_req_t req, const char *link, fuse_ino_t parent, const char *name)
{
	(void)link, (void)parent, (void)name;
	fuse_reply_errno(req, -EPERM);
}

void fuse_refuse_rename(fuse_req_t req, fuse_ino_t parent, const char *name, fuse_ino_t newparent,
			const char *newname, unsigned int flags)
{
	(void)parent, (void)name, (void)newparent, (void)newname, (void)flags;
	fuse_reply_errno(req, -EPERM);
}

void fuse_refuse_link(fuse_req_t req, fuse_ino_t ino, fuse_ino_t newparent, const char *newname)
{
	(void)ino, (void)newparent, (void)newname;
	fuse_reply_errno(req, -EPERM);
}

void fuse_refuse_create(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode,
			struct fuse_file_info *fi)
{
	(void)parent, (void)name, (void)mode, (void)fi;
	fuse_reply_errno(req, -EACCES);
}

/**
 * fuse_only_truncates - whether a SETATTR asks a truncation and nothing else
 * @to_set: its FUSE_SET_ATTR_* bits
 *
 * A truncation (O_TRUNC, `echo x > file`) comes with the times it implies;
 * the mounts accept it and do nothing, as sysfs and a device do. Any
 * other change (mode, owner, a time alone) they refuse.
 */
bool fuse_only_truncates(int to_set)
{
	const int implied = FUSE_SET_ATTR_SIZE | FUSE_SET_ATTR_MTIME | FUSE_SET_ATTR_MTIME_NOW |
			    FUSE_SET_ATTR_CTIME;

	return (to_set & FUSE_SET_ATTR_SIZE) && !(to_set & ~implied);
}
