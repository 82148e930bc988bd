// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-pci-exec.c - Debian's pciutils and udevadm, unmodified, under ldm
 * exec against an ldmd booted on boards/pci.dts with khw_pci.ko (bound to
 * 00:03.0, so that lspci -k has a driver to show): lspci, lspci -n, -vv
 * and -k list the board's functions (golden files), setpci reads config
 * space and sizes a BAR through it, and udevadm info shows a function's
 * PCI_ID, PCI_CLASS and MODALIAS. With 2.6.9's i8xx_tco.c built unchanged
 * (when $LDM_LINUX_2_6_9 names a tree), wdctl reads and sets the TCO timer
 * of the LPC bridge's model; with wdt_pci.c, the PCI-WDT501 card's.
 */
#include <signal.h>

#include "ldmd-util.h"
#include "../hw/linux269.h"

#define LDM LDM_BUILD_DIR "/tools/ldm/ldm"

static void pci_up_with(struct ldmd *d, const char *ko)
{
	need_fuse();
	need_namespaces();
	if (!in_path("dtc"))
		ldm_test_skip("dtc is not installed (Debian package device-tree-compiler)");
	if (!in_path("lspci") || !in_path("setpci"))
		ldm_test_skip("lspci is not installed (Debian package pciutils)");
	make_root(d);
	d->pid =
		spawn_ldmd(d, true,
			   (const char *[]){ "--board", LDM_SOURCE_DIR "/boards/pci.dts",
					     LDM_BUILD_DIR "/tests/modules/khw_pci.ko", ko, NULL });
	wait_ready(d);
}

static void pci_up(struct ldmd *d)
{
	pci_up_with(d, NULL);
}

static void pci_down(struct ldmd *d)
{
	ldmd_stop(d, SIGTERM);
	remove_root(d);
}

DEFINE_TEST(test_pci_exec_lspci_golden,
	    .description = "lspci, lspci -n, lspci -vv and lspci -k under ldm exec list the "
			   "functions of boards/pci.dts as on a machine (golden)",
	    .no_runtime = true)
{
	static const struct {
		const char *cmd, *golden;
	} runs[] = {
		{ "lspci", "lspci.out" },
		{ "lspci -n", "lspci-n.out" },
		{ "lspci -vv", "lspci-vv.out" },
		/* lspci -k says on stderr that it finds no modules.dep of the host's */
		{ "sh -c 'lspci -k 2>/dev/null'", "lspci-k.out" },
	};
	struct ldmd d;
	unsigned int i;
	char *out;

	pci_up(&d);
	for (i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		exec_ok(&d, runs[i].cmd, &out);
		ldm_test_golden(runs[i].golden, out, d.root);
		free(out);
	}
	pci_down(&d);
}

DEFINE_TEST(test_pci_exec_setpci,
	    .description = "setpci under ldm exec reads the ids, sizes BAR 0 by writing all "
			   "ones, writes the command register, and cannot change the vendor id",
	    .no_runtime = true)
{
	struct ldmd d;
	char *out;

	pci_up(&d);
	exec_ok(&d, "setpci -s 00:02.0 VENDOR_ID DEVICE_ID CLASS_DEVICE", &out);
	ASSERT_STREQ(out, "10ec\n8139\n0200\n");
	free(out);
	exec_ok(&d, "setpci -s 00:02.0 BASE_ADDRESS_0=ffffffff", &out);
	free(out);
	exec_ok(&d, "setpci -s 00:02.0 BASE_ADDRESS_0 BASE_ADDRESS_1", &out);
	ASSERT_STREQ(out, "fffff000\n0000c001\n");
	free(out);
	exec_ok(&d, "setpci -s 00:02.0 BASE_ADDRESS_0=febf0000 COMMAND=0007 VENDOR_ID=1234", &out);
	free(out);
	exec_ok(&d, "setpci -s 00:02.0 BASE_ADDRESS_0 COMMAND VENDOR_ID", &out);
	ASSERT_STREQ(out, "febf0000\n0007\n10ec\n");
	free(out);
	exec_ok(&d, "setpci -s 00:07.3 90.l", &out);
	ASSERT_STREQ(out, "00005001\n");
	free(out);
	pci_down(&d);
}

