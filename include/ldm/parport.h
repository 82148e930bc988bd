/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/parport.h> - parallel ports as <linux/parport.h> of 2.6.9 shares
 * them between drivers: not a bus of the driver model (2.6.9's is not
 * either) but a registry of ports, of drivers told of each port
 * (attach/detach), and of devices that claim a port in turn. There is no
 * port until a device model registers one (parport_register_port()).
 */
#ifndef _LDM_PARPORT_H
#define _LDM_PARPORT_H

#include <ldm/atomic.h>
#include <ldm/interrupt.h>
#include <ldm/list.h>
#include <ldm/spinlock.h>
#include <ldm/types.h>
#include <ldm/wait.h>

#pragma GCC visibility push(default)

/* Control and status register bits. */
#define PARPORT_CONTROL_STROBE	0x1
#define PARPORT_CONTROL_AUTOFD	0x2
#define PARPORT_CONTROL_INIT	0x4
#define PARPORT_CONTROL_SELECT	0x8
#define PARPORT_STATUS_ERROR	0x8
#define PARPORT_STATUS_SELECT	0x10
#define PARPORT_STATUS_PAPEROUT 0x20
#define PARPORT_STATUS_ACK	0x40
#define PARPORT_STATUS_BUSY	0x80

/* Modes a port has. */
#define PARPORT_MODE_PCSPP     (1 << 0)
#define PARPORT_MODE_TRISTATE  (1 << 1)
#define PARPORT_MODE_EPP       (1 << 2)
#define PARPORT_MODE_ECP       (1 << 3)
#define PARPORT_MODE_COMPAT    (1 << 4)
#define PARPORT_MODE_DMA       (1 << 5)
#define PARPORT_MODE_SAFEININT (1 << 6)

#define PARPORT_IRQ_NONE      -1
#define PARPORT_DMA_NONE      -1
#define PARPORT_IRQ_AUTO      -2
#define PARPORT_DMA_AUTO      -2
#define PARPORT_DISABLE	      -2
#define PARPORT_IRQ_PROBEONLY -3
#define PARPORT_IOHI_AUTO     -1

/* A device's flags, and a port's. */
#define PARPORT_DEV_TRAN  0
#define PARPORT_DEV_LURK  (1 << 0)
#define PARPORT_DEV_EXCL  (1 << 1)
#define PARPORT_FLAG_EXCL (1 << 1)

struct parport;
struct pardevice;

struct parport_state {
	union {
		struct {
			unsigned int ctr;
			unsigned int ecr;
		} pc;
		void *misc;
	} u;
};

/**
 * struct parport_operations - how a port's registers are reached (the
 * port's model gives them)
 */
struct parport_operations {
	void (*write_data)(struct parport *, unsigned char);
	unsigned char (*read_data)(struct parport *);
	void (*write_control)(struct parport *, unsigned char);
	unsigned char (*read_control)(struct parport *);
	unsigned char (*frob_control)(struct parport *, unsigned char mask, unsigned char val);
	unsigned char (*read_status)(struct parport *);
	void (*enable_irq)(struct parport *);
	void (*disable_irq)(struct parport *);
	void (*data_forward)(struct parport *);
	void (*data_reverse)(struct parport *);
	void (*init_state)(struct pardevice *, struct parport_state *);
	void (*save_state)(struct parport *, struct parport_state *);
	void (*restore_state)(struct parport *, struct parport_state *);
	size_t (*epp_write_data)(struct parport *port, const void *buf, size_t len, int flags);
	size_t (*epp_read_data)(struct parport *port, void *buf, size_t len, int flags);
	size_t (*epp_write_addr)(struct parport *port, const void *buf, size_t len, int flags);
	size_t (*epp_read_addr)(struct parport *port, void *buf, size_t len, int flags);
	size_t (*ecp_write_data)(struct parport *port, const void *buf, size_t len, int flags);
	size_t (*ecp_read_data)(struct parport *port, void *buf, size_t len, int flags);
	size_t (*ecp_write_addr)(struct parport *port, const void *buf, size_t len, int flags);
	size_t (*compat_write_data)(struct parport *port, const void *buf, size_t len, int flags);
	size_t (*nibble_read_data)(struct parport *port, void *buf, size_t len, int flags);
	size_t (*byte_read_data)(struct parport *port, void *buf, size_t len, int flags);
	struct module *owner;
};

