// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-board.c - ldmd --board (docs/boards.md): the demo board's devices
 * in the mount where modern Linux puts them, the demo_sensor module binding
 * to its node through its of_match_table and serving the node's properties
 * as attributes; a bad board (a missing file, a truncated blob, a source
 * dtc refuses) stopping ldmd with status 1 and a message that names the
 * file and what is wrong, with nothing left mounted; and dtc bounded, and
 * gone with a killed ldmd.
 *
 * Like test-ldmd.c they need /dev/fuse, fusermount3 and root, and skip
 * saying why without them.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include "ldmd-util.h"

#define DEMO_DTS       LDM_SOURCE_DIR "/boards/demo.dts"
#define DEMO_DTB       LDM_BUILD_DIR "/boards/demo.dtb"
#define DEMO_SENSOR_KO LDM_BUILD_DIR "/modules/demo_sensor.ko"
#define SENSOR	       "devices/platform/soc/10001000.sensor/"

DEFINE_TEST(test_ldmd_board_devices_in_the_mount,
	    .description = "ldmd --board boards/demo.dts shows each device of the board under "
			   "devices/platform (simple-bus children below their bus) and in "
			   "bus/platform/devices, linked to their node under "
			   "firmware/devicetree/base by of_node; gone after a clean stop",
	    .no_runtime = true)
{
	static const char *const devices[] = {
		"devices/platform/10000000.serial",
		"devices/platform/f0000000.intc",
		"devices/platform/soc",
		"devices/platform/soc/10001000.sensor",
		"devices/platform/soc/10002000.gpio",
		"devices/platform/leds",
	};
	char link[256], want[256];
	struct ldmd d;
	struct stat st;
	unsigned int i;
	ssize_t n;
	char *v;

	need_fuse();
	ldmd_up(&d, (const char *[]){ "--board", DEMO_DTS, NULL });
	for (i = 0; i < sizeof(devices) / sizeof(devices[0]); i++) {
		if (stat(SYS(&d, devices[i]), &st) || !S_ISDIR(st.st_mode))
			FAIL("%s is not a directory of the mount", devices[i]);
	}
	n = readlink(SYS(&d, "bus/platform/devices/10001000.sensor"), link, sizeof(link) - 1);
	ASSERT(n > 0);
	link[n] = '\0';
	snprintf(want, sizeof(want), "../../../%s", "devices/platform/soc/10001000.sensor");
	ASSERT_STREQ(link, want);
	ASSERT(listed(SYS(&d, "bus/platform/devices"), "10000000.serial", NULL));
	n = readlink(SYS(&d, "devices/platform/soc/10001000.sensor/of_node"), link,
		     sizeof(link) - 1);
	ASSERT(n > 0);
	link[n] = '\0';
	ASSERT_STREQ(link, "../../../../firmware/devicetree/base/soc/sensor@10001000");
	/* Through the link, as a user reads a node's property on Linux. */
	v = cat(SYS(&d, "devices/platform/soc/10001000.sensor/of_node/label"));
	ASSERT(v && !memcmp(v, "board-temp", sizeof("board-temp")));
	assert_mode(SYS(&d, "firmware/devicetree/base/model"), S_IFREG | 0444, -1);
	/* No driver for it, no attributes of one: the node alone makes the device. */
	ASSERT_ERRNO(access(SYS(&d, SENSOR "value"), F_OK), ENOENT);
	ldmd_stop(&d, SIGTERM);
	remove_root(&d);
}

DEFINE_TEST(test_ldmd_board_demo_sensor_binds_by_compatible,
	    .description = "ldmd --board demo.dtb demo_sensor.ko: the driver binds by its "
			   "of_match_table and shows sample-rate-hz and label of the node as "
			   "sample_rate (0644, writable) and label (0444), its match data as "
			   "unit, and a value that moves; rmmod at stop unbinds it",
	    .no_runtime = true)
{
	struct timespec deadline;
	struct ldmd d;
	char *first, *v;
	bool moved = false;

	need_fuse();
	ldmd_up(&d, (const char *[]){ "--board", DEMO_DTB, DEMO_SENSOR_KO, NULL });
	ASSERT(listed(SYS(&d, "bus/platform/drivers/demo_sensor"), "10001000.sensor", NULL));
	assert_mode(SYS(&d, SENSOR "sample_rate"), S_IFREG | 0644, -1);
	assert_mode(SYS(&d, SENSOR "label"), S_IFREG | 0444, -1);
	ASSERT_STREQ(cat(SYS(&d, SENSOR "sample_rate")), "100\n");
	ASSERT_STREQ(cat(SYS(&d, SENSOR "label")), "board-temp\n");
	ASSERT_STREQ(cat(SYS(&d, SENSOR "unit")), "millicelsius\n");
	ASSERT_EQ(echo(SYS(&d, SENSOR "sample_rate"), "50\n", 3), 3);
	ASSERT_STREQ(cat(SYS(&d, SENSOR "sample_rate")), "50\n");
	ASSERT_EQ(echo(SYS(&d, SENSOR "sample_rate"), "0\n", 2), -EINVAL);
	ASSERT_EQ(echo(SYS(&d, SENSOR "sample_rate"), "fast", 4), -EINVAL);
	ASSERT_EQ(echo(SYS(&d, SENSOR "label"), "x", 1), -EACCES);
	ASSERT_STREQ(cat(SYS(&d, SENSOR "sample_rate")), "50\n");

	/* At 50 Hz the reading takes a step every 20 ms: wait for one, bounded. */
	v = cat(SYS(&d, SENSOR "value")); /* cat()'s buffer is its own: copy */
	ASSERT(v && atoi(v) >= 25000 && atoi(v) <= 26000);
	first = strdup(v);
	ASSERT(first);
	deadline_in(&deadline, WAIT_SECONDS);
	while (!moved && ms_left(&deadline) > 0) {
		v = cat(SYS(&d, SENSOR "value"));
		ASSERT(v && atoi(v) >= 25000 && atoi(v) <= 26000);
		moved = strcmp(v, first) != 0;
		if (!moved)
			usleep(5000);
	}
	free(first);
	ASSERT(moved);
	ldmd_stop(&d, SIGTERM);
	remove_root(&d);
}

