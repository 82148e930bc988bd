// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-i2c-2.6.9.c - the chip models of boards/i2c.dts behind 2.6.9's own
 * i2c core, i2c-dev and chip drivers (lm75, adm1021, ds1621, lm90,
 * pcf8574, eeprom), built unchanged from the tree $LDM_LINUX_2_6_9 names
 * (scripts/build-i2c-2.6.9), under ldmd with ldm's adapter
 * (modules/i2c-ldm): each driver finds its chip by probing and its sysfs
 * files show the model's registers; Debian's i2c-tools under ldm exec
 * see, read and write them; and 2.6.9's i2c-piix4 on boards/pci.dts's
 * PIIX4 SMBus controller model (docs/pci.md). Without the tree (CI has none) each test
 * skips, saying why (docs/hardware-i2c.md).
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "ldmd-util.h"

#define I2C_BOARD  LDM_SOURCE_DIR "/boards/i2c.dts"
#define I2C_LDM_KO I2C_LDM_MODULE
#define KO_DIR	   LDM_BUILD_DIR "/tests/i2c-2.6.9"

/* The modules of the tree, built once per run into KO_DIR. */
static void build_269(void)
{
	const char *tree = getenv("LDM_LINUX_2_6_9");
	char cmd[1024];
	char *out = NULL;

	if (!tree || !*tree)
		ldm_test_skip("LDM_LINUX_2_6_9 names no Linux 2.6.9 tree (CI has none): the "
			      "2.6.9 i2c drivers cannot be built");
	snprintf(cmd, sizeof(cmd), "%s/scripts/build-i2c-2.6.9 '%s' %s %s/tools/ldm/ldm 2>&1",
		 LDM_SOURCE_DIR, tree, KO_DIR, LDM_BUILD_DIR);
	if (ldm_test_run(cmd, &out))
		FAIL("%s:\n%s", cmd, out);
	free(out);
}

static void i2c_up(struct ldmd *d)
{
	need_fuse();
	build_269();
	ldmd_up(d,
		(const char *[]){ "--board", I2C_BOARD, KO_DIR "/i2c-core.ko", KO_DIR "/i2c-dev.ko",
				  KO_DIR "/i2c-sensor.ko", I2C_LDM_KO, KO_DIR "/ds1621.ko",
				  KO_DIR "/lm90.ko", KO_DIR "/adm1021.ko", KO_DIR "/lm75.ko",
				  KO_DIR "/pcf8574.ko", KO_DIR "/eeprom.ko", NULL });
}

static void assert_attr(const struct ldmd *d, const char *chip, const char *attr, const char *want)
{
	char rel[256];
	const char *text;

	snprintf(rel, sizeof(rel), "/bus/i2c/devices/%s/%s", chip, attr);
	text = cat(SYS(d, rel));
	if (!text)
		FAIL("%s: %s; ldmd's log:\n%s", rel, strerror(errno), read_file(d->log));
	if (strcmp(text, want))
		FAIL("%s is \"%s\", expected \"%s\"", rel, text, want);
}

