/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A GPL module that forgets MODULE_IMPORT_NS, uses an export restricted to
 * another module and a symbol nobody exports; a weak import of another
 * (no violation).
 */
#include "fixture.inc"

IMPORT(fa_ns)
IMPORT(fa_only)
IMPORT(vm_missing)
WEAK_IMPORT(vm_weak)
MODINFO("license=Dual BSD/GPL")
MODINFO("depends=fa_lib")
