// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-i2c.c - ldm's own SMBus/I2C bus (src/drivers/i2c/): the chips a
 * board puts under an "ldm,smbus" node, reached through the kernel-side
 * calls the adapter module uses (<ldm/i2c-ldm.h>) and the host API
 * (<libldm/i2c.h>): every SMBus transfer and plain I2C messages, the
 * lm75, ds1621, adm1021, lm90, pcf8574 and 24C02 models as their 2.6.9
 * drivers read them, a chip made of the board alone, its interrupt, the
 * faults, and bad boards refused with a message naming the node; and the
 * adapter module (modules/i2c-ldm) over a stub of the i2c core's two
 * calls (i2cstub/), since 2.6.9's own core is not here without the tree.
 */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
#include <ldm/i2c-ldm.h>
#include <ldm/interrupt.h>
#include <ldm/ldm.h>
#include <libldm/hw.h>
#include <libldm/i2c.h>
#include <libldm/libldm.h>
#include <libldm/module.h>

#include "fault.h"
#include "harness.h"
#include "../hw/hw-board.h"

static const char board[] =
	"/dts-v1/;\n"
	"/ {\n"
	"	smbus@0 {\n"
	"		compatible = \"ldm,smbus\";\n"
	"		#address-cells = <1>;\n"
	"		#size-cells = <0>;\n"
	"		temp@48 { compatible = \"ldm,lm75\"; reg = <0x48>; ldm,reset = <0 0x1a80>; };\n"
	"		temp@49 { compatible = \"ldm,ds1621\"; reg = <0x49>; };\n"
	"		temp@18 { compatible = \"ldm,adm1021\"; reg = <0x18>; };\n"
	"		temp@4c { compatible = \"ldm,lm90\"; reg = <0x4c>; };\n"
	"		gpio@20 { compatible = \"ldm,pcf8574\"; reg = <0x20>; ldm,inputs = <0xf7>;\n"
	"			interrupts = <5>; };\n"
	"		eeprom@50 { compatible = \"ldm,24c02\"; reg = <0x50>;\n"
	"			ldm,data = [de ad be ef 00 01 02 03 04 05 06 07]; };\n"
	"		status@30 { compatible = \"ldm,regbank\"; reg = <0x30>; ldm,reg-count = <4>;\n"
	"			ldm,reset = <0 0x42>; ldm,write-1-to-clear = <1 0xff>;\n"
	"			ldm,irq = <1 0 7>; };\n"
	"		off@31 { compatible = \"ldm,lm75\"; reg = <0x31>; status = \"disabled\"; };\n"
	"	};\n"
	"};\n";

/* Load the board and hold its bus, as the adapter driver does. */
static struct ldm_i2c_bus *bus_up(void)
{
	struct device_node *np;
	struct ldm_i2c_bus *bus;

	ASSERT_OK(hw_board_load(board));
	np = of_find_node_by_path("/smbus@0");
	ASSERT(np);
	bus = ldm_i2c_bus_get(np);
	of_node_put(np);
	ASSERT(!IS_ERR(bus));
	return bus;
}

static void bus_down(struct ldm_i2c_bus *bus)
{
	ldm_i2c_bus_put(bus);
	ldm_board_unload();
}

static int rd_byte_data(struct ldm_i2c_bus *bus, u16 addr, u8 cmd)
{
	union i2c_smbus_data d;
	int error = ldm_i2c_smbus_xfer(bus, addr, 0, I2C_SMBUS_READ, cmd, I2C_SMBUS_BYTE_DATA, &d);

	return error ? error : d.byte;
}

static int rd_word_data(struct ldm_i2c_bus *bus, u16 addr, u8 cmd)
{
	union i2c_smbus_data d;
	int error = ldm_i2c_smbus_xfer(bus, addr, 0, I2C_SMBUS_READ, cmd, I2C_SMBUS_WORD_DATA, &d);

	return error ? error : d.word;
}

static int wr_byte_data(struct ldm_i2c_bus *bus, u16 addr, u8 cmd, u8 value)
{
	union i2c_smbus_data d = { .byte = value };

	return ldm_i2c_smbus_xfer(bus, addr, 0, I2C_SMBUS_WRITE, cmd, I2C_SMBUS_BYTE_DATA, &d);
}

static int wr_word_data(struct ldm_i2c_bus *bus, u16 addr, u8 cmd, u16 value)
{
	union i2c_smbus_data d = { .word = value };

	return ldm_i2c_smbus_xfer(bus, addr, 0, I2C_SMBUS_WRITE, cmd, I2C_SMBUS_WORD_DATA, &d);
}

static int quick(struct ldm_i2c_bus *bus, u16 addr)
{
	return ldm_i2c_smbus_xfer(bus, addr, 0, I2C_SMBUS_WRITE, 0, I2C_SMBUS_QUICK, NULL);
}

static u32 reg(struct ldm_i2c_bus *bus, u16 addr, unsigned int r)
{
	uint32_t v = 0xdeadbeef;

	ASSERT_OK(ldm_i2c_reg_read(bus, addr, r, &v));
	return v;
}

