// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-of.c - boards as device trees (src/of/, docs/boards.md): the
 * platform devices a board makes, their names ("<address>.<name>"), their
 * memory and interrupt resources with various cell sizes and through the
 * ranges of simple-bus nodes, matching by of_match_table before the name,
 * the of_property_read_*() helpers, and bad boards refused with a message
 * that says what is wrong, leaving nothing registered.
 *
 * Boards are written here as device tree source and loaded through dtc, as
 * ldmd --board loads a .dts; blobs are read from the build's demo.dtb.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <libfdt.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "fault.h"
#include "harness.h"

#define DEMO_DTS LDM_SOURCE_DIR "/boards/demo.dts"
#define DEMO_DTB LDM_BUILD_DIR "/boards/demo.dtb"

/* Write @src to a fresh .dts file; its path in @path (64 bytes). */
static void write_dts(char *path, const char *src)
{
	int fd;

	snprintf(path, 64, "/tmp/ldm-test-of-XXXXXX.dts");
	fd = mkstemps(path, 4);
	ASSERT(fd >= 0);
	ASSERT_EQ(write(fd, src, strlen(src)), (long long)strlen(src));
	close(fd);
}

/* stderr going to a file until capture_end(). */
struct capture {
	int fd, saved;
};

static void capture_start(struct capture *c)
{
	char tmpl[] = "/tmp/ldm-test-of-err-XXXXXX";

	c->fd = mkstemp(tmpl);
	c->saved = dup(STDERR_FILENO);
	ASSERT(c->fd >= 0 && c->saved >= 0);
	unlink(tmpl);
	fflush(stderr);
	dup2(c->fd, STDERR_FILENO);
}

/* stderr back; what was written to it meanwhile (free() it). */
static char *capture_end(struct capture *c)
{
	struct stat st;
	char *msg;
	ssize_t n;

	fflush(stderr);
	dup2(c->saved, STDERR_FILENO);
	close(c->saved);
	ASSERT_OK(fstat(c->fd, &st));
	msg = calloc(1, (size_t)st.st_size + 1);
	ASSERT(msg);
	n = pread(c->fd, msg, (size_t)st.st_size, 0);
	ASSERT_EQ(n, st.st_size);
	close(c->fd);
	return msg;
}

/* ldm_board_load() on @path with stderr in *@msg (free() it); its result. */
static int load_capturing(const char *path, char **msg)
{
	struct capture c;
	int error;

	capture_start(&c);
	error = ldm_board_load(path);
	*msg = capture_end(&c);
	return error;
}

/* ldm_board_load_blob() as "crafted.dtb", with stderr in *@msg (free() it). */
static int load_blob_capturing(const void *blob, size_t size, char **msg)
{
	struct capture c;
	int error;

	capture_start(&c);
	error = ldm_board_load_blob(blob, size, "crafted.dtb");
	*msg = capture_end(&c);
	return error;
}

/* Load the board of source @src; its result, and what it logged in *@msg. */
static int load_dts(const char *src, char **msg)
{
	char path[64];
	char *ignored = NULL;
	int error;

	write_dts(path, src);
	error = load_capturing(path, msg ? msg : &ignored);
	unlink(path);
	free(ignored);
	return error;
}

/* The platform device /bus/platform/devices/@name, referenced. */
static struct platform_device *pdev_get(const char *name)
{
	struct device *dev = device_find(name, &platform_bus_type);

	if (!dev)
		FAIL("no platform device %s", name);
	return to_platform_device(dev);
}

static void assert_mem(struct platform_device *pdev, unsigned int i, unsigned long start,
		       unsigned long end)
{
	struct resource *r = platform_get_resource(pdev, IORESOURCE_MEM, i);

	if (!r)
		FAIL("%s has no memory resource %u", pdev->dev.bus_id, i);
	if (r->start != start || r->end != end)
		FAIL("%s: memory resource %u is 0x%lx-0x%lx, expected 0x%lx-0x%lx",
		     pdev->dev.bus_id, i, r->start, r->end, start, end);
}

/* Whether @msg holds @s; fail showing @msg if not. */
static void assert_says(const char *msg, const char *s)
{
	if (!strstr(msg, s))
		FAIL("the log does not say \"%s\"; it says:\n%s", s, msg);
}

DEFINE_TEST(test_of_demo_board_devices_named_address_dot_name,
	    .description = "boards/demo.dts makes a platform device of each node with compatible "
			   "under the root or a simple-bus, named <address>.<name> or <name>")
{
	char *msg;

	ASSERT_OK(load_capturing(DEMO_DTS, &msg));
	free(msg);
	ASSERT(tree_exists("/devices/platform/10000000.serial"));
	ASSERT(tree_exists("/devices/platform/f0000000.intc"));
	ASSERT(tree_exists("/devices/platform/soc"));
	ASSERT(tree_exists("/devices/platform/soc/10001000.sensor"));
	ASSERT(tree_exists("/devices/platform/soc/10002000.gpio"));
	ASSERT(tree_exists("/devices/platform/leds"));
	ASSERT(tree_exists("/bus/platform/devices/10001000.sensor"));
	/* The children of gpio-leds are not on a simple-bus: no devices. */
	ASSERT(!tree_exists("/devices/platform/leds/led-status"));
	ASSERT(!tree_exists("/devices/platform/led-status"));
	ldm_board_unload();
	ASSERT(!tree_exists("/devices/platform/soc"));
	ASSERT(!tree_exists("/devices/platform/10000000.serial"));
}

DEFINE_TEST(test_of_tree_shown_at_firmware_devicetree,
	    .description = "the loaded board is /firmware/devicetree/base: a directory per node, "
			   "a 0444 file per property with its raw value; each device links to its "
			   "node as of_node; all of it goes with the board")
{
	static const unsigned char rate[] = { 0, 0, 0, 100 };
	struct ldm_sysfs_node *sd;
	char buf[4096], *msg;
	ssize_t n;

	ASSERT_OK(load_capturing(DEMO_DTS, &msg));
	free(msg);
	n = ldm_sysfs_read_path("/firmware/devicetree/base/model", buf, sizeof(buf));
	ASSERT_EQ(n, sizeof("ldm demo board"));
	ASSERT(!memcmp(buf, "ldm demo board", sizeof("ldm demo board")));
	n = ldm_sysfs_read_path("/firmware/devicetree/base/soc/sensor@10001000/sample-rate-hz", buf,
				sizeof(buf));
	ASSERT_EQ(n, 4);
	ASSERT(!memcmp(buf, rate, 4));
	n = ldm_sysfs_read_path("/firmware/devicetree/base/soc/sensor@10001000/label", buf,
				sizeof(buf));
	ASSERT_EQ(n, sizeof("board-temp"));
	ASSERT(tree_exists("/firmware/devicetree/base/leds/led-status/label"));

	ASSERT_OK(ldm_sysfs_lookup("/devices/platform/soc/10001000.sensor/of_node", 0, &sd));
	n = ldm_sysfs_readlink(sd, buf, sizeof(buf));
	ldm_sysfs_put(sd);
	ASSERT(n > 0);
	buf[n] = '\0';
	ASSERT_STREQ(buf, "../../../../firmware/devicetree/base/soc/sensor@10001000");
	ldm_board_unload();
	ASSERT(!tree_exists("/firmware/devicetree"));
	ASSERT(tree_exists("/firmware"));
	/* And again: the directory comes back with the next board. */
	ASSERT_OK(load_capturing(DEMO_DTB, &msg));
	free(msg);
	ASSERT(tree_exists("/firmware/devicetree/base/serial@10000000/reg"));
}

DEFINE_TEST(test_of_dtb_and_dts_give_the_same_board,
	    .description = "the demo board loads from the .dtb the build made as from its .dts; "
			   "a second board is refused with -EBUSY while one is loaded")
{
	struct platform_device *pdev;
	char *msg;

	ASSERT_OK(load_capturing(DEMO_DTB, &msg));
	free(msg);
	pdev = pdev_get("10000000.serial");
	assert_mem(pdev, 0, 0x10000000, 0x100000ff);
	ASSERT_EQ(platform_get_irq(pdev, 0), 10);
	ASSERT_STREQ(pdev->name, "10000000.serial");
	ASSERT_EQ(pdev->id, (u32)-1);
	ASSERT(pdev->dev.of_node);
	ASSERT_STREQ(pdev->dev.of_node->full_name, "/serial@10000000");
	ASSERT_STREQ(pdev->dev.of_node->name, "serial");
	put_device(&pdev->dev);
	ASSERT_EQ(load_capturing(DEMO_DTS, &msg), -EBUSY);
	assert_says(msg, "a board is loaded already");
	free(msg);
	ldm_board_unload();
	ASSERT_OK(load_capturing(DEMO_DTS, &msg));
	free(msg);
}

