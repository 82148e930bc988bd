// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-sysfs.c - the shape of the sysfs tree: directories of kobjects,
 * attribute and binary files, groups, symlinks, and the path-level API that
 * front ends walk it with (look-up, stat, readdir, readlink, follow). Every
 * failed creation is shown to leave the tree exactly as it was.
 */
#include <limits.h>
#include <time.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

/*
 * The fixture: a kobject type with two default attributes, "alpha" (0644)
 * and "beta" (0400), created at the root of the tree or under a parent.
 */
struct node {
	struct kobject kobj;
};

static int nreleased;

static void node_release(struct kobject *kobj)
{
	nreleased++;
	free(container_of(kobj, struct node, kobj));
}

static ssize_t node_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	(void)kobj;
	return sprintf(buf, "%s\n", attr->name);
}

static ssize_t node_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			  size_t count)
{
	(void)kobj;
	(void)attr;
	(void)buf;
	return (ssize_t)count;
}

static struct sysfs_ops node_ops = { .show = node_show, .store = node_store };
static struct attribute attr_alpha = { .name = "alpha", .mode = 0644 };
static struct attribute attr_beta = { .name = "beta", .mode = 0400 };
static struct attribute *node_attrs[] = { &attr_alpha, &attr_beta, NULL };

static struct kobj_type node_ktype = {
	.release = node_release,
	.sysfs_ops = &node_ops,
	.default_attrs = node_attrs,
};

/* Initialize a node named @name under @parent (NULL: the root), not added. */
static struct kobject *node_alloc(const char *name, struct kobject *parent)
{
	struct node *n = calloc(1, sizeof(*n));

	ASSERT(n);
	n->kobj.ktype = &node_ktype;
	n->kobj.parent = parent;
	ASSERT_OK(kobject_set_name(&n->kobj, "%s", name));
	return &n->kobj;
}

static struct kobject *node_add(const char *name, struct kobject *parent)
{
	struct kobject *kobj = node_alloc(name, parent);

	ASSERT_OK(kobject_register(kobj));
	return kobj;
}

/* The error of looking @path up; the node found, if any, is dropped. */
static int lookup_err(const char *path, unsigned int flags)
{
	struct ldm_sysfs_node *sd = NULL;
	int error = ldm_sysfs_lookup(path, flags, &sd);

	if (!error) {
		ASSERT(sd);
		ldm_sysfs_put(sd);
	}
	return error;
}

static struct ldm_sysfs_node *lookup(const char *path, unsigned int flags)
{
	struct ldm_sysfs_node *sd = NULL;

	ASSERT_OK(ldm_sysfs_lookup(path, flags, &sd));
	ASSERT(sd);
	return sd;
}

static struct ldm_sysfs_stat stat_path(const char *path, unsigned int flags)
{
	struct ldm_sysfs_node *sd = lookup(path, flags);
	struct ldm_sysfs_stat st;

	memset(&st, 0xa5, sizeof(st));
	ASSERT_OK(ldm_sysfs_stat(sd, &st));
	ldm_sysfs_put(sd);
	return st;
}

/* A directory listing, collected by ldm_sysfs_readdir(). */
#define LISTING_MAX 64

struct entry {
	char name[NAME_MAX + 1];
	struct ldm_sysfs_stat st;
};

struct listing {
	struct entry e[LISTING_MAX];
	unsigned int n;
	unsigned int calls;
	unsigned int stop_at; /* 1-based call that returns stop_ret; 0: never */
	int stop_ret;
};

static int collect(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
{
	struct listing *l = ctx;

	l->calls++;
	if (l->n < LISTING_MAX) {
		snprintf(l->e[l->n].name, sizeof(l->e[l->n].name), "%s", name);
		l->e[l->n].st = *st;
		l->n++;
	}
	return l->calls == l->stop_at ? l->stop_ret : 0;
}

static void list_sd(struct ldm_sysfs_node *dir, struct listing *l)
{
	memset(l, 0, sizeof(*l));
	ASSERT_OK(ldm_sysfs_readdir(dir, collect, l));
}

static void list_path(const char *path, struct listing *l)
{
	struct ldm_sysfs_node *dir = lookup(path, 0);

	list_sd(dir, l);
	ldm_sysfs_put(dir);
}

static const struct entry *find_entry(const struct listing *l, const char *name)
{
	unsigned int i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->e[i].name, name))
			return &l->e[i];
	return NULL;
}

/* The names in @path's listing joined by spaces, e.g. "alpha beta grp". */
static const char *names_of(const char *path)
{
	static char joined[LISTING_MAX * (NAME_MAX + 1)];
	struct listing *l = calloc(1, sizeof(*l));
	unsigned int i;

	ASSERT(l);
	list_path(path, l);
	joined[0] = '\0';
	for (i = 0; i < l->n; i++) {
		if (i)
			strcat(joined, " ");
		strcat(joined, l->e[i].name);
	}
	free(l);
	return joined;
}

static bool ts_after(struct timespec a, struct timespec b)
{
	return a.tv_sec > b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec > b.tv_nsec);
}

static void sleep_ms(long ms)
{
	struct timespec ts = { .tv_sec = 0, .tv_nsec = ms * 1000000L };

	nanosleep(&ts, NULL);
}

DEFINE_TEST(
	test_sysfs_create_file_appears_with_its_mode,
	.description =
		"sysfs_create_file makes a node whose stat is S_IFREG|mode, size PAGE_SIZE, nlink 1")
{
	static struct attribute modes[] = {
		{ .name = "m644", .mode = 0644 },
		{ .name = "m444", .mode = 0444 },
		{ .name = "m200", .mode = 0200 },
		{ .name = "m640", .mode = 0640 },
	};
	struct kobject *a = node_add("a", NULL);
	struct ldm_sysfs_stat st;
	char path[64];
	size_t i;

	ASSERT_EQ(lookup_err("/a/m644", 0), -ENOENT);
	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		ASSERT_OK(sysfs_create_file(a, &modes[i]));
		snprintf(path, sizeof(path), "/a/%s", modes[i].name);
		st = stat_path(path, 0);
		ASSERT_EQ(st.type, LDM_SYSFS_ATTR);
		ASSERT_EQ(st.mode, S_IFREG | modes[i].mode);
		ASSERT_EQ(st.size, 4096);
		ASSERT_EQ(st.nlink, 1);
	}
	/* The default attributes were made the same way. */
	st = stat_path("/a/beta", 0);
	ASSERT_EQ(st.mode, S_IFREG | 0400);
	ASSERT_STREQ(names_of("/a"), "alpha beta m644 m444 m200 m640");
	for (i = 0; i < ARRAY_SIZE(modes); i++)
		sysfs_remove_file(a, &modes[i]);
	kobject_unregister(a);
	ASSERT_EQ(nreleased, 1);
}

DEFINE_TEST(
	test_sysfs_remove_file_removes_only_that_file,
	.description =
		"sysfs_remove_file makes exactly that node disappear; removing it again is harmless")
{
	static struct attribute gamma = { .name = "gamma", .mode = 0644 };
	struct kobject *a = node_add("a", NULL);
	struct kobject *b = node_add("b", NULL);

	ASSERT_OK(sysfs_create_file(a, &gamma));
	ASSERT_OK(sysfs_create_file(b, &gamma));
	ASSERT_EQ(lookup_err("/a/gamma", 0), 0);
	sysfs_remove_file(a, &gamma);
	ASSERT_EQ(lookup_err("/a/gamma", 0), -ENOENT);
	ASSERT_STREQ(names_of("/a"), "alpha beta");
	/* The file of the same name in another directory stays. */
	ASSERT_EQ(lookup_err("/b/gamma", 0), 0);
	sysfs_remove_file(a, &gamma);
	ASSERT_STREQ(names_of("/a"), "alpha beta");
	sysfs_remove_file(a, &attr_alpha);
	ASSERT_STREQ(names_of("/a"), "beta");
	sysfs_remove_file(b, &gamma);
	kobject_unregister(b);
	kobject_unregister(a);
	ASSERT_EQ(nreleased, 2);
}

