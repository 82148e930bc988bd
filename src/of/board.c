// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * board.c - loading a board (an ldm addition; a kernel gets its blob from
 * the boot loader): a device tree blob read from a file, or a source file
 * compiled by dtc, made into the tree of nodes and its platform devices.
 * One board at a time; ldm_exit() unloads it.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <libfdt.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>
#include <libldm/runtime.h>

#include "of_private.h"
#include "boot.h"

/* Bigger than any board: a file or a dtc output beyond it is refused. */
#define BOARD_MAX_SIZE	(16u << 20)

extern char **environ;

static pthread_mutex_t board_lock = PTHREAD_MUTEX_INITIALIZER;
static struct of_tree *board_tree;	/* NULL: no board loaded */
static struct of_devices board_devs;

/* Read all of @fd into a new buffer, up to BOARD_MAX_SIZE bytes. */
static int read_all(int fd, void **ret, size_t *ret_size)
{
	size_t size = 0, cap = 0;
	char *buf = NULL, *p;
	ssize_t n;

	for (;;) {
		if (size == cap) {
			cap = cap ? cap * 2 : 65536;
			if (cap > BOARD_MAX_SIZE + 1)
				cap = BOARD_MAX_SIZE + 1;
			if (size == cap) {
				kfree(buf);
				return -EFBIG;
			}
			p = krealloc(buf, cap, GFP_KERNEL);
			if (!p) {
				kfree(buf);
				return -ENOMEM;
			}
			buf = p;
		}
		n = read(fd, buf + size, cap - size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			n = -errno;
			kfree(buf);
			return (int)n;
		}
		if (n == 0)
			break;
		size += (size_t)n;
	}
	*ret = buf;
	*ret_size = size;
	return 0;
}

/* Print what dtc said on stderr (in @fd), line by line. */
static void report_dtc(int fd, const char *path)
{
	char *text, *line, *save = NULL;
	size_t size;

	if (lseek(fd, 0, SEEK_SET) < 0 || read_all(fd, (void **)&text, &size))
		return;
	if (size) {
		text[size - 1] = '\0';	/* its last byte is a newline, or is lost */
		for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
			pr_err("ldm: board %s: %s\n", path, line);
	}
	kfree(text);
}

static int spawn_dtc(const char *dtc, const char *path, int out, int err, pid_t *pid)
{
	char *argv[] = { (char *)dtc, "-I", "dts", "-O", "dtb", "-o", "-", (char *)path, NULL };
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t none, deflt;
	int error;

	sigemptyset(&none);
	sigemptyset(&deflt);
	sigaddset(&deflt, SIGPIPE);
	posix_spawn_file_actions_init(&fa);
	posix_spawnattr_init(&attr);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out, STDOUT_FILENO);
	posix_spawn_file_actions_adddup2(&fa, err, STDERR_FILENO);
	/* Whatever the embedding program blocks or ignores, dtc runs plainly. */
	posix_spawnattr_setsigmask(&attr, &none);
	posix_spawnattr_setsigdefault(&attr, &deflt);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
	error = posix_spawnp(pid, dtc, &fa, &attr, argv, environ);
	posix_spawnattr_destroy(&attr);
	posix_spawn_file_actions_destroy(&fa);
	return -error;
}

/* Compile the source @path with dtc into a blob; what dtc says goes to the log. */
static int dtc_compile(const char *path, void **blob, size_t *size)
{
	const char *dtc = getenv("LDM_DTC");
	int out[2], err, status = 0, error;
	pid_t pid;

	if (!dtc || !*dtc)
		dtc = "dtc";
	err = memfd_create("ldm-dtc-stderr", MFD_CLOEXEC);
	if (err < 0)
		return -errno;
	if (pipe2(out, O_CLOEXEC)) {
		error = -errno;
		goto out_close_err;
	}
	error = spawn_dtc(dtc, path, out[1], err, &pid);
	close(out[1]);
	if (error) {
		pr_err("ldm: board %s: cannot run %s to compile it: %s (install "
		       "device-tree-compiler, or name dtc in LDM_DTC)\n", path, dtc,
		       strerror(-error));
		close(out[0]);
		goto out_close_err;
	}
	error = read_all(out[0], blob, size);
	/* Unread output would keep dtc blocked: it gets SIGPIPE instead. */
	close(out[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!error && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
		pr_err("ldm: board %s: %s failed to compile it (%s %d):\n", path, dtc,
		       WIFEXITED(status) ? "exit status" : "signal",
		       WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
		report_dtc(err, path);
		kfree(*blob);
		error = -EINVAL;
	} else if (error) {
		pr_err("ldm: board %s: reading what %s made of it: %s\n", path, dtc,
		       strerror(-error));
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
 * (docs/boards.md), which drivers already registered bind to at once.
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
	error = of_platform_populate_tree(tree->root, what, &board_devs);
	if (error) {
		of_platform_depopulate_tree(&board_devs);
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
}
