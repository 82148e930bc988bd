// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-sysfs-core.c - the I/O rules of the tree that every front end relies
 * on: PAGE_SIZE and -E2BIG, store() once per write with the bytes
 * NUL-terminated, modes enforced at open, binary attributes at offsets,
 * -ENODEV on a handle whose node was removed, a store() that removes its
 * own file, and links reading as 2.6.9's relative paths.
 */
#include <fcntl.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

struct thing {
	struct kobject kobj;
	char last[PAGE_SIZE + 2];
	size_t last_len;
	int stores, shows;
	unsigned char blob[64];
};

#define to_thing(k) container_of(k, struct thing, kobj)

static ssize_t thing_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct thing *t = to_thing(kobj);

	t->shows++;
	return sprintf(buf, "%s=%d\n", attr->name, t->stores);
}

static ssize_t thing_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			   size_t count)
{
	struct thing *t = to_thing(kobj);

	if (!strcmp(attr->name, "suicide"))
		sysfs_remove_file(kobj, attr);
	t->stores++;
	t->last_len = count;
	memcpy(t->last, buf, count + 1); /* the NUL the store must get */
	return (ssize_t)count;
}

static struct sysfs_ops thing_ops = { .show = thing_show, .store = thing_store };
static struct attribute attr_rw = { .name = "rw", .mode = 0644 };
static struct attribute attr_ro = { .name = "ro", .mode = 0444 };
static struct attribute attr_wo = { .name = "wo", .mode = 0200 };
static struct attribute attr_suicide = { .name = "suicide", .mode = 0200 };
static struct attribute *thing_attrs[] = { &attr_rw, &attr_ro, &attr_wo, &attr_suicide, NULL };

static int released;

static void thing_release(struct kobject *kobj)
{
	released++;
	free(to_thing(kobj));
}

static struct kobj_type thing_ktype = {
	.release = thing_release,
	.sysfs_ops = &thing_ops,
	.default_attrs = thing_attrs,
};

static struct thing *thing_new(const char *name)
{
	struct thing *t = calloc(1, sizeof(*t));

	ASSERT(t);
	t->kobj.ktype = &thing_ktype;
	kobject_set_name(&t->kobj, "%s", name);
	ASSERT_OK(kobject_register(&t->kobj));
	return t;
}

static struct ldm_sysfs_file *open_path(const char *path, int flags)
{
	struct ldm_sysfs_file *f = NULL;
	struct sysfs_dirent *sd;

	ASSERT_OK(ldm_sysfs_lookup(path, 0, &sd));
	ASSERT_OK(ldm_sysfs_open(sd, flags, &f));
	ldm_sysfs_put(sd);
	return f;
}

DEFINE_TEST(
	test_write_over_page_size_fails_whole_with_e2big,
	.description =
		"a write of PAGE_SIZE bytes reaches store() NUL-terminated; PAGE_SIZE+1 fails with -E2BIG and store() is not called")
{
	static char big[PAGE_SIZE + 1];
	struct thing *t = thing_new("t");

	memset(big, 'x', sizeof(big));
	ASSERT_EQ(ldm_sysfs_write_path("/t/rw", big, PAGE_SIZE), PAGE_SIZE);
	ASSERT_EQ(t->stores, 1);
	ASSERT_EQ(t->last_len, PAGE_SIZE);
	ASSERT_EQ(t->last[PAGE_SIZE], '\0');
	ASSERT_EQ(ldm_sysfs_write_path("/t/rw", big, PAGE_SIZE + 1), -E2BIG);
	ASSERT_EQ(t->stores, 1);
	kobject_unregister(&t->kobj);
	ASSERT_EQ(released, 1);
}

DEFINE_TEST(
	test_each_write_is_one_store_with_nul,
	.description =
		"every write is one store() call with exactly the bytes written and a NUL after them")
{
	struct thing *t = thing_new("t");
	struct ldm_sysfs_file *f = open_path("/t/rw", O_WRONLY);

	ASSERT_EQ(ldm_sysfs_write(f, "12\n", 3, 0), 3);
	ASSERT_EQ(ldm_sysfs_write(f, "abc", 2, 3), 2);
	ASSERT_EQ(t->stores, 2);
	ASSERT_EQ(t->last_len, 2);
	ASSERT_STREQ(t->last, "ab");
	ldm_sysfs_close(f);
	kobject_unregister(&t->kobj);
}