DEFINE_TEST(test_i2c_quick_finds_the_board_chips,
	    .description = "an SMBus quick write is acknowledged at each address the board puts a "
			   "chip at and at no other (-ENXIO), a disabled node included")
{
	static const u16 present[] = { 0x18, 0x20, 0x30, 0x48, 0x49, 0x4c, 0x50 };
	struct ldm_i2c_bus *bus = bus_up();
	unsigned int addr, i, found = 0;
	char name[16];

	for (addr = 0x03; addr <= 0x77; addr++) {
		int error = quick(bus, addr);
		bool want = false;

		for (i = 0; i < ARRAY_SIZE(present); i++)
			want |= present[i] == addr;
		if (want) {
			ASSERT_OK(error);
			found++;
		} else if (error != -ENXIO) {
			FAIL("quick at 0x%02x: %d, expected -ENXIO", addr, error);
		}
	}
	ASSERT_EQ(found, ARRAY_SIZE(present));
	ASSERT_EQ(ldm_i2c_functionality(bus), LDM_I2C_FUNC);
	ASSERT_OK(ldm_i2c_model(bus, 0x48, name, sizeof(name)));
	ASSERT_STREQ(name, "lm75");
	ASSERT_OK(ldm_i2c_model(bus, 0x50, name, sizeof(name)));
	ASSERT_STREQ(name, "24c02");
	ASSERT_EQ(ldm_i2c_model(bus, 0x31, name, sizeof(name)), -ENOENT);
	bus_down(bus);
}

DEFINE_TEST(test_i2c_lm75_as_lm75_c_reads_it,
	    .description = "the lm75 model sends its 16-bit registers most significant byte first "
			   "(lm75.c swaps the SMBus word), its configuration as one byte, pointers "
			   "4 to 7 read back the last register and the pointer wraps at 8, as "
			   "lm75.c's detection checks; the temperature is read-only")
{
	struct ldm_i2c_bus *bus = bus_up();
	int hyst, os;

	ASSERT_EQ(rd_word_data(bus, 0x48, 0), 0x801a); /* 26.5 C from the board */
	ASSERT_EQ(rd_byte_data(bus, 0x48, 1), 0);
	hyst = rd_word_data(bus, 0x48, 2);
	ASSERT_EQ(hyst, 0x004b);
	ASSERT_EQ(rd_word_data(bus, 0x48, 4), hyst);
	ASSERT_EQ(rd_word_data(bus, 0x48, 7), hyst);
	os = rd_word_data(bus, 0x48, 3);
	ASSERT_EQ(os, 0x0050);
	ASSERT_EQ(rd_word_data(bus, 0x48, 5), os);
	ASSERT_EQ(rd_word_data(bus, 0x48, 8 + 3), os);
	ASSERT_EQ(rd_byte_data(bus, 0x48, 16 + 1), 0);

	/* lm75.c writes swab16(value): 0x4600 (70 C) goes as 0x0046 */
	ASSERT_OK(wr_word_data(bus, 0x48, 3, 0x0046));
	ASSERT_EQ(reg(bus, 0x48, 3), 0x4600);
	ASSERT_OK(wr_word_data(bus, 0x48, 0, 0x0000));
	ASSERT_EQ(reg(bus, 0x48, 0), 0x1a80);
	/* the hardware's side: a new temperature */
	ASSERT_OK(ldm_i2c_reg_write(bus, 0x48, 0, 0xe700)); /* -25 C */
	ASSERT_EQ(rd_word_data(bus, 0x48, 0), 0x00e7);
	bus_down(bus);
}

DEFINE_TEST(test_i2c_sensors_as_their_drivers_detect_them,
	    .description = "ds1621, adm1021 and lm90 answer with what 2.6.9's drivers detect them "
			   "by; the adm1021's and lm90's limits written at 0x09-0x0e are read "
			   "at 0x03-0x08 (the write map); the ds1621's configuration is a byte")
{
	struct ldm_i2c_bus *bus = bus_up();

	/* ds1621: (conf & 0x0c) == 0x08, temperatures with the low 7 bits clear */
	ASSERT_EQ(rd_byte_data(bus, 0x49, 0xac) & 0x0c, 0x08);
	ASSERT_EQ(rd_word_data(bus, 0x49, 0xaa), 0x0019);
	ASSERT_EQ(rd_word_data(bus, 0x49, 0xa1) & 0x7f00, 0);
	ASSERT_OK(wr_byte_data(bus, 0x49, 0xac, 0x03));
	ASSERT_EQ(reg(bus, 0x49, 0xac), 0x8b); /* DONE and bits 3:2 are read-only */

	/* adm1021: Analog Devices, limit written at 0x0b read at 0x05 */
	ASSERT_EQ(rd_byte_data(bus, 0x18, 0xfe), 0x41);
	ASSERT_EQ(rd_byte_data(bus, 0x18, 0x00), 25);
	ASSERT_OK(wr_byte_data(bus, 0x18, 0x0b, 90));
	ASSERT_EQ(rd_byte_data(bus, 0x18, 0x05), 90);
	ASSERT_OK(wr_byte_data(bus, 0x18, 0x00, 99));
	ASSERT_EQ(rd_byte_data(bus, 0x18, 0x00), 25);

	/* lm90: National, chip 0x21 */
	ASSERT_EQ(rd_byte_data(bus, 0x4c, 0xfe), 0x01);
	ASSERT_EQ(rd_byte_data(bus, 0x4c, 0xff) & 0xf0, 0x20);
	ASSERT_OK(wr_byte_data(bus, 0x4c, 0x09, 0x04));
	ASSERT_EQ(rd_byte_data(bus, 0x4c, 0x03), 0x04);
	bus_down(bus);
}