DEFINE_TEST(
	test_sysfs_duplicate_names_are_eexist,
	.description =
		"a file, binary file, link, group or child kobject whose name is taken gets -EEXIST and the existing node is untouched")
{
	static struct attribute dup = { .name = "alpha", .mode = 0200 };
	static struct bin_attribute bin_dup = { .attr = { .name = "alpha", .mode = 0600 },
						.size = 16 };
	static struct attribute *grp_attrs[] = { &attr_beta, NULL };
	static struct attribute_group named_dup = { .name = "alpha", .attrs = grp_attrs };
	struct kobject *a = node_add("a", NULL), *c = node_add("c", NULL), *child;
	struct ldm_sysfs_stat before = stat_path("/a/alpha", 0), after;

	ASSERT_EQ(sysfs_create_file(a, &dup), -EEXIST);
	ASSERT_EQ(sysfs_create_file(a, &attr_alpha), -EEXIST);
	ASSERT_EQ(sysfs_create_bin_file(a, &bin_dup), -EEXIST);
	ASSERT_EQ(sysfs_create_link(a, c, "alpha"), -EEXIST);
	ASSERT_EQ(sysfs_create_group(a, &named_dup), -EEXIST);
	child = node_alloc("alpha", a);
	ASSERT_EQ(kobject_register(child), -EEXIST);
	kobject_put(child);
	ASSERT_EQ(nreleased, 1);

	after = stat_path("/a/alpha", 0);
	ASSERT_EQ(after.type, LDM_SYSFS_ATTR);
	ASSERT_EQ(after.ino, before.ino);
	ASSERT_EQ(after.mode, S_IFREG | 0644);
	ASSERT_STREQ(names_of("/a"), "alpha beta");
	/* Names are per directory: "alpha" in /c is its own. */
	ASSERT_NE(stat_path("/c/alpha", 0).ino, before.ino);

	/* A link's name is taken as well. */
	ASSERT_OK(sysfs_create_link(a, c, "to_c"));
	ASSERT_EQ(sysfs_create_link(a, a, "to_c"), -EEXIST);
	ASSERT_EQ(sysfs_create_file(a, &(struct attribute){ .name = "to_c", .mode = 0444 }),
		  -EEXIST);
	ASSERT_EQ(stat_path("/a/to_c", 0).type, LDM_SYSFS_LINK);
	sysfs_remove_link(a, "to_c");
	kobject_unregister(c);
	kobject_unregister(a);
	ASSERT_EQ(nreleased, 3);
}

DEFINE_TEST(
	test_sysfs_bad_names_are_einval_and_leave_nothing,
	.description =
		"names with '/', \"\", \".\", \"..\" or NULL are refused with -EINVAL by every creator, leaving the directory as it was")
{
	static const char *const bad[] = { "x/y", "/x", "x/", "", ".", "..", NULL };
	static struct attribute good = { .name = "good", .mode = 0644 };
	struct kobject *a = node_add("a", NULL), *c = node_add("c", NULL), *child;
	struct ldm_sysfs_stat root_before = stat_path("/", 0);
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct attribute attr = { .name = (char *)bad[i], .mode = 0644 };
		struct bin_attribute bin = { .attr = attr, .size = 8 };
		struct attribute *attrs[] = { &good, &attr, NULL };
		struct attribute_group unnamed = { .attrs = attrs };
		struct attribute *good_only[] = { &good, NULL };
		struct attribute_group named = { .name = (char *)bad[i], .attrs = good_only };

		ASSERT_EQ(sysfs_create_file(a, &attr), -EINVAL);
		ASSERT_EQ(sysfs_create_bin_file(a, &bin), -EINVAL);
		ASSERT_EQ(sysfs_create_link(a, c, (char *)bad[i]), -EINVAL);
		ASSERT_EQ(sysfs_create_group(a, &unnamed), -EINVAL);
		if (bad[i])
			ASSERT_EQ(sysfs_create_group(a, &named), -EINVAL);
		ASSERT_STREQ(names_of("/a"), "alpha beta");
		ASSERT_EQ(stat_path("/a", 0).nlink, 2);
	}
	/* A kobject with a name sysfs refuses is refused too, and is as it was. */
	child = node_alloc("x/y", a);
	ASSERT_EQ(kobject_register(child), -EINVAL);
	kobject_put(child);
	child = node_alloc("..", NULL);
	ASSERT_EQ(kobject_register(child), -EINVAL);
	kobject_put(child);
	ASSERT_EQ(nreleased, 2);
	ASSERT_STREQ(names_of("/a"), "alpha beta");
	ASSERT_EQ(stat_path("/", 0).nlink, root_before.nlink);
	kobject_unregister(c);
	kobject_unregister(a);
}

DEFINE_TEST(
	test_sysfs_name_longer_than_255_is_enametoolong,
	.description =
		"a 255-byte name is fine; 256 bytes gets -ENAMETOOLONG from every creator and leaves nothing behind")
{
	static char max_name[NAME_MAX + 1], long_name[NAME_MAX + 2];
	struct kobject *a = node_add("a", NULL), *c = node_add("c", NULL), *child;
	struct attribute max_attr = { .name = max_name, .mode = 0644 };
	struct attribute long_attr = { .name = long_name, .mode = 0644 };
	struct bin_attribute long_bin = { .attr = long_attr, .size = 8 };
	struct attribute *long_attrs[] = { &long_attr, NULL };
	struct attribute_group long_unnamed = { .attrs = long_attrs };
	struct attribute_group long_named = { .name = long_name, .attrs = node_attrs };
	char path[NAME_MAX + 8];

	memset(max_name, 'm', NAME_MAX);
	memset(long_name, 'l', NAME_MAX + 1);
	ASSERT_EQ(strlen(max_name), 255);
	ASSERT_EQ(strlen(long_name), 256);

	ASSERT_OK(sysfs_create_file(a, &max_attr));
	snprintf(path, sizeof(path), "/a/%s", max_name);
	ASSERT_EQ(stat_path(path, 0).type, LDM_SYSFS_ATTR);
	sysfs_remove_file(a, &max_attr);
	ASSERT_EQ(lookup_err(path, 0), -ENOENT);
	ASSERT_OK(sysfs_create_link(a, c, max_name));
	ASSERT_EQ(stat_path(path, 0).type, LDM_SYSFS_LINK);
	sysfs_remove_link(a, max_name);

	ASSERT_EQ(sysfs_create_file(a, &long_attr), -ENAMETOOLONG);
	ASSERT_EQ(sysfs_create_bin_file(a, &long_bin), -ENAMETOOLONG);
	ASSERT_EQ(sysfs_create_link(a, c, long_name), -ENAMETOOLONG);
	ASSERT_EQ(sysfs_create_group(a, &long_unnamed), -ENAMETOOLONG);
	ASSERT_EQ(sysfs_create_group(a, &long_named), -ENAMETOOLONG);
	child = node_alloc(long_name, a);
	ASSERT_EQ(kobject_register(child), -ENAMETOOLONG);
	kobject_put(child);
	ASSERT_STREQ(names_of("/a"), "alpha beta");
	ASSERT_EQ(stat_path("/a", 0).nlink, 2);
	kobject_unregister(c);
	kobject_unregister(a);
	ASSERT_EQ(nreleased, 3);
}

