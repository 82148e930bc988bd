// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * depmod.c - `ldm depmod [DIR]`: a directory of ldm modules made a modules
 * directory, by kmod's own depmod: modules.dep, modules.alias and their
 * .bin indexes, which libkmod reads for ldm modinfo, ldm modprobe and ldmd
 * --modules as it reads /lib/modules/VERSION for modprobe.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tool-grow.h"
#include "ldm.h"
#include "tool-util.h"

extern char **environ;

/**
 * DOC: how ldm depmod runs kmod's depmod
 *
 * kmod's depmod works on BASE/lib/modules/VERSION, VERSION a kernel
 * version. So ldm depmod makes a scratch BASE whose lib/modules/2.6.9-ldm
 * is a link to DIR, and runs `depmod -b BASE -C BASE/depmod.d 2.6.9-ldm`:
 * the files land in DIR, their paths relative to it, and no configuration
 * of the host (/etc/depmod.d) takes part. What kbuild's modules_install
 * would have put beside the modules and depmod reads, modules.order (the
 * modules, sorted) and empty modules.builtin and modules.builtin.modinfo,
 * is written first where it is missing. The depmod run is $LDM_DEPMOD,
 * else depmod from $PATH, /sbin or /usr/sbin.
 */

#define DEPMOD_VERSION "2.6.9-ldm"

struct names {
	char **v;
	size_t n, cap;
};

static int names_add(struct names *n, const char *name)
{
	if (TOOL_GROW(n->v, n->cap, n->n + 1, 32))
		return -ENOMEM;
	n->v[n->n] = strdup(name);
	return n->v[n->n++] ? 0 : -ENOMEM;
}

static void names_free(struct names *n)
{
	while (n->n)
		free(n->v[--n->n]);
	free(n->v);
}

/* Every NAME.ko below @dir/@rel, as paths relative to @dir. */
static int find_modules(const char *dir, const char *rel, struct names *out)
{
	char path[2 * PATH_MAX + 2], sub[PATH_MAX];
	struct dirent *de;
	struct stat st;
	size_t len;
	DIR *d;
	int error = 0;

	snprintf(path, sizeof(path), "%s%s%s", dir, *rel ? "/" : "", rel);
	d = opendir(path);
	if (!d)
		return -errno;
	while (!error && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s%s%s", rel, *rel ? "/" : "", de->d_name);
		snprintf(path, sizeof(path), "%s/%s", dir, sub);
		if (lstat(path, &st))
			continue;
		len = strlen(de->d_name);
		if (S_ISDIR(st.st_mode))
			error = find_modules(dir, sub, out);
		else if (S_ISREG(st.st_mode) && len > 3 && !strcmp(de->d_name + len - 3, ".ko"))
			error = names_add(out, sub);
	}
	closedir(d);
	return error;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Write @dir/@name with @n lines of @lines, unless it exists. */
static int write_missing(const char *dir, const char *name, char **lines, size_t n)
{
	char path[PATH_MAX];
	size_t i;
	FILE *f;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0)
		return errno == EEXIST ? 0 : -errno;
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		return -errno;
	}
	for (i = 0; i < n; i++)
		fprintf(f, "%s\n", lines[i]);
	return fclose(f) ? -errno : 0;
}

/*
 * What modules_install leaves beside the modules, where it is missing. A
 * directory without modules is said so: kmod's depmod writes its indexes
 * empty and exits 0, and so does ldm depmod, but not silently.
 */
static int write_kbuild_files(const char *dir)
{
	struct names mods = { 0 };
	int error;

	error = find_modules(dir, "", &mods);
	if (!error && !mods.n)
		fprintf(stderr,
			"ldm depmod: %s: no modules (NAME.ko) in it: its indexes are written "
			"empty, as kmod's depmod writes them\n",
			dir);
	if (!error) {
		if (mods.n) /* qsort() must not be given NULL */
			qsort(mods.v, mods.n, sizeof(*mods.v), by_name);
		error = write_missing(dir, "modules.order", mods.v, mods.n);
	}
	if (!error)
		error = write_missing(dir, "modules.builtin", NULL, 0);
	if (!error)
		error = write_missing(dir, "modules.builtin.modinfo", NULL, 0);
	names_free(&mods);
	if (error)
		fprintf(stderr, "ldm depmod: %s: %s\n", dir, strerror(-error));
	return error;
}

