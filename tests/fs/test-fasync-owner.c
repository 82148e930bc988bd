// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-fasync-owner.c - the owner of a file's SIGIO (fs/fcntl.c of
 * 2.6.9): F_SETOWN naming another process, F_SETSIG, the kernel's
 * permission check, and the owner held by a pidfd, so that once it exits
 * its pid, given to another process, receives nothing.
 *
 * Each receiver is a child that blocks its signal, says it is ready, and
 * when told looks at what is pending: a signal kill_fasync() sent is
 * pending when kill_fasync() returns, so no test waits a while.
 */
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

#define TF_MAJOR 61
#define TF_FD	 7

static struct fasync_struct *tf_async;

static int tf_fasync(int fd, struct file *file, int on)
{
	int ret = fasync_helper(fd, file, on, &tf_async);

	return ret < 0 ? ret : 0;
}

static int tf_release(struct inode *inode, struct file *file)
{
	(void)inode;
	tf_fasync(-1, file, 0);
	return 0;
}

static const struct file_operations tf_fops = {
	.fasync = tf_fasync,
	.release = tf_release,
};

/* A child blocking @sig, ready when receiver() returns; see received(). */
struct receiver {
	pid_t pid;
	int go; /* write end: tell it to look */
};

/*
 * The child's exit status: 0 if @sig was not pending, 1 if it was (and,
 * for a queued signal, carried si_fd TF_FD and si_band POLL_IN's bits),
 * 2 if it came with other values.
 */
static int look(int sig)
{
	struct timespec now = { 0, 0 };
	sigset_t set;
	siginfo_t si;

	sigemptyset(&set);
	sigaddset(&set, sig);
	if (sigtimedwait(&set, &si, &now) != sig)
		return 0;
	if (sig != SIGIO && (si.si_fd != TF_FD || si.si_band != (POLLIN | POLLRDNORM)))
		return 2;
	return 1;
}

static void receiver_start(struct receiver *r, int sig)
{
	int ready[2], go[2];
	sigset_t set;
	char c;

	ASSERT_OK(pipe(ready));
	ASSERT_OK(pipe(go));
	fflush(NULL);
	r->pid = fork();
	ASSERT(r->pid >= 0);
	if (r->pid == 0) {
		sigemptyset(&set);
		sigaddset(&set, sig);
		sigprocmask(SIG_BLOCK, &set, NULL);
		if (write(ready[1], "r", 1) != 1 || read(go[0], &c, 1) != 1)
			_exit(3);
		_exit(look(sig));
	}
	close(ready[1]);
	close(go[0]);
	ASSERT_EQ(read(ready[0], &c, 1), 1);
	close(ready[0]);
	r->go = go[1];
}

/* What the receiver saw: look()'s status. */
static int received(struct receiver *r)
{
	int status;

	ASSERT_EQ(write(r->go, "g", 1), 1);
	close(r->go);
	ASSERT_EQ(waitpid(r->pid, &status, 0), r->pid);
	ASSERT(WIFEXITED(status));
	return WEXITSTATUS(status);
}

static struct ldm_chrdev_file *tf_open(void)
{
	struct ldm_chrdev_file *f;

	ASSERT_OK(register_chrdev(TF_MAJOR, "tf", &tf_fops));
	ASSERT_OK(ldm_chrdev_open(MKDEV(TF_MAJOR, 0), O_RDONLY, &f));
	return f;
}

static void tf_close(struct ldm_chrdev_file *f)
{
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT_OK(unregister_chrdev(TF_MAJOR, "tf"));
}

DEFINE_TEST(
	test_fasync_setown_names_another_process,
	.description =
		"F_SETOWN (ldm_chrdev_fcntl) names another process, which receives the driver's SIGIO once O_ASYNC is set; F_GETOWN says it; with no owner nothing is sent")
{
	struct ldm_chrdev_file *f = tf_open();
	struct receiver r;

	receiver_start(&r, SIGIO);
	ASSERT_OK(ldm_chrdev_fcntl(f, TF_FD, F_SETFL, O_ASYNC));
	ASSERT(tf_async && tf_async->fa_fd == TF_FD);
	kill_fasync(&tf_async, SIGIO, POLL_IN); /* no owner yet: nobody */
	ASSERT_EQ(ldm_chrdev_fcntl(f, TF_FD, F_GETOWN, 0), 0);
	ASSERT_OK(ldm_chrdev_fcntl(f, TF_FD, F_SETOWN, (unsigned long)r.pid));
	ASSERT_EQ(ldm_chrdev_fcntl(f, TF_FD, F_GETOWN, 0), r.pid);
	kill_fasync(&tf_async, SIGIO, POLL_IN);
	ASSERT_EQ(received(&r), 1);
	tf_close(f);
}

