// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-k269.c - the 2.6.9-style test drivers (tests/drivers/k269/), each
 * compiled unchanged against 2.6.9's <linux/...> names, exercised through
 * the host API as a program does through /dev, /sys and /proc: a
 * softdog-style watchdog, an input-style stack (core, event nodes,
 * injector) and an i2c-style bus (core with /dev nodes, software adapter,
 * EEPROM chip driver).
 */
#include <poll.h>
#include <signal.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <linux/watchdog.h>

#include "../modules/modtest.h"
#include "k269/include/linux/ldmin.h"
#include "k269/include/linux/sbus.h"

static struct ldm_chrdev_file *open_node(const char *name, int flags)
{
	struct ldm_chrdev_file *f;
	dev_t dev;
	mode_t mode;

	if (ldm_chrdev_node_lookup(name, &dev, &mode))
		FAIL("no node %s", name);
	ASSERT_EQ(mode, S_IFCHR | 0600);
	ASSERT_OK(ldm_chrdev_open(dev, flags, &f));
	return f;
}

DEFINE_TEST(test_k269_watchdog_ioctls_and_magic_close,
	    .description =
		    "the softdog-style watchdog: its node is 10:130, WDIOC_ ioctls read and "
		    "write the caller's memory, an unknown one is ENOTTY, 'V' then close stops "
		    "it, and the reboot notifier stops it at ldm_reboot()")
{
	struct watchdog_info info;
	struct ldm_chrdev_file *f;
	char *misc;
	dev_t dev;
	int t;

	ASSERT_OK(ko_load("k269_wdog", NULL));
	ASSERT_OK(ldm_chrdev_node_lookup("watchdog", &dev, NULL));
	ASSERT_EQ(dev, MKDEV(10, 130));
	misc = ldm_proc_read_path("/misc", NULL);
	ASSERT_CONTAINS(misc, "130 watchdog\n");
	free(misc);
	f = open_node("watchdog", O_WRONLY);
	ASSERT_EQ(ldm_chrdev_ioctl(f, WDIOC_GETSUPPORT, (unsigned long)&info), 0);
	ASSERT_STREQ((char *)info.identity, "Software Watchdog");
	ASSERT_EQ(info.options, WDIOF_SETTIMEOUT | WDIOF_KEEPALIVEPING | WDIOF_MAGICCLOSE);
	ASSERT_EQ(ldm_chrdev_ioctl(f, WDIOC_GETTIMEOUT, (unsigned long)&t), 0);
	ASSERT_EQ(t, 60);
	t = 30;
	ASSERT_EQ(ldm_chrdev_ioctl(f, WDIOC_SETTIMEOUT, (unsigned long)&t), 0);
	ASSERT_EQ(t, 30);
	ASSERT_EQ(ldm_chrdev_ioctl(f, _IO('W', 99), 0), -ENOTTY);
	ASSERT_EQ(ldm_chrdev_write(f, "V", 1, NULL), 1);
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT(!ldm_test_log_has("Unexpected close"));
	f = open_node("watchdog", O_WRONLY);
	ASSERT_OK(ldm_reboot(LDM_REBOOT_HALT));
	ASSERT(ldm_test_log_has("k269_wdog: stopping the timer for the system's stop (2)"));
	ASSERT_EQ(ldm_chrdev_write(f, "V", 1, NULL), 1);
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT_OK(ldm_delete_module("k269_wdog", 0));
}

static int restarts;

static void on_stop(int how, const char *cmd, void *data)
{
	(void)cmd;
	(void)data;
	if (how == LDM_REBOOT_RESTART)
		__atomic_add_fetch(&restarts, 1, __ATOMIC_SEQ_CST);
}

