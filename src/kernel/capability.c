// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * capability.c - capable() (security/commoncap.c of 2.6.9, without
 * security modules) and the credentials a thread acts with: the process's,
 * or those a front end sets for the request it serves.
 */
#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <ldm/capability.h>
#include <ldm/export.h>
#include <ldm/sched.h>
#include <libldm/runtime.h>

/* capget(2)'s structures, version 3 (64 capabilities). */
struct ldm_cap_header {
	__u32 version;
	int pid;
};

struct ldm_cap_data {
	__u32 effective;
	__u32 permitted;
	__u32 inheritable;
};

#define LDM_CAP_VERSION_3 0x20080522

/* Whether process @pid is in this process's user namespace. */
static bool in_my_user_ns(pid_t pid)
{
	struct stat mine, its;
	char path[48];

	snprintf(path, sizeof(path), "/proc/%d/ns/user", (int)pid);
	return !stat("/proc/self/ns/user", &mine) && !stat(path, &its) &&
	       mine.st_dev == its.st_dev && mine.st_ino == its.st_ino;
}

/**
 * ldm_process_caps - the effective capabilities of a process, as they
 * count for this runtime
 * @pid: the process, 0 for this one
 *
 * For a front end that serves another process's request and sets the
 * thread's credentials to the requester's (a FUSE request names its pid).
 * capget(2) reports what a process holds in its own user namespace: root
 * of a namespace any user can make (`unshare -Ur`) holds every
 * capability there. Only those held in this process's user namespace
 * count, as the kernel's capable() counts only those held in the initial
 * one: a process in any other user namespace has none here.
 * Return: the capability bits (bit CAP_SYS_ADMIN and so on), 0 if the
 * process is gone, cannot be asked, or is in another user namespace.
 */
unsigned long long ldm_process_caps(pid_t pid)
{
	struct ldm_cap_header hdr = { .version = LDM_CAP_VERSION_3, .pid = pid };
	struct ldm_cap_data data[2] = { { 0 } };

	if (pid < 0 || syscall(SYS_capget, &hdr, data))
		return 0;
	/* Looked at after capget: the capabilities read were held in that namespace. */
	if (pid && !in_my_user_ns(pid))
		return 0;
	return data[0].effective | (unsigned long long)data[1].effective << 32;
}

static void set_ids(struct task_struct *t, uid_t uid, uid_t euid, gid_t gid, gid_t egid)
{
	t->uid = t->suid = uid;
	t->euid = t->fsuid = euid;
	t->gid = t->sgid = gid;
	t->egid = t->fsgid = egid;
}

/**
 * ldm_thread_set_cred - act for a user from now on, in this thread
 * @uid: the user (the requester's)
 * @gid: its group
 * @caps: its effective capabilities (ldm_process_caps() of its pid, say)
 *
 * What capable() and current->uid, ->euid, ->gid, ... see in the drivers
 * this thread calls, until ldm_thread_clear_cred().
 */
void ldm_thread_set_cred(uid_t uid, gid_t gid, unsigned long long caps)
{
	struct task_struct *t = current;

	set_ids(t, uid, uid, gid, gid);
	t->ldm_caps = caps;
	t->cap_effective = (__u32)caps;
	t->ldm_cred_set = 1;
}

/**
 * ldm_thread_clear_cred - act as the process again, in this thread
 */
void ldm_thread_clear_cred(void)
{
	struct task_struct *t = current;

	t->ldm_cred_set = 0;
	set_ids(t, getuid(), geteuid(), getgid(), getegid());
	t->ldm_caps = 0;
	t->cap_effective = (__u32)ldm_process_caps(0);
}

/**
 * capable - whether the caller has a capability
 * @cap: CAP_SYS_ADMIN and the like
 *
 * The caller is whom the thread acts for: the credentials a front end set
 * with ldm_thread_set_cred(), or else the process's own (read now).
 * Return: 1 if it has @cap, 0 if not.
 */
int capable(int cap)
{
	struct task_struct *t = current;
	unsigned long long caps;

	if (cap < 0 || cap > 63)
		return 0;
	caps = t->ldm_cred_set ? t->ldm_caps : ldm_process_caps(0);
	return !!(caps & (1ULL << cap));
}
EXPORT_SYMBOL(capable);