DEFINE_TEST(test_i2c_pcf8574_quasi_bidirectional,
	    .description = "the pcf8574 reads its latch AND what the outside drives: a pin the "
			   "board holds low reads low, a pin written 0 reads low, and the host "
			   "drives the pins through register 0")
{
	struct ldm_i2c_bus *bus = bus_up();
	union i2c_smbus_data d;

	ASSERT_OK(ldm_i2c_smbus_xfer(bus, 0x20, 0, I2C_SMBUS_READ, 0, I2C_SMBUS_BYTE, &d));
	ASSERT_EQ(d.byte, 0xf7);
	ASSERT_OK(ldm_i2c_smbus_xfer(bus, 0x20, 0, I2C_SMBUS_WRITE, 0x7f, I2C_SMBUS_BYTE, NULL));
	ASSERT_OK(ldm_i2c_smbus_xfer(bus, 0x20, 0, I2C_SMBUS_READ, 0, I2C_SMBUS_BYTE, &d));
	ASSERT_EQ(d.byte, 0x77);
	ASSERT_EQ(reg(bus, 0x20, 1), 0x7f);
	ASSERT_OK(ldm_i2c_reg_write(bus, 0x20, 0, 0xfe));
	ASSERT_OK(ldm_i2c_smbus_xfer(bus, 0x20, 0, I2C_SMBUS_READ, 0, I2C_SMBUS_BYTE, &d));
	ASSERT_EQ(d.byte, 0x7e);
	ASSERT_EQ(ldm_i2c_reg_write(bus, 0x20, 2, 0), -ENXIO);
	bus_down(bus);
}

DEFINE_TEST(test_i2c_24c02_pointer_pages_and_blocks,
	    .description = "the 24C02 holds the board's bytes (0xff past them); eeprom.c's reads "
			   "work: a byte write sets the pointer and byte reads follow it, an I2C "
			   "block read sends 32 bytes; a page write wraps within its 8 bytes; "
			   "plain I2C messages with a repeated START read it too")
{
	struct ldm_i2c_bus *bus = bus_up();
	union i2c_smbus_data d;
	u8 out[] = { 0x06, 0xa0, 0xa1, 0xa2, 0xa3 }, ptr = 0x00, in[6];
	struct i2c_msg msgs[] = {
		{ .addr = 0x50, .flags = 0, .len = 1, .buf = &ptr },
		{ .addr = 0x50, .flags = I2C_M_RD, .len = sizeof(in), .buf = in },
	};
	int i;

	ASSERT_OK(ldm_i2c_smbus_xfer(bus, 0x50, 0, I2C_SMBUS_WRITE, 0x02, I2C_SMBUS_BYTE, NULL));
	for (i = 0; i < 3; i++) {
		static const u8 want[] = { 0xbe, 0xef, 0x00 };

		ASSERT_OK(ldm_i2c_smbus_xfer(bus, 0x50, 0, I2C_SMBUS_READ, 0, I2C_SMBUS_BYTE, &d));
		ASSERT_EQ(d.byte, want[i]);
	}
	ASSERT_OK(
		ldm_i2c_smbus_xfer(bus, 0x50, 0, I2C_SMBUS_READ, 0, I2C_SMBUS_I2C_BLOCK_DATA, &d));
	ASSERT_EQ(d.block[0], 32);
	ASSERT_EQ(d.block[1], 0xde);
	ASSERT_EQ(d.block[12], 0x07);
	ASSERT_EQ(d.block[13], 0xff);

	/* a page write from 6: 6, 7, then back to 0 and 1 of the same page */
	msgs[0].buf = out;
	msgs[0].len = sizeof(out);
	ASSERT_EQ(ldm_i2c_transfer(bus, msgs, 1), 1);
	ASSERT_EQ(reg(bus, 0x50, 6), 0xa0);
	ASSERT_EQ(reg(bus, 0x50, 7), 0xa1);
	ASSERT_EQ(reg(bus, 0x50, 0), 0xa2);
	ASSERT_EQ(reg(bus, 0x50, 1), 0xa3);
	ASSERT_EQ(reg(bus, 0x50, 8), 0x04);
	ASSERT_EQ(reg(bus, 0x50, 12), 0xff);

	/* write the pointer, repeated START, read six */
	msgs[0].buf = &ptr;
	msgs[0].len = 1;
	ASSERT_EQ(ldm_i2c_transfer(bus, msgs, 2), 2);
	ASSERT_EQ(in[0], 0xa2);
	ASSERT_EQ(in[2], 0xbe);
	ASSERT_EQ(in[5], 0x01);
	ASSERT_EQ(reg(bus, 0x50, 0x100 - 1), 0xff);
	ASSERT_EQ(ldm_i2c_reg_read(bus, 0x50, 0x100, &(uint32_t){ 0 }), -ENXIO);
	bus_down(bus);
}