DEFINE_TEST(test_k269_watchdog_fires_machine_restart,
	    .description = "closed without 'V', the watchdog fires after soft_margin and its "
			   "machine_restart() reaches the host's stop handler",
	    .timeout = 30)
{
	struct ldm_chrdev_file *f;
	int i;

	ldm_machine_stop_handler(on_stop, NULL);
	ASSERT_OK(ko_load("k269_wdog", "soft_margin=1"));
	f = open_node("watchdog", O_WRONLY);
	ASSERT_OK(ldm_chrdev_release(f));
	ASSERT(ldm_test_log_has("Unexpected close, not stopping watchdog!"));
	for (i = 0; i < 300 && !__atomic_load_n(&restarts, __ATOMIC_SEQ_CST); i++)
		usleep(10 * 1000);
	ASSERT_EQ(restarts, 1);
	ASSERT_EQ(ldm_machine_stop_requested(), LDM_REBOOT_RESTART);
	ASSERT(ldm_test_log_has("machine restart requested by a driver"));
	ldm_machine_stop_handler(NULL, NULL);
	ASSERT_OK(ldm_delete_module("k269_wdog", 0));
}

static volatile sig_atomic_t sigio_count;

static void on_sigio(int sig)
{
	(void)sig;
	sigio_count++;
}

DEFINE_TEST(test_k269_input_stack,
	    .description =
		    "the input-style stack: the injector takes value, pointer and bare "
		    "ioctls and makes a device; the handler's node lev0 appears, reads the "
		    "injected event with a wall-clock stamp after poll, signals SIGIO, answers "
		    "its ioctls; /proc/bus/ldmin and /proc/devices show it; it goes on destroy",
	    .timeout = 60)
{
	struct ldmin_setup setup = { .name = "k269 keyboard", .id = 0x1234 };
	struct ldmin_event ev = { .type = EV_KEY, .code = 30, .value = 1 }, got;
	struct ldm_chrdev_file *inj, *lev;
	struct timeval now;
	char name[64], *text;
	int version;
	__u16 id;
	dev_t dev;

	signal(SIGIO, on_sigio);
	ASSERT_OK(ko_load("ldmin_core", NULL));
	ASSERT_OK(ko_load("ldmin_ev", NULL));
	ASSERT_OK(ko_load("ldmin_inject", NULL));
	ASSERT_OK(ldm_misc_open("ldmin_inject", O_RDWR, &inj));
	ASSERT_EQ(ldm_chrdev_ioctl(inj, LDMIN_SET_EVBIT, EV_KEY), 0);
	ASSERT_EQ(ldm_chrdev_ioctl(inj, LDMIN_SET_EVBIT, 99), -EINVAL);
	ASSERT_EQ(ldm_chrdev_ioctl(inj, LDMIN_DEV_SETUP, (unsigned long)&setup), 0);
	ASSERT_EQ(ldm_chrdev_ioctl(inj, LDMIN_DEV_CREATE, 0), 0);

	ASSERT_OK(ldm_chrdev_node_lookup("lev0", &dev, NULL));
	ASSERT_EQ(MINOR(dev), 64);
	lev = open_node("lev0", O_RDONLY | O_NONBLOCK);
	ASSERT_EQ(ldm_chrdev_read(lev, (char *)&got, sizeof(got), NULL), -EAGAIN);
	ASSERT_EQ(ldm_chrdev_ioctl(lev, LDMIOCGVERSION, (unsigned long)&version), 0);
	ASSERT_EQ(version, LDMIN_VERSION);
	ASSERT_EQ(ldm_chrdev_ioctl(lev, LDMIOCGID, (unsigned long)&id), 0);
	ASSERT_EQ(id, 0x1234);
	ASSERT_EQ(ldm_chrdev_ioctl(lev, LDMIOCGNAME(sizeof(name)), (unsigned long)name), 14);
	ASSERT_STREQ(name, "k269 keyboard");
	ASSERT_OK(ldm_chrdev_set_owner(lev, getpid(), 4, 0));
	ASSERT_OK(ldm_chrdev_set_flags(lev, O_ASYNC | O_NONBLOCK));

	ASSERT_EQ(ldm_chrdev_poll(lev, POLLIN, 0), 0);
	ASSERT_EQ(ldm_chrdev_write(inj, (char *)&ev, sizeof(ev), NULL), (ssize_t)sizeof(ev));
	ASSERT_EQ(ldm_chrdev_poll(lev, POLLIN, 5000), POLLIN);
	ASSERT_EQ(sigio_count, 1);
	ASSERT_EQ(ldm_chrdev_read(lev, (char *)&got, sizeof(got), NULL), (ssize_t)sizeof(got));
	gettimeofday(&now, NULL);
	ASSERT(got.type == EV_KEY && got.code == 30 && got.value == 1);
	ASSERT(got.time.tv_sec <= now.tv_sec && got.time.tv_sec >= now.tv_sec - 5);

	text = ldm_proc_read_path("/bus/ldmin/devices", NULL);
	ASSERT_STREQ(text, "I: Id=1234\nN: Name=\"k269 keyboard\"\nH: Handlers=lev0 \nB: EV=3\n\n");
	free(text);
	text = ldm_proc_read_path("/bus/ldmin/handlers", NULL);
	ASSERT_STREQ(text, "N: Number=0 Name=lev Minor=64\n");
	free(text);
	text = ldm_proc_read_path("/devices", NULL);
	ASSERT(strstr(text, " ldmin\n"));
	free(text);

	ASSERT_EQ(ldm_chrdev_ioctl(inj, LDMIN_DEV_DESTROY, 0), 0);
	ASSERT_EQ(ldm_chrdev_node_lookup("lev0", &dev, NULL), -ENOENT);
	ASSERT_EQ(ldm_chrdev_read(lev, (char *)&got, sizeof(got), NULL), -ENODEV);
	ASSERT_EQ(ldm_chrdev_poll(lev, POLLIN, 0) & POLLHUP, POLLHUP);
	ASSERT_OK(ldm_chrdev_release(lev));
	ASSERT_OK(ldm_chrdev_release(inj));
	ASSERT_OK(ldm_delete_module("ldmin_inject", 0));
	ASSERT_OK(ldm_delete_module("ldmin_ev", 0));
	ASSERT_OK(ldm_delete_module("ldmin_core", 0));
	signal(SIGIO, SIG_DFL);
}

