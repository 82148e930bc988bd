// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-sysfs-io.c - I/O on sysfs files: when show() and store() are called
 * and with what, PAGE_SIZE and -E2BIG, modes checked at open, binary
 * attributes at offsets, -ENODEV on a handle whose node (or whole kobject)
 * is gone, a store() that removes its own file or kobject, and removal that
 * waits for a show() or store() in progress and never frees under it.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <time.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

/*
 * The fixture. What show() prints and what store() saw live in globals, not
 * in the kobject, so they outlive a kobject freed inside its own store().
 */
struct dev {
	struct kobject kobj;
};

static struct {
	char text[PAGE_SIZE + 1]; /* what show() prints */
	ssize_t show_ret;	  /* if non-zero, show() returns it (after filling) */
	int shows, stores;
	char stored[PAGE_SIZE + 2]; /* what store() got, its NUL included */
	size_t stored_len;
	bool stored_nul;   /* buf[count] was '\0' */
	ssize_t store_ret; /* if non-zero, store() returns it */
	int released;
	int released_in_store; /* the release count right after an unregister in store() */
} io;

static void dev_release(struct kobject *kobj)
{
	io.released++;
	free(container_of(kobj, struct dev, kobj));
}

static struct attribute attr_val = { .name = "val", .mode = 0644 };
static struct attribute attr_ro = { .name = "ro", .mode = 0444 };
static struct attribute attr_wo = { .name = "wo", .mode = 0200 };
static struct attribute attr_selfrm = { .name = "selfrm", .mode = 0200 };
static struct attribute attr_selfdel = { .name = "selfdel", .mode = 0200 };

static ssize_t dev_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	size_t len = strlen(io.text);

	(void)kobj;
	(void)attr;
	io.shows++;
	if (io.show_ret < 0)
		return io.show_ret;
	memcpy(buf, io.text, len);
	return io.show_ret ? io.show_ret : (ssize_t)len;
}

static ssize_t dev_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			 size_t count)
{
	io.stores++;
	io.stored_len = count;
	io.stored_nul = buf[count] == '\0';
	memcpy(io.stored, buf, count + 1);
	if (attr == &attr_selfrm)
		sysfs_remove_file(kobj, attr);
	if (attr == &attr_selfdel) {
		kobject_unregister(kobj); /* frees it: no touching it after */
		io.released_in_store = io.released;
	}
	return io.store_ret ? io.store_ret : (ssize_t)count;
}

static struct sysfs_ops dev_ops = { .show = dev_show, .store = dev_store };
static struct attribute *dev_attrs[] = { &attr_val, &attr_ro, &attr_wo, NULL };

static struct kobj_type dev_ktype = {
	.release = dev_release,
	.sysfs_ops = &dev_ops,
	.default_attrs = dev_attrs,
};

/* A type whose sysfs_ops cannot store: its 0644 file is read-only all the same. */
static struct sysfs_ops show_only_ops = { .show = dev_show };

static struct kobj_type show_only_ktype = {
	.release = dev_release,
	.sysfs_ops = &show_only_ops,
	.default_attrs = dev_attrs,
};

static struct kobject *dev_add_type(const char *name, struct kobject *parent,
				    struct kobj_type *ktype)
{
	struct dev *d = calloc(1, sizeof(*d));

	ASSERT(d);
	d->kobj.ktype = ktype;
	d->kobj.parent = parent;
	ASSERT_OK(kobject_set_name(&d->kobj, "%s", name));
	ASSERT_OK(kobject_register(&d->kobj));
	return &d->kobj;
}

static struct kobject *dev_add(const char *name)
{
	return dev_add_type(name, NULL, &dev_ktype);
}

static struct ldm_sysfs_file *open_path(const char *path, int flags)
{
	struct ldm_sysfs_file *f = NULL;
	struct ldm_sysfs_node *sd;

	ASSERT_OK(ldm_sysfs_lookup(path, 0, &sd));
	ASSERT_OK(ldm_sysfs_open(sd, flags, &f));
	ASSERT(f);
	ldm_sysfs_put(sd);
	return f;
}

/* The error of opening @path with @flags; a file opened is closed again. */
static int open_err(const char *path, int flags)
{
	struct ldm_sysfs_file *f = NULL;
	struct ldm_sysfs_node *sd;
	int error;

	ASSERT_OK(ldm_sysfs_lookup(path, 0, &sd));
	error = ldm_sysfs_open(sd, flags, &f);
	ldm_sysfs_put(sd);
	if (!error)
		ldm_sysfs_release(f);
	else
		ASSERT(f == NULL);
	return error;
}

/* 0 if @path is in the tree, else the look-up's error. */
static int lookup_err(const char *path)
{
	struct ldm_sysfs_node *sd;
	int error = ldm_sysfs_lookup(path, 0, &sd);

	if (!error)
		ldm_sysfs_put(sd);
	return error;
}

static void set_text(const char *text)
{
	snprintf(io.text, sizeof(io.text), "%s", text);
}

DEFINE_TEST(
	test_sysfs_io_show_once_per_read_from_offset_zero,
	.description =
		"a read from offset 0 calls show() once; later offsets are served from that page, even if the value changed")
{
	static const char first[] = "0123456789abcdefghijklmnopqrstuvwxyz-first\n";
	struct kobject *d = dev_add("d");
	struct ldm_sysfs_file *f = open_path("/d/val", O_RDONLY);
	char got[128];
	size_t total = 0;
	ssize_t n;

	set_text(first);
	ASSERT_EQ(io.shows, 0); /* open does not call show() */
	do {
		n = ldm_sysfs_read(f, got + total, 7, NULL); /* at the file's position */
		ASSERT(n >= 0);
		total += (size_t)n;
		/* The value changes under the reader: it keeps its page. */
		set_text("changed\n");
	} while (n > 0);
	ASSERT_EQ(total, strlen(first));
	ASSERT(!memcmp(got, first, total));
	ASSERT_EQ(io.shows, 1);
	/* Past the end, still from the page. */
	ASSERT_EQ(ldm_sysfs_read(f, got, sizeof(got), &(loff_t){ 1000 }), 0);
	ASSERT_EQ(io.shows, 1);

	/* Offset 0 again: show() again, and the new value. */
	ASSERT_EQ(ldm_sysfs_read(f, got, sizeof(got), &(loff_t){ 0 }), 8);
	ASSERT_EQ(io.shows, 2);
	ASSERT(!memcmp(got, "changed\n", 8));
	ldm_sysfs_release(f);
	kobject_unregister(d);
	ASSERT_EQ(io.released, 1);
}

