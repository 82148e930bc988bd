// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-hotplug.c - hotplug events as kobject_hotplug() of 2.6.9 raises them:
 * "add" at kobject_add and "remove" at kobject_del, only for objects whose
 * kset (their own or their nearest ancestor's) has hotplug_ops; the filter,
 * the subsystem name and the kset's own variables; the netlink form byte for
 * byte; sequence numbers from 1, one per event, unique and in order even
 * under threads; the "remove" event sent while the directory still exists;
 * and the helper program, run as /sbin/hotplug was, with its argument and
 * environment. What modern Linux adds: events with the caller's variables,
 * add_hotplug_env_var(), what a uevent file shows and the synthetic events
 * a write to it sends.
 */
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <time.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"
#include "uevent.h"

/* ---- objects ---- */

struct hobj {
	struct kobject kobj;
};

#define to_hobj(k) container_of(k, struct hobj, kobj)

static atomic_t nr_released;

static void hobj_release(struct kobject *kobj)
{
	atomic_inc(&nr_released);
	free(to_hobj(kobj));
}

static struct attribute attr_name = { .name = "name", .mode = 0444 };
static struct attribute *hobj_attrs[] = { &attr_name, NULL };

static ssize_t hobj_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	(void)attr;
	return sprintf(buf, "%s\n", kobject_name(kobj));
}

static struct sysfs_ops hobj_sysfs_ops = {
	.show = hobj_show,
};

static struct kobj_type hobj_ktype = {
	.release = hobj_release,
	.sysfs_ops = &hobj_sysfs_ops,
	.default_attrs = hobj_attrs,
};

static struct hobj *hobj_new(const char *name, struct kobject *parent, struct kset *kset)
{
	struct hobj *o = calloc(1, sizeof(*o));

	ASSERT(o);
	ASSERT_OK(kobject_set_name(&o->kobj, "%s", name));
	o->kobj.parent = parent;
	o->kobj.kset = kset;
	o->kobj.ktype = &hobj_ktype;
	kobject_init(&o->kobj);
	return o;
}

static struct hobj *hobj_register(const char *name, struct kobject *parent, struct kset *kset)
{
	struct hobj *o = hobj_new(name, parent, kset);

	ASSERT_OK(kobject_add(&o->kobj));
	return o;
}

/* A kset of static storage, registered at the root, with @ops. */
static void kset_setup(struct kset *kset, const char *name, struct kset_hotplug_ops *ops)
{
	memset(kset, 0, sizeof(*kset));
	ASSERT_OK(kobject_set_name(&kset->kobj, "%s", name));
	kset->hotplug_ops = ops;
	ASSERT_OK(kset_register(kset));
}

/* ---- a listener that keeps a copy of every event ---- */

#define MAX_EVENTS 32
#define MAX_VARS   16

struct rec_event {
	char action[16];
	char devpath[128];
	char subsystem[32];
	unsigned long long seqnum;
	char buf[1024];
	size_t len;
	char vars[MAX_VARS][128];
	int nvars;
};

static struct rec_event events[MAX_EVENTS];
static unsigned int nr_events;
static pthread_mutex_t events_lock = PTHREAD_MUTEX_INITIALIZER;

static void copy_str(char *dst, size_t size, const char *src)
{
	ASSERT(src);
	ASSERT(strlen(src) < size);
	strcpy(dst, src);
}

static void record_event(const struct ldm_uevent *ev, void *data)
{
	struct rec_event *e;
	int i;

	(void)data;
	pthread_mutex_lock(&events_lock);
	ASSERT(nr_events < MAX_EVENTS);
	e = &events[nr_events++];
	copy_str(e->action, sizeof(e->action), ev->action);
	copy_str(e->devpath, sizeof(e->devpath), ev->devpath);
	copy_str(e->subsystem, sizeof(e->subsystem), ev->subsystem);
	e->seqnum = ev->seqnum;
	ASSERT(ev->len <= sizeof(e->buf));
	memcpy(e->buf, ev->buf, ev->len);
	e->len = ev->len;
	for (i = 0; ev->envp[i]; i++) {
		ASSERT(i < MAX_VARS);
		copy_str(e->vars[i], sizeof(e->vars[i]), ev->envp[i]);
	}
	e->nvars = i;
	pthread_mutex_unlock(&events_lock);
}

static void listen_start(void)
{
	ASSERT_OK(ldm_uevent_listen(record_event, NULL));
}

/* Stop listening: the listener is freed here, not left to ldm_exit(). */
static void listen_stop(void)
{
	ASSERT_OK(ldm_uevent_unlisten(record_event, NULL));
}