static ssize_t read_eeprom(unsigned char *buf)
{
	struct ldm_sysfs_file *file;
	struct ldm_sysfs_node *sd;
	ssize_t n;

	ASSERT_OK(ldm_sysfs_lookup("/bus/sbus/devices/0-0050/eeprom", LDM_SYSFS_FOLLOW, &sd));
	ASSERT_OK(ldm_sysfs_open(sd, O_RDONLY, &file));
	n = ldm_sysfs_read(file, (char *)buf, 256, &(loff_t){ 0 });
	ldm_sysfs_release(file);
	ldm_sysfs_put(sd);
	return n;
}

DEFINE_TEST(test_k269_i2c_style_bus,
	    .description = "the i2c-style bus: the software adapter's chip is found by the EEPROM "
			   "driver, whose binary attribute reads the chip (the serial zeroed for a "
			   "caller without CAP_SYS_ADMIN); the adapter's node sbus-0 takes a value "
			   "ioctl, a written pointer and a structure of the caller's pointers; "
			   "/proc/bus/sbus lists the adapter",
	    .timeout = 60)
{
	unsigned char rom[256], zero[16] = { 0 }, offset = 16, data[4], two[2];
	struct sbus_msg msgs[2] = {
		{ .addr = 0x50, .flags = 0, .len = 1, .buf = &offset },
		{ .addr = 0x50, .flags = SBUS_M_RD, .len = 4, .buf = data },
	};
	struct sbus_rdwr_ioctl_data rdwr = { .msgs = msgs, .nmsgs = 2 };
	struct ldm_chrdev_file *f;
	unsigned long funcs = 0;
	char *text;
	int i;

	ASSERT_OK(ko_load("sbus_core", NULL));
	ASSERT_OK(ko_load("sbus_soft", NULL));
	ASSERT_OK(ko_load("sbus_eeprom", NULL));
	ASSERT_STREQ(read_attr("/bus/sbus/devices/0-0050/name"), "eeprom\n");
	ASSERT_STREQ(read_attr("/class/sbus-adapter/sbus-0/device/name"),
		     "sbus software adapter\n");
	ASSERT_STREQ(read_attr("/module/sbus_eeprom/parameters/probe"), "80\n");

	ldm_thread_set_cred(0, 0, 1ULL << CAP_SYS_ADMIN);
	ASSERT_EQ(read_eeprom(rom), 256);
	ASSERT(!memcmp(rom, "SN:0123456789ab", 16));
	for (i = 16; i < 256; i++)
		ASSERT_EQ(rom[i], i);
	ldm_thread_set_cred(1000, 1000, 0);
	ASSERT_EQ(read_eeprom(rom), 256);
	ASSERT(!memcmp(rom, zero, 16));
	ASSERT_EQ(rom[200], 200);
	ldm_thread_clear_cred();

	f = open_node("sbus-0", O_RDWR);
	ASSERT_EQ(ldm_chrdev_ioctl(f, SBUS_FUNCS, (unsigned long)&funcs), 0);
	ASSERT_EQ(funcs, SBUS_FUNC_PLAIN);
	ASSERT_EQ(ldm_chrdev_ioctl(f, SBUS_SLAVE, 0x80), -EINVAL);
	ASSERT_EQ(ldm_chrdev_ioctl(f, SBUS_SLAVE, 0x50), 0);
	ASSERT_EQ(ldm_chrdev_ioctl(f, SBUS_RDWR, (unsigned long)&rdwr), 2);
	ASSERT(data[0] == 16 && data[1] == 17 && data[2] == 18 && data[3] == 19);
	ASSERT_EQ(ldm_chrdev_read(f, (char *)two, 2, NULL), 2);
	ASSERT(two[0] == 20 && two[1] == 21);
	ASSERT_EQ(ldm_chrdev_ioctl(f, 0x0799, 0), -ENOTTY);
	ASSERT_OK(ldm_chrdev_release(f));

	text = ldm_proc_read_path("/bus/sbus", NULL);
	ASSERT_STREQ(text, "sbus-0\tsbus software adapter           \n");
	free(text);
	ASSERT_OK(ldm_delete_module("sbus_eeprom", 0));
	ASSERT_OK(ldm_delete_module("sbus_soft", 0));
	ASSERT_OK(ldm_delete_module("sbus_core", 0));
}