DEFINE_TEST(
	test_sysfs_io_each_handle_has_its_own_page,
	.description =
		"two open handles keep their own pages; a first read at a non-zero offset fills the page of a fresh handle")
{
	struct kobject *d = dev_add("d");
	struct ldm_sysfs_file *f1 = open_path("/d/val", O_RDONLY);
	struct ldm_sysfs_file *f2 = open_path("/d/val", O_RDONLY);
	struct ldm_sysfs_file *f3 = open_path("/d/val", O_RDONLY);
	char got[64];

	set_text("first value\n");
	ASSERT_EQ(ldm_sysfs_read(f1, got, 3, &(loff_t){ 0 }), 3);
	set_text("second value\n");
	ASSERT_EQ(ldm_sysfs_read(f2, got, 3, &(loff_t){ 0 }), 3);
	ASSERT_EQ(io.shows, 2);
	ASSERT_EQ(ldm_sysfs_read(f1, got, sizeof(got), &(loff_t){ 3 }), 9);
	ASSERT(!memcmp(got, "st value\n", 9));
	ASSERT_EQ(ldm_sysfs_read(f2, got, sizeof(got), &(loff_t){ 3 }), 10);
	ASSERT(!memcmp(got, "ond value\n", 10));
	ASSERT_EQ(io.shows, 2);
	/* Never read before: the page is filled, not served empty. */
	ASSERT_EQ(ldm_sysfs_read(f3, got, sizeof(got), &(loff_t){ 7 }), 6);
	ASSERT(!memcmp(got, "value\n", 6));
	ASSERT_EQ(io.shows, 3);
	ldm_sysfs_release(f3);
	ldm_sysfs_release(f2);
	ldm_sysfs_release(f1);
	kobject_unregister(d);
}

DEFINE_TEST(
	test_sysfs_io_store_gets_exact_bytes_nul_terminated,
	.description =
		"each write is one store() call with exactly the bytes written followed by a NUL, whatever the offset; its return is the write's")
{
	static const char data[] = "hello world";
	static const char binary[] = { 'a', 'b', '\0', 'c', 'd' };
	struct kobject *d = dev_add("d");
	struct ldm_sysfs_file *f = open_path("/d/val", O_WRONLY);

	/* The caller's bytes go on past count: store() must not see them. */
	ASSERT_EQ(ldm_sysfs_write(f, data, 5, &(loff_t){ 0 }), 5);
	ASSERT_EQ(io.stores, 1);
	ASSERT_EQ(io.stored_len, 5);
	ASSERT(io.stored_nul);
	ASSERT_STREQ(io.stored, "hello");

	ASSERT_EQ(ldm_sysfs_write(f, "longer text\n", 12, &(loff_t){ 0 }), 12);
	ASSERT_EQ(ldm_sysfs_write(f, "ab", 2, &(loff_t){ 0 }), 2);
	ASSERT_EQ(io.stores, 3);
	ASSERT_EQ(io.stored_len, 2);
	ASSERT_STREQ(io.stored, "ab"); /* nothing left of the longer write */

	/* Bytes are bytes, a NUL among them included. */
	ASSERT_EQ(ldm_sysfs_write(f, binary, sizeof(binary), &(loff_t){ 0 }), 5);
	ASSERT_EQ(io.stored_len, 5);
	ASSERT(!memcmp(io.stored, binary, sizeof(binary)));
	ASSERT(io.stored_nul);

	/* The offset does not matter to a text attribute: still one store(). */
	ASSERT_EQ(ldm_sysfs_write(f, "xyz", 3, &(loff_t){ 100 }), 3);
	ASSERT_EQ(io.stores, 5);
	ASSERT_STREQ(io.stored, "xyz");

	/* What store() returns is what the write returns. */
	io.store_ret = 1;
	ASSERT_EQ(ldm_sysfs_write(f, "1234", 4, &(loff_t){ 0 }), 1);
	io.store_ret = -EINVAL;
	ASSERT_EQ(ldm_sysfs_write(f, "bad", 3, &(loff_t){ 0 }), -EINVAL);
	ASSERT_EQ(io.stores, 7);
	io.store_ret = 0;
	ASSERT_EQ(io.shows, 0);
	ldm_sysfs_release(f);
	kobject_unregister(d);
}

DEFINE_TEST(
	test_sysfs_io_write_of_page_size_reaches_store,
	.description =
		"a write of exactly PAGE_SIZE (4096) bytes reaches store() whole and NUL-terminated")
{
	static char big[PAGE_SIZE];
	struct kobject *d = dev_add("d");
	struct ldm_sysfs_file *f = open_path("/d/val", O_WRONLY);
	size_t i;

	ASSERT_EQ(PAGE_SIZE, 4096);
	for (i = 0; i < sizeof(big); i++)
		big[i] = (char)('a' + i % 26);
	ASSERT_EQ(ldm_sysfs_write(f, big, sizeof(big), &(loff_t){ 0 }), 4096);
	ASSERT_EQ(io.stores, 1);
	ASSERT_EQ(io.stored_len, 4096);
	ASSERT(!memcmp(io.stored, big, sizeof(big)));
	ASSERT(io.stored_nul);
	ASSERT_EQ(io.stored[4096], '\0');
	ASSERT_EQ(ldm_sysfs_write_path("/d/val", big, sizeof(big) - 1), 4095);
	ASSERT_EQ(io.stored_len, 4095);
	ASSERT(io.stored_nul);
	ldm_sysfs_release(f);
	kobject_unregister(d);
}

DEFINE_TEST(
	test_sysfs_io_write_over_page_size_is_e2big,
	.description =
		"a write of PAGE_SIZE+1 bytes fails whole with -E2BIG and store() is not called, by handle or by path")
{
	static char big[PAGE_SIZE + 64];
	struct kobject *d = dev_add("d");
	struct ldm_sysfs_file *f = open_path("/d/val", O_RDWR);

	memset(big, 'x', sizeof(big));
	ASSERT_EQ(ldm_sysfs_write(f, big, PAGE_SIZE + 1, &(loff_t){ 0 }), -E2BIG);
	ASSERT_EQ(ldm_sysfs_write(f, big, sizeof(big), &(loff_t){ 0 }), -E2BIG);
	ASSERT_EQ(ldm_sysfs_write_path("/d/val", big, PAGE_SIZE + 1), -E2BIG);
	ASSERT_EQ(io.stores, 0);
	/* The handle is still good. */
	ASSERT_EQ(ldm_sysfs_write(f, "ok", 2, &(loff_t){ 0 }), 2);
	ASSERT_EQ(io.stores, 1);
	ASSERT_STREQ(io.stored, "ok");
	ldm_sysfs_release(f);
	kobject_unregister(d);
}

DEFINE_TEST(
	test_sysfs_io_show_error_is_returned_by_read,
	.description =
		"a show() returning a negative errno makes the read return it; the next read starts afresh, with no stale page")
{
	struct kobject *d = dev_add("d");
	struct ldm_sysfs_file *f = open_path("/d/ro", O_RDONLY);
	char got[64];

	set_text("good old value\n");
	ASSERT_EQ(ldm_sysfs_read(f, got, sizeof(got), &(loff_t){ 0 }), 15);
	io.show_ret = -EIO;
	ASSERT_EQ(ldm_sysfs_read(f, got, sizeof(got), &(loff_t){ 0 }), -EIO);
	ASSERT_EQ(ldm_sysfs_read_path("/d/ro", got, sizeof(got)), -EIO);
	io.show_ret = -ENXIO;
	ASSERT_EQ(ldm_sysfs_read(f, got, sizeof(got), &(loff_t){ 0 }), -ENXIO);
	ASSERT_EQ(io.shows, 4);

	/* After a failed fill, a read at an offset must not serve what is left. */
	io.show_ret = 0;
	set_text("new value\n");
	memset(got, 0, sizeof(got));
	ASSERT_EQ(ldm_sysfs_read(f, got, sizeof(got), &(loff_t){ 4 }), 6);
	ASSERT(!memcmp(got, "value\n", 6));
	ASSERT_EQ(io.shows, 5);
	ldm_sysfs_release(f);
	kobject_unregister(d);
}

