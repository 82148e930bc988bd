// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-kobject.c - kobjects, ksets and subsystems as lib/kobject.c of 2.6.9
 * defines them: release() once, at the last put, and parents that outlive
 * their children; where kobject_add() places an object, its path, its name
 * (inline or allocated), rename and its errors, a path read whole while an
 * ancestor is renamed, kset_find_obj, subsystem attribute files, default
 * attributes; bad names and a second add refused with the tree, the kset's
 * list and the references left as they were; the warning for a type without
 * release(); and kref itself.
 */
#include <limits.h>
#include <pthread.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

/* ---- a test object: a kobject, freed by its release() ---- */

struct tobj {
	struct kobject kobj;
	const char *label; /* a string literal, kept for the release log */
};

#define to_tobj(k) container_of(k, struct tobj, kobj)

/* Labels of released objects, in release order (tests here are single-threaded). */
#define MAX_RELEASES 32
static const char *release_log[MAX_RELEASES];
static unsigned int nr_released;

static void tobj_release(struct kobject *kobj)
{
	struct tobj *o = to_tobj(kobj);

	if (nr_released < MAX_RELEASES)
		release_log[nr_released] = o->label;
	nr_released++;
	free(o);
}

/* How many times the object labelled @label was released. */
static unsigned int released(const char *label)
{
	unsigned int i, n = 0;

	for (i = 0; i < nr_released && i < MAX_RELEASES; i++)
		if (!strcmp(release_log[i], label))
			n++;
	return n;
}

/* show() of every attribute here: the attribute's name, then the object's label. */
static ssize_t tobj_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	return sprintf(buf, "%s:%s\n", attr->name, to_tobj(kobj)->label);
}

static struct sysfs_ops tobj_sysfs_ops = {
	.show = tobj_show,
};

static struct kobj_type tobj_ktype = {
	.release = tobj_release,
	.sysfs_ops = &tobj_sysfs_ops,
};

/* A new, initialized object named @label: count one, not yet added. */
static struct tobj *tobj_new(const char *label, struct kobject *parent, struct kset *kset)
{
	struct tobj *o = calloc(1, sizeof(*o));

	ASSERT(o);
	o->label = label;
	ASSERT_OK(kobject_set_name(&o->kobj, "%s", label));
	o->kobj.parent = parent;
	o->kobj.kset = kset;
	o->kobj.ktype = &tobj_ktype;
	kobject_init(&o->kobj);
	return o;
}

static struct tobj *tobj_register(const char *label, struct kobject *parent, struct kset *kset)
{
	struct tobj *o = tobj_new(label, parent, kset);

	ASSERT_OK(kobject_add(&o->kobj));
	return o;
}

/* ---- looking at the tree ---- */