DEFINE_TEST(test_k269_module_param_array,
	    .description = "module_param_array: a comma list sets the elements and the count, "
			   "shows as the list, and more elements than the array holds fail the load "
			   "(\"can only take 8 arguments\")")
{
	ASSERT_OK(ko_load("sbus_core", NULL));
	ASSERT_OK(ko_load("sbus_eeprom", "probe=0x50,0x51,82"));
	ASSERT_STREQ(read_attr("/module/sbus_eeprom/parameters/probe"), "80,81,82\n");
	ASSERT_OK(ldm_delete_module("sbus_eeprom", 0));
	ASSERT(ko_load("sbus_eeprom", "probe=1,2,3,4,5,6,7,8,9") < 0);
	ASSERT(ldm_test_log_has("probe: can only take 8 arguments"));
	ASSERT_OK(ldm_delete_module("sbus_core", 0));
}

/* A file that includes the C library's headers that include <linux/...>
 * and <asm/...> UAPI headers, then 2.6.9's names, or the other way round. */
static const char *const compat_src[] = {
	"#include <errno.h>\n#include <limits.h>\n#include <sys/ioctl.h>\n#include <sys/param.h>\n"
	"#include <sys/stat.h>\n#include <fcntl.h>\n#include <unistd.h>\n#include <signal.h>\n"
	"#include <sys/socket.h>\n#include <sys/syscall.h>\n#include <sys/sysinfo.h>\n"
	"#include <sys/mount.h>\n#include <netinet/in.h>\n",
	"#include <linux/module.h>\n#include <linux/init.h>\n#include <linux/fs.h>\n"
	"#include <linux/types.h>\n#include <linux/errno.h>\n#include <linux/stat.h>\n"
	"#include <linux/kernel.h>\n#include <linux/ioctl.h>\n#include <asm/types.h>\n"
	"#include <asm/uaccess.h>\n#include <asm/ioctl.h>\n#include <linux/watchdog.h>\n"
	"#include <linux/param.h>\n#include <asm/param.h>\n#include <asm/errno.h>\n",
};

