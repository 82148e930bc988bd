// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * violations.c - `ldm audit violations`: MODULE LICENSE SYMBOL REASON
 * PROVIDER for everything the loader would refuse: a GPL-only symbol used
 * by a module that is not GPL-compatible (gpl-only), a namespaced symbol
 * without its import_ns (namespace), an export restricted to other modules
 * (restricted), a symbol nobody provides (unresolved), a proprietary
 * module's export used by one that uses GPL-only symbols (proprietary).
 */
#include <stdlib.h>

#include "audit.h"

/**
 * audit_violations_verb - print what the loader would refuse
 * @a: the audit
 * @argc: no arguments are taken
 * @argv: none
 *
 * Return: 1 if there is anything, else 0; 2 after an error.
 */
int audit_violations_verb(struct audit *a, int argc, char **argv)
{
	struct audit_violation *v;
	size_t n;
	int printed, error;

	(void)argv;
	if (argc) {
		fprintf(stderr, "ldm audit violations: takes no arguments\n");
		return AUDIT_ERROR;
	}
	error = audit_prepare(a, true);
	if (error)
		return error;
	if (audit_violations(a, &v, &n)) {
		fprintf(stderr, "ldm audit: out of memory\n");
		return AUDIT_ERROR;
	}
	printed = audit_print_violations(a, v, n);
	free(v);
	if (printed < 0) {
		fprintf(stderr, "ldm audit: out of memory\n");
		return AUDIT_ERROR;
	}
	return audit_status(a, (size_t)printed);
}
