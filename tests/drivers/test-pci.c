// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-pci.c - PCI functions from the board (src/drivers/pci/host.c): the
 * functions of boards/pci.dts on the "pci" bus with their ids and BARs,
 * config space through pci_*_config_*() and mechanism 1 at 0xCF8/0xCFC,
 * BAR sizing, read-only fields, writes past 256 bytes, the sysfs files,
 * bad boards refused naming the node, and the hotplug of one function.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <ldm/io.h>
#include <ldm/ioport.h>
#include <ldm/ldm.h>
#include <ldm/of.h>
#include <ldm/pci.h>
#include <libldm/hw.h>
#include <libldm/libldm.h>
#include <libldm/proc.h>

#include "harness.h"
#include "../hw/hw-board.h"

static void board_up(void)
{
	ASSERT_OK(ldm_board_load(LDM_SOURCE_DIR "/boards/pci.dts"));
}

static struct pci_dev *get(unsigned int slot, unsigned int fn)
{
	struct pci_dev *dev = pci_find_slot(0, PCI_DEVFN(slot, fn));

	ASSERT(dev);
	return dev;
}

DEFINE_TEST(test_pci_board_functions,
	    .description = "each child of the ldm,pci-host node is a function on the pci bus "
			   "with the board's ids, class, interrupt and BARs as resources")
{
	struct pci_dev *dev;

	board_up();
	dev = get(2, 0);
	ASSERT_EQ(dev->vendor, 0x10ec);
	ASSERT_EQ(dev->device, 0x8139);
	ASSERT_EQ(dev->subsystem_vendor, 0x1af4);
	ASSERT_EQ(dev->subsystem_device, 0x1100);
	ASSERT_EQ(dev->class, 0x020000);
	ASSERT_EQ(dev->irq, 11);
	ASSERT_EQ(pci_resource_start(dev, 0), 0xfebf0000UL);
	ASSERT_EQ(pci_resource_len(dev, 0), 0x1000UL);
	ASSERT(pci_resource_flags(dev, 0) & IORESOURCE_MEM);
	ASSERT_EQ(pci_resource_start(dev, 1), 0xc000UL);
	ASSERT(pci_resource_flags(dev, 1) & IORESOURCE_IO);
	ASSERT_STREQ(pci_name(dev), "0000:00:02.0");
	ASSERT(get(7, 0)->multifunction);
	ASSERT(get(0x1f, 0)->multifunction);
	ASSERT(!get(2, 0)->multifunction);
	ASSERT(!pci_find_slot(0, PCI_DEVFN(6, 0)));
	ldm_board_unload();
	ASSERT(!pci_find_slot(0, PCI_DEVFN(2, 0)));
}