/* Index of variable @var ("KEY=value") in event @e, or -1. */
static int var_index(const struct rec_event *e, const char *var)
{
	int i;

	for (i = 0; i < e->nvars; i++)
		if (!strcmp(e->vars[i], var))
			return i;
	return -1;
}

static void expect_event(unsigned int i, const char *action, const char *devpath,
			 const char *subsystem)
{
	const struct rec_event *e;

	ASSERT(i < nr_events);
	e = &events[i];
	ASSERT_STREQ(e->action, action);
	ASSERT_STREQ(e->devpath, devpath);
	ASSERT_STREQ(e->subsystem, subsystem);
}

static unsigned long long seqnum_file(void)
{
	char buf[64];

	ASSERT(ldm_sysfs_read_path("/kernel/uevent_seqnum", buf, sizeof(buf)) > 1);
	return strtoull(buf, NULL, 10);
}

static struct kset_hotplug_ops plain_ops; /* no methods: every member gets events */

/* ---- add and remove ---- */

DEFINE_TEST(
	test_add_and_remove_events_for_kset_member,
	.description =
		"kobject_add raises \"add\" and kobject_del \"remove\", with the object's path and the kset's name")
{
	static struct kset kset;
	struct hobj *o;

	kset_setup(&kset, "hpk", &plain_ops);
	listen_start();
	o = hobj_register("m", NULL, &kset);
	ASSERT_EQ(nr_events, 1);
	expect_event(0, "add", "/hpk/m", "hpk");

	kobject_del(&o->kobj);
	ASSERT_EQ(nr_events, 2);
	expect_event(1, "remove", "/hpk/m", "hpk");
	kobject_put(&o->kobj);
	ASSERT_EQ(atomic_read(&nr_released), 1);
	ASSERT_EQ(nr_events, 2); /* the release itself raises nothing */

	listen_stop();
	kset_unregister(&kset);
}

DEFINE_TEST(
	test_unlisten_stops_delivery,
	.description =
		"after ldm_uevent_unlisten a listener hears nothing; unlisten of an unknown listener is -ENOENT, listen(NULL) -EINVAL")
{
	static struct kset kset;
	struct hobj *o;
	int other;

	ASSERT_EQ(ldm_uevent_listen(NULL, NULL), -EINVAL);
	kset_setup(&kset, "hpk", &plain_ops);
	listen_start();
	ASSERT_EQ(ldm_uevent_unlisten(record_event, &other), -ENOENT);
	o = hobj_register("m", NULL, &kset);
	ASSERT_EQ(nr_events, 1);
	listen_stop();
	ASSERT_EQ(ldm_uevent_unlisten(record_event, NULL), -ENOENT);
	kobject_unregister(&o->kobj);
	ASSERT_EQ(nr_events, 1);
	ASSERT_EQ(seqnum_file(), 2); /* the event happened, unheard */
	kset_unregister(&kset);
}

DEFINE_TEST(
	test_failed_add_raises_no_event,
	.description =
		"a kobject_add that fails (name taken) raises no event and takes no sequence number")
{
	static struct kset kset;
	struct hobj *first, *second, *third;

	kset_setup(&kset, "hpk", &plain_ops);
	listen_start();
	first = hobj_register("same", NULL, &kset);
	second = hobj_new("same", NULL, &kset);
	ASSERT_EQ(kobject_add(&second->kobj), -EEXIST);
	kobject_put(&second->kobj);
	third = hobj_register("other", NULL, &kset);
	ASSERT_EQ(nr_events, 2);
	expect_event(0, "add", "/hpk/same", "hpk");
	expect_event(1, "add", "/hpk/other", "hpk");
	ASSERT_EQ(events[1].seqnum, 2);

	kobject_unregister(&third->kobj);
	kobject_unregister(&first->kobj);
	listen_stop();
	kset_unregister(&kset);
	ASSERT_EQ(atomic_read(&nr_released), 3);
}

/* ---- which objects raise events ---- */

