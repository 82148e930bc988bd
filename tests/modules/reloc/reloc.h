/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * reloc.h - what the relocation test modules export to each other, and the
 * reference results the test compares them with from outside.
 */
#ifndef _LDM_TEST_RELOC_H
#define _LDM_TEST_RELOC_H

struct reloc_op {
	const char *name;
	int (*fn)(int x);
};

#define RELOC_NOPS	    4
#define RELOC_SWITCH_CASES  12
#define RELOC_COUNTER_START 1000

/* What reloc_lib_switch(x) returns, written without a switch. */
static inline int reloc_switch_ref(int x)
{
	static const int mul[RELOC_SWITCH_CASES] = { 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41 };

	if (x < 0 || x >= RELOC_SWITCH_CASES)
		return -1;
	return x * mul[x] + 100 * x + 1;
}

/* What reloc_lib_ops[i].fn(x) returns. */
static inline int reloc_op_ref(int i, int x)
{
	switch (i) {
	case 0:
		return 2 * x; /* "twice" */
	case 1:
		return x * x; /* "square" */
	case 2:
		return -x; /* "negate" */
	default:
		return x + 42; /* "add_seed" */
	}
}

#endif /* _LDM_TEST_RELOC_H */