DEFINE_TEST(test_i2c_269_drivers_show_the_models,
	    .description = "with 2.6.9's i2c core and chip drivers loaded under ldmd on "
			   "boards/i2c.dts, each driver binds its chip and its sysfs files show "
			   "the model's registers; eeprom's file holds the board's bytes",
	    .no_runtime = true)
{
	struct ldmd d;
	const char *bytes;

	i2c_up(&d);
	assert_attr(&d, "0-0048", "name", "lm75\n");
	assert_attr(&d, "0-0048", "temp1_input", "26500\n");
	assert_attr(&d, "0-0048", "temp1_max", "80000\n");
	assert_attr(&d, "0-0048", "temp1_max_hyst", "75000\n");
	assert_attr(&d, "0-0049", "name", "ds1621\n");
	assert_attr(&d, "0-0049", "temp1_input", "25000\n");
	/* 2.6.9's ds1621.c reads TH (0xa1) as the minimum and TL as the maximum */
	assert_attr(&d, "0-0049", "temp1_min", "80000\n");
	assert_attr(&d, "0-0018", "name", "adm1021\n");
	assert_attr(&d, "0-0018", "temp1_input", "25000\n");
	assert_attr(&d, "0-0018", "temp2_input", "45000\n");
	assert_attr(&d, "0-0018", "temp1_max", "60000\n");
	assert_attr(&d, "0-004c", "name", "lm90\n");
	assert_attr(&d, "0-004c", "temp1_input", "25000\n");
	assert_attr(&d, "0-004c", "temp2_input", "45000\n");
	assert_attr(&d, "0-004c", "temp2_crit", "110000\n");
	assert_attr(&d, "0-0020", "name", "pcf8574\n");
	assert_attr(&d, "0-0020", "read", "247\n");
	assert_attr(&d, "0-0050", "name", "eeprom\n");
	bytes = cat(SYS(&d, "/bus/i2c/devices/0-0050/eeprom"));
	ASSERT(bytes);
	ASSERT(!memcmp(bytes, "ldm board\0\1\2\3\4\5\6\xff\xff", 18));
	ldmd_down(&d);
}

/*
 * What i2cdetect -y prints of a bus whose chips are at @addrs (0 ends the
 * list): each shown as its address, or as UU (a driver has it) if @taken.
 * A static buffer.
 */
static const char *i2cdetect_grid(const unsigned int *addrs, bool taken)
{
	static char out[1024];
	size_t n = 0;
	unsigned int a, i;

	n += (size_t)snprintf(out + n, sizeof(out) - n,
			      "     0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f\n");
	for (a = 0; a < 0x80; a++) {
		bool found = false;

		for (i = 0; addrs[i]; i++)
			found |= addrs[i] == a;
		if (a % 16 == 0)
			n += (size_t)snprintf(out + n, sizeof(out) - n, "%02x: ", a);
		if (a < 0x08 || a > 0x77)
			n += (size_t)snprintf(out + n, sizeof(out) - n, "   ");
		else if (found && taken)
			n += (size_t)snprintf(out + n, sizeof(out) - n, "UU ");
		else if (found)
			n += (size_t)snprintf(out + n, sizeof(out) - n, "%02x ", a);
		else
			n += (size_t)snprintf(out + n, sizeof(out) - n, "-- ");
		if (a % 16 == 15)
			n += (size_t)snprintf(out + n, sizeof(out) - n, "\n");
	}
	return out;
}

/* boards/i2c.dts's chips, each bound by its 2.6.9 driver. */
static const unsigned int i2c_board_chips[] = { 0x18, 0x20, 0x48, 0x49, 0x4c, 0x50, 0 };

static void exec_says(const struct ldmd *d, const char *prog, const char *want)
{
	char *out = NULL;

	exec_ok(d, prog, &out);
	if (strcmp(out, want))
		FAIL("%s printed \"%s\", expected \"%s\"", prog, out, want);
	free(out);
}