DEFINE_TEST(
	test_sysfs_io_read_after_write_on_one_handle_is_fresh,
	.description =
		"on an O_RDWR handle, a write does not leak into later reads: they come from show(), not from the written bytes")
{
	struct kobject *d = dev_add("d");
	struct ldm_sysfs_file *f = open_path("/d/val", O_RDWR);
	char got[64];

	set_text("hello\n");
	ASSERT_EQ(ldm_sysfs_read(f, got, 3, &(loff_t){ 0 }), 3);
	ASSERT(!memcmp(got, "hel", 3));
	ASSERT_EQ(ldm_sysfs_write(f, "XYZ", 3, &(loff_t){ 3 }), 3);
	ASSERT_STREQ(io.stored, "XYZ");
	set_text("HELLO\n");
	memset(got, 0, sizeof(got));
	ASSERT_EQ(ldm_sysfs_read(f, got, sizeof(got), &(loff_t){ 3 }), 3);
	ASSERT(!memcmp(got, "LO\n", 3));
	ASSERT_EQ(io.shows, 2);
	ldm_sysfs_release(f);
	kobject_unregister(d);
}

DEFINE_TEST(
	test_sysfs_io_show_over_page_size_is_clamped,
	.description =
		"a show() that claims more than PAGE_SIZE bytes is read as PAGE_SIZE bytes, never past the page")
{
	struct kobject *d = dev_add("d");
	static char got[PAGE_SIZE + 100];
	static char page_text[PAGE_SIZE + 1];

	memset(page_text, 'p', PAGE_SIZE);
	set_text(page_text);
	ASSERT_EQ(ldm_sysfs_read_path("/d/val", got, sizeof(got)), 4096);
	ASSERT_EQ(io.shows, 1); /* one fill served every chunk */
	io.show_ret = PAGE_SIZE + 50;
	ASSERT_EQ(ldm_sysfs_read_path("/d/val", got, sizeof(got)), 4096);
	ASSERT_EQ(got[4095], 'p');
	ASSERT_EQ(got[4096], '\0');
	io.show_ret = 0;
	kobject_unregister(d);
}

DEFINE_TEST(
	test_sysfs_io_open_enforces_modes,
	.description =
		"open refuses with -EACCES what the mode or the sysfs_ops do not allow; the wrong direction on a handle is -EBADF")
{
	struct kobject *d = dev_add("d");
	struct kobject *s = dev_add_type("s", NULL, &show_only_ktype);
	struct ldm_sysfs_file *f;
	char got[8];

	ASSERT_EQ(open_err("/d/ro", O_WRONLY), -EACCES);
	ASSERT_EQ(open_err("/d/ro", O_RDWR), -EACCES);
	ASSERT_OK(open_err("/d/ro", O_RDONLY));
	ASSERT_EQ(open_err("/d/wo", O_RDONLY), -EACCES);
	ASSERT_EQ(open_err("/d/wo", O_RDWR), -EACCES);
	ASSERT_OK(open_err("/d/wo", O_WRONLY));
	ASSERT_OK(open_err("/d/val", O_RDWR));
	/* 0644, but the kobject's sysfs_ops have no store(). */
	ASSERT_EQ(open_err("/s/val", O_WRONLY), -EACCES);
	ASSERT_EQ(open_err("/s/val", O_RDWR), -EACCES);
	ASSERT_OK(open_err("/s/val", O_RDONLY));
	ASSERT_EQ(ldm_sysfs_write_path("/s/val", "1", 1), -EACCES);
	ASSERT_EQ(ldm_sysfs_write_path("/d/ro", "1", 1), -EACCES);
	ASSERT_EQ(ldm_sysfs_read_path("/d/wo", got, sizeof(got)), -EACCES);

	f = open_path("/d/wo", O_WRONLY);
	ASSERT_EQ(ldm_sysfs_read(f, got, sizeof(got), &(loff_t){ 0 }), -EBADF);
	ldm_sysfs_release(f);
	f = open_path("/d/ro", O_RDONLY);
	ASSERT_EQ(ldm_sysfs_write(f, "1", 1, &(loff_t){ 0 }), -EBADF);
	ldm_sysfs_release(f);
	ASSERT_EQ(io.shows, 0);
	ASSERT_EQ(io.stores, 0);
	kobject_unregister(s);
	kobject_unregister(d);
	ASSERT_EQ(io.released, 2);
}

DEFINE_TEST(
	test_sysfs_io_open_directory_or_link_fails,
	.description =
		"opening a directory gives -EISDIR, a link -ELOOP; read_path of either is refused the same way")
{
	struct kobject *d = dev_add("d"), *e = dev_add("e");
	char got[8];

	ASSERT_OK(sysfs_create_link(e, d, "to_d"));
	ASSERT_EQ(open_err("/d", O_RDONLY), -EISDIR);
	ASSERT_EQ(open_err("/", O_RDONLY), -EISDIR);
	ASSERT_EQ(open_err("/e/to_d", O_RDONLY), -ELOOP);
	ASSERT_EQ(open_err("/e/to_d", O_WRONLY), -ELOOP);
	/* The path functions follow the link to the directory. */
	ASSERT_EQ(ldm_sysfs_read_path("/e/to_d", got, sizeof(got)), -EISDIR);
	ASSERT_EQ(ldm_sysfs_write_path("/d", "1", 1), -EISDIR);
	sysfs_remove_link(e, "to_d");
	kobject_unregister(e);
	kobject_unregister(d);
}

/* Binary attributes: a backing store and a log of the calls. */
static struct {
	unsigned char data[8192];
	int reads, writes;
	loff_t off;
	size_t count;
	ssize_t ret; /* if non-zero, read()/write() return it */
} bin;

static ssize_t data_read(struct kobject *kobj, char *buf, loff_t off, size_t count)
{
	(void)kobj;
	bin.reads++;
	bin.off = off;
	bin.count = count;
	if (bin.ret)
		return bin.ret;
	memcpy(buf, bin.data + off, count);
	return (ssize_t)count;
}

static ssize_t data_write(struct kobject *kobj, char *buf, loff_t off, size_t count)
{
	(void)kobj;
	bin.writes++;
	bin.off = off;
	bin.count = count;
	if (bin.ret)
		return bin.ret;
	memcpy(bin.data + off, buf, count);
	return (ssize_t)count;
}

/* A size of 0 is "unknown": only PAGE_SIZE bounds a transfer. */
static ssize_t stream_read(struct kobject *kobj, char *buf, loff_t off, size_t count)
{
	size_t i;

	(void)kobj;
	bin.reads++;
	bin.off = off;
	bin.count = count;
	for (i = 0; i < count; i++)
		buf[i] = (char)((off + (loff_t)i) & 0xff);
	return (ssize_t)count;
}

