// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-hw-ldmd.c - ldmd on boards/pc.dts with 2.6.9's rtc.c and nvram.c
 * (built unchanged from $LDM_LINUX_2_6_9; the tests skip without it), and
 * real programs under ldm exec: util-linux's hwclock reads and sets the
 * MC146818 model's time, a /dev/rtc reader is woken by its alarm, dd reads
 * its NVRAM; `ldm hw` lists the model, reads and writes its registers and
 * traces what rtc.c wrote; wdctl reads acquirewdt.c's card, and the card
 * stops ldmd through the reboot path when its pings stop; Debian's
 * watchdog daemon keeps the card alive on the models' standing clock,
 * moved only by `ldm hw clock`, and once it is killed the card expires;
 * bad input keeps ldmd up: model nodes that overlap, name no model or have
 * a wrong reg are left out, naming the node and the cause, a second
 * driver asking for a region the first holds fails to load, and a line
 * with no handler is counted in /proc/interrupts' ERR as 2.6.9 counts a
 * spurious interrupt; with 2.6.9's
 * input stack on the i8042 model, evtest sees KEY_A the host typed, and
 * atkbd's LED command is in the trace. The model runs on the monotonic clock here:
 * the alarm reader waits for an event, bounded by the harness, and no
 * assertion is on a time of day beyond its date.
 */
#include <fcntl.h>
#include <sys/wait.h>
#include <time.h>

#include "ldmd-util.h"
#include "../hw/linux269.h"

#define PC_DTS	      LDM_SOURCE_DIR "/boards/pc.dts"
#define LDM	      LDM_BUILD_DIR "/tools/ldm/ldm"
#define KHW_PORTS_KO  LDM_BUILD_DIR "/tests/modules/khw_ports.ko"
#define KHW_REGION_KO LDM_BUILD_DIR "/tests/modules/khw_region.ko"

struct pc {
	struct ldmd d;
	char rtc[256], nvram[256];
};

static void pc_up(struct pc *pc)
{
	const char *args[] = { "--board", PC_DTS, pc->rtc, pc->nvram, NULL };

	need_fuse();
	need_namespaces();
	linux269_build("char/rtc", pc->rtc, sizeof(pc->rtc));
	linux269_build("char/nvram", pc->nvram, sizeof(pc->nvram));
	ldmd_up(&pc->d, args);
}

static void pc_down(struct pc *pc)
{
	ldmd_down(&pc->d);
	linux269_clean(pc->rtc);
	linux269_clean(pc->nvram);
}

/* Run `ldm --root DIR ARGS` against @d; its status, its output and errors in @out. */
static int ldm(const struct ldmd *d, const char *args, char **out)
{
	char cmd[1400];

	snprintf(cmd, sizeof(cmd), "%s --root %s %s 2>&1", LDM, d->root, args);
	return ldm_test_run(cmd, out);
}

/* Run `ldm hw ARGS` against @d, as ldm(). */
static int ldm_hw(const struct ldmd *d, const char *args, char **out)
{
	char verb[1024];

	snprintf(verb, sizeof(verb), "hw %.1000s", args);
	return ldm(d, verb, out);
}

/* Start ldmd on the board @board alone, once FUSE is known to be here. */
static void board_up(struct ldmd *d, const char *board)
{
	const char *args[] = { "--board", board, NULL };

	need_fuse();
	ldmd_up(d, args);
}

