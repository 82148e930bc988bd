/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * loadtest.h - shared by the loader's test modules and the tests that load
 * them.
 */
#ifndef _LDM_TEST_LOADTEST_H
#define _LDM_TEST_LOADTEST_H

/*
 * The license of ldt_lic and ldt_licgpl, replaced in memory by the tests
 * with each license they try (padded with NULs).
 */
#define LDT_LICENSE_PLACEHOLDER \
	"@@license-placeholder-0123456789-0123456789-0123456789-" \
	"0123456789-0123456789-0123456789@@"

struct completion;

/*
 * Where ldt_params' exit reports, when its parameter "report" holds the
 * address of one: whether a try_module_get() reference was held when exit
 * ran, then "going"; and it waits for "ack" to complete before returning,
 * so that the test stops touching the module before it is unmapped (a
 * completion of the runtime, so that ThreadSanitizer sees the order too).
 */
struct ldt_report {
	int held_at_exit;
	int going;
	struct completion *ack;
};

/*
 * When ldt_params' parameter "initwait" holds the address of one, its init
 * completes "entered" and waits for "go": the test holds it in init.
 */
struct ldt_initwait {
	struct completion *entered;
	struct completion *go;
};

#endif /* _LDM_TEST_LOADTEST_H */
