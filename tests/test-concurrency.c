// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-concurrency.c - the runtime under threads: kobjects registered and
 * unregistered, files created and removed, while other threads walk the tree
 * and do I/O through the path-level API; open files across removal;
 * reference counts taken and dropped from many threads; a rename racing with
 * look-ups; children added under a parent being removed. Every test is also
 * in the ThreadSanitizer suite (ldm-test --concurrency), so what it proves
 * beyond its assertions is that no data race, use after free or leak shows
 * under either sanitizer.
 *
 * Every loop is bounded by a count and by time (RUN_SECONDS); elapsed time
 * is never asserted on.
 */
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

#define RUN_SECONDS 2.0

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool time_up(double deadline)
{
	return now() >= deadline;
}

static void start_threads(pthread_t *threads, unsigned int n, void *(*fn)(void *), void *args,
			  size_t arg_size)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		ASSERT_OK(pthread_create(&threads[i], NULL, fn, (char *)args + i * arg_size));
}

static void join_threads(pthread_t *threads, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		ASSERT_OK(pthread_join(threads[i], NULL));
}

/* Wait, bounded, until @flag is set. */
static void wait_flag(atomic_t *flag, double deadline)
{
	while (!atomic_read(flag) && !time_up(deadline))
		sched_yield();
}

/* ---- objects: a kobject with a number and a label ---- */

struct cobj {
	struct kobject kobj;
	atomic_t value;
	atomic_t in_show; /* show() calls running on it */
	unsigned int id;  /* index into the test's release counters */
	char label[32];
};

#define to_cobj(k) container_of(k, struct cobj, kobj)

/* release() counts per object id, and releases that ran during a show(). */
#define MAX_OBJS 64
static atomic_t released[MAX_OBJS];
static atomic_t released_in_show;

static struct attribute attr_value = { .name = "value", .mode = 0644 };
static struct attribute attr_label = { .name = "label", .mode = 0444 };
static struct attribute attr_slow = { .name = "slow", .mode = 0444 };
static struct attribute attr_extra0 = { .name = "extra0", .mode = 0644 };
static struct attribute attr_extra1 = { .name = "extra1", .mode = 0644 };
static struct attribute attr_racy = { .name = "racy", .mode = 0644 };

static ssize_t cobj_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct cobj *o = to_cobj(kobj);

	if (attr == &attr_label)
		return sprintf(buf, "%s\n", o->label);
	if (attr == &attr_slow) {
		int value;

		/* Stay inside show() a while: removal must wait for us. */
		atomic_inc(&o->in_show);
		sched_yield();
		usleep(50);
		value = atomic_read(&o->value);
		atomic_dec(&o->in_show);
		return sprintf(buf, "%d\n", value);
	}
	return sprintf(buf, "%d\n", atomic_read(&o->value));
}

static ssize_t cobj_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			  size_t count)
{
	(void)attr;
	atomic_set(&to_cobj(kobj)->value, atoi(buf));
	return (ssize_t)count;
}

static struct sysfs_ops cobj_sysfs_ops = {
	.show = cobj_show,
	.store = cobj_store,
};

static void cobj_release(struct kobject *kobj)
{
	struct cobj *o = to_cobj(kobj);

	if (atomic_read(&o->in_show))
		atomic_inc(&released_in_show);
	atomic_inc(&released[o->id]);
	free(o);
}

static struct attribute *cobj_attrs[] = { &attr_value, &attr_label, &attr_slow, NULL };

static struct kobj_type cobj_ktype = {
	.release = cobj_release,
	.sysfs_ops = &cobj_sysfs_ops,
	.default_attrs = cobj_attrs,
};

static char *conc_hotplug_name(struct kset *kset, struct kobject *kobj)
{
	(void)kset;
	(void)kobj;
	return "conc";
}

static struct kset_hotplug_ops conc_hotplug_ops = {
	.name = conc_hotplug_name,
};

/* Ksets live in static storage and are registered by each test. */
static struct kset test_kset;

static void test_kset_register(const char *name, struct kset_hotplug_ops *ops)
{
	memset(&test_kset, 0, sizeof(test_kset));
	ASSERT_OK(kobject_set_name(&test_kset.kobj, "%s", name));
	test_kset.ktype = &cobj_ktype;
	test_kset.hotplug_ops = ops;
	ASSERT_OK(kset_register(&test_kset));
}

static struct cobj *cobj_register(unsigned int id, const char *name)
{
	struct cobj *o = calloc(1, sizeof(*o));

	ASSERT(o);
	ASSERT(id < MAX_OBJS);
	o->id = id;
	snprintf(o->label, sizeof(o->label), "%s", name);
	ASSERT_OK(kobject_set_name(&o->kobj, "%s", name));
	o->kobj.kset = &test_kset;
	ASSERT_OK(kobject_register(&o->kobj));
	return o;
}

static int released_total(void)
{
	int i, n = 0;

	for (i = 0; i < MAX_OBJS; i++)
		n += atomic_read(&released[i]);
	return n;
}