DEFINE_TEST(test_show_called_at_offset_zero_only,
	    .description =
		    "show() fills the page for a read at offset 0; later offsets are served from it")
{
	struct thing *t = thing_new("t");
	struct ldm_sysfs_file *f = open_path("/t/ro", O_RDONLY);
	char buf[8];

	ASSERT_EQ(ldm_sysfs_read(f, buf, 3, 0), 3);
	ASSERT_EQ(ldm_sysfs_read(f, buf, 8, 3), 2); /* "ro=0\n": "0\n" left */
	ASSERT(!memcmp(buf, "0\n", 2));
	ASSERT_EQ(ldm_sysfs_read(f, buf, 8, 5), 0);
	ASSERT_EQ(t->shows, 1);
	ASSERT_EQ(ldm_sysfs_read(f, buf, 8, 0), 5);
	ASSERT_EQ(t->shows, 2);
	ldm_sysfs_close(f);
	kobject_unregister(&t->kobj);
}

DEFINE_TEST(
	test_modes_enforced_at_open,
	.description =
		"a 0444 file cannot be opened for writing, a 0200 one for reading; directories and links refuse I/O")
{
	struct thing *t = thing_new("t");
	struct ldm_sysfs_file *f;
	struct sysfs_dirent *sd;
	char buf[8];

	ASSERT_OK(ldm_sysfs_lookup("/t/ro", 0, &sd));
	ASSERT_EQ(ldm_sysfs_open(sd, O_WRONLY, &f), -EACCES);
	ASSERT_EQ(ldm_sysfs_open(sd, O_RDWR, &f), -EACCES);
	ldm_sysfs_put(sd);
	ASSERT_OK(ldm_sysfs_lookup("/t/wo", 0, &sd));
	ASSERT_EQ(ldm_sysfs_open(sd, O_RDONLY, &f), -EACCES);
	ASSERT_OK(ldm_sysfs_open(sd, O_WRONLY, &f));
	ASSERT_EQ(ldm_sysfs_read(f, buf, sizeof(buf), 0), -EBADF);
	ldm_sysfs_close(f);
	ldm_sysfs_put(sd);
	ASSERT_OK(ldm_sysfs_lookup("/t", 0, &sd));
	ASSERT_EQ(ldm_sysfs_open(sd, O_RDONLY, &f), -EISDIR);
	ldm_sysfs_put(sd);
	kobject_unregister(&t->kobj);
}

DEFINE_TEST(
	test_io_on_removed_node_is_enodev,
	.description =
		"an open handle whose kobject was unregistered and freed gives -ENODEV, never a use-after-free")
{
	struct thing *t = thing_new("t");
	struct ldm_sysfs_file *r = open_path("/t/ro", O_RDONLY);
	struct ldm_sysfs_file *w = open_path("/t/rw", O_WRONLY);
	struct sysfs_dirent *sd;
	char buf[16];

	ASSERT_OK(ldm_sysfs_lookup("/t/rw", 0, &sd));
	kobject_unregister(&t->kobj);
	ASSERT_EQ(released, 1); /* freed: only the node is left */
	ASSERT_EQ(ldm_sysfs_read(r, buf, sizeof(buf), 0), -ENODEV);
	ASSERT_EQ(ldm_sysfs_write(w, "1", 1, 0), -ENODEV);
	ASSERT_EQ(ldm_sysfs_open(sd, O_RDONLY, &r), -ENODEV);
	ldm_sysfs_put(sd);
	ldm_sysfs_close(r);
	ldm_sysfs_close(w);
}

DEFINE_TEST(test_store_may_remove_its_own_file,
	    .description = "a store() that removes its own attribute returns, and the file is gone")
{
	struct thing *t = thing_new("t");
	struct sysfs_dirent *sd;

	ASSERT_EQ(ldm_sysfs_write_path("/t/suicide", "1", 1), 1);
	ASSERT_EQ(ldm_sysfs_lookup("/t/suicide", 0, &sd), -ENOENT);
	kobject_unregister(&t->kobj);
}

static ssize_t blob_read(struct kobject *kobj, char *buf, loff_t off, size_t count)
{
	memcpy(buf, to_thing(kobj)->blob + off, count);
	return (ssize_t)count;
}

static ssize_t blob_write(struct kobject *kobj, char *buf, loff_t off, size_t count)
{
	memcpy(to_thing(kobj)->blob + off, buf, count);
	return (ssize_t)count;
}

