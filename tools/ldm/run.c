// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * run.c - `ldm run`: loading modules into a runtime in this process, with
 * no ldmd (insmod, rmmod and lsmod talk to ldmd).
 *
 *   ldm run [--modules DIR] [--rmmod NAME]... [FILE.ko[=ARGS]...]
 *
 * run loads each module in turn, then removes the ones named with --rmmod,
 * in order, and prints what is loaded as lsmod does.
 */
#include <errno.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libldm/libldm.h>

#include "ldm.h"
#include "tool-util.h"

static void print_taint(void)
{
	char buf[64];

	if (ldm_sysfs_read_path("/kernel/tainted", buf, sizeof(buf)) > 0)
		printf("tainted: %s", buf);
}

/* The /proc/modules listing as lsmod prints it. */
static void print_lsmod(void)
{
	char *list = ldm_proc_modules();

	tool_print_lsmod(list, false);
	free(list);
}

static void run_help(FILE *out)
{
	fprintf(out, "Usage: ldm run [--modules DIR] [--rmmod NAME]... [FILE.ko[=ARGS]...]\n\n"
		     "Boot a runtime in this process, load every module of DIR (a module whose\n"
		     "dependencies are not loaded yet is tried again after the others), then\n"
		     "each FILE in order (ARGS: its parameters, as name=value separated by\n"
		     "spaces), remove the modules named with --rmmod in order, print what is\n"
		     "loaded as lsmod does and the taint, then stop the runtime. Exit status 1\n"
		     "if a load or removal failed.\n");
}

/* Say why @path was not loaded: a file that is not there, or what the loader said. */
static void report_insmod(const char *path, int error)
{
	fprintf(stderr, "ldm run: ERROR: could not insert '%s': %s\n", path,
		error == -ENOENT && access(path, F_OK) ? strerror(ENOENT) :
							 tool_insmod_strerror(-error));
}

static int load_spec(const char *spec)
{
	char *path = strdup(spec), *eq;
	int error;

	if (!path)
		return -ENOMEM;
	eq = strstr(path, ".ko=");
	if (eq)
		eq[3] = '\0';
	error = ldm_insmod(path, eq ? eq + 4 : NULL);
	if (error)
		report_insmod(path, error);
	else
		printf("loaded %s\n", path);
	free(path);
	return error;
}

static int by_strcmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Load every .ko of @dir: in passes, each loading what the previous ones
 * made possible (a module whose dependencies are not loaded yet fails with
 * -ENOENT and is tried again), until a pass loads nothing.
 */
static int load_dir(const char *dir)
{
	char *files[256], path[4096];
	bool done[256] = { false };
	size_t n = 0, i, left;
	struct dirent *de;
	int status = 0, error;
	bool progress = true;
	DIR *d = opendir(dir);

	if (!d) {
		fprintf(stderr, "ldm run: %s: %s\n", dir, strerror(errno));
		return 1;
	}
	while ((de = readdir(d)) && n < 256) {
		size_t len = strlen(de->d_name);

		if (len > 3 && !strcmp(de->d_name + len - 3, ".ko"))
			files[n++] = strdup(de->d_name);
	}
	closedir(d);
	qsort(files, n, sizeof(*files), by_strcmp);
	for (left = n; left && progress;) {
		progress = false;
		for (i = 0; i < n; i++) {
			if (done[i] || !files[i])
				continue;
			snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
			error = ldm_insmod(path, NULL);
			if (error == -ENOENT && left > 1)
				continue; /* perhaps needs a module not loaded yet */
			done[i] = true;
			left--;
			progress = true;
			if (error) {
				report_insmod(path, error);
				status = 1;
			} else {
				printf("loaded %s\n", path);
			}
		}
	}
	for (i = 0; i < n; i++) {
		if (!done[i] && files[i]) {
			fprintf(stderr, "ldm run: ERROR: could not insert '%s/%s'\n", dir,
				files[i]);
			status = 1;
		}
		free(files[i]);
	}
	return status;
}

/* What run's own options gather: --modules DIR, each --rmmod NAME. */
struct run_args {
	const char *rm[64], *dir;
	int nrm;
};

static int run_option(int c, const char *arg, void *data)
{
	struct run_args *r = data;

	if (c == 'm') {
		r->dir = arg;
		return 0;
	}
	if (r->nrm == 64) {
		fprintf(stderr, "ldm run: too many --rmmod\n");
		return 2;
	}
	r->rm[r->nrm++] = arg;
	return 0;
}

static int run_run(int argc, char *argv[])
{
	static const struct tool_option extra[] = {
		{ "modules", 'm', true, 'm' },
		{ "rmmod", 'r', true, 'r' },
		{ 0 },
	};
	struct run_args r = { .nrm = 0 };
	const struct tool_parse p = { .allowed = TOOL_OPT_NO_ROOT | TOOL_OPT_PERMUTE,
				      .extra = extra,
				      .fn = run_option,
				      .data = &r,
				      .help = run_help };
	const char **rm = r.rm, *dir;
	struct tool_opts o;
	int i, nrm, status, error;

	status = tool_parse_options_ext(argc, argv, &p, &o);
	if (status >= 0)
		return status;
	status = 0;
	dir = r.dir;
	nrm = r.nrm;
	if (ldm_init())
		return 1;
	if (dir && load_dir(dir))
		status = 1;
	for (i = optind; i < argc; i++)
		if (load_spec(argv[i]))
			status = 1;
	for (i = 0; i < nrm; i++) {
		error = ldm_delete_module(rm[i], 0);
		if (error) {
			fprintf(stderr, "ldm run: ERROR: could not remove '%s': %s\n", rm[i],
				strerror(-error));
			status = 1;
		} else {
			printf("removed %s\n", rm[i]);
		}
	}
	print_lsmod();
	print_taint();
	ldm_exit();
	return status;
}

const struct ldm_verb ldm_verb_run = {
	.name = "run",
	.run = run_run,
	.help = "load and remove modules in an in-process runtime, then list them",
};
