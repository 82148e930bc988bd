// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-irq-delivery.c - when a raised line's handler runs: held off while
 * the raising thread has interrupts disabled (local_irq_save(),
 * spin_lock_irqsave(), spin_lock_irq()) or runs a handler, delivered when
 * it enables them; and might_sleep() warning in a handler.
 *
 * Every line here is raised by the test's own thread: nothing waits on
 * another thread, and no assertion depends on time.
 */
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

static DEFINE_SPINLOCK(dev_lock);
static int handled;
static bool handler_saw_lock_free;

static irqreturn_t locking_handler(int irq, void *dev_id, struct pt_regs *regs)
{
	(void)irq;
	(void)dev_id;
	(void)regs;
	/* Run inside the lock's holder, this would deadlock on the lock. */
	handler_saw_lock_free = !spin_is_locked(&dev_lock);
	spin_lock(&dev_lock);
	handled++;
	spin_unlock(&dev_lock);
	return IRQ_HANDLED;
}

/* A device whose write to its port raises line 7, as a model's does. */
static void raise_write(unsigned long addr, unsigned int width, uint32_t value, void *data)
{
	(void)data;
	(void)addr;
	(void)width;
	(void)value;
	ldm_hw_irq_raise(7);
}

static const struct ldm_hw_ops raising_ops = { .write = raise_write };

DEFINE_TEST(test_irq_held_off_under_spin_lock_irqsave,
	    .description = "a driver writing its device under spin_lock_irqsave, where the "
			   "device raises its line, gets its handler run after "
			   "spin_unlock_irqrestore, not inside the lock (where it would "
			   "deadlock on it); the raise is counted at once")
{
	unsigned long flags;

	ASSERT_OK(ldm_hw_claim(LDM_HW_PORT, 0x2e0, 1, "raiser", &raising_ops, NULL));
	ASSERT_OK(request_irq(7, locking_handler, 0, "lockdev", &handled));
	spin_lock_irqsave(&dev_lock, flags);
	outb(1, 0x2e0);
	ASSERT_EQ(handled, 0);
	ASSERT(ldm_hw_irq_held());
	ASSERT_EQ(ldm_hw_irq_count(7), 1);
	spin_unlock_irqrestore(&dev_lock, flags);
	ASSERT_EQ(handled, 1);
	ASSERT(handler_saw_lock_free);
	ASSERT(!ldm_hw_irq_held());

	spin_lock_irq(&dev_lock);
	outb(1, 0x2e0);
	ASSERT_EQ(handled, 1);
	spin_unlock_irq(&dev_lock);
	ASSERT_EQ(handled, 2);

	/* Without the lock the handler runs inside the write. */
	outb(1, 0x2e0);
	ASSERT_EQ(handled, 3);
	free_irq(7, &handled);
	ASSERT_OK(ldm_hw_unclaim(LDM_HW_PORT, 0x2e0));
}

DEFINE_TEST(test_irq_held_until_the_outermost_restore,
	    .description = "lines raised under nested local_irq_save() run at the outermost "
			   "local_irq_restore(), once each however often raised, lowest line "
			   "first; an inner restore that leaves them disabled delivers nothing")
{
	unsigned long outer, inner;

	ASSERT_OK(request_irq(7, locking_handler, 0, "lockdev", &handled));
	local_irq_save(outer);
	local_irq_save(inner);
	ldm_hw_irq_raise(7);
	ldm_hw_irq_raise(7);
	local_irq_restore(inner);
	ASSERT_EQ(handled, 0);
	local_irq_restore(outer);
	ASSERT_EQ(handled, 1);
	ASSERT_EQ(ldm_hw_irq_count(7), 2);
	cli();
	ldm_hw_irq_raise(7);
	ASSERT_EQ(handled, 1);
	sti();
	ASSERT_EQ(handled, 2);
	free_irq(7, &handled);
}

static int depth, max_depth, nested_runs;

static irqreturn_t nesting_handler(int irq, void *dev_id, struct pt_regs *regs)
{
	(void)dev_id;
	(void)regs;
	depth++;
	if (depth > max_depth)
		max_depth = depth;
	nested_runs++;
	if (irq == 9)
		ldm_hw_irq_raise(10); /* a device answering the handler */
	depth--;
	return IRQ_HANDLED;
}

DEFINE_TEST(test_irq_raised_in_a_handler_runs_after_it,
	    .description = "a line raised while a handler runs (its device answering it) is "
			   "delivered when that handler returns, not nested inside it")
{
	ASSERT_OK(request_irq(9, nesting_handler, 0, "first", &depth));
	ASSERT_OK(request_irq(10, nesting_handler, 0, "second", &max_depth));
	ASSERT_EQ(ldm_hw_irq_raise(9), 1);
	ASSERT_EQ(nested_runs, 2);
	ASSERT_EQ(max_depth, 1);
	free_irq(9, &depth);
	free_irq(10, &max_depth);
}

static struct semaphore free_sem;

static irqreturn_t sleeping_handler(int irq, void *dev_id, struct pt_regs *regs)
{
	(void)irq;
	(void)dev_id;
	(void)regs;
	down(&free_sem); /* free: it does not sleep, but it may */
	up(&free_sem);
	return IRQ_HANDLED;
}

DEFINE_TEST(test_might_sleep_warns_in_a_handler,
	    .description = "a handler calling down() is warned about as 2.6.9's might_sleep "
			   "warns, with in_atomic() 1; the same call outside a handler is not")
{
	sema_init(&free_sem, 1);
	down(&free_sem);
	up(&free_sem);
	ASSERT(!ldm_test_log_has("sleeping function called from invalid context"));
	ASSERT_OK(request_irq(11, sleeping_handler, 0, "sleepy", &free_sem));
	ASSERT_EQ(ldm_hw_irq_raise(11), 1);
	ASSERT(ldm_test_log_has("Debug: sleeping function called from invalid context at"));
	ASSERT(ldm_test_log_has("in_atomic():1, irqs_disabled():0"));
	free_irq(11, &free_sem);
}
