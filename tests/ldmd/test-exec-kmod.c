// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-exec-kmod.c - kmod, whole, under ldm exec: /lib/modules/$(uname -r)
 * is ldmd's modules directory, so kmod's modinfo NAME, modprobe
 * --show-depends and modprobe find ldm's modules; the module calls of
 * modprobe, insmod and rmmod (finit_module, init_module, delete_module)
 * reach ldmd through the preload library, with its license rule and its
 * errors, which kmod reports as on a machine.
 */
#include <signal.h>
#include <sys/stat.h>

#include "ldmd-util.h"

#define LDM LDM_BUILD_DIR "/tools/ldm/ldm"

struct kmod_env {
	struct ldmd d;
	char mods[300];
};

static void kmod_up(struct kmod_env *k)
{
	char cmd[1024];

	need_fuse();
	need_namespaces();
	if (!in_path("modprobe") || !in_path("modinfo") || !in_path("insmod"))
		ldm_test_skip("kmod's tools are not installed (Debian's package kmod)");
	make_root(&k->d);
	snprintf(k->mods, sizeof(k->mods), "%s/modules", k->d.root);
	snprintf(cmd, sizeof(cmd), "mkdir %s && cp %s/modules/*.ko %s/ && %s depmod %s", k->mods,
		 LDM_BUILD_DIR, k->mods, LDM, k->mods);
	ASSERT_EQ(system(cmd), 0);
	k->d.pid = spawn_ldmd(&k->d, true, (const char *[]){ "--modules", k->mods, NULL });
	wait_ready(&k->d);
}

static void kmod_down(struct kmod_env *k)
{
	char cmd[400];

	ldmd_stop(&k->d, SIGTERM);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", k->mods);
	ASSERT_EQ(system(cmd), 0);
	remove_root(&k->d);
}

/* What `ldm lsmod` prints of ldmd. */
static char *ldm_lsmod(const struct ldmd *d)
{
	char cmd[400], *out;

	snprintf(cmd, sizeof(cmd), LDM " --root %s lsmod", d->root);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	return out;
}

DEFINE_TEST(
	test_exec_kmod_finds_ldmds_modules,
	.description =
		"under ldm exec /lib/modules/$(uname -r) is ldmd's --modules directory: kmod's modinfo widget reads ldm's widget.ko there, and modprobe --show-depends gpl_user lists gpl_lib first",
	.no_runtime = true)
{
	struct kmod_env k;
	char *out;

	kmod_up(&k);
	exec_ok(&k.d,
		"sh -c 'modinfo -F license widget; modinfo -n widget; "
		"modprobe --show-depends gpl_user'",
		&out);
	if (!strstr(out, "GPL\n/lib/modules/") ||
	    !strstr(out, "/widget.ko\ninsmod /lib/modules/") ||
	    !strstr(out, "/gpl_lib.ko \ninsmod /lib/modules/") || !strstr(out, "/gpl_user.ko \n"))
		FAIL("kmod did not find ldm's modules:\n%s", out);
	free(out);
	kmod_down(&k);
}

DEFINE_TEST(
	test_exec_kmod_modprobe_and_rmmod_reach_ldmd,
	.description =
		"kmod's modprobe widget under ldm exec loads widget.ko into ldmd (ldm lsmod lists it), and kmod's rmmod widget unloads it; nothing reaches the machine's kernel",
	.no_runtime = true)
{
	struct kmod_env k;
	char *out;

	kmod_up(&k);
	exec_ok(&k.d, "modprobe widget", &out);
	free(out);
	out = ldm_lsmod(&k.d);
	ASSERT(strstr(out, "\nwidget "));
	free(out);
	ASSERT(access("/sys/module/widget", F_OK)); /* not the machine's */
	exec_ok(&k.d,
		"sh -c 'lsmod | grep -c ^widget; rmmod widget; lsmod | grep -c ^widget; true'",
		&out);
	ASSERT_STREQ(out, "1\n0\n");
	free(out);
	out = ldm_lsmod(&k.d);
	ASSERT(!strstr(out, "\nwidget "));
	free(out);
	kmod_down(&k);
}

DEFINE_TEST(
	test_exec_kmod_errors_as_on_a_machine,
	.description =
		"kmod's insmod under ldm exec: a file that is not a module gets 'Invalid module format'; a proprietary module that uses GPL-only symbols is refused by ldmd's license rule ('Unknown symbol in module'), ldm dmesg naming the symbols; a module loaded twice gets 'File exists'",
	.no_runtime = true)
{
	char cmd[2400], *out;
	struct kmod_env k;

	kmod_up(&k);
	snprintf(cmd, sizeof(cmd),
		 "sh -c 'echo this is not a module >%s/junk.ko; insmod %s/junk.ko; "
		 "insmod %s/prop_core.ko; insmod %s/hello.ko; insmod %s/hello.ko; true'",
		 k.d.root, k.d.root, k.mods, k.mods, k.mods);
	exec_ok(&k.d, cmd, &out);
	if (!strstr(out, "/junk.ko: Invalid module format\n") ||
	    !strstr(out, "/prop_core.ko: Unknown symbol in module\n") ||
	    !strstr(out, "/hello.ko: File exists\n"))
		FAIL("kmod's errors are not a kernel's:\n%s", out);
	free(out);
	snprintf(cmd, sizeof(cmd), "rm %s/junk.ko", k.d.root);
	ASSERT_EQ(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), LDM " --root %s dmesg", k.d.root);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	ASSERT(strstr(out, "prop_core: symbol device_register is GPL-only"));
	free(out);
	kmod_down(&k);
}
