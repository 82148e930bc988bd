// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-golden-ldmd.c - the real output of every ldm verb that talks to
 * ldmd, byte for byte against tests/golden/ (make update-golden rewrites
 * them after a change that is meant): ldmd on the demo board with the
 * example modules, then lsmod, tree, insmod, rmmod, device, monitor,
 * suspend, resume, dmesg and shutdown, each as text and, where it has it,
 * as JSON.
 */
#include <signal.h>
#include <sys/wait.h>

#include "ldmd-util.h"

#define MODS LDM_BUILD_DIR "/modules/"

struct golden_run {
	struct ldmd d;
	char monitor[2][300]; /* what each monitor printed */
	pid_t monitor_pid[2];
};

/* Run @cmd as ldm's user would (LDM_ROOT set, stderr with stdout); golden. */
static void golden_verb(struct golden_run *g, const char *golden, const char *cmd)
{
	char full[2048], *out, *all;
	int status;

	snprintf(full, sizeof(full), "cd %s && export LDM_ROOT=%s && { %s; } 2>&1", LDM_BUILD_DIR,
		 g->d.root, cmd);
	status = ldm_test_run(full, &out);
	ASSERT(asprintf(&all, "$ %s\n%s[exit %d]\n", cmd, out, status) > 0);
	ldm_test_golden(golden, all, g->d.root);
	free(all);
	free(out);
}

/* Start `ldm monitor @opt` in the background, printing to a file. */
static void monitor_start(struct golden_run *g, int i, const char *opt)
{
	char cmd[1024], *out;

	snprintf(g->monitor[i], sizeof(g->monitor[i]), "%s/monitor%d.out", g->d.root, i);
	snprintf(cmd, sizeof(cmd), "%s/tools/ldm/ldm --root %s monitor %s >>%s 2>&1 & echo $!",
		 LDM_BUILD_DIR, g->d.root, opt, g->monitor[i]);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	g->monitor_pid[i] = (pid_t)atoi(out);
	ASSERT(g->monitor_pid[i] > 0);
	free(out);
}

/* Whether each monitor's file holds @what. */
static bool monitors_saw(struct golden_run *g, const char *what)
{
	bool all = true;
	char *text;
	int i;

	for (i = 0; i < 2; i++) {
		text = read_file(g->monitor[i]);
		all = all && strstr(text, what);
		free(text);
	}
	return all;
}

/* Wait (bounded) until each monitor's file holds @what. */
static void monitors_wait(struct golden_run *g, const char *what)
{
	struct timespec deadline, pause = { .tv_sec = 0, .tv_nsec = 20 * 1000 * 1000 };

	deadline_in(&deadline, WAIT_SECONDS);
	while (!monitors_saw(g, what)) {
		if (ms_left(&deadline) < 0)
			FAIL("the monitors never printed '%s'", what);
		nanosleep(&pause, NULL);
	}
}

/* Run an ldm verb whose output does not matter; it must succeed. */
static void quiet_verb(struct golden_run *g, const char *args)
{
	char cmd[1024];

	snprintf(cmd, sizeof(cmd), "%s/tools/ldm/ldm --root %s %s >/dev/null", LDM_BUILD_DIR,
		 g->d.root, args);
	ASSERT_EQ(system(cmd), 0);
}

/* Whether monitor @i printed all of sync@n's remove event, the last of its sync events. */
static bool monitor_saw_sync_end(struct golden_run *g, int i, int n)
{
	char what[128], *text = read_file(g->monitor[i]), *at;
	bool whole;

	if (i)
		snprintf(what, sizeof(what),
			 "\"action\":\"remove\",\"devpath\":\"/devices/platform/sync%d\"", n);
	else
		snprintf(what, sizeof(what), "remove   /devices/platform/sync%d (platform)\n", n);
	at = strstr(text, what);
	/* The end of that event: a blank line after the text's properties, a newline after JSON. */
	whole = at && strstr(at, i ? "}\n" : "\n\n");
	free(text);
	return whole;
}

/*
 * The monitors connect while ldmd serves: a device added and removed that
 * both print tells that they listen and have nothing more to come (each
 * listener gets the events in order), so the hotplug that follows is seen
 * whole by both. Their files are emptied only once both have printed the
 * whole of that device's remove event, so that no end of a sync event
 * comes after.
 */
