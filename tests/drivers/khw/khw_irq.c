// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * khw_irq.c - two devices of one driver sharing an interrupt line
 * (SA_SHIRQ), each handler claiming only its own interrupts, and a tasklet
 * that the handler schedules for the slow part, as 2.6.9 drivers split
 * their work. What ran is counted in read-only parameters.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/errno.h>

static int irq = 5;
module_param(irq, int, 0444);
/* Which of the two devices says the interrupt is its own: 0 or 1. */
static int owner;
module_param(owner, int, 0644);
/* 1: forget free_irq() at rmmod, as a buggy driver does. */
static int leak;
module_param(leak, int, 0444);
static int hits0, hits1, in_irq_seen, bottom_halves, in_softirq_seen;
module_param(hits0, int, 0444);
module_param(hits1, int, 0444);
module_param(in_irq_seen, int, 0444);
module_param(bottom_halves, int, 0444);
module_param(in_softirq_seen, int, 0444);

struct khw_dev {
	int index;
	int *hits;
};

static struct khw_dev devs[2] = { { 0, &hits0 }, { 1, &hits1 } };

static void khw_bottom(unsigned long data)
{
	(void)data;
	bottom_halves++;
	if (in_softirq() && in_interrupt())
		in_softirq_seen++;
}

static DECLARE_TASKLET(khw_tasklet, khw_bottom, 0);

static irqreturn_t khw_interrupt(int line, void *dev_id, struct pt_regs *regs)
{
	struct khw_dev *dev = dev_id;

	if (line != irq || dev->index != owner)
		return IRQ_NONE;
	(*dev->hits)++;
	if (in_irq() && in_interrupt())
		in_irq_seen++;
	tasklet_schedule(&khw_tasklet);
	return IRQ_HANDLED;
}

static int __init khw_irq_init(void)
{
	int err = request_irq(irq, khw_interrupt, SA_SHIRQ, "khw0", &devs[0]);

	if (err)
		return err;
	err = request_irq(irq, khw_interrupt, SA_SHIRQ | SA_INTERRUPT, "khw1", &devs[1]);
	if (err)
		free_irq(irq, &devs[0]);
	return err;
}

static void __exit khw_irq_exit(void)
{
	if (leak) {
		tasklet_disable_nosync(&khw_tasklet);
		tasklet_schedule(&khw_tasklet);
		return;
	}
	free_irq(irq, &devs[1]);
	free_irq(irq, &devs[0]);
	tasklet_kill(&khw_tasklet);
}

module_init(khw_irq_init);
module_exit(khw_irq_exit);
MODULE_LICENSE("GPL");
