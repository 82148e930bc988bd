/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The module fa_only is exported for. */
#include "fixture.inc"

IMPORT(fa_only)
MODINFO("license=GPL")
MODINFO("depends=fa_lib")