static const char cells_board[] =
	"/dts-v1/;\n"
	"/ {\n"
	"	#address-cells = <2>; #size-cells = <2>;\n"
	"	mem@100000000 { compatible = \"acme,mem\";\n"
	"		reg = <0x1 0x0 0x0 0x1000>, <0x1 0x10000 0x0 0x20>; };\n"
	"	bus@40000000 { compatible = \"simple-bus\";\n"
	"		#address-cells = <1>; #size-cells = <1>;\n"
	"		ranges = <0x0 0x0 0x40000000 0x10000>;\n"
	"		dev@100 { compatible = \"acme,dev\"; reg = <0x100 0x10>; };\n"
	"		small@200 { compatible = \"acme,small\"; reg = <0x200 0x4 0x300 0x8>; };\n"
	"	};\n"
	"	flat { compatible = \"simple-bus\"; #address-cells = <1>; #size-cells = <0>;\n"
	"		cpuish@7 { compatible = \"acme,nosize\"; reg = <7>; };\n"
	"	};\n"
	"	disabled@500 { compatible = \"acme,off\"; reg = <0x0 0x500 0x0 0x10>;\n"
	"		status = \"disabled\"; };\n"
	"	nocompat@600 { reg = <0x0 0x600 0x0 0x10>; };\n"
	"};\n";

DEFINE_TEST(test_of_reg_cells_and_ranges_give_memory_resources,
	    .description = "reg is read with the parent's #address-cells and #size-cells (2/2, "
			   "1/1, 1/0), each entry an IORESOURCE_MEM, translated through a "
			   "simple-bus's ranges; disabled nodes and nodes without compatible "
			   "make no device")
{
	struct platform_device *pdev;

	ASSERT_OK(load_dts(cells_board, NULL));
	pdev = pdev_get("100000000.mem");
	ASSERT_EQ(pdev->num_resources, 2);
	assert_mem(pdev, 0, 0x100000000UL, 0x100000fffUL);
	assert_mem(pdev, 1, 0x100010000UL, 0x10001001fUL);
	put_device(&pdev->dev);

	pdev = pdev_get("40000100.dev");
	assert_mem(pdev, 0, 0x40000100, 0x4000010f);
	ASSERT_STREQ(kobject_name(&pdev->dev.parent->kobj), "bus");
	put_device(&pdev->dev);
	ASSERT(tree_exists("/devices/platform/bus/40000100.dev"));

	pdev = pdev_get("40000200.small");
	ASSERT_EQ(pdev->num_resources, 2);
	assert_mem(pdev, 0, 0x40000200, 0x40000203);
	assert_mem(pdev, 1, 0x40000300, 0x40000307);
	put_device(&pdev->dev);

	/* #size-cells 0: named by its address, nothing to claim. */
	pdev = pdev_get("7.cpuish");
	ASSERT_EQ(pdev->num_resources, 0);
	put_device(&pdev->dev);

	ASSERT(!device_find("500.disabled", &platform_bus_type));
	ASSERT(!device_find("600.nocompat", &platform_bus_type));
}

static const char irq_board[] =
	"/dts-v1/;\n"
	"/ {\n"
	"	#address-cells = <1>; #size-cells = <1>;\n"
	"	pic: pic@1000 { compatible = \"acme,pic\"; reg = <0x1000 0x100>;\n"
	"		interrupt-controller; #interrupt-cells = <2>; #address-cells = <0>; };\n"
	"	one: one@2000 { compatible = \"acme,pic\"; reg = <0x2000 0x100>;\n"
	"		interrupt-controller; #interrupt-cells = <1>; #address-cells = <0>; };\n"
	"	soc { compatible = \"simple-bus\"; #address-cells = <1>; #size-cells = <1>;\n"
	"		ranges; interrupt-parent = <&pic>;\n"
	"		uart@3000 { compatible = \"acme,uart\"; reg = <0x3000 0x10>;\n"
	"			interrupts = <5 1>, <6 4>; };\n"
	"		timer@4000 { compatible = \"acme,timer\"; reg = <0x4000 0x10>;\n"
	"			interrupt-parent = <&one>; interrupts = <7 8 9>; };\n"
	"	};\n"
	"};\n";

DEFINE_TEST(test_of_interrupts_give_irq_resources,
	    .description = "interrupts is split by the #interrupt-cells of the interrupt "
			   "parent (inherited from a bus, or the node's own), each specifier an "
			   "IORESOURCE_IRQ numbered by its first cell")
{
	struct platform_device *pdev;

	ASSERT_OK(load_dts(irq_board, NULL));
	pdev = pdev_get("3000.uart");
	ASSERT_EQ(pdev->num_resources, 3);
	ASSERT_EQ(platform_get_irq(pdev, 0), 5);
	ASSERT_EQ(platform_get_irq(pdev, 1), 6);
	ASSERT_EQ(platform_get_irq(pdev, 2), 0);
	assert_mem(pdev, 0, 0x3000, 0x300f);
	put_device(&pdev->dev);
	pdev = pdev_get("4000.timer");
	ASSERT_EQ(platform_get_irq(pdev, 0), 7);
	ASSERT_EQ(platform_get_irq(pdev, 1), 8);
	ASSERT_EQ(platform_get_irq(pdev, 2), 9);
	put_device(&pdev->dev);
}

static const char nest_board[] =
	"/dts-v1/;\n"
	"/ {\n"
	"	#address-cells = <1>; #size-cells = <1>;\n"
	"	outer { compatible = \"acme,outer\", \"simple-bus\";\n"
	"		#address-cells = <1>; #size-cells = <1>; ranges = <0 0x10000000 0x100000>;\n"
	"		inner@1000 { compatible = \"simple-bus\"; reg = <0x1000 0x10>;\n"
	"			#address-cells = <1>; #size-cells = <1>;\n"
	"			ranges = <0 0x2000 0x1000>;\n"
	"			leaf@40 { compatible = \"acme,leaf\"; reg = <0x40 0x4>; };\n"
	"		};\n"
	"		mfd@8000 { compatible = \"acme,mfd\"; reg = <0x8000 0x100>;\n"
	"			part { compatible = \"acme,part\"; };\n"
	"		};\n"
	"	};\n"
	"};\n";

DEFINE_TEST(test_of_simple_bus_nests_and_other_nodes_keep_their_children,
	    .description = "a simple-bus under a simple-bus is populated with its children below "
			   "it, addresses translated through both ranges; the children of a "
			   "node that is not a simple-bus make no devices")
{
	struct platform_device *pdev;

	ASSERT_OK(load_dts(nest_board, NULL));
	ASSERT(tree_exists("/devices/platform/outer"));
	ASSERT(tree_exists("/devices/platform/outer/10001000.inner"));
	ASSERT(tree_exists("/devices/platform/outer/10001000.inner/10002040.leaf"));
	ASSERT(tree_exists("/devices/platform/outer/10008000.mfd"));
	ASSERT(!device_find("part", &platform_bus_type));
	pdev = pdev_get("10002040.leaf");
	assert_mem(pdev, 0, 0x10002040, 0x10002043);
	put_device(&pdev->dev);
	ldm_board_unload();
	ASSERT(!tree_exists("/devices/platform/outer"));
}

/* ---- matching ---- */

struct probe_log {
	int probed;
	const void *data;
	struct device *dev;
};

static struct probe_log log_a, log_b, log_name;

static int probe_a(struct device *dev)
{
	log_a.probed++;
	log_a.dev = dev;
	log_a.data = of_device_get_match_data(dev);
	return 0;
}

static int probe_b(struct device *dev)
{
	log_b.probed++;
	log_b.dev = dev;
	log_b.data = of_device_get_match_data(dev);
	return 0;
}

static int probe_name(struct device *dev)
{
	log_name.probed++;
	log_name.dev = dev;
	log_name.data = of_device_get_match_data(dev);
	return 0;
}

static const struct of_device_id ids_a[] = { { .compatible = "acme,widget-v2", .data = "v2" },
					     { .compatible = "acme,gadget", .data = "gadget" },
					     {} };

static const struct of_device_id ids_b[] = { { .compatible = "acme,widget", .data = "generic" },
					     {} };

static struct device_driver drv_a = {
	.name = "drv_a",
	.bus = &platform_bus_type,
	.probe = probe_a,
	.of_match_table = ids_a,
};

static struct device_driver drv_b = {
	.name = "drv_b",
	.bus = &platform_bus_type,
	.probe = probe_b,
	.of_match_table = ids_b,
};

static struct device_driver drv_name = {
	.name = "1000.widget",
	.bus = &platform_bus_type,
	.probe = probe_name,
};

static struct device_driver drv_plain = {
	.name = "9000.plain",
	.bus = &platform_bus_type,
	.probe = probe_name,
};

