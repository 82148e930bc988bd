/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * export-internal.h - what the module loader asks of the export tables:
 * adding a module's exports under its name, removing them, and finding a
 * symbol together with the module that exports it. Private to libldm.
 */
#ifndef _LDM_EXPORT_INTERNAL_H
#define _LDM_EXPORT_INTERNAL_H

#include <ldm/export.h>

struct ldm_module;

int ldm_export_add_module(const struct kernel_symbol *syms, size_t n,
			  enum ldm_export_license license, const char *owner,
			  struct ldm_module *mod);
void ldm_export_remove_module(struct ldm_module *mod);
int ldm_export_find(const char *name, struct ldm_export *ret, struct ldm_module **owner);

#endif /* _LDM_EXPORT_INTERNAL_H */