DEFINE_TEST(
	test_only_ksets_with_hotplug_ops_raise_events,
	.description =
		"the kset that owns an object (its own, or its nearest ancestor's) must have hotplug_ops, as 2.6.9; otherwise no event")
{
	static struct kset quiet, loud;
	struct hobj *q1, *qc, *l1, *lc, *stranger, *orphan;

	kset_setup(&quiet, "quiet", NULL);
	kset_setup(&loud, "loud", &plain_ops);
	listen_start();

	q1 = hobj_register("q1", NULL, &quiet);	      /* kset without ops */
	qc = hobj_register("qc", &q1->kobj, NULL);    /* ancestor's kset without ops */
	orphan = hobj_register("orphan", NULL, NULL); /* no kset anywhere */
	ASSERT_EQ(nr_events, 0);

	l1 = hobj_register("l1", NULL, &loud);
	lc = hobj_register("lc", &l1->kobj, NULL); /* the nearest ancestor's kset */
	/* Its own kset, without ops, rules even below an object of a loud kset. */
	stranger = hobj_register("stranger", &l1->kobj, &quiet);
	ASSERT_EQ(nr_events, 2);
	expect_event(0, "add", "/loud/l1", "loud");
	expect_event(1, "add", "/loud/l1/lc", "loud");

	kobject_unregister(&stranger->kobj);
	kobject_unregister(&lc->kobj);
	kobject_unregister(&l1->kobj);
	kobject_unregister(&orphan->kobj);
	kobject_unregister(&qc->kobj);
	kobject_unregister(&q1->kobj);
	ASSERT_EQ(nr_events, 4);
	expect_event(2, "remove", "/loud/l1/lc", "loud");
	expect_event(3, "remove", "/loud/l1", "loud");

	listen_stop();
	kset_unregister(&loud);
	kset_unregister(&quiet);
	ASSERT_EQ(atomic_read(&nr_released), 6);
}

/* ---- filter ---- */

static int filter_calls;

static int hide_hidden(struct kset *kset, struct kobject *kobj)
{
	(void)kset;
	filter_calls++;
	return strncmp(kobject_name(kobj), "hidden", 6) != 0;
}

static struct kset_hotplug_ops filter_ops = {
	.filter = hide_hidden,
};

DEFINE_TEST(
	test_filter_zero_suppresses_event_and_takes_no_seqnum,
	.description =
		"a filter returning 0 suppresses the event, add and remove alike, and no sequence number is consumed")
{
	static struct kset kset;
	struct hobj *shown1, *hidden, *shown2;

	kset_setup(&kset, "flt", &filter_ops);
	listen_start();
	shown1 = hobj_register("shown1", NULL, &kset);
	hidden = hobj_register("hidden", NULL, &kset);
	shown2 = hobj_register("shown2", NULL, &kset);
	ASSERT_EQ(filter_calls, 3);
	ASSERT_EQ(nr_events, 2);
	expect_event(0, "add", "/flt/shown1", "flt");
	expect_event(1, "add", "/flt/shown2", "flt");
	ASSERT_EQ(events[0].seqnum, 1);
	ASSERT_EQ(events[1].seqnum, 2);
	ASSERT_EQ(seqnum_file(), 2);

	kobject_unregister(&hidden->kobj);
	ASSERT_EQ(filter_calls, 4);
	ASSERT_EQ(nr_events, 2);
	ASSERT_EQ(seqnum_file(), 2);
	kobject_unregister(&shown2->kobj);
	ASSERT_EQ(nr_events, 3);
	expect_event(2, "remove", "/flt/shown2", "flt");
	ASSERT_EQ(events[2].seqnum, 3);

	listen_stop();
	kobject_unregister(&shown1->kobj);
	kset_unregister(&kset);
}

/* ---- SUBSYSTEM ---- */

static struct kobject *name_asked_for;

static char *name_netsub(struct kset *kset, struct kobject *kobj)
{
	(void)kset;
	name_asked_for = kobj;
	return "netsub";
}

static char *name_none(struct kset *kset, struct kobject *kobj)
{
	(void)kset;
	(void)kobj;
	return NULL;
}

static struct kset_hotplug_ops netsub_ops = { .name = name_netsub };
static struct kset_hotplug_ops none_ops = { .name = name_none };

DEFINE_TEST(
	test_subsystem_is_ops_name_or_kset_name,
	.description =
		"SUBSYSTEM is what hotplug_ops->name gives, or the kset's own name when it gives NULL or there is no name()")
{
	static struct kset ks1, ks2, ks3;
	struct hobj *a, *b, *c;

	kset_setup(&ks1, "ks1", &netsub_ops);
	kset_setup(&ks2, "ks2", &none_ops);
	kset_setup(&ks3, "ks3", &plain_ops);
	listen_start();
	a = hobj_register("a", NULL, &ks1);
	b = hobj_register("b", NULL, &ks2);
	c = hobj_register("c", NULL, &ks3);
	ASSERT_EQ(nr_events, 3);
	ASSERT(name_asked_for == &a->kobj);
	expect_event(0, "add", "/ks1/a", "netsub");
	ASSERT(var_index(&events[0], "SUBSYSTEM=netsub") >= 0);
	ASSERT(var_index(&events[0], "SUBSYSTEM=ks1") < 0);
	expect_event(1, "add", "/ks2/b", "ks2");
	ASSERT(var_index(&events[1], "SUBSYSTEM=ks2") >= 0);
	expect_event(2, "add", "/ks3/c", "ks3");
	ASSERT(var_index(&events[2], "SUBSYSTEM=ks3") >= 0);
	listen_stop();

	kobject_unregister(&a->kobj);
	kobject_unregister(&b->kobj);
	kobject_unregister(&c->kobj);
	kset_unregister(&ks1);
	kset_unregister(&ks2);
	kset_unregister(&ks3);
}

