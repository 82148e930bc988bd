/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/random.h> - the entropy pool of <linux/random.h>: drivers feed it
 * with the timing of their events (accepted and dropped here: the host has
 * its own pool) and read it with get_random_bytes() (the host's,
 * getrandom(2)).
 */
#ifndef _LDM_RANDOM_H
#define _LDM_RANDOM_H

#include <ldm/ioctl.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

void add_keyboard_randomness(unsigned char scancode);
void add_mouse_randomness(__u32 mouse_data);
void add_interrupt_randomness(int irq);
void get_random_bytes(void *buf, int nbytes);

#pragma GCC visibility pop

#endif /* _LDM_RANDOM_H */