DEFINE_TEST(
	test_sysfs_update_file_touches_mtime,
	.description =
		"sysfs_update_file moves the file's mtime forward and only its; -ENOENT for an attribute the kobject does not have")
{
	static struct attribute unknown = { .name = "unknown", .mode = 0644 };
	struct kobject *a = node_add("a", NULL);
	struct ldm_sysfs_stat alpha0 = stat_path("/a/alpha", 0);
	struct ldm_sysfs_stat beta0 = stat_path("/a/beta", 0);
	struct ldm_sysfs_stat alpha1;

	sleep_ms(5);
	ASSERT_OK(sysfs_update_file(a, &attr_alpha));
	alpha1 = stat_path("/a/alpha", 0);
	ASSERT(ts_after(alpha1.mtime, alpha0.mtime));
	ASSERT_EQ(stat_path("/a/beta", 0).mtime.tv_sec, beta0.mtime.tv_sec);
	ASSERT_EQ(stat_path("/a/beta", 0).mtime.tv_nsec, beta0.mtime.tv_nsec);

	ASSERT_EQ(sysfs_update_file(a, &unknown), -ENOENT);
	ASSERT_EQ(lookup_err("/a/unknown", 0), -ENOENT);
	sysfs_remove_file(a, &attr_alpha);
	ASSERT_EQ(sysfs_update_file(a, &attr_alpha), -ENOENT);
	kobject_unregister(a);
}

DEFINE_TEST(
	test_sysfs_bin_file_stat_size_is_attribute_size,
	.description =
		"a binary file stats as S_IFREG|mode with the attribute's size; sysfs_remove_bin_file removes it, then -ENOENT")
{
	static struct bin_attribute blob = { .attr = { .name = "blob", .mode = 0600 },
					     .size = 1234 };
	static struct bin_attribute empty = { .attr = { .name = "empty", .mode = 0444 } };
	struct kobject *a = node_add("a", NULL);
	struct ldm_sysfs_stat st;

	ASSERT_OK(sysfs_create_bin_file(a, &blob));
	ASSERT_OK(sysfs_create_bin_file(a, &empty));
	st = stat_path("/a/blob", 0);
	ASSERT_EQ(st.type, LDM_SYSFS_BIN);
	ASSERT_EQ(st.mode, S_IFREG | 0600);
	ASSERT_EQ(st.size, 1234);
	ASSERT_EQ(st.nlink, 1);
	st = stat_path("/a/empty", 0);
	ASSERT_EQ(st.mode, S_IFREG | 0444);
	ASSERT_EQ(st.size, 0);
	ASSERT_STREQ(names_of("/a"), "alpha beta blob empty");

	ASSERT_OK(sysfs_remove_bin_file(a, &blob));
	ASSERT_EQ(lookup_err("/a/blob", 0), -ENOENT);
	ASSERT_EQ(sysfs_remove_bin_file(a, &blob), -ENOENT);
	ASSERT_STREQ(names_of("/a"), "alpha beta empty");
	ASSERT_OK(sysfs_remove_bin_file(a, &empty));
	kobject_unregister(a);
}

DEFINE_TEST(
	test_sysfs_create_without_directory_is_enoent,
	.description =
		"files, links and groups of a kobject that has no directory (never added, or deleted) get -ENOENT")
{
	static struct bin_attribute blob = { .attr = { .name = "blob", .mode = 0600 }, .size = 4 };
	static struct attribute_group grp = { .attrs = node_attrs };
	struct kobject *a = node_add("a", NULL), *lone = node_alloc("lone", NULL);

	kobject_init(lone);
	ASSERT_EQ(sysfs_create_file(lone, &attr_alpha), -ENOENT);
	ASSERT_EQ(sysfs_create_bin_file(lone, &blob), -ENOENT);
	ASSERT_EQ(sysfs_create_group(lone, &grp), -ENOENT);
	ASSERT_EQ(sysfs_create_link(lone, a, "x"), -ENOENT);
	ASSERT_EQ(sysfs_create_link(a, lone, "x"), -ENOENT);
	ASSERT_EQ(sysfs_update_file(lone, &attr_alpha), -ENOENT);
	ASSERT_STREQ(names_of("/a"), "alpha beta");
	ASSERT_EQ(lookup_err("/lone", 0), -ENOENT);
	kobject_put(lone);

	kobject_get(a);
	kobject_del(a);
	ASSERT_EQ(sysfs_create_file(a, &attr_alpha), -ENOENT);
	ASSERT_EQ(lookup_err("/a", 0), -ENOENT);
	kobject_put(a);
	kobject_put(a);
	ASSERT_EQ(nreleased, 2);
}

static struct attribute attr_g1 = { .name = "g1", .mode = 0644 };
static struct attribute attr_g2 = { .name = "g2", .mode = 0444 };
static struct attribute attr_g3 = { .name = "g3", .mode = 0200 };
static struct attribute *g_attrs[] = { &attr_g1, &attr_g2, &attr_g3, NULL };

DEFINE_TEST(
	test_sysfs_unnamed_group_adds_and_removes_exactly_its_files,
	.description =
		"an unnamed group puts its files, with their modes, in the kobject's directory; removing it removes those and nothing else")
{
	static struct attribute keep = { .name = "keep", .mode = 0644 };
	static struct attribute_group grp = { .attrs = g_attrs };
	struct kobject *a = node_add("a", NULL);

	ASSERT_OK(sysfs_create_file(a, &keep));
	ASSERT_OK(sysfs_create_group(a, &grp));
	ASSERT_STREQ(names_of("/a"), "alpha beta keep g1 g2 g3");
	ASSERT_EQ(stat_path("/a/g1", 0).mode, S_IFREG | 0644);
	ASSERT_EQ(stat_path("/a/g2", 0).mode, S_IFREG | 0444);
	ASSERT_EQ(stat_path("/a/g3", 0).mode, S_IFREG | 0200);
	ASSERT_EQ(stat_path("/a", 0).nlink, 2);
	/* A second time, every name is taken. */
	ASSERT_EQ(sysfs_create_group(a, &grp), -EEXIST);
	ASSERT_STREQ(names_of("/a"), "alpha beta keep g1 g2 g3");

	sysfs_remove_group(a, &grp);
	ASSERT_STREQ(names_of("/a"), "alpha beta keep");
	sysfs_remove_file(a, &keep);
	kobject_unregister(a);
}

DEFINE_TEST(
	test_sysfs_named_group_lives_in_a_subdirectory,
	.description =
		"a named group makes a 0755 subdirectory holding its files; removing it removes that subdirectory and only it")
{
	static struct attribute_group grp = { .name = "grp", .attrs = g_attrs };
	static struct attribute_group other = { .name = "other", .attrs = node_attrs };
	struct kobject *a = node_add("a", NULL);
	struct ldm_sysfs_stat st;

	ASSERT_EQ(stat_path("/a", 0).nlink, 2);
	ASSERT_OK(sysfs_create_group(a, &grp));
	ASSERT_OK(sysfs_create_group(a, &other));
	st = stat_path("/a/grp", 0);
	ASSERT_EQ(st.type, LDM_SYSFS_DIR);
	ASSERT_EQ(st.mode, S_IFDIR | 0755);
	ASSERT_EQ(st.nlink, 2);
	ASSERT_EQ(st.size, 0);
	ASSERT_EQ(stat_path("/a", 0).nlink, 4);
	ASSERT_STREQ(names_of("/a"), "alpha beta grp other");
	ASSERT_STREQ(names_of("/a/grp"), "g1 g2 g3");
	ASSERT_EQ(stat_path("/a/grp/g3", 0).mode, S_IFREG | 0200);
	ASSERT_STREQ(names_of("/a/other"), "alpha beta");
	/* The group's files are served by the kobject: they read as it shows. */
	{
		char buf[16];

		ASSERT_EQ(ldm_sysfs_read_path("/a/grp/g1", buf, sizeof(buf)), 3);
		ASSERT_STREQ(buf, "g1\n");
	}

	sysfs_remove_group(a, &grp);
	ASSERT_EQ(lookup_err("/a/grp", 0), -ENOENT);
	ASSERT_EQ(lookup_err("/a/grp/g1", 0), -ENOENT);
	ASSERT_STREQ(names_of("/a"), "alpha beta other");
	ASSERT_STREQ(names_of("/a/other"), "alpha beta");
	ASSERT_EQ(stat_path("/a", 0).nlink, 3);
	sysfs_remove_group(a, &other);
	ASSERT_STREQ(names_of("/a"), "alpha beta");
	ASSERT_EQ(stat_path("/a", 0).nlink, 2);
	kobject_unregister(a);
}

