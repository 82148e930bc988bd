// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * random.c - the entropy pool's interface (drivers/char/random.c of
 * 2.6.9): the timings drivers feed it are accepted and dropped (the
 * host keeps its own pool), and random bytes come from getrandom(2).
 */
#include <errno.h>
#include <sys/random.h>
#include <ldm/export.h>
#include <ldm/random.h>

/**
 * add_keyboard_randomness - a keyboard event's timing, for the pool
 * @scancode: the key
 */
void add_keyboard_randomness(unsigned char scancode)
{
	(void)scancode;
}
EXPORT_SYMBOL(add_keyboard_randomness);

/**
 * add_mouse_randomness - a pointer event's timing, for the pool
 * @mouse_data: the event
 */
void add_mouse_randomness(__u32 mouse_data)
{
	(void)mouse_data;
}
EXPORT_SYMBOL(add_mouse_randomness);

/**
 * add_interrupt_randomness - an interrupt's timing, for the pool
 * @irq: the interrupt
 */
void add_interrupt_randomness(int irq)
{
	(void)irq;
}
EXPORT_SYMBOL(add_interrupt_randomness);

/**
 * get_random_bytes - random bytes from the host's pool
 * @buf: where to put them
 * @nbytes: how many
 */
void get_random_bytes(void *buf, int nbytes)
{
	char *p = buf;
	ssize_t n;

	while (nbytes > 0) {
		n = getrandom(p, (size_t)nbytes, 0);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return;
		}
		p += n;
		nbytes -= (int)n;
	}
}
EXPORT_SYMBOL(get_random_bytes);