DEFINE_TEST(test_hwclock_reads_and_sets_the_model_clock,
	    .description = "under ldmd with boards/pc.dts and 2.6.9's rtc.c, hwclock -r run by "
			   "ldm exec reads the model's time (2004-10-18, the board's), hwclock -w "
			   "sets it to the system's (the year register follows), and ldm hw "
			   "trace shows rtc.c's writes to ports 0x70-0x71",
	    .no_runtime = true)
{
	char *out, expect[8];
	struct tm now;
	struct pc pc;
	time_t t;

	if (!in_path("hwclock"))
		ldm_test_skip("hwclock (util-linux-extra) is not installed");
	pc_up(&pc);
	ASSERT_EQ(ldm_hw(&pc.d, "list", &out), 0);
	ASSERT_STREQ(out, "pit@40 ldm,i8253 /isa/pit@40 port 0x40-0x43 port 0x61-0x61\n"
			  "i8042@60 ldm,i8042 /isa/i8042@60 port 0x60-0x60 port 0x64-0x64 irq 1 "
			  "irq 12\n"
			  "rtc@70 ldm,mc146818 /isa/rtc@70 port 0x70-0x71 irq 8\n"
			  "watchdog@240 ldm,wdt501 /isa/watchdog@240 port 0x240-0x247 irq 11\n"
			  "watchdog@443 ldm,acquirewdt /isa/watchdog@443 port 0x443-0x443 "
			  "port 0x343-0x343\n");
	free(out);
	ASSERT_EQ(ldm_hw(&pc.d, "trace on", &out), 0);
	free(out);
	exec_ok(&pc.d, "hwclock -r --utc --noadjfile", &out);
	ASSERT_CONTAINS(out, "2004-10-18 22:");
	free(out);
	ASSERT_EQ(ldm_hw(&pc.d, "trace", &out), 0);
	/* hwclock waits for the update interrupt: rtc.c turns UIE on. */
	ASSERT_CONTAINS(out, " rtc          write 1 port   0x0070 0x0b /isa/rtc@70\n");
	ASSERT_CONTAINS(out, " rtc          write 1 port   0x0071 0x12 /isa/rtc@70\n");
	free(out);
	ASSERT_EQ(ldm_hw(&pc.d, "trace off", &out), 0);
	free(out);

	exec_ok(&pc.d, "hwclock -w --utc --noadjfile", &out);
	free(out);
	t = time(NULL);
	gmtime_r(&t, &now);
	snprintf(expect, sizeof(expect), "0x%02x\n",
		 (unsigned int)((now.tm_year % 100) / 10 * 16 + now.tm_year % 10));
	ASSERT_EQ(ldm_hw(&pc.d, "read rtc@70 9", &out), 0);
	ASSERT_STREQ(out, expect);
	free(out);
	pc_down(&pc);
}

DEFINE_TEST(test_rtc_alarm_wakes_a_reader_under_ldmd,
	    .description = "a program under ldm exec that sets an alarm with RTC_ALM_SET and "
			   "RTC_AIE_ON blocks in read() of /dev/rtc until the model's alarm "
			   "interrupt; dd reads the board's NVRAM bytes from /dev/nvram",
	    .no_runtime = true)
{
	struct pc pc;
	char *out;

	pc_up(&pc);
	exec_ok(&pc.d, RTC_ALARM_PATH, &out);
	ASSERT_CONTAINS(out, "rang: AF set, 1 interrupt(s)\n");
	free(out);
	exec_ok(&pc.d,
		"sh -c 'dd if=/dev/nvram bs=114 count=1 status=none | od -An -tx1 | head -1'",
		&out);
	ASSERT_CONTAINS(out, " 6c 64 6d 21 00");
	free(out);
	pc_down(&pc);
}

