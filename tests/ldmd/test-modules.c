// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-modules.c - ldmd --modules DIR: ldm modprobe loads by name or alias
 * with the dependencies first and -r unloads what is left unused, the
 * board's devices get their drivers at boot (coldplug) and a hotplugged one
 * without anyone loading it, and request_module() of a driver is answered;
 * each through libkmod over a directory ldm depmod (kmod's depmod) wrote.
 */
#include <signal.h>
#include <sys/wait.h>

#include "ldmd-util.h"

#define LDM  LDM_BUILD_DIR "/tools/ldm/ldm"
#define MODS LDM_BUILD_DIR "/modules"

/* DIR/modules: the example modules, made a modules directory by ldm depmod. */
static void make_modules_dir(struct ldmd *d, char *dir, size_t size)
{
	char cmd[1024];

	snprintf(dir, size, "%s/modules", d->root);
	snprintf(cmd, sizeof(cmd),
		 "mkdir %s && cp %s/*.ko %s/tests/modules/ldt_request.ko %s/ && %s depmod %s", dir,
		 MODS, LDM_BUILD_DIR, dir, LDM, dir);
	ASSERT_EQ(system(cmd), 0);
}

static void remove_modules_dir(const char *dir)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ASSERT_EQ(system(cmd), 0);
}

/* make_root(), the modules directory, then ldmd --modules with @args. */
static void ldmd_with_modules(struct ldmd *d, char *dir, size_t size, const char *board)
{
	const char *args[] = { "--modules", dir, board ? "--board" : NULL, board, NULL };

	make_root(d);
	make_modules_dir(d, dir, size);
	d->pid = spawn_ldmd(d, true, args);
	wait_ready(d);
}

/* Run `ldm --root ROOT CMD` with stderr in stdout; its status, output in *@out. */
static int ldm(const struct ldmd *d, const char *cmd, char **out)
{
	char full[2048];

	snprintf(full, sizeof(full), "%s --root %s %s 2>&1", LDM, d->root, cmd);
	return ldm_test_run(full, out);
}

static void finish(struct ldmd *d, const char *dir)
{
	ldmd_stop(d, SIGTERM);
	remove_modules_dir(dir);
	remove_root(d);
}

DEFINE_TEST(
	test_ldmd_modprobe_loads_dependencies_first,
	.description =
		"ldm modprobe gpl_user loads gpl_lib first, an alias loads its module, -r unloads gpl_user and then gpl_lib, a name no module has is FATAL: the output golden",
	.no_runtime = true)
{
	char dir[512], *out, *all = NULL;
	struct ldmd d;
	size_t len = 0;
	FILE *f;

	need_fuse();
	ldmd_with_modules(&d, dir, sizeof(dir), NULL);
	f = open_memstream(&all, &len);
	ASSERT(f);
	static const char *const cmds[] = {
		"modprobe -v gpl_user",
		"lsmod",
		"modprobe -v gpl_user",
		"modprobe -v platform:gizmo",
		"modprobe -v 'of:NsensorT(null)Cldm,demo-sensor'",
		"modprobe -r -v gpl_user",
		"modprobe -r gpl_user",
		"modprobe nosuch",
		"modprobe -m /nonexistent hello",
		"lsmod",
	};
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		int status = ldm(&d, cmds[i], &out);

		fprintf(f, "$ ldm %s\n%s[exit %d]\n", cmds[i], out, status);
		free(out);
	}
	fclose(f);
	ldm_test_golden("modprobe.out", all, d.root);
	free(all);
	finish(&d, dir);
}

/* Wait (bounded) until @path exists below DIR/sys. */
static void wait_sys(struct ldmd *d, const char *rel)
{
	struct timespec deadline, pause = { .tv_sec = 0, .tv_nsec = 20 * 1000 * 1000 };

	deadline_in(&deadline, WAIT_SECONDS);
	while (access(SYS(d, rel), F_OK)) {
		if (ms_left(&deadline) < 0)
			FAIL("%s never appeared; ldmd's log:\n%s", rel, read_file(d->log));
		nanosleep(&pause, NULL);
	}
}

DEFINE_TEST(
	test_ldmd_autoloads_the_drivers_of_devices,
	.description =
		"ldmd --modules --board demo.dts: the sensor's driver is loaded by its MODALIAS before ldmd is ready (coldplug), and a widget hotplugged later gets its driver without anyone loading it",
	.no_runtime = true)
{
	char dir[512], link[256], *out;
	struct ldmd d;
	ssize_t n;

	need_fuse();
	if (!in_path("dtc"))
		ldm_test_skip("dtc is not installed (Debian package device-tree-compiler)");
	ldmd_with_modules(&d, dir, sizeof(dir), LDM_SOURCE_DIR "/boards/demo.dts");
	n = readlink(SYS(&d, "/devices/platform/soc/10001000.sensor/driver"), link,
		     sizeof(link) - 1);
	ASSERT(n > 0);
	link[n] = '\0';
	ASSERT_STREQ(link, "../../../../bus/platform/drivers/demo_sensor");
	ASSERT(access(SYS(&d, "/module/widget"), F_OK));

	ASSERT_EQ(ldm(&d, "device add widget --id 7", &out), 0);
	free(out);
	wait_sys(&d, "/devices/platform/widget7/driver");
	ASSERT(!access(SYS(&d, "/module/widget/drivers/platform:widget"), F_OK));
	ASSERT_STREQ(cat(SYS(&d, "/devices/platform/widget7/kind")), "widget\n");
	ASSERT_EQ(ldm(&d, "dmesg", &out), 0);
	ASSERT(strstr(out, "widget widget7: bound, a widget\n"));
	free(out);
	finish(&d, dir);
}

DEFINE_TEST(
	test_ldmd_answers_request_module,
	.description =
		"a module whose init calls request_module(\"platform:widget\") has ldmd --modules load widget before its init returns",
	.no_runtime = true)
{
	char dir[512], cmd[768], *out;
	struct ldmd d;

	need_fuse();
	ldmd_with_modules(&d, dir, sizeof(dir), NULL);
	snprintf(cmd, sizeof(cmd), "insmod %s/ldt_request.ko want=platform:widget", dir);
	ASSERT_EQ(ldm(&d, cmd, &out), 0);
	free(out);
	ASSERT_STREQ(cat(SYS(&d, "/module/ldt_request/parameters/result")), "0\n");
	ASSERT(!access(SYS(&d, "/module/widget"), F_OK));
	finish(&d, dir);
}

DEFINE_TEST(
	test_ldmd_refuses_a_modules_directory_that_is_not_one,
	.description = "ldmd --modules on a missing directory exits 1 saying so, mounting nothing",
	.no_runtime = true)
{
	const char *args[] = { "--modules", "/nonexistent/modules", NULL };
	struct ldmd d;
	char *log;
	int status;

	need_fuse();
	make_root(&d);
	d.pid = spawn_ldmd(&d, true, args);
	ASSERT_EQ(waitpid(d.pid, &status, 0), d.pid);
	ASSERT(WIFEXITED(status));
	ASSERT_EQ(WEXITSTATUS(status), 1);
	log = read_file(d.log);
	ASSERT(strstr(log, "ldmd: --modules /nonexistent/modules: not a directory\n"));
	free(log);
	close(d.out);
	remove_root(&d);
}
