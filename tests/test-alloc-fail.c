// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-alloc-fail.c - every allocation of an operation, made to fail in turn.
 *
 * Each test walks k = 1, 2, 3, ...: it builds fresh objects, makes the k-th
 * allocation from then on fail (ldm_fail_nth), runs one operation, and
 * checks that the failure was clean: a negative errno returned (or, for a
 * hotplug event, the event dropped whole), no node of the tree left behind,
 * the state as it was before the call, and every release() run exactly once
 * when the objects are dropped. The walk ends at the first k whose failure
 * never fired: then the operation saw no failure and must have succeeded.
 * Whatever an error path leaks, LeakSanitizer or the live-kobject report of
 * ldm_exit() names it.
 */
#include <fcntl.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"
#ifdef LDM_FAULT_INJECTION
#include "fault.h"
#endif

/* No operation here makes more allocations than this; ldm_init adds its exports. */
#define WALK_MAX 200

static void require_fault_injection(void)
{
#ifndef LDM_FAULT_INJECTION
	ldm_test_skip("built without -Dfault_injection=true");
#endif
}

#ifdef LDM_FAULT_INJECTION
#define fail_nth(k)  ldm_fail_nth(k)
#define fail_fired() ldm_fail_nth_fired()
#else
#define fail_nth(k)  ((void)(k))
#define fail_fired() 0
#endif

/* ---- objects: a kset whose members have default attributes ---- */

struct tobj {
	struct kobject kobj;
	int value;
};

struct tkset {
	struct kset kset;
};

#define to_tobj(k) container_of(k, struct tobj, kobj)

static int objs_released;
static int ksets_released;

static ssize_t tobj_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	return sprintf(buf, "%s %d\n", attr->name, to_tobj(kobj)->value);
}

static ssize_t tobj_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			  size_t count)
{
	(void)attr;
	to_tobj(kobj)->value = atoi(buf);
	return (ssize_t)count;
}

static struct sysfs_ops tobj_sysfs_ops = {
	.show = tobj_show,
	.store = tobj_store,
};

static void tobj_release(struct kobject *kobj)
{
	objs_released++;
	free(to_tobj(kobj));
}

static struct attribute attr_alpha = { .name = "alpha", .mode = 0644 };
static struct attribute attr_beta = { .name = "beta", .mode = 0444 };
static struct attribute attr_gamma = { .name = "gamma", .mode = 0444 };

/* Three: a directory stays below the size at which its hash table grows. */
static struct attribute *tobj_default_attrs[] = { &attr_alpha, &attr_beta, &attr_gamma, NULL };
static struct attribute *tobj_one_attr[] = { &attr_alpha, NULL };

static struct kobj_type tobj_ktype = {
	.release = tobj_release,
	.sysfs_ops = &tobj_sysfs_ops,
	.default_attrs = tobj_default_attrs,
};

static struct kobj_type tobj_one_attr_ktype = {
	.release = tobj_release,
	.sysfs_ops = &tobj_sysfs_ops,
	.default_attrs = tobj_one_attr,
};

static struct kobj_type tobj_bare_ktype = {
	.release = tobj_release,
	.sysfs_ops = &tobj_sysfs_ops,
};

static void tkset_release(struct kobject *kobj)
{
	ksets_released++;
	free(container_of(kobj, struct tkset, kset.kobj));
}

static struct kobj_type tkset_ktype = {
	.release = tkset_release,
};

static char *af_hotplug_name(struct kset *kset, struct kobject *kobj)
{
	(void)kset;
	(void)kobj;
	return "afsub";
}

static int af_hotplug(struct kset *kset, struct kobject *kobj, char **envp, int num_envp,
		      char *buffer, int buffer_size)
{
	(void)kset;
	if (num_envp < 2)
		return -ENOMEM;
	if (snprintf(buffer, (size_t)buffer_size, "AF_VALUE=%d", to_tobj(kobj)->value) >=
	    buffer_size)
		return -ENOMEM;
	envp[0] = buffer;
	envp[1] = NULL;
	return 0;
}

static struct kset_hotplug_ops af_hotplug_ops = {
	.name = af_hotplug_name,
	.hotplug = af_hotplug,
};