DEFINE_TEST(test_ldm_hw_errors_name_the_cause,
	    .description = "with the board alone (no 2.6.9 tree needed), ldm hw lists the "
			   "model, reads and writes its registers, raises line 8 (no handler); "
			   "a register the model has not, a read-only one, a model not there "
			   "and a line past 223 fail naming the cause, and ldmd answers on",
	    .no_runtime = true)
{
	struct ldmd d;
	char *out;

	board_up(&d, PC_DTS);
	ASSERT_EQ(ldm_hw(&d, "list", &out), 0);
	ASSERT_STREQ(out, "pit@40 ldm,i8253 /isa/pit@40 port 0x40-0x43 port 0x61-0x61\n"
			  "i8042@60 ldm,i8042 /isa/i8042@60 port 0x60-0x60 port 0x64-0x64 irq 1 "
			  "irq 12\n"
			  "rtc@70 ldm,mc146818 /isa/rtc@70 port 0x70-0x71 irq 8\n"
			  "watchdog@240 ldm,wdt501 /isa/watchdog@240 port 0x240-0x247 irq 11\n"
			  "watchdog@443 ldm,acquirewdt /isa/watchdog@443 port 0x443-0x443 "
			  "port 0x343-0x343\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "write rtc@70 200 1", &out), 1);
	ASSERT_STREQ(out, "ldm hw: rtc@70 has no register 200\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "write rtc@70 12 1", &out), 1);
	ASSERT_STREQ(out, "ldm hw: register 12 of rtc@70 is read-only\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "read nope 1", &out), 1);
	ASSERT_STREQ(out, "ldm hw: no model named 'nope' (ldm hw list names them)\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "irq 300", &out), 1);
	ASSERT_STREQ(out, "ldm hw: '300' is not a line (0 to 223)\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "bogus", &out), 2);
	ASSERT_CONTAINS(out, "ldm hw: 'bogus' is not a sub-verb of hw\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "write rtc@70 14 0x41", &out), 0);
	free(out);
	ASSERT_EQ(ldm_hw(&d, "read rtc@70 14", &out), 0);
	ASSERT_STREQ(out, "0x41\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "read rtc@70 0x0d", &out), 0);
	ASSERT_STREQ(out, "0x80\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "irq 8", &out), 0);
	ASSERT_STREQ(out, "not handled (no handler, disabled, or none claimed it)\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "dump rtc@70", &out), 0);
	ASSERT_CONTAINS(out, "time 2004-10-18 22:");
	ASSERT_CONTAINS(out, "\n  41 64 6d 21 00"); /* the 0x41 written above */
	free(out);
	ldmd_down(&d);
}

DEFINE_TEST(test_ldm_hw_fault_names_its_target,
	    .description = "ldm hw fault makes a model hang or sticks a bit of one of its ports, "
			   "shown by ldm hw dump and mended by none; a fault or address a model "
			   "has not, a model not there, and an I2C chip node not on the board "
			   "fail naming the cause, and ldmd answers on",
	    .no_runtime = true)
{
	struct ldmd d;
	char *out;

	board_up(&d, PC_DTS);
	ASSERT_EQ(ldm_hw(&d, "fault rtc@70 hang", &out), 0);
	free(out);
	ASSERT_EQ(ldm_hw(&d, "fault rtc@70 stuck 0x71 0x80 0x80", &out), 0);
	free(out);
	ASSERT_EQ(ldm_hw(&d, "dump rtc@70", &out), 0);
	ASSERT_CONTAINS(out, "fault: hang (reads all ones, takes no writes)\n");
	ASSERT_CONTAINS(out, "fault: stuck at 0x71: bits 0x80 read 0x80\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "fault rtc@70 none", &out), 0);
	free(out);
	ASSERT_EQ(ldm_hw(&d, "dump rtc@70", &out), 0);
	if (strstr(out, "fault:"))
		FAIL("a mended model still shows a fault:\n%s", out);
	free(out);
	ASSERT_EQ(ldm_hw(&d, "fault rtc@70 melt", &out), 1);
	ASSERT_STREQ(out, "ldm hw: a model's faults: none, hang, stuck\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "fault rtc@70 stuck 0x80 1 1", &out), 1);
	ASSERT_STREQ(out, "ldm hw: 0x80 is not an address of rtc@70\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "fault rtc@70 stuck 0x71 1", &out), 1);
	ASSERT_STREQ(out, "ldm hw: stuck takes WHERE MASK VALUE\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "fault nope hang", &out), 1);
	ASSERT_STREQ(out, "ldm hw: no model named 'nope' (ldm hw list names them)\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "fault /smbus@0/temp@48 nak", &out), 1);
	ASSERT_STREQ(out, "ldm hw: no I2C chip at node '/smbus@0/temp@48'\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "read rtc@70 0x0d", &out), 0);
	ASSERT_STREQ(out, "0x80\n");
	free(out);
	ldmd_down(&d);
}

DEFINE_TEST(test_ldm_hw_list_golden_shows_the_i2c_chips,
	    .description = "on boards/i2c.dts, with no adapter driver loaded, ldm hw list shows "
			   "each chip of the SMBus, a line each: name, compatible, node, address "
			   "(golden)",
	    .no_runtime = true)
{
	struct ldmd d;
	char *out;

	board_up(&d, LDM_SOURCE_DIR "/boards/i2c.dts");
	ASSERT_EQ(ldm_hw(&d, "list", &out), 0);
	ldm_test_golden("ldm-hw-list-i2c.out", out, d.root);
	free(out);
	ldmd_down(&d);
}

DEFINE_TEST(test_ldm_hw_fault_reaches_an_i2c_chip,
	    .description = "on boards/i2c.dts, ldm hw fault takes an I2C chip by its board node: "
			   "nak and none are taken, a stuck bit in the lm75's bank too; the "
			   "24C02, which has no bank, and a fault no chip has are refused "
			   "naming the cause",
	    .no_runtime = true)
{
	struct ldmd d;
	char *out;

	board_up(&d, LDM_SOURCE_DIR "/boards/i2c.dts");
	ASSERT_EQ(ldm_hw(&d, "fault /smbus/temp@48 nak", &out), 0);
	free(out);
	ASSERT_EQ(ldm_hw(&d, "fault /smbus/temp@48 none", &out), 0);
	free(out);
	ASSERT_EQ(ldm_hw(&d, "fault /smbus/temp@48 stuck 0 0x8000 0x8000", &out), 0);
	free(out);
	ASSERT_EQ(ldm_hw(&d, "fault /smbus/eeprom@50 stuck 0 1 1", &out), 1);
	ASSERT_STREQ(out, "ldm hw: /smbus/eeprom@50 has no register bank to stick a bit in\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "fault /smbus/temp@48 melt", &out), 1);
	ASSERT_STREQ(out, "ldm hw: a chip's faults: none, nak, data-nak, hang, stuck\n");
	free(out);
	ldmd_down(&d);
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

/* ldmd on a board of one watchdog card, with a 2.6.9 watchdog driver. */
struct wdt {
	struct ldmd d;
	char board[300], ko[256], mod[300];
};

static void hw_ok(const struct ldmd *d, const char *args);

/*
 * Start ldmd on an isa bus holding @node, with 2.6.9's
 * drivers/char/watchdog/@driver given @params (NULL: none), the models'
 * clock standing still if @manual; wdctl must read @identity (it opens
 * the card, arming it, and closes it without 'V').
 */
static void wdt_up(struct wdt *w, const char *node, const char *driver, const char *params,
		   bool manual, const char *identity)
{
	const char *args[] = { "--board", w->board, w->mod, NULL };
	char path[128], *out;

	need_fuse();
	need_namespaces();
	if (!in_path("wdctl"))
		ldm_test_skip("wdctl (util-linux) is not installed");
	snprintf(path, sizeof(path), "char/watchdog/%s", driver);
	linux269_build(path, w->ko, sizeof(w->ko));
	snprintf(w->mod, sizeof(w->mod), "%s%s%s", w->ko, params ? "=" : "", params ? params : "");
	snprintf(w->board, sizeof(w->board), "/tmp/ldm-test-%s-%d.dts", driver, (int)getpid());
	write_isa_board(w->board, node);
	ldmd_up(&w->d, args);
	if (manual)
		hw_ok(&w->d, "clock manual");
	exec_ok(&w->d, "wdctl", &out);
	ASSERT_CONTAINS(out, identity);
	free(out);
}

/* Wait for the card's reset to stop ldmd by itself; its log must say each of @says. */
static void wdt_expires(struct wdt *w, const char *const says[])
{
	char *log;
	int status;

	/* The card expires on the models' clock; the harness bounds the wait. */
	ASSERT_EQ(waitpid(w->d.pid, &status, 0), w->d.pid);
	ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	close(w->d.out);
	log = read_file(w->d.log);
	for (; *says; says++)
		ASSERT_CONTAINS(log, *says);
	ASSERT_CONTAINS(log, "ldm: restart requested; calling the reboot notifiers");
	ASSERT_CONTAINS(log, "ldmd: machine_restart() by a driver: stopping");
	free(log);
	remove_root(&w->d);
	unlink(w->board);
	linux269_clean(w->ko);
}

/*
 * A program opens /dev/watchdog and closes it without 'V' (after @setup,
 * if not NULL): the card stays armed, nobody pings it, and it resets the
 * machine; ldmd stops, its log saying @says.
 */
static void wdt_expiry_stops_ldmd(const char *node, const char *driver, const char *params,
				  const char *identity, const char *setup, const char *const says[])
{
	struct wdt w;
	char *out;

	wdt_up(&w, node, driver, params, false, identity);
	if (setup) {
		exec_ok(&w.d, setup, &out);
		free(out);
	}
	exec_ok(&w.d, "sh -c 'echo x > /dev/watchdog'", &out);
	free(out);
	wdt_expires(&w, says);
}

DEFINE_TEST(test_acquirewdt_expiry_stops_ldmd,
	    .description = "under ldmd, wdctl reads 2.6.9's acquirewdt.c's identity; a program "
			   "that opens /dev/watchdog and closes it without 'V' leaves the card "
			   "armed, and with nobody pinging it the model resets the machine: the "
			   "reboot notifiers run and ldmd stops by itself, saying why",
	    .no_runtime = true)
{
	static const char *const says[] = {
		"Acquire WDT: Unexpected close, not stopping watchdog!",
		"/isa/watchdog@443: watchdog not pinged within 300 ms: resetting the machine",
		NULL,
	};

	wdt_expiry_stops_ldmd("watchdog@443 { compatible = \"ldm,acquirewdt\"; "
			      "reg = <0x443 1 0x43 1>; ldm,timeout-ms = <300>; };",
			      "acquirewdt", NULL, "Identity:      Acquire WDT [version 1]", NULL,
			      says);
}

DEFINE_TEST(test_wdt501_expiry_stops_ldmd,
	    .description = "under ldmd, wdctl reads 2.6.9's wdt.c's identity; a program that "
			   "opens /dev/watchdog and closes it without 'V' leaves the card "
			   "running, and at the heartbeat's end its interrupt reaches wdt.c's "
			   "handler, the model resets the machine and ldmd stops by itself",
	    .no_runtime = true)
{
	static const char *const says[] = {
		"wdt: WDT device closed unexpectedly.  WDT will not stop!",
		"/isa/watchdog@240: watchdog not pinged within 1000 ms: resetting the machine",
		"WDT status 114",
		"Reset in 5ms.",
		NULL,
	};

	wdt_expiry_stops_ldmd("watchdog@240 { compatible = \"ldm,wdt501\"; "
			      "reg = <0x240 8>; interrupts = <11>; };",
			      "wdt", "heartbeat=1", "Identity:      WDT500/501", NULL, says);
}

DEFINE_TEST(test_ib700wdt_expiry_stops_ldmd,
	    .description = "under ldmd, wdctl reads 2.6.9's ib700wdt.c's identity and sets its "
			   "timeout (1 s asked: the card's table gives 2 s); a close without 'V' "
			   "leaves the card armed, and with nobody pinging it the model resets "
			   "the machine and ldmd stops by itself",
	    .no_runtime = true)
{
	static const char *const says[] = {
		"ib700wdt: WDT device closed unexpectedly.  WDT will not stop!",
		"/isa/watchdog@443: watchdog not pinged within 2 s: resetting the machine",
		NULL,
	};

	wdt_expiry_stops_ldmd("watchdog@443 { compatible = \"ldm,ib700wdt\"; "
			      "reg = <0x443 1 0x441 1>; };",
			      "ib700wdt", NULL, "Identity:      IB700 WDT", "wdctl -s 1", says);
}

#define WDT_CONF "/tmp/ldm-test-watchdog.conf"

/* A register of the model @name, read with `ldm hw read`. */
static unsigned long hw_reg(const struct ldmd *d, const char *name, unsigned int reg)
{
	char args[128], *out;
	unsigned long v;

	snprintf(args, sizeof(args), "read %s %u", name, reg);
	ASSERT_EQ(ldm_hw(d, args, &out), 0);
	v = strtoul(out, NULL, 16);
	free(out);
	return v;
}

/* `ldm hw ARGS` must succeed. */
static void hw_ok(const struct ldmd *d, const char *args)
{
	char *out;

	if (ldm_hw(d, args, &out))
		FAIL("ldm hw %s failed:\n%s", args, out);
	free(out);
}

/* Wait within WAIT_SECONDS until the card's ping count (register 1) passes @count; the new one. */
static unsigned long wait_ping(const struct ldmd *d, const char *card, unsigned long count)
{
	struct timespec deadline;
	unsigned long now;

	deadline_in(&deadline, WAIT_SECONDS);
	while ((now = hw_reg(d, card, 1)) <= count) {
		if (ms_left(&deadline) < 0)
			FAIL("%s was not pinged within %d s (%lu pings); ldmd's log:\n%s\nthe "
			     "daemon's:\n%s",
			     card, WAIT_SECONDS, now, read_file(d->log),
			     read_file(WDT_CONF ".out"));
		usleep(20000);
	}
	return now;
}

DEFINE_TEST(test_watchdog_daemon_keeps_the_card_alive,
	    .description = "the watchdog daemon (Debian's watchdog) under ldm exec keeps 2.6.9's "
			   "acquirewdt.c's card alive: /dev/watchdog is ldmd's node, never the "
			   "machine's; on the models' standing clock, moved by half the card's "
			   "timeout after each ping the model counts, 12 half-timeouts pass with "
			   "no reset; killed, the daemon leaves the card armed, and one timeout "
			   "more resets the machine and stops ldmd",
	    .no_runtime = true, .timeout = 180)
{
	static const char *const says[] = {
		"Acquire WDT: Unexpected close, not stopping watchdog!",
		"/isa/watchdog@443: watchdog not pinged within 2000 ms: resetting the machine",
		NULL,
	};
	const char *card = "watchdog@443";
	unsigned long pings;
	char cmd[1024], *out;
	struct wdt w;
	pid_t daemon;
	int i, fd;

	if (access("/usr/sbin/watchdog", X_OK))
		ldm_test_skip("/usr/sbin/watchdog (Debian's watchdog) is not installed");
	wdt_up(&w,
	       "watchdog@443 { compatible = \"ldm,acquirewdt\"; reg = <0x443 1 0x343 1>; "
	       "ldm,timeout-ms = <2000>; };",
	       "acquirewdt", "wdt_stop=0x343", true, "Identity:      Acquire WDT [version 1]");
	/* Under ldm exec, /dev/watchdog leads to ldmd's node: the machine's is not there. */
	exec_ok(&w.d, "readlink /dev/watchdog", &out);
	ASSERT_STREQ(out, "/dev/.ldm/dev/watchdog\n");
	free(out);

	/*
	 * No reboot the daemon could ask reaches the machine: a problem runs
	 * /bin/true (repaired), it is pid 1 of a pid namespace of its own
	 * (reboot(2) there ends the namespace), and /run is its own.
	 */
	fd = open(WDT_CONF, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	ASSERT(fd >= 0);
	ASSERT(dprintf(fd, "watchdog-device = /dev/watchdog\ninterval = 1\nrealtime = no\n"
			   "repair-binary = /bin/true\nlog-dir = /tmp\n") > 0);
	close(fd);
	snprintf(
		cmd, sizeof(cmd),
		"ASAN_OPTIONS=${ASAN_OPTIONS:-}:verify_asan_link_order=0 %s --root %s exec --no-events -- sh -c "
		"'mount -t tmpfs tmpfs /run && exec unshare --pid --fork /usr/sbin/watchdog -F -c "
		"%s' >%s.out 2>&1",
		LDM, w.d.root, WDT_CONF, WDT_CONF);
	pings = hw_reg(&w.d, card, 1); /* wdctl's: it opens the card, and closes it with 'V' */
	daemon = fork();
	ASSERT(daemon >= 0);
	if (!daemon) {
		setpgid(0, 0);
		setenv("LDM_PRELOAD", LDM_PRELOAD_BUILD, 1);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	setpgid(daemon, daemon);

	/* Pinged, the card outlives many of its timeouts on the standing clock. */
	pings = wait_ping(&w.d, card, pings);
	ASSERT_EQ(hw_reg(&w.d, card, 0), 1); /* armed */
	for (i = 0; i < 12; i++) {
		hw_ok(&w.d, "clock advance 1000000000");
		pings = wait_ping(&w.d, card, pings);
	}
	ASSERT_EQ(hw_reg(&w.d, card, 2), 0); /* no reset */
	ASSERT_EQ(kill(w.d.pid, 0), 0);

	/* Killed, the daemon cannot say 'V': the card stays armed and expires. */
	ASSERT_OK(kill(-daemon, SIGKILL));
	ASSERT_EQ(waitpid(daemon, NULL, 0), daemon);
	out = read_file(WDT_CONF ".out");
	ASSERT_CONTAINS(out, "watchdog: hardware watchdog identity: Acquire WDT");
	free(out);
	unlink(WDT_CONF ".out");
	unlink(WDT_CONF);
	ASSERT_EQ(hw_reg(&w.d, card, 0), 1);
	snprintf(cmd, sizeof(cmd), "%s --root %s hw clock advance 2000000000 >/dev/null 2>&1", LDM,
		 w.d.root);
	ldm_test_run(cmd, NULL); /* ldmd may stop before it answers */
	wdt_expires(&w, says);
}

DEFINE_TEST(test_evtest_sees_a_key_typed_on_the_i8042_model,
	    .description = "under ldmd with 2.6.9's input.c, evdev.c, serio.c, i8042.c, atkbd.c "
			   "and psmouse on the PC board's i8042 model, evtest run by ldm exec "
			   "sees KEY_A pressed and released when ldm hw puts 0x1c, then 0xf0 "
			   "0x1c on the keyboard's wire, and REL_X 5 for the mouse packet 08 05 "
			   "00; atkbd's LED command (0xed) is in the trace",
	    .no_runtime = true)
{
	static const char *const parts[] = { "input/input", "input/evdev", "input/serio/serio",
					     "input/serio/i8042", "input/keyboard/atkbd" };
	static const char *const psmouse[] = { "psmouse-base", "logips2pp", "synaptics", NULL };
	char kos[6][256], cmd[2048], *out;
	const char *args[9] = { "--board", PC_DTS };
	struct ldmd d;
	size_t i;

	need_fuse();
	need_namespaces();
	if (!in_path("evtest"))
		ldm_test_skip("evtest is not installed");
	for (i = 0; i < 5; i++) {
		linux269_build(parts[i], kos[i], sizeof(kos[i]));
		args[2 + i] = kos[i];
	}
	linux269_build_objs("input/mouse", "psmouse", psmouse, kos[5], sizeof(kos[5]));
	args[7] = kos[5];
	ldmd_up(&d, args);
	out = read_file(d.log);
	ASSERT_CONTAINS(out, "input: PS/2 Generic Mouse on isa0060/serio1");
	free(out);

	/* atkbd, loaded again under the trace, sets the LEDs as it connects: i8042.c writes its bytes. */
	ASSERT_EQ(ldm_hw(&d, "trace on", &out), 0);
	free(out);
	snprintf(cmd, sizeof(cmd), "%s --root %s rmmod atkbd && %s --root %s insmod %s", LDM,
		 d.root, LDM, d.root, kos[4]);
	ASSERT_EQ(ldm_test_run(cmd, NULL), 0);
	ASSERT_EQ(ldm_hw(&d, "trace", &out), 0);
	ASSERT_CONTAINS(out, " i8042        write 1 port   0x0060 0xed /isa/i8042@60\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "trace off", &out), 0);
	free(out);
	/*
	 * evtest prints "Testing" once it reads the node; the input goes
	 * then, and it is stopped once it has printed the last event.
	 * atkbd came back to the first free node, event0; the mouse has event1.
	 */
	snprintf(
		cmd, sizeof(cmd),
		"sh -c 'k=$(mktemp); m=$(mktemp); "
		"evtest /dev/input/event0 >$k 2>&1 & p=$!; evtest /dev/input/event1 >$m 2>&1 & q=$!; "
		"until grep -q Testing $k && grep -q Testing $m; do sleep 0.05; done; "
		"for b in 0x1c 0xf0 0x1c; do %s hw write i8042@60 0 $b || exit 1; done; "
		"for b in 0x08 0x05 0x00; do %s hw write i8042@60 3 $b || exit 1; done; "
		"until grep -q \"KEY_A), value 0\" $k && grep -q \"REL_X), value\" $m; do sleep 0.05; done; "
		"kill $p $q; cat $k $m; rm -f $k $m'",
		LDM, LDM);
	exec_ok(&d, cmd, &out);
	ASSERT_CONTAINS(out, "Input device name: \"AT Raw Set 2 keyboard\"");
	ASSERT_CONTAINS(out, "type 1 (EV_KEY), code 30 (KEY_A), value 1");
	ASSERT_CONTAINS(out, "type 1 (EV_KEY), code 30 (KEY_A), value 0");
	ASSERT_CONTAINS(out, "Input device name: \"PS/2 Generic Mouse\"");
	ASSERT_CONTAINS(out, "type 2 (EV_REL), code 0 (REL_X), value 5");
	free(out);
	ldmd_down(&d);
	for (i = 0; i < 6; i++)
		linux269_clean(kos[i]);
}

DEFINE_TEST(test_pcspkr_tone_reaches_the_pit_model,
	    .description = "under ldmd with 2.6.9's input.c, evdev.c and pcspkr.c on the PC "
			   "board's i8253 model, an EV_SND SND_TONE 440 written to the speaker's "
			   "event node by a program under ldm exec sounds 440 Hz, and the trace "
			   "shows pcspkr programming counter 2 with 2711 (0x0a97)",
	    .no_runtime = true)
{
	static const char *const parts[] = { "input/input", "input/evdev", "input/misc/pcspkr" };
	const char *args[6] = { "--board", PC_DTS };
	char kos[3][256], *out;
	struct ldmd d;
	size_t i;

	need_fuse();
	need_namespaces();
	if (!in_path("python3"))
		ldm_test_skip("python3 is not installed");
	for (i = 0; i < 3; i++) {
		linux269_build(parts[i], kos[i], sizeof(kos[i]));
		args[2 + i] = kos[i];
	}
	ldmd_up(&d, args);
	ASSERT_EQ(ldm_hw(&d, "trace on", &out), 0);
	free(out);
	exec_ok(&d,
		"python3 -c 'import os, struct; fd = os.open(\"/dev/input/event0\", os.O_WRONLY); "
		"os.write(fd, struct.pack(\"llHHi\", 0, 0, 0x12, 0x02, 440))'",
		&out);
	free(out);
	ASSERT_EQ(ldm_hw(&d, "read pit@40 3", &out), 0);
	ASSERT_STREQ(out, "0x1b8\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "trace", &out), 0);
	ASSERT_CONTAINS(out, " pcspkr       write 1 port   0x0043 0xb6 /isa/pit@40\n");
	ASSERT_CONTAINS(out, " pcspkr       write 1 port   0x0042 0x97 /isa/pit@40\n");
	ASSERT_CONTAINS(out, " pcspkr       write 1 port   0x0042 0x0a /isa/pit@40\n");
	free(out);
	ASSERT_EQ(ldm_hw(&d, "dump pit@40", &out), 0);
	ASSERT_CONTAINS(out, "speaker on at 440 Hz");
	free(out);
	ldmd_down(&d);
	for (i = 0; i < 3; i++)
		linux269_clean(kos[i]);
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

	snprintf(dts, sizeof(dts), "/tmp/ldm-test-hw-bad-%d.dts", (int)getpid());
	for (i = 0; i < sizeof(boards) / sizeof(boards[0]); i++) {
		snprintf(nodes, sizeof(nodes),
			 "  rtc@70 { compatible = \"ldm,mc146818\"; reg = <0x70 2>; };\n%s",
			 boards[i][0]);
		write_isa_board(dts, nodes);
		board_up(&d, dts);
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
	struct ldmd d;
	char *out;

	board_up(&d, PC_DTS);
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
