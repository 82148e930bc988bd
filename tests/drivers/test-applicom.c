// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-applicom.c - the Applicom fieldbus card (ldm,applicom) behind a PCI
 * function's memory BAR: the test plays the host's side of the card's
 * shared RAM as 2.6.9's applicom.c does (the signature, a mailbox handed
 * over with its flags and a ring, the answer and its acknowledgement) and
 * asserts on the RAM, on the function's line, and on bad nodes left out.
 * Then 2.6.9's applicom.c, unchanged, finds the card by its class, maps
 * its RAM and takes its interrupt; a writer it puts to sleep while the
 * card is busy is woken by the card's interrupt, when $LDM_LINUX_2_6_9
 * names a tree.
 */
#include <pthread.h>
#include <unistd.h>
#include <ldm/interrupt.h>
#include <ldm/io.h>
#include <ldm/ldm.h>
#include <ldm/pci.h>

#include "../modules/modtest.h"
#include "../hw/hw-board.h"
#include "../hw/linux269.h"

#define RAM_PHYS 0xfebf2000UL
#define AC_IRQ	 3

/* applicom.h's offsets. */
#define DATA_TO_PC_READY      0x00
#define TIC_OWNER_TO_PC	      0x01
#define NUMCARD_OWNER_TO_PC   0x02
#define TIC_DES_TO_PC	      0x03
#define DATA_FROM_PC_READY    0x05
#define TIC_OWNER_FROM_PC     0x06
#define NUMCARD_OWNER_FROM_PC 0x07
#define TIC_DES_FROM_PC	      0x08
#define NUMCARD_DES_FROM_PC   0x09
#define CONF_END_TEST	      0x12
#define VERS		      0x1e
#define RAM_TO_PC	      0x40
#define RAM_FROM_PC	      0x170
#define TYPE_CARD	      0x3c0
#define SERIAL_NUMBER	      0x3da
#define RAM_IT_FROM_PC	      0x3fe
#define RAM_IT_TO_PC	      0x3ff

#define MAILBOX	   0x130 /* struct mailbox */
#define ST_RAM_IO  64	 /* struct st_ram_io */
#define ST_NUMCARD 31	 /* its num_card */

static const char ac_board[] =
	"/dts-v1/;\n"
	"/ { pci { compatible = \"ldm,pci-host\"; #address-cells = <3>; #size-cells = <2>;\n"
	"  fieldbus@5,0 { reg = <0x2800 0 0 0 0 0x02002810 0 0xfebf2000 0 0x800>;\n"
	"    vendor-id = <0x1389>; device-id = <0x0001>; class-code = <0xff0000>;\n"
	"    interrupts = <1>; ldm,irq-line = <3>; #address-cells = <1>; #size-cells = <0>;\n"
	"    applicom@0 { compatible = \"ldm,applicom\"; reg = <0>; ldm,board-number = <2>;\n"
	"      ldm,card-name = \"PCI1500PFB\"; ldm,serial-number = <0x012345>;\n"
	"      ldm,prom-version = <0x28>; };\n"
	"  }; }; };\n";

static u8 __iomem *ram;
static int rings;

/* What the driver's handler does: take the ring down, count it. */
static irqreturn_t ac_irq(int irq, void *dev_id, struct pt_regs *r)
{
	(void)irq;
	(void)dev_id;
	(void)r;
	if (!readb(ram + RAM_IT_TO_PC))
		return IRQ_NONE;
	writeb(0, ram + RAM_IT_TO_PC);
	rings++;
	return IRQ_HANDLED;
}

static void ac_boot(const char *board)
{
	rings = 0;
	ASSERT_OK(hw_board_load(board));
	ram = ioremap(RAM_PHYS, 0x800);
	ASSERT(ram);
}

static void ac_down(void)
{
	iounmap(ram);
	ldm_board_unload();
}

static uint32_t ac_reg(unsigned int reg)
{
	uint32_t v;

	ASSERT_OK(ldm_hw_model_reg_read("applicom@0", reg, &v));
	return v;
}

