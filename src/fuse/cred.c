// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cred.c - the credentials of the process a request is for: a driver that
 * checks capable() or current->uid sees the process that opened, read,
 * wrote or ioctl'd the node, not ldmd, as it would in a kernel. Only
 * capabilities held in ldmd's own user namespace count, as a kernel's
 * capable() counts only those of the initial one.
 */
#include <stdio.h>
#include <sys/stat.h>
#include <libldm/runtime.h>

#include "internal.h"

/*
 * The capabilities of the requester @pid that count: those it holds in
 * ldmd's user namespace (ldm_process_caps()). A pid of 0 is a requester
 * FUSE cannot name (its pid namespace is not below ldmd's): none, never
 * ldmd's own, which capget(0) would give.
 */
static unsigned long long fuse_caps(pid_t pid)
{
	return pid > 0 ? ldm_process_caps(pid) : 0;
}

/**
 * fuse_cred_begin - act for the process of a request in this thread
 * @req: the request
 *
 * Its uid and gid are the kernel's (in the request), its effective
 * capabilities those it holds in ldmd's user namespace (none from a
 * namespace of its own); until fuse_cred_end().
 */
void fuse_cred_begin(fuse_req_t req)
{
	const struct fuse_ctx *ctx = fuse_req_ctx(req);

	ldm_thread_set_cred(ctx->uid, ctx->gid, fuse_caps(ctx->pid));
}

/**
 * fuse_cred_begin_pid - act for a process named only by its pid
 * @pid: the process (a forwarded ioctl's caller)
 *
 * Its uid and gid are those its /proc directory belongs to (the effective
 * ones); a process gone meanwhile gets nobody's and no capability.
 */
void fuse_cred_begin_pid(pid_t pid)
{
	char path[32];
	struct stat st;

	snprintf(path, sizeof(path), "/proc/%d", (int)pid);
	if (stat(path, &st)) {
		ldm_thread_set_cred(65534, 65534, 0);
		return;
	}
	ldm_thread_set_cred(st.st_uid, st.st_gid, fuse_caps(pid));
}

/** fuse_cred_end - act as ldmd again in this thread */
void fuse_cred_end(void)
{
	ldm_thread_clear_cred();
}

/**
 * fuse_req_capable - whether the requester of @req holds @cap in ldmd's
 * user namespace (never from a namespace of its own, as fuse_cred_begin())
 * @req: the request
 * @cap: a capability number (CAP_DAC_OVERRIDE)
 */
bool fuse_req_capable(fuse_req_t req, int cap)
{
	return fuse_caps(fuse_req_ctx(req)->pid) & (1ULL << cap);
}
