// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-timer.c - jiffies, HZ, kernel timers and delays: timers fire in
 * order of expiry in the timer thread, del_timer stops them, del_timer_sync
 * waits for a running callback, and ldm_exit reports a timer left pending.
 *
 * Timing is only checked from below: a timer did not fire before its tick,
 * a sleep did not end early. Every wait is bounded.
 */
#include <pthread.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

/* Polls without a count of its own: the harness's alarm bounds the test. */
static void await_flag(int *flag)
{
	while (!__atomic_load_n(flag, __ATOMIC_ACQUIRE))
		usleep(1000);
}

static int get_flag(int *flag)
{
	return __atomic_load_n(flag, __ATOMIC_ACQUIRE);
}

static void set_flag(int *flag)
{
	__atomic_store_n(flag, 1, __ATOMIC_RELEASE);
}

DEFINE_TEST(
	test_jiffies_and_conversions,
	.description =
		"HZ is 100, jiffies moves forward, time_after and friends compare across a wrap, conversions round up")
{
	unsigned long a = jiffies, b, wrap = (unsigned long)-5;

	ASSERT_EQ(HZ, 100);
	ASSERT_EQ(get_jiffies_64(), get_jiffies_64() + 0);
	b = jiffies;
	ASSERT(time_after_eq(b, a));
	ASSERT(time_after(a + 1, a));
	ASSERT(time_before(a, a + 1));
	ASSERT(time_before_eq(a, a));
	ASSERT(!time_after(a, a));
	/* Past the wrap of the counter, later is still later. */
	ASSERT(time_after(wrap + 10, wrap));
	ASSERT(time_before(wrap, wrap + 10));
	ASSERT(time_in_range(a, a, a + 1));

	ASSERT_EQ(msecs_to_jiffies(0), 0);
	ASSERT_EQ(msecs_to_jiffies(1), 1);
	ASSERT_EQ(msecs_to_jiffies(10), 1);
	ASSERT_EQ(msecs_to_jiffies(11), 2);
	ASSERT_EQ(msecs_to_jiffies(1000), HZ);
	ASSERT_EQ(usecs_to_jiffies(1), 1);
	ASSERT_EQ(jiffies_to_msecs(3), 30);
	ASSERT_EQ(jiffies_to_usecs(2), 20000);
	ASSERT_EQ(jiffies_to_msecs(msecs_to_jiffies(250)), 250);
}

DEFINE_TEST(
	test_msleep_sleeps_at_least_its_ticks,
	.description =
		"msleep(30) does not return before three ticks; ssleep, udelay and mdelay return")
{
	unsigned long before = jiffies;

	msleep(30);
	ASSERT(time_after_eq(jiffies, before + 3));
	udelay(10);
	ndelay(100);
	before = jiffies;
	mdelay(20);
	ASSERT(time_after_eq(jiffies, before + 1));
	ssleep(0);
}

/* ---- timers ---- */

#define NFIRED 8

struct firing {
	spinlock_t lock;
	int order[NFIRED];
	int n;
	pthread_t thread[NFIRED];
	unsigned long at[NFIRED];
	unsigned long expires[NFIRED];
	struct completion all;
	int want;
};

static struct firing firing;

static void record_fire(unsigned long data)
{
	int n;

	spin_lock(&firing.lock);
	n = firing.n++;
	if (n < NFIRED) {
		firing.order[n] = (int)data;
		firing.thread[n] = pthread_self();
		firing.at[n] = jiffies;
	}
	spin_unlock(&firing.lock);
	if (n + 1 == firing.want)
		complete(&firing.all);
}

static void firing_init(int want)
{
	spin_lock_init(&firing.lock);
	firing.n = 0;
	firing.want = want;
	init_completion(&firing.all);
}

static void firing_wait(void)
{
	wait_for_completion(&firing.all);
}

/*
 * The timer thread held in a callback: while it is held no timer fires, so
 * a test can add timers due in a tick and still find them pending, however
 * slowly a loaded machine runs it.
 */
struct hold {
	struct timer_list timer;
	struct completion holding;
	struct completion release;
};

