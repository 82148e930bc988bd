// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-lazy.c - the files every device has (uevent, power/, its bus's
 * attributes, subsystem, driver) are served without a node until looked up
 * (fs/sysfs/lazy.c, docs/sysfs.md): listed, stat'ed, looked up, removed and
 * watched exactly as the nodes they become, made once under concurrent
 * look-ups.
 */
#include <pthread.h>
#include <string.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "foo-bus.h"

#define MAX_ENTS 16

struct listing {
	int n;
	char name[MAX_ENTS][32];
	struct ldm_sysfs_stat st[MAX_ENTS];
};

static int add_ent(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
{
	struct listing *l = ctx;

	if (l->n >= MAX_ENTS)
		return -ENOSPC;
	snprintf(l->name[l->n], sizeof(l->name[0]), "%s", name);
	l->st[l->n++] = *st;
	return 0;
}

static void list_dir(const char *path, struct listing *l)
{
	struct ldm_sysfs_node *sd;

	memset(l, 0, sizeof(*l));
	ASSERT_OK(ldm_sysfs_lookup(path, 0, &sd));
	ASSERT_OK(ldm_sysfs_readdir(sd, add_ent, l));
	ldm_sysfs_put(sd);
}

/* What a listing said of an entry is what stat says of its node. */
static void assert_same_stat(const struct ldm_sysfs_stat *a, const struct ldm_sysfs_stat *b)
{
	ASSERT_EQ(a->type, b->type);
	ASSERT_EQ(a->mode, b->mode);
	ASSERT_EQ(a->ino, b->ino);
	ASSERT_EQ(a->nlink, b->nlink);
	ASSERT_EQ(a->size, b->size);
	ASSERT_EQ(a->stable, b->stable);
	ASSERT_EQ(a->mtime.tv_sec, b->mtime.tv_sec);
	ASSERT_EQ(a->mtime.tv_nsec, b->mtime.tv_nsec);
}

/* Check @path's listing against each entry's node, made by looking it up. */
static void check_listing(const char *path, const char *names)
{
	struct listing before, after;
	struct ldm_sysfs_stat st;
	struct ldm_sysfs_node *sd, *again;
	char child[128];
	int i;

	list_dir(path, &before);
	ASSERT_STREQ(dir_of(path), names);
	for (i = 0; i < before.n; i++) {
		ASSERT_EQ(before.st[i].mem, 0); /* no node yet */
		snprintf(child, sizeof(child), "%s/%s", path, before.name[i]);
		ASSERT_OK(ldm_sysfs_lookup(child, 0, &sd));
		ASSERT_OK(ldm_sysfs_stat(sd, &st));
		assert_same_stat(&before.st[i], &st);
		ASSERT(st.mem > 0);
		/* Made once: the same node from then on. */
		ASSERT_OK(ldm_sysfs_lookup(child, 0, &again));
		ASSERT(again == sd);
		ldm_sysfs_put(again);
		ldm_sysfs_put(sd);
	}
	list_dir(path, &after);
	ASSERT_EQ(after.n, before.n);
	for (i = 0; i < before.n; i++) {
		ASSERT_STREQ(after.name[i], before.name[i]);
		assert_same_stat(&after.st[i], &before.st[i]);
	}
}

DEFINE_TEST(
	test_lazy_files_list_and_stat_as_the_nodes_they_become,
	.description =
		"a bound device's uevent, power/, devid, subsystem and driver are listed in creation order with the inode number, time, mode, size and link count their nodes have once looked up, and made once")
{
	static struct tdev dev;
	static struct tdrv drv;

	foo_bind_one(&dev, &drv);
	check_listing("/devices/dev0", "uevent power devid subsystem driver");
	ASSERT_STREQ(tree_link("/devices/dev0/subsystem"), "../../bus/foo");
	ASSERT_STREQ(tree_link("/devices/dev0/driver"), "../../bus/foo/drivers/drv");
	ASSERT_STREQ(tree_attr("/devices/dev0/power/state"), "0\n");
	foo_unbind_one(&dev, &drv);

	/* power/ made by a look-up of its file, then listed. */
	foo_bind_one(&dev, &drv);
	ASSERT_STREQ(tree_attr("/devices/dev0/power/state"), "0\n");
	ASSERT_STREQ(dir_of("/devices/dev0/power"), "state");
	foo_unbind_one(&dev, &drv);
	ASSERT(!tree_exists("/devices/dev0"));
}

struct watched {
	int n;
	char what[8][48];
};

static void watch_fn(enum ldm_sysfs_change change, struct ldm_sysfs_node *parent, const char *name,
		     void *data)
{
	struct watched *w = data;

	(void)parent;
	if (w->n < 8)
		snprintf(w->what[w->n++], sizeof(w->what[0]), "%s %s",
			 change == LDM_SYSFS_ADDED ? "+" : "-", name);
}

static struct attribute clash = { .name = (char *)"uevent", .mode = 0444 };

DEFINE_TEST(
	test_lazy_files_take_their_names_and_are_watched_as_nodes,
	.description =
		"a lazy file's name is taken (-EEXIST) before and after it is made; unbinding removes the driver link and binding adds it, each told to the tree's watcher once, and a look-up tells nothing")
{
	static struct watched w;
	static struct tdev dev;
	static struct tdrv drv;

	foo_bind_one(&dev, &drv);
	ASSERT_EQ(sysfs_create_file(&dev.dev.kobj, &clash), -EEXIST);
	ASSERT_OK(ldm_sysfs_watch(watch_fn, &w));
	ASSERT_EQ(tree_type("/devices/dev0/driver"), LDM_SYSFS_LINK);
	ASSERT_EQ(tree_type("/devices/dev0/uevent"), LDM_SYSFS_ATTR);
	ASSERT_EQ(w.n, 0);
	ASSERT_EQ(sysfs_create_file(&dev.dev.kobj, &clash), -EEXIST);
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/unbind", "dev0"), 4);
	ASSERT_EQ(write_attr("/bus/foo/drivers/drv/bind", "dev0"), 4);
	ASSERT_OK(ldm_sysfs_watch(NULL, NULL));
	/* The driver's link to the device, then the device's to the driver. */
	ASSERT_EQ(w.n, 4);
	ASSERT_STREQ(w.what[0], "- dev0");
	ASSERT_STREQ(w.what[1], "- driver");
	ASSERT_STREQ(w.what[2], "+ dev0");
	ASSERT_STREQ(w.what[3], "+ driver");
	ASSERT_STREQ(dir_of("/devices/dev0"), "uevent power devid subsystem driver");
	foo_unbind_one(&dev, &drv);
}

#define LOOKERS 4
#define ROUNDS	200

static struct tdev race_dev;
static struct tdrv race_drv;
static struct ldm_sysfs_node *seen[LOOKERS][3];

static void *looker(void *arg)
{
	static const char *const paths[3] = { "/devices/dev0/power/state",
					      "/devices/dev0/subsystem", "/devices/dev0/uevent" };
	long me = (long)arg;
	struct ldm_sysfs_node *sd;
	int r, i;

	for (r = 0; r < ROUNDS; r++)
		for (i = 0; i < 3; i++) {
			if (ldm_sysfs_lookup(paths[i], 0, &sd))
				return (void *)1L;
			if (!seen[me][i])
				seen[me][i] = ldm_sysfs_get(sd);
			else if (seen[me][i] != sd)
				return (void *)2L;
			ldm_sysfs_put(sd);
			/* The driver link comes and goes with binding. */
			if (!ldm_sysfs_lookup("/devices/dev0/driver", LDM_SYSFS_FOLLOW, &sd))
				ldm_sysfs_put(sd);
		}
	return NULL;
}

static void *rebinder(void *arg)
{
	int r;

	(void)arg;
	for (r = 0; r < ROUNDS / 4; r++) {
		if (write_attr("/bus/foo/drivers/drv/unbind", "dev0") != 4 ||
		    write_attr("/bus/foo/drivers/drv/bind", "dev0") != 4)
			return (void *)1L;
	}
	return NULL;
}

DEFINE_TEST(
	test_lazy_files_are_made_once_under_concurrent_lookups,
	.description =
		"threads look up a device's lazy files at once while another unbinds and binds it: each file is made once (every thread gets the same node), the driver link is there or not, nothing else fails",
	.concurrency = true, .timeout = 120)
{
	pthread_t threads[LOOKERS + 1];
	void *ret;
	long i;
	int j;

	foo_bind_one(&race_dev, &race_drv);
	for (i = 0; i < LOOKERS; i++)
		ASSERT_OK(pthread_create(&threads[i], NULL, looker, (void *)i));
	ASSERT_OK(pthread_create(&threads[LOOKERS], NULL, rebinder, NULL));
	for (i = 0; i <= LOOKERS; i++) {
		ASSERT_OK(pthread_join(threads[i], &ret));
		ASSERT(ret == NULL);
	}
	for (i = 0; i < LOOKERS; i++)
		for (j = 0; j < 3; j++) {
			ASSERT(seen[i][j] == seen[0][j]);
			ldm_sysfs_put(seen[i][j]);
		}
	foo_unbind_one(&race_dev, &race_drv);
}