static const char match_board[] =
	"/dts-v1/;\n"
	"/ {\n"
	"	#address-cells = <1>; #size-cells = <1>;\n"
	"	widget@1000 { compatible = \"acme,widget-v2\", \"acme,widget\";\n"
	"		reg = <0x1000 0x10>; };\n"
	"	plain@9000 { compatible = \"acme,unknown\"; reg = <0x9000 0x10>; };\n"
	"};\n";

DEFINE_TEST(test_of_match_table_then_name,
	    .description = "a board device binds a driver whose of_match_table has its "
			   "compatible, with its data from of_device_get_match_data, or a driver "
			   "of its name, as in 2.6.9; drivers are tried in registration order")
{
	/* Registered before the board: they bind as the devices come. */
	ASSERT_OK(driver_register(&drv_b));
	ASSERT_OK(driver_register(&drv_name));
	ASSERT_OK(load_dts(match_board, NULL));
	ASSERT_EQ(log_name.probed, 0);
	ASSERT_EQ(log_b.probed, 1);
	ASSERT_STREQ(log_b.data, "generic");
	ASSERT_STREQ(log_b.dev->bus_id, "1000.widget");
	ASSERT(tree_exists("/bus/platform/drivers/drv_b/1000.widget"));

	/* A driver that fits better does not take a bound device. */
	ASSERT_OK(driver_register(&drv_a));
	ASSERT_EQ(log_a.probed, 0);
	/* Unbound, the device goes to the first driver that matches, by name here. */
	driver_unregister(&drv_b);
	ASSERT_EQ(bus_rescan_devices(&platform_bus_type), 1);
	ASSERT_EQ(log_name.probed, 1);
	ASSERT_STREQ(log_name.dev->bus_id, "1000.widget");
	ASSERT(log_name.data == NULL);
	driver_unregister(&drv_name);
	ASSERT_EQ(bus_rescan_devices(&platform_bus_type), 1);
	ASSERT_EQ(log_a.probed, 1);
	ASSERT_STREQ(log_a.data, "v2");

	/* No compatible fits "9000.plain": its name does, registered after the board. */
	ASSERT_OK(driver_register(&drv_plain));
	ASSERT_EQ(log_name.probed, 2);
	ASSERT_STREQ(log_name.dev->bus_id, "9000.plain");
	ldm_board_unload();
	driver_unregister(&drv_plain);
	driver_unregister(&drv_a);
}

DEFINE_TEST(test_of_match_node_prefers_the_most_specific_compatible,
	    .description = "of_match_node picks the entry for the earliest of a node's compatible "
			   "strings whatever the table's order; name and type entries match too; "
			   "of_device_is_compatible scores earlier strings higher")
{
	static const struct of_device_id table[] = {
		{ .compatible = "acme,widget", .data = "late" },
		{ .compatible = "acme,widget-v2", .data = "early" },
		{}
	};
	static const struct of_device_id by_name[] = { { .name = "nomatch" },
						       { .name = "widget", .data = "name" },
						       {} };
	static const struct of_device_id by_type[] = { { .type = "serial", .data = "type" }, {} };
	struct device_node *np;

	ASSERT_OK(load_dts(match_board, NULL));
	np = of_find_node_by_path("/widget@1000");
	ASSERT(np);
	ASSERT_STREQ(of_match_node(table, np)->data, "early");
	ASSERT_STREQ(of_match_node(by_name, np)->data, "name");
	ASSERT(of_match_node(by_type, np) == NULL);
	ASSERT(of_device_is_compatible(np, "acme,widget-v2") >
	       of_device_is_compatible(np, "acme,widget"));
	ASSERT(of_device_is_compatible(np, "ACME,Widget") > 0);
	ASSERT_EQ(of_device_is_compatible(np, "acme,widget-v3"), 0);
	of_node_put(np);
}

/* ---- properties ---- */

static const char alias_board[] =
	"/dts-v1/;\n"
	"/ {\n"
	"	#address-cells = <1>; #size-cells = <1>;\n"
	"	widget@1000 { compatible = \"acme,widget v2\", \"acme,widget\";\n"
	"		reg = <0x1000 0x10>; };\n"
	"	bus { compatible = \"simple-bus\"; #address-cells = <1>; #size-cells = <1>;\n"
	"		ranges;\n"
	"		port@2000 { compatible = \"acme,port\"; device_type = \"serial\";\n"
	"			reg = <0x2000 0x10>; }; };\n"
	"};\n";

DEFINE_TEST(
	test_of_device_modalias_and_event_variables,
	.description =
		"a board device's modalias is of:N<name>T<type>C<compatible>... (type (null) without device_type, spaces as _), and its events and uevent file carry OF_NAME, OF_FULLNAME, OF_TYPE, OF_COMPATIBLE_<i>, OF_COMPATIBLE_N and MODALIAS")
{
	ASSERT_OK(load_dts(alias_board, NULL));
	ASSERT_STREQ(tree_attr("/devices/platform/1000.widget/modalias"),
		     "of:NwidgetT(null)Cacme,widget_v2Cacme,widget\n");
	ASSERT_STREQ(tree_attr("/devices/platform/1000.widget/uevent"),
		     "OF_NAME=widget\nOF_FULLNAME=/widget@1000\nOF_COMPATIBLE_0=acme,widget v2\n"
		     "OF_COMPATIBLE_1=acme,widget\nOF_COMPATIBLE_N=2\n"
		     "MODALIAS=of:NwidgetT(null)Cacme,widget_v2Cacme,widget\n");
	ASSERT_STREQ(tree_attr("/devices/platform/bus/2000.port/modalias"),
		     "of:NportTserialCacme,port\n");
	ASSERT_STREQ(tree_attr("/devices/platform/bus/2000.port/uevent"),
		     "OF_NAME=port\nOF_FULLNAME=/bus/port@2000\nOF_TYPE=serial\n"
		     "OF_COMPATIBLE_0=acme,port\nOF_COMPATIBLE_N=1\n"
		     "MODALIAS=of:NportTserialCacme,port\n");
	ldm_board_unload();
}

static const char aliases_board[] =
	"/dts-v1/;\n"
	"/ {\n"
	"	#address-cells = <1>; #size-cells = <1>;\n"
	"	aliases { serial1 = &port; widget = \"/widget@1000\"; serial0 = \"/bus/port@2000\";\n"
	"		gone0 = \"/nope\"; blob0 = [2f 62]; };\n"
	"	widget@1000 { compatible = \"acme,widget\"; reg = <0x1000 0x10>; };\n"
	"	bus { compatible = \"simple-bus\"; #address-cells = <1>; #size-cells = <1>;\n"
	"		ranges;\n"
	"		port: port@2000 { compatible = \"acme,port\"; reg = <0x2000 0x10>; }; };\n"
	"};\n";

DEFINE_TEST(
	test_of_device_event_has_its_aliases,
	.description =
		"a board device's events and uevent file carry OF_ALIAS_<i>=<alias> for each alias of /aliases naming its node, in their order, as modern Linux; an alias without a number, one naming no node or not a string counts for nothing")
{
	ASSERT_OK(load_dts(aliases_board, NULL));
	ASSERT_STREQ(tree_attr("/devices/platform/bus/2000.port/uevent"),
		     "OF_NAME=port\nOF_FULLNAME=/bus/port@2000\n"
		     "OF_COMPATIBLE_0=acme,port\nOF_COMPATIBLE_N=1\n"
		     "OF_ALIAS_0=serial1\nOF_ALIAS_1=serial0\n"
		     "MODALIAS=of:NportT(null)Cacme,port\n");
	ASSERT_STREQ(tree_attr("/devices/platform/1000.widget/uevent"),
		     "OF_NAME=widget\nOF_FULLNAME=/widget@1000\n"
		     "OF_COMPATIBLE_0=acme,widget\nOF_COMPATIBLE_N=1\n"
		     "MODALIAS=of:NwidgetT(null)Cacme,widget\n");
	ldm_board_unload();
}

static const char prop_board[] =
	"/dts-v1/;\n"
	"/ {\n"
	"	node { compatible = \"acme,props\";\n"
	"		one = <42>; three = <1 2 3>; wide = /bits/ 64 <0x123456789abcdef0>;\n"
	"		label = \"hello\"; list = \"a\", \"bb\", \"ccc\";\n"
	"		flag; raw = [61 62]; odd = [01 02 03];\n"
	"		status = \"okay\";\n"
	"		kid-a { x = <1>; }; kid-b { x = <2>; };\n"
	"	};\n"
	"};\n";

