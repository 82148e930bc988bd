/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/8253pit.h> - the PC's programmable interval timer, as 2.6.9's
 * <asm/8253pit.h> gives it: its input clock, by which a driver divides to
 * program a frequency (the PC speaker's tone).
 */
#ifndef _LDM_8253PIT_H
#define _LDM_8253PIT_H

#define PIT_TICK_RATE 1193182UL

#endif /* _LDM_8253PIT_H */