static int pcf_irqs;

static irqreturn_t pcf_irq(int irq, void *dev_id, struct pt_regs *regs)
{
	(void)irq;
	(void)dev_id;
	(void)regs;
	pcf_irqs++;
	return IRQ_HANDLED;
}

DEFINE_TEST(test_i2c_pcf8574_interrupt,
	    .description = "the pcf8574's /INT (interrupts = <5>): a change of the pins from what "
			   "was last read raises the line once; more changes while it is asserted "
			   "raise nothing; a read releases it; a change back to what was read "
			   "asserts nothing; the latch set by the host asserts nothing")
{
	struct ldm_i2c_bus *bus = bus_up();
	union i2c_smbus_data d;

	ASSERT_OK(request_irq(5, pcf_irq, 0, "pcf8574", &pcf_irqs));
	ASSERT_OK(ldm_i2c_reg_write(bus, 0x20, 0, 0xf7)); /* no change */
	ASSERT_EQ(pcf_irqs, 0);
	ASSERT_OK(ldm_i2c_reg_write(bus, 0x20, 0, 0xf6));
	ASSERT_EQ(pcf_irqs, 1);
	ASSERT_OK(ldm_i2c_reg_write(bus, 0x20, 0, 0xf4));
	ASSERT_EQ(pcf_irqs, 1);
	ASSERT_OK(ldm_i2c_smbus_xfer(bus, 0x20, 0, I2C_SMBUS_READ, 0, I2C_SMBUS_BYTE, &d));
	ASSERT_EQ(d.byte, 0xf4);
	ASSERT_OK(ldm_i2c_reg_write(bus, 0x20, 0, 0xf4));
	ASSERT_EQ(pcf_irqs, 1);
	ASSERT_OK(ldm_i2c_reg_write(bus, 0x20, 0, 0xff));
	ASSERT_EQ(pcf_irqs, 2);
	ASSERT_OK(ldm_i2c_smbus_xfer(bus, 0x20, 0, I2C_SMBUS_READ, 0, I2C_SMBUS_BYTE, &d));
	ASSERT_OK(ldm_i2c_reg_write(bus, 0x20, 1, 0x00));
	ASSERT_EQ(pcf_irqs, 2);
	free_irq(5, &pcf_irqs);
	bus_down(bus);
}

static const char block_board[] =
	"/dts-v1/;\n/ { smbus@0 { compatible = \"ldm,smbus\"; #address-cells = <1>;"
	" #size-cells = <0>; blk@31 { compatible = \"ldm,regbank\"; reg = <0x31>;"
	" ldm,auto-increment; ldm,reset = <0x10 3 0x11 0xa1 0x12 0xa2 0x13 0xa3>;"
	" }; }; };\n";

DEFINE_TEST(test_i2c_smbus_block_and_process_call,
	    .description = "the SMBus block read takes the chip's count byte then that many, a "
			   "count of 0 is -EPROTO; a block write and an I2C block write send the "
			   "bytes from the command on (a block write's count first); a process "
			   "call writes a word and reads one; the PEC sizes are -EOPNOTSUPP")
{
	struct device_node *np;
	struct ldm_i2c_bus *bus;
	union i2c_smbus_data d;
	int i;

	ASSERT_OK(hw_board_load(block_board));
	np = of_find_node_by_path("/smbus@0");
	ASSERT(np);
	bus = ldm_i2c_bus_get(np);
	of_node_put(np);
	ASSERT(!IS_ERR(bus));

	ASSERT_OK(ldm_i2c_smbus_xfer(bus, 0x31, 0, I2C_SMBUS_READ, 0x10, I2C_SMBUS_BLOCK_DATA, &d));
	ASSERT_EQ(d.block[0], 3);
	ASSERT_EQ(d.block[1], 0xa1);
	ASSERT_EQ(d.block[3], 0xa3);
	ASSERT_EQ(ldm_i2c_smbus_xfer(bus, 0x31, 0, I2C_SMBUS_READ, 0x20, I2C_SMBUS_BLOCK_DATA, &d),
		  -EPROTO);

	d.block[0] = 2;
	d.block[1] = 0x5a;
	d.block[2] = 0x5b;
	ASSERT_OK(
		ldm_i2c_smbus_xfer(bus, 0x31, 0, I2C_SMBUS_WRITE, 0x20, I2C_SMBUS_BLOCK_DATA, &d));
	ASSERT_EQ(reg(bus, 0x31, 0x20), 2);
	ASSERT_EQ(reg(bus, 0x31, 0x21), 0x5a);
	ASSERT_EQ(reg(bus, 0x31, 0x22), 0x5b);
	d.block[0] = 0;
	ASSERT_EQ(ldm_i2c_smbus_xfer(bus, 0x31, 0, I2C_SMBUS_WRITE, 0x20, I2C_SMBUS_BLOCK_DATA, &d),
		  -EINVAL);

	for (i = 0; i < 4; i++)
		d.block[i + 1] = 0xc0 + i;
	d.block[0] = 4;
	ASSERT_OK(ldm_i2c_smbus_xfer(bus, 0x31, 0, I2C_SMBUS_WRITE, 0x40, I2C_SMBUS_I2C_BLOCK_DATA,
				     &d));
	ASSERT_EQ(reg(bus, 0x31, 0x40), 0xc0);
	ASSERT_EQ(reg(bus, 0x31, 0x43), 0xc3);
	ASSERT_EQ(reg(bus, 0x31, 0x44), 0);

	/* a process call: the word goes to 0x30-0x31, the chip answers from 0x32 on */
	ASSERT_OK(ldm_i2c_reg_write(bus, 0x31, 0x32, 0x78));
	ASSERT_OK(ldm_i2c_reg_write(bus, 0x31, 0x33, 0x56));
	d.word = 0x1234;
	ASSERT_OK(ldm_i2c_smbus_xfer(bus, 0x31, 0, I2C_SMBUS_WRITE, 0x30, I2C_SMBUS_PROC_CALL, &d));
	ASSERT_EQ(d.word, 0x5678);
	ASSERT_EQ(reg(bus, 0x31, 0x30), 0x34);
	ASSERT_EQ(reg(bus, 0x31, 0x31), 0x12);

	ASSERT_EQ(ldm_i2c_smbus_xfer(bus, 0x31, 0, I2C_SMBUS_READ, 0, I2C_SMBUS_WORD_DATA_PEC, &d),
		  -EOPNOTSUPP);
	ASSERT_EQ(ldm_i2c_smbus_xfer(bus, 0x31, 0, 7, 0, I2C_SMBUS_BYTE, &d), -EINVAL);
	ASSERT_EQ(ldm_i2c_smbus_xfer(bus, 0x31, 0, I2C_SMBUS_READ, 0, I2C_SMBUS_BYTE, NULL),
		  -EINVAL);
	ldm_i2c_bus_put(bus);
	ldm_board_unload();
}

