// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-exec-nodes.c - where ldmd's device nodes appear and how events name
 * them: at udev's paths (input/event0) in the modern tree, flat in the
 * 2.6.9 tree; MAJOR, MINOR and DEVNAME for every class device with a "dev"
 * attribute, whatever registered it (nodetest.ko: class_simple devices of
 * the class "input", and an i2c-dev-style class device whose driver adds
 * its "dev" file itself); and the field's programs finding them: evtest
 * with no argument, pyudev.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>

#include "ldmd-util.h"

#define NODE_KO LDMD_NODE_MODULE

static void nodes_up(struct ldmd *d, bool flat)
{
	need_fuse();
	if (flat)
		ldmd_up(d, (const char *[]){ "--sysfs", "2.6.9", NODE_KO, NULL });
	else
		ldmd_up(d, (const char *[]){ NODE_KO, NULL });
}

static char *dev_path(const struct ldmd *d, const char *rel, char *buf)
{
	snprintf(buf, 512, "%s/%s", d->dev, rel);
	return buf;
}

#define DEV(d, rel) dev_path((d), (rel), (char[512]){ 0 })

static void assert_node(const struct ldmd *d, const char *rel)
{
	struct stat st;

	if (stat(DEV(d, rel), &st))
		FAIL("DIR/dev/%s: %s", rel, strerror(errno));
	ASSERT(S_ISREG(st.st_mode));
}

DEFINE_TEST(
	test_dev_nodes_at_udev_paths,
	.description =
		"in the modern tree ldmd's nodes are where udev puts them: DIR/dev/input/event0 and input/mice for the class input, i2c-0 flat; DIR/dev/input is a directory; nothing of them at the top",
	.no_runtime = true)
{
	unsigned char type;
	struct ldmd d;
	struct stat st;

	nodes_up(&d, false);
	assert_node(&d, "input/event0");
	assert_node(&d, "input/mice");
	assert_node(&d, "i2c-0");
	ASSERT_OK(stat(DEV(&d, "input"), &st));
	ASSERT(S_ISDIR(st.st_mode));
	ASSERT(listed(d.dev, "input", &type) && type == DT_DIR);
	ASSERT(listed(DEV(&d, "input"), "event0", &type) && type == DT_REG);
	ASSERT(listed(DEV(&d, "input"), "mice", NULL));
	ASSERT_EQ(count_entries(DEV(&d, "input")), 4); /* ., .., event0, mice */
	ASSERT(!listed(d.dev, "event0", NULL));
	ASSERT_ERRNO(stat(DEV(&d, "event0"), &st), ENOENT);
	ASSERT_ERRNO(stat(DEV(&d, "input/event9"), &st), ENOENT);
	ASSERT_ERRNO(open(DEV(&d, "input"), O_WRONLY), EISDIR);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_dev_nodes_flat_in_the_2_6_9_tree,
	.description =
		"with --sysfs=2.6.9 ldmd's nodes stay flat, named after their class devices: DIR/dev/event0, mice, i2c-0, and no DIR/dev/input",
	.no_runtime = true)
{
	struct ldmd d;
	struct stat st;

	nodes_up(&d, true);
	assert_node(&d, "event0");
	assert_node(&d, "mice");
	assert_node(&d, "i2c-0");
	ASSERT_ERRNO(stat(DEV(&d, "input"), &st), ENOENT);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_uevent_names_every_class_node,
	.description =
		"every class device with a dev attribute has MAJOR, MINOR and DEVNAME in its uevent: class_simple's input/event0 and an i2c-dev-style class device whose driver made its dev file after class_device_register",
	.no_runtime = true)
{
	struct ldmd d;
	char *text;

	nodes_up(&d, false);
	text = cat(SYS(&d, "/class/i2c-dev/i2c-0/uevent"));
	ASSERT(text);
	ASSERT_STREQ(text, "MAJOR=89\nMINOR=0\nDEVNAME=i2c-0\n");
	text = cat(SYS(&d, "/class/input/event0/uevent"));
	ASSERT(text);
	ASSERT_STREQ(text, "MAJOR=13\nMINOR=64\nDEVNAME=input/event0\n");
	ldmd_down(&d);
}

static const char pyudev_nodes[] =
	"/usr/bin/python3 -c 'import pyudev\n"
	"ctx = pyudev.Context()\n"
	"for s in (\"i2c-dev\", \"input\"):\n"
	"    for dev in sorted(ctx.list_devices(subsystem=s), key=lambda d: d.sys_name):\n"
	"        print(dev.subsystem, dev.sys_name, dev.device_node, dev.device_number)\n'";

DEFINE_TEST(
	test_exec_pyudev_finds_class_nodes,
	.description =
		"pyudev under ldm exec gives the i2c-dev-style class device its node /dev/i2c-0 and number, and the input devices /dev/input/event0 and /dev/input/mice",
	.no_runtime = true)
{
	struct ldmd d;
	char *out;

	if (system("/usr/bin/python3 -c 'import pyudev' 2>/dev/null"))
		ldm_test_skip("pyudev is not installed (Debian's package python3-pyudev)");
	need_namespaces();
	nodes_up(&d, false);
	exec_ok(&d, pyudev_nodes, &out);
	ASSERT_STREQ(out, "i2c-dev i2c-0 /dev/i2c-0 22784\n"
			  "input event0 /dev/input/event0 3392\n"
			  "input mice /dev/input/mice 3391\n");
	free(out);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_exec_evtest_lists_input_devices,
	.description =
		"evtest with no argument under ldm exec finds /dev/input/event0 of an evdev-style driver and lists it with the name its EVIOCGNAME gives",
	.no_runtime = true)
{
	struct ldmd d;
	char *out;

	if (!in_path("evtest"))
		ldm_test_skip("evtest is not installed (Debian's package evtest)");
	need_namespaces();
	nodes_up(&d, false);
	ldm_exec(&d, "LDM_PRELOAD=" LDM_PRELOAD_BUILD, "evtest </dev/null", &out);
	if (!strstr(out, "/dev/input/event0:\tldm nodetest keys\n"))
		FAIL("evtest did not list the device:\n%s", out);
	free(out);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_exec_proc_at_any_depth_is_ldmds,
	.description =
		"under ldm exec /proc/bus/input/devices, which the machine has too, is ldmd's (a driver's entry two directories down), while /proc/bus/input/handlers, which ldmd does not serve, and /proc/version stay the machine's",
	.no_runtime = true)
{
	struct ldmd d;
	char *out;

	need_namespaces();
	if (access("/proc/bus/input/devices", F_OK) || access("/proc/bus/input/handlers", F_OK))
		ldm_test_skip("this machine has no /proc/bus/input/devices and handlers");
	nodes_up(&d, false);
	exec_ok(&d,
		"sh -c 'cat /proc/bus/input/devices; cat /proc/bus/input/handlers >/dev/null && "
		"echo handlers; grep -q \"^Linux version\" /proc/version && echo version'",
		&out);
	ASSERT_STREQ(out, "I: Bus=0019 Vendor=0001 Product=0002 Version=0100\n"
			  "N: Name=\"ldm nodetest keys\"\n"
			  "P: Phys=ldm/nodetest\n"
			  "H: Handlers=event0\n"
			  "B: EV=2\n\n"
			  "handlers\nversion\n");
	free(out);
	ldmd_down(&d);
}
