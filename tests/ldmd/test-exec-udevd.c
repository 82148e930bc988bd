// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-exec-udevd.c - the machine's real systemd-udevd under
 * `ldm exec --udevd RULES`: it hears ldmd's events and applies the rules
 * of RULES (SYMLINK+=, ENV, RUN), with its database and links under
 * ldmd's DIR (test-dev-links.c), never the machine's; a rules file with a
 * syntax error is reported by udevd and ldmd stays up; a RUN program that
 * hangs blocks neither ldmd's delivery of events nor udevd's other events.
 */
#include <sys/stat.h>

#include "ldmd-util.h"

#define LDM	     LDM_BUILD_DIR "/tools/ldm/ldm"
#define PROP_MISC_KO LDM_BUILD_DIR "/modules/prop_misc.ko"
#define UDEVD	     "/lib/systemd/systemd-udevd"

static const char rules[] =
	"SUBSYSTEM==\"misc\", KERNEL==\"prop_misc\", SYMLINK+=\"ldm/prop-link\", "
	"ENV{LDM_RULE}=\"applied\", "
	"RUN+=\"/bin/sh -c 'echo $env{DEVNAME} $env{LDM_RULE} >/run/udev/ldm-run.out'\"\n"
	"SUBSYSTEM==\"platform\", KERNEL==\"widget*\", ACTION==\"add\", "
	"RUN+=\"/bin/sh -c 'read x </run/udev/ldm-block'\"\n";

/*
 * ldmd sends an event after the write to /sys that caused it has returned
 * (a kernel's is queued at udevd before the write returns), so `udevadm
 * settle` right after the write may find udevd's queue still empty: wait
 * (bounded) for the rule's RUN to have run, then settle.
 */
#define WAIT_RUN \
	"i=0; until [ -e /run/udev/ldm-run.out ]; do sleep 0.05; i=$((i+1)); " \
	"[ $i -lt 600 ] || exit 8; done; "

/* Write @text to DIR/@name. */
static void write_rules(const struct ldmd *d, const char *name, const char *text)
{
	char path[600];
	FILE *f;

	snprintf(path, sizeof(path), "%s/rules/%s", d->root, name);
	f = fopen(path, "w");
	ASSERT(f);
	fputs(text, f);
	ASSERT_OK(fclose(f));
}

static void udevd_up(struct ldmd *d)
{
	char dir[600];

	need_fuse();
	need_namespaces();
	if (access(UDEVD, X_OK) || !in_path("udevadm"))
		ldm_test_skip(UDEVD " or udevadm is not installed (Debian's package udev)");
	ldmd_up(d, (const char *[]){ PROP_MISC_KO, NULL });
	snprintf(dir, sizeof(dir), "%s/rules", d->root);
	ASSERT_OK(mkdir(dir, 0755));
	write_rules(d, "90-ldm-test.rules", rules);
}

static void udevd_down(struct ldmd *d)
{
	char cmd[700];

	snprintf(cmd, sizeof(cmd), "rm -rf %s/rules", d->root);
	ASSERT_EQ(system(cmd), 0);
	ldmd_down(d);
}

/* `ldm exec --udevd DIR/rules -- @script`, its output in @out; its exit status. */
static int exec_udevd(const struct ldmd *d, const char *script, char **out)
{
	char cmd[4096];

	snprintf(cmd, sizeof(cmd),
		 "ASAN_OPTIONS=${ASAN_OPTIONS:-}:verify_asan_link_order=0 LDM_PRELOAD=%s %s "
		 "--root %s exec --udevd %s/rules -- %s 2>&1",
		 LDM_PRELOAD_BUILD, LDM, d->root, d->root, script);
	return ldm_test_run(cmd, out);
}

DEFINE_TEST(
	test_exec_udevd_applies_rules_to_ldmd_events,
	.description =
		"systemd-udevd under ldm exec --udevd hears ldmd's add event of a misc device and applies the rules given: the SYMLINK+= link in /dev, ENV in its database (udevadm info), RUN run with the event's properties; udevadm settle waits for it; the machine's /run/udev and /dev are untouched",
	.no_runtime = true)
{
	struct stat before, after;
	struct ldmd d;
	char *out;

	udevd_up(&d);
	ASSERT_OK(stat("/run/udev", &before));
	ASSERT_EQ(exec_udevd(&d,
			     "sh -c 'echo add >/sys/class/misc/prop_misc/uevent; " WAIT_RUN
			     "udevadm settle -t 60 || exit 9; readlink /dev/ldm/prop-link; "
			     "udevadm info -q property -p /class/misc/prop_misc | grep ^LDM_RULE=; "
			     "cat /run/udev/ldm-run.out; ls /run/udev/data'",
			     &out),
		  0);
	if (!strstr(out, "../prop_misc\n") || !strstr(out, "LDM_RULE=applied\n") ||
	    !strstr(out, "/dev/prop_misc applied\n") || !strstr(out, "c10:"))
		FAIL("udevd did not apply the rules to ldmd's event:\n%s", out);
	free(out);
	/* Nothing of it reached the machine. */
	ASSERT(access("/dev/ldm/prop-link", F_OK));
	ASSERT(access("/run/udev/ldm-run.out", F_OK));
	ASSERT_OK(stat("/run/udev", &after));
	ASSERT_EQ(before.st_ino, after.st_ino);
	udevd_down(&d);
}

DEFINE_TEST(
	test_exec_udevd_reports_bad_rules_and_ldmd_stays,
	.description =
		"a rules file with a syntax error given to udevd under ldm exec --udevd is reported by udevd, naming the file and line, the good rules still apply, and ldmd stays up",
	.no_runtime = true)
{
	struct ldmd d;
	char *out;

	udevd_up(&d);
	write_rules(&d, "10-broken.rules", "this is not a rule\n");
	char cmd[600];

	ASSERT_EQ(exec_udevd(&d,
			     "sh -c 'echo add >/sys/class/misc/prop_misc/uevent; " WAIT_RUN
			     "udevadm settle -t 60 || exit 9; readlink /dev/ldm/prop-link'",
			     &out),
		  0);
	if (!strstr(out, "10-broken.rules:1") || !strstr(out, "../prop_misc\n"))
		FAIL("no report of the broken rules, or no good rule applied:\n%s", out);
	free(out);
	snprintf(cmd, sizeof(cmd), LDM " --root %s lsmod", d.root);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0); /* ldmd is up and answers */
	ASSERT(strstr(out, "prop_misc"));
	free(out);
	udevd_down(&d);
}

DEFINE_TEST(
	test_exec_udevd_hung_run_blocks_nothing,
	.description =
		"a RUN program of udevd's that hangs (on a widget's add) under ldm exec --udevd blocks neither ldmd, whose next event still reaches udevd, nor udevd's other devices: the misc device's link still appears",
	.no_runtime = true)
{
	struct ldmd d;
	char *out;

	udevd_up(&d);
	ASSERT_EQ(exec_udevd(&d,
			     "sh -c 'mkfifo /run/udev/ldm-block; " LDM
			     " device add widget --id 4 >/dev/null || exit 8; "
			     "echo add >/sys/class/misc/prop_misc/uevent; i=0; "
			     "until [ -L /dev/ldm/prop-link ]; do sleep 0.05; i=$((i+1)); "
			     "[ $i -lt 600 ] || exit 9; done; " LDM " lsmod >/dev/null || exit 7; "
			     "echo link; echo go >/run/udev/ldm-block'",
			     &out),
		  0);
	ASSERT(strstr(out, "link\n"));
	free(out);
	udevd_down(&d);
}
