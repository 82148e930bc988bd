/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * taint.h - the runtime's taint flags (kernel/panic.c), as
 * include/linux/panic.h declares them. Private to libldm.
 */
#ifndef _LDM_TAINT_H
#define _LDM_TAINT_H

#include <stddef.h>

/* The bits of Linux's kernel/panic.c. */
#define TAINT_PROPRIETARY_MODULE 0 /* 'P' */
#define TAINT_FORCED_MODULE	 1 /* 'F' */

void add_taint(unsigned int flag);
unsigned long ldm_tainted(void);
const char *print_tainted(char *buf, size_t size);
void module_taint_string(unsigned long taints, char *buf, size_t size);
void taint_reset(void);

#endif /* _LDM_TAINT_H */
