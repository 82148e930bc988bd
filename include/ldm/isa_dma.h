/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/isa_dma.h> - the PC's ISA DMA controllers, as <asm/dma.h> of 2.6.9
 * (i386) gives them to drivers: the channels' registry (request_dma(),
 * free_dma()) and the two 8237 controllers' registers, programmed with
 * port I/O under claim_dma_lock().
 *
 * The registers are ports like any other: with no model of the
 * controllers (none yet), writes are dropped and reads are all ones, as
 * ldm's port I/O does for any port no model answers (docs/kernel-services.md).
 */
#ifndef _LDM_ISA_DMA_H
#define _LDM_ISA_DMA_H

#include <ldm/io.h>
#include <ldm/spinlock.h>

#pragma GCC visibility push(default)

#define MAX_DMA_CHANNELS 8
/* ISA DMA reaches the first 16 MiB; here every address is one the driver may use. */
#define MAX_DMA_ADDRESS	 (~0UL)

/* Channels 0-3: the 8-bit controller at 0x00; 4-7: the 16-bit one at 0xc0 (4 cascades). */
#define IO_DMA1_BASE 0x00
#define IO_DMA2_BASE 0xC0

#define DMA1_CMD_REG	  0x08
#define DMA1_STAT_REG	  0x08
#define DMA1_REQ_REG	  0x09
#define DMA1_MASK_REG	  0x0A
#define DMA1_MODE_REG	  0x0B
#define DMA1_CLEAR_FF_REG 0x0C
#define DMA1_TEMP_REG	  0x0D
#define DMA1_RESET_REG	  0x0D
#define DMA1_CLR_MASK_REG 0x0E
#define DMA1_MASK_ALL_REG 0x0F

#define DMA2_CMD_REG	  0xD0
#define DMA2_STAT_REG	  0xD0
#define DMA2_REQ_REG	  0xD2
#define DMA2_MASK_REG	  0xD4
#define DMA2_MODE_REG	  0xD6
#define DMA2_CLEAR_FF_REG 0xD8
#define DMA2_TEMP_REG	  0xDA
#define DMA2_RESET_REG	  0xDA
#define DMA2_CLR_MASK_REG 0xDC
#define DMA2_MASK_ALL_REG 0xDE

#define DMA_ADDR_0 0x00
#define DMA_ADDR_1 0x02
#define DMA_ADDR_2 0x04
#define DMA_ADDR_3 0x06
#define DMA_ADDR_4 0xC0
#define DMA_ADDR_5 0xC4
#define DMA_ADDR_6 0xC8
#define DMA_ADDR_7 0xCC

#define DMA_CNT_0 0x01
#define DMA_CNT_1 0x03
#define DMA_CNT_2 0x05
#define DMA_CNT_3 0x07
#define DMA_CNT_4 0xC2
#define DMA_CNT_5 0xC6
#define DMA_CNT_6 0xCA
#define DMA_CNT_7 0xCE

#define DMA_PAGE_0 0x87
#define DMA_PAGE_1 0x83
#define DMA_PAGE_2 0x81
#define DMA_PAGE_3 0x82
#define DMA_PAGE_5 0x8B
#define DMA_PAGE_6 0x89
#define DMA_PAGE_7 0x8A

/* Modes: single transfer, address incrementing */
#define DMA_MODE_READ	 0x44 /* device to memory */
#define DMA_MODE_WRITE	 0x48 /* memory to device */
#define DMA_MODE_CASCADE 0xC0
#define DMA_AUTOINIT	 0x10

#define dma_outb outb_p
#define dma_inb	 inb

/* Held while a channel's registers are programmed: the flip-flop is shared. */
extern spinlock_t dma_spin_lock;

static inline unsigned long claim_dma_lock(void)
{
	unsigned long flags;

	spin_lock_irqsave(&dma_spin_lock, flags);
	return flags;
}

