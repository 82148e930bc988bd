// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * board.c - loading a board (an ldm addition; a kernel gets its blob from
 * the boot loader): a device tree blob read from a file, or a source file
 * compiled by dtc, made into the tree of nodes and its platform devices.
 * One board at a time; ldm_exit() unloads it. dtc runs bounded in time,
 * memory and output, and neither it nor anything it starts outlives the
 * compile, or ldmd.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <libfdt.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>
#include <libldm/device.h>

#include "grow.h"
#include "hw_model.h"
#include "of_private.h"
#include "boot.h"

/* Bigger than any board: a file or a dtc output beyond it is refused. */
#define BOARD_MAX_SIZE (16u << 20)

/*
 * What dtc may take. A board compiles in milliseconds and a few MiB; these
 * stop a source that never ends (/incbin/("/dev/zero"), a FIFO) from
 * taking the memory of the machine, or the start of ldmd, with it.
 */
#define DTC_TIMEOUT_S  10	     /* wall clock, then SIGKILL */
#define DTC_CPU_S      5	     /* RLIMIT_CPU: then SIGXCPU */
#define DTC_MAX_AS     (256ul << 20) /* RLIMIT_AS: its allocations fail */
#define DTC_MAX_STDERR (1ul << 20)   /* RLIMIT_FSIZE: what it says */
#define DTC_MAX_LINES  50	     /* of that, what the log gets */

extern char **environ;

static pthread_mutex_t board_lock = PTHREAD_MUTEX_INITIALIZER;
static struct of_tree *board_tree; /* NULL: no board loaded */
static struct of_devices board_devs;

/* Bytes read so far, up to BOARD_MAX_SIZE. */
struct board_buf {
	char *data;
	size_t size, cap;
};

/* One read() of @fd into @b: bytes read, 0 at the end, -EFBIG past BOARD_MAX_SIZE, -errno. */
static ssize_t buf_read(struct board_buf *b, int fd)
{
	ssize_t n;
	int error;

	if (b->size == b->cap) {
		error = ldm_grow(&b->data, &b->cap, b->size + 1, 1, 65536, BOARD_MAX_SIZE + 1);
		if (error)
			return error;
	}
	n = read(fd, b->data + b->size, b->cap - b->size);
	if (n < 0)
		return -errno;
	b->size += (size_t)n;
	return n;
}

/* Read all of @fd into a new buffer, up to BOARD_MAX_SIZE bytes. */
static int read_all(int fd, void **ret, size_t *ret_size)
{
	struct board_buf b = { NULL, 0, 0 };
	ssize_t n;

	while ((n = buf_read(&b, fd)) != 0) {
		if (n < 0 && n != -EINTR) {
			kfree(b.data);
			return (int)n;
		}
	}
	*ret = b.data;
	*ret_size = b.size;
	return 0;
}

/* Print what dtc said on stderr (in @fd), line by line, the first DTC_MAX_LINES. */
static void report_dtc(int fd, const char *path)
{
	char *text, *line, *save = NULL;
	unsigned int n = 0;
	size_t size;

	if (lseek(fd, 0, SEEK_SET) < 0 || read_all(fd, (void **)&text, &size))
		return;
	if (size) {
		text[size - 1] = '\0'; /* its last byte is a newline, or is lost */
		for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
			if (n++ < DTC_MAX_LINES)
				pr_err("ldm: board %s: %s\n", path, line);
		if (n > DTC_MAX_LINES)
			pr_err("ldm: board %s: (and %u lines more)\n", path, n - DTC_MAX_LINES);
	}
	kfree(text);
}

/* Milliseconds until @deadline (CLOCK_MONOTONIC), 0 once past. */
static int ms_left(const struct timespec *deadline)
{
	struct timespec now;
	long long ms;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (long long)(deadline->tv_sec - now.tv_sec) * 1000 +
	     (deadline->tv_nsec - now.tv_nsec) / 1000000;
	return ms > 0 ? (int)ms : 0;
}

