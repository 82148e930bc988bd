// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-services.c - the kernel services a module sleeps and locks with:
 * spinlocks, reader/writer locks, mutexes, wait queues, completions, and
 * the interruption of a sleeping thread (ldm_thread_interrupt()).
 *
 * Every wait is bounded: a lost wake-up shows as a test that outlives its
 * timeout, never as a hang of the suite. No test asserts how long something
 * took, only that it did not happen before something else did.
 */
#include <pthread.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

#define NTHREADS 8
#define NLOOPS	 20000

/* Wait, for at most 20 s, until *flag is set; fail if it never is. */
/* Polls without a count of its own: the harness's alarm bounds the test. */
static void await_flag(int *flag)
{
	while (!__atomic_load_n(flag, __ATOMIC_ACQUIRE))
		usleep(1000);
}

static void set_flag(int *flag)
{
	__atomic_store_n(flag, 1, __ATOMIC_RELEASE);
}

static int get_flag(int *flag)
{
	return __atomic_load_n(flag, __ATOMIC_ACQUIRE);
}

static void run_threads(void *(*fn)(void *), void *arg, int n)
{
	pthread_t threads[NTHREADS];
	int i;

	for (i = 0; i < n; i++)
		ASSERT_OK(pthread_create(&threads[i], NULL, fn, arg));
	for (i = 0; i < n; i++)
		ASSERT_OK(pthread_join(threads[i], NULL));
}

/* ---- spinlocks and reader/writer locks ---- */

static DEFINE_SPINLOCK(counter_lock);
static spinlock_t old_style_lock = SPIN_LOCK_UNLOCKED;
static unsigned long counter;

static void *spin_incrementer(void *arg)
{
	unsigned long flags;
	int i;

	(void)arg;
	for (i = 0; i < NLOOPS; i++) {
		switch (i % 4) {
		case 0:
			spin_lock(&counter_lock);
			counter++;
			spin_unlock(&counter_lock);
			break;
		case 1:
			spin_lock_irqsave(&counter_lock, flags);
			counter++;
			spin_unlock_irqrestore(&counter_lock, flags);
			break;
		case 2:
			spin_lock_irq(&counter_lock);
			counter++;
			spin_unlock_irq(&counter_lock);
			break;
		default:
			spin_lock_bh(&counter_lock);
			counter++;
			spin_unlock_bh(&counter_lock);
		}
	}
	return NULL;
}

DEFINE_TEST(
	test_spinlock_excludes_under_contention,
	.description =
		"threads adding to a counter under spin_lock and its irq/irqsave/bh forms lose no update",
	.concurrency = true, .timeout = 60)
{
	counter = 0;
	run_threads(spin_incrementer, NULL, NTHREADS);
	ASSERT_EQ(counter, (unsigned long)NTHREADS * NLOOPS);
}

static void *try_other_thread(void *arg)
{
	long taken = spin_trylock((spinlock_t *)arg);

	if (taken)
		spin_unlock((spinlock_t *)arg);
	return (void *)taken;
}

DEFINE_TEST(
	test_spin_trylock_and_irqsave_flags,
	.description =
		"spin_trylock fails while another thread holds the lock; spin_lock_irqsave saves the "
		"thread's interrupt flag in flags and disables, spin_unlock_irqrestore restores it")
{
	unsigned long flags = 12345;
	pthread_t t;
	void *got;

	spin_lock_irqsave(&old_style_lock, flags);
	ASSERT_EQ(flags, 0x200);
	ASSERT(irqs_disabled());
	ASSERT_EQ(spin_is_locked(&old_style_lock), 1);
	ASSERT_OK(pthread_create(&t, NULL, try_other_thread, &old_style_lock));
	ASSERT_OK(pthread_join(t, &got));
	ASSERT_EQ((long)got, 0);
	spin_unlock_irqrestore(&old_style_lock, flags);
	ASSERT_EQ(spin_is_locked(&old_style_lock), 0);
	ASSERT(!irqs_disabled());

	ASSERT_OK(pthread_create(&t, NULL, try_other_thread, &old_style_lock));
	ASSERT_OK(pthread_join(t, &got));
	ASSERT_EQ((long)got, 1);
	spin_lock_init(&old_style_lock);
	ASSERT_EQ(spin_trylock(&old_style_lock), 1);
	spin_unlock(&old_style_lock);
}