static struct bin_attribute bin_data = {
	.attr = { .name = "data", .mode = 0644 },
	.size = sizeof(bin.data),
	.read = data_read,
	.write = data_write,
};

static struct bin_attribute bin_stream = {
	.attr = { .name = "stream", .mode = 0444 },
	.read = stream_read,
};

static struct bin_attribute bin_noread = {
	.attr = { .name = "noread", .mode = 0644 },
	.size = 16,
	.write = data_write,
};

static struct bin_attribute bin_ro_mode = {
	.attr = { .name = "ro_mode", .mode = 0444 },
	.size = 16,
	.read = data_read,
	.write = data_write,
};

DEFINE_TEST(
	test_sysfs_io_binary_offsets_reach_read_and_write,
	.description =
		"binary reads and writes reach read()/write() with the offset and count asked for, and the bytes")
{
	static char got[PAGE_SIZE];
	struct kobject *d = dev_add("d");
	struct ldm_sysfs_file *f;

	ASSERT_OK(sysfs_create_bin_file(d, &bin_data));
	f = open_path("/d/data", O_RDWR);
	ASSERT_EQ(ldm_sysfs_write(f, "0123456789", 10, &(loff_t){ 100 }), 10);
	ASSERT_EQ(bin.writes, 1);
	ASSERT_EQ(bin.off, 100);
	ASSERT_EQ(bin.count, 10);
	ASSERT(!memcmp(bin.data + 100, "0123456789", 10));
	ASSERT_EQ(bin.data[99], 0);
	ASSERT_EQ(bin.data[110], 0);

	ASSERT_EQ(ldm_sysfs_read(f, got, 20, &(loff_t){ 95 }), 20);
	ASSERT_EQ(bin.reads, 1);
	ASSERT_EQ(bin.off, 95);
	ASSERT_EQ(bin.count, 20);
	ASSERT(!memcmp(got + 5, "0123456789", 10));
	/* Each read calls read(): nothing is cached as for text. */
	ASSERT_EQ(ldm_sysfs_read(f, got, 4, &(loff_t){ 102 }), 4);
	ASSERT_EQ(bin.reads, 2);
	ASSERT(!memcmp(got, "2345", 4));

	/* Errors and short transfers come back as they are. */
	bin.ret = -EIO;
	ASSERT_EQ(ldm_sysfs_read(f, got, 4, &(loff_t){ 0 }), -EIO);
	ASSERT_EQ(ldm_sysfs_write(f, "x", 1, &(loff_t){ 0 }), -EIO);
	bin.ret = 2;
	ASSERT_EQ(ldm_sysfs_read(f, got, 4, &(loff_t){ 0 }), 2);
	ASSERT_EQ(ldm_sysfs_write(f, "xyz", 3, &(loff_t){ 0 }), 2);
	bin.ret = 0;
	ldm_sysfs_release(f);
	ASSERT_OK(sysfs_remove_bin_file(d, &bin_data));
	kobject_unregister(d);
}

DEFINE_TEST(
	test_sysfs_io_no_position_reads_and_writes_at_the_files_own,
	.description =
		"a read or write given no position is at the file's own and moves it, as read(2); one given a position moves that and leaves the file's, as pread(2)")
{
	static char got[PAGE_SIZE];
	struct kobject *d = dev_add("d");
	struct ldm_sysfs_file *f;
	loff_t pos = 100;

	ASSERT_OK(sysfs_create_bin_file(d, &bin_data));
	f = open_path("/d/data", O_RDWR);
	ASSERT_EQ(ldm_sysfs_write(f, "abcdef", 6, NULL), 6);
	ASSERT_EQ(bin.off, 0);
	ASSERT_EQ(ldm_sysfs_write(f, "gh", 2, NULL), 2);
	ASSERT_EQ(bin.off, 6);
	ASSERT_EQ(ldm_sysfs_write(f, "XY", 2, &pos), 2);
	ASSERT_EQ(bin.off, 100);
	ASSERT_EQ(pos, 102);
	/* The file's own position stayed at 8. */
	ASSERT_EQ(ldm_sysfs_read(f, got, 4, NULL), 4);
	ASSERT_EQ(bin.off, 8);
	pos = 0;
	ASSERT_EQ(ldm_sysfs_read(f, got, 8, &pos), 8);
	ASSERT_EQ(pos, 8);
	ASSERT(!memcmp(got, "abcdefgh", 8));
	ASSERT_EQ(ldm_sysfs_read(f, got, 4, NULL), 4);
	ASSERT_EQ(bin.off, 12);
	pos = -1;
	ASSERT_EQ(ldm_sysfs_read(f, got, 4, &pos), -EINVAL);
	ASSERT_EQ(ldm_sysfs_write(f, "z", 1, &pos), -EINVAL);
	ASSERT_EQ(ldm_sysfs_release(f), 0);
	ASSERT_EQ(ldm_sysfs_release(NULL), -EINVAL);
	ASSERT_OK(sysfs_remove_bin_file(d, &bin_data));
	kobject_unregister(d);
}

DEFINE_TEST(
	test_sysfs_io_binary_clamped_to_page_and_size,
	.description =
		"a binary transfer is clamped to PAGE_SIZE and to the attribute's size; at or past the size a read returns 0 without calling read()")
{
	static char got[10000], src[10000];
	struct kobject *d = dev_add("d");
	struct ldm_sysfs_file *f, *s;
	int reads, writes;

	ASSERT_OK(sysfs_create_bin_file(d, &bin_data));
	ASSERT_OK(sysfs_create_bin_file(d, &bin_stream));
	f = open_path("/d/data", O_RDWR);

	ASSERT_EQ(ldm_sysfs_read(f, got, sizeof(got), &(loff_t){ 0 }), 4096);
	ASSERT_EQ(bin.count, 4096);
	ASSERT_EQ(ldm_sysfs_read(f, got, 100, &(loff_t){ 8150 }), 42);
	ASSERT_EQ(bin.off, 8150);
	ASSERT_EQ(bin.count, 42);
	ASSERT_EQ(ldm_sysfs_read(f, got, 4096, &(loff_t){ 4096 }), 4096);
	ASSERT_EQ(ldm_sysfs_read(f, got, 4096, &(loff_t){ 8191 }), 1);
	reads = bin.reads;
	ASSERT_EQ(ldm_sysfs_read(f, got, 10, &(loff_t){ 8192 }), 0);
	ASSERT_EQ(ldm_sysfs_read(f, got, 10, &(loff_t){ 9000 }), 0);
	ASSERT_EQ(bin.reads, reads);

	memset(src, 'w', sizeof(src));
	ASSERT_EQ(ldm_sysfs_write(f, src, 5000, &(loff_t){ 0 }), 4096);
	ASSERT_EQ(bin.count, 4096);
	ASSERT_EQ(bin.data[4095], 'w');
	ASSERT_EQ(bin.data[4096], 0);
	ASSERT_EQ(ldm_sysfs_write(f, "0123456789", 10, &(loff_t){ 8190 }), 2);
	ASSERT_EQ(bin.off, 8190);
	ASSERT_EQ(bin.count, 2);
	writes = bin.writes;
	ASSERT_EQ(ldm_sysfs_write(f, "0123456789", 10, &(loff_t){ 8192 }), 0);
	ASSERT_EQ(bin.writes, writes);
	ldm_sysfs_release(f);

	/* Size 0: no end, only the page bound. */
	s = open_path("/d/stream", O_RDONLY);
	ASSERT_EQ(ldm_sysfs_read(s, got, 100, &(loff_t){ 1 << 20 }), 100);
	ASSERT_EQ(bin.off, 1 << 20);
	ASSERT_EQ(bin.count, 100);
	ASSERT_EQ((unsigned char)got[1], 1);
	ASSERT_EQ(ldm_sysfs_read(s, got, sizeof(got), &(loff_t){ 7 }), 4096);
	ASSERT_EQ(bin.count, 4096);
	ldm_sysfs_release(s);
	ASSERT_OK(sysfs_remove_bin_file(d, &bin_stream));
	ASSERT_OK(sysfs_remove_bin_file(d, &bin_data));
	kobject_unregister(d);
}

