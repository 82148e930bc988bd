// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-kparm.c - MODULE_PARM() found by name at load, as 2.6.9 did: the
 * 2.6.9-style modules of tests/drivers/kapi/ whose MODULE_PARM lines come
 * before their variables, one that names no variable, one whose variable
 * is too small for its type, and two that would have the loader write
 * into read-only data.
 */
#include "../modules/modtest.h"

DEFINE_TEST(test_kparm_module_parm_before_its_variable,
	    .description = "MODULE_PARM lines written before their variables set them from "
			   "the load arguments, including a variable the code never writes "
			   "and one it never reads; without arguments they keep their values")
{
	ASSERT_OK(
		ko_load("kparm_late", "late_port=0x378 late_mode=1 late_tags=xy,z late_unused=4"));
	ASSERT(ldm_test_log_has("kparm_late: port=888 mode=1 tags=xy,z\n"));
	ASSERT_OK(ldm_delete_module("kparm_late", 0));
	ASSERT_OK(ko_load("kparm_late", NULL));
	ASSERT(ldm_test_log_has("kparm_late: port=0 mode=3 tags=a,b\n"));
	ASSERT_OK(ldm_delete_module("kparm_late", 0));
	ASSERT_EQ(ko_load("kparm_late", "late_port=abc"), -EINVAL);
	ASSERT(ldm_test_log_has("kparm_late: parameter late_port: invalid value 'abc'"));
}

DEFINE_TEST(test_kparm_module_parm_of_no_variable_is_refused,
	    .description = "a MODULE_PARM naming no variable of the module, or one too small "
			   "for its type, fails the load saying which")
{
	ASSERT_EQ(ko_load("kparm_ghost", NULL), -EINVAL);
	ASSERT(ldm_test_log_has(
		"kparm_ghost: falsely claims to have parameter ghost: no variable of that name"));
	ASSERT(!node_exists("/module/kparm_ghost"));
	ASSERT_EQ(ko_load("kparm_small", NULL), -EINVAL);
	ASSERT(ldm_test_log_has("kparm_small: parameter small: MODULE_PARM type \"1-4i\" needs 16 "
				"bytes, its variable has 4"));
}

DEFINE_TEST(test_kparm_module_parm_in_read_only_data_is_refused,
	    .description = "a MODULE_PARM whose variable is const, or whose record lies in "
			   "read-only data, fails the load naming the parameter instead of "
			   "faulting on the protected mapping")
{
	ASSERT_EQ(ko_load("kparm_const", NULL), -ENOEXEC);
	ASSERT(ldm_test_log_has(
		"kparm_const: parameter level: its variable is not writable data of the module"));
	ASSERT(!node_exists("/module/kparm_const"));
	ASSERT_EQ(ko_load("kparm_rorec", NULL), -ENOEXEC);
	ASSERT(ldm_test_log_has("kparm_rorec: parameter rec: its MODULE_PARM lies outside the "
				"module's writable data"));
	ASSERT(!node_exists("/module/kparm_rorec"));
}