static int count_entry(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
{
	(void)name;
	(void)st;
	(*(int *)ctx)++;
	return 0;
}

static int dir_entries(const char *path)
{
	struct ldm_sysfs_node *sd;
	int n = 0;

	ASSERT_OK(ldm_sysfs_lookup(path, 0, &sd));
	ASSERT_OK(ldm_sysfs_readdir(sd, count_entry, &n));
	ldm_sysfs_put(sd);
	return n;
}

/* What a path-level call returned: success, or one of the errors allowed. */
struct outcomes {
	atomic_long_t ok;
	atomic_long_t enoent;
	atomic_long_t enodev;
};

static void count_outcome(struct outcomes *oc, long r, const char *what, const char *path)
{
	if (r >= 0)
		atomic_long_inc_return(&oc->ok);
	else if (r == -ENOENT)
		atomic_long_inc_return(&oc->enoent);
	else if (r == -ENODEV)
		atomic_long_inc_return(&oc->enodev);
	else
		FAIL("%s %s returned %ld (%s)", what, path, r, strerror((int)-r));
}

/* ---- (1) register/unregister and files, against the path-level API ---- */

#define C1_WRITERS	3
#define C1_READERS	3
#define C1_SLOTS	4
#define C1_WRITER_ITERS 20000
#define C1_READER_ITERS 20000

static atomic_t c1_stop;
static atomic_t c1_registered;
static atomic_t c1_unregistered;
static atomic_t c1_events_add;
static atomic_t c1_events_remove;
static atomic_t c1_events_bad;
static unsigned long long c1_last_seqnum; /* under the event lock */
static struct outcomes c1_out;
static atomic_long_t c1_label_reads;

/* Listeners run under the event lock: SEQNUM must only grow. */
static void c1_event(const struct ldm_uevent *ev, void *data)
{
	(void)data;
	if (ev->seqnum <= c1_last_seqnum || strcmp(ev->subsystem, "conc"))
		atomic_inc(&c1_events_bad);
	c1_last_seqnum = ev->seqnum;
	if (!strcmp(ev->action, "add"))
		atomic_inc(&c1_events_add);
	else if (!strcmp(ev->action, "remove"))
		atomic_inc(&c1_events_remove);
	else
		atomic_inc(&c1_events_bad);
}

struct c1_writer {
	unsigned int index;
	double deadline;
};

static void c1_name(char *buf, size_t size, unsigned int writer, unsigned int slot)
{
	snprintf(buf, size, "w%u-s%u", writer, slot);
}

static void *c1_writer_fn(void *arg)
{
	struct c1_writer *w = arg;
	struct cobj *objs[C1_SLOTS] = { NULL };
	bool extra[C1_SLOTS][2] = { { false } };
	struct attribute *extras[2] = { &attr_extra0, &attr_extra1 };
	unsigned int i, slot, x;
	char name[32];

	for (i = 0; i < C1_WRITER_ITERS && !time_up(w->deadline); i++) {
		slot = i % C1_SLOTS;
		x = (i / C1_SLOTS) % 2;
		if (!objs[slot]) {
			c1_name(name, sizeof(name), w->index, slot);
			objs[slot] = cobj_register(w->index * C1_SLOTS + slot, name);
			atomic_inc(&c1_registered);
			ASSERT_OK(sysfs_create_file(&objs[slot]->kobj, extras[x]));
			extra[slot][x] = true;
		} else if (!extra[slot][x]) {
			ASSERT_OK(sysfs_create_file(&objs[slot]->kobj, extras[x]));
			extra[slot][x] = true;
		} else if ((i / C1_SLOTS) % 3) {
			sysfs_remove_file(&objs[slot]->kobj, extras[x]);
			extra[slot][x] = false;
		} else {
			kobject_unregister(&objs[slot]->kobj);
			atomic_inc(&c1_unregistered);
			objs[slot] = NULL;
			extra[slot][0] = extra[slot][1] = false;
		}
	}
	for (slot = 0; slot < C1_SLOTS; slot++) {
		if (objs[slot]) {
			kobject_unregister(&objs[slot]->kobj);
			atomic_inc(&c1_unregistered);
		}
	}
	return NULL;
}

static ssize_t rbin_read(struct kobject *kobj, char *buf, loff_t off, size_t count)
{
	(void)kobj;
	memset(buf, 'b', count);
	(void)off;
	return (ssize_t)count;
}

static struct bin_attribute attr_rbin = {
	.attr = { .name = "rbin", .mode = 0444 },
	.size = 8,
	.read = rbin_read,
};

static struct attribute attr_rg0 = { .name = "rg0", .mode = 0444 };
static struct attribute attr_rg1 = { .name = "rg1", .mode = 0444 };
static struct attribute *rgroup_attrs[] = { &attr_rg0, &attr_rg1, NULL };
static const struct attribute_group rgroup_named = { .name = "rgroup", .attrs = rgroup_attrs };
static const struct attribute_group rgroup_unnamed = { .attrs = rgroup_attrs };

/* A call on a kobject that may be leaving: done, or its directory is gone. */
static void c1_racer_check(int error, const char *what, const char *name)
{
	if (error && error != -ENOENT)
		FAIL("%s on %s returned %d (%s)", what, name, error, strerror(-error));
}

/*
 * Another thread's nodes in the writers' kobjects: it holds a reference from
 * kset_find_obj() while the owner may be unregistering the kobject. Every
 * kind of node a kobject's directory holds: a file, a binary file, a group
 * with and without a name, a link.
 */
static void *c1_racer_fn(void *arg)
{
	double deadline = *(double *)arg;
	struct kobject *kobj;
	unsigned int i;
	char name[32];

	for (i = 0; i < C1_WRITER_ITERS && !atomic_read(&c1_stop) && !time_up(deadline); i++) {
		c1_name(name, sizeof(name), i % C1_WRITERS, (i / C1_WRITERS) % C1_SLOTS);
		kobj = kset_find_obj(&test_kset, name);
		if (!kobj)
			continue;
		switch (i % 5) {
		case 0:
			c1_racer_check(sysfs_create_file(kobj, &attr_racy), "create_file", name);
			sysfs_remove_file(kobj, &attr_racy);
			break;
		case 1:
			c1_racer_check(sysfs_create_bin_file(kobj, &attr_rbin), "create_bin_file",
				       name);
			c1_racer_check(sysfs_remove_bin_file(kobj, &attr_rbin), "remove_bin_file",
				       name);
			break;
		case 2:
			c1_racer_check(sysfs_create_group(kobj, &rgroup_named), "create_group",
				       name);
			sysfs_remove_group(kobj, &rgroup_named);
			break;
		case 3:
			c1_racer_check(sysfs_create_group(kobj, &rgroup_unnamed), "create_group",
				       name);
			sysfs_remove_group(kobj, &rgroup_unnamed);
			break;
		case 4:
			c1_racer_check(sysfs_create_link(kobj, &test_kset.kobj, "rlink"),
				       "create_link", name);
			sysfs_remove_link(kobj, "rlink");
			break;
		}
		kobject_put(kobj);
	}
	return NULL;
}

struct name_list {
	unsigned int n;
	char names[64][32];
	enum ldm_sysfs_type types[64];
};

static int collect_name(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
{
	struct name_list *l = ctx;

	if (l->n < 64) {
		l->types[l->n] = st->type;
		snprintf(l->names[l->n++], sizeof(l->names[0]), "%s", name);
	}
	return 0;
}

/* What may be in a member's directory, and of which type. */
static bool is_member_node(const char *name, enum ldm_sysfs_type type)
{
	static const struct {
		const char *name;
		enum ldm_sysfs_type type;
	} known[] = {
		{ "value", LDM_SYSFS_ATTR },  { "label", LDM_SYSFS_ATTR },
		{ "slow", LDM_SYSFS_ATTR },   { "extra0", LDM_SYSFS_ATTR },
		{ "extra1", LDM_SYSFS_ATTR }, { "racy", LDM_SYSFS_ATTR },
		{ "rg0", LDM_SYSFS_ATTR },    { "rg1", LDM_SYSFS_ATTR },
		{ "rbin", LDM_SYSFS_BIN },    { "rgroup", LDM_SYSFS_DIR },
		{ "rlink", LDM_SYSFS_LINK },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(known); i++)
		if (!strcmp(name, known[i].name))
			return type == known[i].type;
	return false;
}

/* Open, read, write, close one attribute of a member, by the path-level API. */
static void c1_attr_io(const char *dir, const char *attr, const char *member)
{
	struct ldm_sysfs_file *f;
	struct ldm_sysfs_node *sd;
	char path[128], buf[64], want[40];
	bool writable = strcmp(attr, "label") && strcmp(attr, "slow");
	ssize_t n;
	int error;

	writable = writable && strcmp(attr, "rbin") && strncmp(attr, "rg", 2);
	snprintf(path, sizeof(path), "%s/%s", dir, attr);
	error = ldm_sysfs_lookup(path, 0, &sd);
	count_outcome(&c1_out, error, "lookup", path);
	if (error)
		return;
	error = ldm_sysfs_open(sd, writable ? O_RDWR : O_RDONLY, &f);
	ldm_sysfs_put(sd);
	count_outcome(&c1_out, error, "open", path);
	if (error)
		return;
	n = ldm_sysfs_read(f, buf, sizeof(buf) - 1, &(loff_t){ 0 });
	count_outcome(&c1_out, n, "read", path);
	if (n > 0 && !strcmp(attr, "label")) {
		/* The file is served by the kobject whose directory holds it. */
		buf[n] = '\0';
		snprintf(want, sizeof(want), "%s\n", member);
		ASSERT_STREQ(buf, want);
		atomic_long_inc_return(&c1_label_reads);
	}
	if (writable) {
		n = ldm_sysfs_write(f, "7\n", 2, &(loff_t){ 0 });
		count_outcome(&c1_out, n, "write", path);
		if (n >= 0)
			ASSERT_EQ(n, 2);
	}
	ldm_sysfs_release(f);

	n = ldm_sysfs_read_path(path, buf, sizeof(buf));
	count_outcome(&c1_out, n, "read_path", path);
}

/* A group's directory inside a member: list it and read what it holds. */
static void c1_walk_group(const char *dir, const char *group, const char *member)
{
	struct name_list files = { 0 };
	struct ldm_sysfs_node *sd;
	char path[96];
	unsigned int i;
	int error;

	snprintf(path, sizeof(path), "%s/%s", dir, group);
	error = ldm_sysfs_lookup(path, 0, &sd);
	count_outcome(&c1_out, error, "lookup", path);
	if (error)
		return;
	ASSERT_OK(ldm_sysfs_readdir(sd, collect_name, &files));
	ldm_sysfs_put(sd);
	for (i = 0; i < files.n; i++) {
		if (strncmp(files.names[i], "rg", 2) || files.types[i] != LDM_SYSFS_ATTR)
			FAIL("%s lists a stranger: %s", path, files.names[i]);
		c1_attr_io(path, files.names[i], member);
	}
}

/* A link inside a member: it reads as the way up to the kset, and leads there. */
static void c1_walk_link(const char *dir, const char *link)
{
	struct ldm_sysfs_node *sd, *target;
	char path[96], buf[64];
	int error;

	snprintf(path, sizeof(path), "%s/%s", dir, link);
	error = ldm_sysfs_lookup(path, 0, &sd);
	count_outcome(&c1_out, error, "lookup", path);
	if (error)
		return;
	ASSERT_EQ(ldm_sysfs_readlink(sd, buf, sizeof(buf)), 11);
	ASSERT_STREQ(buf, "../../churn");
	ASSERT_OK(ldm_sysfs_follow(sd, &target));
	ASSERT_STREQ(ldm_sysfs_name(target), "churn");
	ldm_sysfs_put(target);
	ldm_sysfs_put(sd);
}

static void c1_walk_member(const char *member)
{
	struct name_list files = { 0 };
	struct ldm_sysfs_node *sd;
	char dir[64];
	unsigned int i;
	int error;

	snprintf(dir, sizeof(dir), "/churn/%s", member);
	error = ldm_sysfs_lookup(dir, 0, &sd);
	count_outcome(&c1_out, error, "lookup", dir);
	if (error)
		return;
	ASSERT_OK(ldm_sysfs_readdir(sd, collect_name, &files));
	ldm_sysfs_put(sd);
	for (i = 0; i < files.n; i++) {
		if (!is_member_node(files.names[i], files.types[i]))
			FAIL("%s lists a stranger: %s", dir, files.names[i]);
		if (files.types[i] == LDM_SYSFS_DIR)
			c1_walk_group(dir, files.names[i], member);
		else if (files.types[i] == LDM_SYSFS_LINK)
			c1_walk_link(dir, files.names[i]);
		else
			c1_attr_io(dir, files.names[i], member);
	}
	/* And the default files by name, listed or not. */
	c1_attr_io(dir, "label", member);
	c1_attr_io(dir, "value", member);
}

static void *c1_reader_fn(void *arg)
{
	double deadline = *(double *)arg;
	struct name_list members;
	struct ldm_sysfs_node *sd;
	unsigned int i, j;
	char name[32];

	for (i = 0; i < C1_READER_ITERS && !atomic_read(&c1_stop) && !time_up(deadline); i++) {
		members.n = 0;
		ASSERT_OK(ldm_sysfs_lookup("/churn", 0, &sd));
		ASSERT_OK(ldm_sysfs_readdir(sd, collect_name, &members));
		ldm_sysfs_put(sd);
		for (j = 0; j < members.n; j++)
			c1_walk_member(members.names[j]);
		/* A name that may or may not be there right now. */
		c1_name(name, sizeof(name), i % C1_WRITERS, (i / C1_WRITERS) % C1_SLOTS);
		c1_walk_member(name);
	}
	return NULL;
}

DEFINE_TEST(
	test_tree_walk_during_register_unregister_churn,
	.description =
		"writers register/unregister kobjects and create/remove files while readers walk, list, open, read and write them: readers see only success, -ENOENT or -ENODEV",
	.concurrency = true)
{
	struct c1_writer writers[C1_WRITERS];
	pthread_t wt[C1_WRITERS], rt[C1_READERS], racer;
	double deadline = now() + RUN_SECONDS;
	unsigned int i;

	test_kset_register("churn", &conc_hotplug_ops);
	ASSERT_OK(ldm_uevent_listen(c1_event, NULL));
	for (i = 0; i < C1_WRITERS; i++) {
		writers[i].index = i;
		writers[i].deadline = deadline;
	}
	start_threads(rt, C1_READERS, c1_reader_fn, &deadline, 0);
	ASSERT_OK(pthread_create(&racer, NULL, c1_racer_fn, &deadline));
	start_threads(wt, C1_WRITERS, c1_writer_fn, writers, sizeof(writers[0]));
	join_threads(wt, C1_WRITERS);
	atomic_set(&c1_stop, 1);
	ASSERT_OK(pthread_join(racer, NULL));
	join_threads(rt, C1_READERS);

	ASSERT_OK(ldm_uevent_unlisten(c1_event, NULL));
	ASSERT(atomic_read(&c1_registered) > 0);
	ASSERT_EQ(atomic_read(&c1_unregistered), atomic_read(&c1_registered));
	ASSERT_EQ(atomic_read(&c1_events_bad), 0);
	ASSERT_EQ(atomic_read(&c1_events_add), atomic_read(&c1_registered));
	ASSERT_EQ(atomic_read(&c1_events_remove), atomic_read(&c1_unregistered));
	ASSERT(atomic_long_read(&c1_out.ok) > 0);
	ASSERT(atomic_long_read(&c1_label_reads) > 0);
	printf("# %d registrations; reader calls: %ld ok, %ld -ENOENT, %ld -ENODEV\n",
	       atomic_read(&c1_registered), atomic_long_read(&c1_out.ok),
	       atomic_long_read(&c1_out.enoent), atomic_long_read(&c1_out.enodev));
	ASSERT_EQ(dir_entries("/churn"), 0);
	ASSERT_EQ(released_total(), atomic_read(&c1_registered));
	kset_unregister(&test_kset);
	ASSERT_EQ(atomic_read(&released_in_show), 0);
}

/* ---- (2) open files across removal ---- */

#define C2_OBJS	      8
#define C2_IO_THREADS 4
#define C2_ITERS      100000

struct c2_handles {
	struct ldm_sysfs_file *value[C2_OBJS]; /* O_RDWR */
	struct ldm_sysfs_file *slow[C2_OBJS];  /* O_RDONLY, a show() that lingers */
};

static struct cobj *c2_objs[C2_OBJS];
static atomic_t c2_removed[C2_OBJS]; /* set once kobject_unregister() returned */
static atomic_t c2_all_removed;
static atomic_t c2_started;
static struct outcomes c2_out;
static atomic_t c2_late_io; /* I/O that reached a removed kobject */

static void c2_open(struct c2_handles *h)
{
	struct ldm_sysfs_node *sd;
	char path[64];
	unsigned int i;

	for (i = 0; i < C2_OBJS; i++) {
		snprintf(path, sizeof(path), "/handles/h%u/value", i);
		ASSERT_OK(ldm_sysfs_lookup(path, 0, &sd));
		ASSERT_OK(ldm_sysfs_open(sd, O_RDWR, &h->value[i]));
		ldm_sysfs_put(sd);
		snprintf(path, sizeof(path), "/handles/h%u/slow", i);
		ASSERT_OK(ldm_sysfs_lookup(path, 0, &sd));
		ASSERT_OK(ldm_sysfs_open(sd, O_RDONLY, &h->slow[i]));
		ldm_sysfs_put(sd);
	}
}

/* One I/O; if the kobject was gone before it started, it must say -ENODEV. */
static void c2_check(long r, bool removed_before, const char *what)
{
	if (removed_before && r != -ENODEV)
		atomic_inc(&c2_late_io);
	count_outcome(&c2_out, r, what, "");
}

static void c2_io_pass(struct c2_handles *h)
{
	unsigned int i;
	char buf[32];
	bool gone;

	for (i = 0; i < C2_OBJS; i++) {
		gone = atomic_read(&c2_removed[i]);
		c2_check(ldm_sysfs_read(h->slow[i], buf, sizeof(buf), &(loff_t){ 0 }), gone,
			 "read slow");
		gone = atomic_read(&c2_removed[i]);
		c2_check(ldm_sysfs_write(h->value[i], "3\n", 2, &(loff_t){ 0 }), gone,
			 "write value");
		gone = atomic_read(&c2_removed[i]);
		c2_check(ldm_sysfs_read(h->value[i], buf, sizeof(buf), &(loff_t){ 0 }), gone,
			 "read value");
	}
}

struct c2_io {
	struct c2_handles h;
	double deadline;
};

static void *c2_io_fn(void *arg)
{
	struct c2_io *io = arg;
	unsigned int i;

	atomic_inc(&c2_started);
	for (i = 0; i < C2_ITERS && !atomic_read(&c2_all_removed) && !time_up(io->deadline); i++)
		c2_io_pass(&io->h);
	/* Once all is removed, one more pass: every call is -ENODEV. */
	wait_flag(&c2_all_removed, io->deadline + RUN_SECONDS);
	if (atomic_read(&c2_all_removed))
		c2_io_pass(&io->h);
	return NULL;
}

static void *c2_remover_fn(void *arg)
{
	double deadline = *(double *)arg;
	unsigned int i;

	/* Let the I/O get going, then take the kobjects away one by one. */
	while (atomic_read(&c2_started) < C2_IO_THREADS && !time_up(deadline))
		sched_yield();
	while (atomic_long_read(&c2_out.ok) < 1000 && !time_up(deadline))
		sched_yield();
	for (i = 0; i < C2_OBJS; i++) {
		kobject_unregister(&c2_objs[i]->kobj);
		/* No one else held the kobject: it is released, once, already. */
		ASSERT_EQ(atomic_read(&released[i]), 1);
		atomic_set(&c2_removed[i], 1);
		usleep(1000);
	}
	atomic_set(&c2_all_removed, 1);
	return NULL;
}

DEFINE_TEST(
	test_open_files_get_enodev_after_kobject_removal,
	.description =
		"threads hold open attributes while another unregisters their kobjects: removal waits for show(), later I/O returns -ENODEV, each release() runs once",
	.concurrency = true)
{
	struct c2_io io[C2_IO_THREADS];
	pthread_t it[C2_IO_THREADS], remover;
	double deadline = now() + RUN_SECONDS;
	char name[16], buf[32];
	unsigned int i, t;

	test_kset_register("handles", NULL);
	for (i = 0; i < C2_OBJS; i++) {
		snprintf(name, sizeof(name), "h%u", i);
		c2_objs[i] = cobj_register(i, name);
	}
	for (t = 0; t < C2_IO_THREADS; t++) {
		c2_open(&io[t].h);
		io[t].deadline = deadline;
	}
	start_threads(it, C2_IO_THREADS, c2_io_fn, io, sizeof(io[0]));
	ASSERT_OK(pthread_create(&remover, NULL, c2_remover_fn, &deadline));
	ASSERT_OK(pthread_join(remover, NULL));
	join_threads(it, C2_IO_THREADS);

	ASSERT_EQ(atomic_read(&c2_late_io), 0);
	ASSERT_EQ(atomic_read(&released_in_show), 0);
	ASSERT(atomic_long_read(&c2_out.ok) > 0);
	ASSERT(atomic_long_read(&c2_out.enodev) > 0);
	ASSERT_EQ(atomic_long_read(&c2_out.enoent), 0);
	for (t = 0; t < C2_IO_THREADS; t++) {
		for (i = 0; i < C2_OBJS; i++) {
			ASSERT_EQ(ldm_sysfs_read(io[t].h.slow[i], buf, sizeof(buf), &(loff_t){ 0 }),
				  -ENODEV);
			ASSERT_EQ(ldm_sysfs_write(io[t].h.value[i], "1\n", 2, &(loff_t){ 0 }),
				  -ENODEV);
			ldm_sysfs_release(io[t].h.slow[i]);
			ldm_sysfs_release(io[t].h.value[i]);
		}
	}
	for (i = 0; i < C2_OBJS; i++)
		ASSERT_EQ(atomic_read(&released[i]), 1);
	ASSERT_EQ(dir_entries("/handles"), 0);
	kset_unregister(&test_kset);
}

/* ---- (3) kobject_get/kobject_put from many threads ---- */

#define C3_OBJS	   4
#define C3_THREADS 8
#define C3_ITERS   200000

static struct cobj *c3_objs[C3_OBJS];
static atomic_t c3_go, c3_drop, c3_progress;

static void *c3_fn(void *arg)
{
	double deadline = *(double *)arg;
	struct kobject *found;
	unsigned int i, j;
	char name[16];

	wait_flag(&c3_go, deadline);
	for (i = 0; i < C3_ITERS && !time_up(deadline); i++) {
		j = i % C3_OBJS;
		kobject_get(&c3_objs[j]->kobj);
		kobject_get(&c3_objs[j]->kobj);
		kobject_put(&c3_objs[j]->kobj);
		kobject_put(&c3_objs[j]->kobj);
		if (i % 64 == 0) {
			/* Find it by name while it may be leaving its kset. */
			snprintf(name, sizeof(name), "r%u", j);
			found = kset_find_obj(&test_kset, name);
			if (found) {
				ASSERT(found == &c3_objs[j]->kobj);
				kobject_put(found);
			}
		}
		if (i == 1000)
			atomic_inc(&c3_progress);
	}
	if (i <= 1000)
		atomic_inc(&c3_progress);
	/* Drop the reference main took for us; one of us releases each object. */
	wait_flag(&c3_drop, deadline + RUN_SECONDS);
	ASSERT(atomic_read(&c3_drop));
	for (j = 0; j < C3_OBJS; j++)
		kobject_put(&c3_objs[j]->kobj);
	return NULL;
}

DEFINE_TEST(
	test_concurrent_get_put_releases_exactly_once,
	.description =
		"many threads take and drop references on shared kobjects while they are unregistered; each release() runs exactly once, after the last put",
	.concurrency = true)
{
	double deadline = now() + RUN_SECONDS;
	pthread_t threads[C3_THREADS];
	unsigned int i, t;
	char name[16];

	test_kset_register("refs", NULL);
	for (i = 0; i < C3_OBJS; i++) {
		snprintf(name, sizeof(name), "r%u", i);
		c3_objs[i] = cobj_register(i, name);
		for (t = 0; t < C3_THREADS; t++)
			kobject_get(&c3_objs[i]->kobj);
	}
	start_threads(threads, C3_THREADS, c3_fn, &deadline, 0);
	atomic_set(&c3_go, 1);
	while (atomic_read(&c3_progress) < C3_THREADS && !time_up(deadline))
		sched_yield();
	for (i = 0; i < C3_OBJS; i++) {
		kobject_unregister(&c3_objs[i]->kobj);
		/* The threads still hold theirs. */
		ASSERT_EQ(atomic_read(&released[i]), 0);
	}
	ASSERT_EQ(dir_entries("/refs"), 0);
	atomic_set(&c3_drop, 1);
	join_threads(threads, C3_THREADS);
	for (i = 0; i < C3_OBJS; i++)
		ASSERT_EQ(atomic_read(&released[i]), 1);
	kset_unregister(&test_kset);
}

/* ---- (4) rename racing with look-ups ---- */

#define C4_NAME_A  "alpha"
#define C4_NAME_B  "beta-a-name-longer-than-twenty"
#define C4_READERS 3
#define C4_ITERS   100000

static struct cobj *c4_obj;
static unsigned long c4_ino;
static atomic_t c4_stop;
static struct outcomes c4_out;
static atomic_long_t c4_snapshots;

static void c4_lookup(const char *name)
{
	struct ldm_sysfs_stat st;
	struct ldm_sysfs_node *sd, *dir;
	char path[64], buf[32];
	ssize_t n;
	int error;

	snprintf(path, sizeof(path), "/rn/%s", name);
	error = ldm_sysfs_lookup(path, 0, &sd);
	count_outcome(&c4_out, error, "lookup", path);
	if (!error) {
		/* Found: it is the kobject's directory, whichever name it had. */
		ASSERT_OK(ldm_sysfs_stat(sd, &st));
		ASSERT_EQ(st.type, LDM_SYSFS_DIR);
		ASSERT_EQ(st.ino, c4_ino);
		ldm_sysfs_put(sd);
	}
	ASSERT_OK(ldm_sysfs_lookup("/rn", 0, &dir));
	error = ldm_sysfs_lookup_at(dir, name, &sd);
	count_outcome(&c4_out, error, "lookup_at", name);
	if (!error) {
		ASSERT_OK(ldm_sysfs_stat(sd, &st));
		ASSERT_EQ(st.ino, c4_ino);
		ldm_sysfs_put(sd);
	}
	ldm_sysfs_put(dir);

	snprintf(path, sizeof(path), "/rn/%s/label", name);
	n = ldm_sysfs_read_path(path, buf, sizeof(buf));
	count_outcome(&c4_out, n, "read_path", path);
	if (n >= 0)
		ASSERT_STREQ(buf, "renamed\n");
}

struct c4_snap {
	int a, b, other;
};

static int c4_fill(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
{
	struct c4_snap *s = ctx;

	if (!strcmp(name, C4_NAME_A))
		s->a++;
	else if (!strcmp(name, C4_NAME_B))
		s->b++;
	else
		s->other++;
	if (st->ino != c4_ino)
		s->other++;
	return 0;
}

static void *c4_reader_fn(void *arg)
{
	double deadline = *(double *)arg;
	struct c4_snap snap;
	struct ldm_sysfs_node *dir;
	unsigned int i;

	for (i = 0; i < C4_ITERS && !atomic_read(&c4_stop) && !time_up(deadline); i++) {
		c4_lookup(i % 2 ? C4_NAME_A : C4_NAME_B);
		/* A listing is one snapshot: it holds the directory under one name. */
		memset(&snap, 0, sizeof(snap));
		ASSERT_OK(ldm_sysfs_lookup("/rn", 0, &dir));
		ASSERT_OK(ldm_sysfs_readdir(dir, c4_fill, &snap));
		ldm_sysfs_put(dir);
		ASSERT_EQ(snap.other, 0);
		ASSERT_EQ(snap.a + snap.b, 1);
		atomic_long_inc_return(&c4_snapshots);
	}
	return NULL;
}

DEFINE_TEST(
	test_rename_races_with_lookups_of_both_names,
	.description =
		"a kobject renamed back and forth while threads look up, list and read both names: each finds the one directory or -ENOENT, each listing shows exactly one name",
	.concurrency = true)
{
	double deadline = now() + RUN_SECONDS;
	pthread_t readers[C4_READERS];
	struct ldm_sysfs_node *sd;
	struct ldm_sysfs_stat st;
	unsigned int i, renames = 0;
	const char *final;

	test_kset_register("rn", NULL);
	c4_obj = cobj_register(0, C4_NAME_A);
	snprintf(c4_obj->label, sizeof(c4_obj->label), "renamed");
	ASSERT_OK(ldm_sysfs_lookup("/rn/" C4_NAME_A, 0, &sd));
	ASSERT_OK(ldm_sysfs_stat(sd, &st));
	ldm_sysfs_put(sd);
	c4_ino = st.ino;

	start_threads(readers, C4_READERS, c4_reader_fn, &deadline, 0);
	for (i = 0; i < C4_ITERS && !time_up(deadline); i++) {
		ASSERT_OK(kobject_rename(&c4_obj->kobj, i % 2 ? C4_NAME_A : C4_NAME_B));
		renames++;
	}
	atomic_set(&c4_stop, 1);
	join_threads(readers, C4_READERS);

	ASSERT(renames > 0);
	ASSERT(atomic_long_read(&c4_snapshots) > 0);
	ASSERT(atomic_long_read(&c4_out.ok) > 0);
	ASSERT_EQ(atomic_long_read(&c4_out.enodev), 0);
	/* At rest, exactly the kobject's current name resolves. */
	final = renames % 2 ? C4_NAME_B : C4_NAME_A;
	ASSERT_STREQ(kobject_name(&c4_obj->kobj), final);
	ASSERT_OK(ldm_sysfs_lookup(renames % 2 ? "/rn/" C4_NAME_B : "/rn/" C4_NAME_A, 0, &sd));
	ldm_sysfs_put(sd);
	ASSERT_EQ(ldm_sysfs_lookup(renames % 2 ? "/rn/" C4_NAME_A : "/rn/" C4_NAME_B, 0, &sd),
		  -ENOENT);
	kobject_unregister(&c4_obj->kobj);
	ASSERT_EQ(atomic_read(&released[0]), 1);
	kset_unregister(&test_kset);
}

/* ---- (5) children added under a parent that is being removed ---- */

#define C5_PARENTS 4
#define C5_ADDERS  2
#define C5_ITERS   20000

static atomic_t c5_parents_made, c5_children_made, c5_children_added;
static atomic_t c5_stop;
static struct outcomes c5_out;

/* The owner of the parents registers and unregisters them. */
static void *c5_owner_fn(void *arg)
{
	double deadline = *(double *)arg;
	struct cobj *parents[C5_PARENTS] = { NULL };
	unsigned int i, slot;
	char name[16];

	/* Go on (bounded) until the adders got some children in, too. */
	for (i = 0; i < 10 * C5_ITERS && !time_up(deadline) &&
		    (i < C5_ITERS || atomic_read(&c5_children_added) < 100);
	     i++) {
		slot = i % C5_PARENTS;
		sched_yield();
		if (!parents[slot]) {
			snprintf(name, sizeof(name), "p%u", slot);
			parents[slot] = cobj_register(slot, name);
			atomic_inc(&c5_parents_made);
		} else {
			kobject_unregister(&parents[slot]->kobj);
			parents[slot] = NULL;
		}
	}
	for (slot = 0; slot < C5_PARENTS; slot++)
		if (parents[slot])
			kobject_unregister(&parents[slot]->kobj);
	atomic_set(&c5_stop, 1);
	return NULL;
}

/* Add a child under whichever parent is found; the parent may be leaving. */
static void *c5_adder_fn(void *arg)
{
	unsigned int index = *(unsigned int *)arg, i;
	struct kobject *parent;
	struct cobj *child;
	char name[16];
	int error;

	for (i = 0; i < 10 * C5_ITERS && !atomic_read(&c5_stop); i++) {
		snprintf(name, sizeof(name), "p%u", i % C5_PARENTS);
		parent = kset_find_obj(&test_kset, name);
		if (!parent)
			continue;
		child = calloc(1, sizeof(*child));
		ASSERT(child);
		child->id = C5_PARENTS;
		snprintf(child->label, sizeof(child->label), "child%u", index);
		ASSERT_OK(kobject_set_name(&child->kobj, "child%u", index));
		child->kobj.ktype = &cobj_ktype;
		child->kobj.parent = parent;
		atomic_inc(&c5_children_made);
		/* kobject_init + kobject_add: kobject_register would log each failure. */
		kobject_init(&child->kobj);
		error = kobject_add(&child->kobj);
		if (!error) {
			atomic_inc(&c5_children_added);
			kobject_unregister(&child->kobj);
		} else if (error == -ENOENT) {
			kobject_put(&child->kobj);
		} else {
			FAIL("kobject_add under %s returned %d (%s)", name, error,
			     strerror(-error));
		}
		kobject_put(parent);
	}
	return NULL;
}

static void *c5_reader_fn(void *arg)
{
	unsigned int i;
	char path[64], buf[32];

	(void)arg;
	for (i = 0; i < 10 * C5_ITERS && !atomic_read(&c5_stop); i++) {
		/* "slow" lingers in show(): a release meanwhile is counted. */
		snprintf(path, sizeof(path), "/race/p%u/child%u/%s", i % C5_PARENTS,
			 (i / C5_PARENTS) % C5_ADDERS, i % 2 ? "slow" : "label");
		count_outcome(&c5_out, ldm_sysfs_read_path(path, buf, sizeof(buf)), "read_path",
			      path);
	}
	return NULL;
}

DEFINE_TEST(
	test_add_under_parent_while_parent_is_removed,
	.description =
		"children are added under parents that their owner unregisters meanwhile: each add succeeds or returns -ENOENT, and every kobject is released exactly once",
	.concurrency = true)
{
	double deadline = now() + RUN_SECONDS;
	pthread_t owner, adders[C5_ADDERS], reader;
	unsigned int index[C5_ADDERS];
	unsigned int i;

	test_kset_register("race", NULL);
	for (i = 0; i < C5_ADDERS; i++)
		index[i] = i;
	ASSERT_OK(pthread_create(&reader, NULL, c5_reader_fn, NULL));
	start_threads(adders, C5_ADDERS, c5_adder_fn, index, sizeof(index[0]));
	ASSERT_OK(pthread_create(&owner, NULL, c5_owner_fn, &deadline));
	ASSERT_OK(pthread_join(owner, NULL));
	join_threads(adders, C5_ADDERS);
	ASSERT_OK(pthread_join(reader, NULL));

	ASSERT(atomic_read(&c5_children_added) > 0);
	ASSERT_EQ(released_total(), atomic_read(&c5_parents_made) + atomic_read(&c5_children_made));
	ASSERT_EQ(atomic_read(&released_in_show), 0);
	ASSERT_EQ(dir_entries("/race"), 0);
	kset_unregister(&test_kset);
}

/* ---- a device's uevent file read while its driver comes and goes ---- */

static atomic_t c6_stop;

static void *c6_reader_fn(void *arg)
{
	char buf[512];
	ssize_t n;

	(void)arg;
	while (!atomic_read(&c6_stop)) {
		n = ldm_sysfs_read_path("/devices/platform/c6dev/uevent", buf, sizeof(buf));
		if (n < 0)
			FAIL("reading the uevent file: %zd", n);
	}
	return NULL;
}

DEFINE_TEST(
	test_uevent_read_while_driver_binds_and_unbinds,
	.description =
		"a device's uevent file read in a loop while a driver of its name, allocated each time and freed after its unregister, binds and unbinds: every read succeeds, and DRIVER= is never read from a driver being freed (ASan, TSan)",
	.concurrency = true)
{
	double deadline = now() + RUN_SECONDS;
	struct platform_device *pdev;
	struct device_driver *drv;
	pthread_t reader;
	unsigned int i;
	char *name;

	pdev = platform_device_register_simple("c6dev", -1, NULL, 0);
	ASSERT(!IS_ERR(pdev));
	ASSERT_OK(pthread_create(&reader, NULL, c6_reader_fn, NULL));
	for (i = 0; i < 2000 && !time_up(deadline); i++) {
		drv = kzalloc(sizeof(*drv), GFP_KERNEL);
		ASSERT(drv);
		name = kstrdup("c6dev", GFP_KERNEL);
		ASSERT(name);
		drv->name = name;
		drv->bus = &platform_bus_type;
		ASSERT_OK(driver_register(drv));
		ASSERT(pdev->dev.driver == drv);
		driver_unregister(drv);
		kfree(name);
		kfree(drv);
	}
	atomic_set(&c6_stop, 1);
	ASSERT_OK(pthread_join(reader, NULL));
	platform_device_unregister(pdev);
}