DEFINE_TEST(test_of_property_reads,
	    .description = "of_property_read_u32/_u32_array/_u64/_string/_bool, match_string and "
			   "count_u32_elems read what the source says, and fail with -EINVAL, "
			   "-ENODATA, -EOVERFLOW or -EILSEQ as Linux does, outputs untouched")
{
	struct device_node *np, *child, *parent;
	const char *s = "untouched";
	u32 v = 7, arr[4] = { 0 };
	u64 wide = 0;
	int n = 0, len;

	ASSERT_OK(load_dts(prop_board, NULL));
	np = of_find_node_by_path("/node");
	ASSERT(np);
	ASSERT_OK(of_property_read_u32(np, "one", &v));
	ASSERT_EQ(v, 42);
	ASSERT_OK(of_property_read_u32_array(np, "three", arr, 3));
	ASSERT(arr[0] == 1 && arr[1] == 2 && arr[2] == 3);
	ASSERT_EQ(of_property_read_u32_array(np, "three", arr, 4), -EOVERFLOW);
	ASSERT_EQ(of_property_read_variable_u32_array(np, "three", arr, 1, 4), 3);
	ASSERT_EQ(of_property_read_variable_u32_array(np, "three", arr, 1, 2), -EOVERFLOW);
	ASSERT_OK(of_property_read_u32_index(np, "three", 2, &v));
	ASSERT_EQ(v, 3);
	ASSERT_EQ(of_property_read_u32_index(np, "three", 3, &v), -EOVERFLOW);
	ASSERT_EQ(of_property_count_u32_elems(np, "three"), 3);
	ASSERT_EQ(of_property_count_u32_elems(np, "odd"), -EINVAL);
	ASSERT_OK(of_property_read_u64(np, "wide", &wide));
	ASSERT(wide == 0x123456789abcdef0ULL);
	ASSERT_OK(of_property_read_string(np, "label", &s));
	ASSERT_STREQ(s, "hello");
	ASSERT_EQ(of_property_match_string(np, "list", "ccc"), 2);
	ASSERT_EQ(of_property_match_string(np, "list", "d"), -ENODATA);
	ASSERT(of_property_read_bool(np, "flag"));
	ASSERT(!of_property_read_bool(np, "absent"));

	v = 7;
	s = "untouched";
	ASSERT_EQ(of_property_read_u32(np, "absent", &v), -EINVAL);
	ASSERT_EQ(of_property_read_u32(np, "flag", &v), -ENODATA);
	ASSERT_EQ(of_property_read_u32(np, "raw", &v), -EOVERFLOW);
	ASSERT_EQ(v, 7);
	ASSERT_EQ(of_property_read_string(np, "raw", &s), -EILSEQ);
	ASSERT_EQ(of_property_read_string(np, "flag", &s), -ENODATA);
	ASSERT_EQ(of_property_read_string(np, "absent", &s), -EINVAL);
	ASSERT_STREQ(s, "untouched");
	ASSERT(of_get_property(np, "odd", &len) && len == 3);
	ASSERT(of_find_property(np, "flag", &len) && len == 0);
	ASSERT(of_device_is_available(np));

	for_each_child_of_node(np, child)
	{
		ASSERT_OK(of_property_read_u32(child, "x", &v));
		ASSERT_EQ(v, (u32)++n);
		parent = of_get_parent(child);
		ASSERT(parent == np);
		of_node_put(parent);
	}
	ASSERT_EQ(n, 2);
	child = of_get_child_by_name(np, "kid-b");
	ASSERT(child);
	ASSERT_STREQ(child->full_name, "/node/kid-b");
	of_node_put(child);
	ASSERT(of_get_child_by_name(np, "kid-c") == NULL);
	ASSERT(of_find_node_by_path("/node/kid-c") == NULL);
	ASSERT(of_find_node_by_path("node") == NULL);
	of_node_put(np);
}

DEFINE_TEST(test_of_nodes_outlive_the_board_while_referenced,
	    .description = "a node referenced with of_node_get, or the node of a device still "
			   "referenced, stays readable after ldm_board_unload; the last put frees "
			   "the tree (ASan checks), and lookups find nothing once unloaded")
{
	struct platform_device *pdev;
	struct device_node *np;
	const char *label;

	ASSERT_OK(load_dts(prop_board, NULL));
	np = of_find_node_by_path("/node");
	ASSERT(np);
	pdev = pdev_get("node");
	ldm_board_unload();
	ASSERT(of_find_node_by_path("/node") == NULL);
	ASSERT_OK(of_property_read_string(np, "label", &label));
	ASSERT_STREQ(label, "hello");
	ASSERT_STREQ(pdev->dev.of_node->name, "node");
	of_node_put(np);
	put_device(&pdev->dev);
	ASSERT_OK(load_dts(prop_board, NULL));
}

/* ---- bad boards ---- */

/* Nothing of a board is left: no device under /devices/platform but the core's. */
static void assert_no_board_devices(void)
{
	ASSERT(!device_find("1000.a", &platform_bus_type));
	ASSERT(!device_find("soc", &platform_bus_type));
	ASSERT(of_find_node_by_path("/") == NULL);
}

struct bad_board {
	const char *src;
	int error;
	const char *says;
};

static const struct bad_board bad_boards[] = {
	{ "/dts-v1/;\n/ { a@1000 { compatible = \"x\"; reg = <0x1000 0x10> }; };\n", -EINVAL,
	  "syntax error" },
	{ "/dts-v1/;\n/ { #address-cells = <1>; #size-cells = <1>;\n"
	  "  a@1000 { compatible = \"x\"; reg = <0x1000 0x10 0x2000>; }; };\n",
	  -EINVAL, "reg is 12 bytes, not a multiple of 2 cells" },
	{ "/dts-v1/;\n/ { #address-cells = <3>; #size-cells = <1>;\n"
	  "  a@1000 { compatible = \"x\"; reg = <0 0x1000 0 0x10>; }; };\n",
	  -EINVAL, "ldm reads 1 or 2 address cells" },
	{ "/dts-v1/;\n/ { #address-cells = <1>; #size-cells = <1>;\n"
	  "  a@1000 { compatible = \"x\"; reg = <0x1000 0x10>; };\n"
	  "  b@1008 { compatible = \"x\"; reg = <0x1008 0x10>; }; };\n",
	  -EBUSY, "its reg overlaps another device's" },
	{ "/dts-v1/;\n/ { #address-cells = <1>; #size-cells = <1>;\n"
	  "  a@1000 { compatible = \"x\"; reg = <0x1000 0x10>; };\n"
	  "  very-long-device-name@2000 { compatible = \"x\"; reg = <0x2000 0x10>; }; };\n",
	  -ENAMETOOLONG, "is longer than the 19 characters of a bus_id" },
	{ "/dts-v1/;\n/ { #address-cells = <1>; #size-cells = <1>;\n"
	  "  soc { compatible = \"simple-bus\"; #address-cells = <1>; #size-cells = <1>;\n"
	  "    ranges = <0 0x10000 0x100>;\n"
	  "    a@1000 { compatible = \"x\"; reg = <0x1000 0x10>; }; }; };\n",
	  -EINVAL, "outside the ranges of the buses above it" },
	/* Four cells where an entry is three: the length is what is wrong. */
	{ "/dts-v1/;\n/ { #address-cells = <1>; #size-cells = <1>;\n"
	  "  soc { compatible = \"simple-bus\"; #address-cells = <1>; #size-cells = <1>;\n"
	  "    ranges = <0 0x10000 0x100 0>;\n"
	  "    a@10 { compatible = \"x\"; reg = <0x10 0x10>; }; }; };\n",
	  -EINVAL, "/soc: ranges is 16 bytes, not a multiple of 3 cells (read for /soc/a@10)" },
	{ "/dts-v1/;\n/ { #address-cells = <1>; #size-cells = <1>;\n"
	  "  pic: pic { interrupt-controller; #interrupt-cells = <2>; };\n"
	  "  a@1000 { compatible = \"x\"; reg = <0x1000 0x10>; interrupt-parent = <&pic>;\n"
	  "    interrupts = <1 2 3>; }; };\n",
	  -EINVAL, "interrupts is 12 bytes, not a multiple of 2 cells (#interrupt-cells of /pic)" },
};

DEFINE_TEST(
	test_of_bad_sources_refused_saying_why,
	.description =
		"a source dtc refuses, a reg or interrupts of the wrong size, too many "
		"address cells, overlapping ranges, a name too long, an address "
		"outside the ranges, ranges of the wrong length: refused with the file and the reason in the "
		"log, nothing left registered; a good board loads after")
{
	unsigned int i;
	char *msg;

	for (i = 0; i < ARRAY_SIZE(bad_boards); i++) {
		ASSERT_EQ(load_dts(bad_boards[i].src, &msg), bad_boards[i].error);
		assert_says(msg, "ldm: board /tmp/ldm-test-of-");
		assert_says(msg, bad_boards[i].says);
		free(msg);
		assert_no_board_devices();
	}
	ASSERT_OK(load_capturing(DEMO_DTS, &msg));
	free(msg);
}