DEFINE_TEST(
	test_sysfs_group_collision_rolls_back_and_keeps_existing_file,
	.description =
		"a group whose second file is taken fails with -EEXIST, leaves none of its files, and the file that was there is untouched")
{
	static struct attribute old_g2 = { .name = "g2", .mode = 0400 };
	static struct attribute_group grp = { .attrs = g_attrs };
	struct kobject *a = node_add("a", NULL);
	struct ldm_sysfs_stat before, after;
	char buf[16];

	ASSERT_OK(sysfs_create_file(a, &old_g2));
	before = stat_path("/a/g2", 0);
	ASSERT_EQ(sysfs_create_group(a, &grp), -EEXIST);
	ASSERT_EQ(lookup_err("/a/g1", 0), -ENOENT);
	ASSERT_EQ(lookup_err("/a/g3", 0), -ENOENT);
	ASSERT_STREQ(names_of("/a"), "alpha beta g2");
	after = stat_path("/a/g2", 0);
	ASSERT_EQ(after.ino, before.ino);
	ASSERT_EQ(after.mode, S_IFREG | 0400);
	ASSERT_EQ(ldm_sysfs_read_path("/a/g2", buf, sizeof(buf)), 3);
	ASSERT_STREQ(buf, "g2\n");

	sysfs_remove_file(a, &old_g2);
	ASSERT_OK(sysfs_create_group(a, &grp));
	ASSERT_STREQ(names_of("/a"), "alpha beta g1 g2 g3");
	sysfs_remove_group(a, &grp);
	kobject_unregister(a);
}

DEFINE_TEST(
	test_sysfs_failed_named_group_leaves_no_subdirectory,
	.description =
		"a named group that fails on its files (a duplicate, a bad name) leaves no subdirectory; nlink is unchanged")
{
	static struct attribute bad = { .name = "x/y", .mode = 0644 };
	static struct attribute *dup_attrs[] = { &attr_g1, &attr_g2, &attr_g1, NULL };
	static struct attribute *bad_attrs[] = { &attr_g1, &bad, NULL };
	static struct attribute_group dup_grp = { .name = "grp", .attrs = dup_attrs };
	static struct attribute_group bad_grp = { .name = "grp", .attrs = bad_attrs };
	static struct attribute_group good_grp = { .name = "grp", .attrs = g_attrs };
	struct kobject *a = node_add("a", NULL);

	ASSERT_EQ(sysfs_create_group(a, &dup_grp), -EEXIST);
	ASSERT_EQ(lookup_err("/a/grp", 0), -ENOENT);
	ASSERT_EQ(sysfs_create_group(a, &bad_grp), -EINVAL);
	ASSERT_EQ(lookup_err("/a/grp", 0), -ENOENT);
	ASSERT_STREQ(names_of("/a"), "alpha beta");
	ASSERT_EQ(stat_path("/a", 0).nlink, 2);
	/* The name is free again. */
	ASSERT_OK(sysfs_create_group(a, &good_grp));
	ASSERT_STREQ(names_of("/a/grp"), "g1 g2 g3");
	sysfs_remove_group(a, &good_grp);
	kobject_unregister(a);
}

/* /a/b and /c/d, the layout of the link tests. */
struct abcd {
	struct kobject *a, *b, *c, *d;
};

static struct abcd abcd_add(void)
{
	struct abcd t;

	t.a = node_add("a", NULL);
	t.b = node_add("b", t.a);
	t.c = node_add("c", NULL);
	t.d = node_add("d", t.c);
	return t;
}

static void abcd_del(struct abcd *t)
{
	kobject_unregister(t->d);
	kobject_unregister(t->c);
	kobject_unregister(t->b);
	kobject_unregister(t->a);
}

static const char *readlink_path(const char *path)
{
	static char buf[PATH_MAX];
	struct ldm_sysfs_node *sd = lookup(path, 0);
	int len = ldm_sysfs_readlink(sd, buf, sizeof(buf));

	ldm_sysfs_put(sd);
	ASSERT(len >= 0);
	ASSERT_EQ(len, strlen(buf));
	return buf;
}

DEFINE_TEST(
	test_sysfs_link_reads_one_dotdot_per_level,
	.description =
		"readlink gives one ../ per level of the link's directory, then the target's path from the root")
{
	struct abcd t = abcd_add();
	struct ldm_sysfs_node *sd;
	char small[16];

	ASSERT_OK(sysfs_create_link(t.b, t.d, "link"));
	ASSERT_OK(sysfs_create_link(t.a, t.d, "link"));
	ASSERT_OK(sysfs_create_link(t.d, t.a, "up"));
	ASSERT_OK(sysfs_create_link(t.b, t.b, "self"));
	ASSERT_OK(sysfs_create_link(t.a, t.c, "top"));
	ASSERT_STREQ(readlink_path("/a/b/link"), "../../c/d");
	ASSERT_STREQ(readlink_path("/a/link"), "../c/d");
	ASSERT_STREQ(readlink_path("/c/d/up"), "../../a");
	ASSERT_STREQ(readlink_path("/a/b/self"), "../../a/b");
	ASSERT_STREQ(readlink_path("/a/top"), "../c");

	/* Too small a buffer, and a node that is no link. */
	sd = lookup("/a/b/link", 0);
	ASSERT_EQ(ldm_sysfs_readlink(sd, small, 9), -ENAMETOOLONG);
	ASSERT_EQ(ldm_sysfs_readlink(sd, small, 10), 9);
	ASSERT_STREQ(small, "../../c/d");
	ldm_sysfs_put(sd);
	sd = lookup("/a/b", 0);
	ASSERT_EQ(ldm_sysfs_readlink(sd, small, sizeof(small)), -EINVAL);
	ldm_sysfs_put(sd);

	sysfs_remove_link(t.b, "link");
	ASSERT_EQ(lookup_err("/a/b/link", 0), -ENOENT);
	ASSERT_STREQ(names_of("/a/b"), "alpha beta self");
	sysfs_remove_link(t.b, "self");
	sysfs_remove_link(t.a, "link");
	sysfs_remove_link(t.a, "top");
	sysfs_remove_link(t.d, "up");
	ASSERT_STREQ(names_of("/a"), "alpha beta b");
	abcd_del(&t);
	ASSERT_EQ(nreleased, 4);
}

DEFINE_TEST(
	test_sysfs_link_inside_named_group_directory,
	.description =
		"a link in a named group's directory counts that level in its ../ prefix, resolves, and goes with the group")
{
	static struct attribute_group grp = { .name = "grp", .attrs = g_attrs };
	struct abcd t = abcd_add();
	struct ldm_sysfs_node *gdir, *target, *d;
	/*
	 * 2.6.9 has no call that puts a link in a group's directory
	 * (sysfs_add_link_to_group came later): a kobject whose dentry is that
	 * directory, as sysfs_create_link() reads it, stands in for one.
	 */
	struct kobject proxy = { .dentry = NULL };

	ASSERT_OK(sysfs_create_group(t.a, &grp));
	gdir = lookup("/a/grp", 0);
	proxy.dentry = (struct sysfs_dirent *)gdir; /* the host's node is the dirent */
	ASSERT_OK(sysfs_create_link(&proxy, t.d, "link"));
	ASSERT_STREQ(names_of("/a/grp"), "g1 g2 g3 link");
	ASSERT_STREQ(readlink_path("/a/grp/link"), "../../c/d");
	ASSERT_EQ(stat_path("/a/grp/link", 0).size, 9);
	target = lookup("/a/grp/link", LDM_SYSFS_FOLLOW);
	d = lookup("/c/d", 0);
	ASSERT(target == d);
	ldm_sysfs_put(d);
	ldm_sysfs_put(target);
	/* A link does not count as a subdirectory. */
	ASSERT_EQ(stat_path("/a/grp", 0).nlink, 2);

	sysfs_remove_group(t.a, &grp);
	ASSERT_EQ(lookup_err("/a/grp/link", 0), -ENOENT);
	ASSERT_EQ(lookup_err("/a/grp", 0), -ENOENT);
	/* The target is still there, and a removal of the gone link is harmless. */
	ASSERT_EQ(lookup_err("/c/d/alpha", 0), 0);
	sysfs_remove_link(&proxy, "link");
	ldm_sysfs_put(gdir);
	abcd_del(&t);
	ASSERT_EQ(nreleased, 4);
}

