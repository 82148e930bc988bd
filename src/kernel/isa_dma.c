// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * isa_dma.c - the ISA DMA channels' registry (kernel/dma.c of 2.6.9):
 * request_dma() gives a driver a channel of the two 8237 controllers, one
 * driver at a time; channel 4 cascades the first controller into the
 * second and is never free. The controllers' registers are ports
 * (<ldm/isa_dma.h>).
 */
#include <pthread.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/isa_dma.h>
#include <ldm/kernel.h>

DEFINE_SPINLOCK(dma_spin_lock);
EXPORT_SYMBOL(dma_spin_lock);

/*
 * Who holds each channel (the driver's string, as 2.6.9 keeps it), NULL
 * when free; under chan_lock. A channel a module never frees stays taken,
 * as in 2.6.9.
 */
static const char *chan_owner[MAX_DMA_CHANNELS] = { [4] = "cascade" };
static pthread_mutex_t chan_lock = PTHREAD_MUTEX_INITIALIZER;

/**
 * request_dma - claim an ISA DMA channel
 * @dmanr: the channel, 0 to 7
 * @device_id: who claims it
 *
 * Return: 0; -EINVAL for no such channel; -EBUSY if another driver holds
 * it (channel 4, the cascade, always).
 */
int request_dma(unsigned int dmanr, const char *device_id)
{
	int err = 0;

	if (dmanr >= MAX_DMA_CHANNELS)
		return -EINVAL;
	pthread_mutex_lock(&chan_lock);
	if (chan_owner[dmanr])
		err = -EBUSY;
	else
		chan_owner[dmanr] = device_id ? device_id : "";
	pthread_mutex_unlock(&chan_lock);
	return err;
}
EXPORT_SYMBOL(request_dma);

/**
 * free_dma - give back a channel request_dma() gave
 * @dmanr: the channel
 *
 * A channel out of range, free, or the cascade is left as it is, with a
 * warning, as 2.6.9 warns.
 */
void free_dma(unsigned int dmanr)
{
	const char *name = NULL;

	if (dmanr >= MAX_DMA_CHANNELS || dmanr == 4) {
		printk(KERN_WARNING "Trying to free DMA%u\n", dmanr);
		return;
	}
	pthread_mutex_lock(&chan_lock);
	name = chan_owner[dmanr];
	chan_owner[dmanr] = NULL;
	pthread_mutex_unlock(&chan_lock);
	if (!name)
		printk(KERN_WARNING "Trying to free free DMA%u\n", dmanr);
}
EXPORT_SYMBOL(free_dma);