/* The file execve() should run for @dtc: itself with a '/', else found in $PATH. */
static char *find_dtc(const char *dtc)
{
	const char *dirs = getenv("PATH"), *end;
	char *path;
	size_t len;

	if (strchr(dtc, '/'))
		return kstrdup(dtc, GFP_KERNEL);
	if (!dirs || !*dirs)
		dirs = "/usr/local/bin:/usr/bin:/bin";
	for (; *dirs; dirs = *end ? end + 1 : end) {
		end = strchrnul(dirs, ':');
		len = (size_t)(end - dirs);
		path = kasprintf(GFP_KERNEL, "%.*s%s%s", (int)len, dirs, len ? "/" : "", dtc);
		if (!path || !access(path, X_OK))
			return path;
		kfree(path);
	}
	return ERR_PTR(-ENOENT);
}

/* What the child needs to become dtc: all made before fork(). */
struct dtc_exec {
	const char *file;
	char **argv;
	int out, err, report; /* stdout, stderr, and the pipe exec errors go to */
	pid_t parent;
	struct rlimit as, cpu, fsize, core;
};

/* @max, or less if the limit of @resource is lower already. */
static void dtc_limit(int resource, rlim_t max, struct rlimit *rl)
{
	if (getrlimit(resource, rl) || rl->rlim_max > max)
		rl->rlim_max = max;
	rl->rlim_cur = rl->rlim_max;
}

/*
 * In the child of fork(), async-signal-safe calls only: put dtc in a
 * process group of its own (killed whole), make it die with the thread
 * that runs it, bound it, and run it. An error goes to the parent through
 * @e->report as an errno.
 */
static void __attribute__((noreturn)) exec_dtc(const struct dtc_exec *e)
{
	struct sigaction sa;
	sigset_t none;
	int sig, null, error;

	setpgid(0, 0);
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != e->parent)
		_exit(127);
	/* The parent's handlers go (until exec they would run here); so do
	 * the ignored signals the limits are told by. */
	for (sig = 1; sig < NSIG; sig++) {
		if (sigaction(sig, NULL, &sa) || sa.sa_handler == SIG_DFL)
			continue;
		if (sa.sa_handler != SIG_IGN || sig == SIGPIPE || sig == SIGXCPU ||
		    sig == SIGXFSZ) {
			sa.sa_handler = SIG_DFL;
			sa.sa_flags = 0;
			sigaction(sig, &sa, NULL);
		}
	}
	null = open("/dev/null", O_RDONLY);
	if (null < 0 || dup2(null, STDIN_FILENO) < 0 || dup2(e->out, STDOUT_FILENO) < 0 ||
	    dup2(e->err, STDERR_FILENO) < 0 || setrlimit(RLIMIT_AS, &e->as) ||
	    setrlimit(RLIMIT_CPU, &e->cpu) || setrlimit(RLIMIT_FSIZE, &e->fsize) ||
	    setrlimit(RLIMIT_CORE, &e->core))
		goto fail;
	if (null != STDIN_FILENO)
		close(null);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	execve(e->file, e->argv, environ);
fail:
	error = errno;
	while (write(e->report, &error, sizeof(error)) < 0 && errno == EINTR)
		;
	_exit(127);
}

/*
 * Start dtc on @path, its stdout into @out and its stderr into @err, in
 * *@pid. Return: 0 once it runs; -errno (logged) if it cannot, reaped.
 */
static int start_dtc(const char *dtc, const char *path, int out, int err, pid_t *pid)
{
	char *argv[] = { (char *)dtc, "-I", "dts", "-O", "dtb", "-o", "-", (char *)path, NULL };
	struct dtc_exec e = { .argv = argv, .out = out, .err = err, .parent = getpid() };
	sigset_t all, old;
	int report[2], error = 0;
	ssize_t n;

	e.file = find_dtc(dtc);
	if (IS_ERR_OR_NULL(e.file)) {
		error = e.file ? (int)PTR_ERR(e.file) : -ENOMEM;
		goto out;
	}
	dtc_limit(RLIMIT_AS, DTC_MAX_AS, &e.as);
	dtc_limit(RLIMIT_CPU, DTC_CPU_S + 1, &e.cpu);
	if (e.cpu.rlim_max > 1)
		e.cpu.rlim_cur = e.cpu.rlim_max - 1; /* SIGXCPU, then SIGKILL a second on */
	dtc_limit(RLIMIT_FSIZE, DTC_MAX_STDERR, &e.fsize);
	dtc_limit(RLIMIT_CORE, 0, &e.core);
	if (pipe2(report, O_CLOEXEC)) {
		error = -errno;
		goto out_free;
	}
	e.report = report[1];
	/* No signal handler of ours may run in the child before exec. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	*pid = fork();
	if (*pid == 0)
		exec_dtc(&e);
	error = *pid < 0 ? -errno : 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	close(report[1]);
	if (!error) {
		setpgid(*pid, *pid); /* as the child does: whichever runs first */
		while ((n = read(report[0], &error, sizeof(error))) < 0 && errno == EINTR)
			;
		error = n == sizeof(error) ? -error : 0;
		if (error)
			while (waitpid(*pid, NULL, 0) < 0 && errno == EINTR)
				;
	}
	close(report[0]);