static int append_name(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
{
	char *list = ctx;

	(void)st;
	if (strlen(list) + strlen(name) + 2 > 512)
		return -ENOSPC;
	strcat(list, name);
	strcat(list, ",");
	return 0;
}

/* The names in a directory, "a,b,c," in creation order, into @list (512 bytes). */
static void list_dir(const char *path, char *list)
{
	struct ldm_sysfs_node *sd;

	list[0] = '\0';
	ASSERT_OK(ldm_sysfs_lookup(path, 0, &sd));
	ASSERT_OK(ldm_sysfs_readdir(sd, append_name, list));
	ldm_sysfs_put(sd);
}

/* How many times @kobj is on @kset's list. */
static int on_kset_list(struct kset *kset, struct kobject *kobj)
{
	struct kobject *pos;
	int n = 0;

	list_for_each_entry(pos, &kset->list, entry)
		if (pos == kobj)
			n++;
	return n;
}

static int kset_list_length(struct kset *kset)
{
	struct kobject *pos;
	int n = 0;

	list_for_each_entry(pos, &kset->list, entry)
		n++;
	return n;
}

/* A kset of static storage (its kobject needs no release()), registered at the root. */
static void kset_setup(struct kset *kset, const char *name)
{
	memset(kset, 0, sizeof(*kset));
	ASSERT_OK(kobject_set_name(&kset->kobj, "%s", name));
	ASSERT_OK(kset_register(kset));
}

/* ---- lifetime ---- */

DEFINE_TEST(
	test_release_runs_once_at_last_put,
	.description =
		"release() runs exactly once, when the last reference drops, not at unregister while others hold one")
{
	struct tobj *o = tobj_new("once", NULL, NULL);

	ASSERT_EQ(kref_read(&o->kobj.kref), 1);
	ASSERT(kobject_get(&o->kobj) == &o->kobj);
	kobject_get(&o->kobj);
	ASSERT_EQ(kref_read(&o->kobj.kref), 3);
	kobject_put(&o->kobj);
	kobject_put(&o->kobj);
	ASSERT_EQ(nr_released, 0);
	ASSERT_EQ(kref_read(&o->kobj.kref), 1);
	kobject_put(&o->kobj);
	ASSERT_EQ(nr_released, 1);
	ASSERT_EQ(released("once"), 1);

	/* Registered: unregister drops the tree's references, not a holder's. */
	o = tobj_register("held", NULL, NULL);
	ASSERT(tree_exists("/held"));
	kobject_get(&o->kobj);
	kobject_unregister(&o->kobj);
	ASSERT(!tree_exists("/held"));
	ASSERT_EQ(released("held"), 0);
	ASSERT_EQ(kref_read(&o->kobj.kref), 1);
	kobject_put(&o->kobj);
	ASSERT_EQ(released("held"), 1);
	ASSERT_EQ(nr_released, 2);
}

DEFINE_TEST(
	test_child_keeps_parent_until_child_released,
	.description =
		"a child holds a reference on its parent: the parent's release() runs only after the child's")
{
	struct tobj *parent = tobj_register("parent", NULL, NULL);
	struct tobj *child;
	unsigned int parent_refs = kref_read(&parent->kobj.kref);

	child = tobj_register("child", &parent->kobj, NULL);
	ASSERT(child->kobj.parent == &parent->kobj);
	ASSERT_EQ(kref_read(&parent->kobj.kref), parent_refs + 1);
	ASSERT(tree_exists("/parent/child"));

	kobject_get(&child->kobj); /* someone still uses the child */
	kobject_unregister(&child->kobj);
	kobject_unregister(&parent->kobj);
	ASSERT(!tree_exists("/parent"));
	ASSERT_EQ(nr_released, 0); /* the child pins its parent */

	kobject_put(&child->kobj);
	ASSERT_EQ(nr_released, 2);
	ASSERT_STREQ(release_log[0], "child");
	ASSERT_STREQ(release_log[1], "parent");

	/* The parent unregistered first, its child still registered below it. */
	parent = tobj_register("parent2", NULL, NULL);
	child = tobj_register("child2", &parent->kobj, NULL);
	kobject_unregister(&parent->kobj);
	ASSERT(!tree_exists("/parent2"));
	ASSERT_EQ(nr_released, 2);
	kobject_unregister(&child->kobj);
	ASSERT_EQ(nr_released, 4);
	ASSERT_STREQ(release_log[2], "child2");
	ASSERT_STREQ(release_log[3], "parent2");
}

/* ---- placement, path, names ---- */

DEFINE_TEST(
	test_kset_member_without_parent_goes_under_kset,
	.description =
		"kobject_add puts a kset member with no parent under the kset's kobject, and on the kset's list; kobject_del takes it off")
{
	static struct kset kset;
	struct tobj *loose, *member, *elsewhere;
	unsigned int kset_refs;

	kset_setup(&kset, "box");
	loose = tobj_register("loose", NULL, NULL);
	kset_refs = kref_read(&kset.kobj.kref);

	member = tobj_register("member", NULL, &kset);
	ASSERT(member->kobj.parent == &kset.kobj);
	ASSERT(member->kobj.kset == &kset);
	ASSERT(tree_exists("/box/member"));
	ASSERT(!tree_exists("/member"));
	ASSERT_EQ(on_kset_list(&kset, &member->kobj), 1);
	/* Its kset and its parent (the same kobject) are both referenced. */
	ASSERT_EQ(kref_read(&kset.kobj.kref), kset_refs + 2);

	/* With a parent of its own it stays there, and is still a member. */
	elsewhere = tobj_register("elsewhere", &loose->kobj, &kset);
	ASSERT(elsewhere->kobj.parent == &loose->kobj);
	ASSERT(tree_exists("/loose/elsewhere"));
	ASSERT(!tree_exists("/box/elsewhere"));
	ASSERT_EQ(on_kset_list(&kset, &elsewhere->kobj), 1);
	ASSERT_EQ(kset_list_length(&kset), 2);

	kobject_unregister(&member->kobj);
	ASSERT_EQ(kset_list_length(&kset), 1);
	ASSERT_EQ(on_kset_list(&kset, &elsewhere->kobj), 1);
	kobject_unregister(&elsewhere->kobj);
	ASSERT_EQ(kset_list_length(&kset), 0);
	ASSERT_EQ(kref_read(&kset.kobj.kref), kset_refs);
	ASSERT_EQ(released("member"), 1);
	ASSERT_EQ(released("elsewhere"), 1);
	kobject_unregister(&loose->kobj);
	kset_unregister(&kset);
	ASSERT(!tree_exists("/box"));
}

DEFINE_TEST(test_get_path_is_slash_separated_from_root,
	    .description =
		    "kobject_get_path gives \"/a/b/c\": a leading slash and one per level, as 2.6.9")
{
	struct tobj *a = tobj_register("a", NULL, NULL);
	struct tobj *b = tobj_register("b", &a->kobj, NULL);
	struct tobj *c = tobj_register("c", &b->kobj, NULL);
	char *path;

	path = kobject_get_path(NULL, &c->kobj, GFP_KERNEL);
	ASSERT_STREQ(path, "/a/b/c");
	kfree(path);
	path = kobject_get_path(NULL, &a->kobj, GFP_KERNEL);
	ASSERT_STREQ(path, "/a");
	kfree(path);
	ASSERT(tree_exists("/a/b/c"));

	kobject_unregister(&c->kobj);
	kobject_unregister(&b->kobj);
	kobject_unregister(&a->kobj);
	ASSERT_EQ(nr_released, 3);
}

DEFINE_TEST(
	test_long_name_is_allocated_short_name_is_inline,
	.description =
		"kobject_set_name keeps names under KOBJ_NAME_LEN in kobj->name and allocates longer ones, which work everywhere")
{
	static const char long_name[] = "a-name-of-twenty-seven-byte";
	struct tobj *o = tobj_new("short", NULL, NULL);
	char *path;

	ASSERT(kobject_name(&o->kobj) == o->kobj.name);
	ASSERT_STREQ(kobject_name(&o->kobj), "short");

	/* 19 characters still fit with the NUL; 20 do not. */
	ASSERT_OK(kobject_set_name(&o->kobj, "%s", "nineteen-characters"));
	ASSERT(kobject_name(&o->kobj) == o->kobj.name);
	ASSERT_STREQ(kobject_name(&o->kobj), "nineteen-characters");
	ASSERT_OK(kobject_set_name(&o->kobj, "%s", "twenty-characters-xx"));
	ASSERT(kobject_name(&o->kobj) != o->kobj.name);
	ASSERT_STREQ(kobject_name(&o->kobj), "twenty-characters-xx");

	/* Long to long, long to short and back: LeakSanitizer sees each old name freed. */
	ASSERT_OK(kobject_set_name(&o->kobj, "%s-%d", "a-name-of-twenty-seven", 1234));
	ASSERT_OK(kobject_set_name(&o->kobj, "tiny"));
	ASSERT(kobject_name(&o->kobj) == o->kobj.name);
	ASSERT_STREQ(kobject_name(&o->kobj), "tiny");
	ASSERT_OK(kobject_set_name(&o->kobj, "%s", long_name));
	ASSERT_EQ(strlen(kobject_name(&o->kobj)), 27);
	ASSERT_STREQ(kobject_name(&o->kobj), long_name);

	ASSERT_OK(kobject_add(&o->kobj));
	ASSERT(tree_exists("/a-name-of-twenty-seven-byte"));
	path = kobject_get_path(NULL, &o->kobj, GFP_KERNEL);
	ASSERT_STREQ(path, "/a-name-of-twenty-seven-byte");
	kfree(path);
	kobject_unregister(&o->kobj);
	ASSERT(!tree_exists("/a-name-of-twenty-seven-byte"));
	ASSERT_EQ(released("short"), 1);
}

/* ---- rename ---- */

static struct attribute attr_info = { .name = "info", .mode = 0444 };
static struct attribute *info_attrs[] = { &attr_info, NULL };

static struct kobj_type info_ktype = {
	.release = tobj_release,
	.sysfs_ops = &tobj_sysfs_ops,
	.default_attrs = info_attrs,
};

DEFINE_TEST(
	test_rename_moves_directory_name_and_path,
	.description =
		"kobject_rename changes the name, moves the directory with its files, and the path follows")
{
	struct tobj *dir = tobj_register("dir", NULL, NULL);
	struct tobj *o = tobj_new("old", &dir->kobj, NULL);
	char new_name[] = "new";
	char long_name[] = "a-much-longer-name-than-twenty";
	char buf[64], *path;

	o->kobj.ktype = &info_ktype;
	ASSERT_OK(kobject_add(&o->kobj));
	ASSERT(tree_exists("/dir/old/info"));

	ASSERT_OK(kobject_rename(&o->kobj, new_name));
	ASSERT_STREQ(kobject_name(&o->kobj), "new");
	ASSERT(!tree_exists("/dir/old"));
	ASSERT(tree_exists("/dir/new"));
	ASSERT_EQ(ldm_sysfs_read_path("/dir/new/info", buf, sizeof(buf)), 9);
	ASSERT_STREQ(buf, "info:old\n");
	path = kobject_get_path(NULL, &o->kobj, GFP_KERNEL);
	ASSERT_STREQ(path, "/dir/new");
	kfree(path);

	/* To a name too long for kobj->name, and back to a short one. */
	ASSERT_OK(kobject_rename(&o->kobj, long_name));
	ASSERT_STREQ(kobject_name(&o->kobj), long_name);
	ASSERT(!tree_exists("/dir/new"));
	ASSERT(tree_exists("/dir/a-much-longer-name-than-twenty/info"));
	ASSERT_OK(kobject_rename(&o->kobj, new_name));
	ASSERT(kobject_name(&o->kobj) == o->kobj.name);
	ASSERT(tree_exists("/dir/new/info"));
	ASSERT(!tree_exists("/dir/a-much-longer-name-than-twenty"));

	kobject_unregister(&o->kobj);
	kobject_unregister(&dir->kobj);
	ASSERT_EQ(nr_released, 2);
}

DEFINE_TEST(
	test_rename_errors_leave_name_and_directory,
	.description =
		"kobject_rename to the same name is -EINVAL, to a sibling's name -EEXIST, without a parent -EINVAL; nothing changes")
{
	struct tobj *dir = tobj_register("dir", NULL, NULL);
	struct tobj *one = tobj_register("one", &dir->kobj, NULL);
	struct tobj *two = tobj_register("two", &dir->kobj, NULL);
	struct tobj *top = tobj_register("top", NULL, NULL);
	char same[] = "one", sibling[] = "two", other[] = "other", slash[] = "x/y";
	char list[512];

	ASSERT_EQ(kobject_rename(&one->kobj, same), -EINVAL);
	ASSERT_EQ(kobject_rename(&one->kobj, sibling), -EEXIST);
	ASSERT_EQ(kobject_rename(&one->kobj, slash), -EINVAL);
	ASSERT_STREQ(kobject_name(&one->kobj), "one");
	ASSERT_STREQ(kobject_name(&two->kobj), "two");
	list_dir("/dir", list);
	ASSERT_STREQ(list, "one,two,");

	ASSERT(top->kobj.parent == NULL);
	ASSERT_EQ(kobject_rename(&top->kobj, other), -EINVAL);
	ASSERT_STREQ(kobject_name(&top->kobj), "top");
	ASSERT(tree_exists("/top"));
	ASSERT(!tree_exists("/other"));

	kobject_unregister(&top->kobj);
	kobject_unregister(&two->kobj);
	kobject_unregister(&one->kobj);
	kobject_unregister(&dir->kobj);
	ASSERT_EQ(nr_released, 4);
}

/* A thread renames "mid" back and forth between a short and a long name. */
#define RENAMES 2000

static atomic_t renames_done;

static void *rename_back_and_forth(void *arg)
{
	struct kobject *kobj = arg;
	char short_name[] = "mid", long_name[] = "a-middle-name-longer-than-twenty";
	unsigned int i;

	for (i = 0; i < RENAMES; i++)
		if (kobject_rename(kobj, (i & 1) ? short_name : long_name))
			break;
	atomic_set(&renames_done, 1);
	return NULL;
}

DEFINE_TEST(
	test_get_path_while_ancestor_is_renamed,
	.description =
		"kobject_get_path of a child, while another thread renames its parent between short and long names, is always whole",
	.concurrency = true)
{
	struct tobj *top = tobj_register("top", NULL, NULL);
	struct tobj *mid = tobj_register("mid", &top->kobj, NULL);
	struct tobj *leaf = tobj_register("leaf", &mid->kobj, NULL);
	unsigned int paths = 0;
	pthread_t thread;
	char *path;

	ASSERT_OK(pthread_create(&thread, NULL, rename_back_and_forth, &mid->kobj));
	while (!atomic_read(&renames_done) || paths == 0) {
		path = kobject_get_path(NULL, &leaf->kobj, GFP_KERNEL);
		ASSERT(path);
		if (strcmp(path, "/top/mid/leaf") &&
		    strcmp(path, "/top/a-middle-name-longer-than-twenty/leaf"))
			FAIL("kobject_get_path gave \"%s\"", path);
		kfree(path);
		paths++;
	}
	ASSERT_OK(pthread_join(thread, NULL));
	ASSERT_STREQ(kobject_name(&mid->kobj), "mid"); /* an even number of renames */
	ASSERT(tree_exists("/top/mid/leaf"));

	kobject_unregister(&leaf->kobj);
	kobject_unregister(&mid->kobj);
	kobject_unregister(&top->kobj);
	ASSERT_EQ(nr_released, 3);
}

/* ---- kset_find_obj ---- */

DEFINE_TEST(
	test_kset_find_obj_takes_a_reference,
	.description =
		"kset_find_obj finds a member by name with a reference the caller drops, and NULL for an unknown or departed name")
{
	static struct kset kset;
	struct tobj *one, *two;
	struct kobject *found;
	unsigned int refs;

	kset_setup(&kset, "set");
	one = tobj_register("one", NULL, &kset);
	two = tobj_register("two", NULL, &kset);
	refs = kref_read(&two->kobj.kref);

	found = kset_find_obj(&kset, "two");
	ASSERT(found == &two->kobj);
	ASSERT_EQ(kref_read(&two->kobj.kref), refs + 1);
	ASSERT(kset_find_obj(&kset, "three") == NULL);
	ASSERT(kset_find_obj(&kset, "tw") == NULL);

	/* The reference keeps it alive past its unregister. */
	kobject_unregister(&two->kobj);
	ASSERT_EQ(released("two"), 0);
	ASSERT(kset_find_obj(&kset, "two") == NULL);
	kobject_put(found);
	ASSERT_EQ(released("two"), 1);

	found = kset_find_obj(&kset, "one");
	ASSERT(found == &one->kobj);
	kobject_put(found);
	kobject_unregister(&one->kobj);
	ASSERT_EQ(released("one"), 1);
	kset_unregister(&kset);
}

/* ---- subsystems and their attribute files ---- */

static int tsub_value = 7;
static struct subsystem *tsub_seen; /* the subsystem show/store were given */
static size_t tsub_store_count;

static ssize_t tsub_value_show(struct subsystem *s, char *buf)
{
	tsub_seen = s;
	return sprintf(buf, "%d\n", tsub_value);
}

static ssize_t tsub_value_store(struct subsystem *s, const char *buf, size_t count)
{
	tsub_seen = s;
	tsub_store_count = count;
	tsub_value = atoi(buf);
	return (ssize_t)count;
}

static struct subsys_attribute tsub_attr_value =
	__ATTR(value, 0644, tsub_value_show, tsub_value_store);

static decl_subsys(tsub, NULL, NULL);

DEFINE_TEST(
	test_subsystem_file_shows_and_stores,
	.description =
		"subsystem_register, subsys_create_file, subsys_remove_file: show and store work through the path API with the subsystem")
{
	char buf[64];

	ASSERT_OK(subsystem_register(&tsub_subsys));
	ASSERT(tree_exists("/tsub"));
	ASSERT(tsub_subsys.kset.subsys == &tsub_subsys);

	ASSERT_OK(subsys_create_file(&tsub_subsys, &tsub_attr_value));
	ASSERT_EQ(ldm_sysfs_read_path("/tsub/value", buf, sizeof(buf)), 2);
	ASSERT_STREQ(buf, "7\n");
	ASSERT(tsub_seen == &tsub_subsys);

	tsub_seen = NULL;
	ASSERT_EQ(ldm_sysfs_write_path("/tsub/value", "42\n", 3), 3);
	ASSERT(tsub_seen == &tsub_subsys);
	ASSERT_EQ(tsub_store_count, 3);
	ASSERT_EQ(tsub_value, 42);
	ASSERT_EQ(ldm_sysfs_read_path("/tsub/value", buf, sizeof(buf)), 3);
	ASSERT_STREQ(buf, "42\n");

	ASSERT_EQ(subsys_create_file(&tsub_subsys, &tsub_attr_value), -EEXIST);
	subsys_remove_file(&tsub_subsys, &tsub_attr_value);
	ASSERT(!tree_exists("/tsub/value"));
	ASSERT_EQ(ldm_sysfs_read_path("/tsub/value", buf, sizeof(buf)), -ENOENT);
	ASSERT(tree_exists("/tsub"));

	subsystem_unregister(&tsub_subsys);
	ASSERT(!tree_exists("/tsub"));
}

/* ---- default attributes ---- */

static struct attribute attr_alpha = { .name = "alpha", .mode = 0444 };
static struct attribute attr_beta = { .name = "beta", .mode = 0444 };
static struct attribute attr_gamma = { .name = "gamma", .mode = 0444 };
static struct attribute *alpha_beta_attrs[] = { &attr_alpha, &attr_beta, NULL };
static struct attribute *gamma_attrs[] = { &attr_gamma, NULL };

static struct kobj_type alpha_beta_ktype = {
	.release = tobj_release,
	.sysfs_ops = &tobj_sysfs_ops,
	.default_attrs = alpha_beta_attrs,
};

static struct kobj_type gamma_ktype = {
	.release = tobj_release,
	.sysfs_ops = &tobj_sysfs_ops,
	.default_attrs = gamma_attrs,
};

DEFINE_TEST(
	test_default_attrs_appear_on_add,
	.description =
		"the default_attrs of a ktype appear as files at kobject_add, served by its sysfs_ops; a kset's ktype wins over the member's")
{
	static struct kset kset;
	struct tobj *o = tobj_new("obj", NULL, NULL);
	struct tobj *m;
	char buf[64], list[512];

	o->kobj.ktype = &alpha_beta_ktype;
	ASSERT(!tree_exists("/obj"));
	ASSERT_OK(kobject_add(&o->kobj));
	list_dir("/obj", list);
	ASSERT_STREQ(list, "alpha,beta,");
	ASSERT_EQ(ldm_sysfs_read_path("/obj/alpha", buf, sizeof(buf)), 10);
	ASSERT_STREQ(buf, "alpha:obj\n");
	ASSERT_EQ(ldm_sysfs_read_path("/obj/beta", buf, sizeof(buf)), 9);
	ASSERT_STREQ(buf, "beta:obj\n");

	/* As get_ktype() of 2.6.9: the kset's ktype, when it has one, is the member's. */
	kset_setup(&kset, "typed");
	kset.ktype = &gamma_ktype;
	m = tobj_new("member", NULL, &kset);
	m->kobj.ktype = &alpha_beta_ktype;
	ASSERT_OK(kobject_add(&m->kobj));
	list_dir("/typed/member", list);
	ASSERT_STREQ(list, "gamma,");
	ASSERT_EQ(ldm_sysfs_read_path("/typed/member/gamma", buf, sizeof(buf)), 13);
	ASSERT_STREQ(buf, "gamma:member\n");

	kobject_unregister(&m->kobj);
	kset_unregister(&kset);
	kobject_unregister(&o->kobj);
	ASSERT_EQ(nr_released, 2);
}

/* ---- bad input ---- */

/*
 * Try to add @o under @parent in @kset and expect @error; then check the tree
 * below the parent, the kset's list and every reference are as before, and
 * that the caller's put releases @o exactly once.
 */
static void expect_add_fails_cleanly(struct tobj *o, struct kset *kset, const char *parent_path,
				     int error)
{
	struct kobject *given_parent = o->kobj.parent;
	struct kobject *parent = given_parent ? given_parent : &kset->kobj;
	unsigned int parent_refs = kref_read(&parent->kref);
	unsigned int kset_refs = kref_read(&kset->kobj.kref);
	int members = kset_list_length(kset);
	const char *label = o->label;
	char before[512], after[512];

	list_dir(parent_path, before);
	ASSERT_EQ(kobject_add(&o->kobj), error);

	list_dir(parent_path, after);
	ASSERT_STREQ(after, before);
	ASSERT(o->kobj.dentry == NULL);
	ASSERT(o->kobj.parent == given_parent);
	ASSERT_EQ(on_kset_list(kset, &o->kobj), 0);
	ASSERT_EQ(kset_list_length(kset), members);
	ASSERT_EQ(kref_read(&parent->kref), parent_refs);
	ASSERT_EQ(kref_read(&kset->kobj.kref), kset_refs);
	ASSERT_EQ(kref_read(&o->kobj.kref), 1);

	ASSERT_EQ(released(label), 0);
	kobject_put(&o->kobj);
	ASSERT_EQ(released(label), 1);
	/* The kset's reference from kobject_init() went with it. */
	ASSERT_EQ(kref_read(&kset->kobj.kref), kset_refs - 1);
}

DEFINE_TEST(
	test_add_with_slash_in_name_fails_cleanly,
	.description =
		"kobject_add of a name containing '/' is -EINVAL, leaves nothing in the tree or the kset, and one put releases it")
{
	static struct kset kset;
	struct tobj *o;

	kset_setup(&kset, "set");
	o = tobj_new("bad", NULL, &kset);
	ASSERT_OK(kobject_set_name(&o->kobj, "a/b"));
	expect_add_fails_cleanly(o, &kset, "/set", -EINVAL);
	ASSERT(!tree_exists("/set/a"));
	kset_unregister(&kset);
}

DEFINE_TEST(
	test_add_with_dot_or_overlong_name_fails_cleanly,
	.description =
		"kobject_add of \".\", \"..\" is -EINVAL and of a name past NAME_MAX -ENAMETOOLONG, each leaving nothing behind")
{
	static struct kset kset;
	char name[NAME_MAX + 2];
	struct tobj *o;

	kset_setup(&kset, "set");
	o = tobj_new("dot", NULL, &kset);
	ASSERT_OK(kobject_set_name(&o->kobj, "."));
	expect_add_fails_cleanly(o, &kset, "/set", -EINVAL);
	o = tobj_new("dotdot", NULL, &kset);
	ASSERT_OK(kobject_set_name(&o->kobj, ".."));
	expect_add_fails_cleanly(o, &kset, "/set", -EINVAL);

	/* The allocated name goes with the release: LeakSanitizer checks. */
	memset(name, 'n', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	o = tobj_new("overlong", NULL, &kset);
	ASSERT_OK(kobject_set_name(&o->kobj, "%s", name));
	expect_add_fails_cleanly(o, &kset, "/set", -ENAMETOOLONG);
	kset_unregister(&kset);
}

DEFINE_TEST(
	test_add_with_empty_name_fails_cleanly,
	.description =
		"kobject_add of an empty name is -EINVAL, leaves nothing in the tree or the kset, and one put releases it")
{
	static struct kset kset;
	struct tobj *parent;
	struct tobj *o;

	kset_setup(&kset, "set");
	o = tobj_new("empty", NULL, &kset);
	o->kobj.name[0] = '\0'; /* no name at all, as a zeroed kobject has */
	o->kobj.k_name = NULL;
	expect_add_fails_cleanly(o, &kset, "/set", -EINVAL);

	/* The same with a parent of its own, named "" through kobject_set_name(). */
	parent = tobj_register("parent", NULL, NULL);
	o = tobj_new("empty2", &parent->kobj, &kset);
	ASSERT_OK(kobject_set_name(&o->kobj, "%s", ""));
	expect_add_fails_cleanly(o, &kset, "/parent", -EINVAL);

	kobject_unregister(&parent->kobj);
	kset_unregister(&kset);
	ASSERT_EQ(released("parent"), 1);
}

DEFINE_TEST(
	test_add_of_duplicate_name_fails_cleanly,
	.description =
		"kobject_add of a name taken under the same parent is -EEXIST, the first object untouched; one put releases the second")
{
	static struct kset kset;
	struct tobj *first, *second;
	char buf[64];

	kset_setup(&kset, "set");
	first = tobj_new("first", NULL, &kset);
	first->kobj.ktype = &info_ktype;
	ASSERT_OK(kobject_set_name(&first->kobj, "dup"));
	ASSERT_OK(kobject_add(&first->kobj));

	second = tobj_new("second", NULL, &kset);
	second->kobj.ktype = &info_ktype;
	ASSERT_OK(kobject_set_name(&second->kobj, "dup"));
	expect_add_fails_cleanly(second, &kset, "/set", -EEXIST);

	/* The first is still there, its files served for it. */
	ASSERT_EQ(on_kset_list(&kset, &first->kobj), 1);
	ASSERT_EQ(ldm_sysfs_read_path("/set/dup/info", buf, sizeof(buf)), 11);
	ASSERT_STREQ(buf, "info:first\n");
	ASSERT_EQ(released("first"), 0);

	kobject_unregister(&first->kobj);
	ASSERT_EQ(released("first"), 1);
	kset_unregister(&kset);
}

DEFINE_TEST(
	test_add_of_added_kobject_is_eexist_and_changes_nothing,
	.description =
		"kobject_add of a kobject already added is -EEXIST; it stays in the tree and once on its kset's list")
{
	static struct kset kset;
	struct tobj *o;
	unsigned int refs, kset_refs;
	char list[512];

	kset_setup(&kset, "set");
	o = tobj_register("twice", NULL, &kset);
	refs = kref_read(&o->kobj.kref);
	kset_refs = kref_read(&kset.kobj.kref);
	ASSERT_EQ(kobject_add(&o->kobj), -EEXIST);
	ASSERT_EQ(on_kset_list(&kset, &o->kobj), 1);
	ASSERT_EQ(kset_list_length(&kset), 1);
	ASSERT(o->kobj.parent == &kset.kobj);
	ASSERT_EQ(kref_read(&o->kobj.kref), refs);
	ASSERT_EQ(kref_read(&kset.kobj.kref), kset_refs);
	list_dir("/set", list);
	ASSERT_STREQ(list, "twice,");
	ASSERT(kset_find_obj(&kset, "twice") == &o->kobj);
	kobject_put(&o->kobj);

	kobject_unregister(&o->kobj);
	ASSERT_EQ(released("twice"), 1);
	ASSERT_EQ(kset_list_length(&kset), 0);
	kset_unregister(&kset);
}

/* ---- the warning for a type without release() ---- */

static struct kobj_type no_release_ktype;

static void register_and_drop_without_release(void *arg)
{
	static struct kobject kobj; /* static: nothing could free it */

	(void)arg;
	kobject_set_name(&kobj, "norelease");
	kobj.ktype = &no_release_ktype;
	if (kobject_register(&kobj))
		_exit(3);
	fprintf(stderr, "[unregister]\n");
	kobject_unregister(&kobj);
	_exit(0); /* no ldm_exit(): the message must come from the release */
}

DEFINE_TEST(
	test_release_without_release_function_is_reported,
	.description =
		"releasing a kobject whose ktype has no release() prints an error naming the kobject on stderr")
{
	char *err = NULL, *marker;

	ASSERT_EQ(ldm_test_capture(register_and_drop_without_release, NULL, &err), 0);
	ASSERT(err);
	marker = strstr(err, "[unregister]\n");
	ASSERT(marker);
	/* Printed at the release, after the registration. */
	ASSERT(strstr(marker, "kobject 'norelease'"));
	ASSERT(strstr(marker, "does not have a release() function"));
	free(err);
}

static decl_subsys(quietsub, NULL, NULL);

static void unregister_ksets_without_release(void *arg)
{
	static struct kset kset, inner, member;

	(void)arg;
	if (subsystem_register(&quietsub_subsys))
		_exit(3);
	kobject_set_name(&kset.kobj, "quietkset");
	if (kset_register(&kset))
		_exit(4);
	/* Ksets inside the subsystem, as drivers/base nests them: one
	 * controlled by it, one a member of its kset. */
	kobject_set_name(&inner.kobj, "inner");
	inner.subsys = &quietsub_subsys;
	if (kset_register(&inner))
		_exit(5);
	kobject_set_name(&member.kobj, "member");
	member.kobj.kset = &quietsub_subsys.kset;
	if (kset_register(&member))
		_exit(6);
	fprintf(stderr, "%s",
		tree_exists("/quietsub/inner") && tree_exists("/quietsub/member") ?
			"" :
			"not in the tree\n");
	kset_unregister(&member);
	kset_unregister(&inner);
	kset_unregister(&kset);
	subsystem_unregister(&quietsub_subsys);
	_exit(0);
}

DEFINE_TEST(
	test_unregister_kset_without_release_is_silent,
	.description =
		"kobject_unregister of a kset or subsystem (no release(), static storage) prints no warning")
{
	char *err = NULL;

	ASSERT_EQ(ldm_test_capture(unregister_ksets_without_release, NULL, &err), 0);
	ASSERT_STREQ(err, "");
	free(err);
}

/* ---- kref ---- */

struct counted {
	struct kref kref;
	int releases;
};

static void counted_release(struct kref *kref)
{
	container_of(kref, struct counted, kref)->releases++;
}

DEFINE_TEST(
	test_kref_put_returns_one_only_when_released,
	.description =
		"kref_init sets one, kref_get adds one, kref_put returns 1 and calls release exactly when the count reaches zero")
{
	struct counted c = { .releases = 0 };

	kref_init(&c.kref);
	ASSERT_EQ(kref_read(&c.kref), 1);
	kref_get(&c.kref);
	kref_get(&c.kref);
	ASSERT_EQ(kref_read(&c.kref), 3);
	ASSERT_EQ(kref_put(&c.kref, counted_release), 0);
	ASSERT_EQ(kref_put(&c.kref, counted_release), 0);
	ASSERT_EQ(c.releases, 0);
	ASSERT_EQ(kref_read(&c.kref), 1);
	ASSERT_EQ(kref_put(&c.kref, counted_release), 1);
	ASSERT_EQ(c.releases, 1);

	/* A released object can be set up again from scratch. */
	kref_init(&c.kref);
	ASSERT_EQ(kref_put(&c.kref, counted_release), 1);
	ASSERT_EQ(c.releases, 2);
}

static ssize_t unreg_show(struct subsystem *s, char *buf)
{
	(void)s;
	return sprintf(buf, "x\n");
}

DEFINE_TEST(
	test_subsys_file_on_unregistered_subsystem_is_einval,
	.description =
		"subsys_create_file/remove_file on a subsystem never registered give -EINVAL and do nothing, and a path of a nameless parent is NULL")
{
	static decl_subsys(unreg, NULL, NULL);
	static struct subsys_attribute attr = __ATTR(x, 0444, unreg_show, NULL);
	static struct kobject orphan, nameless;

	ASSERT_EQ(subsys_create_file(&unreg_subsys, &attr), -EINVAL);
	subsys_remove_file(&unreg_subsys, &attr);
	ASSERT_EQ(kref_read(&unreg_subsys.kset.kobj.kref), 0);
	/* An ancestor without a name gives no path, not a crash. */
	orphan.k_name = orphan.name;
	strcpy(orphan.name, "orphan");
	orphan.parent = &nameless;
	ASSERT(kobject_get_path(NULL, &orphan, GFP_KERNEL) == NULL);
}