static DEFINE_RWLOCK(pair_lock);
static rwlock_t pair_lock_2_6_9 = RW_LOCK_UNLOCKED;
static unsigned long pair_a, pair_b;
static int torn_reads;

static void *pair_worker(int writer)
{
	unsigned long flags;
	int i;

	for (i = 0; i < NLOOPS; i++) {
		if (writer && i % 2) {
			write_lock(&pair_lock);
			pair_a++;
			pair_b++;
			write_unlock(&pair_lock);
		} else if (writer) {
			write_lock_irqsave(&pair_lock, flags);
			pair_a++;
			pair_b++;
			write_unlock_irqrestore(&pair_lock, flags);
		} else {
			read_lock(&pair_lock);
			/* Readers nest, as kernel code relies on. */
			read_lock_bh(&pair_lock);
			if (pair_a != pair_b)
				__atomic_add_fetch(&torn_reads, 1, __ATOMIC_RELAXED);
			read_unlock_bh(&pair_lock);
			read_unlock(&pair_lock);
		}
	}
	return NULL;
}

static void *pair_reader(void *arg)
{
	(void)arg;
	return pair_worker(0);
}

static void *pair_writer(void *arg)
{
	(void)arg;
	return pair_worker(1);
}

DEFINE_TEST(
	test_rwlock_readers_never_see_a_half_write,
	.description =
		"readers under read_lock see both halves of every write_lock update; writers lose none",
	.concurrency = true, .timeout = 60)
{
	pthread_t r[3], w[3];
	int i;

	for (i = 0; i < 3; i++) {
		ASSERT_OK(pthread_create(&r[i], NULL, pair_reader, NULL));
		ASSERT_OK(pthread_create(&w[i], NULL, pair_writer, NULL));
	}
	for (i = 0; i < 3; i++) {
		ASSERT_OK(pthread_join(r[i], NULL));
		ASSERT_OK(pthread_join(w[i], NULL));
	}
	ASSERT_EQ(torn_reads, 0);
	ASSERT_EQ(pair_a, 3UL * NLOOPS);
	ASSERT_EQ(pair_b, 3UL * NLOOPS);
	ASSERT_EQ(read_trylock(&pair_lock_2_6_9), 1);
	ASSERT_EQ(write_trylock(&pair_lock_2_6_9), 0);
	read_unlock(&pair_lock_2_6_9);
	ASSERT_EQ(write_trylock(&pair_lock_2_6_9), 1);
	write_unlock(&pair_lock_2_6_9);
}

/* ---- mutexes ---- */

static DEFINE_MUTEX(counter_mutex);

static void *mutex_incrementer(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < NLOOPS / 4; i++) {
		if (i % 2) {
			mutex_lock(&counter_mutex);
		} else if (mutex_lock_interruptible(&counter_mutex)) {
			__atomic_add_fetch(&torn_reads, 1, __ATOMIC_RELAXED);
			continue;
		}
		ASSERT(mutex_is_locked(&counter_mutex));
		counter++;
		mutex_unlock(&counter_mutex);
	}
	return NULL;
}

DEFINE_TEST(
	test_mutex_excludes_under_contention,
	.description =
		"threads adding to a counter under mutex_lock and mutex_lock_interruptible lose no update",
	.concurrency = true, .timeout = 60)
{
	counter = 0;
	torn_reads = 0;
	ASSERT_EQ(mutex_is_locked(&counter_mutex), 0);
	run_threads(mutex_incrementer, NULL, NTHREADS);
	ASSERT_EQ(torn_reads, 0);
	ASSERT_EQ(counter, (unsigned long)NTHREADS * (NLOOPS / 4));
	ASSERT_EQ(mutex_is_locked(&counter_mutex), 0);
}

