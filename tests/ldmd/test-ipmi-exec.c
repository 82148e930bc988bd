// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-ipmi-exec.c - Debian's ipmitool, unmodified, under ldm exec against
 * 2.6.9's IPMI stack built unchanged from $LDM_LINUX_2_6_9 (the test skips
 * without it): ipmi_msghandler, ipmi_devintf and ipmi_si on the BMC model
 * of boards/pci.dts (KCS at 0xca2 on the LPC bus, interrupt 5). ipmitool
 * opens /dev/ipmidev/0, the node devfs_mk_cdev() names, and reads the
 * BMC's identity, self test, enables and chassis power through the KCS
 * interface, interrupt-driven.
 */
#include <signal.h>

#include "ldmd-util.h"
#include "../hw/linux269.h"

DEFINE_TEST(test_ipmitool_reads_the_bmc_model,
	    .description = "under ldmd with boards/pci.dts and 2.6.9's ipmi_msghandler, "
			   "ipmi_devintf and ipmi_si (irqs=5), ipmitool under ldm exec finds "
			   "/dev/ipmidev/0 and reads the BMC: mc info (device 32, firmware 1.23, "
			   "IPMI 2.0), mc selftest, mc getenables (the interrupt ipmi_si "
			   "enabled) and chassis status; line 5 counts interrupts",
	    .no_runtime = true)
{
	const char *si_parts[] = { "ipmi_si_intf", "ipmi_kcs_sm", "ipmi_smic_sm", "ipmi_bt_sm",
				   NULL };
	char handler[256], devintf[256], si[256], si_arg[300], *out;
	unsigned long count = 0;
	const char *line;
	struct ldmd d;

	need_fuse();
	need_namespaces();
	if (!in_path("ipmitool"))
		ldm_test_skip("ipmitool is not installed (Debian package ipmitool)");
	linux269_build("char/ipmi/ipmi_msghandler", handler, sizeof(handler));
	linux269_build("char/ipmi/ipmi_devintf", devintf, sizeof(devintf));
	linux269_build_objs("char/ipmi", "ipmi_si", si_parts, si, sizeof(si));
	snprintf(si_arg, sizeof(si_arg), "%s=irqs=5", si);
	ldmd_up(&d, (const char *[]){ "--board", LDM_SOURCE_DIR "/boards/pci.dts", handler, devintf,
				      si_arg, NULL });

	exec_ok(&d, "ipmitool mc info", &out);
	ASSERT_CONTAINS(out, "Device ID                 : 32\n");
	ASSERT_CONTAINS(out, "Firmware Revision         : 1.23\n");
	ASSERT_CONTAINS(out, "IPMI Version              : 2.0\n");
	ASSERT_CONTAINS(out, "Product ID                : 256 (0x0100)\n");
	free(out);
	exec_ok(&d, "ipmitool mc selftest", &out);
	ASSERT_CONTAINS(out, "Selftest: passed\n");
	free(out);
	exec_ok(&d, "ipmitool mc getenables", &out);
	ASSERT_CONTAINS(out, "Receive Message Queue Interrupt          : enabled\n");
	free(out);
	exec_ok(&d, "ipmitool chassis status", &out);
	ASSERT_CONTAINS(out, "System Power         : on\n");
	free(out);

	out = cat(PROC(&d, "/interrupts"));
	line = out ? strstr(out, "  5:") : NULL;
	ASSERT(line && sscanf(line + 4, "%lu", &count) == 1);
	ASSERT(count > 0);
	ASSERT(strstr(line, "ipmi_si"));
	ASSERT_EQ(ldm_run_verb(&d, "hw read kcs@ca2 3", &out), 0);
	ASSERT_STREQ(out, "0x01\n");
	free(out);
	ldmd_down(&d);
	linux269_clean(handler);
	linux269_clean(devintf);
	linux269_clean(si);
}