DEFINE_TEST(test_i2c_269_i2c_tools_under_exec,
	    .description = "Debian's i2c-tools under ldm exec through 2.6.9's i2c-dev: i2cdetect "
			   "-y 0 shows each chip's address as taken by its driver (UU), i2cget "
			   "and i2cdump -f read the models, i2cset writes them, and a read of an "
			   "address with no chip fails",
	    .no_runtime = true)
{
	struct ldmd d;
	char *out = NULL;

	if (!in_path("i2cdetect"))
		ldm_test_skip("i2cdetect is not installed (Debian's package i2c-tools)");
	need_namespaces();
	i2c_up(&d);
	exec_says(&d, "i2cdetect -y 0", i2cdetect_grid(i2c_board_chips, true));
	exec_says(&d, "i2cget -f -y 0 0x48 0 w", "0x801a\n");
	exec_says(&d, "i2cget -f -y 0 0x18 0xfe", "0x41\n");
	exec_says(&d, "i2cset -f -y 0 0x48 3 0x0046 w", "");
	exec_says(&d, "i2cget -f -y 0 0x48 3 w", "0x0046\n");
	exec_says(&d, "i2cget -f -y 0 0x20", "0xf7\n");
	exec_says(&d, "i2cset -f -y 0 0x20 0x7f", "");
	exec_says(&d, "i2cget -f -y 0 0x20", "0x77\n");
	exec_says(&d, "i2cset -f -y 0 0x50 0x20 0x5a", "");
	exec_says(&d, "i2cdump -f -y -r 0x00-0x2f 0 0x50 b",
		  "     0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f    0123456789abcdef\n"
		  "00: 6c 64 6d 20 62 6f 61 72 64 00 01 02 03 04 05 06    ldm board.??????\n"
		  "10: ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff    ................\n"
		  "20: 5a ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff    Z...............\n");
	ASSERT_NE(ldm_exec(&d, "LDM_PRELOAD=" LDM_PRELOAD_BUILD, "i2cget -f -y 0 0x33", &out), 0);
	ASSERT(strstr(out, "Error: Read failed"));
	free(out);
	ldmd_down(&d);
}

DEFINE_TEST(test_i2c_269_i2cdetect_finds_the_chips,
	    .description = "with only 2.6.9's i2c core, i2c-dev and the adapter loaded (no chip "
			   "driver), i2cdetect -y 0 under ldm exec finds each chip of the board at "
			   "its address by probing, and nothing elsewhere",
	    .no_runtime = true)
{
	struct ldmd d;

	if (!in_path("i2cdetect"))
		ldm_test_skip("i2cdetect is not installed (Debian's package i2c-tools)");
	need_namespaces();
	need_fuse();
	build_269();
	ldmd_up(&d, (const char *[]){ "--board", I2C_BOARD, KO_DIR "/i2c-core.ko",
				      KO_DIR "/i2c-dev.ko", I2C_LDM_KO, NULL });
	exec_says(&d, "i2cdetect -y 0", i2cdetect_grid(i2c_board_chips, false));
	exec_says(&d, "i2cget -y 0 0x4c 0xfe", "0x01\n");
	ldmd_down(&d);
}

DEFINE_TEST(test_i2c_269_adapter_autoloads,
	    .description = "under ldmd --modules (an ldm depmod directory of 2.6.9's i2c core and "
			   "the adapter), the ldm,smbus node's alias loads i2c-ldm, and 2.6.9's "
			   "i2c-core before it, whose symbols it uses: adapter i2c-0 appears",
	    .no_runtime = true)
{
	char cmd[1024], mods[] = "/tmp/ldm-i2c-mods-XXXXXX";
	const char *name;
	struct stat st;
	struct ldmd d;

	need_fuse();
	build_269();
	ASSERT(mkdtemp(mods));
	snprintf(cmd, sizeof(cmd), "cp %s/i2c-core.ko %s %s/ && %s/tools/ldm/ldm depmod %s", KO_DIR,
		 I2C_LDM_KO, mods, LDM_BUILD_DIR, mods);
	ASSERT_EQ(ldm_test_run(cmd, NULL), 0);
	ldmd_up(&d, (const char *[]){ "--board", I2C_BOARD, "--modules", mods, NULL });
	name = cat(SYS(&d, "/devices/platform/smbus/i2c-0/name"));
	if (!name || strcmp(name, "ldm SMBus smbus\n"))
		FAIL("i2c-0's name is \"%s\"; ldmd's log:\n%s", name ? name : strerror(errno),
		     read_file(d.log));
	ASSERT_OK(stat(SYS(&d, "/module/i2c_core"), &st));
	ASSERT(S_ISDIR(st.st_mode));
	ldmd_down(&d);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", mods);
	ASSERT_EQ(ldm_test_run(cmd, NULL), 0);
}