/* Copy the first @len bytes of the demo blob (or all: -1) to a temp file, garbled at @at. */
static void write_blob(char *path, long len, long at)
{
	int in = open(DEMO_DTB, O_RDONLY), out;
	char buf[65536];
	ssize_t n;

	ASSERT(in >= 0);
	n = read(in, buf, sizeof(buf));
	close(in);
	ASSERT(n > 64);
	if (len >= 0)
		n = len;
	if (at >= 0)
		memset(buf + at, 0xff, 8);
	snprintf(path, 64, "/tmp/ldm-test-of-XXXXXX.dtb");
	out = mkstemps(path, 4);
	ASSERT(out >= 0);
	ASSERT_EQ(write(out, buf, (size_t)n), n);
	close(out);
}

DEFINE_TEST(test_of_bad_blobs_and_files_refused_saying_why,
	    .description = "a truncated blob, a blob with a garbled structure, a missing file and "
			   "a missing dtc are refused with the file and the reason in the log; "
			   "nothing is left registered and nothing leaks")
{
	char path[64], *msg;

	write_blob(path, 200, -1);
	ASSERT_EQ(load_capturing(path, &msg), -EINVAL);
	assert_says(msg, path);
	assert_says(msg, "truncated: the blob's header says");
	free(msg);
	unlink(path);

	write_blob(path, 20, -1);
	ASSERT_EQ(load_capturing(path, &msg), -EINVAL);
	assert_says(msg, "truncated: 20 bytes, less than a blob's header");
	free(msg);
	unlink(path);

	/* The header's offsets garbled: the structure block lies outside the blob. */
	write_blob(path, -1, 8);
	ASSERT_EQ(load_capturing(path, &msg), -EINVAL);
	assert_says(msg, "not a valid device tree blob");
	free(msg);
	unlink(path);
	assert_no_board_devices();

	ASSERT_EQ(load_capturing("/nonexistent/board.dtb", &msg), -ENOENT);
	assert_says(msg, "ldm: board /nonexistent/board.dtb: No such file or directory");
	free(msg);

	ASSERT_OK(setenv("LDM_DTC", "/nonexistent/dtc", 1));
	ASSERT_EQ(load_capturing(DEMO_DTS, &msg), -ENOENT);
	assert_says(msg, "cannot run /nonexistent/dtc to compile it");
	free(msg);
	ASSERT_OK(unsetenv("LDM_DTC"));
	assert_no_board_devices();
}

DEFINE_TEST(test_of_deep_nesting_refused,
	    .description = "a blob nested deeper than 64 levels is refused with -E2BIG, without "
			   "recursion, and frees what it built")
{
	char *src = malloc(8192), *p = src, *msg;
	int i;

	ASSERT(src);
	p += sprintf(p, "/dts-v1/;\n/ {\n");
	for (i = 0; i < 70; i++)
		p += sprintf(p, "n%d {\n", i);
	for (i = 0; i < 70; i++)
		p += sprintf(p, "};\n");
	sprintf(p, "};\n");
	ASSERT_EQ(load_dts(src, &msg), -E2BIG);
	assert_says(msg, "nodes nested deeper than 64 levels");
	free(msg);
	free(src);
}

/* ---- crafted blobs: what dtc refuses or never writes, made with libfdt ---- */

#define BLOB_SIZE 4096
#define BE32(x)	  ((fdt32_t)__builtin_bswap32(x)) /* a constant, unlike cpu_to_fdt32() */

/* Begin a blob in @fdt (BLOB_SIZE bytes) with its root node open. */
static void blob_begin(void *fdt)
{
	ASSERT_OK(fdt_create(fdt, BLOB_SIZE));
	ASSERT_OK(fdt_finish_reservemap(fdt));
	ASSERT_OK(fdt_begin_node(fdt, ""));
}

/* Close the root and the blob, which libfdt must find valid; its size. */
static size_t blob_end(void *fdt)
{
	ASSERT_OK(fdt_end_node(fdt));
	ASSERT_OK(fdt_finish(fdt));
	ASSERT_OK(fdt_check_full(fdt, BLOB_SIZE));
	return fdt_totalsize(fdt);
}

/* The property @name of one cell, @v. */
static void blob_u32(void *fdt, const char *name, u32 v)
{
	ASSERT_OK(fdt_property_u32(fdt, name, v));
}

/*
 * The interrupt controller /pic (phandle 1), whose #interrupt-cells is @len
 * bytes of @cells, and /a@1000, a device whose interrupt-parent is @plen
 * bytes of @parent, with eight cells of interrupts: 5 to 12.
 */
static size_t irq_blob(void *fdt, const void *cells, int len, const void *parent, int plen)
{
	fdt32_t irqs[8];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(irqs); i++)
		irqs[i] = cpu_to_fdt32(5 + i);
	blob_begin(fdt);
	blob_u32(fdt, "#address-cells", 1);
	blob_u32(fdt, "#size-cells", 1);
	ASSERT_OK(fdt_begin_node(fdt, "pic"));
	ASSERT_OK(fdt_property(fdt, "interrupt-controller", NULL, 0));
	ASSERT_OK(fdt_property(fdt, "#interrupt-cells", cells, len));
	blob_u32(fdt, "phandle", 1);
	ASSERT_OK(fdt_end_node(fdt));
	ASSERT_OK(fdt_begin_node(fdt, "a@1000"));
	ASSERT_OK(fdt_property_string(fdt, "compatible", "acme,a"));
	ASSERT_OK(fdt_property(fdt, "reg", (fdt32_t[]){ cpu_to_fdt32(0x1000), cpu_to_fdt32(0x10) },
			       8));
	ASSERT_OK(fdt_property(fdt, "interrupt-parent", parent, plen));
	ASSERT_OK(fdt_property(fdt, "interrupts", irqs, sizeof(irqs)));
	ASSERT_OK(fdt_end_node(fdt));
	return blob_end(fdt);
}

static const fdt32_t phandle_1 = BE32(1);

/* Load @fdt; it must be refused with -EINVAL saying @says, leaving nothing. */
static void assert_blob_refused(const void *fdt, size_t size, const char *says)
{
	char *msg;

	ASSERT_EQ(load_blob_capturing(fdt, size, &msg), -EINVAL);
	assert_says(msg, "ldm: board crafted.dtb: ");
	assert_says(msg, says);
	free(msg);
	assert_no_board_devices();
	ASSERT(!device_find("1000.a", &platform_bus_type));
}

/*
 * /soc, a simple-bus mapping 0 to 0x10000 with a device a@0; every
 * #address-cells and #size-cells is one cell of 1 but @prop of @node ("/"
 * or "/soc"), which is @len bytes of @val.
 */
static size_t bus_blob(void *fdt, const char *node, const char *prop, const void *val, int len)
{
	static const char *const cells[] = { "#address-cells", "#size-cells" };
	static const fdt32_t ranges[] = { BE32(0), BE32(0x10000), BE32(0x100) };
	unsigned int i;
	int depth;

	blob_begin(fdt);
	for (depth = 0; depth < 2; depth++) {
		if (depth) {
			ASSERT_OK(fdt_begin_node(fdt, "soc"));
			ASSERT_OK(fdt_property_string(fdt, "compatible", "simple-bus"));
			ASSERT_OK(fdt_property(fdt, "ranges", ranges, sizeof(ranges)));
		}
		for (i = 0; i < ARRAY_SIZE(cells); i++) {
			if (strcmp(node, depth ? "/soc" : "/") || strcmp(prop, cells[i]))
				blob_u32(fdt, cells[i], 1);
			else
				ASSERT_OK(fdt_property(fdt, prop, val, len));
		}
	}
	ASSERT_OK(fdt_begin_node(fdt, "a@0"));
	ASSERT_OK(fdt_property_string(fdt, "compatible", "acme,a"));
	ASSERT_OK(fdt_property(fdt, "reg", (fdt32_t[]){ 0, cpu_to_fdt32(0x10) }, 8));
	ASSERT_OK(fdt_end_node(fdt));
	ASSERT_OK(fdt_end_node(fdt));
	return blob_end(fdt);
}