/* Start ldmd with @args; it must exit 1 within WAIT_SECONDS; its log. */
static char *ldmd_fails(struct ldmd *d, const char *const args[])
{
	struct timespec deadline;
	int status = 0;
	pid_t r = 0;

	make_root(d);
	d->pid = spawn_ldmd(d, true, args);
	deadline_in(&deadline, WAIT_SECONDS);
	while (ms_left(&deadline) > 0 && (r = waitpid(d->pid, &status, WNOHANG)) == 0)
		usleep(10000);
	if (r != d->pid) {
		kill(d->pid, SIGKILL);
		waitpid(d->pid, NULL, 0);
		FAIL("ldmd did not exit within %d s", WAIT_SECONDS);
	}
	close(d->out);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 1)
		FAIL("ldmd's wait status is 0x%x, expected exit status 1:\n%s", status,
		     read_file(d->log));
	ASSERT_EQ(mounts_at(d->sys), 0);
	return read_file(d->log);
}

static void assert_log_says(const char *log, const char *a, const char *b)
{
	if (!strstr(log, a) || !strstr(log, b))
		FAIL("the log does not say \"%s\" and \"%s\"; it says:\n%s", a, b, log);
}

DEFINE_TEST(test_ldmd_bad_board_exits_1_saying_why,
	    .description = "ldmd --board with a missing file, a truncated blob or a source with a "
			   "syntax error exits 1, naming the file and what is wrong, with "
			   "nothing mounted; so does a detaching ldmd",
	    .no_runtime = true)
{
	char dts[300], dtb[300], buf[512];
	int fd, in;
	struct ldmd d;
	ssize_t n;
	char *log;

	need_fuse();
	log = ldmd_fails(&d, (const char *[]){ "--board", "/nonexistent/board.dts", NULL });
	assert_log_says(log, "ldm: board /nonexistent/board.dts: No such file or directory",
			"ldmd: cannot load the board /nonexistent/board.dts");
	free(log);

	snprintf(dtb, sizeof(dtb), "%s/truncated.dtb", d.root);
	in = open(DEMO_DTB, O_RDONLY);
	ASSERT(in >= 0);
	n = read(in, buf, sizeof(buf));
	close(in);
	ASSERT(n == (ssize_t)sizeof(buf));
	fd = open(dtb, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ASSERT(fd >= 0);
	ASSERT_EQ(write(fd, buf, 300), 300);
	close(fd);
	log = ldmd_fails(&d, (const char *[]){ "--board", dtb, NULL });
	assert_log_says(log, dtb, "truncated: the blob's header says");
	free(log);

	snprintf(dts, sizeof(dts), "%s/broken.dts", d.root);
	fd = open(dts, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ASSERT(fd >= 0);
	ASSERT(dprintf(fd, "/dts-v1/;\n/ {\n\tserial@1000 { compatible = \"x\" }\n};\n") > 0);
	close(fd);
	log = ldmd_fails(&d, (const char *[]){ "--board", dts, NULL });
	assert_log_says(log, dts, "syntax error");
	free(log);

	/* Detaching, the parent gives the child's status. */
	in = 0;
	d.pid = spawn_ldmd(&d, false, (const char *[]){ "--board", dts, NULL });
	ASSERT_EQ(waitpid(d.pid, &in, 0), d.pid);
	close(d.out);
	ASSERT(WIFEXITED(in) && WEXITSTATUS(in) == 1);
	ASSERT_EQ(mounts_at(d.sys), 0);
	unlink(dts);
	unlink(dtb);
	remove_root(&d);
}

/* A file @dir/@name holding @text. */
static void write_in(const char *dir, const char *name, const char *text, mode_t mode)
{
	char path[256];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	ASSERT(fd >= 0);
	ASSERT_EQ(write(fd, text, strlen(text)), (long long)strlen(text));
	close(fd);
}

/* Whether @pid is dead: no such process, or a zombie its new parent has yet to reap. */
static bool dead(pid_t pid)
{
	char path[64], buf[256], *state;
	int fd, n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return kill(pid, 0) < 0 && errno == ESRCH;
	n = (int)read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	state = strrchr(buf, ')');
	return state && (state[2] == 'Z' || state[2] == 'X');
}

/* The pid in @path, once it has one (within WAIT_SECONDS). */
static pid_t wait_pid_file(const char *path)
{
	struct timespec deadline;
	long pid = 0;
	FILE *f;

	deadline_in(&deadline, WAIT_SECONDS);
	while (ms_left(&deadline) > 0) {
		f = fopen(path, "r");
		if (f && fscanf(f, "%ld", &pid) == 1 && pid > 1) {
			fclose(f);
			return (pid_t)pid;
		}
		if (f)
			fclose(f);
		usleep(10000);
	}
	FAIL("%s was not written within %d s: dtc did not start", path, WAIT_SECONDS);
}

static const char *const scratch_files[] = { "dtc", "pid", "fifo", "zero.dts", "fifo.dts" };

/*
 * In the new directory @dir: dtc, a wrapper made LDM_DTC that writes its
 * pid to @dir/pid and execs dtc; zero.dts, whose /incbin/ is /dev/zero;
 * fifo.dts, whose /incbin/ is @dir/fifo, a FIFO nobody writes.
 */
static void make_dtc_scratch(char *dir)
{
	char path[256], src[512];

	ASSERT(mkdtemp(dir));
	snprintf(src, sizeof(src), "#!/bin/sh\necho $$ > %s/pid\nexec dtc \"$@\"\n", dir);
	write_in(dir, "dtc", src, 0755);
	snprintf(path, sizeof(path), "%s/dtc", dir);
	ASSERT_OK(setenv("LDM_DTC", path, 1));
	write_in(dir, "zero.dts", "/dts-v1/;\n/ { blob = /incbin/(\"/dev/zero\"); };\n", 0644);
	snprintf(path, sizeof(path), "%s/fifo", dir);
	ASSERT_OK(mkfifo(path, 0600));
	snprintf(src, sizeof(src), "/dts-v1/;\n/ { blob = /incbin/(\"%s\"); };\n", path);
	write_in(dir, "fifo.dts", src, 0644);
}

static void remove_dtc_scratch(const char *dir)
{
	char path[256];
	unsigned int i;

	for (i = 0; i < sizeof(scratch_files) / sizeof(scratch_files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, scratch_files[i]);
		unlink(path);
	}
	ASSERT_OK(rmdir(dir));
	ASSERT_OK(unsetenv("LDM_DTC"));
}

DEFINE_TEST(test_ldmd_board_dtc_bounded_and_gone_with_ldmd,
	    .description =
		    "ldmd --board on a source with /incbin/(\"/dev/zero\") exits 1 saying dtc "
		    "failed, within 30 s (it once never became ready, dtc growing to 2 GB); "
		    "an ldmd killed while dtc blocks on a FIFO takes dtc with it (it once "
		    "outlived ldmd)",
	    .no_runtime = true, .timeout = 120)
{
	char dir[] = "/tmp/ldmd-test-dtc-XXXXXX", path[256];
	struct timespec deadline;
	struct ldmd d;
	pid_t dtc;
	char *log;

	need_fuse();
	make_dtc_scratch(dir);
	snprintf(path, sizeof(path), "%s/zero.dts", dir);
	log = ldmd_fails(&d, (const char *[]){ "--board", path, NULL });
	assert_log_says(log, path, "failed to compile it");
	free(log);
	remove_root(&d);

	snprintf(path, sizeof(path), "%s/fifo.dts", dir);
	make_root(&d);
	d.pid = spawn_ldmd(&d, true, (const char *[]){ "--board", path, NULL });
	snprintf(path, sizeof(path), "%s/pid", dir);
	dtc = wait_pid_file(path);
	ASSERT_OK(kill(d.pid, SIGKILL));
	ASSERT_EQ(waitpid(d.pid, NULL, 0), d.pid);
	close(d.out);
	deadline_in(&deadline, 5);
	while (!dead(dtc) && ms_left(&deadline) > 0)
		usleep(10000);
	if (!dead(dtc)) {
		kill(dtc, SIGKILL);
		FAIL("dtc (pid %d) outlived the ldmd that ran it by 5 s", (int)dtc);
	}
	remove_dtc_scratch(dir);
	/* The next ldmd on the root takes away the mounts the killed one left. */
	d.pid = spawn_ldmd(&d, true, NULL);
	wait_ready(&d);
	ldmd_down(&d);
}
