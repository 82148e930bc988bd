// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kparm_rorec.c - a MODULE_PARM() record of its own making, placed in the
 * module's read-only data: the loader, which writes the variable's address
 * into the record, refuses the load naming the parameter instead of
 * faulting on the protected page (found by fuzz-module).
 */
#include <linux/module.h>
#include <linux/init.h>

static int rec;
/*
 * gcc would give a const record with pointers a writable section under
 * -fPIC (.data.rel.ro); the " #" ends the section line it writes, so that
 * the flags given here, "a" alone, are the ones the assembler reads.
 */
static const struct obsolete_modparm rec_record
	__attribute__((section(".rodata.kparm,\"a\",@progbits #"))) = { "rec", "i", NULL };
module_param_call(rec, param_set_obsolete, NULL, (void *)&rec_record, 0);

static int __init kparm_rorec_init(void)
{
	return rec;
}

module_init(kparm_rorec_init);
MODULE_LICENSE("GPL");