static void *mutex_try(void *arg)
{
	struct mutex *m = arg;
	long taken = mutex_trylock(m);

	if (taken)
		mutex_unlock(m);
	return (void *)taken;
}

DEFINE_TEST(
	test_mutex_trylock,
	.description = "mutex_trylock returns 1 on a free mutex and 0 on one another thread holds",
	.concurrency = true)
{
	struct mutex m;
	pthread_t t;
	void *got;

	mutex_init(&m);
	ASSERT_EQ(mutex_trylock(&m), 1);
	ASSERT_EQ(mutex_is_locked(&m), 1);
	ASSERT_OK(pthread_create(&t, NULL, mutex_try, &m));
	ASSERT_OK(pthread_join(t, &got));
	ASSERT_EQ((long)got, 0);
	mutex_unlock(&m);
	ASSERT_OK(pthread_create(&t, NULL, mutex_try, &m));
	ASSERT_OK(pthread_join(t, &got));
	ASSERT_EQ((long)got, 1);
	mutex_destroy(&m);
}

struct lock_waiter {
	struct mutex *m;
	int started;
	int ret;
};

static void *mutex_waiter(void *arg)
{
	struct lock_waiter *w = arg;

	set_flag(&w->started);
	w->ret = mutex_lock_interruptible(w->m);
	if (!w->ret)
		mutex_unlock(w->m);
	return NULL;
}

DEFINE_TEST(
	test_mutex_lock_interruptible_gives_up_when_interrupted,
	.description =
		"a thread waiting in mutex_lock_interruptible gets -EINTR from ldm_thread_interrupt, without the mutex",
	.concurrency = true)
{
	struct mutex m;
	struct lock_waiter w = { .m = &m };
	pthread_t t;

	mutex_init(&m);
	mutex_lock(&m);
	ASSERT_OK(pthread_create(&t, NULL, mutex_waiter, &w));
	await_flag(&w.started);
	msleep(20);
	ldm_thread_interrupt(t);
	ASSERT_OK(pthread_join(t, NULL));
	ASSERT_EQ(w.ret, -EINTR);
	/* Still ours: the waiter did not take it. */
	ASSERT_EQ(mutex_is_locked(&m), 1);
	mutex_unlock(&m);
}

/* ---- semaphores ---- */

struct sem_waiter {
	struct semaphore *sem;
	int started;
	int ret;
};

static void *sem_waiter_fn(void *arg)
{
	struct sem_waiter *w = arg;

	set_flag(&w->started);
	w->ret = down_interruptible(w->sem);
	if (!w->ret)
		up(w->sem);
	return NULL;
}

DEFINE_TEST(
	test_down_interruptible_gives_up_when_interrupted,
	.description =
		"a thread waiting in down_interruptible gets -EINTR from ldm_thread_interrupt and leaves the count alone; an up() then lets a down() through",
	.concurrency = true)
{
	static DECLARE_MUTEX_LOCKED(sem);
	struct sem_waiter w = { .sem = &sem };
	pthread_t t;

	ASSERT_OK(pthread_create(&t, NULL, sem_waiter_fn, &w));
	await_flag(&w.started);
	msleep(20);
	ldm_thread_interrupt(t);
	ASSERT_OK(pthread_join(t, NULL));
	ASSERT_EQ(w.ret, -EINTR);
	ASSERT_EQ(down_trylock(&sem), 1); /* still taken */
	up(&sem);
	ASSERT_EQ(down_trylock(&sem), 0);
	up(&sem);
	down(&sem);
	up(&sem);
}

#define SEM_THREADS 4
#define SEM_ROUNDS  2000

static struct semaphore counted;
static int inside, most_inside;

static void *sem_user(void *arg)
{
	int i, now;

	(void)arg;
	for (i = 0; i < SEM_ROUNDS; i++) {
		if (i % 2)
			down(&counted);
		else
			ASSERT_OK(down_interruptible(&counted));
		now = __atomic_add_fetch(&inside, 1, __ATOMIC_ACQ_REL);
		if (now > __atomic_load_n(&most_inside, __ATOMIC_ACQUIRE))
			__atomic_store_n(&most_inside, now, __ATOMIC_RELEASE);
		__atomic_sub_fetch(&inside, 1, __ATOMIC_ACQ_REL);
		up(&counted);
	}
	return NULL;
}

