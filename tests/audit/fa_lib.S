/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A GPL library: a plain, a GPL-only, a namespaced, a restricted and an unused export. */
#include "fixture.inc"

FUNC(fa_plain)
FUNC(fa_gpl)
FUNC(fa_ns)
FUNC(fa_only)
FUNC(fa_unused)
EXPORT(fa_plain, , "")
EXPORT(fa_unused, , "")
EXPORT(fa_gpl, _gpl, "")
EXPORT(fa_ns, _gpl, "FA_NS")
EXPORT(fa_only, _gpl, "module:fa_friend")
IMPORT(vm_plain)
IMPORT(vm_gpl)
MODINFO("license=GPL")
MODINFO("depends=")
MODINFO("vermagic=6.1.0 SMP mod_unload ")
