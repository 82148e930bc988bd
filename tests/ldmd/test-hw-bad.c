// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-hw-bad.c - the bad input of the hardware behind the drivers keeps
 * ldmd up (docs/hardware.md): model nodes that overlap, name no model or
 * have a wrong reg are left out, the log naming the node and the cause,
 * and the rest of the board is served; a second driver asking for a
 * region the first holds fails to load, saying so, and the first keeps
 * it; a line raised with no handler is counted in /proc/interrupts' ERR
 * as 2.6.9 counts a spurious interrupt; and after each, ldmd answers.
 *
 * They need /dev/fuse, fusermount3 and root, and skip saying why without.
 */
#include <fcntl.h>

#include "ldmd-util.h"

#define LDM	      LDM_BUILD_DIR "/tools/ldm/ldm"
#define KHW_PORTS_KO  LDM_BUILD_DIR "/tests/modules/khw_ports.ko"
#define KHW_REGION_KO LDM_BUILD_DIR "/tests/modules/khw_region.ko"

/* Fail unless @text contains @needle. */
#define ASSERT_CONTAINS(text, needle) \
	do { \
		const char *__t = (text), *__n = (needle); \
		if (!__t || !strstr(__t, __n)) \
			FAIL("expected \"%s\" in:\n%s", __n, __t ? __t : "(null)"); \
	} while (0)

/* Run `ldm --root DIR ARGS` against @d; its status, its output and errors in @out. */
static int ldm(const struct ldmd *d, const char *args, char **out)
{
	char cmd[1024];

	snprintf(cmd, sizeof(cmd), "%s --root %s %s 2>&1", LDM, d->root, args);
	return ldm_test_run(cmd, out);
}

/* Write an isa bus holding @nodes as the board @path. */
static void write_isa_board(const char *path, const char *nodes)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	ASSERT(fd >= 0);
	ASSERT(dprintf(fd,
		       "/dts-v1/;\n/ { isa { compatible = \"isa\"; #address-cells = <1>; "
		       "#size-cells = <1>;\n%s }; };\n",
		       nodes) > 0);
	close(fd);
}

DEFINE_TEST(test_ldmd_bad_model_nodes_are_left_out,
	    .description = "ldmd --board with a model node that overlaps another's, names no "
			   "model, or has a wrong reg comes up: the log names the node and the "
			   "cause and says it is left out, ldm hw list shows the good model "
			   "beside it, and ldmd answers (docs/hardware.md)",
	    .no_runtime = true)
{
	static const char *const boards[][3] = {
		{ "  cmos@71 { compatible = \"ldm,mc146818\"; reg = <0x71 2>; };\n",
		  "/isa/cmos@71: ports 0x71-0x72 overlap those of /isa/rtc@70", "/isa/cmos@71" },
		{ "  card@300 { compatible = \"acme,card\"; reg = <0x300 8>; };\n",
		  "/isa/card@300: no model is compatible with \"acme,card\"", "/isa/card@300" },
		{ "  wdt@443 { compatible = \"ldm,acquirewdt\"; reg = <0x443>; };\n",
		  "/isa/wdt@443: reg is 4 bytes, not a multiple of 2 cells", "/isa/wdt@443" },
	};
	char dts[300], nodes[512], says[128], *log, *out;
	struct ldmd d;
	size_t i;

	need_fuse();
	snprintf(dts, sizeof(dts), "/tmp/ldm-test-hw-bad-%d.dts", (int)getpid());
	for (i = 0; i < sizeof(boards) / sizeof(boards[0]); i++) {
		snprintf(nodes, sizeof(nodes),
			 "  rtc@70 { compatible = \"ldm,mc146818\"; reg = <0x70 2>; };\n%s",
			 boards[i][0]);
		write_isa_board(dts, nodes);
		ldmd_up(&d, (const char *[]){ "--board", dts, NULL });
		log = read_file(d.log);
		ASSERT_CONTAINS(log, boards[i][1]);
		snprintf(says, sizeof(says), "%s: left out: no model answers its addresses",
			 boards[i][2]);
		ASSERT_CONTAINS(log, says);
		free(log);
		ASSERT_EQ(ldm(&d, "hw list", &out), 0);
		ASSERT_STREQ(out, "rtc@70 ldm,mc146818 /isa/rtc@70 port 0x70-0x71\n");
		free(out);
		ldmd_down(&d);
	}
	unlink(dts);
}

DEFINE_TEST(test_ldmd_two_drivers_request_one_region,
	    .description = "under ldmd, a second driver whose init asks for the ports the first "
			   "holds fails to load with EBUSY, its message naming the ports; "
			   "/proc/ioports still shows the first's claim, and ldmd answers",
	    .no_runtime = true)
{
	const char *args[] = { KHW_PORTS_KO, NULL };
	struct ldmd d;
	char cmd[512], *out, *log;

	need_fuse();
	ldmd_up(&d, args);
	snprintf(cmd, sizeof(cmd), "insmod %s", KHW_REGION_KO);
	ASSERT_EQ(ldm(&d, cmd, &out), 1);
	ASSERT_CONTAINS(out, "Device or resource busy");
	free(out);
	log = read_file(d.log);
	ASSERT_CONTAINS(log, "khw_region: ports 0x300-0x307 are busy");
	free(log);
	ASSERT_STREQ(cat(PROC(&d, "ioports")), "0300-0307 : khw_ports\n");
	ASSERT_EQ(ldm(&d, "lsmod", &out), 0);
	ASSERT_CONTAINS(out, "khw_ports");
	if (strstr(out, "khw_region"))
		FAIL("khw_region is listed after its init failed:\n%s", out);
	free(out);
	ldmd_down(&d);
}

DEFINE_TEST(test_ldmd_irq_with_no_handler_is_counted_spurious,
	    .description = "ldm hw irq on a line no driver requested says it was not handled, "
			   "and /proc/interrupts counts it under ERR, as 2.6.9 counts a "
			   "spurious interrupt; ldmd answers on",
	    .no_runtime = true)
{
	const char *args[] = { "--board", LDM_SOURCE_DIR "/boards/pc.dts", NULL };
	struct ldmd d;
	char *out;

	need_fuse();
	ldmd_up(&d, args);
	ASSERT_CONTAINS(cat(PROC(&d, "interrupts")), "ERR:          0\n");
	ASSERT_EQ(ldm(&d, "hw irq 8", &out), 0);
	ASSERT_STREQ(out, "not handled (no handler, disabled, or none claimed it)\n");
	free(out);
	ASSERT_EQ(ldm(&d, "hw irq 8", &out), 0);
	free(out);
	ASSERT_CONTAINS(cat(PROC(&d, "interrupts")), "ERR:          2\n");
	ASSERT_EQ(ldm(&d, "hw read rtc@70 14", &out), 0);
	free(out);
	ldmd_down(&d);
}
