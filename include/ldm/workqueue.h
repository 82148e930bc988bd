/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/workqueue.h> - work queues, as <linux/workqueue.h> of 2.6.9: a
 * function to run later in a thread that may sleep.
 */
#ifndef _LDM_WORKQUEUE_H
#define _LDM_WORKQUEUE_H

#include <ldm/compiler.h>
#include <ldm/list.h>
#include <ldm/timer.h>

/**
 * DOC: how <ldm/workqueue.h> works
 *
 * Each work queue is one thread that runs its work in the order queued.
 * schedule_work() uses the default queue, "events" (keventd), whose thread
 * ldm_init() starts and ldm_exit() drains and stops. create_workqueue() makes
 * one thread too (2.6.9 made one per CPU); like 2.6.9, it and the other calls
 * on a queue of one's own are EXPORT_SYMBOL_GPL.
 *
 * Both forms of a work item work, picked by the number of arguments:
 *  - 2.6.9: INIT_WORK(work, func, data) and DECLARE_WORK(name, func, data),
 *    with void func(void *data);
 *  - modern: INIT_WORK(work, func) and DECLARE_WORK(name, func), with
 *    void func(struct work_struct *work), which finds its object with
 *    container_of(). Modern delayed work (struct delayed_work,
 *    INIT_DELAYED_WORK, to_delayed_work) is accepted by the delayed-work
 *    calls beside the 2.6.9 work_struct.
 */

#pragma GCC visibility push(default)

struct workqueue_struct;
struct work_struct;

typedef void (*work_func_t)(struct work_struct *work);

/**
 * struct work_struct - a function to run in a work queue's thread
 * @pending: bit 0 set from queueing until the function starts; read it with
 *	work_pending()
 * @entry: its place in the queue
 * @func: the 2.6.9 function, called with @data
 * @data: its argument
 * @wq_data: the queue it was last queued on
 * @timer: what delays a delayed queueing
 * @work_func: the modern function, called with the work itself; set
 *	instead of @func by the two-argument INIT_WORK()
 */
struct work_struct {
	unsigned long pending;
	struct list_head entry;
	void (*func)(void *data);
	void *data;
	void *wq_data;
	struct timer_list timer;
	work_func_t work_func;
};

/**
 * struct delayed_work - modern Linux's work with a delay (the 2.6.9
 * work_struct already carries its timer)
 * @work: the work
 */
struct delayed_work {
	struct work_struct work;
};

#define __LDM_WORK_INITIALIZER(n, f, d, wf) \
	{ \
		.pending = 0, .entry = { &(n).entry, &(n).entry }, .func = (f), .data = (d), \
		.wq_data = NULL, .timer = TIMER_INITIALIZER(NULL, 0, 0), .work_func = (wf), \
	}

/* Pick a macro's 2.6.9 form for three arguments, the modern one for two. */
#define __LDM_WORK_PICK(_1, _2, _3, which, ...) which

#define __LDM_WORK_INITIALIZER_2_6_9(n, f, d) __LDM_WORK_INITIALIZER(n, f, d, NULL)
#define __LDM_WORK_INITIALIZER_MODERN(n, f)   __LDM_WORK_INITIALIZER(n, NULL, NULL, f)
#define __WORK_INITIALIZER(...) \
	__LDM_WORK_PICK(__VA_ARGS__, __LDM_WORK_INITIALIZER_2_6_9, \
			__LDM_WORK_INITIALIZER_MODERN, ) \
	(__VA_ARGS__)

#define __LDM_DECLARE_WORK_2_6_9(n, f, d) \
	struct work_struct n = __LDM_WORK_INITIALIZER_2_6_9(n, f, d)
#define __LDM_DECLARE_WORK_MODERN(n, f) struct work_struct n = __LDM_WORK_INITIALIZER_MODERN(n, f)
/** DECLARE_WORK - define a work item: (name, func, data) or (name, func) */
#define DECLARE_WORK(...) \
	__LDM_WORK_PICK(__VA_ARGS__, __LDM_DECLARE_WORK_2_6_9, __LDM_DECLARE_WORK_MODERN, ) \
	(__VA_ARGS__)

#define __LDM_PREPARE_WORK_2_6_9(_work, _func, _data) \
	do { \
		(_work)->func = (_func); \
		(_work)->data = (_data); \
		(_work)->work_func = NULL; \
	} while (0)