DEFINE_TEST(test_pci_exec_udevadm_info,
	    .description = "udevadm info under ldm exec shows a function's PCI_ID, PCI_CLASS, "
			   "PCI_SUBSYS_ID, PCI_SLOT_NAME and MODALIAS",
	    .no_runtime = true)
{
	struct ldmd d;
	char *out;

	if (!in_path("udevadm"))
		ldm_test_skip("udevadm is not installed (Debian's package udev)");
	pci_up(&d);
	exec_ok(&d, "udevadm info /sys/bus/pci/devices/0000:00:02.0", &out);
	ASSERT(strstr(out, "E: SUBSYSTEM=pci\n"));
	ASSERT(strstr(out, "E: PCI_ID=10EC:8139\n"));
	ASSERT(strstr(out, "E: PCI_CLASS=20000\n"));
	ASSERT(strstr(out, "E: PCI_SUBSYS_ID=1AF4:1100\n"));
	ASSERT(strstr(out, "E: PCI_SLOT_NAME=0000:00:02.0\n"));
	ASSERT(strstr(out, "E: MODALIAS=pci:v000010ECd00008139sv00001AF4sd00001100bc02sc00i00\n"));
	free(out);
	pci_down(&d);
}

DEFINE_TEST(test_pci_exec_wdctl_on_the_tco_timer,
	    .description = "2.6.9's i8xx_tco.c, unchanged, finds the 82801AA LPC bridge of "
			   "boards/pci.dts and its TCO timer model; wdctl under ldm exec names "
			   "it with its 30-s heartbeat, and wdctl -s 10 sets the model's count "
			   "to 16 ticks of 0.6 s; its magic close leaves the timer halted",
	    .no_runtime = true)
{
	struct ldmd d;
	char ko[256], *out;

	if (!in_path("wdctl"))
		ldm_test_skip("wdctl is not installed (Debian package util-linux)");
	linux269_build("char/watchdog/i8xx_tco", ko, sizeof(ko));
	pci_up_with(&d, ko);
	exec_ok(&d, "wdctl", &out);
	ASSERT(strstr(out, "Identity:      i8xx TCO timer [version 0]\n"));
	ASSERT(strstr(out, "Timeout:       30 seconds\n"));
	free(out);
	exec_ok(&d, "wdctl -s 10", &out);
	free(out);
	ASSERT_EQ(ldm_run_verb(&d, "hw read tco@460 3", &out), 0);
	ASSERT_STREQ(out, "0x10\n");
	free(out);
	ASSERT_EQ(ldm_run_verb(&d, "hw read tco@460 0", &out), 0);
	ASSERT_STREQ(out, "0x00\n");
	free(out);
	pci_down(&d);
	linux269_clean(ko);
}

DEFINE_TEST(test_pci_exec_wdctl_on_the_pci_wdt501,
	    .description = "2.6.9's wdt_pci.c, unchanged, binds to the PCI-WDT501 function "
			   "00:04.0 of boards/pci.dts (lspci -k names it) and drives the card "
			   "model behind its BAR 2; wdctl under ldm exec names the card with its "
			   "60-s heartbeat, wdctl -s 10 makes it 10 s, and its magic close "
			   "disables the card",
	    .no_runtime = true)
{
	struct ldmd d;
	char ko[256], *out;

	if (!in_path("wdctl"))
		ldm_test_skip("wdctl is not installed (Debian package util-linux)");
	linux269_build("char/watchdog/wdt_pci", ko, sizeof(ko));
	pci_up_with(&d, ko);
	exec_ok(&d, "lspci -k -s 00:04.0", &out);
	ASSERT_CONTAINS(out,
			"PCI-WDG-CSM Watchdog Card (rev 01)\n\tKernel driver in use: wdt_pci\n");
	free(out);
	exec_ok(&d, "wdctl", &out);
	ASSERT_CONTAINS(out, "Identity:      PCI-WDT500/501 [version 1]\n");
	ASSERT_CONTAINS(out, "Timeout:       60 seconds\n");
	free(out);
	exec_ok(&d, "wdctl -s 10", &out);
	free(out);
	ASSERT_EQ(ldm_run_verb(&d, "hw read wdt501@2 3", &out), 0);
	ASSERT_STREQ(out, "0x2710\n");
	free(out);
	ASSERT_EQ(ldm_run_verb(&d, "hw read wdt501@2 0", &out), 0);
	ASSERT_STREQ(out, "0x00\n");
	free(out);
	pci_down(&d);
	linux269_clean(ko);
}