/* ---- the kset's own variables ---- */

static int hotplug_calls;

/* Add FOO=bar and ID=<name>; refuse objects named "bad". */
static int add_foo_and_id(struct kset *kset, struct kobject *kobj, char **envp, int num_envp,
			  char *buffer, int buffer_size)
{
	int len;

	(void)kset;
	hotplug_calls++;
	if (!strcmp(kobject_name(kobj), "bad"))
		return -ENODEV;
	if (num_envp < 3)
		return -ENOMEM;
	len = snprintf(buffer, (size_t)buffer_size, "FOO=bar");
	if (len < 0 || len + 1 >= buffer_size)
		return -ENOMEM;
	envp[0] = buffer;
	buffer += len + 1;
	buffer_size -= len + 1;
	len = snprintf(buffer, (size_t)buffer_size, "ID=%s", kobject_name(kobj));
	if (len < 0 || len >= buffer_size)
		return -ENOMEM;
	envp[1] = buffer;
	envp[2] = NULL;
	return 0;
}

static struct kset_hotplug_ops vars_ops = { .hotplug = add_foo_and_id };

DEFINE_TEST(
	test_kset_hotplug_adds_variables_nonzero_drops_event,
	.description =
		"hotplug_ops->hotplug adds variables after SUBSYSTEM and before SEQNUM; a non-zero return drops the event")
{
	static struct kset kset;
	struct hobj *good, *bad, *next;
	const struct rec_event *e;

	kset_setup(&kset, "vars", &vars_ops);
	listen_start();
	good = hobj_register("good", NULL, &kset);
	ASSERT_EQ(nr_events, 1);
	e = &events[0];
	ASSERT_EQ(e->nvars, 6);
	ASSERT_EQ(var_index(e, "ACTION=add"), 0);
	ASSERT_EQ(var_index(e, "DEVPATH=/vars/good"), 1);
	ASSERT_EQ(var_index(e, "SUBSYSTEM=vars"), 2);
	ASSERT_EQ(var_index(e, "FOO=bar"), 3);
	ASSERT_EQ(var_index(e, "ID=good"), 4);
	ASSERT_EQ(var_index(e, "SEQNUM=1"), 5);

	bad = hobj_register("bad", NULL, &kset); /* the add itself succeeds */
	ASSERT_EQ(hotplug_calls, 2);
	ASSERT_EQ(nr_events, 1);
	next = hobj_register("next", NULL, &kset);
	ASSERT_EQ(nr_events, 2);
	expect_event(1, "add", "/vars/next", "vars");
	ASSERT(var_index(&events[1], "ID=next") >= 0);
	ASSERT_EQ(events[1].seqnum, 2); /* the dropped event took none */

	kobject_unregister(&bad->kobj);
	ASSERT_EQ(nr_events, 2);
	listen_stop();
	kobject_unregister(&next->kobj);
	kobject_unregister(&good->kobj);
	kset_unregister(&kset);
	ASSERT_EQ(atomic_read(&nr_released), 3);
}

/* ---- modern: the caller's variables, uevent files, synthetic events ---- */

/* ID=<name> and FOO=bar with add_hotplug_env_var(); refuse "bad" likewise. */
static int add_two_vars(struct kset *kset, struct kobject *kobj, char **envp, int num_envp,
			char *buffer, int buffer_size)
{
	int i = 0, len = 0;

	(void)kset;
	if (!strcmp(kobject_name(kobj), "bad"))
		return -ENODEV;
	if (add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size, &len, "ID=%s",
				kobject_name(kobj)) ||
	    add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size, &len, "FOO=%s", "bar"))
		return -ENOMEM;
	return 0;
}

static struct kset_hotplug_ops two_vars_ops = { .filter = hide_hidden, .hotplug = add_two_vars };

DEFINE_TEST(
	test_add_hotplug_env_var_fills_and_refuses_when_full,
	.description =
		"add_hotplug_env_var places each variable in the buffer, keeps a NULL after the last, and refuses with -ENOMEM when envp or buffer is full")
{
	char *envp[3], buf[16];
	int i = 0, len = 0;

	ASSERT_OK(add_hotplug_env_var(envp, 3, &i, buf, sizeof(buf), &len, "A=%d", 1));
	ASSERT_STREQ(envp[0], "A=1");
	ASSERT(envp[1] == NULL);
	ASSERT_EQ(len, 4);
	ASSERT_OK(add_hotplug_env_var(envp, 3, &i, buf, sizeof(buf), &len, "B=%s", "xy"));
	ASSERT_EQ(i, 2);
	ASSERT_EQ(add_hotplug_env_var(envp, 3, &i, buf, sizeof(buf), &len, "C=3"), -ENOMEM);
	i = 1;
	ASSERT_EQ(add_hotplug_env_var(envp, 3, &i, buf, sizeof(buf), &len, "LONG=%s", "0123456789"),
		  -ENOMEM);
	ASSERT_EQ(i, 1);
	ASSERT_EQ(len, 9);
}