DEFINE_TEST(
	test_sysfs_link_stat_is_lnk_0777_with_path_length,
	.description =
		"a link stats as S_IFLNK|0777, type LINK, nlink 1, size the length of the path it reads as")
{
	struct abcd t = abcd_add();
	struct ldm_sysfs_stat st, dir_st;
	struct ldm_sysfs_node *sd;

	ASSERT_OK(sysfs_create_link(t.b, t.d, "link"));
	ASSERT_OK(sysfs_create_link(t.c, t.d, "link"));
	st = stat_path("/a/b/link", 0);
	ASSERT_EQ(st.type, LDM_SYSFS_LINK);
	ASSERT_EQ(st.mode, S_IFLNK | 0777);
	ASSERT_EQ(st.nlink, 1);
	ASSERT_EQ(st.size, strlen("../../c/d"));
	ASSERT_EQ(stat_path("/c/link", 0).size, strlen("../c/d"));
	/* Followed, stat is the target directory's. */
	dir_st = stat_path("/c/d", 0);
	st = stat_path("/a/b/link", LDM_SYSFS_FOLLOW);
	ASSERT_EQ(st.type, LDM_SYSFS_DIR);
	ASSERT_EQ(st.ino, dir_st.ino);
	/* Inode numbers are the node's own. */
	ASSERT_NE(stat_path("/a/b/link", 0).ino, stat_path("/c/link", 0).ino);
	/* readdir reports the same size. */
	sd = lookup("/a/b", 0);
	{
		struct listing *l = calloc(1, sizeof(*l));

		ASSERT(l);
		list_sd(sd, l);
		ASSERT(find_entry(l, "link"));
		ASSERT_EQ(find_entry(l, "link")->st.size, 9);
		ASSERT_EQ(find_entry(l, "link")->st.mode, S_IFLNK | 0777);
		free(l);
	}
	ldm_sysfs_put(sd);
	sysfs_remove_link(t.b, "link");
	sysfs_remove_link(t.c, "link");
	abcd_del(&t);
}

DEFINE_TEST(
	test_sysfs_follow_gives_target_directory,
	.description =
		"ldm_sysfs_follow gives the target kobject's directory node; -EINVAL for what is not a link")
{
	struct abcd t = abcd_add();
	struct ldm_sysfs_node *link, *target = NULL, *d, *file;

	ASSERT_OK(sysfs_create_link(t.b, t.d, "link"));
	link = lookup("/a/b/link", 0);
	d = lookup("/c/d", 0);
	ASSERT_OK(ldm_sysfs_follow(link, &target));
	ASSERT(target == d);
	ASSERT_STREQ(ldm_sysfs_name(target), "d");
	ldm_sysfs_put(target);

	target = NULL;
	ASSERT_EQ(ldm_sysfs_follow(d, &target), -EINVAL);
	file = lookup("/c/d/alpha", 0);
	ASSERT_EQ(ldm_sysfs_follow(file, &target), -EINVAL);
	ASSERT(target == NULL);
	ldm_sysfs_put(file);
	ldm_sysfs_put(d);
	ldm_sysfs_put(link);
	sysfs_remove_link(t.b, "link");
	abcd_del(&t);
}

DEFINE_TEST(
	test_sysfs_link_to_removed_kobject_dangles,
	.description =
		"once the target kobject is removed, follow and look-ups through the link give -ENOENT, and the link can still be removed")
{
	struct abcd t = abcd_add();
	struct ldm_sysfs_node *link, *target = NULL;

	ASSERT_OK(sysfs_create_link(t.b, t.d, "link"));
	link = lookup("/a/b/link", 0);
	kobject_unregister(t.d);
	ASSERT_EQ(lookup_err("/c/d", 0), -ENOENT);
	ASSERT_EQ(ldm_sysfs_follow(link, &target), -ENOENT);
	ASSERT(target == NULL);
	ASSERT_EQ(lookup_err("/a/b/link", LDM_SYSFS_FOLLOW), -ENOENT);
	ASSERT_EQ(lookup_err("/a/b/link/alpha", 0), -ENOENT);
	/* The link itself is still there, as a dangling one is on a disk. */
	ASSERT_EQ(stat_path("/a/b/link", 0).type, LDM_SYSFS_LINK);
	ASSERT_STREQ(names_of("/a/b"), "alpha beta link");

	sysfs_remove_link(t.b, "link");
	ASSERT_EQ(lookup_err("/a/b/link", 0), -ENOENT);
	ASSERT_STREQ(names_of("/a/b"), "alpha beta");
	ldm_sysfs_put(link);
	ASSERT_EQ(nreleased, 1);
	kobject_unregister(t.c);
	kobject_unregister(t.b);
	kobject_unregister(t.a);
	ASSERT_EQ(nreleased, 4);
}

DEFINE_TEST(
	test_sysfs_lookup_root_and_nested_paths,
	.description =
		"\"\" and \"/\" are the root; nested paths, with or without a leading slash, find the node")
{
	struct abcd t = abcd_add();
	struct ldm_sysfs_node *root1, *root2, *sd1, *sd2;

	root1 = lookup("", 0);
	root2 = lookup("/", 0);
	ASSERT(root1 == root2);
	ASSERT_STREQ(ldm_sysfs_name(root1), "");
	ASSERT_EQ(stat_path("/", 0).type, LDM_SYSFS_DIR);
	ASSERT_EQ(stat_path("/", 0).mode, S_IFDIR | 0755);

	sd1 = lookup("/a/b/alpha", 0);
	sd2 = lookup("a/b/alpha", 0);
	ASSERT(sd1 == sd2);
	ASSERT_STREQ(ldm_sysfs_name(sd1), "alpha");
	ldm_sysfs_put(sd2);
	ldm_sysfs_put(sd1);
	sd1 = lookup("/c/d", 0);
	ASSERT_STREQ(ldm_sysfs_name(sd1), "d");
	ASSERT_EQ(stat_path("/c/d", 0).mode, S_IFDIR | 0755);
	ldm_sysfs_put(sd1);
	/* The runtime's own files are in the same tree. */
	ASSERT_EQ(stat_path("/kernel/uevent_seqnum", 0).type, LDM_SYSFS_ATTR);
	ASSERT_EQ(ldm_sysfs_lookup(NULL, 0, &sd1), -EINVAL);
	ldm_sysfs_put(root2);
	ldm_sysfs_put(root1);
	abcd_del(&t);
}

DEFINE_TEST(test_sysfs_lookup_dot_and_dotdot,
	    .description =
		    "\".\" stays, \"..\" goes to the parent and stops at the root, in any component")
{
	struct abcd t = abcd_add();
	struct ldm_sysfs_node *a = lookup("/a", 0), *root = lookup("/", 0), *sd;

	sd = lookup("/a/./b/..", 0);
	ASSERT(sd == a);
	ldm_sysfs_put(sd);
	sd = lookup("/a/b/../../a", 0);
	ASSERT(sd == a);
	ldm_sysfs_put(sd);
	sd = lookup("/..", 0);
	ASSERT(sd == root);
	ldm_sysfs_put(sd);
	sd = lookup("/../../a/.", 0);
	ASSERT(sd == a);
	ldm_sysfs_put(sd);
	sd = lookup(".", 0);
	ASSERT(sd == root);
	ldm_sysfs_put(sd);
	sd = lookup("/a/b/../../c/./d/alpha", 0);
	ASSERT_STREQ(ldm_sysfs_name(sd), "alpha");
	ASSERT_EQ(ldm_sysfs_get(sd), sd);
	ldm_sysfs_put(sd);
	ldm_sysfs_put(sd);
	/* A file has neither . nor .. */
	ASSERT_EQ(lookup_err("/a/alpha/.", 0), -ENOTDIR);
	ASSERT_EQ(lookup_err("/a/alpha/..", 0), -ENOTDIR);
	ldm_sysfs_put(root);
	ldm_sysfs_put(a);
	abcd_del(&t);
}