DEFINE_TEST(test_pci_config_space,
	    .description = "config space: the header from the board, BAR sizing by writing all "
			   "ones, read-only fields kept, ldm,config bytes, and an access past "
			   "256 bytes refused")
{
	struct pci_dev *dev;
	u32 v;
	u16 w;
	u8 b;

	board_up();
	dev = get(2, 0);
	ASSERT_OK(pci_read_config_dword(dev, PCI_VENDOR_ID, &v));
	ASSERT_EQ(v, 0x813910ecU);
	ASSERT_OK(pci_read_config_dword(dev, PCI_CLASS_REVISION, &v));
	ASSERT_EQ(v, 0x02000020U);
	ASSERT_OK(pci_read_config_byte(dev, PCI_INTERRUPT_PIN, &b));
	ASSERT_EQ(b, 1);
	/* BAR sizing */
	ASSERT_OK(pci_read_config_dword(dev, PCI_BASE_ADDRESS_0, &v));
	ASSERT_EQ(v, 0xfebf0000U);
	ASSERT_OK(pci_write_config_dword(dev, PCI_BASE_ADDRESS_0, ~0U));
	ASSERT_OK(pci_read_config_dword(dev, PCI_BASE_ADDRESS_0, &v));
	ASSERT_EQ(v, 0xfffff000U);
	ASSERT_OK(pci_write_config_dword(dev, PCI_BASE_ADDRESS_0, 0xfebf0000U));
	ASSERT_OK(pci_write_config_dword(dev, PCI_BASE_ADDRESS_1, ~0U));
	ASSERT_OK(pci_read_config_dword(dev, PCI_BASE_ADDRESS_1, &v));
	ASSERT_EQ(v, 0xffffffc1U);
	ASSERT_OK(pci_read_config_dword(dev, PCI_BASE_ADDRESS_2, &v));
	ASSERT_EQ(v, 0U); /* no BAR: reads 0, takes no write */
	ASSERT_OK(pci_write_config_dword(dev, PCI_BASE_ADDRESS_2, ~0U));
	ASSERT_OK(pci_read_config_dword(dev, PCI_BASE_ADDRESS_2, &v));
	ASSERT_EQ(v, 0U);
	/* read-only ids; a writable command register */
	ASSERT_OK(pci_write_config_dword(dev, PCI_VENDOR_ID, 0x12345678));
	ASSERT_OK(pci_read_config_dword(dev, PCI_VENDOR_ID, &v));
	ASSERT_EQ(v, 0x813910ecU);
	ASSERT_OK(pci_enable_device(dev));
	pci_set_master(dev);
	ASSERT_OK(pci_read_config_word(dev, PCI_COMMAND, &w));
	ASSERT_EQ(w, PCI_COMMAND_IO | PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
	/* the board's device-specific dwords */
	ASSERT_OK(pci_read_config_dword(get(7, 3), 0x90, &v));
	ASSERT_EQ(v, 0x5001U);
	ASSERT_OK(pci_read_config_byte(get(7, 3), 0xd2, &b));
	ASSERT_EQ(b, 1);
	/* past 256 bytes */
	ASSERT_EQ(pci_write_config_dword(dev, 256, 0), PCIBIOS_BAD_REGISTER_NUMBER);
	ASSERT_EQ(pci_write_config_word(dev, 255, 0), PCIBIOS_BAD_REGISTER_NUMBER);
	ASSERT_EQ(pci_read_config_byte(dev, 256, &b), PCIBIOS_BAD_REGISTER_NUMBER);
	ldm_board_unload();
}

DEFINE_TEST(test_pci_conf1_ports,
	    .description = "configuration mechanism 1: an address at 0xCF8, the data at 0xCFC "
			   "to 0xCFF, all ones where no function is or with the enable bit off")
{
	board_up();
	outl(0x80001000U, 0xcf8); /* 00:02.0, register 0 */
	ASSERT_EQ(inl(0xcf8), 0x80001000U);
	ASSERT_EQ(inl(0xcfc), 0x813910ecU);
	ASSERT_EQ(inw(0xcfe), 0x8139);
	ASSERT_EQ(inb(0xcfd), 0x10);
	outl(0x80001010U, 0xcf8); /* BAR 0 */
	outl(~0U, 0xcfc);
	ASSERT_EQ(inl(0xcfc), 0xfffff000U);
	outl(0x80003014U, 0xcf8); /* 00:06.0: nothing there */
	ASSERT_EQ(inl(0xcfc), 0xffffffffU);
	outl(0x00001000U, 0xcf8); /* enable bit off */
	ASSERT_EQ(inl(0xcfc), 0xffffffffU);
	outl(0x8000f800U, 0xcf8);
	ASSERT_EQ(inl(0xcfc), 0x24108086U);
	ldm_board_unload();
}

DEFINE_TEST(test_pci_sysfs_files,
	    .description = "/sys/bus/pci/devices/0000:00:02.0 has 2.6.9's vendor, device, "
			   "subsystem ids, class, irq, resource, config, and modalias")
{
	char buf[512];
	ssize_t n;

	board_up();
	ASSERT_STREQ(tree_attr("/bus/pci/devices/0000:00:02.0/vendor"), "0x10ec\n");
	ASSERT_STREQ(tree_attr("/bus/pci/devices/0000:00:02.0/device"), "0x8139\n");
	ASSERT_STREQ(tree_attr("/bus/pci/devices/0000:00:02.0/subsystem_vendor"), "0x1af4\n");
	ASSERT_STREQ(tree_attr("/bus/pci/devices/0000:00:02.0/subsystem_device"), "0x1100\n");
	ASSERT_STREQ(tree_attr("/bus/pci/devices/0000:00:02.0/class"), "0x020000\n");
	ASSERT_STREQ(tree_attr("/bus/pci/devices/0000:00:02.0/irq"), "11\n");
	ASSERT_STREQ(tree_attr("/bus/pci/devices/0000:00:02.0/modalias"),
		     "pci:v000010ECd00008139sv00001AF4sd00001100bc02sc00i00\n");
	ASSERT(strstr(tree_attr("/bus/pci/devices/0000:00:02.0/resource"),
		      "0x00000000febf0000 0x00000000febf0fff 0x0000000000000200\n"));
	n = ldm_sysfs_read_path("/bus/pci/devices/0000:00:02.0/config", buf, sizeof(buf));
	ASSERT_EQ(n, 256);
	ASSERT_EQ((unsigned char)buf[0], 0xec);
	ASSERT_EQ((unsigned char)buf[2], 0x39);
	ASSERT_EQ((unsigned char)buf[0x3c], 11);
	ldm_board_unload();
}

static const struct {
	const char *fn;
	const char *says;
} bad_functions[] = {
	{ "a@1,0 { reg = <0x800 0 0 0 0>; vendor-id = <1>; }; "
	  "b@1,0 { reg = <0x800 0 0 0 0>; vendor-id = <1>; };",
	  "/pci/b@1,0: 00:01.0 is also /pci/a@1,0" },
	{ "a@1,0 { reg = <0x800 0 0 0 0 0x02000810 0 0x10000 0 0x3000>; vendor-id = <1>; };",
	  "/pci/a@1,0: BAR 0 size 0x3000 is not a power of two" },
	{ "a@1,0 { reg = <0x800 0 0 0 0 0x01000810 0 0x1000 0 0x20>; vendor-id = <1>; }; "
	  "b@2,0 { reg = <0x1000 0 0 0 0 0x01001014 0 0x1010 0 0x10>; vendor-id = <1>; };",
	  "/pci/b@2,0: BAR 1 overlaps BAR 0 of /pci/a@1,0" },
	{ "a@1,0 { reg = <0x800 0 0 0 0 0x01000810 0 0x1000 0 0x20 0x01000814 0 0x1010 0 0x10>;"
	  " vendor-id = <1>; };",
	  "/pci/a@1,0: BAR 1 overlaps BAR 0 of /pci/a@1,0" },
	{ "a@1,0 { reg = <0x800 0 0 0 0>; };", "/pci/a@1,0: has no vendor-id" },
	{ "a@1,0 { reg = <0x10800 0 0 0 0>; vendor-id = <1>; };",
	  "/pci/a@1,0: reg 0x00010800 is not a function's address on bus 00" },
	{ "a@1,0 { reg = <0x800 0 0 0 0 0x02000890 0 0x10000 0 0x1000>; vendor-id = <1>; };",
	  "/pci/a@1,0: reg 0x02000890 is not an I/O or 32-bit memory BAR" },
	{ "a@1,0 { reg = <0x800 0 0 0 0 0x02000810 0 0x10800 0 0x1000>; vendor-id = <1>; };",
	  "/pci/a@1,0: BAR 0 at 0x10800 is not aligned to its size" },
	{ "a@1,0 { reg = <0x800 0 0 0 0>; vendor-id = <1>; ldm,config = <0x10 0>; };",
	  "/pci/a@1,0: ldm,config offset 0x10 is not a dword in 0x40-0xfc" },
	{ "a@1,0 { reg = <0x800 0 0 0 0>; vendor-id = <1>; #address-cells = <1>;"
	  " #size-cells = <0>; bar@2 { compatible = \"ldm,regbank\"; reg = <2>; }; };",
	  "/pci/a@1,0/bar@2: reg is not a BAR the function has" },
	{ "a@1,0 { reg = <0x800 0 0 0 0>; vendor-id = <1>; ldm,config = <0x90 0x5001>;"
	  " i2c { compatible = \"ldm,smbus\"; }; };",
	  "/pci/a@1,0: an SMBus needs SMBBA (0x90) and SMBHSTCFG (0xd2) bit 0 set" },
	{ "a@1,0 { compatible = \"ldm,ich-smbus\"; reg = <0x800 0 0 0 0 0x01000820 0 0x5020 0 "
	  "0x10>; vendor-id = <1>; i2c { compatible = \"ldm,smbus\"; }; };",
	  "/pci/a@1,0: an ICH SMBus needs an I/O BAR 4 (0x20) and HOSTC (0x40) bit 0 set" },
	{ "a@1,0 { compatible = \"ldm,ich-smbus\"; reg = <0x800 0 0 0 0 0x02000820 0 0x50000 0 "
	  "0x10>; vendor-id = <1>; ldm,config = <0x40 1>; i2c { compatible = \"ldm,smbus\"; }; "
	  "};",
	  "/pci/a@1,0: an ICH SMBus needs an I/O BAR 4 (0x20) and HOSTC (0x40) bit 0 set" },
	{ "a@1,0 { reg = <0x800 0 0 0 0>; vendor-id = <1>; ldm,config = <0x90 0x5001 0xd0 0x10000>;"
	  " #address-cells = <1>; #size-cells = <0>; i2c { compatible = \"ldm,smbus\";"
	  " #address-cells = <1>; #size-cells = <0>; x@48 { compatible = \"ldm,nochip\";"
	  " reg = <0x48>; }; }; };",
	  "/pci/a@1,0/i2c/x@48" },
};

static void load_bad(void *arg)
{
	unsigned int i = *(unsigned int *)arg;
	char src[2048];

	snprintf(src, sizeof(src),
		 "/dts-v1/;\n/ { pci { compatible = \"ldm,pci-host\"; #address-cells = <3>;"
		 " #size-cells = <2>; %s }; };\n",
		 bad_functions[i].fn);
	if (hw_board_load(src))
		_exit(2);
	/* the host's probe failed: no function is on the bus */
	_exit(pci_find_slot(0, PCI_DEVFN(1, 0)) || pci_find_slot(0, PCI_DEVFN(2, 0)) ? 1 : 0);
}

DEFINE_TEST(test_pci_bad_boards,
	    .description = "duplicate bus/device/function, a BAR size not a power of two, "
			   "overlapping BARs and other bad functions refuse the host with a "
			   "message naming the node")
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad_functions); i++) {
		char *err = NULL;
		int status = ldm_test_capture(load_bad, &i, &err);

		if (status != 0 || !strstr(err, bad_functions[i].says))
			FAIL("case %u: status %d, logged \"%s\", expected \"%s\"", i, status, err,
			     bad_functions[i].says);
		free(err);
	}
}