/* A registered kset named @name; members take @member_ktype. */
static struct tkset *tkset_create(const char *name, struct kobj_type *member_ktype,
				  struct kset_hotplug_ops *ops)
{
	struct tkset *ts = calloc(1, sizeof(*ts));

	ASSERT(ts);
	ASSERT_OK(kobject_set_name(&ts->kset.kobj, "%s", name));
	ts->kset.kobj.ktype = &tkset_ktype;
	ts->kset.ktype = member_ktype;
	ts->kset.hotplug_ops = ops;
	ASSERT_OK(kset_register(&ts->kset));
	return ts;
}

static void tkset_destroy(struct tkset *ts)
{
	ksets_released = 0;
	kset_unregister(&ts->kset);
	ASSERT_EQ(ksets_released, 1);
}

/* A kobject not yet registered: named, typed, in @kset (or NULL). */
static struct tobj *tobj_new(const char *name, struct kobj_type *ktype, struct kset *kset,
			     int value)
{
	struct tobj *o = calloc(1, sizeof(*o));

	ASSERT(o);
	ASSERT_OK(kobject_set_name(&o->kobj, "%s", name));
	o->kobj.ktype = ktype;
	o->kobj.kset = kset;
	o->value = value;
	return o;
}

static struct tobj *tobj_create(const char *name, struct kobj_type *ktype, struct kset *kset,
				int value)
{
	struct tobj *o = tobj_new(name, ktype, kset, value);

	ASSERT_OK(kobject_register(&o->kobj));
	return o;
}

/* Unregister a registered kobject: its release runs then, once. */
static void tobj_destroy(struct tobj *o)
{
	objs_released = 0;
	kobject_unregister(&o->kobj);
	ASSERT_EQ(objs_released, 1);
}

/* ---- the tree ---- */

static unsigned long node_ino(const char *path)
{
	struct ldm_sysfs_stat st;
	struct ldm_sysfs_node *sd;

	ASSERT_OK(ldm_sysfs_lookup(path, 0, &sd));
	ASSERT_OK(ldm_sysfs_stat(sd, &st));
	ldm_sysfs_put(sd);
	return st.ino;
}

static int count_entry(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
{
	(void)name;
	(void)st;
	(*(int *)ctx)++;
	return 0;
}

/* How many entries the directory at @path lists. */
static int dir_entries(const char *path)
{
	struct ldm_sysfs_node *sd;
	int n = 0;

	ASSERT_OK(ldm_sysfs_lookup(path, 0, &sd));
	ASSERT_OK(ldm_sysfs_readdir(sd, count_entry, &n));
	ldm_sysfs_put(sd);
	return n;
}

/* The attribute at @dir/@name reads "@name @value\n". */
static void assert_attr_reads(const char *dir, const char *name, int value)
{
	char path[256], want[64], buf[64];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(want, sizeof(want), "%s %d\n", name, value);
	ASSERT_EQ(ldm_sysfs_read_path(path, buf, sizeof(buf)), (ssize_t)strlen(want));
	ASSERT_STREQ(buf, want);
}

static void assert_no_node(const char *dir, const char *name)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	ASSERT_EQ(tree_type(path), -ENOENT);
}

/* ---- hotplug events, checked as they arrive ---- */

struct seen {
	int count;
	const char *problem; /* the first malformed event, if any */
	char action[16];
	char devpath[128];
	int value;
	unsigned long long seqnum;
};

static struct seen seen;

static void seen_reset(void)
{
	memset(&seen, 0, sizeof(seen));
}