DEFINE_TEST(
	test_sysfs_io_binary_open_checks_mode_and_methods,
	.description =
		"a binary file without read() cannot be opened for reading, one with mode 0444 not for writing")
{
	struct kobject *d = dev_add("d");

	ASSERT_OK(sysfs_create_bin_file(d, &bin_noread));
	ASSERT_OK(sysfs_create_bin_file(d, &bin_ro_mode));
	ASSERT_OK(sysfs_create_bin_file(d, &bin_stream));
	ASSERT_EQ(open_err("/d/noread", O_RDONLY), -EACCES);
	ASSERT_EQ(open_err("/d/noread", O_RDWR), -EACCES);
	ASSERT_OK(open_err("/d/noread", O_WRONLY));
	ASSERT_EQ(open_err("/d/ro_mode", O_WRONLY), -EACCES);
	ASSERT_OK(open_err("/d/ro_mode", O_RDONLY));
	ASSERT_EQ(open_err("/d/stream", O_WRONLY), -EACCES);
	ASSERT_EQ(bin.reads + bin.writes, 0);
	kobject_unregister(d); /* takes the binary files with it */
}

DEFINE_TEST(
	test_sysfs_io_on_removed_attribute_is_enodev,
	.description =
		"handles open on an attribute that is then removed give -ENODEV on read and write, and show()/store() are not called")
{
	struct kobject *d = dev_add("d");
	struct ldm_sysfs_file *r = open_path("/d/val", O_RDONLY);
	struct ldm_sysfs_file *w = open_path("/d/val", O_WRONLY);
	struct ldm_sysfs_file *b;
	char got[16];

	ASSERT_OK(sysfs_create_bin_file(d, &bin_data));
	b = open_path("/d/data", O_RDWR);
	set_text("v\n");
	ASSERT_EQ(ldm_sysfs_read(r, got, 1, &(loff_t){ 0 }), 1); /* a filled page */
	sysfs_remove_file(d, &attr_val);
	ASSERT_OK(sysfs_remove_bin_file(d, &bin_data));
	ASSERT_EQ(ldm_sysfs_read(r, got, sizeof(got), &(loff_t){ 0 }), -ENODEV);
	ASSERT_EQ(ldm_sysfs_read(r, got, sizeof(got), &(loff_t){ 1 }), -ENODEV);
	ASSERT_EQ(ldm_sysfs_write(w, "1", 1, &(loff_t){ 0 }), -ENODEV);
	ASSERT_EQ(ldm_sysfs_read(b, got, 4, &(loff_t){ 0 }), -ENODEV);
	ASSERT_EQ(ldm_sysfs_write(b, "1", 1, &(loff_t){ 0 }), -ENODEV);
	ASSERT_EQ(io.shows, 1);
	ASSERT_EQ(io.stores, 0);
	ASSERT_EQ(bin.reads + bin.writes, 0);
	/* The kobject's other files are as they were. */
	ASSERT_EQ(ldm_sysfs_read_path("/d/ro", got, sizeof(got)), 2);
	ldm_sysfs_release(b);
	ldm_sysfs_release(w);
	ldm_sysfs_release(r);
	kobject_unregister(d);
	ASSERT_EQ(io.released, 1);
}

DEFINE_TEST(
	test_sysfs_io_on_freed_kobject_is_enodev,
	.description =
		"handles open when their kobject is unregistered and freed give -ENODEV, never touching the freed kobject")
{
	struct kobject *d = dev_add("d");
	struct ldm_sysfs_file *r, *w, *b;
	struct ldm_sysfs_stat st;
	struct ldm_sysfs_node *sd;
	char got[16];

	ASSERT_OK(sysfs_create_bin_file(d, &bin_data));
	r = open_path("/d/ro", O_RDONLY);
	w = open_path("/d/val", O_RDWR);
	b = open_path("/d/data", O_RDWR);
	ASSERT_OK(ldm_sysfs_lookup("/d/wo", 0, &sd));
	kobject_unregister(d);
	ASSERT_EQ(io.released, 1); /* freed: ASan would see a later touch */
	ASSERT_EQ(ldm_sysfs_read(r, got, sizeof(got), &(loff_t){ 0 }), -ENODEV);
	ASSERT_EQ(ldm_sysfs_read(w, got, sizeof(got), &(loff_t){ 0 }), -ENODEV);
	ASSERT_EQ(ldm_sysfs_write(w, "1", 1, &(loff_t){ 0 }), -ENODEV);
	ASSERT_EQ(ldm_sysfs_read(b, got, 4, &(loff_t){ 10 }), -ENODEV);
	ASSERT_EQ(ldm_sysfs_write(b, "1", 1, &(loff_t){ 10 }), -ENODEV);
	ASSERT_EQ(io.shows + io.stores + bin.reads + bin.writes, 0);
	/* The node a front end holds still answers stat, as on /sys. */
	ASSERT_OK(ldm_sysfs_stat(sd, &st));
	ASSERT_EQ(st.mode, S_IFREG | 0200);
	ldm_sysfs_put(sd);
	ldm_sysfs_release(b);
	ldm_sysfs_release(w);
	ldm_sysfs_release(r);
}

DEFINE_TEST(
	test_sysfs_io_stat_of_removed_binary_file_leaves_its_attribute_alone,
	.description =
		"stat of a binary attribute's node held after the attribute was removed and freed (its module gone) answers size 0, never reading the freed attribute")
{
	struct kobject *d = dev_add("d");
	struct bin_attribute *attr = calloc(1, sizeof(*attr));
	struct ldm_sysfs_stat st;
	struct ldm_sysfs_node *sd;

	ASSERT(attr);
	*attr = bin_data;
	ASSERT_OK(sysfs_create_bin_file(d, attr));
	ASSERT_OK(ldm_sysfs_lookup("/d/data", 0, &sd));
	ASSERT_OK(ldm_sysfs_stat(sd, &st));
	ASSERT_EQ(st.size, (loff_t)sizeof(bin.data));
	ASSERT_OK(sysfs_remove_bin_file(d, attr));
	free(attr); /* as a module's memory goes at rmmod */
	ASSERT_OK(ldm_sysfs_stat(sd, &st));
	ASSERT_EQ(st.size, 0);
	ASSERT_EQ(st.type, LDM_SYSFS_BIN);
	ldm_sysfs_put(sd);
	kobject_unregister(d);
}

