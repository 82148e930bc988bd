/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/nvram.h> - the CMOS memory beside the PC's clock, as 2.6.9's
 * <linux/nvram.h>: /dev/nvram's ioctls and the byte and checksum calls
 * drivers/char/nvram.c exports (the __ forms for callers that hold
 * rtc_lock).
 */
#ifndef _LDM_NVRAM_H
#define _LDM_NVRAM_H

#include <ldm/ioctl.h>

#define NVRAM_INIT   _IO('p', 0x40)
#define NVRAM_SETCKS _IO('p', 0x41)

/* The first byte after the clock's registers, byte 0 of /dev/nvram. */
#define NVRAM_FIRST_BYTE 14
#define NVRAM_OFFSET(x)	 ((x)-NVRAM_FIRST_BYTE)

unsigned char __nvram_read_byte(int i);
unsigned char nvram_read_byte(int i);
void __nvram_write_byte(unsigned char c, int i);
void nvram_write_byte(unsigned char c, int i);
int __nvram_check_checksum(void);
int nvram_check_checksum(void);
void __nvram_set_checksum(void);
void nvram_set_checksum(void);

#endif /* _LDM_NVRAM_H */
