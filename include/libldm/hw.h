/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <libldm/hw.h> - the hardware behind the drivers, seen from the host: the
 * I/O port space (0 to 0xffff) and the physical memory space, in which a
 * device model claims ranges and answers the accesses drivers make there,
 * and the interrupt lines a model or a test raises.
 *
 * Nothing here ever touches the host's hardware: an address no model
 * claims reads all ones and takes no writes, as an empty ISA bus does, and
 * the runtime logs the first such access of each driver at each address.
 */
#ifndef _LIBLDM_HW_H
#define _LIBLDM_HW_H

#ifdef MODULE
#error "<libldm/...> is the host API; a module uses <ldm/...> only"
#endif

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(default)

/* The two address spaces a driver reaches. */
enum ldm_hw_space {
	LDM_HW_PORT, /* inb() ... outsl(): 0 to 0xffff */
	LDM_HW_MMIO, /* readb() ... writel() through ioremap(): physical addresses */
};

/**
 * struct ldm_hw_ops - how a model answers the accesses to its range
 * @read: the value at @addr, @width bytes (1, 2 or 4) wide
 * @write: take @value, @width bytes wide, at @addr
 *
 * @addr is the address in its space (a port, a physical address), not an
 * offset. Either may be NULL: a missing @read reads all ones, a missing
 * @write drops the value. They are called from the thread of the driver
 * that made the access, with no lock of the runtime held.
 */
struct ldm_hw_ops {
	uint32_t (*read)(unsigned long addr, unsigned int width, void *data);
	void (*write)(unsigned long addr, unsigned int width, uint32_t value, void *data);
};

int ldm_hw_claim(enum ldm_hw_space space, unsigned long start, unsigned long len, const char *name,
		 const struct ldm_hw_ops *ops, void *data);
int ldm_hw_unclaim(enum ldm_hw_space space, unsigned long start);
int ldm_hw_owner(enum ldm_hw_space space, unsigned long addr, char *name, size_t size);
unsigned long ldm_hw_unanswered(void);

/**
 * struct ldm_hw_access - one access of the trace
 * @seq: its number since the trace was turned on
 * @usec: when, in microseconds since the trace was turned on
 * @space: which space
 * @addr: the address
 * @width: 1, 2 or 4 bytes
 * @write: a write (else a read)
 * @value: what was written, or what the read gave
 * @who: the driver that made it ("kernel" for the runtime, a test)
 * @owner: the model that answered it, "-" for none
 */
struct ldm_hw_access {
	uint64_t seq;
	uint64_t usec;
	enum ldm_hw_space space;
	unsigned long addr;
	unsigned int width;
	bool write;
	uint32_t value;
	char who[56];
	char owner[64];
};

int ldm_hw_trace(bool on);
size_t ldm_hw_trace_get(uint64_t from, struct ldm_hw_access *buf, size_t max);

int ldm_hw_irq_raise(unsigned int irq);
bool ldm_hw_irq_held(void);
unsigned long ldm_hw_irq_count(unsigned int irq);

#pragma GCC visibility pop

#endif /* _LIBLDM_HW_H */
