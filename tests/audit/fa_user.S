/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A GPL user of fa_lib that does everything right. */
#include "fixture.inc"

IMPORT(fa_plain)
IMPORT(fa_gpl)
IMPORT(fa_ns)
IMPORT(vm_gpl)
IMPORT(vm_ns)
MODINFO("license=GPL v2")
MODINFO("import_ns=FA_NS")
MODINFO("import_ns=VM_NS")
MODINFO("depends=fa_lib")
