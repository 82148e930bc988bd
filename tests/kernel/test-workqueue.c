// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-workqueue.c - work queues: both forms of INIT_WORK and DECLARE_WORK,
 * work running in the "events" thread, flushes that wait for it, delayed
 * work and its cancellation, queues of one's own, and the export licenses
 * of 2.6.9 (create_workqueue and queue_work GPL-only, schedule_work not).
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

/* ---- the 2.6.9 form: func(void *data) ---- */

struct old_style {
	struct work_struct work;
	int ran;
	int in_keventd;
	pthread_t thread;
};

static void old_style_func(void *data)
{
	struct old_style *o = data;

	/* Sleeping is allowed in work; the flush must wait for it. */
	msleep(30);
	o->in_keventd = current_is_keventd();
	o->thread = pthread_self();
	__atomic_add_fetch(&o->ran, 1, __ATOMIC_ACQ_REL);
}

DEFINE_TEST(
	test_work_2_6_9_form_runs_in_events_and_flush_waits,
	.description =
		"INIT_WORK(work, func, data) runs func(data) in the events thread; flush_scheduled_work returns only after it ran",
	.concurrency = true)
{
	struct old_style o = { .ran = 0 };

	INIT_WORK(&o.work, old_style_func, &o);
	ASSERT(keventd_up());
	ASSERT(!current_is_keventd());
	ASSERT_EQ(schedule_work(&o.work), 1);
	flush_scheduled_work();
	ASSERT_EQ(get_flag(&o.ran), 1);
	ASSERT_EQ(o.in_keventd, 1);
	ASSERT(!pthread_equal(o.thread, pthread_self()));
	ASSERT(!work_pending(&o.work));
}

/* ---- the modern form: func(struct work_struct *) ---- */

struct modern {
	int value;
	struct work_struct work;
	int seen;
};

static void modern_func(struct work_struct *work)
{
	struct modern *m = container_of(work, struct modern, work);

	__atomic_store_n(&m->seen, m->value, __ATOMIC_RELEASE);
}

DEFINE_TEST(
	test_work_modern_form_gets_its_work_struct,
	.description =
		"INIT_WORK(work, func) calls func(work), which finds its object with container_of",
	.concurrency = true)
{
	struct modern m = { .value = 42 };

	INIT_WORK(&m.work, modern_func);
	ASSERT_EQ(schedule_work(&m.work), 1);
	flush_scheduled_work();
	ASSERT_EQ(get_flag(&m.seen), 42);
}

static int declared_old_ran, declared_new_ran;

static void declared_old(void *data)
{
	__atomic_add_fetch((int *)data, 1, __ATOMIC_ACQ_REL);
}

static void declared_new(struct work_struct *work)
{
	(void)work;
	__atomic_add_fetch(&declared_new_ran, 1, __ATOMIC_ACQ_REL);
}

static DECLARE_WORK(declared_old_work, declared_old, &declared_old_ran);
static DECLARE_WORK(declared_new_work, declared_new);

DEFINE_TEST(test_declare_work_both_forms,
	    .description = "DECLARE_WORK(name, func, data) and DECLARE_WORK(name, func) both run",
	    .concurrency = true)
{
	ASSERT_EQ(schedule_work(&declared_old_work), 1);
	ASSERT_EQ(schedule_work(&declared_new_work), 1);
	flush_scheduled_work();
	ASSERT_EQ(get_flag(&declared_old_ran), 1);
	ASSERT_EQ(get_flag(&declared_new_ran), 1);
}

/* ---- pending ---- */

struct blocker {
	struct work_struct work;
	struct completion gate;
	int started;
};

static void blocker_func(struct work_struct *work)
{
	struct blocker *b = container_of(work, struct blocker, work);

	set_flag(&b->started);
	wait_for_completion(&b->gate);
}

static int counted_runs;

static void counted(struct work_struct *work)
{
	(void)work;
	__atomic_add_fetch(&counted_runs, 1, __ATOMIC_ACQ_REL);
}

