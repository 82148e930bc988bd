/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A proprietary module: GPL-only imports of vmlinux and of fa_lib; one export. */
#include "fixture.inc"

FUNC(fa_prop_sym)
EXPORT(fa_prop_sym, , "")
IMPORT(vm_plain)
IMPORT(vm_gpl)
IMPORT(fa_plain)
IMPORT(fa_gpl)
MODINFO("license=Proprietary")
MODINFO("depends=fa_lib")