/* What is wrong with @ev as a complete event of the af kset, or NULL. */
static const char *event_problem(const struct ldm_uevent *ev, int *value)
{
	char want[5][160], num[32];
	const char *p;
	size_t len;
	int i;

	if (!ev->action || !ev->devpath || !ev->subsystem || !ev->envp || !ev->buf)
		return "a field is NULL";
	if (strcmp(ev->subsystem, "afsub"))
		return "wrong subsystem";
	snprintf(want[0], sizeof(want[0]), "ACTION=%s", ev->action);
	snprintf(want[1], sizeof(want[1]), "DEVPATH=%s", ev->devpath);
	snprintf(want[2], sizeof(want[2]), "SUBSYSTEM=%s", ev->subsystem);
	snprintf(want[4], sizeof(want[4]), "SEQNUM=%llu", ev->seqnum);
	for (i = 0; i < 5; i++) {
		if (!ev->envp[i])
			return "too few variables";
		if (i == 3) {
			if (sscanf(ev->envp[3], "AF_VALUE=%d", value) != 1)
				return "the kset's variable is missing";
			snprintf(want[3], sizeof(want[3]), "%s", ev->envp[3]);
		} else if (strcmp(ev->envp[i], want[i])) {
			return "a variable is wrong";
		}
	}
	if (ev->envp[5])
		return "too many variables";
	len = (size_t)snprintf(num, sizeof(num), "%s@", ev->action);
	if (strncmp(ev->buf, num, len) || strcmp(ev->buf + len, ev->devpath))
		return "netlink header is wrong";
	p = ev->buf + strlen(ev->buf) + 1;
	for (i = 0; i < 5; i++) {
		if ((size_t)(p - ev->buf) >= ev->len || strcmp(p, want[i]))
			return "netlink body is wrong";
		p += strlen(p) + 1;
	}
	if ((size_t)(p - ev->buf) != ev->len)
		return "netlink length is wrong";
	return NULL;
}

static void record_event(const struct ldm_uevent *ev, void *data)
{
	const char *problem;
	int value = 0;

	(void)data;
	problem = event_problem(ev, &value);
	if (!problem && ev->seqnum <= seen.seqnum)
		problem = "SEQNUM did not increase";
	if (problem) {
		if (!seen.problem)
			seen.problem = problem;
		return;
	}
	seen.count++;
	snprintf(seen.action, sizeof(seen.action), "%s", ev->action);
	snprintf(seen.devpath, sizeof(seen.devpath), "%s", ev->devpath);
	seen.value = value;
	seen.seqnum = ev->seqnum;
}

static unsigned long long seqnum_file(void)
{
	char buf[64];

	ASSERT(ldm_sysfs_read_path("/kernel/uevent_seqnum", buf, sizeof(buf)) > 0);
	return strtoull(buf, NULL, 10);
}

static void assert_one_event(const char *action, const char *devpath, int value)
{
	if (seen.problem)
		FAIL("listener got a malformed event: %s", seen.problem);
	ASSERT_EQ(seen.count, 1);
	ASSERT_STREQ(seen.action, action);
	ASSERT_STREQ(seen.devpath, devpath);
	ASSERT_EQ(seen.value, value);
	ASSERT_EQ(seen.seqnum, seqnum_file());
}

static void assert_no_event(unsigned long long seqnum_before)
{
	if (seen.problem)
		FAIL("listener got a malformed event: %s", seen.problem);
	ASSERT_EQ(seen.count, 0);
	/* A dropped event takes no sequence number: no gap for a listener. */
	ASSERT_EQ(seqnum_file(), seqnum_before);
}

/* ---- (a) kobject_register ---- */

/* The member's directory with exactly its three default attributes. */
static void assert_member_complete(const char *dir, int value)
{
	ASSERT_EQ(tree_type(dir), LDM_SYSFS_DIR);
	ASSERT_EQ(dir_entries(dir), 3);
	assert_attr_reads(dir, "alpha", value);
	assert_attr_reads(dir, "beta", value);
	assert_attr_reads(dir, "gamma", value);
}