/**
 * struct pardevice - a driver's device on a port, which claims it in turn
 */
struct pardevice {
	const char *name;
	struct parport *port;
	int daisy;
	int (*preempt)(void *);
	void (*wakeup)(void *);
	void *private;
	void (*irq_func)(int, void *, struct pt_regs *);
	unsigned int flags;
	struct pardevice *next;
	struct pardevice *prev;
	struct parport_state *state;
	wait_queue_head_t wait_q;
	unsigned long time;
	unsigned long timeslice;
	long timeout;
	unsigned long waiting;
	struct pardevice *waitprev;
	struct pardevice *waitnext;
	void *sysctl_table;
};

/**
 * struct parport - a parallel port
 * @base: its base port
 * @name: "parport0", ...
 * @irq: its line, or PARPORT_IRQ_NONE
 * @devices: the devices registered on it
 * @cad: the device that has claimed it
 * @ops: its registers' accessors
 * @number: its number
 */
struct parport {
	unsigned long base;
	unsigned long base_hi;
	unsigned int size;
	const char *name;
	unsigned int modes;
	int irq;
	int dma;
	int muxport;
	int portnum;
	struct parport *physport;
	struct pardevice *devices;
	struct pardevice *cad;
	int daisy;
	int muxsel;
	struct pardevice *waithead;
	struct pardevice *waittail;
	struct list_head list;
	unsigned int flags;
	void *sysctl_table;
	struct parport_operations *ops;
	void *private_data;
	int number;
	spinlock_t pardevice_lock;
	spinlock_t waitlist_lock;
	rwlock_t cad_lock;
	int spintime;
	atomic_t ref_count;
	struct list_head full_list;
	struct parport *slaves[3];
};

/**
 * struct parport_driver - a driver told of each port as it comes and goes
 */
struct parport_driver {
	const char *name;
	void (*attach)(struct parport *);
	void (*detach)(struct parport *);
	struct parport_driver *next;
};

int parport_register_driver(struct parport_driver *drv);
void parport_unregister_driver(struct parport_driver *drv);
struct parport *parport_register_port(unsigned long base, int irq, int dma,
				      struct parport_operations *ops);
void parport_announce_port(struct parport *port);
void parport_remove_port(struct parport *port);
struct parport *parport_get_port(struct parport *port);
void parport_put_port(struct parport *port);
struct parport *parport_find_number(int number);
struct parport *parport_find_base(unsigned long base);
struct pardevice *parport_register_device(struct parport *port, const char *name, int (*pf)(void *),
					  void (*kf)(void *),
					  void (*irq_func)(int, void *, struct pt_regs *),
					  int flags, void *handle);
void parport_unregister_device(struct pardevice *dev);
int parport_claim(struct pardevice *dev);
int parport_claim_or_block(struct pardevice *dev);
void parport_release(struct pardevice *dev);

/* A claimed port's registers, through its operations. */
#define parport_write_data(p, x)      (p)->ops->write_data(p, x)
#define parport_read_data(p)	      (p)->ops->read_data(p)
#define parport_write_control(p, x)   (p)->ops->write_control(p, x)
#define parport_read_control(p)	      (p)->ops->read_control(p)
#define parport_frob_control(p, m, v) (p)->ops->frob_control(p, m, v)
#define parport_read_status(p)	      (p)->ops->read_status(p)
#define parport_enable_irq(p)	      (p)->ops->enable_irq(p)
#define parport_disable_irq(p)	      (p)->ops->disable_irq(p)
#define parport_data_forward(p)	      (p)->ops->data_forward(p)
#define parport_data_reverse(p)	      (p)->ops->data_reverse(p)

#pragma GCC visibility pop

#endif /* _LDM_PARPORT_H */