DEFINE_TEST(
	test_hotplug_env_places_caller_vars_after_subsystem,
	.description =
		"kobject_hotplug_env puts the caller's variables after SUBSYSTEM and before the kset's, SEQNUM last")
{
	static struct kset kset;
	static char *ext[] = { "SYNTH_UUID=0", "X=y", NULL };
	const struct rec_event *e;
	struct hobj *o;

	kset_setup(&kset, "ext", &two_vars_ops);
	o = hobj_register("o", NULL, &kset);
	listen_start();
	kobject_hotplug_env("change", &o->kobj, ext);
	ASSERT_EQ(nr_events, 1);
	e = &events[0];
	ASSERT_EQ(e->nvars, 8);
	ASSERT_EQ(var_index(e, "ACTION=change"), 0);
	ASSERT_EQ(var_index(e, "SUBSYSTEM=ext"), 2);
	ASSERT_EQ(var_index(e, "SYNTH_UUID=0"), 3);
	ASSERT_EQ(var_index(e, "X=y"), 4);
	ASSERT_EQ(var_index(e, "ID=o"), 5);
	ASSERT_EQ(var_index(e, "FOO=bar"), 6);
	ASSERT_EQ(var_index(e, "SEQNUM=2"), 7);
	listen_stop();
	kobject_unregister(&o->kobj);
	kset_unregister(&kset);
}

DEFINE_TEST(
	test_uevent_show_gives_the_kset_variables,
	.description =
		"what a uevent file shows is the kset's variables, a line each; nothing for a filtered object or a kset without hotplug(); the error of a failing hotplug()")
{
	static struct kset kset, plain;
	struct hobj *o, *hidden, *bad, *p;
	char buf[4096];

	kset_setup(&kset, "shw", &two_vars_ops);
	kset_setup(&plain, "pln", &plain_ops);
	o = hobj_register("o", NULL, &kset);
	hidden = hobj_register("hidden", NULL, &kset);
	bad = hobj_register("bad", NULL, &kset);
	p = hobj_register("p", NULL, &plain);
	ASSERT_EQ(kobject_uevent_show(&o->kobj, buf), 13);
	ASSERT_STREQ(buf, "ID=o\nFOO=bar\n");
	ASSERT_EQ(kobject_uevent_show(&hidden->kobj, buf), 0);
	ASSERT_STREQ(buf, "");
	ASSERT_EQ(kobject_uevent_show(&bad->kobj, buf), -ENODEV);
	ASSERT_EQ(kobject_uevent_show(&p->kobj, buf), 0);
	kobject_unregister(&o->kobj);
	kobject_unregister(&hidden->kobj);
	kobject_unregister(&bad->kobj);
	kobject_unregister(&p->kobj);
	kset_unregister(&kset);
	kset_unregister(&plain);
}