/* ldmd on @board with 2.6.9's i2c core, i2c-dev and the SMBus adapter @ko. */
static void board_adapter_up(struct ldmd *d, const char *board, const char *ko)
{
	if (!in_path("i2cdetect"))
		ldm_test_skip("i2cdetect is not installed (Debian's package i2c-tools)");
	need_namespaces();
	need_fuse();
	build_269();
	ldmd_up(d, (const char *[]){ "--board", board, KO_DIR "/i2c-core.ko", KO_DIR "/i2c-dev.ko",
				     ko, NULL });
}

static void pci_adapter_up(struct ldmd *d, const char *ko)
{
	board_adapter_up(d, LDM_SOURCE_DIR "/boards/pci.dts", ko);
}

DEFINE_TEST(test_i2c_269_piix4_on_pci_board,
	    .description = "on boards/pci.dts, 2.6.9's i2c-piix4 built unchanged binds to the "
			   "PIIX4 function 00:07.3 and drives the SMBus controller model at its "
			   "SMBBA: i2cdetect -l lists its adapter, i2cdetect -y 0 finds the LM75 "
			   "and the 24C02 behind it, and i2cdump reads the EEPROM through it",
	    .no_runtime = true)
{
	struct ldmd d;

	pci_adapter_up(&d, KO_DIR "/i2c-piix4.ko");
	exec_says(&d, "i2cdetect -l",
		  "i2c-0\tsmbus     \tSMBus PIIX4 adapter at 5000     \tSMBus adapter\n");
	exec_says(&d, "i2cdetect -y 0",
		  i2cdetect_grid((const unsigned int[]){ 0x48, 0x50, 0 }, false));
	exec_says(&d, "i2cdump -y -r 0x00-0x0f 0 0x50 b",
		  "     0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f    0123456789abcdef\n"
		  "00: 70 69 69 78 34 00 01 02 ff ff ff ff ff ff ff ff    piix4.??........\n");
	/* the LM75's four registers as SMBus words (low byte first) */
	exec_says(&d, "i2cdump -y -r 0-3 0 0x48 w",
		  "     0,8  1,9  2,a  3,b  4,c  5,d  6,e  7,f\n"
		  "00: 801a 0000 004b 0050                     \n");
	ldmd_down(&d);
}

DEFINE_TEST(test_i2c_269_i801_on_pci_board,
	    .description = "on boards/pci.dts, 2.6.9's i2c-i801 built unchanged binds to the ICH "
			   "SMBus function 00:1f.3 and drives the controller model at its BAR 4: "
			   "i2cdetect -l lists its adapter, i2cdetect -y 0 finds the LM75 and the "
			   "24C02 behind it, i2cdump reads them, a block write and block read "
			   "go through the byte-at-a-time handshake, and a block write to an "
			   "address nobody answers fails",
	    .no_runtime = true)
{
	struct ldmd d;
	char *out = NULL;

	pci_adapter_up(&d, KO_DIR "/i2c-i801.ko");
	exec_says(&d, "i2cdetect -l",
		  "i2c-0\tsmbus     \tSMBus I801 adapter at 5020      \tSMBus adapter\n");
	exec_says(&d, "i2cdetect -y 0",
		  i2cdetect_grid((const unsigned int[]){ 0x49, 0x52, 0 }, false));
	exec_says(&d, "i2cdump -y -r 0x00-0x0f 0 0x52 b",
		  "     0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f    0123456789abcdef\n"
		  "00: 69 63 68 00 53 50 44 21 ff ff ff ff ff ff ff ff    ich.SPD!........\n");
	exec_says(&d, "i2cdump -y -r 0-3 0 0x49 w",
		  "     0,8  1,9  2,a  3,b  4,c  5,d  6,e  7,f\n"
		  "00: 0022 0000 004b 0050                     \n");
	/* an SMBus block write at 0x40: the count, then the bytes, in the EEPROM */
	exec_says(&d, "i2cset -y 0 0x52 0x40 0x11 0x22 0x33 s", "");
	exec_says(&d, "i2cdump -y -r 0x40-0x43 0 0x52 b",
		  "     0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f    0123456789abcdef\n"
		  "40: 03 11 22 33                                        ??\"3            \n");
	/* and read back as a block (i2cdump warns on stderr, which exec_ok keeps) */
	exec_says(&d, "i2cdump -y 0 0x52 s 0x40",
		  "SMBus block mode is deprecated, please use i2cget instead\n"
		  "     0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f    0123456789abcdef\n"
		  "00: 11 22 33                                           ?\"3\n");
	/* a block write to an address no chip answers fails, as the ICH's address phase says */
	ASSERT_NE(ldm_exec(&d, "LDM_PRELOAD=" LDM_PRELOAD_BUILD, "i2cset -y 0 0x53 0x40 1 2 3 s",
			   &out),
		  0);
	ASSERT(strstr(out, "Error: Write failed"));
	free(out);
	ldmd_down(&d);
}

