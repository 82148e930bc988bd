/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/export.h> - EXPORT_SYMBOL and EXPORT_SYMBOL_GPL. The export tables
 * as the runtime sees them are <libldm/module.h>'s.
 *
 * As in the kernel, an export stands at the definition site and costs one
 * struct kernel_symbol in the ELF section __ksymtab (or __ksymtab_gpl), the
 * name in __ksymtab_strings. The linker gathers the sections of every object
 * file; the runtime walks them between __start___ksymtab and
 * __stop___ksymtab, so no list of exports is kept by hand. A module's
 * .ko carries the same sections, read by the loader.
 */
#ifndef _LDM_EXPORT_H
#define _LDM_EXPORT_H

#include <ldm/compiler.h>

#pragma GCC visibility push(default)

struct module;

/* One entry of __ksymtab / __ksymtab_gpl, laid out as in 2.6.9. */
struct kernel_symbol {
	unsigned long value;
	const char *name;
};

#ifdef MODULE
extern struct module __this_module;
#define THIS_MODULE (&__this_module)
#else
#define THIS_MODULE ((struct module *)0)
#endif

#define __EXPORT_SYMBOL(sym, sec) \
	extern __typeof__(sym) sym; \
	static const char __kstrtab_##sym[] \
		__attribute__((__section__("__ksymtab_strings"), __aligned__(1))) = #sym; \
	static const struct kernel_symbol __ksymtab_##sym \
		__attribute__((__used__, __retain__, __section__("__ksymtab" sec), \
			       __aligned__(sizeof(void *)))) = { (unsigned long)&sym, \
								 __kstrtab_##sym }

/** EXPORT_SYMBOL - make @sym visible to every module */
#define EXPORT_SYMBOL(sym)     __EXPORT_SYMBOL(sym, "")
/** EXPORT_SYMBOL_GPL - make @sym visible to GPL-compatible modules only */
#define EXPORT_SYMBOL_GPL(sym) __EXPORT_SYMBOL(sym, "_gpl")

#pragma GCC visibility pop

#endif /* _LDM_EXPORT_H */