DEFINE_TEST(
	test_kobject_register_fails_cleanly_at_every_allocation,
	.description =
		"kobject_register in a kset with default attributes and hotplug ops: each failed allocation returns -ENOMEM and leaves no node, or drops the add event whole")
{
	const char *dir = "/af-kset/a-member-with-a-long-name";
	unsigned long long seq;
	unsigned int k;
	int ret, fired;

	require_fault_injection();
	ASSERT_OK(ldm_uevent_listen(record_event, NULL));
	for (k = 1;; k++) {
		struct tkset *ts = tkset_create("af-kset", &tobj_ktype, &af_hotplug_ops);
		struct tobj *o = tobj_new("a-member-with-a-long-name", NULL, &ts->kset, (int)k);

		ASSERT(k <= WALK_MAX);
		seen_reset();
		seq = seqnum_file();
		objs_released = 0;

		fail_nth(k);
		ret = kobject_register(&o->kobj);
		fail_nth(0);
		fired = fail_fired();

		if (!fired) {
			ASSERT_OK(ret);
			assert_member_complete(dir, (int)k);
			assert_one_event("add", dir, (int)k);
		} else if (ret) {
			ASSERT_EQ(ret, -ENOMEM);
			ASSERT_EQ(tree_type(dir), -ENOENT);
			ASSERT_EQ(dir_entries("/af-kset"), 0);
			ASSERT(!kset_find_obj(&ts->kset, "a-member-with-a-long-name"));
			assert_no_event(seq);
			ASSERT_EQ(objs_released, 0);
			/* kobject_register leaves the caller its reference. */
			kobject_put(&o->kobj);
			ASSERT_EQ(objs_released, 1);
		} else {
			/*
			 * Only building the event (dropped whole) or growing a
			 * directory's hash table (only slower) may fail unseen.
			 */
			assert_member_complete(dir, (int)k);
			if (seen.count)
				assert_one_event("add", dir, (int)k);
			else
				assert_no_event(seq);
		}
		if (!fired || !ret) {
			struct kobject *found =
				kset_find_obj(&ts->kset, "a-member-with-a-long-name");

			ASSERT(found == &o->kobj);
			kobject_put(found);
			seen_reset();
			tobj_destroy(o);
			assert_one_event("remove", dir, (int)k);
			ASSERT_EQ(tree_type(dir), -ENOENT);
		}
		ASSERT_EQ(objs_released, 1);
		tkset_destroy(ts);
		ASSERT_EQ(tree_type("/af-kset"), -ENOENT);
		if (!fired)
			break;
	}
	ASSERT(k > 1);
	ASSERT_OK(ldm_uevent_unlisten(record_event, NULL));
}

/* ---- (b) sysfs_create_group ---- */

static struct attribute attr_g1 = { .name = "g-one", .mode = 0444 };
static struct attribute attr_g2 = { .name = "g-two", .mode = 0644 };
static struct attribute attr_g3 = { .name = "g-three", .mode = 0444 };
static struct attribute *group_attrs[] = { &attr_g1, &attr_g2, &attr_g3, NULL };

static const struct attribute_group named_group = { .name = "grp", .attrs = group_attrs };
static const struct attribute_group unnamed_group = { .attrs = group_attrs };

/*
 * Walk sysfs_create_group(@grp) on a kobject of type @ktype (whose own
 * attributes, @nown of them, must stay untouched) at the root.
 */
static void walk_create_group(const struct attribute_group *grp, struct kobj_type *ktype, int nown)
{
	const char *dir = "/grp-obj";
	char files[64];
	unsigned int k;
	int ret, fired, i;

	snprintf(files, sizeof(files), "%s%s%s", dir, grp->name ? "/" : "",
		 grp->name ? grp->name : "");
	for (k = 1;; k++) {
		struct tobj *o = tobj_create("grp-obj", ktype, NULL, (int)k);

		ASSERT(k <= WALK_MAX);
		fail_nth(k);
		ret = sysfs_create_group(&o->kobj, grp);
		fail_nth(0);
		fired = fail_fired();

		/* A failed growth of a directory's hash table is not an error. */
		if (!fired || !ret) {
			ASSERT_OK(ret);
			if (grp->name)
				ASSERT_EQ(tree_type(files), LDM_SYSFS_DIR);
			for (i = 0; grp->attrs[i]; i++)
				assert_attr_reads(files, grp->attrs[i]->name, (int)k);
			ASSERT_EQ(dir_entries(dir), nown + (grp->name ? 1 : 3));
			sysfs_remove_group(&o->kobj, grp);
		} else {
			ASSERT_EQ(ret, -ENOMEM);
		}
		/* Failed, or removed again: nothing of the group, all of the rest. */
		if (grp->name)
			assert_no_node(dir, grp->name);
		for (i = 0; grp->attrs[i]; i++) {
			assert_no_node(dir, grp->attrs[i]->name);
			assert_no_node(files, grp->attrs[i]->name);
		}
		ASSERT_EQ(dir_entries(dir), nown);
		if (nown)
			assert_attr_reads(dir, "alpha", (int)k);
		tobj_destroy(o);
		ASSERT_EQ(tree_type(dir), -ENOENT);
		if (!fired)
			break;
	}
	ASSERT(k > 1);
}

