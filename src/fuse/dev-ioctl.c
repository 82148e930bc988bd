// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dev-ioctl.c - the ioctls of DIR/dev: the restricted ones the kernel
 * passes to a FUSE file (a buffer of _IOC_SIZE bytes), the file's id
 * (LDM_FUSE_IOC_FILE_ID) and the commands forwarded for a process that
 * holds a node open (ldm_fuse_dev_ioctl(): any argument, the process's
 * memory as user space; and what fcntl(2) does that FUSE does not tell a
 * file of).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <libldm/runtime.h>

#include "dev.h"

/*
 * The process of thread @tid (a FUSE request names the calling thread),
 * from its Tgid line; 0 if it cannot be read. The thread waits for the
 * reply, so the number is its own.
 */
static pid_t tgid_of(pid_t tid)
{
	char path[48], line[128];
	pid_t tgid = 0;
	FILE *f;

	if (tid <= 0)
		return 0;
	snprintf(path, sizeof(path), "/proc/%d/status", (int)tid);
	f = fopen(path, "re");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Tgid: %d", &tgid) == 1)
			break;
	fclose(f);
	return tgid;
}

/*
 * LDM_FUSE_IOC_FILE_ID: the file's id, for ioctls forwarded through the
 * control socket; the asking process (not its thread: the control socket
 * knows processes) is remembered, as only it may use the id. Asking again
 * puts it first; FILE_ASKERS processes sharing the file are remembered.
 */
void dev_reply_file_id(fuse_req_t req, struct dev_file *df, size_t out_bufsz)
{
	pid_t pid = tgid_of(fuse_req_ctx(req)->pid);
	uint64_t id = df->id;
	unsigned int i;

	if (out_bufsz < sizeof(id)) {
		fuse_reply_errno(req, -EINVAL);
		return;
	}
	if (!pid) {
		fuse_reply_errno(req, -ESRCH);
		return;
	}
	pthread_mutex_lock(&dev_lock);
	for (i = 0; i < FILE_ASKERS - 1 && df->askers[i] != pid; i++)
		;
	memmove(df->askers + 1, df->askers, i * sizeof(df->askers[0]));
	df->askers[0] = pid;
	pthread_mutex_unlock(&dev_lock);
	/*
	 * From a copy: once the reply is written the caller may close the
	 * node, and its RELEASE free @df, before writev() returns here.
	 */
	fuse_reply_ioctl(req, 0, &id, sizeof(id));
}

/* The open file of id @id, if @pid asked for it; under dev_lock. */
static struct dev_file *file_of_id(uint64_t id, pid_t pid)
{
	struct dev_file *df;
	unsigned int i;

	LIST_FOREACH(df, &dev_files, link) {
		if (df->id != id || !df->mf)
			continue;
		for (i = 0; i < FILE_ASKERS; i++)
			if (df->askers[i] && df->askers[i] == pid)
				return df;
	}
	return NULL;
}

/*
 * What fcntl(2) did to the caller's descriptor that FUSE does not tell
 * the file of (LDM_FUSE_IOC_FASYNC, _SETOWN, _SETSIG), as fcntl(2) does it.
 */
static long forwarded_fcntl(struct dev_file *df, unsigned int cmd, unsigned long arg)
{
	long flags;

	switch (cmd) {
	case LDM_FUSE_IOC_FASYNC:
		flags = ldm_chrdev_fcntl(df->mf, 0, F_GETFL, 0);
		if (flags < 0)
			return flags;
		flags = arg & 1 ? flags | O_ASYNC : flags & ~(long)O_ASYNC;
		return ldm_chrdev_fcntl(df->mf, (int)(arg >> 1), F_SETFL, (unsigned long)flags);
	case LDM_FUSE_IOC_GETFL:
		return ldm_chrdev_fcntl(df->mf, 0, F_GETFL, 0);
	case LDM_FUSE_IOC_SETOWN:
		return ldm_chrdev_fcntl(df->mf, 0, F_SETOWN, arg);
	default:
		return ldm_chrdev_fcntl(df->mf, 0, F_SETSIG, arg);
	}
}

static bool forwarded_fcntl_cmd(unsigned int cmd)
{
	return cmd == LDM_FUSE_IOC_FASYNC || cmd == LDM_FUSE_IOC_GETFL ||
	       cmd == LDM_FUSE_IOC_SETOWN || cmd == LDM_FUSE_IOC_SETSIG;
}

