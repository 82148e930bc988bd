/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/apm_bios.h> - <linux/apm_bios.h> of 2.6.9: the types, structures
 * and numbers of the PC's Advanced Power Management BIOS interface, for
 * the drivers that include it. ldm has no APM BIOS and no apm_info: a
 * driver that reads the BIOS's state fails to load, naming apm_info.
 */
#ifndef _LDM_APM_BIOS_H
#define _LDM_APM_BIOS_H

#include <ldm/ioctl.h>

typedef unsigned short apm_event_t;
typedef unsigned short apm_eventinfo_t;

/**
 * struct apm_bios_info - what the BIOS's installation check answers
 * @version: the interface's version, BCD (0x0102 for 1.2); 0 for none
 * @cseg: the 32-bit code segment
 * @offset: the entry point in it
 * @cseg_16: the 16-bit code segment
 * @dseg: the data segment
 * @flags: APM_*_SUPPORT and APM_BIOS_* bits
 * @cseg_len: the length of @cseg
 * @cseg_16_len: the length of @cseg_16
 * @dseg_len: the length of @dseg
 */
struct apm_bios_info {
	unsigned short version;
	unsigned short cseg;
	unsigned long offset;
	unsigned short cseg_16;
	unsigned short dseg;
	unsigned short flags;
	unsigned short cseg_len;
	unsigned short cseg_16_len;
	unsigned short dseg_len;
};

/* The installation check's flags. */
#define APM_16_BIT_SUPPORT   0x0001
#define APM_32_BIT_SUPPORT   0x0002
#define APM_IDLE_SLOWS_CLOCK 0x0004
#define APM_BIOS_DISABLED    0x0008
#define APM_BIOS_DISENGAGED  0x0010

/* Power states. */
#define APM_STATE_READY	  0x0000
#define APM_STATE_STANDBY 0x0001
#define APM_STATE_SUSPEND 0x0002
#define APM_STATE_OFF	  0x0003
#define APM_STATE_BUSY	  0x0004
#define APM_STATE_REJECT  0x0005

/* Events. */
#define APM_SYS_STANDBY		0x0001
#define APM_SYS_SUSPEND		0x0002
#define APM_NORMAL_RESUME	0x0003
#define APM_CRITICAL_RESUME	0x0004
#define APM_LOW_BATTERY		0x0005
#define APM_POWER_STATUS_CHANGE 0x0006
#define APM_UPDATE_TIME		0x0007
#define APM_CRITICAL_SUSPEND	0x0008
#define APM_USER_STANDBY	0x0009
#define APM_USER_SUSPEND	0x000a
#define APM_STANDBY_RESUME	0x000b
#define APM_CAPABILITY_CHANGE	0x000c

/* The ioctls of /dev/apm_bios. */
#define APM_IOC_STANDBY _IO('A', 1)
#define APM_IOC_SUSPEND _IO('A', 2)

#endif /* _LDM_APM_BIOS_H */
