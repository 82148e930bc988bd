/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Malformed: the name of an export points into .text, not at a string. */
#include "text.inc"

	.section __ksymtab, "a"
	.balign 4
	.long fx_plain - .
	.long fx_gpl - .
	.long fx_ns - .