DEFINE_TEST(
	test_sysfs_io_open_after_removal_is_enodev,
	.description =
		"a node looked up and then removed (alone or with its kobject) cannot be opened: -ENODEV")
{
	struct kobject *d = dev_add("d");
	struct ldm_sysfs_node *val, *ro, *data;
	struct ldm_sysfs_file *f = NULL;

	ASSERT_OK(sysfs_create_bin_file(d, &bin_data));
	ASSERT_OK(ldm_sysfs_lookup("/d/val", 0, &val));
	ASSERT_OK(ldm_sysfs_lookup("/d/ro", 0, &ro));
	ASSERT_OK(ldm_sysfs_lookup("/d/data", 0, &data));
	sysfs_remove_file(d, &attr_val);
	ASSERT_EQ(ldm_sysfs_open(val, O_RDONLY, &f), -ENODEV);
	ASSERT_EQ(ldm_sysfs_open(val, O_WRONLY, &f), -ENODEV);
	ASSERT(f == NULL);
	/* Its neighbour still opens. */
	ASSERT_OK(ldm_sysfs_open(ro, O_RDONLY, &f));
	ldm_sysfs_release(f);
	f = NULL;
	kobject_unregister(d);
	ASSERT_EQ(io.released, 1);
	ASSERT_EQ(ldm_sysfs_open(ro, O_RDONLY, &f), -ENODEV);
	ASSERT_EQ(ldm_sysfs_open(data, O_RDWR, &f), -ENODEV);
	ASSERT(f == NULL);
	ldm_sysfs_put(data);
	ldm_sysfs_put(ro);
	ldm_sysfs_put(val);
}

DEFINE_TEST(
	test_sysfs_io_store_may_remove_its_own_attribute,
	.description =
		"a store() that removes its own attribute returns normally, the file is gone, and the handle then gives -ENODEV",
	.timeout = 20)
{
	struct kobject *d = dev_add("d");
	struct ldm_sysfs_file *f;
	char got[16];

	ASSERT_OK(sysfs_create_file(d, &attr_selfrm));
	f = open_path("/d/selfrm", O_WRONLY);
	ASSERT_EQ(ldm_sysfs_write(f, "1", 1, &(loff_t){ 0 }), 1);
	ASSERT_EQ(io.stores, 1);
	ASSERT_EQ(lookup_err("/d/selfrm"), -ENOENT);
	ASSERT_EQ(ldm_sysfs_write(f, "1", 1, &(loff_t){ 0 }), -ENODEV);
	ASSERT_EQ(io.stores, 1);
	ldm_sysfs_release(f);
	/* The kobject is none the worse. */
	set_text("fine\n");
	ASSERT_EQ(ldm_sysfs_read_path("/d/val", got, sizeof(got)), 5);
	ASSERT_EQ(ldm_sysfs_write_path("/d/val", "2", 1), 1);
	ASSERT_OK(sysfs_create_file(d, &attr_selfrm));
	ASSERT_EQ(ldm_sysfs_write_path("/d/selfrm", "3", 1), 1);
	kobject_unregister(d);
	ASSERT_EQ(io.released, 1);
}

DEFINE_TEST(
	test_sysfs_io_store_may_unregister_its_own_kobject,
	.description =
		"a store() that unregisters its own kobject, which is freed inside store(), returns and the write returns its count",
	.timeout = 20)
{
	struct kobject *d = dev_add("d");
	struct ldm_sysfs_file *f, *other;
	char got[16];

	ASSERT_OK(sysfs_create_file(d, &attr_selfdel));
	f = open_path("/d/selfdel", O_WRONLY);
	other = open_path("/d/ro", O_RDONLY);
	ASSERT_EQ(ldm_sysfs_write(f, "bye", 3, &(loff_t){ 0 }), 3);
	ASSERT_EQ(io.stores, 1);
	ASSERT_STREQ(io.stored, "bye");
	ASSERT_EQ(io.released_in_store, 1); /* freed before store() returned */
	ASSERT_EQ(io.released, 1);
	ASSERT_EQ(lookup_err("/d"), -ENOENT);
	ASSERT_EQ(ldm_sysfs_write(f, "again", 5, &(loff_t){ 0 }), -ENODEV);
	ASSERT_EQ(ldm_sysfs_read(other, got, sizeof(got), &(loff_t){ 0 }), -ENODEV);
	ASSERT_EQ(io.stores, 1);
	ldm_sysfs_release(other);
	ldm_sysfs_release(f);

	/* And by path, as a shell's echo would. */
	d = dev_add("d");
	ASSERT_OK(sysfs_create_file(d, &attr_selfdel));
	ASSERT_EQ(ldm_sysfs_write_path("/d/selfdel", "1\n", 2), 2);
	ASSERT_EQ(io.released, 2);
}

/*
 * Removal against I/O in progress, across threads. A blocking show() or
 * store() waits, under io_lock, until the test lets it go; every wait is
 * bounded so that a bug fails the test instead of hanging it.
 */
#define WAIT_SECONDS 5

static pthread_mutex_t io_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t io_cond = PTHREAD_COND_INITIALIZER;

static struct {
	bool inside; /* a show()/store() is blocked in the attribute */
	bool let_go;
	bool timed_out; /* the blocked method gave up waiting */
	bool removed;	/* the remover thread's call returned */
	bool freed;
	bool freed_while_inside;
	int entered;
} blk;

static void blk_release(struct kobject *kobj)
{
	pthread_mutex_lock(&io_lock);
	blk.freed = true;
	blk.freed_while_inside = blk.inside;
	pthread_cond_broadcast(&io_cond);
	pthread_mutex_unlock(&io_lock);
	free(container_of(kobj, struct dev, kobj));
}

static struct timespec deadline(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += WAIT_SECONDS;
	return ts;
}

/* Wait under io_lock until *@flag is true; false on timeout. */
static bool wait_flag_locked(bool *flag)
{
	struct timespec until = deadline();

	while (!*flag)
		if (pthread_cond_timedwait(&io_cond, &io_lock, &until) == ETIMEDOUT)
			return *flag;
	return true;
}

static bool wait_flag(bool *flag)
{
	bool ok;

	pthread_mutex_lock(&io_lock);
	ok = wait_flag_locked(flag);
	pthread_mutex_unlock(&io_lock);
	return ok;
}

static bool read_flag(bool *flag)
{
	bool v;

	pthread_mutex_lock(&io_lock);
	v = *flag;
	pthread_mutex_unlock(&io_lock);
	return v;
}

static void set_flag(bool *flag)
{
	pthread_mutex_lock(&io_lock);
	*flag = true;
	pthread_cond_broadcast(&io_cond);
	pthread_mutex_unlock(&io_lock);
}