DEFINE_TEST(
	test_semaphore_counts_under_contention,
	.description =
		"a semaphore of count 2 never lets three threads in at once, and every down() is matched by an up()",
	.concurrency = true)
{
	pthread_t t[SEM_THREADS];
	int i;

	sema_init(&counted, 2);
	for (i = 0; i < SEM_THREADS; i++)
		ASSERT_OK(pthread_create(&t[i], NULL, sem_user, NULL));
	for (i = 0; i < SEM_THREADS; i++)
		ASSERT_OK(pthread_join(t[i], NULL));
	ASSERT(most_inside >= 1 && most_inside <= 2);
	ASSERT_EQ(down_trylock(&counted), 0);
	ASSERT_EQ(down_trylock(&counted), 0);
	ASSERT_EQ(down_trylock(&counted), 1);
}

/* ---- wait queues ---- */

static DECLARE_WAIT_QUEUE_HEAD(ping_wq);
static DECLARE_WAIT_QUEUE_HEAD(pong_wq);
static int ping, pong;

#define ROUNDS 5000

static void *ponger(void *arg)
{
	int i;

	(void)arg;
	for (i = 1; i <= ROUNDS; i++) {
		if (i % 2)
			wait_event(ping_wq, get_flag(&ping) >= i);
		else
			ASSERT_OK(wait_event_interruptible(ping_wq, get_flag(&ping) >= i));
		__atomic_store_n(&pong, i, __ATOMIC_RELEASE);
		wake_up(&pong_wq);
	}
	return NULL;
}

DEFINE_TEST(
	test_wait_event_loses_no_wakeup,
	.description =
		"two threads hand a counter back and forth 5000 times with wait_event/wake_up: no wake-up is lost",
	.concurrency = true, .timeout = 120)
{
	pthread_t t;
	int i;

	ASSERT_OK(pthread_create(&t, NULL, ponger, NULL));
	for (i = 1; i <= ROUNDS; i++) {
		__atomic_store_n(&ping, i, __ATOMIC_RELEASE);
		/* Round i's sleeper is interruptible when i is even. */
		if (i % 2 == 0)
			wake_up_interruptible(&ping_wq);
		else if (i % 3 == 0)
			wake_up_all(&ping_wq);
		else
			wake_up(&ping_wq);
		wait_event(pong_wq, get_flag(&pong) >= i);
	}
	ASSERT_OK(pthread_join(t, NULL));
	ASSERT_EQ(pong, ROUNDS);
	ASSERT_EQ(waitqueue_active(&ping_wq), 0);
}

struct sleeper {
	wait_queue_head_t wq;
	int cond;
	int started;
	int done;
	long ret;
	long ret2;
	int pending;
};

static void *interruptible_sleeper(void *arg)
{
	struct sleeper *s = arg;

	set_flag(&s->started);
	s->ret = wait_event_interruptible(s->wq, get_flag(&s->cond));
	s->pending = signal_pending(current);
	/* The interrupt stays until cleared: the next wait returns at once too. */
	s->ret2 = wait_event_interruptible_timeout(s->wq, get_flag(&s->cond), 100 * HZ);
	ldm_thread_clear_interrupt();
	ASSERT_EQ(signal_pending(current), 0);
	/* Cleared: this one sleeps its tick out. */
	ASSERT_EQ(wait_event_interruptible_timeout(s->wq, get_flag(&s->cond), 1), 0);
	set_flag(&s->done);
	return NULL;
}