DEFINE_TEST(
	test_create_named_group_fails_cleanly_at_every_allocation,
	.description =
		"sysfs_create_group with a named group: each failed allocation returns -ENOMEM and leaves neither the subdirectory nor any of its files")
{
	require_fault_injection();
	walk_create_group(&named_group, &tobj_one_attr_ktype, 1);
}

DEFINE_TEST(
	test_create_unnamed_group_fails_cleanly_at_every_allocation,
	.description =
		"sysfs_create_group with an unnamed group: each failed allocation returns -ENOMEM and leaves none of its files, and the kobject's own file in place")
{
	require_fault_injection();
	walk_create_group(&unnamed_group, &tobj_one_attr_ktype, 1);
}

DEFINE_TEST(
	test_create_unnamed_group_in_empty_dir_fails_cleanly_at_every_allocation,
	.description =
		"sysfs_create_group with an unnamed group as the first files of a directory (its hash table allocated then): each failure leaves nothing")
{
	require_fault_injection();
	walk_create_group(&unnamed_group, &tobj_bare_ktype, 0);
}

/* ---- (c) kobject_hotplug ---- */

DEFINE_TEST(
	test_hotplug_event_is_whole_or_absent_at_every_allocation,
	.description =
		"kobject_hotplug with a listener: a failed allocation drops the event whole and takes no SEQNUM; the listener never sees a partial one")
{
	const char *dir = "/hp-kset/hp-obj";
	unsigned long long seq;
	unsigned int k;
	int fired;

	require_fault_injection();
	ASSERT_OK(ldm_uevent_listen(record_event, NULL));
	for (k = 1;; k++) {
		struct tkset *ts = tkset_create("hp-kset", &tobj_ktype, &af_hotplug_ops);
		struct tobj *o = tobj_create("hp-obj", NULL, &ts->kset, 100 + (int)k);

		ASSERT(k <= WALK_MAX);
		seen_reset();
		seq = seqnum_file();

		fail_nth(k);
		kobject_hotplug("change", &o->kobj);
		fail_nth(0);
		fired = fail_fired();

		if (!fired) {
			assert_one_event("change", dir, 100 + (int)k);
			ASSERT_EQ(seen.seqnum, seq + 1);
		} else {
			assert_no_event(seq);
		}
		/* The object itself is untouched either way. */
		assert_member_complete(dir, 100 + (int)k);
		tobj_destroy(o);
		tkset_destroy(ts);
		if (!fired)
			break;
	}
	ASSERT(k > 1);
	ASSERT_OK(ldm_uevent_unlisten(record_event, NULL));
}

/* ---- (d) sysfs_create_link ---- */

DEFINE_TEST(
	test_create_link_fails_cleanly_at_every_allocation,
	.description =
		"sysfs_create_link: each failed allocation returns -ENOMEM, leaves no link, and the target is released once as usual")
{
	struct ldm_sysfs_node *link, *target;
	struct ldm_sysfs_stat st;
	unsigned long ino;
	unsigned int k;
	char buf[64];
	int ret, fired;

	require_fault_injection();
	for (k = 1;; k++) {
		/* A bare directory: the link is its first entry. */
		struct tobj *from = tobj_create("link-from", &tobj_bare_ktype, NULL, 0);
		struct tobj *to = tobj_create("link-to", &tobj_one_attr_ktype, NULL, (int)k);

		ASSERT(k <= WALK_MAX);
		ino = node_ino("/link-to");
		fail_nth(k);
		ret = sysfs_create_link(&from->kobj, &to->kobj, "peer");
		fail_nth(0);
		fired = fail_fired();

		if (!fired) {
			ASSERT_OK(ret);
			ASSERT_OK(ldm_sysfs_lookup("/link-from/peer", 0, &link));
			ASSERT_EQ(ldm_sysfs_readlink(link, buf, sizeof(buf)), 10);
			ASSERT_STREQ(buf, "../link-to");
			ASSERT_OK(ldm_sysfs_follow(link, &target));
			ASSERT_OK(ldm_sysfs_stat(target, &st));
			ASSERT_EQ(st.ino, ino);
			ldm_sysfs_put(target);
			ldm_sysfs_put(link);
			assert_attr_reads("/link-from/peer", "alpha", (int)k);
			sysfs_remove_link(&from->kobj, "peer");
		} else {
			ASSERT_EQ(ret, -ENOMEM);
		}
		ASSERT_EQ(tree_type("/link-from/peer"), -ENOENT);
		ASSERT_EQ(dir_entries("/link-from"), 0);
		assert_attr_reads("/link-to", "alpha", (int)k);
		tobj_destroy(to);
		ASSERT_EQ(tree_type("/link-to"), -ENOENT);
		tobj_destroy(from);
		if (!fired)
			break;
	}
	ASSERT(k > 1);
}