DEFINE_TEST(
	test_synth_uevent_sends_what_was_written,
	.description =
		"a uevent write sends that action with SYNTH_UUID=0, or the UUID and SYNTH_ARG_ variables given; an unknown action or bad arguments send nothing and give -EINVAL")
{
	static const char uuid[] = "01234567-89ab-cdef-0123-456789abcdef";
	static struct kset kset;
	const struct rec_event *e;
	char buf[128];
	struct hobj *o;

	kset_setup(&kset, "syn", &two_vars_ops);
	o = hobj_register("o", NULL, &kset);
	listen_start();
	ASSERT_OK(kobject_synth_uevent(&o->kobj, "change\n", 7));
	ASSERT_EQ(nr_events, 1);
	expect_event(0, "change", "/syn/o", "syn");
	ASSERT_EQ(var_index(&events[0], "SYNTH_UUID=0"), 3);

	snprintf(buf, sizeof(buf), "add %s A=1 b2=x\n", uuid);
	ASSERT_OK(kobject_synth_uevent(&o->kobj, buf, strlen(buf)));
	ASSERT_EQ(nr_events, 2);
	e = &events[1];
	expect_event(1, "add", "/syn/o", "syn");
	ASSERT_EQ(var_index(e, "SYNTH_UUID=01234567-89ab-cdef-0123-456789abcdef"), 3);
	ASSERT_EQ(var_index(e, "SYNTH_ARG_A=1"), 4);
	ASSERT_EQ(var_index(e, "SYNTH_ARG_b2=x"), 5);
	ASSERT_EQ(var_index(e, "ID=o"), 6);

	ASSERT_OK(kobject_synth_uevent(&o->kobj, "remove", 6)); /* only the event */
	ASSERT_EQ(nr_events, 3);
	expect_event(2, "remove", "/syn/o", "syn");
	ASSERT(tree_exists("/syn/o"));

	ASSERT_EQ(kobject_synth_uevent(&o->kobj, "frob\n", 5), -EINVAL);
	ASSERT_EQ(kobject_synth_uevent(&o->kobj, "addx", 4), -EINVAL);
	ASSERT_EQ(kobject_synth_uevent(&o->kobj, "add not-a-uuid", 14), -EINVAL);
	snprintf(buf, sizeof(buf), "add %s =x", uuid);
	ASSERT_EQ(kobject_synth_uevent(&o->kobj, buf, strlen(buf)), -EINVAL);
	snprintf(buf, sizeof(buf), "add %s A-B=x", uuid);
	ASSERT_EQ(kobject_synth_uevent(&o->kobj, buf, strlen(buf)), -EINVAL);
	ASSERT_EQ(kobject_synth_uevent(&o->kobj, "", 0), -EINVAL);
	ASSERT_EQ(nr_events, 3);
	listen_stop();
	kobject_unregister(&o->kobj);
	kset_unregister(&kset);
}

/* ---- the netlink form ---- */

static char *name_x(struct kset *kset, struct kobject *kobj)
{
	(void)kset;
	(void)kobj;
	return "x";
}

static int add_major_minor(struct kset *kset, struct kobject *kobj, char **envp, int num_envp,
			   char *buffer, int buffer_size)
{
	(void)kset;
	(void)kobj;
	if (num_envp < 3 || buffer_size < 16)
		return -ENOMEM;
	envp[0] = strcpy(buffer, "MAJOR=4");
	envp[1] = strcpy(buffer + 8, "MINOR=2");
	envp[2] = NULL;
	return 0;
}

static struct kset_hotplug_ops netlink_ops = {
	.name = name_x,
	.hotplug = add_major_minor,
};

DEFINE_TEST(
	test_netlink_form_is_exact,
	.description =
		"the event's buffer is the netlink uevent form byte for byte: ACTION@DEVPATH, then each variable with its NUL, SEQNUM last")
{
	static const char add_form[] = "add@/nlk/dev0\0ACTION=add\0DEVPATH=/nlk/dev0\0SUBSYSTEM=x\0"
				       "MAJOR=4\0MINOR=2\0SEQNUM=1\0";
	static const char remove_form[] =
		"remove@/nlk/dev0\0ACTION=remove\0DEVPATH=/nlk/dev0\0SUBSYSTEM=x\0"
		"MAJOR=4\0MINOR=2\0SEQNUM=2\0";
	static struct kset kset;
	struct hobj *o;

	kset_setup(&kset, "nlk", &netlink_ops);
	listen_start();
	o = hobj_register("dev0", NULL, &kset);
	ASSERT_EQ(nr_events, 1);
	ASSERT_EQ(events[0].len, sizeof(add_form) - 1);
	ASSERT(!memcmp(events[0].buf, add_form, sizeof(add_form) - 1));
	ASSERT_EQ(events[0].seqnum, 1);

	kobject_unregister(&o->kobj);
	ASSERT_EQ(nr_events, 2);
	ASSERT_EQ(events[1].len, sizeof(remove_form) - 1);
	ASSERT(!memcmp(events[1].buf, remove_form, sizeof(remove_form) - 1));
	listen_stop();
	kset_unregister(&kset);
}

/* ---- sequence numbers ---- */

DEFINE_TEST(
	test_seqnum_starts_at_one_and_increases_by_one,
	.description =
		"the first event has SEQNUM=1, each next one more; /kernel/uevent_seqnum shows the last")
{
	static struct kset kset;
	struct hobj *o[5];
	char name[16], var[32];
	unsigned int i;

	kset_setup(&kset, "seq", &plain_ops);
	ASSERT_EQ(seqnum_file(), 0);
	listen_start();
	for (i = 0; i < 5; i++) {
		snprintf(name, sizeof(name), "o%u", i);
		o[i] = hobj_register(name, NULL, &kset);
		ASSERT_EQ(seqnum_file(), i + 1);
	}
	for (i = 0; i < 5; i++)
		kobject_unregister(&o[i]->kobj);
	ASSERT_EQ(nr_events, 10);
	for (i = 0; i < 10; i++) {
		ASSERT_EQ(events[i].seqnum, i + 1);
		snprintf(var, sizeof(var), "SEQNUM=%u", i + 1);
		ASSERT_EQ(var_index(&events[i], var), events[i].nvars - 1);
	}
	ASSERT_EQ(seqnum_file(), 10);
	listen_stop();
	kset_unregister(&kset);
}