DEFINE_TEST(test_of_cell_counts_out_of_bounds_refused,
	    .description = "#interrupt-cells outside 1..4 (0x40000000 and 0x80000000 once divided "
			   "by zero, 0xffffffff once gave no interrupts), #address-cells outside "
			   "1..2, #size-cells above 2, or any of them not one cell: the board is "
			   "refused naming the node and the property; 4 interrupt cells work")
{
	static const u32 bad_irq_cells[] = { 0x40000000, 0x80000000, 0xffffffff, 0, 5 };
	static const struct {
		const char *node, *prop;
		u32 value;
	} bad_bus_cells[] = {
		{ "/soc", "#address-cells", 0xffffffff },
		{ "/soc", "#address-cells", 0 },
		{ "/soc", "#address-cells", 3 },
		{ "/soc", "#size-cells", 0x80000000 },
		{ "/soc", "#size-cells", 3 },
		{ "/", "#address-cells", 0x40000000 },
	};
	static char fdt[BLOB_SIZE];
	struct platform_device *pdev;
	char says[128], *msg;
	unsigned int i;
	fdt32_t be;

	for (i = 0; i < ARRAY_SIZE(bad_irq_cells); i++) {
		be = cpu_to_fdt32(bad_irq_cells[i]);
		snprintf(says, sizeof(says), "/pic: #interrupt-cells is %u", bad_irq_cells[i]);
		assert_blob_refused(fdt, irq_blob(fdt, &be, 4, &phandle_1, 4), says);
	}
	assert_blob_refused(fdt, irq_blob(fdt, "\0\1", 2, &phandle_1, 4),
			    "/pic: #interrupt-cells is 2 bytes, not one cell");
	assert_blob_refused(fdt, irq_blob(fdt, "\0\0\0\1\0\0\0\1", 8, &phandle_1, 4),
			    "/pic: #interrupt-cells is 8 bytes, not one cell");

	for (i = 0; i < ARRAY_SIZE(bad_bus_cells); i++) {
		be = cpu_to_fdt32(bad_bus_cells[i].value);
		snprintf(says, sizeof(says), "%s: %s is %u", bad_bus_cells[i].node,
			 bad_bus_cells[i].prop, bad_bus_cells[i].value);
		assert_blob_refused(
			fdt, bus_blob(fdt, bad_bus_cells[i].node, bad_bus_cells[i].prop, &be, 4),
			says);
		ASSERT(!device_find("10000.a", &platform_bus_type));
	}
	assert_blob_refused(fdt, bus_blob(fdt, "/soc", "#size-cells", "\0\1", 2),
			    "/soc: #size-cells is 2 bytes, not one cell");
	assert_blob_refused(fdt, bus_blob(fdt, "/", "#address-cells", NULL, 0),
			    "/: #address-cells is 0 bytes, not one cell");

	/* The bounds themselves: four interrupt cells, two specifiers. */
	be = cpu_to_fdt32(4);
	ASSERT_OK(load_blob_capturing(fdt, irq_blob(fdt, &be, 4, &phandle_1, 4), &msg));
	free(msg);
	pdev = pdev_get("1000.a");
	ASSERT_EQ(pdev->num_resources, 3);
	ASSERT_EQ(platform_get_irq(pdev, 0), 5);
	ASSERT_EQ(platform_get_irq(pdev, 1), 9);
	put_device(&pdev->dev);
	ldm_board_unload();
	be = cpu_to_fdt32(1);
	ASSERT_OK(load_blob_capturing(fdt, bus_blob(fdt, "/soc", "#size-cells", &be, 4), &msg));
	free(msg);
	pdev = pdev_get("10000.a");
	assert_mem(pdev, 0, 0x10000, 0x1000f);
	put_device(&pdev->dev);
}

DEFINE_TEST(test_of_interrupt_parent_must_be_one_phandle,
	    .description = "an interrupt-parent of 0, 1, 2, 3 or 8 bytes (once read as 4 bytes, "
			   "past a shorter value) or one that names no node refuses the board, "
			   "naming the node and the property")
{
	static const char handle[8] = { 0, 0, 0, 1, 0, 0, 0, 1 };
	static const int sizes[] = { 0, 1, 2, 3, 8 };
	static const fdt32_t one = BE32(1), seven = BE32(7);
	static char fdt[BLOB_SIZE];
	char says[128];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		snprintf(says, sizeof(says),
			 "/a@1000: interrupt-parent is %d bytes, not one "
			 "phandle",
			 sizes[i]);
		assert_blob_refused(fdt, irq_blob(fdt, &one, 4, handle, sizes[i]), says);
	}
	assert_blob_refused(fdt, irq_blob(fdt, &one, 4, &seven, 4),
			    "/a@1000: interrupt-parent is <7>, the phandle of no node");
}

/* Every property the loader reads, with the nodes it reads it on. */
static const struct {
	const char *node, *prop;
} read_props[] = {
	{ "/", "#address-cells" },	{ "/", "#size-cells" },
	{ "/pic", "compatible" },	{ "/pic", "reg" },
	{ "/pic", "#interrupt-cells" }, { "/pic", "phandle" },
	{ "/pic", "linux,phandle" },	{ "/pic", "status" },
	{ "/soc", "compatible" },	{ "/soc", "#address-cells" },
	{ "/soc", "#size-cells" },	{ "/soc", "ranges" },
	{ "/soc", "interrupt-parent" }, { "/soc", "status" },
	{ "/soc/a", "compatible" },	{ "/soc/a", "reg" },
	{ "/soc/a", "interrupts" },	{ "/soc/a", "interrupt-parent" },
	{ "/soc/a", "status" },
};

/* Property @prop of @node: @len bytes of @val if it is the one in read_props[@which]. */
static void short_prop(void *fdt, const char *node, unsigned int which, int len, const char *prop,
		       const void *val, int vlen)
{
	static const char bytes[8] = { 0, 0, 0, 1, 0, 0, 0x10, 0 };

	if (!strcmp(read_props[which].node, node) && !strcmp(read_props[which].prop, prop)) {
		val = bytes;
		vlen = len;
	}
	ASSERT_OK(fdt_property(fdt, prop, val, vlen));
}

/* A board reading each property of read_props[]: the one @which is @len bytes. */
static size_t short_blob(void *fdt, unsigned int which, int len)
{
	static const fdt32_t one = BE32(1), five = BE32(5);
	static const fdt32_t pic_reg[] = { BE32(0x20000), BE32(0x10) };
	static const fdt32_t a_reg[] = { BE32(0x1000), BE32(0x10) };
	static const fdt32_t ranges[] = { BE32(0), BE32(0), BE32(0x10000) };

	blob_begin(fdt);
	short_prop(fdt, "/", which, len, "#address-cells", &one, 4);
	short_prop(fdt, "/", which, len, "#size-cells", &one, 4);
	ASSERT_OK(fdt_begin_node(fdt, "pic@20000"));
	short_prop(fdt, "/pic", which, len, "compatible", "acme,pic", 9);
	short_prop(fdt, "/pic", which, len, "reg", pic_reg, 8);
	ASSERT_OK(fdt_property(fdt, "interrupt-controller", NULL, 0));
	short_prop(fdt, "/pic", which, len, "#interrupt-cells", &one, 4);
	short_prop(fdt, "/pic", which, len, "phandle", &one, 4);
	short_prop(fdt, "/pic", which, len, "linux,phandle", &one, 4);
	short_prop(fdt, "/pic", which, len, "status", "okay", 5);
	ASSERT_OK(fdt_end_node(fdt));
	ASSERT_OK(fdt_begin_node(fdt, "soc"));
	short_prop(fdt, "/soc", which, len, "compatible", "simple-bus", 11);
	short_prop(fdt, "/soc", which, len, "#address-cells", &one, 4);
	short_prop(fdt, "/soc", which, len, "#size-cells", &one, 4);
	short_prop(fdt, "/soc", which, len, "ranges", ranges, sizeof(ranges));
	short_prop(fdt, "/soc", which, len, "interrupt-parent", &one, 4);
	short_prop(fdt, "/soc", which, len, "status", "ok", 3);
	ASSERT_OK(fdt_begin_node(fdt, "a@1000"));
	short_prop(fdt, "/soc/a", which, len, "compatible", "acme,a", 7);
	short_prop(fdt, "/soc/a", which, len, "reg", a_reg, 8);
	short_prop(fdt, "/soc/a", which, len, "interrupts", &five, 4);
	/* Its own interrupt-parent only when it is the one tried: else the bus's is read. */
	if (!strcmp(read_props[which].node, "/soc/a"))
		short_prop(fdt, "/soc/a", which, len, "interrupt-parent", &one, 4);
	short_prop(fdt, "/soc/a", which, len, "status", "okay", 5);
	ASSERT_OK(fdt_end_node(fdt));
	ASSERT_OK(fdt_end_node(fdt));
	return blob_end(fdt);
}

