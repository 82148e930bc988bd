/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/completion.h> - completions, as <linux/completion.h>: one thread
 * waits until another says that something is done. 2.6.9 had complete(),
 * complete_all() and wait_for_completion(); the timeout and interruptible
 * waits, try_wait_for_completion(), completion_done() and
 * reinit_completion() are modern Linux's, here beside them.
 *
 * A completion counts: each complete() lets one wait through, before or
 * after the wait began; complete_all() lets every wait through until the
 * completion is initialized again.
 */
#ifndef _LDM_COMPLETION_H
#define _LDM_COMPLETION_H

#include <ldm/wait.h>

#pragma GCC visibility push(default)

/**
 * struct completion - something one thread waits for and another completes
 * @done: complete() calls not yet consumed by a wait
 * @wait: the waiting threads
 */
struct completion {
	unsigned int done;
	wait_queue_head_t wait;
};

#define COMPLETION_INITIALIZER(work) \
	{ \
		.done = 0, .wait = __WAIT_QUEUE_HEAD_INITIALIZER((work).wait) \
	}

#define DECLARE_COMPLETION(work) struct completion work = COMPLETION_INITIALIZER(work)

/* Modern: the same, for a completion on the stack. */
#define DECLARE_COMPLETION_ONSTACK(work) DECLARE_COMPLETION(work)

/** init_completion - make @x not done, with nobody waiting */
static inline void init_completion(struct completion *x)
{
	x->done = 0;
	init_waitqueue_head(&x->wait);
}

/* 2.6.9: make a completion not done again; no thread may be waiting on it. */
#define INIT_COMPLETION(x) ((x).done = 0)

void complete(struct completion *x);
void complete_all(struct completion *x);
void wait_for_completion(struct completion *x);
unsigned long wait_for_completion_timeout(struct completion *x, unsigned long timeout);
int wait_for_completion_interruptible(struct completion *x);
long wait_for_completion_interruptible_timeout(struct completion *x, unsigned long timeout);
bool try_wait_for_completion(struct completion *x);
bool completion_done(struct completion *x);
void reinit_completion(struct completion *x);

#pragma GCC visibility pop

#endif /* _LDM_COMPLETION_H */
