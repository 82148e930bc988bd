// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sbus_soft.c - a software adapter of the i2c-style test bus: one chip at
 * address "addr" (0x50), 256 bytes of memory holding 0x00..0xff (with
 * "SN" and a serial number in its first 16 bytes), addressed as an EEPROM
 * is: a one-byte write sets the offset, a read goes on from there.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/moduleparam.h>
#include <linux/sbus.h>

static int addr = 0x50;
module_param(addr, int, 0444);
MODULE_PARM_DESC(addr, "the address of the emulated chip");

static u8 soft_mem[256];
static u8 soft_offset;

static int soft_xfer(struct sbus_adapter *adap, struct sbus_msg *msgs, int num)
{
	int i, j;

	for (i = 0; i < num; i++) {
		if (msgs[i].addr != addr)
			return -ENXIO;
		for (j = 0; j < msgs[i].len; j++) {
			if (msgs[i].flags & SBUS_M_RD)
				msgs[i].buf[j] = soft_mem[soft_offset++];
			else if (j == 0)
				soft_offset = msgs[i].buf[0];
			else
				soft_mem[soft_offset++] = msgs[i].buf[j];
		}
	}
	return num;
}

static struct sbus_adapter soft_adapter = {
	.owner = THIS_MODULE,
	.name = "sbus software adapter",
	.xfer = soft_xfer,
};

static int __init soft_init(void)
{
	int i;

	for (i = 0; i < 256; i++)
		soft_mem[i] = i;
	memcpy(soft_mem, "SN:0123456789ab", 16);
	return sbus_add_adapter(&soft_adapter);
}

static void __exit soft_exit(void)
{
	sbus_del_adapter(&soft_adapter);
}

module_init(soft_init);
module_exit(soft_exit);

MODULE_AUTHOR("ldm");
MODULE_DESCRIPTION("software adapter for ldm's i2c-style test bus");
MODULE_LICENSE("GPL");
