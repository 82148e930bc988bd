/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * fault.h - allocation-failure injection, in builds configured with
 * -Dfault_injection=true (the test builds). Modelled on the kernel's
 * fail-nth: after ldm_fail_nth(k), the k-th allocation from then on fails,
 * once, and later ones succeed again.
 */
#ifndef _LDM_FAULT_H
#define _LDM_FAULT_H

#pragma GCC visibility push(default)

/* Arm: the @nth allocation from now fails (1 = the next one); 0 disarms. */
void ldm_fail_nth(unsigned long nth);
/* Whether the armed failure has happened since the last arming (k > 0);
 * ldm_fail_nth(0) keeps the answer, so disarm first, then ask. */
int ldm_fail_nth_fired(void);

#pragma GCC visibility pop

#endif /* _LDM_FAULT_H */