out_free:
	kfree(e.file);
out:
	if (error)
		pr_err("ldm: board %s: cannot run %s to compile it: %s (install "
		       "device-tree-compiler, or name dtc in LDM_DTC)\n",
		       path, dtc, strerror(-error));
	return error;
}

/* What dtc writes to @fd, until its end or @deadline (-ETIME); *@blob NULL on error. */
static int read_dtc(int fd, const struct timespec *deadline, void **blob, size_t *size)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	struct board_buf b = { NULL, 0, 0 };
	ssize_t n = 1;
	int ms;

	while (n > 0 && (ms = ms_left(deadline)) > 0) {
		if (poll(&p, 1, ms) <= 0)
			continue; /* interrupted, or the deadline: asked again */
		n = buf_read(&b, fd);
		if (n == -EINTR)
			n = 1;
	}
	*blob = NULL;
	if (n) {
		kfree(b.data);
		return n < 0 ? (int)n : -ETIME;
	}
	*blob = b.data;
	*size = b.size;
	return 0;
}

/*
 * Wait for dtc (@pid, the leader of its group) to end until @deadline,
 * then kill its group, whatever it left, and reap it: on every path.
 * Return: 0, or -ETIME if it had to be killed; its wait status in *@status.
 */
static int reap_dtc(pid_t pid, const struct timespec *deadline, int *status)
{
	struct timespec tick = { 0, 1000000 };
	siginfo_t info;
	int r;

	for (;;) {
		info.si_pid = 0;
		/* WNOWAIT: a zombie keeps its pid, and its group's, for kill() below. */
		r = waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT);
		if (!r && info.si_pid == pid)
			break;
		if (r && errno == ECHILD)
			return 0; /* reaped by SIGCHLD ignored: nothing to kill or tell */
		if (!ms_left(deadline))
			break;
		nanosleep(&tick, NULL);
	}
	kill(-pid, SIGKILL);
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
	return info.si_pid == pid ? 0 : -ETIME;
}

/* Compile the source @path with dtc into a blob; what dtc says goes to the log. */
static int dtc_compile(const char *path, void **blob, size_t *size)
{
	const char *dtc = getenv("LDM_DTC");
	struct timespec deadline;
	int out[2], err, status = 0, error, timed_out;
	pid_t pid;

	if (!dtc || !*dtc)
		dtc = "dtc";
	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += DTC_TIMEOUT_S;
	err = memfd_create("ldm-dtc-stderr", MFD_CLOEXEC);
	if (err < 0)
		return -errno;
	if (pipe2(out, O_CLOEXEC)) {
		error = -errno;
		goto out_close_err;
	}
	error = start_dtc(dtc, path, out[1], err, &pid);
	close(out[1]);
	if (error) {
		close(out[0]);
		goto out_close_err;
	}
	error = read_dtc(out[0], &deadline, blob, size);
	close(out[0]);
	if (error) /* too much, too long or unreadable: wait no more */
		deadline.tv_sec = 0;
	timed_out = reap_dtc(pid, &deadline, &status);
	if (error == -ETIME || (!error && timed_out)) {
		pr_err("ldm: board %s: %s did not finish within %d s: killed\n", path, dtc,
		       DTC_TIMEOUT_S);
		error = -ETIME;
	} else if (error) {
		pr_err("ldm: board %s: reading what %s made of it: %s\n", path, dtc,
		       error == -EFBIG ? "larger than 16 MiB" : strerror(-error));
	} else if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
		pr_err("ldm: board %s: %s failed to compile it (%s %d):\n", path, dtc,
		       WIFEXITED(status) ? "exit status" : "signal",
		       WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
		report_dtc(err, path);
		error = -EINVAL;
	}
	if (error) {
		kfree(*blob);
		*blob = NULL;
	}
out_close_err:
	close(err);
	return error;
}