static inline void release_dma_lock(unsigned long flags)
{
	spin_unlock_irqrestore(&dma_spin_lock, flags);
}

/* A channel's register of the first controller (0-3) or the second (4-7). */
static inline unsigned int __dma_reg(unsigned int dmanr, unsigned int reg1, unsigned int reg2)
{
	return dmanr <= 3 ? reg1 : reg2;
}

static inline void enable_dma(unsigned int dmanr)
{
	dma_outb(dmanr & 3, __dma_reg(dmanr, DMA1_MASK_REG, DMA2_MASK_REG));
}

static inline void disable_dma(unsigned int dmanr)
{
	dma_outb((dmanr & 3) | 4, __dma_reg(dmanr, DMA1_MASK_REG, DMA2_MASK_REG));
}

/* Reset the flip-flop: the next address or count byte written is the low one. */
static inline void clear_dma_ff(unsigned int dmanr)
{
	dma_outb(0, __dma_reg(dmanr, DMA1_CLEAR_FF_REG, DMA2_CLEAR_FF_REG));
}

static inline void set_dma_mode(unsigned int dmanr, char mode)
{
	dma_outb((unsigned char)mode | (dmanr & 3), __dma_reg(dmanr, DMA1_MODE_REG, DMA2_MODE_REG));
}

/* Bits 16-23 of the address; a 16-bit channel's page is even. */
static inline void set_dma_page(unsigned int dmanr, char pagenr)
{
	static const unsigned char page_reg[8] = { DMA_PAGE_0, DMA_PAGE_1, DMA_PAGE_2, DMA_PAGE_3,
						   0,	       DMA_PAGE_5, DMA_PAGE_6, DMA_PAGE_7 };

	if (dmanr >= 8 || dmanr == 4)
		return;
	dma_outb(dmanr <= 3 ? (unsigned char)pagenr : (unsigned char)pagenr & 0xfe,
		 page_reg[dmanr]);
}

/* The channel's address register; a 16-bit channel counts in words. */
static inline unsigned int __dma_addr_port(unsigned int dmanr)
{
	return dmanr <= 3 ? IO_DMA1_BASE + ((dmanr & 3) << 1) : IO_DMA2_BASE + ((dmanr & 3) << 2);
}

/* The transfer's address, the flip-flop clear. */
static inline void set_dma_addr(unsigned int dmanr, unsigned int a)
{
	unsigned int shift = dmanr <= 3 ? 0 : 1;

	set_dma_page(dmanr, (char)(a >> 16));
	dma_outb((a >> shift) & 0xff, __dma_addr_port(dmanr));
	dma_outb((a >> (8 + shift)) & 0xff, __dma_addr_port(dmanr));
}

/* The transfer's size in bytes (even for 5-7), the flip-flop clear. */
static inline void set_dma_count(unsigned int dmanr, unsigned int count)
{
	unsigned int shift = dmanr <= 3 ? 0 : 1;
	unsigned int port = __dma_addr_port(dmanr) + (dmanr <= 3 ? 1 : 2);

	count--;
	dma_outb((count >> shift) & 0xff, port);
	dma_outb((count >> (8 + shift)) & 0xff, port);
}

/* The bytes left of the transfer, the flip-flop clear. */
static inline int get_dma_residue(unsigned int dmanr)
{
	unsigned int port = __dma_addr_port(dmanr) + (dmanr <= 3 ? 1 : 2);
	unsigned short count;

	count = (unsigned short)(1 + dma_inb(port));
	count = (unsigned short)(count + (dma_inb(port) << 8));
	return dmanr <= 3 ? count : count << 1;
}

int request_dma(unsigned int dmanr, const char *device_id);
void free_dma(unsigned int dmanr);

/* No PCI bridge here loses ISA DMA transfers. */
#define isa_dma_bridge_buggy (0)

#pragma GCC visibility pop

#endif /* _LDM_ISA_DMA_H */
