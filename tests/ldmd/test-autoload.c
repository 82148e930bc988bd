// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-autoload.c - ldmd --modules with a driver whose init never returns:
 * as udev runs each event's modprobe on its own, that one stuck init holds
 * up no other device's driver, and SIGTERM still stops ldmd, which leaves
 * the stuck load behind and says so (docs/ldmd.md, "Autoload").
 */
#include <signal.h>
#include <sys/wait.h>

#include "ldmd-util.h"

#define LDM  LDM_BUILD_DIR "/tools/ldm/ldm"
#define MODS LDM_BUILD_DIR "/modules"

/* DIR/modules: widget and the stuck driver, made a modules directory by ldm depmod. */
static void make_modules_dir(struct ldmd *d, char *dir, size_t size)
{
	char cmd[2048];

	snprintf(dir, size, "%s/modules", d->root);
	snprintf(cmd, sizeof(cmd), "mkdir %s && cp %s/widget.ko %s %s/ && %s depmod %s", dir, MODS,
		 LDMD_STUCK_MODULE, dir, LDM, dir);
	ASSERT_EQ(system(cmd), 0);
}

/* Run `ldm --root ROOT CMD`; it must succeed. */
static void ldm_ok(const struct ldmd *d, const char *cmd)
{
	char full[1024], *out;

	snprintf(full, sizeof(full), "%s --root %s %s 2>&1", LDM, d->root, cmd);
	if (ldm_test_run(full, &out))
		FAIL("%s failed: %s", full, out);
	free(out);
}

/* Poll DIR/proc/modules (the harness's alarm bounds it) until @name is listed. */
static void wait_module_listed(const struct ldmd *d, const char *name)
{
	const char *mods;

	for (;;) {
		mods = cat(PROC(d, "/modules"));
		if (mods && strstr(mods, name))
			return;
		usleep(20 * 1000);
	}
}

DEFINE_TEST(
	test_ldmd_autoload_goes_on_past_a_stuck_init,
	.description =
		"ldmd --modules: a hotplugged device whose driver's init never returns does not keep a later device from getting its driver, and SIGTERM still stops ldmd, which names the load it left behind",
	.no_runtime = true, .concurrency = true)
{
	const char *args[] = { "--modules", NULL, NULL };
	char dir[512], cmd[600], *log;
	struct ldmd d;

	need_fuse();
	make_root(&d);
	make_modules_dir(&d, dir, sizeof(dir));
	args[1] = dir;
	d.pid = spawn_ldmd(&d, true, args);
	wait_ready(&d);

	ldm_ok(&d, "device add stuck --id 1");
	/* Its load has begun, and its init will not return. */
	wait_module_listed(&d, "stuckinit");
	ldm_ok(&d, "device add widget --id 7");
	wait_for_file(&d, SYS(&d, "/devices/platform/widget7/driver"));
	ASSERT(access(SYS(&d, "/devices/platform/stuck1/driver"), F_OK));

	ldmd_stop(&d, SIGTERM);
	log = read_file(d.log);
	if (!strstr(log, "ldmd: autoload: platform:stuck: the driver's init has not returned; "
			 "its load is left behind\n"))
		FAIL("no word of the load left behind; ldmd's log:\n%s", log);
	free(log);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ASSERT_EQ(system(cmd), 0);
	remove_root(&d);
}