static void hold_callback(unsigned long data)
{
	struct hold *h = (struct hold *)data;

	complete(&h->holding);
	wait_for_completion(&h->release);
}

static void hold_timer_thread(struct hold *h)
{
	init_completion(&h->holding);
	init_completion(&h->release);
	setup_timer(&h->timer, hold_callback, (unsigned long)h);
	mod_timer(&h->timer, jiffies);
	wait_for_completion(&h->holding);
}

static void release_timer_thread(struct hold *h)
{
	complete(&h->release);
	ASSERT_EQ(del_timer_sync(&h->timer), 0);
}

DEFINE_TEST(
	test_timers_fire_in_order_in_the_timer_thread,
	.description =
		"timers fire in order of expiry (FIFO among equals), never before their tick, all in one thread that is not the caller's",
	.concurrency = true)
{
	static const int ticks[] = { 6, 2, 4, 4, 1, 8 };
	struct timer_list t[6];
	struct hold hold;
	unsigned long now;
	int i;

	firing_init(6);
	/* Added while none can fire: each is pending, and the order is by expiry alone. */
	hold_timer_thread(&hold);
	now = jiffies;
	for (i = 0; i < 6; i++) {
		init_timer(&t[i]);
		t[i].function = record_fire;
		t[i].data = (unsigned long)i;
		t[i].expires = now + (unsigned long)ticks[i];
		add_timer(&t[i]);
		ASSERT(timer_pending(&t[i]));
	}
	release_timer_thread(&hold);
	firing_wait();
	ASSERT_EQ(firing.n, 6);
	/* By expiry; timers 2 and 3 share tick 4 and fire in the order added. */
	ASSERT_EQ(firing.order[0], 4);
	ASSERT_EQ(firing.order[1], 1);
	ASSERT_EQ(firing.order[2], 2);
	ASSERT_EQ(firing.order[3], 3);
	ASSERT_EQ(firing.order[4], 0);
	ASSERT_EQ(firing.order[5], 5);
	for (i = 0; i < 6; i++) {
		int which = firing.order[i];

		ASSERT(time_after_eq(firing.at[i], now + (unsigned long)ticks[which]));
		ASSERT(!pthread_equal(firing.thread[i], pthread_self()));
		ASSERT(pthread_equal(firing.thread[i], firing.thread[0]));
		ASSERT(!timer_pending(&t[i]));
	}
}

DEFINE_TEST(
	test_del_timer_stops_a_pending_timer,
	.description =
		"del_timer returns 1 for a pending timer, which then never fires; 0 for one not pending",
	.concurrency = true)
{
	struct timer_list late, soon;
	struct hold hold;

	firing_init(1);
	setup_timer(&late, record_fire, 1);
	setup_timer(&soon, record_fire, 2);
	ASSERT_EQ(del_timer(&late), 0);
	/* Held, a timer due in a tick is still pending when mod_timer and del_timer look. */
	hold_timer_thread(&hold);
	ASSERT_EQ(mod_timer(&late, jiffies + 1), 0);
	ASSERT_EQ(mod_timer(&late, jiffies + 2), 1);
	ASSERT_EQ(del_timer(&late), 1);
	ASSERT(!timer_pending(&late));
	ASSERT_EQ(del_timer(&late), 0);
	/* A later timer fires; the deleted one, due earlier, did not. */
	ASSERT_EQ(mod_timer(&soon, jiffies + 5), 0);
	release_timer_thread(&hold);
	firing_wait();
	ASSERT_EQ(firing.n, 1);
	ASSERT_EQ(firing.order[0], 2);
	ASSERT_EQ(del_timer_sync(&soon), 0);
}

static DEFINE_TIMER(static_timer, record_fire, 0, 7);

DEFINE_TEST(test_static_timer_and_past_expiry,
	    .description = "a DEFINE_TIMER timer with an expiry in the past fires at once",
	    .concurrency = true)
{
	firing_init(1);
	static_timer.expires = jiffies - 10;
	add_timer(&static_timer);
	firing_wait();
	ASSERT_EQ(firing.order[0], 7);
}