/* Hand the card a mailbox for @tic whose function code is @codef, as ac_write(). */
static void ac_send(u8 tic, u16 codef)
{
	int i;

	writeb(1, ram + DATA_FROM_PC_READY);
	for (i = 0; i < MAILBOX; i++)
		writeb((u8)(i < 2 ? codef >> (8 * i) : i), ram + RAM_FROM_PC + i);
	writeb(0x20, ram + TIC_OWNER_FROM_PC);
	writeb(0xff, ram + NUMCARD_OWNER_FROM_PC);
	writeb(tic, ram + TIC_DES_FROM_PC);
	writeb(2, ram + NUMCARD_DES_FROM_PC);
	writeb(2, ram + DATA_FROM_PC_READY);
	writeb(1, ram + RAM_IT_FROM_PC);
}

/* Acknowledge the card's answer, as do_ac_read() does after reading it. */
static void ac_ack(void)
{
	writeb(0, ram + DATA_TO_PC_READY);
	writeb(2, ram + RAM_IT_FROM_PC);
}

DEFINE_TEST(test_applicom_ram_holds_the_board,
	    .description = "the card's RAM behind BAR 0 holds applicom.c's signature 00 55 aa ff, "
			   "the board number, the PROM version, the card's name and its 24-bit "
			   "serial number from the board; a word read takes the bytes little end "
			   "first; past the 2 KiB nothing answers")
{
	char name[27];
	int i;

	ac_boot(ac_board);
	ASSERT_EQ(readb(ram + CONF_END_TEST), 0x00);
	ASSERT_EQ(readb(ram + CONF_END_TEST + 1), 0x55);
	ASSERT_EQ(readb(ram + CONF_END_TEST + 2), 0xaa);
	ASSERT_EQ(readb(ram + CONF_END_TEST + 3), 0xff);
	ASSERT_EQ(readl(ram + CONF_END_TEST), 0xffaa5500U);
	ASSERT_EQ(readb(ram + NUMCARD_OWNER_TO_PC), 2);
	ASSERT_EQ(readb(ram + VERS), 0x28);
	for (i = 0; i < 26; i++)
		name[i] = (char)readb(ram + TYPE_CARD + i);
	name[26] = 0;
	ASSERT_STREQ(name, "PCI1500PFB");
	ASSERT_EQ(readb(ram + SERIAL_NUMBER) << 16 | readb(ram + SERIAL_NUMBER + 1) << 8 |
			  readb(ram + SERIAL_NUMBER + 2),
		  0x012345);
	ASSERT_EQ(ldm_hw_owner(LDM_HW_MMIO, RAM_PHYS + 0x800, NULL, 0), -ENOENT);
	ac_down();
}