DEFINE_TEST(
	test_sysfs_lookup_repeated_and_trailing_slashes,
	.description =
		"repeated slashes count as one; a trailing slash names a directory, so a file with one is -ENOTDIR and a link is followed")
{
	struct abcd t = abcd_add();
	struct ldm_sysfs_node *b = lookup("/a/b", 0), *d = lookup("/c/d", 0), *sd;

	sd = lookup("//a///b", 0);
	ASSERT(sd == b);
	ldm_sysfs_put(sd);
	sd = lookup("/a/b/", 0);
	ASSERT(sd == b);
	ldm_sysfs_put(sd);
	sd = lookup("a//b//", 0);
	ASSERT(sd == b);
	ldm_sysfs_put(sd);
	sd = lookup("///", 0);
	ASSERT_STREQ(ldm_sysfs_name(sd), "");
	ldm_sysfs_put(sd);
	ASSERT_EQ(lookup_err("/a//alpha", 0), 0);
	/* As path resolution does: "file/" is not a directory. */
	ASSERT_EQ(lookup_err("/a/alpha/", 0), -ENOTDIR);
	ASSERT_EQ(lookup_err("/a/alpha//", LDM_SYSFS_FOLLOW), -ENOTDIR);
	/* ...and "link/" is the directory the link points to. */
	ASSERT_OK(sysfs_create_link(t.a, t.d, "link"));
	sd = lookup("/a/link/", 0);
	ASSERT(sd == d);
	ldm_sysfs_put(sd);
	sd = lookup("/a/link", 0);
	ASSERT_STREQ(ldm_sysfs_name(sd), "link");
	ldm_sysfs_put(sd);
	sysfs_remove_link(t.a, "link");
	ldm_sysfs_put(d);
	ldm_sysfs_put(b);
	abcd_del(&t);
}

DEFINE_TEST(
	test_sysfs_lookup_errors,
	.description =
		"look-up gives -ENOENT for a missing component, -ENOTDIR for a file used as a directory, -ENAMETOOLONG past 255 bytes")
{
	char path[NAME_MAX + 16];
	struct abcd t = abcd_add();

	ASSERT_EQ(lookup_err("/nope", 0), -ENOENT);
	ASSERT_EQ(lookup_err("/a/nope", 0), -ENOENT);
	ASSERT_EQ(lookup_err("/a/nope/b", 0), -ENOENT);
	ASSERT_EQ(lookup_err("/a/B", 0), -ENOENT); /* names are case-sensitive */
	ASSERT_EQ(lookup_err("/a/alph", 0), -ENOENT);
	ASSERT_EQ(lookup_err("/a/alpha/x", 0), -ENOTDIR);
	ASSERT_EQ(lookup_err("/a/b/beta/x/y", 0), -ENOTDIR);
	ASSERT_EQ(lookup_err("/kernel/uevent_seqnum/x", 0), -ENOTDIR);
	memset(path, 0, sizeof(path));
	path[0] = '/';
	memset(path + 1, 'n', NAME_MAX + 1);
	ASSERT_EQ(lookup_err(path, 0), -ENAMETOOLONG);
	path[NAME_MAX + 1] = '\0';
	ASSERT_EQ(lookup_err(path, 0), -ENOENT);
	abcd_del(&t);
}

DEFINE_TEST(
	test_sysfs_lookup_follows_links_mid_path_and_last_only_on_request,
	.description =
		"a link in the middle of a path is always followed; in the last component only with LDM_SYSFS_FOLLOW")
{
	struct abcd t = abcd_add();
	struct ldm_sysfs_node *sd, *d = lookup("/c/d", 0), *c = lookup("/c", 0);

	ASSERT_OK(sysfs_create_link(t.b, t.d, "link"));
	sd = lookup("/a/b/link/alpha", 0);
	ASSERT_EQ(stat_path("/a/b/link/alpha", 0).ino, stat_path("/c/d/alpha", 0).ino);
	ldm_sysfs_put(sd);

	sd = lookup("/a/b/link", 0);
	ASSERT_STREQ(ldm_sysfs_name(sd), "link");
	ASSERT_EQ(stat_path("/a/b/link", 0).type, LDM_SYSFS_LINK);
	ldm_sysfs_put(sd);
	sd = lookup("/a/b/link", LDM_SYSFS_FOLLOW);
	ASSERT(sd == d);
	ldm_sysfs_put(sd);
	/* ".." after a link is the target's parent, as the kernel resolves it. */
	sd = lookup("/a/b/link/..", 0);
	ASSERT(sd == c);
	ldm_sysfs_put(sd);
	/* A link to a directory holding a link: both followed. */
	ASSERT_OK(sysfs_create_link(t.c, t.b, "tob"));
	ASSERT_EQ(stat_path("/c/tob/link/beta", 0).ino, stat_path("/c/d/beta", 0).ino);
	sd = lookup("/c/tob/link", LDM_SYSFS_FOLLOW);
	ASSERT(sd == d);
	ldm_sysfs_put(sd);
	ASSERT_EQ(lookup_err("/a/b/link/nope", 0), -ENOENT);
	sysfs_remove_link(t.c, "tob");
	sysfs_remove_link(t.b, "link");
	ldm_sysfs_put(c);
	ldm_sysfs_put(d);
	abcd_del(&t);
}

DEFINE_TEST(
	test_sysfs_lookup_link_loop_is_eloop,
	.description =
		"a path through a link to an ancestor resolves for 40 hops and gives -ELOOP past them")
{
	static char path[4096];
	struct kobject *a = node_add("a", NULL), *b = node_add("b", a);
	int i;

	ASSERT_OK(sysfs_create_link(b, a, "up"));
	strcpy(path, "/a");
	for (i = 0; i < 40; i++)
		strcat(path, "/b/up");
	strcat(path, "/alpha");
	ASSERT_EQ(lookup_err(path, 0), 0);
	strcpy(path, "/a");
	for (i = 0; i < 41; i++)
		strcat(path, "/b/up");
	strcat(path, "/alpha");
	ASSERT_EQ(lookup_err(path, 0), -ELOOP);
	sysfs_remove_link(b, "up");
	kobject_unregister(b);
	kobject_unregister(a);
}

DEFINE_TEST(
	test_sysfs_lookup_at_finds_child_and_keeps_links,
	.description =
		"ldm_sysfs_lookup_at finds a child by name and returns a link as the link; -ENOENT, -ENOTDIR otherwise")
{
	struct abcd t = abcd_add();
	struct ldm_sysfs_node *b = lookup("/a/b", 0), *file = lookup("/a/b/alpha", 0), *sd;

	ASSERT_OK(sysfs_create_link(t.b, t.d, "link"));
	ASSERT_OK(ldm_sysfs_lookup_at(b, "alpha", &sd));
	ASSERT(sd == file);
	ldm_sysfs_put(sd);
	ASSERT_OK(ldm_sysfs_lookup_at(b, "link", &sd));
	ASSERT_STREQ(ldm_sysfs_name(sd), "link");
	{
		struct ldm_sysfs_stat st;

		ASSERT_OK(ldm_sysfs_stat(sd, &st));
		ASSERT_EQ(st.type, LDM_SYSFS_LINK);
	}
	ldm_sysfs_put(sd);
	sd = NULL;
	ASSERT_EQ(ldm_sysfs_lookup_at(b, "nope", &sd), -ENOENT);
	ASSERT_EQ(ldm_sysfs_lookup_at(b, "..", &sd), -ENOENT);
	ASSERT_EQ(ldm_sysfs_lookup_at(file, "x", &sd), -ENOTDIR);
	ASSERT(sd == NULL);
	sysfs_remove_link(t.b, "link");
	/* A removed directory has no children to find. */
	kobject_unregister(t.b);
	ASSERT_EQ(ldm_sysfs_lookup_at(b, "alpha", &sd), -ENOENT);
	ldm_sysfs_put(file);
	ldm_sysfs_put(b);
	kobject_unregister(t.d);
	kobject_unregister(t.c);
	kobject_unregister(t.a);
}

