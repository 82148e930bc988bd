/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/scx200_gpio.h> - the SCx200's GPIO pins, as <linux/scx200_gpio.h>
 * of 2.6.9 gives them: 64 pins in two banks of 32, read from the GPIO
 * block's data-in register, driven through a shadow of the data-out
 * register, configured one pin at a time.
 *
 * scx200_gpio_base is 0 until the bridge is found on the "pci" bus (a
 * model adds it): scx200_gpio_present() says whether it was. The pins'
 * registers are reached with port I/O, never with the host's.
 */
#ifndef _LDM_SCX200_GPIO_H
#define _LDM_SCX200_GPIO_H

#include <ldm/bitops.h>
#include <ldm/io.h>
#include <ldm/spinlock.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

u32 scx200_gpio_configure(int index, u32 set, u32 clear);
void scx200_gpio_dump(unsigned index);

extern unsigned scx200_gpio_base;
extern spinlock_t scx200_gpio_lock;
extern long scx200_gpio_shadow[2];

#define scx200_gpio_present() (scx200_gpio_base != 0)

/* Bank @index >> 5: its data-out register at +0x00, data-in at +0x04. */
static inline unsigned short __scx200_gpio_ioaddr(int index)
{
	return (unsigned short)(scx200_gpio_base + 0x10 * (unsigned)(index >> 5));
}

/* Write the shadow of @index's bank to its data-out register. */
static inline void __scx200_gpio_out(int index)
{
	outl((u32)scx200_gpio_shadow[index >> 5], __scx200_gpio_ioaddr(index));
}

/* The level on the pin. */
static inline int scx200_gpio_get(int index)
{
	return (inl(__scx200_gpio_ioaddr(index) + 0x04) >> (index & 31)) & 1;
}

/* The level driven on the pin (when it is an output). */
static inline int scx200_gpio_current(int index)
{
	return (scx200_gpio_shadow[index >> 5] >> (index & 31)) & 1;
}

static inline void scx200_gpio_set_high(int index)
{
	set_bit(index & 31, (unsigned long *)&scx200_gpio_shadow[index >> 5]);
	__scx200_gpio_out(index);
}

static inline void scx200_gpio_set_low(int index)
{
	clear_bit(index & 31, (unsigned long *)&scx200_gpio_shadow[index >> 5]);
	__scx200_gpio_out(index);
}

static inline void scx200_gpio_set(int index, int state)
{
	if (state)
		scx200_gpio_set_high(index);
	else
		scx200_gpio_set_low(index);
}

static inline void scx200_gpio_change(int index)
{
	change_bit(index & 31, (unsigned long *)&scx200_gpio_shadow[index >> 5]);
	__scx200_gpio_out(index);
}

#pragma GCC visibility pop

#endif /* _LDM_SCX200_GPIO_H */