DEFINE_TEST(
	test_schedule_work_twice_while_pending_runs_once,
	.description =
		"queueing work that is pending returns 0 and it runs once; queued again after it ran, it runs again",
	.concurrency = true)
{
	struct blocker b;
	struct work_struct w;

	INIT_WORK(&b.work, blocker_func);
	init_completion(&b.gate);
	b.started = 0;
	INIT_WORK(&w, counted);
	counted_runs = 0;

	ASSERT_EQ(schedule_work(&b.work), 1);
	await_flag(&b.started);
	/* The events thread is busy: w stays queued, and pending. */
	ASSERT_EQ(schedule_work(&w), 1);
	ASSERT(work_pending(&w));
	ASSERT_EQ(schedule_work(&w), 0);
	complete(&b.gate);
	flush_scheduled_work();
	ASSERT_EQ(get_flag(&counted_runs), 1);
	ASSERT_EQ(schedule_work(&w), 1);
	flush_scheduled_work();
	ASSERT_EQ(get_flag(&counted_runs), 2);
}

/* ---- delayed work ---- */

struct delayed_old {
	struct work_struct work;
	unsigned long queued_at;
	unsigned long ran_at;
	int ran;
};

static void delayed_old_func(void *data)
{
	struct delayed_old *d = data;

	d->ran_at = jiffies;
	set_flag(&d->ran);
}

DEFINE_TEST(test_schedule_delayed_work_waits_its_delay,
	    .description = "schedule_delayed_work(work, delay) runs the work, not before the delay",
	    .concurrency = true)
{
	struct delayed_old d = { .ran = 0 };
	struct blocker b;

	/*
	 * The events thread held busy: the work, queued when its timer fires,
	 * cannot run yet, so it is still pending when looked at however late.
	 */
	INIT_WORK(&b.work, blocker_func);
	init_completion(&b.gate);
	b.started = 0;
	ASSERT_EQ(schedule_work(&b.work), 1);
	await_flag(&b.started);
	INIT_WORK(&d.work, delayed_old_func, &d);
	d.queued_at = jiffies;
	ASSERT_EQ(schedule_delayed_work(&d.work, 3), 1);
	ASSERT(work_pending(&d.work));
	ASSERT_EQ(schedule_delayed_work(&d.work, 3), 0);
	complete(&b.gate);
	await_flag(&d.ran);
	ASSERT(time_after_eq(d.ran_at, d.queued_at + 3));
	flush_scheduled_work();
}

DEFINE_TEST(
	test_cancel_delayed_work_stops_it,
	.description =
		"cancel_delayed_work before the delay runs out returns 1 and the work never runs",
	.concurrency = true)
{
	struct delayed_old d = { .ran = 0 };

	INIT_WORK(&d.work, delayed_old_func, &d);
	ASSERT_EQ(schedule_delayed_work(&d.work, 1000 * HZ), 1);
	ASSERT_EQ(cancel_delayed_work(&d.work), 1);
	ASSERT(!work_pending(&d.work));
	ASSERT_EQ(cancel_delayed_work(&d.work), 0);
	flush_scheduled_work();
	ASSERT_EQ(get_flag(&d.ran), 0);
	/* Not pending any more: it can be scheduled again. */
	ASSERT_EQ(schedule_delayed_work(&d.work, 0), 1);
	flush_scheduled_work();
	ASSERT_EQ(get_flag(&d.ran), 1);
}

struct delayed_modern {
	struct delayed_work dwork;
	int ran;
};

static void delayed_modern_func(struct work_struct *work)
{
	struct delayed_modern *d =
		container_of(to_delayed_work(work), struct delayed_modern, dwork);

	set_flag(&d->ran);
}

DEFINE_TEST(
	test_modern_delayed_work,
	.description =
		"struct delayed_work with INIT_DELAYED_WORK, schedule_delayed_work and cancel_delayed_work_sync",
	.concurrency = true)
{
	struct delayed_modern d = { .ran = 0 };

	INIT_DELAYED_WORK(&d.dwork, delayed_modern_func);
	ASSERT_EQ(schedule_delayed_work(&d.dwork, 1000 * HZ), 1);
	ASSERT(delayed_work_pending(&d.dwork));
	ASSERT_EQ(cancel_delayed_work_sync(&d.dwork), 1);
	ASSERT_EQ(get_flag(&d.ran), 0);
	ASSERT_EQ(schedule_delayed_work(&d.dwork, 1), 1);
	await_flag(&d.ran);
	flush_scheduled_work();
	ASSERT_EQ(cancel_delayed_work(&d.dwork), 0);
}