DEFINE_TEST(
	test_sysfs_readdir_lists_in_creation_order_with_types,
	.description =
		"readdir lists every kind of node in creation order with its type, mode, size, nlink and own inode number")
{
	static struct attribute zeta = { .name = "zeta", .mode = 0640 };
	static struct attribute aardvark = { .name = "aardvark", .mode = 0200 };
	static struct bin_attribute blob = { .attr = { .name = "blob", .mode = 0600 }, .size = 77 };
	static struct attribute_group grp = { .name = "grp", .attrs = g_attrs };
	static const char *const order[] = { "alpha", "beta", "zeta", "m",
					     "blob",  "lnk",  "grp",  "aardvark" };
	struct kobject *a = node_add("a", NULL), *m;
	struct listing *l = calloc(1, sizeof(*l));
	const struct entry *e;
	unsigned int i, j;

	ASSERT(l);
	ASSERT_OK(sysfs_create_file(a, &zeta));
	m = node_add("m", a);
	ASSERT_OK(sysfs_create_bin_file(a, &blob));
	ASSERT_OK(sysfs_create_link(a, m, "lnk"));
	ASSERT_OK(sysfs_create_group(a, &grp));
	ASSERT_OK(sysfs_create_file(a, &aardvark));

	list_path("/a", l);
	ASSERT_EQ(l->n, ARRAY_SIZE(order));
	ASSERT_EQ(l->calls, ARRAY_SIZE(order));
	for (i = 0; i < l->n; i++)
		ASSERT_STREQ(l->e[i].name, order[i]);
	e = find_entry(l, "alpha");
	ASSERT_EQ(e->st.type, LDM_SYSFS_ATTR);
	ASSERT_EQ(e->st.mode, S_IFREG | 0644);
	ASSERT_EQ(e->st.size, 4096);
	e = find_entry(l, "zeta");
	ASSERT_EQ(e->st.mode, S_IFREG | 0640);
	e = find_entry(l, "aardvark");
	ASSERT_EQ(e->st.mode, S_IFREG | 0200);
	e = find_entry(l, "m");
	ASSERT_EQ(e->st.type, LDM_SYSFS_DIR);
	ASSERT_EQ(e->st.mode, S_IFDIR | 0755);
	ASSERT_EQ(e->st.nlink, 2);
	e = find_entry(l, "blob");
	ASSERT_EQ(e->st.type, LDM_SYSFS_BIN);
	ASSERT_EQ(e->st.mode, S_IFREG | 0600);
	ASSERT_EQ(e->st.size, 77);
	e = find_entry(l, "lnk");
	ASSERT_EQ(e->st.type, LDM_SYSFS_LINK);
	ASSERT_EQ(e->st.mode, S_IFLNK | 0777);
	ASSERT_EQ(e->st.size, strlen("../a/m"));
	e = find_entry(l, "grp");
	ASSERT_EQ(e->st.type, LDM_SYSFS_DIR);
	for (i = 0; i < l->n; i++) {
		char path[300]; /* any name readdir gives, for -O0 builds */

		snprintf(path, sizeof(path), "/a/%s", l->e[i].name);
		ASSERT_EQ(l->e[i].st.ino, stat_path(path, 0).ino);
		ASSERT_EQ(l->e[i].st.nlink, stat_path(path, 0).nlink);
		for (j = 0; j < i; j++)
			ASSERT_NE(l->e[i].st.ino, l->e[j].st.ino);
	}
	/* Removing one keeps the order of the rest. */
	sysfs_remove_file(a, &zeta);
	ASSERT_STREQ(names_of("/a"), "alpha beta m blob lnk grp aardvark");
	ASSERT_OK(sysfs_create_file(a, &zeta));
	ASSERT_STREQ(names_of("/a"), "alpha beta m blob lnk grp aardvark zeta");
	/* Only directories list. */
	{
		struct ldm_sysfs_node *f = lookup("/a/alpha", 0);

		ASSERT_EQ(ldm_sysfs_readdir(f, collect, l), -ENOTDIR);
		ldm_sysfs_put(f);
	}
	free(l);
	sysfs_remove_link(a, "lnk");
	kobject_unregister(m);
	kobject_unregister(a);
	ASSERT_EQ(nreleased, 2);
}

DEFINE_TEST(
	test_sysfs_dir_nlink_counts_subdirectories,
	.description =
		"a directory's nlink is 2 plus its subdirectories (kobjects and named groups, not files or links)")
{
	static struct attribute_group grp = { .name = "grp", .attrs = g_attrs };
	struct ldm_sysfs_stat root = stat_path("/", 0);
	struct kobject *a = node_add("a", NULL), *m, *n;

	ASSERT_EQ(stat_path("/", 0).nlink, root.nlink + 1);
	ASSERT_EQ(stat_path("/a", 0).nlink, 2);
	m = node_add("m", a);
	ASSERT_EQ(stat_path("/a", 0).nlink, 3);
	n = node_add("n", a);
	ASSERT_EQ(stat_path("/a", 0).nlink, 4);
	ASSERT_OK(sysfs_create_group(a, &grp));
	ASSERT_EQ(stat_path("/a", 0).nlink, 5);
	ASSERT_OK(sysfs_create_link(a, m, "lnk"));
	ASSERT_EQ(stat_path("/a", 0).nlink, 5);
	ASSERT_EQ(stat_path("/a/m", 0).nlink, 2);
	kobject_unregister(m);
	ASSERT_EQ(stat_path("/a", 0).nlink, 4);
	sysfs_remove_group(a, &grp);
	ASSERT_EQ(stat_path("/a", 0).nlink, 3);
	sysfs_remove_link(a, "lnk");
	ASSERT_EQ(stat_path("/a", 0).nlink, 3);
	kobject_unregister(n);
	ASSERT_EQ(stat_path("/a", 0).nlink, 2);
	kobject_unregister(a);
	ASSERT_EQ(stat_path("/", 0).nlink, root.nlink);
}

DEFINE_TEST(
	test_sysfs_readdir_callback_stops_walk,
	.description =
		"a non-zero return from the readdir callback stops the walk at once and is what readdir returns")
{
	struct kobject *a = node_add("a", NULL);
	struct listing *l = calloc(1, sizeof(*l));
	struct ldm_sysfs_node *dir = lookup("/a", 0);

	ASSERT(l);
	l->stop_at = 1;
	l->stop_ret = 42;
	ASSERT_EQ(ldm_sysfs_readdir(dir, collect, l), 42);
	ASSERT_EQ(l->calls, 1);
	ASSERT_STREQ(l->e[0].name, "alpha");

	memset(l, 0, sizeof(*l));
	l->stop_at = 2;
	l->stop_ret = -EIO;
	ASSERT_EQ(ldm_sysfs_readdir(dir, collect, l), -EIO);
	ASSERT_EQ(l->calls, 2);
	ASSERT_STREQ(l->e[1].name, "beta");

	/* Stopping after the last entry changes nothing of the listing. */
	memset(l, 0, sizeof(*l));
	l->stop_at = 3;
	l->stop_ret = 7;
	ASSERT_EQ(ldm_sysfs_readdir(dir, collect, l), 0);
	ASSERT_EQ(l->calls, 2);
	free(l);
	ldm_sysfs_put(dir);
	kobject_unregister(a);
}

struct mutate_ctx {
	struct kobject *kobj;
	unsigned int calls;
	int error;
};

static struct attribute attr_late = { .name = "late", .mode = 0644 };