struct slow_timer {
	struct timer_list timer;
	int started;
	int finished;
	int runs;
	int rearm;
};

static void slow_callback(unsigned long data)
{
	struct slow_timer *s = (struct slow_timer *)data;

	__atomic_add_fetch(&s->runs, 1, __ATOMIC_ACQ_REL);
	set_flag(&s->started);
	msleep(50);
	if (get_flag(&s->rearm))
		mod_timer(&s->timer, jiffies);
	__atomic_store_n(&s->finished, 1, __ATOMIC_RELEASE);
}

DEFINE_TEST(
	test_del_timer_sync_waits_for_the_callback,
	.description =
		"del_timer_sync returns only once a running callback has returned, and stops one that re-arms itself",
	.concurrency = true)
{
	struct slow_timer s = { .rearm = 1 };
	int runs;

	setup_timer(&s.timer, slow_callback, (unsigned long)&s);
	mod_timer(&s.timer, jiffies);
	await_flag(&s.started);
	del_timer_sync(&s.timer);
	/* The callback that was running has returned... */
	ASSERT_EQ(get_flag(&s.finished), 1);
	ASSERT(!timer_pending(&s.timer));
	/* ...and, though it re-armed the timer, nothing runs after. */
	runs = __atomic_load_n(&s.runs, __ATOMIC_ACQUIRE);
	msleep(100);
	ASSERT_EQ(__atomic_load_n(&s.runs, __ATOMIC_ACQUIRE), runs);
}

struct self_deleter {
	struct timer_list timer;
	int ret;
	int done;
};

static void self_deleting_callback(unsigned long data)
{
	struct self_deleter *d = (struct self_deleter *)data;

	mod_timer(&d->timer, jiffies + 1000 * HZ);
	/* From its own callback: must not wait for itself. */
	d->ret = del_timer_sync(&d->timer);
	set_flag(&d->done);
}

DEFINE_TEST(
	test_del_timer_sync_from_the_callback,
	.description =
		"del_timer_sync called from the timer's own callback returns instead of waiting for itself",
	.concurrency = true)
{
	struct self_deleter d = { .ret = -1 };

	setup_timer(&d.timer, self_deleting_callback, (unsigned long)&d);
	mod_timer(&d.timer, jiffies);
	await_flag(&d.done);
	ASSERT_EQ(d.ret, 1);
	ASSERT_EQ(del_timer_sync(&d.timer), 0);
}

static void never_called(unsigned long data)
{
	(void)data;
}

static void leave_timer_pending(void *arg)
{
	static struct timer_list forgotten;

	(void)arg;
	if (ldm_init())
		_exit(3);
	setup_timer(&forgotten, never_called, 0);
	mod_timer(&forgotten, jiffies + 1000 * HZ);
	ldm_exit();
	if (timer_pending(&forgotten))
		_exit(4);
	exit(0);
}

DEFINE_TEST(test_exit_reports_a_pending_timer,
	    .description =
		    "ldm_exit reports a timer still pending, drops it, and the runtime boots again",
	    .no_runtime = true)
{
	char *err = NULL;

	ASSERT_EQ(ldm_test_capture(leave_timer_pending, NULL, &err), 0);
	ASSERT(err && strstr(err, "still pending at exit"));
	free(err);
	ASSERT_OK(ldm_init());
	ldm_exit();
}

static void timer_before_boot(void *arg)
{
	static struct timer_list early;

	(void)arg;
	firing_init(1);
	setup_timer(&early, record_fire, 9);
	mod_timer(&early, jiffies);
	if (ldm_init())
		_exit(3);
	if (wait_for_completion_timeout(&firing.all, 30 * HZ) == 0)
		_exit(4);
	ldm_exit();
	exit(firing.order[0] == 9 ? 0 : 5);
}

DEFINE_TEST(
	test_timer_added_before_boot_fires_after,
	.description =
		"a timer added while the runtime is down fires once ldm_init has started the timer thread",
	.no_runtime = true)
{
	char *err = NULL;

	ASSERT_EQ(ldm_test_capture(timer_before_boot, NULL, &err), 0);
	ASSERT_STREQ(err, "");
	free(err);
}
