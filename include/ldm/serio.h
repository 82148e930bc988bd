/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/serio.h> - the serial I/O ports of the input layer, as
 * <linux/serio.h> of 2.6.9 declares them: a port (an i8042 channel, a
 * serial line) delivers bytes to the driver connected to it
 * (serio_interrupt()), and the driver writes bytes back (serio_write()).
 * The functions are 2.6.9's serio core's (drivers/input/serio/serio.c),
 * built unchanged as a module; this header is what it and its users
 * compile against.
 */
#ifndef _LDM_SERIO_H
#define _LDM_SERIO_H

#include <ldm/device.h>
#include <ldm/interrupt.h>
#include <ldm/ioctl.h>
#include <ldm/list.h>
#include <ldm/spinlock.h>

#pragma GCC visibility push(default)

/* The line discipline's ioctl that sets a port's type (inputattach uses it). */
#define SPIOCSTYPE _IOW('q', 0x01, unsigned long)

struct serio_driver;

/**
 * struct serio - a serial I/O port
 * @private: the connected driver's
 * @port_data: the port driver's
 * @name: a name for people
 * @phys: where it is ("isa0060/serio0")
 * @manual_bind: drivers bind only when asked
 * @idbus: input bus id
 * @idvendor: input vendor id
 * @idproduct: input product id
 * @idversion: input version
 * @type: SERIO_ type and protocol bits
 * @event: events for the serio thread
 * @lock: held around delivery to @drv
 * @write: send a byte to the device
 * @open: the connected driver starts using the port
 * @close: ... and stops
 * @parent: the port this one passes through, if any
 * @child: the port that passes through this one
 * @drv: the connected driver
 * @dev: the driver model's device
 * @node: in the serio core's list
 */
struct serio {
	void *private;
	void *port_data;
	char name[32];
	char phys[32];
	unsigned int manual_bind;
	unsigned short idbus;
	unsigned short idvendor;
	unsigned short idproduct;
	unsigned short idversion;
	unsigned long type;
	unsigned long event;
	spinlock_t lock;
	int (*write)(struct serio *, unsigned char);
	int (*open)(struct serio *);
	void (*close)(struct serio *);
	struct serio *parent, *child;
	struct serio_driver *drv;
	struct device dev;
	struct list_head node;
};

#define to_serio_port(d) container_of(d, struct serio, dev)

/**
 * struct serio_driver - a driver of what is behind a port (a keyboard, a mouse)
 * @private: the driver's
 * @description: a name for people
 * @manual_bind: binds only when asked
 * @write_wakeup: the port can take more bytes
 * @interrupt: a byte arrived, with SERIO_ flags
 * @connect: try a port; open it to take it
 * @reconnect: the port is back after a resume
 * @disconnect: let go of a port
 * @cleanup: the system stops: quiet the device
 * @driver: the driver model's driver
 * @node: in the serio core's list
 */
struct serio_driver {
	void *private;
	char *description;
	unsigned int manual_bind;
	void (*write_wakeup)(struct serio *);
	irqreturn_t (*interrupt)(struct serio *, unsigned char, unsigned int, struct pt_regs *);
	void (*connect)(struct serio *, struct serio_driver *drv);
	int (*reconnect)(struct serio *);
	void (*disconnect)(struct serio *);
	void (*cleanup)(struct serio *);
	struct device_driver driver;
	struct list_head node;
};

#define to_serio_driver(d) container_of(d, struct serio_driver, driver)

int serio_open(struct serio *serio, struct serio_driver *drv);
void serio_close(struct serio *serio);
void serio_rescan(struct serio *serio);
void serio_reconnect(struct serio *serio);
irqreturn_t serio_interrupt(struct serio *serio, unsigned char data, unsigned int flags,
			    struct pt_regs *regs);
void serio_register_port(struct serio *serio);
void serio_register_port_delayed(struct serio *serio);
void serio_unregister_port(struct serio *serio);
void serio_unregister_port_delayed(struct serio *serio);
void serio_register_driver(struct serio_driver *drv);
void serio_unregister_driver(struct serio_driver *drv);

/* Send a byte to the device; -1 for a port that cannot. */
static inline int serio_write(struct serio *serio, unsigned char data)
{
	return serio->write ? serio->write(serio, data) : -1;
}

static inline void serio_drv_write_wakeup(struct serio *serio)
{
	if (serio->drv && serio->drv->write_wakeup)
		serio->drv->write_wakeup(serio);
}

static inline void serio_cleanup(struct serio *serio)
{
	if (serio->drv && serio->drv->cleanup)
		serio->drv->cleanup(serio);
}

/* Hold delivery to the driver off, and let it go on. */
static inline void serio_pause_rx(struct serio *serio)
{
	spin_lock_irq(&serio->lock);
}

static inline void serio_continue_rx(struct serio *serio)
{
	spin_unlock_irq(&serio->lock);
}

/* The flags of a byte given to serio_interrupt(). */
#define SERIO_TIMEOUT 1
#define SERIO_PARITY  2
#define SERIO_FRAME   4

/* Port types (the top byte of type), as inputattach sets them. */
#define SERIO_TYPE	0xff000000UL
#define SERIO_XT	0x00000000UL
#define SERIO_8042	0x01000000UL
#define SERIO_RS232	0x02000000UL
#define SERIO_HIL_MLC	0x03000000UL
#define SERIO_PS_PSTHRU 0x05000000UL
#define SERIO_8042_XL	0x06000000UL

/* Protocols on an RS232 port (the low byte). */
#define SERIO_PROTO	0xFFUL
#define SERIO_MSC	0x01
#define SERIO_SUN	0x02
#define SERIO_MS	0x03
#define SERIO_MP	0x04
#define SERIO_MZ	0x05
#define SERIO_MZP	0x06
#define SERIO_MZPP	0x07
#define SERIO_VSXXXAA	0x08
#define SERIO_SUNKBD	0x10
#define SERIO_WARRIOR	0x18
#define SERIO_SPACEORB	0x19
#define SERIO_MAGELLAN	0x1a
#define SERIO_SPACEBALL 0x1b
#define SERIO_GUNZE	0x1c
#define SERIO_IFORCE	0x1d
#define SERIO_STINGER	0x1e
#define SERIO_NEWTON	0x1f
#define SERIO_STOWAWAY	0x20
#define SERIO_H3600	0x21
#define SERIO_PS2SER	0x22
#define SERIO_TWIDKBD	0x23
#define SERIO_TWIDJOY	0x24
#define SERIO_HIL	0x25
#define SERIO_SNES232	0x26
#define SERIO_SEMTECH	0x27
#define SERIO_LKKBD	0x28
#define SERIO_ID	0xff00UL
#define SERIO_EXTRA	0xff0000UL

#pragma GCC visibility pop

#endif /* _LDM_SERIO_H */