/* The blob of the file @path: read as is, or compiled when it is a source. */
static int read_board(const char *path, void **blob, size_t *size)
{
	int fd, error;
	void *data;
	size_t len;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		error = -errno;
		pr_err("ldm: board %s: %s\n", path, strerror(-error));
		return error;
	}
	error = read_all(fd, &data, &len);
	close(fd);
	if (error) {
		pr_err("ldm: board %s: %s\n", path,
		       error == -EFBIG ? "larger than 16 MiB" : strerror(-error));
		return error;
	}
	if (len >= sizeof(fdt32_t) && fdt_magic(data) == FDT_MAGIC) {
		*blob = data;
		*size = len;
		return 0;
	}
	/* Not a blob: a source, for dtc to compile (and to find fault with). */
	kfree(data);
	return dtc_compile(path, blob, size);
}

/**
 * ldm_board_load_blob - load a board from a device tree blob in memory
 * @blob: the blob (copied: it may go once this returns)
 * @size: its size in bytes
 * @what: its name in messages, a file name for instance
 *
 * Makes the blob into the tree of nodes and registers its platform devices
 * (docs/boards.md), which drivers already registered bind to at once,
 * after the device models of its nodes (docs/hardware.md): a node that
 * cannot be a model is logged, naming it and the cause, and left out.
 * Return: 0; -EBUSY if a board is loaded already; -EINVAL for a blob that
 * is not a valid device tree or a node that cannot be a device (logged, and
 * nothing is left registered); -ENOMEM.
 */
int ldm_board_load_blob(const void *blob, size_t size, const char *what)
{
	struct of_tree *tree;
	int error;

	if (!blob || !what)
		return -EINVAL;
	pthread_mutex_lock(&board_lock);
	error = -EBUSY;
	if (board_tree) {
		pr_err("ldm: board %s: a board is loaded already\n", what);
		goto out;
	}
	error = of_unflatten(blob, size, what, &tree);
	if (error)
		goto out;
	error = of_kobj_add_tree(tree->root);
	if (error) {
		pr_err("ldm: board %s: cannot add /firmware/devicetree: %s\n", what,
		       strerror(-error));
		of_tree_put(tree);
		goto out;
	}
	/* Probes of the devices to come may look nodes up by path. */
	of_root_set(tree->root);
	/*
	 * The hardware first: a driver probing a device of the board finds
	 * it. A node that cannot be a model is left out, logged: the rest
	 * of the board goes on.
	 */
	ldm_models_bind(tree->root, what);
	error = of_platform_populate_tree(tree->root, what, &board_devs);
	if (error) {
		/* As an unload: the devices (a PCI host, its hotplug) before the models. */
		of_platform_depopulate_tree(&board_devs);
		ldm_models_unbind();
		of_root_set(NULL);
		of_kobj_remove_tree(tree->root);
		of_tree_put(tree);
		goto out;
	}
	board_tree = tree;
out:
	pthread_mutex_unlock(&board_lock);
	return error;
}

/**
 * ldm_board_load - load a board from a file
 * @path: a device tree blob (.dtb), or a source (.dts) that dtc compiles
 *	($LDM_DTC, else dtc from $PATH); told apart by the blob's magic number
 *
 * Return: as ldm_board_load_blob(), and -ENOENT and the like when the file
 * cannot be read, -EINVAL when dtc refuses it (what it said is logged).
 */
int ldm_board_load(const char *path)
{
	void *blob = NULL;
	size_t size = 0;
	int error;

	if (!path)
		return -EINVAL;
	error = read_board(path, &blob, &size);
	if (error)
		return error;
	error = ldm_board_load_blob(blob, size, path);
	kfree(blob);
	return error;
}

/**
 * ldm_board_unload - unregister the devices of the loaded board, children
 * before their bus, and let its nodes go once nothing holds them
 *
 * Nothing happens without a board.
 */
void ldm_board_unload(void)
{
	pthread_mutex_lock(&board_lock);
	if (board_tree) {
		of_root_set(NULL);
		of_platform_depopulate_tree(&board_devs);
		ldm_models_unbind();
		of_kobj_remove_tree(board_tree->root);
		of_tree_put(board_tree);
		board_tree = NULL;
	}
	pthread_mutex_unlock(&board_lock);
}

/* ldm_exit(): the board goes before the driver core. */
void of_board_exit(void)
{
	ldm_board_unload();
	ldm_models_exit();
}