DEFINE_TEST(
	test_fasync_setown_by_another_user_is_not_signalled,
	.description =
		"an owner named by a user who may not signal it (uid 1000 naming a root process) receives nothing, as 2.6.9's sigio_perm")
{
	struct ldm_chrdev_file *f = tf_open();
	struct receiver r;

	if (geteuid())
		ldm_test_skip("the receiver must be root's");
	receiver_start(&r, SIGIO);
	ASSERT_OK(ldm_chrdev_fcntl(f, TF_FD, F_SETFL, O_ASYNC));
	ldm_thread_set_cred(1000, 1000, 0);
	ASSERT_OK(ldm_chrdev_fcntl(f, TF_FD, F_SETOWN, (unsigned long)r.pid));
	ldm_thread_clear_cred();
	kill_fasync(&tf_async, SIGIO, POLL_IN);
	ASSERT_EQ(received(&r), 0);
	tf_close(f);
}

DEFINE_TEST(
	test_fasync_setsig_queues_the_signal_with_fd_and_band,
	.description =
		"F_SETSIG makes the driver's kill_fasync queue that signal with si_fd and si_band set, as 2.6.9; F_GETSIG says it; F_SETSIG beyond the last signal is EINVAL")
{
	struct ldm_chrdev_file *f = tf_open();
	struct receiver r;

	receiver_start(&r, SIGRTMIN + 1);
	ASSERT_OK(ldm_chrdev_fcntl(f, TF_FD, F_SETOWN, (unsigned long)r.pid));
	ASSERT_OK(ldm_chrdev_fcntl(f, TF_FD, F_SETSIG, (unsigned long)(SIGRTMIN + 1)));
	ASSERT_EQ(ldm_chrdev_fcntl(f, TF_FD, F_GETSIG, 0), SIGRTMIN + 1);
	ASSERT_EQ(ldm_chrdev_fcntl(f, TF_FD, F_SETSIG, 1000), -EINVAL);
	ASSERT_OK(ldm_chrdev_fcntl(f, TF_FD, F_SETFL, O_ASYNC));
	kill_fasync(&tf_async, SIGIO, POLL_IN);
	ASSERT_EQ(received(&r), 1);
	tf_close(f);
}

/* In a pid namespace of its own, where the next pid can be chosen: see the test. */
static int reuse_in_own_pid_ns(void)
{
	struct ldm_chrdev_file *f;
	struct receiver r;
	pid_t victim;
	FILE *last;

	ASSERT_OK(mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL));
	ASSERT_OK(mount("proc", "/proc", "proc", 0, NULL));
	ASSERT_OK(ldm_init());
	f = tf_open();
	fflush(NULL);
	victim = fork();
	ASSERT(victim >= 0);
	if (victim == 0) {
		pause();
		_exit(0);
	}
	ASSERT_OK(ldm_chrdev_fcntl(f, TF_FD, F_SETOWN, (unsigned long)victim));
	ASSERT_OK(ldm_chrdev_fcntl(f, TF_FD, F_SETFL, O_ASYNC));
	ASSERT_OK(kill(victim, SIGKILL));
	ASSERT_EQ(waitpid(victim, NULL, 0), victim);
	/* The owner's pid, free now, goes to the next process. */
	last = fopen("/proc/sys/kernel/ns_last_pid", "w");
	ASSERT(last);
	ASSERT(fprintf(last, "%d", victim - 1) > 0);
	ASSERT_OK(fclose(last));
	receiver_start(&r, SIGIO);
	ASSERT_EQ(r.pid, victim);
	kill_fasync(&tf_async, SIGIO, POLL_IN);
	ASSERT_EQ(received(&r), 0);
	tf_close(f);
	ldm_exit();
	return 0;
}

DEFINE_TEST(
	test_fasync_owner_gone_its_reused_pid_gets_nothing,
	.description =
		"once a file's SIGIO owner has exited, kill_fasync sends nothing, even to the process that has its pid since (made so in a pid namespace of the test's own)",
	.no_runtime = true)
{
	int status;
	pid_t pid;

	if (geteuid())
		ldm_test_skip("choosing the next pid needs root");
	/* A child makes the namespaces: LeakSanitizer cannot stop a process that did. */
	fflush(NULL);
	pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		if (unshare(CLONE_NEWPID | CLONE_NEWNS))
			_exit(77);
		pid = fork();
		if (pid == 0)
			_exit(reuse_in_own_pid_ns());
		_exit(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) ?
			      WEXITSTATUS(status) :
			      1);
	}
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	ASSERT(WIFEXITED(status));
	if (WEXITSTATUS(status) == 77)
		ldm_test_skip("a pid namespace cannot be made here");
	ASSERT_EQ(WEXITSTATUS(status), 0);
}