DEFINE_TEST(test_applicom_mailbox_comes_back_on_the_function_line,
	    .description = "with its interrupts enabled (0x40 rung), a mailbox handed to the card "
			   "comes back as its answer: status 0, the tic it was sent to as owner, "
			   "the host's as destination, DATA_TO_PC_READY 2, the RAM from the host "
			   "free again; the card rings the host on the function's line 3. A second "
			   "mailbox waits until the host acknowledges the answer; then it is "
			   "taken and rung for in turn")
{
	int i;

	ac_boot(ac_board);
	ASSERT_OK(request_irq(AC_IRQ, ac_irq, SA_SHIRQ, "ac-test", &rings));
	ac_send(7, 0x1234); /* interrupts still off: answered, not rung */
	ASSERT_EQ(rings, 0);
	ASSERT_EQ(readb(ram + RAM_IT_TO_PC), 1);
	ac_ack();
	writeb(0, ram + RAM_IT_TO_PC);
	writeb(0x40, ram + RAM_IT_FROM_PC);
	ASSERT_EQ(ac_reg(4), 1);

	ac_send(9, 0xbeef);
	ASSERT_EQ(rings, 1);
	ASSERT_EQ(readb(ram + RAM_IT_TO_PC), 0);
	ASSERT_EQ(readb(ram + DATA_TO_PC_READY), 2);
	ASSERT_EQ(readb(ram + DATA_FROM_PC_READY), 0);
	ASSERT_EQ(readb(ram + TIC_OWNER_TO_PC), 9);
	ASSERT_EQ(readb(ram + NUMCARD_OWNER_TO_PC), 2);
	ASSERT_EQ(readb(ram + TIC_DES_TO_PC), 0x20);
	ASSERT_EQ(readw(ram + RAM_TO_PC), 0xbeef);
	ASSERT_EQ(readw(ram + RAM_TO_PC + 2), 0); /* stjb_status: done */
	for (i = 4; i < MAILBOX; i++)
		ASSERT_EQ(readb(ram + RAM_TO_PC + i), (u8)i);

	ac_send(11, 0x0042);
	ASSERT_EQ(rings, 1);
	ASSERT_EQ(readb(ram + DATA_FROM_PC_READY), 2);
	ASSERT_EQ(readb(ram + TIC_OWNER_TO_PC), 9);
	ASSERT_EQ(ac_reg(0), 2);
	ac_ack();
	ASSERT_EQ(rings, 2);
	ASSERT_EQ(readb(ram + DATA_FROM_PC_READY), 0);
	ASSERT_EQ(readb(ram + TIC_OWNER_TO_PC), 11);
	ASSERT_EQ(readw(ram + RAM_TO_PC), 0x0042);
	ASSERT_EQ(ac_reg(0), 3);
	ASSERT_EQ(ac_reg(2), 2);
	ASSERT_EQ(ac_reg(6), 0x0042);
	ASSERT_EQ(ldm_hw_model_reg_write("applicom@0", 0, 1), -EROFS);
	free_irq(AC_IRQ, &rings);
	ac_down();
}

DEFINE_TEST(test_applicom_renumber_and_reset,
	    .description = "DATA_FROM_PC_READY 4 and a ring give the card the board number in "
			   "NUMCARD_DES_FROM_PC (applicom.c's ioctl 5); any other value and a "
			   "ring reset the exchange: the signature the host overwrote is back, "
			   "the answer waiting is dropped (ioctl 2)")
{
	int i;

	ac_boot(ac_board);
	writeb(5, ram + NUMCARD_DES_FROM_PC);
	writeb(4, ram + DATA_FROM_PC_READY);
	writeb(1, ram + RAM_IT_FROM_PC);
	ASSERT_EQ(readb(ram + NUMCARD_OWNER_TO_PC), 5);
	ASSERT_EQ(readb(ram + DATA_FROM_PC_READY), 0);
	ASSERT_EQ(ac_reg(5), 5);

	ac_send(3, 1);
	ASSERT_EQ(readb(ram + DATA_TO_PC_READY), 2);
	for (i = 0; i < 10; i++)
		writeb(0xff, ram + CONF_END_TEST + i);
	writeb(0, ram + DATA_FROM_PC_READY);
	writeb(1, ram + RAM_IT_FROM_PC);
	ASSERT_EQ(readl(ram + CONF_END_TEST), 0xffaa5500U);
	ASSERT_EQ(readw(ram + CONF_END_TEST + 4), 0);
	ASSERT_EQ(readb(ram + DATA_TO_PC_READY), 0);
	ASSERT_EQ(ac_reg(3), 1);
	ac_send(4, 2); /* nothing waits: taken at once */
	ASSERT_EQ(readb(ram + DATA_FROM_PC_READY), 0);
	ac_down();
}