DEFINE_TEST(
	test_wait_event_interruptible_restartsys_after_interrupt,
	.description =
		"wait_event_interruptible returns -ERESTARTSYS after ldm_thread_interrupt, and so does every wait until ldm_thread_clear_interrupt",
	.concurrency = true)
{
	struct sleeper s = { .cond = 0 };
	pthread_t t;

	init_waitqueue_head(&s.wq);
	ASSERT_OK(pthread_create(&t, NULL, interruptible_sleeper, &s));
	await_flag(&s.started);
	msleep(20);
	ldm_thread_interrupt(t);
	ASSERT_OK(pthread_join(t, NULL));
	ASSERT_EQ(s.ret, -ERESTARTSYS);
	ASSERT_EQ(s.pending, 1);
	ASSERT_EQ(s.ret2, -ERESTARTSYS);
	ASSERT_EQ(s.done, 1);
}

struct gate {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int open;
};

static void gate_wait(struct gate *g)
{
	pthread_mutex_lock(&g->lock);
	while (!g->open)
		pthread_cond_wait(&g->cond, &g->lock);
	pthread_mutex_unlock(&g->lock);
}

static void gate_open(struct gate *g)
{
	pthread_mutex_lock(&g->lock);
	g->open = 1;
	pthread_cond_broadcast(&g->cond);
	pthread_mutex_unlock(&g->lock);
}

struct early {
	struct gate gate;
	wait_queue_head_t wq;
	int ret;
};

static void *late_sleeper(void *arg)
{
	struct early *e = arg;
	int never = 0;

	gate_wait(&e->gate);
	e->ret = wait_event_interruptible(e->wq, get_flag(&never));
	ldm_thread_clear_interrupt();
	return NULL;
}

DEFINE_TEST(
	test_interrupt_before_the_first_wait_is_kept,
	.description =
		"a thread interrupted before it ever slept in the runtime finds the interrupt at its first interruptible wait",
	.concurrency = true)
{
	struct early e = {
		.gate = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0 },
	};
	pthread_t t;

	init_waitqueue_head(&e.wq);
	ASSERT_OK(pthread_create(&t, NULL, late_sleeper, &e));
	ldm_thread_interrupt(t);
	ldm_thread_interrupt(t); /* twice: still one interrupt */
	gate_open(&e.gate);
	ASSERT_OK(pthread_join(t, NULL));
	ASSERT_EQ(e.ret, -ERESTARTSYS);
}

static void *uninterruptible_sleeper(void *arg)
{
	struct sleeper *s = arg;

	set_flag(&s->started);
	wait_event(s->wq, get_flag(&s->cond));
	s->pending = signal_pending(current);
	ldm_thread_clear_interrupt();
	set_flag(&s->done);
	return NULL;
}

DEFINE_TEST(
	test_wait_event_ignores_interrupts,
	.description =
		"an uninterruptible wait_event sleeps on through ldm_thread_interrupt until its condition holds",
	.concurrency = true)
{
	struct sleeper s = { .cond = 0 };
	pthread_t t;

	init_waitqueue_head(&s.wq);
	ASSERT_OK(pthread_create(&t, NULL, uninterruptible_sleeper, &s));
	await_flag(&s.started);
	ldm_thread_interrupt(t);
	msleep(50);
	ASSERT_EQ(get_flag(&s.done), 0);
	set_flag(&s.cond);
	wake_up(&s.wq);
	ASSERT_OK(pthread_join(t, NULL));
	ASSERT_EQ(s.done, 1);
	ASSERT_EQ(s.pending, 1);
}

DEFINE_TEST(
	test_wait_event_timeout_values,
	.description =
		"wait_event_timeout: 0 when the time runs out, the time left (at least 1) when the condition holds")
{
	DECLARE_WAIT_QUEUE_HEAD(wq);
	unsigned long before;
	int yes = 1, no = 0;
	long ret;

	ASSERT_EQ(wait_event_timeout(wq, yes, 0), 1);
	ASSERT_EQ(wait_event_timeout(wq, yes, 7), 7);
	ASSERT_EQ(wait_event_interruptible_timeout(wq, yes, 5), 5);
	before = jiffies;
	ret = wait_event_timeout(wq, no, 3);
	ASSERT_EQ(ret, 0);
	/* It did not give up before its three ticks. */
	ASSERT(time_after_eq(jiffies, before + 3));
	ASSERT_EQ(wait_event_interruptible_timeout(wq, no, 1), 0);
}