/* Enter, say so, and stay until let go (or give up). */
static void block_inside(void)
{
	pthread_mutex_lock(&io_lock);
	blk.inside = true;
	blk.entered++;
	pthread_cond_broadcast(&io_cond);
	if (!wait_flag_locked(&blk.let_go))
		blk.timed_out = true;
	blk.inside = false;
	pthread_mutex_unlock(&io_lock);
}

static ssize_t blk_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	(void)kobj;
	(void)attr;
	block_inside();
	memcpy(buf, "done\n", 5);
	return 5;
}

static ssize_t blk_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			 size_t count)
{
	(void)kobj;
	(void)attr;
	(void)buf;
	block_inside();
	return (ssize_t)count;
}

static struct sysfs_ops blk_ops = { .show = blk_show, .store = blk_store };
static struct attribute attr_blk = { .name = "blk", .mode = 0644 };
static struct attribute attr_other = { .name = "other", .mode = 0644 };
static struct attribute *blk_attrs[] = { &attr_blk, &attr_other, NULL };

static struct kobj_type blk_ktype = {
	.release = blk_release,
	.sysfs_ops = &blk_ops,
	.default_attrs = blk_attrs,
};

struct io_job {
	struct ldm_sysfs_file *f;
	bool write;
	ssize_t ret;
};

static void *io_thread(void *arg)
{
	struct io_job *job = arg;
	char got[16];

	if (job->write)
		job->ret = ldm_sysfs_write(job->f, "go", 2, &(loff_t){ 0 });
	else
		job->ret = ldm_sysfs_read(job->f, got, sizeof(got), &(loff_t){ 0 });
	return NULL;
}

struct remove_job {
	struct kobject *kobj;
	const struct attribute *attr; /* NULL: unregister the kobject */
};

static void *remove_thread(void *arg)
{
	struct remove_job *job = arg;

	if (job->attr)
		sysfs_remove_file(job->kobj, job->attr);
	else
		kobject_unregister(job->kobj);
	set_flag(&blk.removed);
	return NULL;
}

/* Poll until @path is gone from the tree: the remover has unlinked it. */
static bool wait_gone(const char *path)
{
	struct timespec pause = { .tv_sec = 0, .tv_nsec = 1000000 };
	int i;

	for (i = 0; i < WAIT_SECONDS * 1000; i++) {
		if (lookup_err(path) == -ENOENT)
			return true;
		nanosleep(&pause, NULL);
	}
	return false;
}

/*
 * The scenario: a thread is inside blk's show() or store(); another removes
 * the attribute or the whole kobject. The removal must be under way (the
 * node unlinked) but not returned while the method is inside, and must
 * return once it leaves; the kobject must be freed only after that.
 */
static void removal_waits_for(bool write, bool whole_kobject)
{
	struct dev *dv = calloc(1, sizeof(*dv));
	struct timespec settle = { .tv_sec = 0, .tv_nsec = 200 * 1000000L };
	struct remove_job rjob;
	struct io_job job;
	pthread_t doer, remover;
	char got[16];

	ASSERT(dv);
	dv->kobj.ktype = &blk_ktype;
	ASSERT_OK(kobject_set_name(&dv->kobj, "b"));
	ASSERT_OK(kobject_register(&dv->kobj));
	job.f = open_path("/b/blk", write ? O_WRONLY : O_RDONLY);
	job.write = write;
	job.ret = 0;
	rjob.kobj = &dv->kobj;
	rjob.attr = whole_kobject ? NULL : &attr_blk;

	ASSERT_OK(pthread_create(&doer, NULL, io_thread, &job));
	if (!wait_flag(&blk.inside))
		FAIL("the %s never entered", write ? "store()" : "show()");
	ASSERT_OK(pthread_create(&remover, NULL, remove_thread, &rjob));
	if (!wait_gone("/b/blk"))
		FAIL("the removal never unlinked the node");
	nanosleep(&settle, NULL);
	pthread_mutex_lock(&io_lock);
	if (blk.removed || blk.freed) {
		pthread_mutex_unlock(&io_lock);
		FAIL("removal returned (freed: %d) while the method was still inside", blk.freed);
	}
	ASSERT(blk.inside);
	blk.let_go = true;
	pthread_cond_broadcast(&io_cond);
	pthread_mutex_unlock(&io_lock);

	if (!wait_flag(&blk.removed))
		FAIL("removal did not return after the method left");
	ASSERT_OK(pthread_join(doer, NULL));
	ASSERT_OK(pthread_join(remover, NULL));
	ASSERT(!read_flag(&blk.timed_out));
	ASSERT_EQ(job.ret, write ? 2 : 5);
	ASSERT_EQ(blk.entered, 1);
	/* The removed node refuses further I/O on the same handle. */
	if (write)
		ASSERT_EQ(ldm_sysfs_write(job.f, "x", 1, &(loff_t){ 0 }), -ENODEV);
	else
		ASSERT_EQ(ldm_sysfs_read(job.f, got, sizeof(got), &(loff_t){ 0 }), -ENODEV);
	ldm_sysfs_release(job.f);

	if (whole_kobject) {
		ASSERT(read_flag(&blk.freed));
		ASSERT(!blk.freed_while_inside);
	} else {
		/* Only the file went: the kobject and its other file live on. */
		ASSERT(!read_flag(&blk.freed));
		ASSERT_OK(lookup_err("/b/other"));
		kobject_unregister(&dv->kobj);
		ASSERT(read_flag(&blk.freed));
	}
}

DEFINE_TEST(
	test_sysfs_io_unregister_waits_for_show_in_progress,
	.description =
		"unregistering a kobject while a reader is inside its show() waits for show() to return, and frees the kobject only after",
	.concurrency = true, .timeout = 60)
{
	removal_waits_for(false, true);
}

DEFINE_TEST(
	test_sysfs_io_remove_file_waits_for_store_in_progress,
	.description =
		"sysfs_remove_file while a writer is inside store() waits for store() to return; the kobject lives on",
	.concurrency = true, .timeout = 60)
{
	removal_waits_for(true, false);
}