DEFINE_TEST(
	test_binary_attribute_offsets_and_size,
	.description =
		"a binary attribute reads and writes at offsets, clamped to its size; stat shows the size")
{
	static struct bin_attribute blob = {
		.attr = { .name = "blob", .mode = 0644 },
		.size = 64,
		.read = blob_read,
		.write = blob_write,
	};
	struct thing *t = thing_new("t");
	struct ldm_sysfs_file *f;
	struct ldm_sysfs_stat st;
	struct sysfs_dirent *sd;
	char buf[100];

	ASSERT_OK(sysfs_create_bin_file(&t->kobj, &blob));
	ASSERT_OK(ldm_sysfs_lookup("/t/blob", 0, &sd));
	ASSERT_OK(ldm_sysfs_stat(sd, &st));
	ASSERT_EQ(st.size, 64);
	ASSERT_OK(ldm_sysfs_open(sd, O_RDWR, &f));
	ASSERT_EQ(ldm_sysfs_write(f, "HELLO", 5, 60), 4); /* clamped at 64 */
	ASSERT(!memcmp(t->blob + 60, "HELL", 4));
	ASSERT_EQ(ldm_sysfs_read(f, buf, sizeof(buf), 58), 6);
	ASSERT(!memcmp(buf + 2, "HELL", 4));
	ASSERT_EQ(ldm_sysfs_read(f, buf, sizeof(buf), 64), 0);
	ldm_sysfs_close(f);
	ldm_sysfs_put(sd);
	ASSERT_OK(sysfs_remove_bin_file(&t->kobj, &blob));
	kobject_unregister(&t->kobj);
}

DEFINE_TEST(
	test_links_read_as_2_6_9_relative_paths,
	.description =
		"a link reads one ../ per level of its directory, then the target's path from the root")
{
	struct thing *a = thing_new("a"), *b;
	struct sysfs_dirent *sd, *target;
	char path[256];

	b = calloc(1, sizeof(*b));
	ASSERT(b);
	b->kobj.ktype = &thing_ktype;
	b->kobj.parent = &a->kobj;
	kobject_set_name(&b->kobj, "b");
	ASSERT_OK(kobject_register(&b->kobj));
	ASSERT_OK(sysfs_create_link(&b->kobj, &a->kobj, "up"));
	ASSERT_OK(ldm_sysfs_lookup("/a/b/up", 0, &sd));
	ASSERT_EQ(ldm_sysfs_readlink(sd, path, sizeof(path)), 7);
	ASSERT_STREQ(path, "../../a");
	ASSERT_OK(ldm_sysfs_follow(sd, &target));
	ASSERT_STREQ(ldm_sysfs_name(target), "a");
	ldm_sysfs_put(target);
	ldm_sysfs_put(sd);
	/* Followed in the middle of a path. */
	ASSERT_OK(ldm_sysfs_lookup("/a/b/up/rw", 0, &sd));
	ldm_sysfs_put(sd);
	sysfs_remove_link(&b->kobj, "up");
	kobject_unregister(&b->kobj);
	kobject_unregister(&a->kobj);
	ASSERT_EQ(released, 2);
}

/* ---- the watcher of the tree's shape ---- */

static char watched[4096];

static void record_change(enum ldm_sysfs_change change, struct sysfs_dirent *parent,
			  const char *name, void *data)
{
	size_t len = strlen(watched);

	ASSERT(data == watched);
	snprintf(watched + len, sizeof(watched) - len, "%c%s/%s ",
		 change == LDM_SYSFS_ADDED ? '+' : '-', ldm_sysfs_name(parent), name);
}

static void other_watcher(enum ldm_sysfs_change change, struct sysfs_dirent *parent,
			  const char *name, void *data)
{
	(void)change, (void)parent, (void)name, (void)data;
}

DEFINE_TEST(
	test_sysfs_watch_tells_every_added_removed_and_renamed_name,
	.description =
		"ldm_sysfs_watch: each file, directory and link added, the top of each removed subtree, a rename as old name removed and new added; one watcher at a time; none after it is removed")
{
	struct thing *p, *t;

	p = thing_new("wp");
	watched[0] = '\0';
	ASSERT_OK(ldm_sysfs_watch(record_change, watched));
	ASSERT_EQ(ldm_sysfs_watch(other_watcher, NULL), -EBUSY);
	t = calloc(1, sizeof(*t));
	ASSERT(t);
	t->kobj.ktype = &thing_ktype;
	t->kobj.parent = &p->kobj;
	kobject_set_name(&t->kobj, "w0");
	ASSERT_OK(kobject_register(&t->kobj));
	ASSERT_STREQ(watched, "+wp/w0 +w0/rw +w0/ro +w0/wo +w0/suicide ");
	watched[0] = '\0';
	ASSERT_OK(sysfs_create_link(&t->kobj, &p->kobj, "up"));
	ASSERT_OK(kobject_rename(&t->kobj, "w1"));
	ASSERT_STREQ(watched, "+w0/up -wp/w0 +wp/w1 ");
	watched[0] = '\0';
	kobject_unregister(&t->kobj);
	/* The directory goes whole: one name, not one per file inside. */
	ASSERT_STREQ(watched, "-wp/w1 ");
	ASSERT_OK(ldm_sysfs_watch(NULL, NULL));
	watched[0] = '\0';
	kobject_unregister(&p->kobj);
	ASSERT_STREQ(watched, "");
	ASSERT_OK(ldm_sysfs_watch(other_watcher, NULL));
	ASSERT_OK(ldm_sysfs_watch(NULL, NULL));
}