/**
 * ldm_fuse_dev_ioctl - run a driver's ioctl for a process that holds the
 * node open, with that process's memory as user space
 * @id: the file's id, as LDM_FUSE_IOC_FILE_ID gave it
 * @pid: the process; it must have asked for @id itself
 * @cmd: the command
 * @arg: its argument, as the process passed it (a value, or an address of
 *	 the process's)
 * @ret: gets what the driver's ioctl returned
 *
 * Return: 0; -ENODEV for an id unknown to @pid, a file closed, or a mount
 * stopping.
 */
int ldm_fuse_dev_ioctl(uint64_t id, pid_t pid, unsigned int cmd, unsigned long arg, long *ret)
{
	struct dev_file *df;
	struct dev_call c;

	pthread_mutex_lock(&dev_lock);
	df = dev_stopping ? NULL : file_of_id(id, pid);
	if (!df) {
		pthread_mutex_unlock(&dev_lock);
		return -ENODEV;
	}
	df->nforwarded++;
	dev_call_list(&c);
	pthread_mutex_unlock(&dev_lock);
	ldm_thread_set_user(pid);
	fuse_cred_begin_pid(pid);
	if (forwarded_fcntl_cmd(cmd))
		*ret = forwarded_fcntl(df, cmd, arg);
	else
		*ret = ldm_chrdev_ioctl(df->mf, cmd, arg);
	fuse_cred_end();
	ldm_thread_set_user(0);
	if (*ret >= 0)
		dev_watch_again(df);
	pthread_mutex_lock(&dev_lock);
	dev_call_unlist(&c);
	if (!--df->nforwarded)
		pthread_cond_broadcast(&file_idle);
	pthread_mutex_unlock(&dev_lock);
	ldm_thread_clear_interrupt();
	return 0;
}

/*
 * Restricted ioctls: the argument is a buffer of _IOC_SIZE(cmd) bytes that
 * the kernel filled from the caller (_IOW) and copies back (_IOR); a
 * command without a size gets the caller's argument as it is. That buffer
 * is the driver's whole user space: an address the caller wrote into it,
 * or gave as the argument, is -EFAULT, never this process's memory (the
 * preload of `ldm exec` forwards such commands, ldm_fuse_dev_ioctl()).
 */
void dev_ioctl(fuse_req_t req, fuse_ino_t ino, unsigned int cmd, void *arg,
	       struct fuse_file_info *fi, unsigned int flags, const void *in_buf, size_t in_bufsz,
	       size_t out_bufsz)
{
	unsigned int ucmd = cmd;
	size_t size = _IOC_SIZE(ucmd);
	unsigned long uarg = (unsigned long)(uintptr_t)arg;
	struct dev_file *df = dev_file_of(fi);
	struct dev_call c;
	char *buf = NULL;
	long ret;

	(void)ino;
	if (ucmd == LDM_FUSE_IOC_FILE_ID && !(flags & FUSE_IOCTL_DIR)) {
		dev_reply_file_id(req, df, out_bufsz);
		return;
	}
	if (flags & FUSE_IOCTL_COMPAT) {
		fuse_reply_errno(req, -ENOSYS);
		return;
	}
	if (flags & FUSE_IOCTL_DIR) { /* @fi is the directory's */
		fuse_reply_errno(req, -ENOTTY);
		return;
	}
	if (_IOC_DIR(ucmd) != _IOC_NONE && size) {
		buf = calloc(1, size);
		if (!buf) {
			fuse_reply_errno(req, -ENOMEM);
			return;
		}
		if (in_bufsz)
			memcpy(buf, in_buf, in_bufsz < size ? in_bufsz : size);
		uarg = (unsigned long)(uintptr_t)buf;
	}
	ret = dev_call_begin(&c, req);
	if (!ret) {
		ldm_thread_set_user_buffer(buf, buf ? size : 0);
		ret = df->mf ? ldm_chrdev_ioctl(df->mf, ucmd, uarg) : -ENODEV;
		ldm_thread_set_user(0);
		if (ret >= 0)
			dev_watch_again(df);
		dev_call_end(&c, req);
	}
	if (ret < 0)
		fuse_reply_errno(req, ret);
	else
		fuse_reply_ioctl(req, (int)ret, buf,
				 buf ? (out_bufsz < size ? out_bufsz : size) : 0);
	free(buf);
}