/* ---- (e) ldm_init ---- */

static int count_export(const struct ldm_export *exp, void *data)
{
	struct ldm_export found;

	/* Each export listed is also found by name: the hash is whole. */
	if (ldm_export_lookup(exp->name, &found) || found.value != exp->value)
		return -EIO;
	(*(unsigned int *)data)++;
	return 0;
}

static unsigned int count_exports(void)
{
	unsigned int n = 0;

	ASSERT_OK(ldm_export_for_each(count_export, &n));
	return n;
}

/* ldm_exit(), failing if it reports a kobject still alive. */
static void exit_checked(void)
{
	char tmpl[] = "/tmp/ldm-af-XXXXXX", buf[1024];
	int fd = mkstemp(tmpl), saved = dup(STDERR_FILENO);
	ssize_t n;

	ASSERT(fd >= 0 && saved >= 0);
	unlink(tmpl);
	fflush(stderr);
	dup2(fd, STDERR_FILENO);
	ldm_exit();
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	n = pread(fd, buf, sizeof(buf) - 1, 0);
	close(fd);
	if (n > 0) {
		buf[n] = '\0';
		FAIL("ldm_exit() printed: %s", buf);
	}
}

/* A booted runtime has all of its exports and /kernel with its files. */
static void assert_runtime_complete(unsigned int nexports)
{
	char buf[64];

	ASSERT_EQ(count_exports(), nexports);
	ASSERT_EQ(tree_type("/kernel"), LDM_SYSFS_DIR);
	/* uevent_helper, uevent_seqnum, tainted, ldm_sysfs, export_policy */
	ASSERT_EQ(dir_entries("/kernel"), 5);
	ASSERT_EQ(ldm_sysfs_read_path("/kernel/uevent_helper", buf, sizeof(buf)), 1);
	ASSERT_EQ(ldm_sysfs_read_path("/kernel/uevent_seqnum", buf, sizeof(buf)), 2);
	ASSERT_STREQ(buf, "0\n");
	ASSERT_EQ(ldm_sysfs_read_path("/kernel/tainted", buf, sizeof(buf)), 2);
	ASSERT_STREQ(buf, "0\n");
}

DEFINE_TEST(
	test_init_fails_cleanly_at_every_allocation,
	.description =
		"ldm_init: each failed allocation returns -ENOMEM with nothing left up, and a later ldm_init/ldm_exit works and leaks nothing",
	.no_runtime = true)
{
	struct ldm_export exp;
	unsigned int nexports, k;
	int ret, fired;

	require_fault_injection();
	ASSERT_OK(ldm_init());
	nexports = count_exports();
	ASSERT(nexports > 0);
	exit_checked();

	for (k = 1;; k++) {
		ASSERT(k <= WALK_MAX + nexports);
		fail_nth(k);
		ret = ldm_init();
		fail_nth(0);
		fired = fail_fired();

		if (fired && ret) {
			ASSERT_EQ(ret, -ENOMEM);
			/* Nothing of the runtime is up. */
			ASSERT_EQ(tree_type("/kernel"), -ENODEV);
			ASSERT_EQ(ldm_export_lookup("kobject_register", &exp), -ENOENT);
			ASSERT_OK(ldm_init());
		} else {
			/* Only a hash table's growth may fail unseen: it just stays small. */
			ASSERT_OK(ret);
		}
		assert_runtime_complete(nexports);
		ASSERT_EQ(ldm_init(), -EBUSY);
		exit_checked();
		ASSERT_EQ(tree_type("/kernel"), -ENODEV);
		if (!fired)
			break;
	}
	ASSERT(k > 1);
}