DEFINE_TEST(test_compat_headers_leave_libc_uapi_headers_working,
	    .description = "with the compat directory on the path and -D__KERNEL__, the C "
			   "library's headers that include <linux/...> UAPI headers still compile "
			   "beside 2.6.9's names, in either order, with gcc and clang, with and "
			   "without _GNU_SOURCE",
	    .timeout = 120)
{
	static const char *const ccs[] = { "gcc", "clang" };
	static const char *const defs[] = { "", "-D_GNU_SOURCE" };
	char path[] = "/tmp/ldm-compat-XXXXXX.c", cmd[1024];
	unsigned int order, c, d;
	int fd;
	FILE *f;

	for (order = 0; order < 2; order++) {
		fd = mkstemps(path, 2);
		ASSERT(fd >= 0);
		f = fdopen(fd, "w");
		fprintf(f, "%s%s", compat_src[order], compat_src[!order]);
		fprintf(f, "int x = S_IRUGO + ERESTARTSYS + BITS_PER_LONG + _IOR('x', 1, int) + "
			   "EINVAL + PATH_MAX + HZ;\n__u32 y;\numode_t z;\n");
		fclose(f);
		for (c = 0; c < 2; c++) {
			for (d = 0; d < 2; d++) {
				snprintf(cmd, sizeof(cmd),
					 "%s -fsyntax-only -Wall -Werror -DMODULE -D__KERNEL__ "
					 "-std=gnu11 %s -I%s/include -I%s/include/compat %s",
					 ccs[c], defs[d], LDM_SOURCE_DIR, LDM_SOURCE_DIR, path);
				if (system(cmd))
					FAIL("failed: %s", cmd);
			}
		}
		unlink(path);
		strcpy(path, "/tmp/ldm-compat-XXXXXX.c");
	}
}

DEFINE_TEST(test_k269_module_parm_types_reach_the_variables,
	    .description = "MODULE_PARM of every type string (i, 1-4i, s, b, h, l, c8, 1-2c6) sets "
			   "its variable from the load arguments, as module_param would")
{
	ASSERT_OK(ko_load("k269_svc", "io=0x280 irq=3,4 name=hello flags=2 delta=-7 "
				      "big=123456789012 tag=abcdefg tags=ab,cd"));
	ASSERT(ldm_test_log_has("k269_svc: io=0x280 irq=3,4,0,0 name=hello flags=2 delta=-7 "
				"big=123456789012 tag=abcdefg tags=ab,cd\n"));
	ASSERT_OK(ldm_delete_module("k269_svc", 0));
	ASSERT(ldm_test_log_has("k269_svc: unloaded"));
}

DEFINE_TEST(test_k269_module_parm_defaults_without_arguments,
	    .description = "MODULE_PARM variables keep their initial values when the load names "
			   "none of them")
{
	ASSERT_OK(ko_load("k269_svc", NULL));
	ASSERT(ldm_test_log_has(
		"k269_svc: io=0x300 irq=5,0,0,0 name=none flags=1 delta=-1 big=7 tag=t "
		"tags=,\n"));
	ASSERT_OK(ldm_delete_module("k269_svc", 0));
}