#define __LDM_PREPARE_WORK_MODERN(_work, _func) \
	do { \
		(_work)->func = NULL; \
		(_work)->data = NULL; \
		(_work)->work_func = (_func); \
	} while (0)
/** PREPARE_WORK - change a work item's function: (work, func, data) or (work, func) */
#define PREPARE_WORK(...) \
	__LDM_WORK_PICK(__VA_ARGS__, __LDM_PREPARE_WORK_2_6_9, __LDM_PREPARE_WORK_MODERN, ) \
	(__VA_ARGS__)

#define __LDM_INIT_WORK_COMMON(_work) \
	do { \
		INIT_LIST_HEAD(&(_work)->entry); \
		(_work)->pending = 0; \
		(_work)->wq_data = NULL; \
		init_timer(&(_work)->timer); \
	} while (0)
#define __LDM_INIT_WORK_2_6_9(_work, _func, _data) \
	do { \
		__LDM_INIT_WORK_COMMON(_work); \
		__LDM_PREPARE_WORK_2_6_9(_work, _func, _data); \
	} while (0)
#define __LDM_INIT_WORK_MODERN(_work, _func) \
	do { \
		__LDM_INIT_WORK_COMMON(_work); \
		__LDM_PREPARE_WORK_MODERN(_work, _func); \
	} while (0)
/**
 * INIT_WORK - initialize a work item: (work, func, data) as 2.6.9, with
 * void func(void *data); or (work, func) as modern Linux, with
 * void func(struct work_struct *work)
 */
#define INIT_WORK(...) \
	__LDM_WORK_PICK(__VA_ARGS__, __LDM_INIT_WORK_2_6_9, __LDM_INIT_WORK_MODERN, )(__VA_ARGS__)

/* Modern delayed work. */
#define INIT_DELAYED_WORK(_dwork, _func) INIT_WORK(&(_dwork)->work, _func)
#define DECLARE_DELAYED_WORK(n, f) \
	struct delayed_work n = { .work = __LDM_WORK_INITIALIZER_MODERN((n).work, f) }

/** to_delayed_work - the delayed work of the work a modern function gets */
static inline struct delayed_work *to_delayed_work(struct work_struct *work)
{
	return container_of(work, struct delayed_work, work);
}

/** work_pending - whether @work is queued, or delayed, and has not started */
#define work_pending(work)	    (__atomic_load_n(&(work)->pending, __ATOMIC_ACQUIRE) & 1)
#define delayed_work_pending(dwork) work_pending(&(dwork)->work)

struct workqueue_struct *__create_workqueue(const char *name, int singlethread);
#define create_workqueue(name)		    __create_workqueue((name), 0)
#define create_singlethread_workqueue(name) __create_workqueue((name), 1)
void destroy_workqueue(struct workqueue_struct *wq);

int queue_work(struct workqueue_struct *wq, struct work_struct *work);
int queue_delayed_work(struct workqueue_struct *wq, struct work_struct *work, unsigned long delay);
void flush_workqueue(struct workqueue_struct *wq);

int schedule_work(struct work_struct *work);
int schedule_delayed_work(struct work_struct *work, unsigned long delay);
void flush_scheduled_work(void);
int current_is_keventd(void);
int keventd_up(void);

int cancel_delayed_work(struct work_struct *work);
int cancel_delayed_work_sync(struct work_struct *work);
int cancel_work_sync(struct work_struct *work);

/*
 * The delayed-work calls take a 2.6.9 struct work_struct or a modern
 * struct delayed_work alike.
 */
#define __ldm_work_of(w) \
	_Generic((w), struct delayed_work * \
		 : &((struct delayed_work *)(void *)(w))->work, default \
		 : (w))

#define queue_delayed_work(wq, w, delay) (queue_delayed_work)(wq, __ldm_work_of(w), delay)
#define schedule_delayed_work(w, delay)	 (schedule_delayed_work)(__ldm_work_of(w), delay)
#define cancel_delayed_work(w)		 (cancel_delayed_work)(__ldm_work_of(w))
#define cancel_delayed_work_sync(w)	 (cancel_delayed_work_sync)(__ldm_work_of(w))

#pragma GCC visibility pop

#endif /* _LDM_WORKQUEUE_H */