static int status_irqs;

static irqreturn_t status_irq(int irq, void *dev_id, struct pt_regs *regs)
{
	(void)irq;
	(void)dev_id;
	(void)regs;
	status_irqs++;
	return IRQ_HANDLED;
}

DEFINE_TEST(test_i2c_regbank_chip_irq_and_w1c,
	    .description = "a chip described by the board alone (ldm,regbank): its reset values, "
			   "a write-1-to-clear status whose bit 0 raises line 7 when the hardware "
			   "sets it, once the bus's lock is dropped; past the bank reads 0xff "
			   "and a write is not acknowledged")
{
	struct ldm_i2c_bus *bus = bus_up();

	ASSERT_OK(request_irq(7, status_irq, 0, "status", &status_irqs));
	ASSERT_EQ(rd_byte_data(bus, 0x30, 0), 0x42);
	ASSERT_OK(ldm_i2c_reg_write(bus, 0x30, 1, 0x81));
	ASSERT_EQ(status_irqs, 1);
	ASSERT_EQ(ldm_hw_irq_count(7), 1);
	ASSERT_EQ(rd_byte_data(bus, 0x30, 1), 0x81);
	ASSERT_OK(wr_byte_data(bus, 0x30, 1, 0x01));
	ASSERT_EQ(rd_byte_data(bus, 0x30, 1), 0x80);
	ASSERT_OK(ldm_i2c_reg_write(bus, 0x30, 1, 0x81));
	ASSERT_EQ(status_irqs, 2);
	ASSERT_EQ(rd_byte_data(bus, 0x30, 4), 0xff); /* past the bank: nobody drives */
	ASSERT_EQ(wr_byte_data(bus, 0x30, 4, 0), -EIO);
	free_irq(7, &status_irqs);
	bus_down(bus);
}

