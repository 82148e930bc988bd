/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A GPL module using GPL-only symbols and a proprietary module's export. */
#include "fixture.inc"

IMPORT(vm_gpl)
IMPORT(fa_prop_sym)
MODINFO("license=GPL")
MODINFO("depends=fa_prop")