DEFINE_TEST(test_applicom_bad_nodes_left_out,
	    .description = "an applicom node with a board number past 8, a name longer than the "
			   "card's 25 bytes, or behind an I/O BAR is left out naming the node and "
			   "why; nothing answers its BAR")
{
	static const char *const bad[][2] = {
		{ "ldm,board-number = <9>;", "ldm,board-number must be 1 to 8" },
		{ "ldm,card-name = \"ABCDEFGHIJKLMNOPQRSTUVWXYZ\";",
		  "ldm,card-name must be a string of at most 25 bytes" },
		{ "ldm,serial-number = <0x1000000>;", "ldm,serial-number must fit in 24 bits" },
	};
	char board[1024];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		snprintf(board, sizeof(board),
			 "/dts-v1/;\n/ { pci { compatible = \"ldm,pci-host\"; #address-cells = "
			 "<3>; #size-cells = <2>;\n  fieldbus@5,0 { reg = <0x2800 0 0 0 0 "
			 "0x02002810 0 0xfebf2000 0 0x800>; vendor-id = <0x1389>;\n"
			 "    interrupts = <1>; ldm,irq-line = <3>; #address-cells = <1>; "
			 "#size-cells = <0>;\n    applicom@0 { compatible = \"ldm,applicom\"; "
			 "reg = <0>; %s }; }; }; };\n",
			 bad[i][0]);
		ASSERT_OK(hw_board_load(board));
		ASSERT(ldm_test_log_has(bad[i][1]));
		ASSERT(ldm_test_log_has("/pci/fieldbus@5,0/applicom@0: left out"));
		ASSERT_EQ(ldm_hw_owner(LDM_HW_MMIO, RAM_PHYS, NULL, 0), -ENOENT);
		ldm_board_unload();
	}
	ASSERT_OK(hw_board_load(
		"/dts-v1/;\n/ { pci { compatible = \"ldm,pci-host\"; #address-cells = <3>; "
		"#size-cells = <2>;\n  fieldbus@5,0 { reg = <0x2800 0 0 0 0 0x01002810 0 0xc200 0 "
		"0x100>; vendor-id = <0x1389>;\n    interrupts = <1>; ldm,irq-line = <3>; "
		"#address-cells = <1>; #size-cells = <0>;\n    applicom@0 { compatible = "
		"\"ldm,applicom\"; reg = <0>; }; }; }; };\n"));
	ASSERT(ldm_test_log_has("/pci/fieldbus@5,0/applicom@0: an applicom card has its RAM in "
				"one memory region of at least 1 KiB and one interrupt line"));
	ASSERT_EQ(ldm_hw_owner(LDM_HW_PORT, 0xc200, NULL, 0), -ENOENT);
	ldm_board_unload();
}

/* 2.6.9's applicom.c under test: its /dev/ac, and one write at a time from a thread. */
static struct ldm_chrdev_file *ac_file;

static void ac_msg(u8 *msg, u8 tic, u16 codef)
{
	memset(msg, 0, ST_RAM_IO + MAILBOX);
	msg[ST_NUMCARD] = 2;
	msg[TIC_DES_FROM_PC] = tic;
	msg[ST_RAM_IO] = (u8)codef;
	msg[ST_RAM_IO + 1] = (u8)(codef >> 8);
}

static void *ac_writer(void *arg)
{
	u8 msg[ST_RAM_IO + MAILBOX];

	ac_msg(msg, 13, 0x0303);
	*(ssize_t *)arg = ldm_chrdev_write(ac_file, (const char *)msg, sizeof(msg), NULL);
	return NULL;
}

/* Until the driver says a writer sleeps on board 2 (its ioctl 6 tells). */
static void wait_for_sleeping_writer(void)
{
	u8 st[ST_RAM_IO] = { [ST_NUMCARD] = 2 };
	int i;

	for (i = 0; i < 20000; i++) {
		ASSERT_EQ(ldm_chrdev_ioctl(ac_file, 6, (unsigned long)st), 0);
		if (ldm_test_log_has("Process in write pending board 2"))
			return;
		usleep(1000);
	}
	FAIL("the third write never slept waiting for the card");
}