/* Change the directory being listed from inside the walk. */
static int mutate(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
{
	struct mutate_ctx *m = ctx;

	(void)name;
	(void)st;
	if (m->calls++ == 0) {
		m->error = sysfs_create_file(m->kobj, &attr_late);
		if (!m->error)
			sysfs_remove_file(m->kobj, &attr_beta);
	}
	return 0;
}

DEFINE_TEST(
	test_sysfs_readdir_callback_may_change_tree,
	.description =
		"the readdir callback runs without the tree lock: it may create and remove files, and the walk lists its snapshot",
	.timeout = 20)
{
	struct kobject *a = node_add("a", NULL);
	struct ldm_sysfs_node *dir = lookup("/a", 0);
	struct mutate_ctx m = { .kobj = a };

	ASSERT_OK(ldm_sysfs_readdir(dir, mutate, &m));
	ASSERT_OK(m.error);
	ASSERT_EQ(m.calls, 2); /* alpha and beta: the snapshot */
	ASSERT_STREQ(names_of("/a"), "alpha late");
	ldm_sysfs_put(dir);
	sysfs_remove_file(a, &attr_late);
	kobject_unregister(a);
}

DEFINE_TEST(
	test_sysfs_kobject_removal_removes_whole_subtree,
	.description =
		"removing a kobject's directory removes all below it: files, links, named group directories and child kobjects' directories")
{
	static struct attribute_group grp = { .name = "grp", .attrs = g_attrs };
	static struct bin_attribute blob = { .attr = { .name = "blob", .mode = 0600 }, .size = 8 };
	struct ldm_sysfs_stat root = stat_path("/", 0), st;
	struct kobject *a = node_add("a", NULL), *b = node_add("b", a), *c = node_add("c", NULL);
	struct ldm_sysfs_node *held_grp, *held_b, *held_file;
	struct listing *l = calloc(1, sizeof(*l));

	ASSERT(l);
	ASSERT_OK(sysfs_create_group(a, &grp));
	ASSERT_OK(sysfs_create_group(b, &grp));
	ASSERT_OK(sysfs_create_bin_file(a, &blob));
	ASSERT_OK(sysfs_create_link(a, c, "to_c"));
	ASSERT_OK(sysfs_create_link(c, b, "to_b"));
	held_grp = lookup("/a/grp", 0);
	held_b = lookup("/a/b", 0);
	held_file = lookup("/a/b/grp/g1", 0);

	/* The parent first, while the child kobject still lives. */
	kobject_del(a);
	ASSERT_EQ(lookup_err("/a", 0), -ENOENT);
	ASSERT_EQ(lookup_err("/a/grp/g1", 0), -ENOENT);
	ASSERT_EQ(lookup_err("/a/b", 0), -ENOENT);
	ASSERT_EQ(lookup_err("/c/to_b/alpha", 0), -ENOENT);
	ASSERT_EQ(stat_path("/", 0).nlink, root.nlink + 1); /* /c only */
	/* What a front end still holds answers stat and lists empty. */
	list_sd(held_grp, l);
	ASSERT_EQ(l->n, 0);
	list_sd(held_b, l);
	ASSERT_EQ(l->n, 0);
	ASSERT_OK(ldm_sysfs_stat(held_file, &st));
	ASSERT_EQ(st.mode, S_IFREG | 0644);
	ldm_sysfs_put(held_file);
	ldm_sysfs_put(held_b);
	ldm_sysfs_put(held_grp);

	/* The rest of the tree is untouched, and every removal after is harmless. */
	ASSERT_STREQ(names_of("/c"), "alpha beta to_b");
	sysfs_remove_group(b, &grp);
	ASSERT_EQ(sysfs_remove_bin_file(a, &blob), -ENOENT);
	sysfs_remove_link(a, "to_c");
	sysfs_remove_link(c, "to_b");
	kobject_unregister(b);
	ASSERT_EQ(nreleased, 1);
	kobject_put(a);
	kobject_unregister(c);
	ASSERT_EQ(nreleased, 3);
	ASSERT_EQ(stat_path("/", 0).nlink, root.nlink);
	free(l);
}

/* ---- the watcher of the tree's shape ---- */

static char watched[4096];

static void record_change(enum ldm_sysfs_change change, struct ldm_sysfs_node *parent,
			  const char *name, void *data)
{
	size_t len = strlen(watched);

	ASSERT(data == watched);
	snprintf(watched + len, sizeof(watched) - len, "%c%s/%s ",
		 change == LDM_SYSFS_ADDED ? '+' : '-', ldm_sysfs_name(parent), name);
}

static void other_watcher(enum ldm_sysfs_change change, struct ldm_sysfs_node *parent,
			  const char *name, void *data)
{
	(void)change, (void)parent, (void)name, (void)data;
}

DEFINE_TEST(
	test_sysfs_watch_tells_every_added_removed_and_renamed_name,
	.description =
		"ldm_sysfs_watch: each file, directory and link added, the top of each removed subtree, a rename as old name removed and new added; one watcher at a time; none after it is removed")
{
	struct kobject *p, *t;

	p = node_add("wp", NULL);
	watched[0] = '\0';
	ASSERT_OK(ldm_sysfs_watch(record_change, watched));
	ASSERT_EQ(ldm_sysfs_watch(other_watcher, NULL), -EBUSY);
	t = node_add("w0", p);
	ASSERT_STREQ(watched, "+wp/w0 +w0/alpha +w0/beta ");
	watched[0] = '\0';
	ASSERT_OK(sysfs_create_link(t, p, "up"));
	ASSERT_OK(kobject_rename(t, "w1"));
	ASSERT_STREQ(watched, "+w0/up -wp/w0 +wp/w1 ");
	watched[0] = '\0';
	kobject_unregister(t);
	/* The directory goes whole: one name, not one per file inside. */
	ASSERT_STREQ(watched, "-wp/w1 ");
	ASSERT_OK(ldm_sysfs_watch(NULL, NULL));
	watched[0] = '\0';
	kobject_unregister(p);
	ASSERT_STREQ(watched, "");
	ASSERT_OK(ldm_sysfs_watch(other_watcher, NULL));
	ASSERT_OK(ldm_sysfs_watch(NULL, NULL));
}

/* The links l0..l<n-1> of @dir whose bit @present sets are found, the others not. */
static void check_links(struct ldm_sysfs_node *dir, unsigned long long present, unsigned int n)
{
	struct ldm_sysfs_node *sd;
	struct listing *l;
	unsigned int i, count = 0;
	char name[8];

	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "l%u", i);
		if (present & (1ULL << i)) {
			ASSERT_OK(ldm_sysfs_lookup_at(dir, name, &sd));
			ASSERT_STREQ(ldm_sysfs_name(sd), name);
			ldm_sysfs_put(sd);
			count++;
		} else {
			ASSERT_EQ(ldm_sysfs_lookup_at(dir, name, &sd), -ENOENT);
		}
	}
	/* alpha and beta, the node's own attributes, then the links. */
	l = calloc(1, sizeof(*l));
	ASSERT(l);
	list_sd(dir, l);
	ASSERT_EQ(l->n, count + 2);
	free(l);
}

DEFINE_TEST(
	test_sysfs_directory_finds_every_entry_as_it_grows_and_shrinks,
	.description =
		"a directory grown from 2 to 42 entries and shrunk back, every other one first, finds each entry it has by name and none it lost, at every size: from the few kept inline in the node to the many in buckets")
{
	struct kobject *g = node_add("hg", NULL), *t = node_add("ht", NULL);
	struct ldm_sysfs_node *dir = lookup("/hg", 0);
	unsigned long long present = 0;
	unsigned int i, n = 40;
	char name[8];

	check_links(dir, present, n);
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "l%u", i);
		ASSERT_OK(sysfs_create_link(g, t, name));
		present |= 1ULL << i;
		check_links(dir, present, n);
	}
	for (i = 0; i < 2 * n; i += 2) {
		unsigned int k = i < n ? i : i - n + 1;

		snprintf(name, sizeof(name), "l%u", k);
		sysfs_remove_link(g, name);
		present &= ~(1ULL << k);
		check_links(dir, present, n);
	}
	ASSERT_STREQ(names_of("/hg"), "alpha beta");
	ldm_sysfs_put(dir);
	kobject_unregister(t);
	kobject_unregister(g);
}