DEFINE_TEST(test_i2c_faults,
	    .description = "faults through the host API: a NAK makes the chip absent (-ENXIO), a "
			   "data NAK fails writes (-EIO) but not the address, a chip that stops "
			   "answering times out (-ETIMEDOUT), a stuck bit reads pinned; none "
			   "answers again")
{
	struct ldm_i2c_bus *bus = bus_up(), *bus2;
	enum ldm_i2c_fault f;
	uint16_t addr;

	ASSERT_OK(ldm_i2c_chip_open("/smbus@0/temp@4c", &bus2, &addr));
	ASSERT(bus2 == bus);
	ASSERT_EQ(addr, 0x4c);
	ASSERT_OK(ldm_i2c_fault_parse("nak", &f));
	ASSERT_OK(ldm_i2c_fault(bus2, addr, f));
	ASSERT_EQ(quick(bus, 0x4c), -ENXIO);
	ASSERT_EQ(rd_byte_data(bus, 0x4c, 0), -ENXIO);
	ASSERT_OK(ldm_i2c_fault(bus2, addr, LDM_I2C_FAULT_DATA_NAK));
	ASSERT_OK(quick(bus, 0x4c));
	ASSERT_EQ(wr_byte_data(bus, 0x4c, 0x09, 1), -EIO);
	ASSERT_OK(ldm_i2c_fault(bus2, addr, LDM_I2C_FAULT_HANG));
	ASSERT_EQ(rd_byte_data(bus, 0x4c, 0), -ETIMEDOUT);
	ASSERT_EQ(quick(bus, 0x4c), -ETIMEDOUT);
	ASSERT_OK(ldm_i2c_fault_parse("none", &f));
	ASSERT_OK(ldm_i2c_fault(bus2, addr, f));
	ASSERT_EQ(rd_byte_data(bus, 0x4c, 0), 25);
	ldm_i2c_bus_close(bus2);

	ASSERT_OK(ldm_i2c_stuck(bus, 0x4c, 0, 0x80, 0x80));
	ASSERT_EQ(rd_byte_data(bus, 0x4c, 0), 0x99);
	ASSERT_OK(ldm_i2c_stuck(bus, 0x4c, 0, 0, 0));
	ASSERT_EQ(rd_byte_data(bus, 0x4c, 0), 25);
	ASSERT_EQ(ldm_i2c_stuck(bus, 0x20, 0, 1, 1), -EOPNOTSUPP);
	ASSERT_EQ(ldm_i2c_fault(bus, 0x77, LDM_I2C_FAULT_NAK), -ENOENT);
	ASSERT_EQ(ldm_i2c_fault_parse("wobble", &f), -EINVAL);
	ASSERT_EQ(ldm_i2c_chip_open("/smbus@0/nothing@7", &bus2, &addr), -ENOENT);
	bus_down(bus);
}

static int list_chip(const struct ldm_i2c_chip *chip, void *data)
{
	char *text = data;
	size_t len = strlen(text);

	snprintf(text + len, 1024 - len, "%02x %s %s %d\n", chip->addr, chip->model, chip->node,
		 chip->fault);
	return chip->addr == 0x4c ? 7 : 0;
}

DEFINE_TEST(test_i2c_for_each_chip_lists_the_bus,
	    .description = "ldm_i2c_for_each_chip() gives each chip by rising address with its "
			   "model, node and fault, and stops where its function says")
{
	struct ldm_i2c_bus *bus = bus_up();
	char text[1024] = "";

	ASSERT_OK(ldm_i2c_fault(bus, 0x49, LDM_I2C_FAULT_HANG));
	ASSERT_EQ(ldm_i2c_for_each_chip(bus, list_chip, text), 7);
	ASSERT_STREQ(text, "18 adm1021 /smbus@0/temp@18 0\n"
			   "20 pcf8574 /smbus@0/gpio@20 0\n"
			   "30 regbank /smbus@0/status@30 0\n"
			   "48 lm75 /smbus@0/temp@48 0\n"
			   "49 ds1621 /smbus@0/temp@49 3\n"
			   "4c lm90 /smbus@0/temp@4c 0\n");
	ASSERT_EQ(ldm_i2c_for_each_chip(bus, NULL, NULL), -EINVAL);
	bus_down(bus);
}

DEFINE_TEST(test_i2c_host_open_shares_the_adapters_models,
	    .description = "ldm_i2c_bus_open() of the path gives the bus the adapter holds, with "
			   "its state; once nobody holds it, the next holder starts from the board")
{
	struct ldm_i2c_bus *bus = bus_up(), *host;

	ASSERT_OK(wr_word_data(bus, 0x48, 2, 0x0050));
	ASSERT_OK(ldm_i2c_bus_open("/smbus@0", &host));
	ASSERT(host == bus);
	ASSERT_EQ(reg(host, 0x48, 2), 0x5000);
	ldm_i2c_bus_close(host);
	ldm_i2c_bus_put(bus);
	ASSERT_OK(ldm_i2c_bus_open("/smbus@0", &host));
	ASSERT_EQ(reg(host, 0x48, 2), 0x4b00);
	ldm_i2c_bus_close(host);
	ASSERT_EQ(ldm_i2c_bus_open("/nowhere", &host), -ENOENT);
	ldm_board_unload();
}