DEFINE_TEST(test_applicom_269_driver_runs_on_the_card,
	    .description = "2.6.9's applicom.c, unchanged, finds the card by its class and "
			   "vendor, maps its RAM, reads its signature, name and serial number, "
			   "takes line 3 and enables the card's interrupts; ioctl 1 gives the "
			   "card's identity; a write hands a mailbox over and the card's "
			   "interrupt reaches the driver's handler; a write while the card holds "
			   "a mailbox sleeps until the card's interrupt says its RAM is free")
{
	u8 msg[ST_RAM_IO + MAILBOX], st[ST_RAM_IO];
	unsigned long irqs;
	pthread_t writer;
	ssize_t written = -1;
	char ko[256];
	dev_t dev;

	ac_boot(ac_board);
	linux269_build("char/applicom", ko, sizeof(ko));
	linux269_load(ko, NULL);
	linux269_clean(ko);
	ASSERT(ldm_test_log_has("Applicom PCI board found at mem 0xfebf2000, irq 3"));
	ASSERT(ldm_test_log_has("Applicom board 2: PCI1500PFB, PROM V2.8 S/N 74565"));
	ASSERT_EQ(ac_reg(4), 1);
	ASSERT_OK(ldm_chrdev_node_lookup("ac", &dev, NULL));
	ASSERT_EQ(MINOR(dev), 157);
	ASSERT_OK(ldm_chrdev_open(dev, O_RDWR, &ac_file));

	memset(st, 0, sizeof(st));
	st[ST_NUMCARD] = 2;
	ASSERT_EQ(ldm_chrdev_ioctl(ac_file, 1, (unsigned long)st), 0);
	ASSERT_EQ(st[18] << 24 | st[19] << 16 | st[20] << 8 | st[21], 0x0055aaff);
	ASSERT_EQ(st[30], 0x28);
	ASSERT_EQ(memcmp(st + 32, "PCI1500PFB", 11), 0);

	irqs = ldm_hw_irq_count(AC_IRQ);
	ac_msg(msg, 7, 0x0101);
	ASSERT_EQ(ldm_chrdev_write(ac_file, (const char *)msg, sizeof(msg), NULL), 0);
	ASSERT_EQ(ldm_hw_irq_count(AC_IRQ), irqs + 1);
	ASSERT_EQ(ac_reg(0), 1);
	ASSERT_EQ(readb(ram + RAM_IT_TO_PC), 0); /* the handler took the ring */
	memset(st, 0, sizeof(st));
	st[ST_NUMCARD] = 2;
	ASSERT_EQ(ldm_chrdev_ioctl(ac_file, 0, (unsigned long)st), 0);
	ASSERT_EQ(st[DATA_TO_PC_READY], 2);
	ASSERT_EQ(st[TIC_OWNER_TO_PC], 7);
	ASSERT_EQ(ldm_chrdev_write(ac_file, (const char *)msg, 10, NULL), -EINVAL);

	/* The answer is not taken (2.6.9's read() is broken): the next mailbox waits... */
	ac_msg(msg, 9, 0x0202);
	ASSERT_EQ(ldm_chrdev_write(ac_file, (const char *)msg, sizeof(msg), NULL), 0);
	ASSERT_EQ(readb(ram + DATA_FROM_PC_READY), 2);
	/* ...and a third writer sleeps until the card frees its RAM. */
	ASSERT_EQ(pthread_create(&writer, NULL, ac_writer, &written), 0);
	wait_for_sleeping_writer();
	ASSERT_EQ(written, -1);
	ac_ack();
	ASSERT_EQ(pthread_join(writer, NULL), 0);
	ASSERT_EQ(written, 0);
	ASSERT_EQ(ldm_hw_irq_count(AC_IRQ), irqs + 2);
	ASSERT_EQ(ac_reg(0), 2);
	ASSERT_EQ(readb(ram + DATA_FROM_PC_READY), 2);
	ASSERT_EQ(readw(ram + RAM_FROM_PC), 0x0303);

	ASSERT_OK(ldm_chrdev_release(ac_file));
	ASSERT_OK(ldm_delete_module("applicom", 0));
	ASSERT_EQ(ac_reg(0), 2);
	ac_down();
}