DEFINE_TEST(test_pci_hotplug_autoloads_its_driver,
	    .description = "ldm device remove 0000:00:03.0 takes the function out (khw_pci's "
			   "remove runs first); after rmmod, ldm device add puts it back, and "
			   "ldmd --modules loads khw_pci by its pci: alias, which binds (lspci -k "
			   "names it); adding it twice, or a function the board has not, fails "
			   "saying why",
	    .no_runtime = true)
{
	char dir[600], cmd[2048], *out;
	struct ldmd d;

	need_fuse();
	need_namespaces();
	if (!in_path("dtc") || !in_path("lspci"))
		ldm_test_skip("dtc or lspci is not installed (device-tree-compiler, pciutils)");
	make_root(&d);
	snprintf(dir, sizeof(dir), "%s/modules", d.root);
	snprintf(cmd, sizeof(cmd), "mkdir %s && cp %s/tests/modules/khw_pci.ko %s/ && %s depmod %s",
		 dir, LDM_BUILD_DIR, dir, LDM, dir);
	ASSERT_EQ(system(cmd), 0);
	d.pid = spawn_ldmd(&d, true,
			   (const char *[]){ "--board", LDM_SOURCE_DIR "/boards/pci.dts",
					     "--modules", dir, NULL });
	wait_ready(&d);
	wait_for_file(&d, SYS(&d, "/bus/pci/devices/0000:00:03.0/driver"));

	ASSERT_EQ(ldm_run_verb(&d, "device remove 0000:00:03.0", &out), 0);
	free(out);
	ASSERT(access(SYS(&d, "/bus/pci/devices/0000:00:03.0"), F_OK));
	ASSERT_STREQ(cat(SYS(&d, "/module/khw_pci/parameters/removed")), "1\n");
	ASSERT_EQ(ldm_run_verb(&d, "rmmod khw_pci", &out), 0);
	free(out);

	ASSERT_EQ(ldm_run_verb(&d, "device add 0000:00:03.0", &out), 0);
	ASSERT_STREQ(out, "0000:00:03.0\n");
	free(out);
	wait_for_file(&d, SYS(&d, "/bus/pci/devices/0000:00:03.0/driver"));
	ASSERT_STREQ(cat(SYS(&d, "/module/khw_pci/parameters/probed")), "1\n");
	exec_ok(&d, "sh -c 'lspci -k -s 03.0 2>/dev/null'", &out);
	ASSERT(strstr(out, "Kernel driver in use: khw_pci\n"));
	free(out);

	ASSERT_EQ(ldm_run_verb(&d, "device add 0000:00:03.0", &out), 1);
	ASSERT(strstr(out, "PCI function 0000:00:03.0 is in its slot already"));
	free(out);
	ASSERT_EQ(ldm_run_verb(&d, "device add 0000:00:09.0", &out), 1);
	ASSERT(strstr(out, "the board has no PCI function 0000:00:09.0"));
	free(out);
	ASSERT_EQ(ldm_run_verb(&d, "device remove 0000:00:09.0", &out), 1);
	ASSERT(strstr(out, "no PCI function 0000:00:09.0 is in its slot"));
	free(out);
	ldmd_stop(&d, SIGTERM);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ASSERT_EQ(system(cmd), 0);
	remove_root(&d);
}