static const struct {
	const char *chip;
	int error;
	const char *says;
} bad_chips[] = {
	{ "x@10 { compatible = \"acme,frob\"; reg = <0x10>; };", -ENODEV,
	  "/smbus@0/x@10: no I2C model is compatible with it" },
	{ "x@10 { compatible = \"ldm,lm75\"; reg = <0x80>; };", -EINVAL,
	  "/smbus@0/x@10: reg must be one cell, a 7-bit address" },
	{ "x@10 { compatible = \"ldm,lm75\"; };", -EINVAL, "reg must be one cell" },
	{ "x@10 { compatible = \"ldm,lm75\"; reg = <0x10>; };"
	  " y@10 { compatible = \"ldm,lm90\"; reg = <0x10>; };",
	  -EBUSY, "/smbus@0/y@10: address 0x10 is /smbus@0/x@10's already" },
	{ "x@10 { compatible = \"ldm,lm75\"; reg = <0x10>; ldm,reset = <9 0>; };", -EINVAL,
	  "/smbus@0/x@10: ldm,reset names register 0x9; the bank has 4" },
	{ "x@50 { compatible = \"ldm,24c02\"; reg = <0x50>; ldm,data = /bits/ 8 <0 1 2 3 4 5 6 7 8"
	  " 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36"
	  " 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64"
	  " 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92"
	  " 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115"
	  " 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131 132 133 134 135 136"
	  " 137 138 139 140 141 142 143 144 145 146 147 148 149 150 151 152 153 154 155 156 157"
	  " 158 159 160 161 162 163 164 165 166 167 168 169 170 171 172 173 174 175 176 177 178"
	  " 179 180 181 182 183 184 185 186 187 188 189 190 191 192 193 194 195 196 197 198 199"
	  " 200 201 202 203 204 205 206 207 208 209 210 211 212 213 214 215 216 217 218 219 220"
	  " 221 222 223 224 225 226 227 228 229 230 231 232 233 234 235 236 237 238 239 240 241"
	  " 242 243 244 245 246 247 248 249 250 251 252 253 254 255 0>; };",
	  -EINVAL, "ldm,data: 257 bytes do not fit a 24C02's 256" },
	{ "x@20 { compatible = \"ldm,pcf8574\"; reg = <0x20>; ldm,inputs = <0x100>; };", -EINVAL,
	  "ldm,inputs: 0x100 is wider than the eight pins" },
	{ "x@20 { compatible = \"ldm,pcf8574\"; reg = <0x20>; interrupts = <300>; };", -EINVAL,
	  "/smbus@0/x@20: interrupts: line 300 is past the last, 223" },
};

struct bad_case {
	unsigned int i;
};

static void open_bad_bus(void *arg)
{
	const struct bad_case *c = arg;
	struct ldm_i2c_bus *bus;
	char src[4096];
	int error;

	snprintf(src, sizeof(src),
		 "/dts-v1/;\n/ { smbus@0 { compatible = \"ldm,smbus\"; #address-cells = <1>;"
		 " #size-cells = <0>; %s }; };\n",
		 bad_chips[c->i].chip);
	if (hw_board_load(src))
		_exit(2);
	error = ldm_i2c_bus_open("/smbus@0", &bus);
	ldm_board_unload();
	_exit(error == bad_chips[c->i].error ? 0 : 1);
}

DEFINE_TEST(test_i2c_bad_boards,
	    .description = "a chip no model is compatible with, a reg that is not one 7-bit "
			   "address, two chips at one address, a bank or model property out of "
			   "range: the bus is refused with the error and a message naming the "
			   "node and the cause")
{
	struct bad_case c;

	for (c.i = 0; c.i < ARRAY_SIZE(bad_chips); c.i++) {
		char *err = NULL;
		int status = ldm_test_capture(open_bad_bus, &c, &err);

		if (status != 0 || !strstr(err, bad_chips[c.i].says))
			FAIL("%s: status %d, logged \"%s\", expected \"%s\"", bad_chips[c.i].chip,
			     status, err, bad_chips[c.i].says);
		free(err);
	}
}

/* ---- the adapter module, over a stub of the i2c core's two calls ---- */

#define I2C_LDM_KO I2C_LDM_MODULE

static struct i2c_adapter *stub_adapter(int *added, int *deleted)
{
	struct i2c_adapter *(*get)(int *, int *);
	struct ldm_export exp;

	ASSERT_OK(ldm_export_lookup("i2cstub_adapter", &exp));
	get = (struct i2c_adapter * (*)(int *, int *)) exp.value;
	return get(added, deleted);
}

DEFINE_TEST(test_i2c_ldm_adapter_reaches_the_models,
	    .description = "modules/i2c-ldm binds the ldm,smbus node and adds an adapter under "
			   "it whose smbus_xfer, master_xfer and functionality reach the board's "
			   "chips; unloading it deletes the adapter and lets the models go")
{
	struct i2c_adapter *adap;
	union i2c_smbus_data d;
	struct device *dev;
	int added, deleted;
	u8 ptr = 0, in[3];
	struct i2c_msg msgs[] = {
		{ .addr = 0x50, .flags = 0, .len = 1, .buf = &ptr },
		{ .addr = 0x50, .flags = I2C_M_RD, .len = sizeof(in), .buf = in },
	};

	ASSERT_OK(hw_board_load(board));
	ASSERT_OK(ldm_insmod(I2C_STUB_MODULE, NULL));
	ASSERT_OK(ldm_insmod(I2C_LDM_KO, NULL));
	adap = stub_adapter(&added, &deleted);
	ASSERT(adap);
	ASSERT_EQ(added, 1);
	dev = device_find("smbus", &platform_bus_type);
	ASSERT(dev);
	ASSERT(adap->dev.parent == dev);
	put_device(dev);
	ASSERT_STREQ(adap->name, "ldm SMBus smbus");
	ASSERT_EQ(adap->class, I2C_CLASS_HWMON);
	ASSERT_EQ(adap->algo->functionality(adap), LDM_I2C_FUNC);
	ASSERT_OK(
		adap->algo->smbus_xfer(adap, 0x48, 0, I2C_SMBUS_READ, 0, I2C_SMBUS_WORD_DATA, &d));
	ASSERT_EQ(d.word, 0x801a);
	ASSERT_EQ(adap->algo->smbus_xfer(adap, 0x33, 0, I2C_SMBUS_WRITE, 0, I2C_SMBUS_QUICK, NULL),
		  -ENXIO);
	ASSERT_EQ(adap->algo->master_xfer(adap, msgs, 2), 2);
	ASSERT(!memcmp(in, "\xde\xad\xbe", 3));

	ASSERT_OK(ldm_delete_module("i2c_ldm", 0));
	ASSERT(!stub_adapter(&added, &deleted));
	ASSERT_EQ(deleted, 1);
	ASSERT_OK(ldm_delete_module("i2cstub", 0));
	ldm_board_unload();
}