DEFINE_TEST(
	test_sysfs_io_read_write_path_on_kernel_files,
	.description =
		"ldm_sysfs_read_path/write_path on /kernel files return the lengths; read_path NUL-terminates and truncates to the buffer")
{
	static struct kset_hotplug_ops hk_ops;
	static struct kset hk = { .hotplug_ops = &hk_ops };
	unsigned long long seq0, seq1;
	struct kobject *d = dev_add("d"), *e;
	struct dev *member;
	char buf[64], *end;
	ssize_t n;

	n = ldm_sysfs_read_path("/kernel/uevent_seqnum", buf, sizeof(buf));
	ASSERT(n >= 2);
	ASSERT_EQ(n, strlen(buf));
	ASSERT_EQ(buf[n - 1], '\n');
	seq0 = strtoull(buf, &end, 10);
	ASSERT(end == buf + n - 1);

	/* An event moves it on. */
	ASSERT_OK(kobject_set_name(&hk.kobj, "hk"));
	ASSERT_OK(kset_register(&hk));
	member = calloc(1, sizeof(*member));
	ASSERT(member);
	member->kobj.ktype = &dev_ktype;
	member->kobj.kset = &hk;
	ASSERT_OK(kobject_set_name(&member->kobj, "member"));
	ASSERT_OK(kobject_register(&member->kobj));
	n = ldm_sysfs_read_path("/kernel/uevent_seqnum", buf, sizeof(buf));
	ASSERT_EQ(n, strlen(buf));
	seq1 = strtoull(buf, NULL, 10);
	ASSERT_EQ(seq1, seq0 + 1);
	kobject_unregister(&member->kobj);
	kset_unregister(&hk);

	/* uevent_helper: written whole, read back whole. */
	ASSERT_EQ(ldm_sysfs_write_path("/kernel/uevent_helper", "/bin/true\n", 10), 10);
	ASSERT_EQ(ldm_sysfs_read_path("/kernel/uevent_helper", buf, sizeof(buf)), 10);
	ASSERT_STREQ(buf, "/bin/true\n");
	ASSERT_EQ(ldm_sysfs_write_path("/kernel/uevent_helper", "\n", 1), 1);
	ASSERT_EQ(ldm_sysfs_read_path("/kernel/uevent_helper", buf, sizeof(buf)), 1);
	ASSERT_STREQ(buf, "\n");
	ASSERT_EQ(ldm_sysfs_write_path("/kernel/uevent_seqnum", "9", 1), -EACCES);
	ASSERT_EQ(ldm_sysfs_read_path("/kernel/nope", buf, sizeof(buf)), -ENOENT);
	ASSERT_EQ(ldm_sysfs_write_path("/kernel/nope", "1", 1), -ENOENT);

	/* The buffer bounds the read, NUL included. */
	set_text("hello\n");
	ASSERT_EQ(ldm_sysfs_read_path("/d/val", buf, 7), 6);
	ASSERT_STREQ(buf, "hello\n");
	ASSERT_EQ(ldm_sysfs_read_path("/d/val", buf, 3), 2);
	ASSERT_STREQ(buf, "he");
	ASSERT_EQ(ldm_sysfs_read_path("/d/val", buf, 1), 0);
	ASSERT_STREQ(buf, "");
	ASSERT_EQ(ldm_sysfs_read_path("/d/val", buf, 0), -EINVAL);
	/* Links in the path are followed. */
	e = dev_add("e");
	ASSERT_OK(sysfs_create_link(e, d, "to_d"));
	ASSERT_EQ(ldm_sysfs_read_path("/e/to_d/val", buf, sizeof(buf)), 6);
	ASSERT_EQ(ldm_sysfs_write_path("/e/to_d/val", "via link", 8), 8);
	ASSERT_STREQ(io.stored, "via link");
	sysfs_remove_link(e, "to_d");
	kobject_unregister(e);
	kobject_unregister(d);
}

/* ---- sysfs_notify and poll ---- */

#define NOTIFIED (POLLERR | POLLPRI)

static char polled[4096];

static void record_poll(struct ldm_sysfs_node *sd, void *data)
{
	size_t len = strlen(polled);

	ASSERT(data == polled);
	snprintf(polled + len, sizeof(polled) - len, "%s ", ldm_sysfs_name(sd));
}

DEFINE_TEST(
	test_sysfs_notify_wakes_a_poller_until_it_reads_again,
	.description =
		"poll on an attribute reports POLLERR|POLLPRI once sysfs_notify() ran since the last read from offset 0, not before and not after that read; other attributes and unknown names are not touched; the watcher hears each notification")
{
	struct kobject *k = dev_add("polled");
	struct ldm_sysfs_file *val, *ro;
	char buf[64];
	int mask;

	polled[0] = '\0';
	ASSERT_OK(ldm_sysfs_poll_watch(record_poll, polled));
	ASSERT_EQ(ldm_sysfs_poll_watch(record_poll, NULL), -EBUSY);
	val = open_path("/polled/val", O_RDONLY);
	ro = open_path("/polled/ro", O_RDONLY);
	ASSERT(ldm_sysfs_read(val, buf, sizeof(buf), &(loff_t){ 0 }) >= 0);
	mask = ldm_sysfs_poll(val, 0);
	ASSERT_EQ(mask & (POLLIN | POLLOUT), POLLIN | POLLOUT);
	ASSERT_EQ(mask & NOTIFIED, 0);

	sysfs_notify(k, NULL, "val");
	sysfs_notify(k, NULL, "nosuch");
	sysfs_notify(k, "nosuchdir", "val");
	ASSERT_EQ(ldm_sysfs_poll(val, 0) & NOTIFIED, NOTIFIED);
	ASSERT_EQ(ldm_sysfs_poll(val, 0) & NOTIFIED, NOTIFIED); /* until read */
	ASSERT_EQ(ldm_sysfs_poll(ro, 0) & NOTIFIED, 0);
	ASSERT_STREQ(polled, "val ");
	/* A read past the start does not count: show() is not called. */
	ASSERT(ldm_sysfs_read(val, buf, sizeof(buf), &(loff_t){ 1 }) >= 0);
	ASSERT_EQ(ldm_sysfs_poll(val, 0) & NOTIFIED, NOTIFIED);
	ASSERT(ldm_sysfs_read(val, buf, sizeof(buf), &(loff_t){ 0 }) >= 0);
	ASSERT_EQ(ldm_sysfs_poll(val, 0) & NOTIFIED, 0);

	ldm_sysfs_release(val);
	ldm_sysfs_release(ro);
	ASSERT_OK(ldm_sysfs_poll_watch(NULL, NULL));
	kobject_unregister(k);
}

struct poller {
	struct ldm_sysfs_file *f;
	int mask;
};

static void *poll_forever(void *arg)
{
	struct poller *p = arg;

	p->mask = ldm_sysfs_poll(p->f, -1);
	return NULL;
}

DEFINE_TEST(
	test_sysfs_poll_sleeps_until_notified_or_removed,
	.description =
		"a poller asleep with no timeout wakes on sysfs_notify from another thread, and another wakes when the attribute's object is unregistered (POLLERR|POLLPRI both); a timeout with nothing returns without them",
	.concurrency = true)
{
	struct kobject *k = dev_add("sleepy");
	struct poller a = { 0 }, b = { 0 };
	pthread_t ta, tb;
	char buf[64];

	a.f = open_path("/sleepy/val", O_RDONLY);
	b.f = open_path("/sleepy/ro", O_RDONLY);
	ASSERT(ldm_sysfs_read(a.f, buf, sizeof(buf), &(loff_t){ 0 }) >= 0);
	ASSERT_EQ(ldm_sysfs_poll(a.f, 50) & NOTIFIED, 0);
	ASSERT_OK(pthread_create(&ta, NULL, poll_forever, &a));
	ASSERT_OK(pthread_create(&tb, NULL, poll_forever, &b));
	usleep(100 * 1000);
	sysfs_notify(k, NULL, "val");
	pthread_join(ta, NULL);
	ASSERT_EQ(a.mask & NOTIFIED, NOTIFIED);
	kobject_unregister(k);
	pthread_join(tb, NULL);
	ASSERT_EQ(b.mask & NOTIFIED, NOTIFIED);
	ldm_sysfs_release(a.f);
	ldm_sysfs_release(b.f);
}