/* ---- cancel_work_sync ---- */

struct slow_work {
	struct work_struct work;
	int started;
	int finished;
};

static void slow_work_func(struct work_struct *work)
{
	struct slow_work *s = container_of(work, struct slow_work, work);

	set_flag(&s->started);
	msleep(50);
	set_flag(&s->finished);
}

DEFINE_TEST(
	test_cancel_work_sync_waits_for_running_work,
	.description = "cancel_work_sync returns only once the running work function has returned",
	.concurrency = true)
{
	struct slow_work s = { .started = 0 };

	INIT_WORK(&s.work, slow_work_func);
	ASSERT_EQ(schedule_work(&s.work), 1);
	await_flag(&s.started);
	cancel_work_sync(&s.work);
	ASSERT_EQ(get_flag(&s.finished), 1);
	ASSERT(!work_pending(&s.work));
}

/* ---- flush from inside work: 2.6.9 runs the queue there ---- */

struct nested {
	struct work_struct outer;
	struct work_struct inner;
	int inner_ran;
	int inner_ran_before_outer_returned;
};

static void nested_inner(void *data)
{
	set_flag(&((struct nested *)data)->inner_ran);
}

static void nested_outer(void *data)
{
	struct nested *n = data;

	schedule_work(&n->inner);
	flush_scheduled_work();
	n->inner_ran_before_outer_returned = get_flag(&n->inner_ran);
}

DEFINE_TEST(
	test_flush_from_work_runs_the_queue,
	.description =
		"flush_scheduled_work called from a work function runs the queued work there, without deadlock",
	.concurrency = true)
{
	struct nested n = { .inner_ran = 0 };

	INIT_WORK(&n.outer, nested_outer, &n);
	INIT_WORK(&n.inner, nested_inner, &n);
	ASSERT_EQ(schedule_work(&n.outer), 1);
	flush_scheduled_work();
	ASSERT_EQ(n.inner_ran_before_outer_returned, 1);
}

/* ---- queues of one's own ---- */

#define NORDERED 64

struct ordered {
	struct work_struct work[NORDERED];
	int order[NORDERED];
	int n;
	pthread_t thread;
	int in_keventd;
};

static struct ordered ordered;

static void ordered_func(void *data)
{
	int i = (int)(long)data;

	/* Only the queue's one thread writes: no lock needed, and TSan agrees. */
	ordered.order[ordered.n++] = i;
	ordered.thread = pthread_self();
	ordered.in_keventd |= current_is_keventd();
}

DEFINE_TEST(
	test_own_workqueue_runs_in_order_and_destroy_drains,
	.description =
		"create_workqueue: work runs in queue order in the queue's own thread; flush and destroy wait for it",
	.concurrency = true)
{
	struct workqueue_struct *wq = create_singlethread_workqueue("ldm-test");
	int i;

	ASSERT(wq);
	memset(&ordered, 0, sizeof(ordered));
	for (i = 0; i < NORDERED; i++) {
		INIT_WORK(&ordered.work[i], ordered_func, (void *)(long)i);
		ASSERT_EQ(queue_work(wq, &ordered.work[i]), 1);
	}
	flush_workqueue(wq);
	ASSERT_EQ(ordered.n, NORDERED);
	for (i = 0; i < NORDERED; i++)
		ASSERT_EQ(ordered.order[i], i);
	ASSERT_EQ(ordered.in_keventd, 0);
	ASSERT(!pthread_equal(ordered.thread, pthread_self()));

	ordered.n = 0;
	for (i = 0; i < NORDERED; i++)
		ASSERT_EQ(queue_delayed_work(wq, &ordered.work[i], i % 2), 1);
	/* Delayed work is queued once its timer fires; then destroy drains it. */
	for (i = 0; i < NORDERED; i++)
		while (timer_pending(&ordered.work[i].timer))
			msleep(10);
	destroy_workqueue(wq);
	ASSERT_EQ(ordered.n, NORDERED);

	wq = create_workqueue("ldm-test-multi");
	ASSERT(wq);
	destroy_workqueue(wq);
}

static void requeue_after_exit(void *arg)
{
	static struct work_struct w;

	(void)arg;
	if (ldm_init())
		_exit(3);
	ldm_exit();
	INIT_WORK(&w, counted);
	/* The runtime is down: refused, with a warning, and nothing queued. */
	if (schedule_work(&w) != 0 || work_pending(&w))
		_exit(4);
	exit(0);
}