/* ---- "remove" while the directory exists ---- */

static int remove_lookup_result = 1;
static char remove_read[64];
static int remove_events;

/* On "remove", look at the object's directory and read its file: the tree only. */
static void look_at_removed(const struct ldm_uevent *ev, void *data)
{
	struct ldm_sysfs_node *sd;
	char path[160];

	(void)data;
	if (strcmp(ev->action, "remove"))
		return;
	remove_events++;
	remove_lookup_result = ldm_sysfs_lookup(ev->devpath, 0, &sd);
	if (!remove_lookup_result)
		ldm_sysfs_put(sd);
	snprintf(path, sizeof(path), "%s/name", ev->devpath);
	if (ldm_sysfs_read_path(path, remove_read, sizeof(remove_read)) < 0)
		remove_read[0] = '\0';
}

DEFINE_TEST(
	test_remove_event_sent_while_directory_exists,
	.description =
		"the \"remove\" event is delivered before the directory goes: a listener finds it and reads its files")
{
	static struct kset kset;
	struct hobj *o;

	kset_setup(&kset, "rm", &plain_ops);
	ASSERT_OK(ldm_uevent_listen(look_at_removed, NULL));
	o = hobj_register("going", NULL, &kset);
	ASSERT_EQ(remove_events, 0);
	kobject_unregister(&o->kobj);
	ASSERT_EQ(remove_events, 1);
	ASSERT_EQ(remove_lookup_result, 0);
	ASSERT_STREQ(remove_read, "going\n");
	ASSERT_EQ(ldm_sysfs_read_path("/rm/going/name", remove_read, sizeof(remove_read)), -ENOENT);
	ASSERT_OK(ldm_uevent_unlisten(look_at_removed, NULL));
	kset_unregister(&kset);
}

/* ---- sequence numbers under threads ---- */

#define CONC_THREADS 4
#define CONC_OBJS    200
#define CONC_EVENTS  (CONC_THREADS * CONC_OBJS * 2)

static pthread_mutex_t conc_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long long conc_seqnums[CONC_EVENTS];
static unsigned int conc_nr;
static unsigned int conc_bad; /* events of a wrong shape */
/* Per object: the seqnum of its add and of its remove event. */
static unsigned long long conc_add[CONC_THREADS][CONC_OBJS];
static unsigned long long conc_remove[CONC_THREADS][CONC_OBJS];
static struct kset conc_kset;

static void conc_record(const struct ldm_uevent *ev, void *data)
{
	unsigned int t, i;
	bool add;

	(void)data;
	pthread_mutex_lock(&conc_lock);
	if (conc_nr < CONC_EVENTS)
		conc_seqnums[conc_nr] = ev->seqnum;
	conc_nr++;
	add = !strcmp(ev->action, "add");
	if (sscanf(ev->devpath, "/conc/t%u-%u", &t, &i) != 2 || t >= CONC_THREADS ||
	    i >= CONC_OBJS || (!add && strcmp(ev->action, "remove")))
		conc_bad++;
	else if (add)
		conc_add[t][i] = ev->seqnum;
	else
		conc_remove[t][i] = ev->seqnum;
	pthread_mutex_unlock(&conc_lock);
}

static void *conc_churn(void *arg)
{
	unsigned int t = (unsigned int)(long)arg, i;
	char name[32];

	for (i = 0; i < CONC_OBJS; i++) {
		struct hobj *o;

		snprintf(name, sizeof(name), "t%u-%u", t, i);
		o = hobj_register(name, NULL, &conc_kset);
		kobject_unregister(&o->kobj);
	}
	return NULL;
}

DEFINE_TEST(
	test_seqnums_unique_and_increasing_under_concurrent_churn,
	.description =
		"4 threads register and unregister 200 kobjects each: every event has its own SEQNUM, delivered in order 1..1600, add before remove",
	.concurrency = true)
{
	pthread_t threads[CONC_THREADS];
	unsigned int t, i;

	kset_setup(&conc_kset, "conc", &plain_ops);
	ASSERT_OK(ldm_uevent_listen(conc_record, NULL));
	for (t = 0; t < CONC_THREADS; t++)
		ASSERT_OK(pthread_create(&threads[t], NULL, conc_churn, (void *)(long)t));
	for (t = 0; t < CONC_THREADS; t++)
		ASSERT_OK(pthread_join(threads[t], NULL));
	ASSERT_OK(ldm_uevent_unlisten(conc_record, NULL));

	ASSERT_EQ(conc_nr, CONC_EVENTS);
	ASSERT_EQ(conc_bad, 0);
	for (i = 0; i < CONC_EVENTS; i++)
		ASSERT_EQ(conc_seqnums[i], i + 1);
	for (t = 0; t < CONC_THREADS; t++) {
		for (i = 0; i < CONC_OBJS; i++) {
			ASSERT(conc_add[t][i] != 0);
			ASSERT(conc_remove[t][i] > conc_add[t][i]);
		}
	}
	ASSERT_EQ(seqnum_file(), CONC_EVENTS);
	ASSERT_EQ(atomic_read(&nr_released), CONC_THREADS * CONC_OBJS);
	kset_unregister(&conc_kset);
}