DEFINE_TEST(test_of_every_property_read_checks_its_length,
	    .description = "each property the loader reads (cells, reg, ranges, interrupts, "
			   "interrupt-parent, phandle, compatible, status), 0 to 7 bytes long on "
			   "each node it is read on: the board loads or is refused, nothing is read "
			   "past a value (ASan); an interrupt-parent or a cell count that is not "
			   "4 bytes is always refused")
{
	static char fdt[BLOB_SIZE];
	struct platform_device *pdev;
	unsigned int i;
	int len, error;
	bool cells;
	char *msg;

	ASSERT_OK(load_blob_capturing(fdt, short_blob(fdt, 0, 4), &msg));
	free(msg);
	pdev = pdev_get("1000.a");
	ASSERT_EQ(platform_get_irq(pdev, 0), 5);
	put_device(&pdev->dev);
	ldm_board_unload();

	for (i = 0; i < ARRAY_SIZE(read_props); i++) {
		cells = read_props[i].prop[0] == '#' ||
			!strcmp(read_props[i].prop, "interrupt-parent");
		for (len = 0; len < 8; len++) {
			error = load_blob_capturing(fdt, short_blob(fdt, i, len), &msg);
			if (error && error != -EINVAL)
				FAIL("%s %s of %d bytes: %d; the log says:\n%s", read_props[i].node,
				     read_props[i].prop, len, error, msg);
			if (cells && len != 4 && error != -EINVAL)
				FAIL("%s %s of %d bytes: %d, expected -EINVAL", read_props[i].node,
				     read_props[i].prop, len, error);
			free(msg);
			ldm_board_unload();
		}
	}
}

DEFINE_TEST(test_of_property_length_past_the_blob_refused,
	    .description = "a property whose length says 0xffffffff, 0xfffffffe or 0xfffffffd "
			   "(which libfdt 1.6.1's fdt_check_full lets through: the tag after it "
			   "is where it was) is refused as longer than the blob, naming the node "
			   "and the property, instead of overflowing the heap in its copy")
{
	static const u32 lengths[] = { 0xffffffff, 0xfffffffe, 0xfffffffd };
	static const fdt32_t one = BE32(1);
	static char fdt[BLOB_SIZE];
	struct fdt_property *prop;
	unsigned int i;
	char says[160];
	size_t size;

	for (i = 0; i < ARRAY_SIZE(lengths); i++) {
		size = irq_blob(fdt, &one, 4, &one, 4);
		prop = fdt_get_property_w(fdt, fdt_path_offset(fdt, "/pic"), "interrupt-controller",
					  NULL);
		ASSERT(prop && !fdt32_to_cpu(prop->len));
		prop->len = cpu_to_fdt32(lengths[i]);
		/* What is refused is what libfdt's own check passes. */
		ASSERT_OK(fdt_check_full(fdt, size));
		snprintf(says, sizeof(says),
			 "/pic: property interrupt-controller is %u bytes "
			 "long, past the end of the blob",
			 lengths[i]);
		assert_blob_refused(fdt, size, says);
	}
}

/* ---- dtc, bounded ---- */

/*
 * Make LDM_DTC a shell script in a new directory @dir (64 bytes): it
 * writes its pid to @dir/pid, then runs @body, where "$@" are dtc's
 * arguments and $D is @dir.
 */
static void wrap_dtc(char *dir, const char *body)
{
	char path[128];
	FILE *f;

	snprintf(dir, 64, "/tmp/ldm-test-of-dtc-XXXXXX");
	ASSERT(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/dtc", dir);
	f = fopen(path, "w");
	ASSERT(f);
	fprintf(f, "#!/bin/sh\nD=%s\necho $$ > $D/pid\n%s\n", dir, body);
	ASSERT_OK(fclose(f));
	ASSERT_OK(chmod(path, 0755));
	ASSERT_OK(setenv("LDM_DTC", path, 1));
}

/* Remove what wrap_dtc() made in @dir, and LDM_DTC. */
static void unwrap_dtc(const char *dir)
{
	static const char *const files[] = { "dtc", "pid", "child", "fifo", "board.dts" };
	char path[128];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(files); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
		unlink(path);
	}
	ASSERT_OK(rmdir(dir));
	ASSERT_OK(unsetenv("LDM_DTC"));
}

/* @src as @dir/board.dts; its path in @path (128 bytes). */
static void write_board_in(char *path, const char *dir, const char *src)
{
	FILE *f;

	snprintf(path, 128, "%s/board.dts", dir);
	f = fopen(path, "w");
	ASSERT(f);
	fputs(src, f);
	ASSERT_OK(fclose(f));
}

/* The pid the file @dir/@name holds. */
static pid_t pid_in(const char *dir, const char *name)
{
	char path[128];
	long pid = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (!f)
		FAIL("%s was not written: the wrapper of dtc did not run", path);
	ASSERT_EQ(fscanf(f, "%ld", &pid), 1);
	fclose(f);
	ASSERT(pid > 1);
	return (pid_t)pid;
}

/* Whether @pid has been reaped: no process at all, not even a zombie. */
static bool reaped(pid_t pid)
{
	return kill(pid, 0) < 0 && errno == ESRCH;
}

/* Whether @pid is dead: reaped, or a zombie its new parent has yet to reap. */
static bool dead(pid_t pid)
{
	char path[64], buf[256], *state;
	int fd, n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return reaped(pid);
	n = (int)read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	state = strrchr(buf, ')');
	return state && (state[2] == 'Z' || state[2] == 'X');
}

static double seconds_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

DEFINE_TEST(test_of_dtc_reading_dev_zero_refused_and_reaped,
	    .description = "a source with /incbin/(\"/dev/zero\") (which once grew dtc to 2 GB in "
			   "15 s, ldm waiting on) is refused with -EINVAL within a few seconds: "
			   "dtc runs out of its address space; it is reaped, nothing left behind",
	    .timeout = 20)
{
	char dir[64], path[128], *msg;
	struct timespec t0;
	double took;
	pid_t pid;

	wrap_dtc(dir, "exec dtc \"$@\"");
	write_board_in(path, dir, "/dts-v1/;\n/ { blob = /incbin/(\"/dev/zero\"); };\n");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ASSERT_EQ(load_capturing(path, &msg), -EINVAL);
	took = seconds_since(&t0);
	assert_says(msg, path);
	assert_says(msg, "failed to compile it");
	free(msg);
	ldm_test_log("refused in %.2f s", took);
	ASSERT(took < 10);
	pid = pid_in(dir, "pid");
	ASSERT(reaped(pid));
	unwrap_dtc(dir);
	assert_no_board_devices();
}

DEFINE_TEST(test_of_dtc_that_never_finishes_killed_and_reaped,
	    .description = "a source whose /incbin/ never ends (a FIFO nobody writes) is refused "
			   "with -ETIME once dtc has had its 10 s; dtc, and a process it started, "
			   "are killed (its process group) and dtc is reaped",
	    .timeout = 40)
{
	char dir[64], path[128], fifo[128], src[256], *msg;
	struct timespec t0;
	pid_t pid, child;
	double took;
	int i;

	/* Not exec: the shell stays dtc's parent, a process of the group beside it. */
	wrap_dtc(dir, "dtc \"$@\" &\necho $! > $D/child\nwait");
	snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
	ASSERT_OK(mkfifo(fifo, 0600));
	snprintf(src, sizeof(src), "/dts-v1/;\n/ { blob = /incbin/(\"%s\"); };\n", fifo);
	write_board_in(path, dir, src);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ASSERT_EQ(load_capturing(path, &msg), -ETIME);
	took = seconds_since(&t0);
	assert_says(msg, path);
	assert_says(msg, "did not finish within 10 s: killed");
	free(msg);
	ldm_test_log("refused in %.2f s", took);
	ASSERT(took >= 9.5 && took < 20);
	pid = pid_in(dir, "pid");
	child = pid_in(dir, "child");
	ASSERT(reaped(pid));
	/* The real dtc was the shell's: init (or a subreaper) reaps it. */
	for (i = 0; i < 500 && !dead(child); i++)
		usleep(10000);
	if (!dead(child)) {
		kill(child, SIGKILL);
		FAIL("dtc (pid %d), started by the wrapper, outlived the timeout", (int)child);
	}
	unwrap_dtc(dir);
}

DEFINE_TEST(test_of_property_length_looping_libfdt_refused,
	    .description = "a property whose length says 0xfffffff4 or 0xffffffe8, which sent "
			   "libfdt 1.6.1's fdt_check_full back to an earlier tag for ever (found "
			   "by fuzz-board), is refused at once, naming the node and the property",
	    .timeout = 10)
{
	static const u32 lengths[] = { 0xfffffff4, 0xffffffe8 };
	static char fdt[BLOB_SIZE];
	struct fdt_property *prop;
	unsigned int i;
	char says[160];
	size_t size;

	for (i = 0; i < ARRAY_SIZE(lengths); i++) {
		size = irq_blob(fdt, &phandle_1, 4, &phandle_1, 4);
		prop = fdt_get_property_w(fdt, fdt_path_offset(fdt, "/pic"), "interrupt-controller",
					  NULL);
		ASSERT(prop);
		prop->len = cpu_to_fdt32(lengths[i]);
		snprintf(says, sizeof(says),
			 "/pic: property interrupt-controller is %u bytes "
			 "long, past the end of the blob",
			 lengths[i]);
		assert_blob_refused(fdt, size, says);
	}
}