DEFINE_TEST(
	test_schedule_work_while_down_is_refused,
	.description =
		"schedule_work after ldm_exit returns 0 with a warning instead of queueing on a stopped queue",
	.no_runtime = true)
{
	char *err = NULL;

	ASSERT_EQ(ldm_test_capture(requeue_after_exit, NULL, &err), 0);
	ASSERT(err && strstr(err, "schedule_work() while the runtime is down"));
	free(err);
}

/* In a child forked at once after boot: allocate, free, and let exit() check. */
static void allocate_and_exit(void *arg)
{
	void *p;

	(void)arg;
	p = kmalloc(64, GFP_KERNEL);
	kfree(p);
	exit(p ? 0 : 1);
}

/*
 * A fork() while the timer or events thread was still starting could leave
 * a lock of the C library or of ASan's allocator held in the child, which
 * then hung in its first allocation or at exit's leak check. ldm_init()
 * returns only once its threads wait for work; the bound stops a hang.
 */
DEFINE_TEST(
	test_fork_right_after_boot_does_not_hang,
	.description =
		"a child forked as soon as ldm_init() returns can allocate and exit (with LeakSanitizer's check) twenty times over: the runtime's threads hold no lock by then",
	.no_runtime = true, .timeout = 60)
{
	int i;

	for (i = 0; i < 20; i++) {
		ASSERT_OK(ldm_init());
		ASSERT_EQ(ldm_test_capture(allocate_and_exit, NULL, NULL), 0);
		ldm_exit();
	}
}

/* ---- what modules may bind to ---- */

static void assert_export(const char *name, enum ldm_export_license license)
{
	struct ldm_export exp;

	if (ldm_export_lookup(name, &exp))
		FAIL("%s is not exported", name);
	if (exp.license != license)
		FAIL("%s is exported %s", name, ldm_export_license_name(exp.license));
}

DEFINE_TEST(
	test_service_exports_and_their_licenses,
	.description =
		"the services are exported with 2.6.9's licenses: work queues of one's own GPL-only, the rest to everyone")
{
	static const char *const gpl[] = {
		"__create_workqueue", "queue_work",	   "queue_delayed_work",
		"flush_workqueue",    "destroy_workqueue", "cancel_work_sync",
	};
	static const char *const all[] = {
		"schedule_work",
		"schedule_delayed_work",
		"flush_scheduled_work",
		"cancel_delayed_work",
		"_spin_lock",
		"_spin_unlock",
		"spin_lock_init",
		"_read_lock",
		"_write_lock",
		"mutex_lock",
		"mutex_unlock",
		"mutex_init",
		"mutex_lock_interruptible",
		"__wake_up",
		"prepare_to_wait",
		"finish_wait",
		"autoremove_wake_function",
		"schedule",
		"schedule_timeout",
		"get_current",
		"signal_pending",
		"complete",
		"complete_all",
		"wait_for_completion",
		"wait_for_completion_timeout",
		"__mod_timer",
		"mod_timer",
		"del_timer",
		"del_timer_sync",
		"get_jiffies_64",
		"msleep",
		"msleep_interruptible",
		"__udelay",
		"copy_to_user",
		"copy_from_user",
		"clear_user",
		"memcpy",
		"memset",
		"memmove",
		"memcmp",
		"strlen",
		"strlcpy",
		"strsep",
		"snprintf",
		"sprintf",
		"vsnprintf",
		"sscanf",
		"scnprintf",
		"simple_strtoul",
		"simple_strtol",
		"simple_strtoull",
	};
	struct ldm_export exp;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(gpl); i++)
		assert_export(gpl[i], LDM_EXPORT_GPL);
	for (i = 0; i < ARRAY_SIZE(all); i++)
		assert_export(all[i], LDM_EXPORT_ALL);
	/* The C library's functions are exported at the C library's address. */
	ASSERT_OK(ldm_export_lookup("memcpy", &exp));
	ASSERT(exp.value == (unsigned long)&memcpy);
	/* The runtime's own API is not for modules. */
	ASSERT_EQ(ldm_export_lookup("ldm_thread_interrupt", &exp), -ENOENT);
}