static const char bad_board[] =
	"/dts-v1/;\n/ { smbus@0 { compatible = \"ldm,smbus\"; #address-cells = <1>;"
	" #size-cells = <0>; x@10 { compatible = \"acme,frob\"; reg = <0x10>; }; }; };\n";

DEFINE_TEST(test_i2c_ldm_adapter_refuses_a_bad_bus,
	    .description = "on a bus with a chip no model knows, the adapter's probe fails with "
			   "-ENODEV and the message naming the node; no adapter is added and the "
			   "runtime goes on")
{
	struct device *dev;
	int added, deleted;

	ASSERT_OK(hw_board_load(bad_board));
	ASSERT_OK(ldm_insmod(I2C_STUB_MODULE, NULL));
	ASSERT_OK(ldm_insmod(I2C_LDM_KO, NULL));
	ASSERT(!stub_adapter(&added, &deleted));
	ASSERT_EQ(added, 0);
	ASSERT(ldm_test_log_has("/smbus@0/x@10: no I2C model is compatible with it"));
	dev = device_find("smbus", &platform_bus_type);
	ASSERT(dev);
	ASSERT(!dev->driver);
	put_device(dev);
	ASSERT_OK(ldm_delete_module("i2c_ldm", 0));
	ASSERT_OK(ldm_delete_module("i2cstub", 0));
	ldm_board_unload();
}

DEFINE_TEST(test_i2c_bus_alloc_failures,
	    .description = "each allocation of making a bus's models (the bus, each chip, each "
			   "model's state and bank), made to fail in turn, fails the bus with "
			   "-ENOMEM and leaves nothing behind; with none failing, every chip "
			   "answers")
{
#ifndef LDM_FAULT_INJECTION
	ldm_test_skip("built without -Dfault_injection=true");
#else
	struct device_node *np;
	struct ldm_i2c_bus *bus;
	unsigned long k;

	ASSERT_OK(hw_board_load(board));
	np = of_find_node_by_path("/smbus@0");
	ASSERT(np);
	for (k = 1;; k++) {
		ldm_fail_nth(k);
		bus = ldm_i2c_bus_get(np);
		ldm_fail_nth(0);
		if (!ldm_fail_nth_fired())
			break;
		if (!IS_ERR(bus))
			FAIL("allocation %lu failed, yet the bus was made", k);
		ASSERT_EQ(PTR_ERR(bus), -ENOMEM);
	}
	ASSERT(!IS_ERR(bus));
	ldm_test_log("%lu allocations walked", k - 1);
	ASSERT_OK(quick(bus, 0x50));
	ASSERT_EQ(rd_byte_data(bus, 0x4c, 0xfe), 0x01);
	ldm_i2c_bus_put(bus);
	of_node_put(np);
	ldm_board_unload();
#endif
}

struct racer {
	struct ldm_i2c_bus *bus;
	u16 addr;
	int errors;
};

/* Write a limit and read it back, many times: each pair must see its own value. */
static void *race_transfers(void *arg)
{
	struct racer *r = arg;
	int i;

	for (i = 0; i < 2000; i++) {
		u8 v = i & 0x7f;

		if (wr_byte_data(r->bus, r->addr, 0x0b, v) ||
		    rd_byte_data(r->bus, r->addr, 0x05) != v)
			r->errors++;
	}
	return NULL;
}

DEFINE_TEST(test_i2c_transfers_and_host_calls_race,
	    .description = "two threads' transfers to two chips and the host's register writes "
			   "and faults on a third, at once: the bus's lock keeps each transfer "
			   "whole (a write then a read of one register sees its own value)",
	    .concurrency = true)
{
	struct ldm_i2c_bus *bus = bus_up();
	struct racer r[2] = { { bus, 0x18, 0 }, { bus, 0x4c, 0 } };
	pthread_t t[2];
	int i;

	for (i = 0; i < 2; i++)
		ASSERT_OK(pthread_create(&t[i], NULL, race_transfers, &r[i]));
	for (i = 0; i < 2000; i++) {
		ASSERT_OK(ldm_i2c_reg_write(bus, 0x48, 0, (i & 0xff) << 8));
		ASSERT_OK(ldm_i2c_fault(bus, 0x20, i & 1 ? LDM_I2C_FAULT_NAK : LDM_I2C_FAULT_NONE));
	}
	for (i = 0; i < 2; i++) {
		ASSERT_OK(pthread_join(t[i], NULL));
		ASSERT_EQ(r[i].errors, 0);
	}
	ASSERT_EQ(reg(bus, 0x48, 0), 0xcf00);
	bus_down(bus);
}