static void *sleep_on_thread(void *arg)
{
	struct sleeper *s = arg;

	set_flag(&s->started);
	s->ret = interruptible_sleep_on_timeout(&s->wq, 1000 * HZ);
	set_flag(&s->done);
	return NULL;
}

DEFINE_TEST(
	test_interruptible_sleep_on_timeout_woken,
	.description =
		"interruptible_sleep_on_timeout (2.6.9) returns the ticks left when woken by wake_up_interruptible",
	.concurrency = true)
{
	struct sleeper s = { .cond = 0 };
	pthread_t t;

	init_waitqueue_head(&s.wq);
	ASSERT_OK(pthread_create(&t, NULL, sleep_on_thread, &s));
	await_flag(&s.started);
	/* sleep_on misses a wake-up sent before it queued: send until one lands. */
	while (!get_flag(&s.done)) {
		wake_up_interruptible(&s.wq);
		usleep(10000);
	}
	ASSERT_OK(pthread_join(t, NULL));
	ASSERT(s.ret > 0);
}

struct exclusive_pool {
	wait_queue_head_t wq;
	spinlock_t lock;
	int tokens;
	int consumed;
	int done;
};

static int take_token(struct exclusive_pool *p)
{
	int got = 0;

	spin_lock(&p->lock);
	if (p->tokens > 0) {
		p->tokens--;
		got = 1;
	}
	spin_unlock(&p->lock);
	return got;
}

static void *exclusive_waiter(void *arg)
{
	struct exclusive_pool *p = arg;

	/* The condition takes the lock the waker holds around wake_up(). */
	if (wait_event_interruptible_exclusive(p->wq, take_token(p)) == 0)
		__atomic_add_fetch(&p->consumed, 1, __ATOMIC_ACQ_REL);
	return NULL;
}

DEFINE_TEST(
	test_exclusive_waiters_each_take_one_token,
	.description =
		"exclusive waiters woken one per wake_up each take a token; a condition may take the lock the waker holds",
	.concurrency = true, .timeout = 60)
{
	struct exclusive_pool p = { .tokens = 0 };
	pthread_t t[4];
	int i;

	init_waitqueue_head(&p.wq);
	spin_lock_init(&p.lock);
	for (i = 0; i < 4; i++)
		ASSERT_OK(pthread_create(&t[i], NULL, exclusive_waiter, &p));
	for (i = 0; i < 4; i++) {
		spin_lock(&p.lock);
		p.tokens++;
		wake_up(&p.wq);
		spin_unlock(&p.lock);
	}
	for (i = 0; i < 4; i++)
		ASSERT_OK(pthread_join(t[i], NULL));
	ASSERT_EQ(p.consumed, 4);
	ASSERT_EQ(p.tokens, 0);
}

/* ---- completions ---- */

static DECLARE_COMPLETION(static_done);

struct completer {
	struct completion *c;
	int started;
	long ret;
};

static void *completion_waiter(void *arg)
{
	struct completer *w = arg;

	set_flag(&w->started);
	wait_for_completion(w->c);
	w->ret = 1;
	return NULL;
}

DEFINE_TEST(
	test_completion_before_and_after_wait,
	.description =
		"complete() before the wait lets it through at once; after, it wakes the waiter; each complete() counts once",
	.concurrency = true)
{
	struct completer w = { .c = &static_done };
	pthread_t t;

	/* Before. */
	complete(&static_done);
	ASSERT(completion_done(&static_done));
	wait_for_completion(&static_done);
	ASSERT(!completion_done(&static_done));
	ASSERT(!try_wait_for_completion(&static_done));

	/* After. */
	ASSERT_OK(pthread_create(&t, NULL, completion_waiter, &w));
	await_flag(&w.started);
	msleep(20);
	complete(&static_done);
	ASSERT_OK(pthread_join(t, NULL));
	ASSERT_EQ(w.ret, 1);

	/* Counted. */
	complete(&static_done);
	complete(&static_done);
	ASSERT(try_wait_for_completion(&static_done));
	ASSERT_EQ(wait_for_completion_timeout(&static_done, 10), 10);
	ASSERT_EQ(wait_for_completion_timeout(&static_done, 1), 0);
}