DEFINE_TEST(test_of_blob_before_version_16_refused,
	    .description = "a blob of a version before 16 (nodes named by their path), which "
			   "made libfdt 1.6.1's fdt_check_full dereference NULL (found by "
			   "fuzz-board), is refused with -EINVAL naming the version")
{
	static const u32 versions[] = { 15, 4, 2 };
	static char fdt[BLOB_SIZE];
	unsigned int i;
	char says[96];
	size_t size;

	for (i = 0; i < ARRAY_SIZE(versions); i++) {
		size = irq_blob(fdt, &phandle_1, 4, &phandle_1, 4);
		fdt_set_version(fdt, versions[i]);
		fdt_set_last_comp_version(fdt, 2);
		snprintf(says, sizeof(says), "a blob of version %u: ldm reads version 16 and later",
			 versions[i]);
		assert_blob_refused(fdt, size, says);
	}
}

#ifdef LDM_FAULT_INJECTION
DEFINE_TEST(test_of_board_load_survives_each_allocation_failure,
	    .description = "each allocation of loading the demo blob failing in turn gives "
			   "-ENOMEM (or success if the failure is absorbed) and leaves nothing "
			   "registered or leaked")
{
	static char blob[65536];
	int fd = open(DEMO_DTB, O_RDONLY), error, saved, null;
	ssize_t n;
	unsigned long k;

	ASSERT(fd >= 0);
	n = read(fd, blob, sizeof(blob));
	close(fd);
	ASSERT(n > 0);
	saved = dup(STDERR_FILENO);
	null = open("/dev/null", O_WRONLY);
	ASSERT(saved >= 0 && null >= 0);
	for (k = 1;; k++) {
		dup2(null, STDERR_FILENO); /* probe failures print */
		ldm_fail_nth(k);
		error = ldm_board_load_blob(blob, (size_t)n, "demo.dtb");
		ldm_fail_nth(0);
		dup2(saved, STDERR_FILENO);
		if (!ldm_fail_nth_fired()) {
			ASSERT_OK(error);
			break;
		}
		if (error) {
			ASSERT_EQ(error, -ENOMEM);
			assert_no_board_devices();
		}
		ldm_board_unload();
		ASSERT(k < 10000);
	}
	close(null);
	close(saved);
	put_device(&pdev_get("10000000.serial")->dev);
}
#endif

DEFINE_TEST(test_of_exports_have_modern_linux_kinds,
	    .description = "the node and matching functions are EXPORT_SYMBOL and the "
			   "of_property_read_* family EXPORT_SYMBOL_GPL, as in modern Linux")
{
	static const char *const all[] = {
		"of_find_property",
		"of_get_property",
		"of_device_is_compatible",
		"of_device_is_available",
		"of_match_node",
		"of_match_device",
		"of_device_get_match_data",
		"of_node_get",
		"of_node_put",
		"of_get_parent",
		"of_get_next_child",
		"of_get_child_by_name",
		"of_find_node_by_path",
	};
	static const char *const gpl[] = {
		"of_property_read_u32_index", "of_property_read_variable_u32_array",
		"of_property_read_u64",	      "of_property_read_string",
		"of_property_match_string",   "of_property_count_elems_of_size",
	};
	struct ldm_export exp;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(all); i++) {
		ASSERT_OK(ldm_export_lookup(all[i], &exp));
		if (exp.license != LDM_EXPORT_ALL)
			FAIL("%s is not EXPORT_SYMBOL", all[i]);
	}
	for (i = 0; i < ARRAY_SIZE(gpl); i++) {
		ASSERT_OK(ldm_export_lookup(gpl[i], &exp));
		if (exp.license != LDM_EXPORT_GPL)
			FAIL("%s is not EXPORT_SYMBOL_GPL", gpl[i]);
	}
	/* The board loader is the runtime's own API, not a module's. */
	ASSERT_EQ(ldm_export_lookup("ldm_board_load", &exp), -ENOENT);
}

DEFINE_TEST(test_of_garbled_blobs_never_crash_or_leak,
	    .description = "10000 copies of the demo blob with a few bytes garbled each either "
			   "load (and unload) or are refused with -EINVAL, -EBUSY, -EEXIST, "
			   "-ENAMETOOLONG or -E2BIG; none crashes or leaks (ASan)")
{
	static unsigned char blob[65536], copy[65536];
	int fd = open(DEMO_DTB, O_RDONLY), saved, null, error;
	unsigned int i, j, flips, loaded = 0;
	u64 x = 0x9e3779b97f4a7c15ULL;
	ssize_t n;

	ASSERT(fd >= 0);
	n = read(fd, blob, sizeof(blob));
	close(fd);
	ASSERT(n > 64);
	saved = dup(STDERR_FILENO);
	null = open("/dev/null", O_WRONLY);
	ASSERT(saved >= 0 && null >= 0);
	dup2(null, STDERR_FILENO);
	for (i = 0; i < 10000; i++) {
		memcpy(copy, blob, (size_t)n);
		flips = 1 + i % 4;
		for (j = 0; j < flips; j++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			copy[(x >> 8) % (u64)n] ^= (unsigned char)(1u << (x & 7));
		}
		error = ldm_board_load_blob(copy, (size_t)n, "garbled.dtb");
		if (error != 0 && error != -EINVAL && error != -EBUSY && error != -EEXIST &&
		    error != -ENAMETOOLONG && error != -E2BIG) {
			dup2(saved, STDERR_FILENO);
			FAIL("garbled blob %u: %d (%s)", i, error, strerror(-error));
		}
		if (!error)
			loaded++;
		ldm_board_unload();
	}
	dup2(saved, STDERR_FILENO);
	close(saved);
	close(null);
	/* Most single flips land in names or values and still load. */
	ASSERT(loaded > 0);
	ASSERT(of_find_node_by_path("/") == NULL);
}

/* ---- concurrency ---- */

static unsigned char race_blob[65536];
static size_t race_size;
static int race_probes;

static int race_probe(struct device *dev)
{
	u32 rate;

	/* The node is the device's for as long as it is bound. */
	if (of_property_read_u32(dev->of_node, "sample-rate-hz", &rate) || rate != 100)
		return -EINVAL;
	__atomic_add_fetch(&race_probes, 1, __ATOMIC_RELAXED);
	return 0;
}

static const struct of_device_id race_ids[] = { { .compatible = "ldm,demo-sensor" }, {} };

static struct device_driver race_driver = {
	.name = "race_sensor",
	.bus = &platform_bus_type,
	.probe = race_probe,
	.of_match_table = race_ids,
};

static void *board_thread(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < 200; i++) {
		if (ldm_board_load_blob(race_blob, race_size, "demo.dtb"))
			return (void *)1;
		ldm_board_unload();
	}
	return NULL;
}

static void *driver_thread(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < 200; i++) {
		if (driver_register(&race_driver))
			return (void *)1;
		driver_unregister(&race_driver);
	}
	return NULL;
}

static void *lookup_thread(void *arg)
{
	struct device_node *np;
	const char *label;
	int i;

	(void)arg;
	for (i = 0; i < 4000; i++) {
		np = of_find_node_by_path("/soc/sensor@10001000");
		if (!np)
			continue;
		if (of_property_read_string(np, "label", &label) || strcmp(label, "board-temp")) {
			of_node_put(np);
			return (void *)1;
		}
		of_node_put(np);
	}
	return NULL;
}

DEFINE_TEST(test_of_board_load_races_drivers_and_lookups,
	    .description = "boards loaded and unloaded while a driver with an of_match_table "
			   "registers and unregisters and lookups by path read nodes: every probe "
			   "sees its node, every lookup a whole node, nothing leaks",
	    .concurrency = true, .timeout = 120)
{
	pthread_t threads[3];
	void *ret;
	int fd = open(DEMO_DTB, O_RDONLY), i;
	ssize_t n;

	ASSERT(fd >= 0);
	n = read(fd, race_blob, sizeof(race_blob));
	close(fd);
	ASSERT(n > 0);
	race_size = (size_t)n;
	ASSERT_OK(pthread_create(&threads[0], NULL, board_thread, NULL));
	ASSERT_OK(pthread_create(&threads[1], NULL, driver_thread, NULL));
	ASSERT_OK(pthread_create(&threads[2], NULL, lookup_thread, NULL));
	for (i = 0; i < 3; i++) {
		ASSERT_OK(pthread_join(threads[i], &ret));
		ASSERT(ret == NULL);
	}
	/* Once both are in, the driver binds the sensor, whichever came first. */
	ASSERT_OK(ldm_board_load_blob(race_blob, race_size, "demo.dtb"));
	i = __atomic_load_n(&race_probes, __ATOMIC_RELAXED);
	ASSERT_OK(driver_register(&race_driver));
	ASSERT_EQ(__atomic_load_n(&race_probes, __ATOMIC_RELAXED), i + 1);
	driver_unregister(&race_driver);
	ldm_board_unload();
}