DEFINE_TEST(test_pci_proc_bus_pci,
	    .description = "/proc/bus/pci/devices has 2.6.9's line per function and BB/DD.F its "
			   "config space, which goes with the board")
{
	char *text;
	size_t len;

	board_up();
	text = ldm_proc_read_path("/bus/pci/devices", NULL);
	ASSERT(text);
	ASSERT(strstr(text, "0010\t10ec8139\tb\t        febf0000\t            c001\t"
			    "               0\t               0\t               0\t"
			    "               0\t               0\t            1000\t"
			    "              40\t               0\t               0\t"
			    "               0\t               0\t               0\t\n"));
	ASSERT(strstr(text, "00f8\t80862410\t0\t"));
	free(text);
	text = ldm_proc_read_path("/bus/pci/00/02.0", &len);
	ASSERT(text);
	ASSERT_EQ(len, 256);
	ASSERT_EQ((unsigned char)text[0], 0xec);
	ASSERT_EQ((unsigned char)text[0x3c], 11);
	free(text);
	ldm_board_unload();
	text = ldm_proc_read_path("/bus/pci/devices", NULL);
	ASSERT(text);
	ASSERT_STREQ(text, "");
	free(text);
	ASSERT(!ldm_proc_read_path("/bus/pci/00/02.0", NULL));
}

