/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * iospace.h - the accesses of the two address spaces (kernel/iospace.c),
 * for ioremap's cookies (mm/ioremap.c), and the text of the hardware's
 * files of /proc (ioports, iomem, interrupts). Private to libldm.
 */
#ifndef _LDM_IOSPACE_H
#define _LDM_IOSPACE_H

#include <stdbool.h>
#include <stdint.h>
#include <libldm/hw.h>

/**
 * struct iospace_direct - callbacks an access calls straight, for the
 * device models (hw/bind.c) that need no lock: no layer between the
 * dispatch and the model
 * @read: the value of @width bytes at @offset of the range, of model @obj
 *	(a struct ldm_model_type's own @read)
 * @write: take @value there
 * @obj: given to them
 * @index: given to them (the region's index in its node's "reg")
 * @off: while *@off is true, accesses take the claim's @ops instead (a
 *	model with a fault); read with a relaxed load
 */
struct ldm_model;

struct iospace_direct {
	uint32_t (*read)(struct ldm_model *obj, unsigned int index, unsigned long offset,
			 unsigned int width);
	void (*write)(struct ldm_model *obj, unsigned int index, unsigned long offset,
		      unsigned int width, uint32_t value);
	struct ldm_model *obj;
	unsigned int index;
	const bool *off;
};

int iospace_claim_direct(enum ldm_hw_space space, unsigned long start, unsigned long len,
			 const char *name, const struct ldm_hw_ops *ops, void *data,
			 const struct iospace_direct *direct);

/* The value at @addr of @space, @width bytes: its model's, or all ones. */
uint32_t ldm_iospace_read(enum ldm_hw_space space, unsigned long addr, unsigned int width,
			  const char *who);

/* Write @value to @addr of @space: to its model, or nowhere. */
void ldm_iospace_write(enum ldm_hw_space space, unsigned long addr, unsigned int width,
		       uint32_t value, const char *who);

/* An access to @addr that no address space holds (a pointer not from ioremap). */
void ldm_iospace_stray(const volatile void *addr, const char *what, const char *who);

/* mm/ioremap.c: the module whose code holds @ip (the loader sets it), for fault reports */
extern const char *(*ldm_text_owner)(unsigned long ip);
void ldm_fault_report_install(void);

/* kernel/resource.c: a tree as /proc/ioports and /proc/iomem print it, to free() */
struct resource;
char *ldm_resource_text(const struct resource *root);

/* kernel/irq/proc.c: /proc/interrupts's text, to free() */
char *ldm_interrupts_text(void);

#endif /* _LDM_IOSPACE_H */