/* ---- (f) kobject_rename ---- */

static void walk_rename(const char *old_name, const char *new_name)
{
	char old_dir[64], new_dir[64];
	unsigned long ino;
	unsigned int k;
	int ret, fired;

	snprintf(old_dir, sizeof(old_dir), "/rn-kset/%s", old_name);
	snprintf(new_dir, sizeof(new_dir), "/rn-kset/%s", new_name);
	for (k = 1;; k++) {
		struct tkset *ts = tkset_create("rn-kset", &tobj_ktype, NULL);
		struct tobj *o = tobj_create(old_name, NULL, &ts->kset, (int)k);

		ASSERT(k <= WALK_MAX);
		ino = node_ino(old_dir);
		fail_nth(k);
		ret = kobject_rename(&o->kobj, (char *)new_name);
		fail_nth(0);
		fired = fail_fired();

		if (!fired) {
			ASSERT_OK(ret);
			ASSERT_STREQ(kobject_name(&o->kobj), new_name);
			ASSERT_EQ(tree_type(old_dir), -ENOENT);
			ASSERT_EQ(node_ino(new_dir), ino);
			assert_member_complete(new_dir, (int)k);
		} else {
			ASSERT_EQ(ret, -ENOMEM);
			/* The old name and path stay; the new one never appeared. */
			ASSERT_STREQ(kobject_name(&o->kobj), old_name);
			ASSERT_EQ(tree_type(new_dir), -ENOENT);
			ASSERT_EQ(node_ino(old_dir), ino);
			assert_member_complete(old_dir, (int)k);
		}
		ASSERT_EQ(dir_entries("/rn-kset"), 1);
		tobj_destroy(o);
		ASSERT_EQ(dir_entries("/rn-kset"), 0);
		tkset_destroy(ts);
		if (!fired)
			break;
	}
	ASSERT(k > 1);
}

DEFINE_TEST(
	test_rename_to_long_name_fails_cleanly_at_every_allocation,
	.description =
		"kobject_rename to a name that needs allocating: each failed allocation returns -ENOMEM and leaves the old name and path")
{
	require_fault_injection();
	walk_rename("short", "a-new-name-longer-than-twenty");
}

DEFINE_TEST(
	test_rename_from_long_name_fails_cleanly_at_every_allocation,
	.description =
		"kobject_rename from an allocated name to a short one: each failed allocation returns -ENOMEM and leaves the old name and path")
{
	require_fault_injection();
	walk_rename("an-old-name-longer-than-twenty", "short");
}

/* ---- (g) parents: kobject_register under a parent, kset_register in a subsystem ---- */

DEFINE_TEST(
	test_register_under_parent_fails_without_touching_parent,
	.description =
		"kobject_register with an explicit parent: each failure leaves the parent's refcount as it was, and the parent is released once, at its own unregister")
{
	unsigned int before, k;
	int ret, fired;

	require_fault_injection();
	for (k = 1;; k++) {
		struct tobj *parent = tobj_create("af-parent", &tobj_bare_ktype, NULL, 0);
		struct tobj *o = tobj_new("child", &tobj_ktype, NULL, (int)k);

		ASSERT(k <= WALK_MAX);
		o->kobj.parent = &parent->kobj;
		before = kref_read(&parent->kobj.kref);
		objs_released = 0;

		fail_nth(k);
		ret = kobject_register(&o->kobj);
		fail_nth(0);
		fired = fail_fired();

		/* A failed growth of a directory's hash table is not an error. */
		if (!fired || !ret) {
			ASSERT_OK(ret);
			ASSERT_EQ(kref_read(&parent->kobj.kref), before + 1);
			assert_member_complete("/af-parent/child", (int)k);
			tobj_destroy(o);
		} else {
			ASSERT_EQ(ret, -ENOMEM);
			ASSERT_EQ(tree_type("/af-parent/child"), -ENOENT);
			ASSERT_EQ(kref_read(&parent->kobj.kref), before);
			kobject_put(&o->kobj);
			ASSERT_EQ(objs_released, 1);
		}
		/* The child's release dropped what it held on the parent, no more. */
		ASSERT_EQ(kref_read(&parent->kobj.kref), before);
		ASSERT_EQ(dir_entries("/af-parent"), 0);
		tobj_destroy(parent);
		if (!fired)
			break;
	}
	ASSERT(k > 1);
}