/* A VIA 82C686's power-management function: the PIIX4's SMBus registers and config. */
static const char via_board[] =
	"/dts-v1/;\n"
	"/ { #address-cells = <1>; #size-cells = <1>;\n"
	"  pci { compatible = \"ldm,pci-host\"; #address-cells = <3>; #size-cells = <2>;\n"
	"    pm@7,4 { reg = <0x3c00 0 0 0 0>; vendor-id = <0x1106>; device-id = <0x3057>;\n"
	"      class-code = <0x068000>; revision-id = <0x40>;\n"
	"      ldm,config = <0x90 0x6001 0xd0 0x10000>; ldm,config-writable = <0xd0 0xff0000>;\n"
	"      i2c { compatible = \"ldm,smbus\"; #address-cells = <1>; #size-cells = <0>;\n"
	"        eeprom@50 { compatible = \"ldm,24c02\"; reg = <0x50>; ldm,data = [76 69 61]; };\n"
	"        temp@48 { compatible = \"ldm,lm75\"; reg = <0x48>; }; }; }; }; };\n";

DEFINE_TEST(test_i2c_269_viapro_on_the_piix4_model,
	    .description = "the PIIX4 SMBus model is a register set, not a chip: on a board whose "
			   "function is a VIA 82C686's (1106:3057, its SMBus base at 0x90 and host "
			   "config at 0xd2, as the PIIX4's), 2.6.9's i2c-viapro built unchanged "
			   "binds, and i2cdetect, i2cdump and an SMBus block write and read reach "
			   "the chips through it, with no line of the model written for VIA",
	    .no_runtime = true)
{
	char board[] = "/tmp/ldm-via-XXXXXX.dts";
	struct ldmd d;
	int fd;

	fd = mkstemps(board, 4);
	ASSERT(fd >= 0);
	ASSERT_EQ(write(fd, via_board, sizeof(via_board) - 1), (ssize_t)sizeof(via_board) - 1);
	close(fd);
	board_adapter_up(&d, board, KO_DIR "/i2c-viapro.ko");
	exec_says(&d, "i2cdetect -l",
		  "i2c-0\tsmbus     \tSMBus Via Pro adapter at 6000   \tSMBus adapter\n");
	exec_says(&d, "i2cdetect -y 0",
		  i2cdetect_grid((const unsigned int[]){ 0x48, 0x50, 0 }, false));
	exec_says(&d, "i2cdump -y -r 0-7 0 0x50 b",
		  "     0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f    0123456789abcdef\n"
		  "00: 76 69 61 ff ff ff ff ff                            via.....        \n");
	exec_says(&d, "i2cset -y 0 0x50 0x40 1 2 3 s", "");
	exec_says(&d, "i2cdump -y 0 0x50 s 0x40",
		  "SMBus block mode is deprecated, please use i2cget instead\n"
		  "     0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f    0123456789abcdef\n"
		  "00: 01 02 03                                           ???\n");
	ldmd_down(&d);
	unlink(board);
}
