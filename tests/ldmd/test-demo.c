// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-demo.c - `make demo` (scripts/demo) runs from start to end and shows
 * what it promises: the refusal of the proprietary core user, the board's
 * devices with their drivers, an attribute written and a store refused, the
 * taint, modprobe with a dependency, a hotplug whose driver arrives by
 * its MODALIAS and its events, a suspend cycle, the misc node, nothing
 * mounted at the end, and the audit of the modules under two policies.
 */
#include <sys/wait.h>

#include "ldmd-util.h"

DEFINE_TEST(
	test_demo_script_shows_everything_and_cleans_up,
	.description =
		"scripts/demo on this build: exit 0, each of its nine steps shows what it should (the sensor's driver loaded by its alias, a hotplugged widget's driver arriving on its own, the audit's refusal of prop_core under seed, none under 2.6.9), and it leaves nothing mounted",
	.no_runtime = true)
{
	static const char *const want[] = {
		"refused: it uses 2 GPL-only symbols and its license 'Proprietary' is not GPL-compatible",
		"taints kernel.",
		"10001000.sensor  [platform] driver: demo_sensor",
		"../../../devices/platform/soc/10001000.sensor",
		"    board-temp\n",
		"    50\n",
		"write error: Invalid argument",
		"prop_misc              12288  0 (P)",
		"init_fails: init failed with error -5; module unloaded",
		"ldm rmmod: ERROR: Module gpl_lib is in use",
		"alias platform:widget widget\n",
		"demo_sensor 10001000.sensor: board-temp at 100 Hz",
		"MODALIAS=of:NsensorT(null)Cldm,demo-sensor\n",
		"    ../../../../bus/platform\n",
		"    rmmod gpl_user\n    rmmod gpl_lib\n",
		"/modules/gpl_lib.ko\n    insmod ",
		"widget7\n",
		"    ../../../bus/platform/drivers/widget\n",
		"widget widget7: bound, a widget\n",
		"] add      /module/widget (module)",
		"] add      /devices/platform/widget7 (platform)",
		"] remove   /devices/platform/widget7 (platform)",
		"gpl_platform_drv0: suspended (state 3)",
		"gpl_platform_drv0: resumed",
		"hello from a proprietary module",
		"    written through the node\n",
		"ldmd exited with status 0",
		"    tree        modules: 9 modules (7 GPL-compatible, 2 not), 0 unreadable\n",
		"    prop_core\tProprietary\tdevice_register\tgpl-only\tldm\n"
		"    prop_core\tProprietary\tdevice_unregister\tgpl-only\tldm\n",
		"    violations  0 (0 gpl-only, 0 namespace, 0 restricted, 0 unresolved, 0 "
		"proprietary)\n",
	};
	char cmd[1024], *out;
	size_t n = 0, got, i;
	FILE *p;
	int status;

	need_fuse();
	snprintf(cmd, sizeof(cmd), "%s/scripts/demo %s 2>&1", ldm_test_srcdir(), LDM_BUILD_DIR);
	out = calloc(1, 1 << 17);
	ASSERT(out);
	p = popen(cmd, "r");
	ASSERT(p);
	while ((got = fread(out + n, 1, (1 << 17) - 1 - n, p)) > 0)
		n += got;
	status = pclose(p);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		FAIL("scripts/demo ended with status %#x:\n%s", status, out);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		if (!strstr(out, want[i]))
			FAIL("scripts/demo did not show '%s':\n%s", want[i], out);
	/* Step 8 counts the mounts left: none. */
	if (!strstr(out, "grep -c \"$R\" /proc/mounts\n    0\n"))
		FAIL("scripts/demo left something mounted:\n%s", out);
	free(out);
}