DEFINE_TEST(
	test_complete_all_releases_every_waiter,
	.description =
		"complete_all wakes every waiter and lets later waits through until reinit_completion",
	.concurrency = true)
{
	struct completion c;
	struct completer w[4];
	pthread_t t[4];
	int i;

	init_completion(&c);
	for (i = 0; i < 4; i++) {
		w[i] = (struct completer){ .c = &c };
		ASSERT_OK(pthread_create(&t[i], NULL, completion_waiter, &w[i]));
	}
	for (i = 0; i < 4; i++)
		await_flag(&w[i].started);
	complete_all(&c);
	for (i = 0; i < 4; i++) {
		ASSERT_OK(pthread_join(t[i], NULL));
		ASSERT_EQ(w[i].ret, 1);
	}
	wait_for_completion(&c);
	ASSERT_EQ(wait_for_completion_interruptible(&c), 0);
	reinit_completion(&c);
	ASSERT_EQ(wait_for_completion_timeout(&c, 1), 0);
}

static void *interruptible_completion_waiter(void *arg)
{
	struct completer *w = arg;

	set_flag(&w->started);
	w->ret = wait_for_completion_interruptible(w->c);
	ldm_thread_clear_interrupt();
	return NULL;
}

DEFINE_TEST(
	test_wait_for_completion_interruptible_interrupted,
	.description =
		"wait_for_completion_interruptible returns -ERESTARTSYS after ldm_thread_interrupt, and the completion stays for the next waiter",
	.concurrency = true)
{
	struct completion c;
	struct completer w = { .c = &c };
	pthread_t t;

	init_completion(&c);
	ASSERT_OK(pthread_create(&t, NULL, interruptible_completion_waiter, &w));
	await_flag(&w.started);
	msleep(20);
	ldm_thread_interrupt(t);
	ASSERT_OK(pthread_join(t, NULL));
	ASSERT_EQ(w.ret, -ERESTARTSYS);
	complete(&c);
	ASSERT_EQ(wait_for_completion_interruptible_timeout(&c, 5), 5);
}

/* ---- tasks ---- */

static void *napper(void *arg)
{
	struct sleeper *s = arg;

	set_flag(&s->started);
	s->ret = (long)msleep_interruptible(100000);
	ldm_thread_clear_interrupt();
	return NULL;
}

DEFINE_TEST(
	test_msleep_interruptible_returns_time_left,
	.description =
		"msleep_interruptible returns early with the milliseconds left when the thread is interrupted",
	.concurrency = true)
{
	struct sleeper s = { .cond = 0 };
	pthread_t t;

	ASSERT_OK(pthread_create(&t, NULL, napper, &s));
	await_flag(&s.started);
	msleep(20);
	ldm_thread_interrupt(t);
	ASSERT_OK(pthread_join(t, NULL));
	ASSERT(s.ret > 0 && s.ret <= 100000);
}

struct task_handoff {
	struct task_struct *task;
	int ready;
	long left;
};

static void *schedule_sleeper(void *arg)
{
	struct task_handoff *h = arg;

	h->task = current;
	set_current_state(TASK_UNINTERRUPTIBLE);
	set_flag(&h->ready);
	h->left = schedule_timeout(1000 * HZ);
	return NULL;
}

DEFINE_TEST(
	test_wake_up_process_ends_schedule_timeout,
	.description =
		"wake_up_process ends a schedule_timeout early (even one not yet asleep) and it returns the ticks left",
	.concurrency = true)
{
	struct task_handoff h = { .task = NULL };
	pthread_t t;

	ASSERT(current->pid > 0);
	ASSERT_OK(pthread_create(&t, NULL, schedule_sleeper, &h));
	await_flag(&h.ready);
	ASSERT_EQ(wake_up_process(h.task), 1);
	ASSERT_OK(pthread_join(t, NULL));
	ASSERT(h.left > 0 && h.left <= 1000 * HZ);
	ASSERT_EQ(schedule_timeout_uninterruptible(0), 0);
}