static void golden_monitor(struct golden_run *g)
{
	struct timespec pause = { .tv_sec = 0, .tv_nsec = 50 * 1000 * 1000 };
	char name[64], *text;
	int i;

	monitor_start(g, 0, "");
	monitor_start(g, 1, "--json");
	for (i = 0;; i++) {
		if (i == WAIT_SECONDS * 10)
			FAIL("the monitors never heard a hotplug");
		quiet_verb(g, (snprintf(name, sizeof(name), "device add sync --id %d", i), name));
		quiet_verb(g, (snprintf(name, sizeof(name), "device remove sync%d", i), name));
		snprintf(name, sizeof(name), "/devices/platform/sync%d", i);
		nanosleep(&pause, NULL);
		if (monitors_saw(g, name))
			break;
	}
	while (!monitor_saw_sync_end(g, 0, i) || !monitor_saw_sync_end(g, 1, i))
		nanosleep(&pause, NULL); /* the harness's alarm bounds it */
	ASSERT_OK(truncate(g->monitor[0], 0));
	ASSERT_OK(truncate(g->monitor[1], 0));
	golden_verb(g, "device-add.out",
		    "tools/ldm/ldm device add widget --id 7 --mem 0x20000000+0x1000 --irq 9");
	golden_verb(g, "device-remove.out", "tools/ldm/ldm device remove widget7");
	monitors_wait(g, "remove");
	for (i = 0; i < 2; i++) {
		kill(g->monitor_pid[i], SIGTERM);
		text = read_file(g->monitor[i]);
		ldm_test_golden(i ? "monitor-json.out" : "monitor.out", text, g->d.root);
		free(text);
	}
}

DEFINE_TEST(
	test_golden_ldmd_verbs,
	.description =
		"ldm's verbs against ldmd on the demo board print exactly what tests/golden/ holds: lsmod, tree, insmod, rmmod, device, monitor, suspend, resume, dmesg, shutdown",
	.no_runtime = true)
{
	static const char *const args[] = {
		"--board",
		LDM_SOURCE_DIR "/boards/demo.dts",
		MODS "demo_sensor.ko",
		MODS "gpl_platform_drv.ko",
		MODS "prop_misc.ko",
		MODS "gpl_lib.ko",
		MODS "gpl_user.ko",
		NULL,
	};
	struct golden_run g = { 0 };

	need_fuse();
	if (!in_path("dtc"))
		ldm_test_skip("dtc is not installed (Debian package device-tree-compiler)");
	ldmd_up(&g.d, args);
	golden_verb(&g, "lsmod.out", "tools/ldm/ldm lsmod");
	golden_verb(&g, "lsmod-json.out", "tools/ldm/ldm lsmod --json");
	golden_verb(&g, "tree.out", "tools/ldm/ldm tree");
	golden_verb(&g, "tree-json.out", "tools/ldm/ldm tree --json");
	golden_verb(&g, "insmod-refused.out", "tools/ldm/ldm insmod modules/prop_core.ko");
	golden_verb(&g, "insmod-fails.out", "tools/ldm/ldm insmod -v modules/init_fails.ko");
	golden_verb(&g, "rmmod-in-use.out", "tools/ldm/ldm rmmod gpl_lib nosuch");
	golden_verb(&g, "device-bad.out",
		    "tools/ldm/ldm device add 'a b'; tools/ldm/ldm device remove nosuch0");
	golden_monitor(&g);
	golden_verb(&g, "suspend.out", "tools/ldm/ldm suspend; tools/ldm/ldm suspend");
	golden_verb(&g, "resume.out", "tools/ldm/ldm resume; tools/ldm/ldm resume");
	golden_verb(&g, "suspend-bad.out", "tools/ldm/ldm suspend hibernate");
	golden_verb(&g, "dmesg.out", "tools/ldm/ldm dmesg");
	golden_verb(&g, "dmesg-level.out", "tools/ldm/ldm dmesg --level 4");
	golden_verb(&g, "dmesg-json.out", "tools/ldm/ldm dmesg --json --level 4");
	golden_verb(&g, "shutdown.out", "tools/ldm/ldm shutdown");
	ASSERT_EQ(ldmd_signal(&g.d, 0), 0);
	unlink(g.monitor[0]);
	unlink(g.monitor[1]);
	remove_root(&g.d);
}