/* ---- the helper program ---- */

static char *name_hpsub(struct kset *kset, struct kobject *kobj)
{
	(void)kset;
	(void)kobj;
	return "hpsub";
}

static int add_hpvar(struct kset *kset, struct kobject *kobj, char **envp, int num_envp,
		     char *buffer, int buffer_size)
{
	(void)kset;
	(void)kobj;
	if (num_envp < 2 || buffer_size < 16)
		return -ENOMEM;
	envp[0] = strcpy(buffer, "HPVAR=hello");
	envp[1] = NULL;
	return 0;
}

static struct kset_hotplug_ops helper_ops = {
	.name = name_hpsub,
	.hotplug = add_hpvar,
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Read a whole small file into a new string, or NULL if it is not there. */
static char *read_file(const char *path)
{
	char *buf;
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return NULL;
	buf = calloc(1, 8192);
	ASSERT(buf);
	n = fread(buf, 1, 8191, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* Whether @text, lines of KEY=value, has the line @line. */
static bool has_line(const char *text, const char *line)
{
	size_t len = strlen(line);
	const char *p;

	for (p = text; (p = strstr(p, line)) != NULL; p++)
		if ((p == text || p[-1] == '\n') && (p[len] == '\n' || p[len] == '\0'))
			return true;
	return false;
}

DEFINE_TEST(
	test_helper_program_gets_subsystem_and_environment,
	.description =
		"the helper set in /kernel/uevent_helper runs with argv[1] the subsystem and HOME, PATH, ACTION, DEVPATH, SUBSYSTEM, SEQNUM and the kset's variables")
{
	static struct kset kset;
	char dir[] = "/tmp/ldm-hotplug-XXXXXX";
	char script[128], out[128], tmp[128], text[512];
	struct hobj *o;
	char *dump = NULL;
	double deadline;
	FILE *f;

	ASSERT(mkdtemp(dir));
	snprintf(script, sizeof(script), "%s/helper.sh", dir);
	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(tmp, sizeof(tmp), "%s/out.tmp", dir);
	f = fopen(script, "w");
	ASSERT(f);
	/* Write to a temporary file and rename: the test never sees half a dump. */
	fprintf(f, "#!/bin/sh\n{ echo \"ARG0=$0\"; echo \"ARG1=$1\"; env; } > '%s'\nmv '%s' '%s'\n",
		tmp, tmp, out);
	ASSERT_OK(fclose(f));
	ASSERT_OK(chmod(script, 0755));

	kset_setup(&kset, "hpk", &helper_ops);
	ASSERT_EQ(ldm_sysfs_write_path("/kernel/uevent_helper", script, strlen(script)),
		  (ssize_t)strlen(script));
	o = hobj_register("dev", NULL, &kset);

	deadline = now() + 10.0;
	while (!(dump = read_file(out)) && now() < deadline)
		usleep(10000);
	/* No more helpers: the remove event below must not run one. */
	ASSERT_EQ(ldm_sysfs_write_path("/kernel/uevent_helper", "\n", 1), 1);
	kobject_unregister(&o->kobj);
	kset_unregister(&kset);
	unlink(out);
	unlink(tmp);
	ASSERT_OK(unlink(script));
	ASSERT_OK(rmdir(dir));

	ASSERT(dump);
	snprintf(text, sizeof(text), "ARG0=%s", script);
	ASSERT(has_line(dump, text));
	ASSERT(has_line(dump, "ARG1=hpsub"));
	ASSERT(has_line(dump, "HOME=/"));
	ASSERT(has_line(dump, "PATH=/sbin:/bin:/usr/sbin:/usr/bin"));
	ASSERT(has_line(dump, "ACTION=add"));
	ASSERT(has_line(dump, "DEVPATH=/hpk/dev"));
	ASSERT(has_line(dump, "SUBSYSTEM=hpsub"));
	ASSERT(has_line(dump, "SEQNUM=1"));
	ASSERT(has_line(dump, "HPVAR=hello"));
	free(dump);
}
