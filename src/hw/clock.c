// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * clock.c - the models' clock and their timers. The clock is the
 * monotonic clock, and a thread runs the timers when they are due; or, for
 * tests, a manual clock that stands still until ldm_hw_clock_advance()
 * moves it, running the timers due on the way in the caller's thread, in
 * order: what a model does in time then depends on no scheduler.
 */
#include <pthread.h>
#include <stdbool.h>
#include <time.h>
#include <ldm/kernel.h>
#include <libldm/model.h>

#include "model.h"

#define MAX_TIMERS 64

static pthread_mutex_t clock_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t clock_changed = PTHREAD_COND_INITIALIZER; /* to the thread */
static pthread_cond_t timer_done = PTHREAD_COND_INITIALIZER;	/* a model's in_timer went false */
static bool manual;
static uint64_t manual_ns;
static struct ldm_model *armed[MAX_TIMERS]; /* the models with a timer set */
static pthread_t timer_thread;
static bool thread_running, thread_stop;

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* The clock; under clock_lock. */
static uint64_t now_locked(void)
{
	return manual ? manual_ns : mono_ns();
}

/**
 * ldm_model_now - the models' clock, in nanoseconds
 *
 * Return: the monotonic clock, or the manual clock's time.
 */
uint64_t ldm_model_now(void)
{
	uint64_t ns;

	pthread_mutex_lock(&clock_lock);
	ns = now_locked();
	pthread_mutex_unlock(&clock_lock);
	return ns;
}

/* The armed model due first, or NULL; under clock_lock. */
static struct ldm_model *first_due(void)
{
	struct ldm_model *m = NULL;
	int i;

	for (i = 0; i < MAX_TIMERS; i++)
		if (armed[i] && !armed[i]->in_timer && (!m || armed[i]->due < m->due))
			m = armed[i];
	return m;
}

static void disarm(struct ldm_model *m)
{
	int i;

	for (i = 0; i < MAX_TIMERS; i++)
		if (armed[i] == m)
			armed[i] = NULL;
	m->due = 0;
}

/* Run @m's timer callback; called and returns with clock_lock held. */
static void run_timer(struct ldm_model *m)
{
	disarm(m);
	m->in_timer = true;
	pthread_mutex_unlock(&clock_lock);
	model_lock(m);
	m->type->timer(m);
	model_unlock(m);
	pthread_mutex_lock(&clock_lock);
	m->in_timer = false;
	pthread_cond_broadcast(&timer_done);
}

static void *timer_main(void *arg)
{
	struct ldm_model *m;
	struct timespec ts;
	uint64_t due;

	(void)arg;
	pthread_mutex_lock(&clock_lock);
	while (!thread_stop) {
		m = first_due();
		if (!m || manual) {
			pthread_cond_wait(&clock_changed, &clock_lock);
			continue;
		}
		if (m->due > now_locked()) {
			due = m->due;
			ts.tv_sec = (time_t)(due / 1000000000ULL);
			ts.tv_nsec = (long)(due % 1000000000ULL);
			pthread_cond_timedwait(&clock_changed, &clock_lock, &ts);
			continue;
		}
		run_timer(m);
	}
	pthread_mutex_unlock(&clock_lock);
	return NULL;
}

/* Start the timer thread if it is not running; under clock_lock. */
static void start_thread(void)
{
	pthread_condattr_t attr;

	if (thread_running)
		return;
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_destroy(&clock_changed);
	pthread_cond_init(&clock_changed, &attr);
	pthread_condattr_destroy(&attr);
	thread_stop = false;
	if (pthread_create(&timer_thread, NULL, timer_main, NULL) == 0)
		thread_running = true;
	else
		pr_err("ldm: models: cannot start the timer thread\n");
}

/**
 * ldm_model_timer_set - call a model's @timer when the clock reaches a time
 * @m: the model, whose type has @timer
 * @due_ns: the time, on ldm_model_now()'s clock (a time past runs it soon)
 *
 * One timer a model: setting it again moves it.
 */
void ldm_model_timer_set(struct ldm_model *m, uint64_t due_ns)
{
	int i, slot = -1;

	if (!m->type->timer)
		return;
	pthread_mutex_lock(&clock_lock);
	for (i = 0; i < MAX_TIMERS; i++) {
		if (armed[i] == m || (!armed[i] && slot < 0))
			slot = i;
		if (armed[i] == m)
			break;
	}
	if (slot < 0) {
		pr_err("ldm: models: more than %d timers set: %s's is dropped\n", MAX_TIMERS,
		       m->name);
	} else {
		armed[slot] = m;
		m->due = due_ns ? due_ns : 1;
		start_thread();
		pthread_cond_broadcast(&clock_changed);
	}
	pthread_mutex_unlock(&clock_lock);
}

/**
 * ldm_model_timer_cancel - take a model's timer back
 * @m: the model
 */
void ldm_model_timer_cancel(struct ldm_model *m)
{
	pthread_mutex_lock(&clock_lock);
	disarm(m);
	pthread_mutex_unlock(&clock_lock);
}

/* @m goes: no timer of it runs after this. */
void model_clock_forget(struct ldm_model *m)
{
	pthread_mutex_lock(&clock_lock);
	disarm(m);
	while (m->in_timer)
		pthread_cond_wait(&timer_done, &clock_lock);
	pthread_mutex_unlock(&clock_lock);
}

/**
 * ldm_hw_clock_manual - make the models' clock stand still, or run again
 * @on: true for the manual clock, which starts at the monotonic clock's
 *	time and moves only by ldm_hw_clock_advance(); false for the
 *	monotonic clock
 */
void ldm_hw_clock_manual(bool on)
{
	pthread_mutex_lock(&clock_lock);
	if (on && !manual)
		manual_ns = mono_ns();
	manual = on;
	pthread_cond_broadcast(&clock_changed);
	pthread_mutex_unlock(&clock_lock);
}

/**
 * ldm_hw_clock_advance - move the manual clock forward
 * @ns: by how much
 *
 * The timers due on the way run in the calling thread, each at its time,
 * in order; a timer set again for a time within the step runs again.
 * Nothing happens on the monotonic clock.
 */
void ldm_hw_clock_advance(uint64_t ns)
{
	struct ldm_model *m;
	uint64_t target;

	pthread_mutex_lock(&clock_lock);
	if (!manual) {
		pthread_mutex_unlock(&clock_lock);
		return;
	}
	target = manual_ns + ns;
	while ((m = first_due()) && m->due <= target) {
		if (m->due > manual_ns)
			manual_ns = m->due;
		run_timer(m);
	}
	manual_ns = target;
	pthread_mutex_unlock(&clock_lock);
}

/* ldm_exit(): stop the thread, back to the monotonic clock. */
void model_clock_exit(void)
{
	pthread_mutex_lock(&clock_lock);
	thread_stop = true;
	pthread_cond_broadcast(&clock_changed);
	pthread_mutex_unlock(&clock_lock);
	if (thread_running)
		pthread_join(timer_thread, NULL);
	pthread_mutex_lock(&clock_lock);
	thread_running = false;
	manual = false;
	manual_ns = 0;
	pthread_mutex_unlock(&clock_lock);
}