static int subsys_released;

static void af_subsys_release(struct kobject *kobj)
{
	(void)kobj;
	subsys_released++;
}

static struct kobj_type af_subsys_ktype = {
	.release = af_subsys_release,
};

static struct subsystem af_subsys = {
	.kset = { .kobj = { .name = "af-subsys", .ktype = &af_subsys_ktype } },
};

DEFINE_TEST(
	test_subsystem_register_fails_cleanly_at_every_allocation,
	.description =
		"subsystem_register of a static subsystem: each failure returns -ENOMEM, drops its own reference (release runs once, no put by the caller), and the subsystem registers again")
{
	unsigned int k;
	int ret, fired;

	require_fault_injection();
	for (k = 1;; k++) {
		ASSERT(k <= WALK_MAX);
		subsys_released = 0;
		fail_nth(k);
		ret = subsystem_register(&af_subsys);
		fail_nth(0);
		fired = fail_fired();

		if (fired && ret) {
			ASSERT_EQ(ret, -ENOMEM);
			ASSERT_EQ(subsys_released, 1);
			ASSERT_EQ(tree_type("/af-subsys"), -ENOENT);
			continue;
		}
		/* Only a growth of the root's hash table may fail unseen: it stays small. */
		ASSERT_OK(ret);
		ASSERT_EQ(tree_type("/af-subsys"), LDM_SYSFS_DIR);
		ASSERT_EQ(subsys_released, 0);
		subsystem_unregister(&af_subsys);
		ASSERT_EQ(subsys_released, 1);
		if (!fired)
			break;
	}
	ASSERT(k > 1);
}

DEFINE_TEST(
	test_kset_register_in_subsystem_fails_without_touching_subsystem,
	.description =
		"kset_register of a kset in a subsystem: each failure returns -ENOMEM, releases the kset once by itself, and leaves the subsystem's refcount as it was")
{
	unsigned int before, k;
	int ret, fired;

	require_fault_injection();
	subsys_released = 0;
	ASSERT_OK(subsystem_register(&af_subsys));
	for (k = 1;; k++) {
		struct tkset *ts = calloc(1, sizeof(*ts));

		ASSERT(ts);
		ASSERT(k <= WALK_MAX);
		ASSERT_OK(kobject_set_name(&ts->kset.kobj, "af-kset"));
		ts->kset.kobj.ktype = &tkset_ktype;
		ts->kset.ktype = &tobj_ktype;
		ts->kset.subsys = &af_subsys;
		before = kref_read(&af_subsys.kset.kobj.kref);
		ksets_released = 0;

		fail_nth(k);
		ret = kset_register(&ts->kset);
		fail_nth(0);
		fired = fail_fired();

		if (fired) {
			/* kset_register dropped its own reference: @ts is gone. */
			ASSERT_EQ(ret, -ENOMEM);
			ASSERT_EQ(ksets_released, 1);
			ASSERT_EQ(tree_type("/af-subsys/af-kset"), -ENOENT);
		} else {
			ASSERT_OK(ret);
			ASSERT_EQ(tree_type("/af-subsys/af-kset"), LDM_SYSFS_DIR);
			ASSERT_EQ(kref_read(&af_subsys.kset.kobj.kref), before + 1);
			tkset_destroy(ts);
		}
		ASSERT_EQ(kref_read(&af_subsys.kset.kobj.kref), before);
		ASSERT_EQ(subsys_released, 0);
		if (!fired)
			break;
	}
	ASSERT(k > 1);
	subsystem_unregister(&af_subsys);
	ASSERT_EQ(subsys_released, 1);
}
