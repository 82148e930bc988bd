/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * module-layout.h - a module's mapping and its relocation (see
 * kernel/module-layout.c). Private to libldm.
 */
#ifndef _LDM_MODULE_LAYOUT_H
#define _LDM_MODULE_LAYOUT_H

#include <ldm/types.h>

#include "module-elf.h"

enum { PART_TEXT, PART_RO, PART_RW, PART_MAX };

#define SLOT_NONE	((size_t)-1)

struct module_layout {
	unsigned char *base;
	size_t size;
	size_t part_start[PART_MAX];
	unsigned char **sec_addr;	/* per section, NULL if not loaded */
	size_t *got_slot, *stub_slot;	/* per symbol */
	size_t ngot, nstubs;
	size_t got_off, stubs_off;	/* within the ro and text parts */
};

struct module_reloc_ctx {
	unsigned int type;
	const char *symname;
	const char *secname;
	char err[256];
};

int module_layout(const struct ldm_elf *elf, struct module_layout *l);
void module_layout_free(struct module_layout *l);
int module_relocate(const struct ldm_elf *elf, struct module_layout *l,
		    const unsigned long *values, struct module_reloc_ctx *c);
int module_protect(struct module_layout *l);

#endif /* _LDM_MODULE_LAYOUT_H */