DEFINE_TEST(test_k269_module_parm_wrong_type_is_refused_naming_it,
	    .description = "a MODULE_PARM value of the wrong type, too many values, or a string "
			   "longer than c<N> holds fails the load, naming the parameter")
{
	static const struct {
		const char *args;
		int error;
		const char *log;
	} bad[] = {
		{ "io=abc", -EINVAL, "k269_svc: parameter io: invalid value 'abc'" },
		{ "flags=256", -EINVAL, "k269_svc: parameter flags: invalid value '256'" },
		{ "irq=1,2,3,4,5", -EINVAL, "irq: can only take 4 arguments" },
		{ "irq=1,x", -EINVAL, "k269_svc: parameter irq: invalid value '1,x'" },
		{ "tag=abcdefgh", -ENOSPC, "tag: string doesn't fit in 7 chars." },
		{ "io", -EINVAL, "io: expects arguments" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		ASSERT_EQ(ko_load("k269_svc", bad[i].args), bad[i].error);
		if (!ldm_test_log_has(bad[i].log))
			FAIL("%s: no \"%s\" in the log", bad[i].args, bad[i].log);
	}
}

DEFINE_TEST(test_k269_setup_options_on_the_module_command_line,
	    .description = "a __setup(\"k269svc=\") option given as k269svc=VALUE reaches its "
			   "function, which may keep the string; an __obsolete_setup one is "
			   "accepted and ignored with a warning")
{
	ASSERT_OK(ko_load("k269_svc", "k269svc=fast,irq=9 k269old=1"));
	ASSERT(ldm_test_log_has("k269_svc: setup=fast,irq=9\n"));
	ASSERT(ldm_test_log_has("k269old=: obsolete option, ignored"));
	ASSERT_OK(ldm_delete_module("k269_svc", 0));
	ASSERT_EQ(ko_load("k269_svc", "k269svc"), -ENOENT);
}

DEFINE_TEST(test_k269_small_services_behave_as_in_2_6_9,
	    .description = "vmalloc gives a usable MiB; swab*, cpu_to_be32s, le32_to_cpus, "
			   "be16_to_cpup and get_unaligned give 2.6.9's values on a little-endian "
			   "host; verify_area is 0 or -EFAULT; a panic notifier registers; "
			   "downgrade_write leaves a read lock; dmi_check_system matches nothing")
{
	ASSERT_OK(ko_load("k269_svc", NULL));
	ASSERT(ldm_test_log_has("k269_svc: vmalloc ok\n"));
	ASSERT(ldm_test_log_has(
		"k269_svc: swab16=3412 swab32=78563412 swab64=0807060504030201 "
		"be32=78563412 le32=12345678 be16p=1234 w=3412 unaligned=78563412\n"));
	ASSERT(ldm_test_log_has("k269_svc: verify_area 0 -14\n"));
	ASSERT(ldm_test_log_has("k269_svc: downgraded: write trylock 0\n"));
	ASSERT(ldm_test_log_has("k269_svc: dmi matches 0\n"));
	ASSERT(!ldm_test_log_has("quirk for"));
	ASSERT(ldm_test_log_has(
		"k269_svc: circ cnt 5 space 10 to_end 2; hweight8 8 hweight16 16\n"));
#if defined(__x86_64__) || defined(__i386__)
	ASSERT(ldm_test_log_has("k269_svc: cpu vendor known family known\n"));
	ASSERT(ldm_test_log_has("k269_svc: tsc read ok\n"));
#endif
	ASSERT_OK(ldm_delete_module("k269_svc", 0));
}

static void stop_ignored(int how, const char *cmd, void *data)
{
	(void)how;
	(void)cmd;
	(void)data;
}

DEFINE_TEST(test_machine_power_off_calls_the_drivers_pm_power_off,
	    .description = "machine_power_off() calls the pm_power_off a module set, then asks "
			   "the host to stop; after the module's exit cleared it, only the stop")
{
	ldm_machine_stop_handler(stop_ignored, NULL);
	ASSERT_OK(ko_load("k269_svc", NULL));
	machine_power_off();
	ASSERT(ldm_test_log_has("k269_svc: powering off\n"));
	ASSERT_OK(ldm_delete_module("k269_svc", 0));
	ASSERT(pm_power_off == NULL);
}

/* A panic notifier of the test's own: it runs in a child that panics. */
static int panic_seen_fd = -1;

static int test_panic_event(struct notifier_block *nb, unsigned long event, void *msg)
{
	(void)nb;
	(void)event;
	if (write(panic_seen_fd, msg, strlen(msg)) < 0)
		return NOTIFY_BAD;
	return NOTIFY_DONE;
}

DEFINE_TEST(test_panic_calls_the_panic_notifiers_then_stops,
	    .description = "panic() prints \"Kernel panic - not syncing: REASON\", calls each "
			   "notifier of panic_notifier_list with the reason, and aborts")
{
	static struct notifier_block nb = { .notifier_call = test_panic_event };
	char buf[64] = "";
	int fds[2], status;
	pid_t pid;

	ASSERT_OK(pipe(fds));
	pid = fork();
	ASSERT(pid >= 0);
	if (!pid) {
		close(fds[0]);
		panic_seen_fd = fds[1];
		notifier_chain_register(&panic_notifier_list, &nb);
		signal(SIGABRT, SIG_DFL);
		panic("disk %d on fire", 3);
	}
	close(fds[1]);
	ASSERT(read(fds[0], buf, sizeof(buf) - 1) > 0);
	close(fds[0]);
	ASSERT_STREQ(buf, "disk 3 on fire");
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
}