static int probes, removes;
static struct pci_dev *probed;

static int tdrv_probe(struct pci_dev *dev, const struct pci_device_id *id)
{
	int error;

	if (id->driver_data != 42)
		return -EINVAL;
	error = pci_enable_device(dev);
	if (error)
		return error;
	error = pci_request_regions(dev, "tdrv");
	if (error)
		return error;
	pci_set_master(dev);
	pci_set_drvdata(dev, &probes);
	probed = dev;
	probes++;
	return 0;
}

static void tdrv_remove(struct pci_dev *dev)
{
	pci_release_regions(dev);
	pci_disable_device(dev);
	removes++;
}

static const struct pci_device_id tdrv_ids[] = {
	{ PCI_DEVICE(0x10ec, 0x8139), .driver_data = 42 },
	{},
};

static struct pci_driver tdrv = {
	.name = "tdrv",
	.id_table = tdrv_ids,
	.probe = tdrv_probe,
	.remove = tdrv_remove,
};

DEFINE_TEST(test_pci_driver_binds_board_function,
	    .description = "a pci_driver whose id_table names a board function binds to it, "
			   "claims its BARs and turns on decoding and mastering; the board's "
			   "unload runs its remove first")
{
	u16 cmd;

	probes = removes = 0;
	board_up();
	ASSERT_OK(pci_register_driver(&tdrv));
	ASSERT_EQ(probes, 1);
	ASSERT_STREQ(pci_name(probed), "0000:00:02.0");
	ASSERT(pci_get_drvdata(probed) == &probes);
	ASSERT_OK(pci_read_config_word(probed, PCI_COMMAND, &cmd));
	ASSERT_EQ(cmd, PCI_COMMAND_IO | PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
	ASSERT(!request_region(0xc000, 0x40, "other")); /* tdrv holds it */
	ASSERT_STREQ(tree_link("/bus/pci/devices/0000:00:02.0/driver"),
		     "../../../../bus/pci/drivers/tdrv");
	ldm_board_unload();
	ASSERT_EQ(removes, 1);
	ASSERT(request_region(0xc000, 0x40, "other"));
	release_region(0xc000, 0x40);
	pci_unregister_driver(&tdrv);
	ASSERT_EQ(removes, 1);
}

DEFINE_TEST(test_pci_bar_register_bank,
	    .description = "a bar@N child compatible with ldm,regbank answers BAR N's accesses "
			   "with its registers, in any width; past them all ones; gone with "
			   "the board")
{
	char __iomem *regs;

	board_up();
	regs = (char __iomem *)ioremap(0xfebf1000, 0x1000);
	ASSERT(regs);
	ASSERT_EQ(readl(regs), 0x0000a55aU);
	ASSERT_EQ(readb(regs + 4), 0x01);
	writel(0x11223344, regs); /* registers 0 and 1 are read-only, 2 and 3 not */
	ASSERT_EQ(readl(regs), 0x1122a55aU);
	writew(0xbeef, regs + 6);
	ASSERT_EQ(readl(regs + 4), 0xbeef0001U);
	ASSERT_EQ(readb(regs + 16), 0xff); /* past the bank */
	iounmap(regs);
	ldm_board_unload();
	regs = (char __iomem *)ioremap(0xfebf1000, 0x1000);
	ASSERT(regs);
	ASSERT_EQ(readl(regs), 0xffffffffU);
	iounmap(regs);
}

/* The PIIX4 SMBus controller of boards/pci.dts's 00:07.3, at 0x5000. */
#define SMB(reg) (0x5000 + (reg))

/* Start a transaction of protocol @proto (HSTCNT bits 2-4); the status. */
static unsigned int smb_run(unsigned int addr_rw, unsigned int cmd, unsigned int proto)
{
	outb(addr_rw, SMB(4));
	outb(cmd, SMB(3));
	outb(proto | 0x40, SMB(2));
	return inb(SMB(0));
}

DEFINE_TEST(test_pci_piix4_smbus_ports,
	    .description = "the PIIX4 function's SMBus registers at its SMBBA run quick, byte, "
			   "byte-data, word-data and block transactions on the chips of its "
			   "ldm,smbus child; status bits clear by writing 1; KILL fails; "
			   "INTREN raises the function's line; gone with the board")
{
	unsigned long irqs;
	unsigned int i;

	board_up();
	ASSERT_EQ(inb(SMB(0)), 0x00);
	/* word data from the LM75's temperature: LSB (DAT0) first on SMBus */
	ASSERT_EQ(smb_run(0x48 << 1 | 1, 0x00, 0x0c), 0x02);
	ASSERT_EQ(inb(SMB(5)), 0x1a);
	ASSERT_EQ(inb(SMB(6)), 0x80);
	outb(0x02, SMB(0));
	ASSERT_EQ(inb(SMB(0)), 0x00);
	/* word data written to the LM75's T_os and read back */
	outb(0x46, SMB(5));
	outb(0x00, SMB(6));
	ASSERT_EQ(smb_run(0x48 << 1, 0x03, 0x0c), 0x02);
	outb(0x02, SMB(0));
	outb(0xff, SMB(5));
	ASSERT_EQ(smb_run(0x48 << 1 | 1, 0x03, 0x0c), 0x02);
	ASSERT_EQ(inb(SMB(5)), 0x46);
	ASSERT_EQ(inb(SMB(6)), 0x00);
	outb(0x02, SMB(0));
	/* byte data from the EEPROM, then byte data written and read back */
	ASSERT_EQ(smb_run(0x50 << 1 | 1, 0x00, 0x08), 0x02);
	ASSERT_EQ(inb(SMB(5)), 0x70);
	outb(0x02, SMB(0));
	outb(0x5a, SMB(5));
	ASSERT_EQ(smb_run(0x50 << 1, 0x10, 0x08), 0x02);
	outb(0x02, SMB(0));
	ASSERT_EQ(smb_run(0x50 << 1 | 1, 0x10, 0x08), 0x02);
	ASSERT_EQ(inb(SMB(5)), 0x5a);
	outb(0x02, SMB(0));
	/* byte write (HSTCMD is the byte: the address), then byte read */
	ASSERT_EQ(smb_run(0x50 << 1, 0x01, 0x04), 0x02);
	outb(0x02, SMB(0));
	ASSERT_EQ(smb_run(0x50 << 1 | 1, 0, 0x04), 0x02);
	ASSERT_EQ(inb(SMB(5)), 0x69);
	outb(0x02, SMB(0));
	/* quick to an address nobody holds: DEV_ERR, cleared by writing 1 */
	ASSERT_EQ(smb_run(0x51 << 1, 0, 0x00), 0x04);
	outb(0x04, SMB(0));
	ASSERT_EQ(inb(SMB(0)), 0x00);
	/* block write: count in DAT0, bytes through HSTBLKDAT after HSTCNT's read */
	outb(3, SMB(5));
	(void)inb(SMB(2));
	for (i = 0; i < 3; i++)
		outb(0xa0 + i, SMB(7));
	ASSERT_EQ(smb_run(0x50 << 1, 0x20, 0x14), 0x02);
	outb(0x02, SMB(0));
	ASSERT_EQ(smb_run(0x50 << 1 | 1, 0x20, 0x08), 0x02); /* the count, then the bytes */
	ASSERT_EQ(inb(SMB(5)), 3);
	outb(0x02, SMB(0));
	ASSERT_EQ(smb_run(0x50 << 1 | 1, 0x23, 0x08), 0x02);
	ASSERT_EQ(inb(SMB(5)), 0xa2);
	outb(0x02, SMB(0));
	/* KILL: FAILED */
	outb(0x02, SMB(2));
	ASSERT_EQ(inb(SMB(0)), 0x10);
	outb(0x10, SMB(0));
	/* INTREN: the function's line 9 is raised at the end */
	irqs = ldm_hw_irq_count(9);
	outb(0x48 << 1, SMB(4));
	outb(0x00 | 0x40 | 0x01, SMB(2));
	ASSERT_EQ(inb(SMB(0)), 0x02);
	ASSERT_EQ(ldm_hw_irq_count(9), irqs + 1);
	outb(0x02, SMB(0));
	ldm_board_unload();
	ASSERT_EQ(inb(SMB(0)), 0xff);
}

/* The ICH SMBus controller of boards/pci.dts's 00:1f.3, at its BAR 4 (0x5020). */
#define ICH(reg) (0x5020 + (reg))

/* Clear BYTE_DONE (and what else @sts has) after giving or taking a byte. */
static unsigned int ich_next(unsigned int sts)
{
	outb(sts, ICH(0));
	return inb(ICH(0));
}

DEFINE_TEST(test_pci_ich_smbus_ports,
	    .description = "the ICH SMBus function (ldm,ich-smbus) has the PIIX4's registers at "
			   "its BAR 4: byte and word data reach its own chips; a block goes a "
			   "byte at a time, each in HSTBLKDAT with BYTE_DONE set until the host "
			   "writes 1 to it, and INTR ends it; a block read or write to a chip that "
			   "does not answer fails at once; KILL in the middle fails the block")
{
	u8 got[4];
	int i;

	board_up();
	ASSERT_EQ(inb(ICH(0)), 0x00);
	outb(0x52 << 1 | 1, ICH(4));
	outb(0x00, ICH(3));
	outb(0x48, ICH(2)); /* byte data, START */
	ASSERT_EQ(inb(ICH(0)), 0x02);
	ASSERT_EQ(inb(ICH(5)), 0x69);
	outb(0x02, ICH(0));
	outb(0x49 << 1 | 1, ICH(4));
	outb(0x4c, ICH(2)); /* word data */
	ASSERT_EQ(inb(ICH(0)), 0x02);
	ASSERT_EQ(inb(ICH(5)) | inb(ICH(6)) << 8, 0x0022);
	outb(0x02, ICH(0));

	/* block write of 3 bytes at 0x30, as i2c-i801 gives them */
	outb(0x52 << 1, ICH(4));
	outb(0x30, ICH(3));
	outb(3, ICH(5));
	outb(0xb0, ICH(7));
	outb(0x14, ICH(2));
	outb(0x54, ICH(2));
	ASSERT_EQ(inb(ICH(0)), 0x80);
	outb(0xb1, ICH(7));
	ASSERT_EQ(ich_next(0x80), 0x80);
	outb(0xb2, ICH(7));
	ASSERT_EQ(ich_next(0x80), 0x80);
	ASSERT_EQ(ich_next(0x80), 0x02);
	outb(0x02, ICH(0));

	/* block read of it: the count in DAT0, then the bytes */
	outb(0x52 << 1 | 1, ICH(4));
	outb(0x54, ICH(2));
	ASSERT_EQ(inb(ICH(0)), 0x80);
	ASSERT_EQ(inb(ICH(5)), 3);
	for (i = 0; i < 3; i++) {
		got[i] = inb(ICH(7));
		ASSERT_EQ(ich_next(0x80), i < 2 ? 0x80 : 0x02);
	}
	ASSERT_EQ(got[0] << 16 | got[1] << 8 | got[2], 0xb0b1b2);
	outb(0x02, ICH(0));

	/* a chip that does not answer: DEV_ERR at START, no byte, reading or writing */
	outb(0x53 << 1 | 1, ICH(4));
	outb(0x54, ICH(2));
	ASSERT_EQ(inb(ICH(0)), 0x04);
	outb(0x04, ICH(0));
	outb(0x53 << 1, ICH(4));
	outb(2, ICH(5));
	outb(0x54, ICH(2));
	ASSERT_EQ(inb(ICH(0)), 0x04);
	outb(0x04, ICH(0));
	/* KILL in the middle of a block write */
	outb(0x52 << 1, ICH(4));
	outb(2, ICH(5));
	outb(0x54, ICH(2));
	ASSERT_EQ(inb(ICH(0)), 0x80);
	outb(0x16, ICH(2));
	ASSERT_EQ(inb(ICH(0)) & 0x10, 0x10);
	outb(0x90, ICH(0));
	ASSERT_EQ(inb(ICH(0)), 0x00);
	ldm_board_unload();
	ASSERT_EQ(inb(ICH(0)), 0xff);
}

static const char hotplug_board[] =
	"/dts-v1/;\n"
	"/ { pci { compatible = \"ldm,pci-host\"; #address-cells = <3>; #size-cells = <2>;\n"
	"  f@2,0 { reg = <0x1000 0 0 0 0 0x01001014 0 0xc000 0 0x40>;\n"
	"    vendor-id = <0x10ec>; device-id = <0x8139>; class-code = <0x020000>;\n"
	"    ldm,slot-empty; };\n"
	"  f@2,1 { reg = <0x1100 0 0 0 0>; vendor-id = <0x8086>; };\n"
	"  off@5,0 { reg = <0x2800 0 0 0 0>; vendor-id = <0x8086>; status = \"disabled\"; };\n"
	"}; };\n";

DEFINE_TEST(test_pci_function_hotplug,
	    .description = "a function whose slot is empty at boot (ldm,slot-empty) goes in with "
			   "ldm_pci_function_add(): it is on the bus, its driver binds, function "
			   "0 of the slot becomes multi-function; ldm_pci_function_remove() runs "
			   "the driver's remove first and frees the function's BARs; it can go in "
			   "again; bad names, a taken slot, a node not there fail saying why")
{
	probes = removes = 0;
	ASSERT_OK(pci_register_driver(&tdrv));
	ASSERT_OK(hw_board_load(hotplug_board));
	ASSERT(!pci_find_slot(0, PCI_DEVFN(2, 0)));
	ASSERT(!get(2, 1)->multifunction);
	ASSERT_EQ(probes, 0);

	ASSERT_OK(ldm_pci_function_add("0000:00:02.0"));
	ASSERT_EQ(probes, 1);
	ASSERT_STREQ(pci_name(probed), "0000:00:02.0");
	ASSERT(get(2, 0)->multifunction);
	ASSERT(get(2, 1)->multifunction);
	ASSERT(!request_region(0xc000, 0x40, "other")); /* tdrv holds it */
	ASSERT_EQ(ldm_pci_function_add("0000:00:02.0"), -EEXIST);
	ASSERT(ldm_test_log_has("ldm: pci: 0000:00:02.0 is in its slot already"));

	ASSERT_OK(ldm_pci_function_remove("0000:00:02.0"));
	ASSERT_EQ(removes, 1);
	ASSERT(!pci_find_slot(0, PCI_DEVFN(2, 0)));
	ASSERT(!get(2, 1)->multifunction);
	ASSERT(request_region(0xc000, 0x40, "other"));
	release_region(0xc000, 0x40);
	ASSERT_EQ(ldm_pci_function_remove("0000:00:02.0"), -ENODEV);

	ASSERT_OK(ldm_pci_function_add("0000:00:02.0"));
	ASSERT_EQ(probes, 2);

	ASSERT_EQ(ldm_pci_function_add("0000:00:05.0"), -ENODEV); /* disabled */
	ASSERT(ldm_test_log_has("ldm: pci: 0000:00:05.0: the board describes no function there"));
	ASSERT_EQ(ldm_pci_function_add("0000:01:02.0"), -ENODEV);
	ASSERT(ldm_test_log_has("ldm: pci: 0000:01:02.0: the board has no bus 01"));
	ASSERT_EQ(ldm_pci_function_add("0000:00:02"), -EINVAL);
	ASSERT_EQ(ldm_pci_function_add("0001:00:02.0"), -EINVAL);
	ASSERT_EQ(ldm_pci_function_add("0000:00:20.0"), -EINVAL);
	ASSERT_EQ(ldm_pci_function_add("0000:00:02.8"), -EINVAL);
	ASSERT_EQ(ldm_pci_function_remove("0000:00:zz.0"), -EINVAL);
	ldm_board_unload();
	ASSERT_EQ(removes, 2);
	pci_unregister_driver(&tdrv);
}

struct hotplug_reader {
	atomic_int stop;
	unsigned long reads, seen;
	int errors;
};

/*
 * Read 00:02.x's ids through mechanism 1 and through pci_get_device() while
 * the other thread hotplugs 00:02.0: a read finds the function whole, or
 * not there (all ones), never torn.
 */
static void *hotplug_read(void *arg)
{
	struct hotplug_reader *r = arg;
	struct pci_dev *dev;
	u32 v;

	while (!atomic_load(&r->stop)) {
		outl(0x80001000, 0xcf8); /* 00:02.0, register 0 */
		v = inl(0xcfc);
		if (v != 0x813910ec && v != 0xffffffff)
			r->errors++;
		dev = pci_get_device(0x10ec, 0x8139, NULL);
		if (dev) {
			if (pci_read_config_dword(dev, 0, &v) == PCIBIOS_SUCCESSFUL &&
			    v != 0x813910ec)
				r->errors++;
			r->seen++;
			pci_dev_put(dev);
		}
		r->reads++;
	}
	return NULL;
}

DEFINE_TEST(test_pci_hotplug_races_config_reads,
	    .description = "a function hotplugged in and out 500 times while another thread "
			   "reads its config space through ports 0xCF8/0xCFC and through a "
			   "pci_get_device() reference: every read is whole or all ones, and "
			   "nothing is used after it is freed",
	    .concurrency = true)
{
	struct hotplug_reader r = { .reads = 0 };
	pthread_t t;
	int i;

	ASSERT_OK(hw_board_load(hotplug_board));
	ASSERT_OK(pthread_create(&t, NULL, hotplug_read, &r));
	for (i = 0; i < 500; i++) {
		ASSERT_OK(ldm_pci_function_add("0000:00:02.0"));
		ASSERT_OK(ldm_pci_function_remove("0000:00:02.0"));
	}
	atomic_store(&r.stop, 1);
	ASSERT_OK(pthread_join(t, NULL));
	ASSERT_EQ(r.errors, 0);
	ldm_test_log("%lu reads, the function there for %lu", r.reads, r.seen);
	ldm_board_unload();
}