/* kmod's depmod: $LDM_DEPMOD, else in $PATH, /sbin or /usr/sbin. */
static const char *depmod_program(void)
{
	static const char *const dirs[] = { "/sbin", "/usr/sbin" };
	static char path[PATH_MAX];
	const char *env = getenv("LDM_DEPMOD"), *p = getenv("PATH"), *end;
	size_t i;

	if (env && *env)
		return env;
	for (; p && *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, ':');
		snprintf(path, sizeof(path), "%.*s/depmod", (int)(end - p), p);
		if (!access(path, X_OK))
			return path;
	}
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s/depmod", dirs[i]);
		if (!access(path, X_OK))
			return path;
	}
	return NULL;
}

/* BASE/lib/modules/VERSION -> @dir, BASE/depmod.d empty. */
static int make_base(char *base, const char *dir)
{
	char path[PATH_MAX + 64];

	strcpy(base, "/tmp/ldm-depmod-XXXXXX");
	if (!mkdtemp(base))
		return -errno;
	snprintf(path, sizeof(path), "%s/lib", base);
	if (mkdir(path, 0755))
		return -errno;
	snprintf(path, sizeof(path), "%s/lib/modules", base);
	if (mkdir(path, 0755))
		return -errno;
	snprintf(path, sizeof(path), "%s/lib/modules/" DEPMOD_VERSION, base);
	if (symlink(dir, path))
		return -errno;
	snprintf(path, sizeof(path), "%s/depmod.d", base);
	return mkdir(path, 0755) ? -errno : 0;
}

static void remove_base(const char *base)
{
	char path[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s/lib/modules/" DEPMOD_VERSION, base);
	unlink(path);
	snprintf(path, sizeof(path), "%s/lib/modules", base);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/lib", base);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/depmod.d", base);
	rmdir(path);
	rmdir(base);
}

static int run_depmod(const char *prog, const char *base, bool verbose)
{
	char conf[PATH_MAX];
	char *argv[] = { (char *)prog, "-b",	       (char *)base,	      "-C",
			 conf,	       DEPMOD_VERSION, verbose ? "-v" : NULL, NULL };
	int status, error;
	pid_t pid;

	snprintf(conf, sizeof(conf), "%s/depmod.d", base);
	error = posix_spawn(&pid, prog, NULL, NULL, argv, environ);
	if (error) {
		fprintf(stderr, "ldm depmod: cannot run %s: %s\n", prog, strerror(error));
		return 1;
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 1;
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return 0;
	fprintf(stderr, "ldm depmod: %s failed\n", prog);
	return 1;
}

static void help(FILE *out)
{
	fprintf(out, "Usage: ldm depmod [-v] [DIR]\n\n"
		     "Make DIR (default: $LDM_MODULES), a directory of ldm modules, a modules\n"
		     "directory: kmod's depmod writes modules.dep, modules.alias and their\n"
		     "indexes into it, which ldm modinfo, ldm modprobe and ldmd --modules read\n"
		     "through libkmod. modules.order, modules.builtin and\n"
		     "modules.builtin.modinfo are written first where missing.\n\n"
		     "  -v, --verbose   what depmod -v says\n"
		     "  -h, --help      show this text\n");
}

static int depmod_run(int argc, char *argv[])
{
	char dir[PATH_MAX], base[64];
	const char *arg, *prog;
	struct tool_opts o;
	struct stat st;
	int status;

	status = tool_parse_options(argc, argv, TOOL_OPT_VERBOSE, help, &o);
	if (status >= 0)
		return status;
	if (argc - optind > 1) {
		help(stderr);
		return 2;
	}
	arg = optind < argc ? argv[optind] : getenv("LDM_MODULES");
	if (!arg || !*arg) {
		fprintf(stderr, "ldm depmod: which directory? Name it, or set LDM_MODULES\n");
		return 2;
	}
	if (stat(arg, &st) || !realpath(arg, dir)) {
		fprintf(stderr, "ldm depmod: %s: %s\n", arg, strerror(errno));
		return 1;
	}
	if (!S_ISDIR(st.st_mode)) {
		fprintf(stderr, "ldm depmod: %s: not a directory\n", arg);
		return 1;
	}
	prog = depmod_program();
	if (!prog) {
		fprintf(stderr, "ldm depmod: kmod's depmod is not installed (Debian package "
				"kmod)\n");
		return 1;
	}
	if (write_kbuild_files(dir))
		return 1;
	if (make_base(base, dir)) {
		fprintf(stderr, "ldm depmod: cannot make a scratch directory: %s\n",
			strerror(errno));
		remove_base(base);
		return 1;
	}
	status = run_depmod(prog, base, o.verbose);
	remove_base(base);
	return status;
}

const struct ldm_verb ldm_verb_depmod = {
	.name = "depmod",
	.run = depmod_run,
	.help = "make a directory of modules a modules directory, with kmod's depmod",
};
