// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-dev-links.c - what clients make in DIR/dev, as udevd makes it in a
 * machine's /dev: links and directories made by root in ldmd's terms and
 * kept by ldmd (ldmd's own nodes stay ldmd's), a node's mode and owner
 * until its device goes; the hostile cases (a user, root of a user
 * namespace of its own, too many links, too long, a loop); and the real
 * systemd-udevd under ldm exec --udevd making its links in DIR/dev and its
 * database in DIR/udev, which a later ldm exec sees (udevadm info), and
 * taking them away when the device goes.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ldmd-util.h"

#define LDM	     LDM_BUILD_DIR "/tools/ldm/ldm"
#define PROP_MISC_KO LDM_BUILD_DIR "/modules/prop_misc.ko"
#define NODE_KO	     LDMD_NODE_MODULE
#define UDEVD	     "/lib/systemd/systemd-udevd"
#define LINKS_MAX    4096 /* DEV_LINKS_MAX of src/fuse/dev.h */

#define DEV(d, rel) dev_path((d), (rel), (char[700]){ 0 })

static char *dev_path(const struct ldmd *d, const char *rel, char *buf)
{
	snprintf(buf, 700, "%s/%s", d->dev, rel);
	return buf;
}

/* Run @fn in a child as @uid (and, with @userns, as root of a user namespace of its own). */
static void as_other(uid_t uid, bool userns, void (*fn)(const struct ldmd *d), const struct ldmd *d)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		if (uid) {
			ASSERT_OK(setgroups(0, NULL));
			ASSERT_OK(setgid(uid));
			ASSERT_OK(setuid(uid));
		}
		if (userns && unshare(CLONE_NEWUSER))
			_exit(77);
		fn(d);
		_exit(0);
	}
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 77)
		return; /* no user namespace here: nothing to check */
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		FAIL("the checks in the child failed (wait status %#x)", status);
}

static void may_not_make(const struct ldmd *d)
{
	ASSERT_REFUSED(symlink("prop_misc", DEV(d, "by-user")));
	ASSERT_REFUSED(mkdir(DEV(d, "dir-of-user"), 0755));
	ASSERT_REFUSED(unlink(DEV(d, "ldm/kept")));
	ASSERT_REFUSED(rename(DEV(d, "ldm/kept"), DEV(d, "ldm/moved")));
	ASSERT_REFUSED(rmdir(DEV(d, "ldm/empty")));
	ASSERT_REFUSED(chmod(DEV(d, "prop_misc"), 0666));
}

static void opens_node(const struct ldmd *d)
{
	int fd = open(DEV(d, "prop_misc"), O_RDONLY);

	if (fd < 0)
		FAIL("nobody cannot open the node made 0666: %s", strerror(errno));
	close(fd);
}

static void may_not_open_node(const struct ldmd *d)
{
	ASSERT_ERRNO(open(DEV(d, "prop_misc"), O_RDONLY), EACCES);
}

static char *link_of(const char *path, char *buf)
{
	ssize_t n = readlink(path, buf, 255);

	if (n < 0)
		FAIL("readlink %s: %s", path, strerror(errno));
	buf[n] = '\0';
	return buf;
}

#define READLINK(path) link_of((path), (char[256]){ 0 })

/* `ldm --root DIR @verb`; it must succeed. */
static void ldm_ok(const struct ldmd *d, const char *verb)
{
	char cmd[1200], *out;

	snprintf(cmd, sizeof(cmd), LDM " --root %s %s 2>&1", d->root, verb);
	if (ldm_test_run(cmd, &out))
		FAIL("%s:\n%s", cmd, out);
	free(out);
}

DEFINE_TEST(
	test_dev_links_made_by_root_kept_by_ldmd,
	.description =
		"root makes links and nested directories in DIR/dev as udevd does (mkdir, a link under a temporary name renamed over the old one, readlink), they resolve to ldmd's node and are listed beside it, and go with unlink and rmdir; ldmd's nodes cannot be removed, renamed, renamed over or shadowed, and a node or directory ldmd registers later covers a client's link until it goes",
	.no_runtime = true)
{
	struct stat node, st;
	unsigned char type;
	struct ldmd d;

	need_fuse();
	ldmd_up(&d, (const char *[]){ PROP_MISC_KO, NODE_KO, NULL });
	ASSERT_OK(mkdir(DEV(&d, "disk"), 0755));
	ASSERT_OK(mkdir(DEV(&d, "disk/by-id"), 0755));
	ASSERT_OK(symlink("../../nowhere", DEV(&d, "disk/by-id/ldm-prop")));
	ASSERT_OK(symlink("../../prop_misc", DEV(&d, "disk/by-id/.#ldm-prop1234")));
	ASSERT_OK(rename(DEV(&d, "disk/by-id/.#ldm-prop1234"), DEV(&d, "disk/by-id/ldm-prop")));
	ASSERT_STREQ(READLINK(DEV(&d, "disk/by-id/ldm-prop")), "../../prop_misc");
	ASSERT_OK(stat(DEV(&d, "prop_misc"), &node));
	ASSERT_OK(stat(DEV(&d, "disk/by-id/ldm-prop"), &st));
	ASSERT_EQ(st.st_ino, node.st_ino);
	ASSERT_OK(lstat(DEV(&d, "disk/by-id/ldm-prop"), &st));
	ASSERT(S_ISLNK(st.st_mode));
	ASSERT(listed(d.dev, "disk", &type) && type == DT_DIR);
	ASSERT(listed(d.dev, "prop_misc", &type) && type == DT_REG);
	ASSERT(listed(DEV(&d, "disk/by-id"), "ldm-prop", &type) && type == DT_LNK);
	ASSERT_EQ(count_entries(DEV(&d, "disk/by-id")), 3);

	/* ldmd's node stays ldmd's. */
	ASSERT_ERRNO(symlink("x", DEV(&d, "prop_misc")), EEXIST);
	ASSERT_ERRNO(mkdir(DEV(&d, "prop_misc"), 0755), EEXIST);
	ASSERT_REFUSED(unlink(DEV(&d, "prop_misc")));
	ASSERT_REFUSED(rename(DEV(&d, "prop_misc"), DEV(&d, "disk/moved")));
	ASSERT_REFUSED(rename(DEV(&d, "disk/by-id/ldm-prop"), DEV(&d, "prop_misc")));
	ASSERT_OK(access(DEV(&d, "prop_misc"), F_OK));

	/* A tree moves whole, never into itself; only an empty directory goes. */
	ASSERT_ERRNO(rename(DEV(&d, "disk"), DEV(&d, "disk/by-id/in")), EINVAL);
	ASSERT_ERRNO(rmdir(DEV(&d, "disk")), ENOTEMPTY);
	ASSERT_OK(rename(DEV(&d, "disk"), DEV(&d, "disk2")));
	ASSERT_STREQ(READLINK(DEV(&d, "disk2/by-id/ldm-prop")), "../../prop_misc");
	ASSERT_ERRNO(access(DEV(&d, "disk"), F_OK), ENOENT);
	ASSERT_ERRNO(unlink(DEV(&d, "disk2/by-id")), EISDIR);
	ASSERT_OK(unlink(DEV(&d, "disk2/by-id/ldm-prop")));
	ASSERT_OK(rmdir(DEV(&d, "disk2/by-id")));
	ASSERT_OK(rmdir(DEV(&d, "disk2")));

	/* A node or a directory ldmd registers later covers a client's link, until it goes. */
	ldm_ok(&d, "rmmod prop_misc");
	ldm_ok(&d, "rmmod nodetest");
	ASSERT_OK(symlink("nowhere", DEV(&d, "prop_misc")));
	ASSERT_OK(symlink("nowhere", DEV(&d, "input")));
	ldm_ok(&d, "insmod " PROP_MISC_KO);
	ldm_ok(&d, "insmod " NODE_KO);
	ASSERT_OK(lstat(DEV(&d, "prop_misc"), &st));
	ASSERT(S_ISREG(st.st_mode));
	ASSERT_OK(lstat(DEV(&d, "input"), &st));
	ASSERT(S_ISDIR(st.st_mode));
	ASSERT_OK(access(DEV(&d, "input/event0"), F_OK));
	ASSERT_EQ(count_entries(d.dev), 5); /* ., .., prop_misc, input, i2c-0 */
	ldm_ok(&d, "rmmod prop_misc");
	ldm_ok(&d, "rmmod nodetest");
	ASSERT_STREQ(READLINK(DEV(&d, "prop_misc")), "nowhere");
	ASSERT_STREQ(READLINK(DEV(&d, "input")), "nowhere");
	ASSERT_OK(unlink(DEV(&d, "prop_misc")));
	ASSERT_OK(unlink(DEV(&d, "input")));
	ASSERT_EQ(count_entries(d.dev), 2);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_dev_links_hostile_clients,
	.description =
		"a user, and root of a user namespace of its own, may not change DIR/dev; a link past the 4096th is refused with ENOSPC and ldmd says why; too long a target or path is ENAMETOOLONG; links in a loop give ELOOP and ldmd goes on answering",
	.no_runtime = true)
{
	char name[64], *log, longer[1100], deep[1400];
	struct stat st;
	struct ldmd d;
	int i, n;

	need_fuse();
	ldmd_up(&d, (const char *[]){ PROP_MISC_KO, NULL });
	ASSERT_OK(mkdir(DEV(&d, "ldm"), 0755));
	ASSERT_OK(mkdir(DEV(&d, "ldm/empty"), 0755));
	ASSERT_OK(symlink("../prop_misc", DEV(&d, "ldm/kept")));
	as_other(NOBODY, false, may_not_make, &d);
	as_other(0, true, may_not_make, &d);
	ASSERT_STREQ(READLINK(DEV(&d, "ldm/kept")), "../prop_misc");

	/* A loop: the kernel follows the links, and gives up; ldmd never does. */
	ASSERT_OK(symlink("loop-b", DEV(&d, "ldm/loop-a")));
	ASSERT_OK(symlink("loop-a", DEV(&d, "ldm/loop-b")));
	ASSERT_OK(symlink("self", DEV(&d, "ldm/self")));
	ASSERT_ERRNO(stat(DEV(&d, "ldm/loop-a"), &st), ELOOP);
	ASSERT_ERRNO(open(DEV(&d, "ldm/self"), O_RDONLY), ELOOP);
	ASSERT_EQ(count_entries(DEV(&d, "ldm")), 7);

	/* Too long: a target past 1024 bytes, a path below DIR/dev past 1023. */
	memset(longer, 'x', sizeof(longer) - 1);
	longer[sizeof(longer) - 1] = '\0';
	ASSERT_ERRNO(symlink(longer, DEV(&d, "ldm/long")), ENAMETOOLONG);
	n = snprintf(deep, sizeof(deep), "%s/ldm", d.dev);
	for (i = 0; i < 5; i++) {
		n += snprintf(deep + n, sizeof(deep) - n, "/%.*s%d", 240, longer, i);
		if (i < 4)
			ASSERT_OK(mkdir(deep, 0755));
	}
	ASSERT_ERRNO(mkdir(deep, 0755), ENAMETOOLONG);
	for (i = 0; i < 4; i++) {
		*strrchr(deep, '/') = '\0';
		ASSERT_OK(rmdir(deep));
	}

	/* Too many: 4096 in all (6 made above), then ENOSPC, said in ldmd's log. */
	for (i = 6; i < LINKS_MAX; i++) {
		snprintf(name, sizeof(name), "ldm/l%d", i);
		if (symlink("../prop_misc", DEV(&d, name)))
			FAIL("link %d: %s", i, strerror(errno));
	}
	ASSERT_ERRNO(symlink("../prop_misc", DEV(&d, "ldm/one-more")), ENOSPC);
	ASSERT_ERRNO(mkdir(DEV(&d, "ldm/one-more"), 0755), ENOSPC);
	log = read_file(d.log);
	if (!strstr(log, "4096 links and directories made already: no more"))
		FAIL("ldmd did not say why it refused the link:\n%s", log);
	free(log);
	ASSERT_OK(unlink(DEV(&d, "ldm/l6")));
	ASSERT_OK(symlink("../prop_misc", DEV(&d, "ldm/one-more")));
	/* ldmd still answers, its node too. */
	ASSERT_OK(stat(DEV(&d, "ldm/one-more"), &st));
	ASSERT(S_ISREG(st.st_mode));
	ldmd_down(&d);
}

DEFINE_TEST(
	test_dev_node_mode_and_owner_until_the_device_goes,
	.description =
		"root gives a node of DIR/dev a mode and an owner, as udevd's MODE= and OWNER= do: stat shows them and the kernel enforces them (nobody opens it once 0666); nobody may change them; when the device goes and comes back its node is 0600 and ldmd's user's again",
	.no_runtime = true)
{
	char cmd[700], *out;
	struct stat st;
	struct ldmd d;

	need_fuse();
	ldmd_up(&d, (const char *[]){ PROP_MISC_KO, NULL });
	as_other(NOBODY, false, may_not_open_node, &d);
	ASSERT_OK(chmod(DEV(&d, "prop_misc"), 0666));
	ASSERT_OK(chown(DEV(&d, "prop_misc"), NOBODY, NOBODY));
	ASSERT_OK(stat(DEV(&d, "prop_misc"), &st));
	ASSERT_EQ(st.st_mode, S_IFREG | 0666);
	ASSERT_EQ(st.st_uid, NOBODY);
	ASSERT_EQ(st.st_gid, NOBODY);
	as_other(NOBODY, false, opens_node, &d);

	snprintf(cmd, sizeof(cmd), LDM " --root %s rmmod prop_misc && " LDM " --root %s insmod %s",
		 d.root, d.root, PROP_MISC_KO);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	free(out);
	assert_mode(DEV(&d, "prop_misc"), S_IFREG | 0600, 0);
	as_other(NOBODY, false, may_not_open_node, &d);
	ldmd_down(&d);
}

#define CHURNERS 8
#define ROUNDS	 200

struct churn {
	const struct ldmd *d;
	int id;
	int failed; /* the round that failed, or 0 */
};

/* As udevd for a device of its own: a directory, a link made and renamed over, then removed. */
static void *churn_thread(void *arg)
{
	struct churn *c = arg;
	char dir[64], tmp[96], link[96];
	int i;

	snprintf(dir, sizeof(dir), "by-%d", c->id);
	snprintf(tmp, sizeof(tmp), "%s/.#link", dir);
	snprintf(link, sizeof(link), "%s/link", dir);
	for (i = 1; i <= ROUNDS && !c->failed; i++) {
		if (mkdir(dev_path(c->d, dir, (char[700]){ 0 }), 0755) ||
		    symlink("../prop_misc", dev_path(c->d, tmp, (char[700]){ 0 })) ||
		    rename(dev_path(c->d, tmp, (char[700]){ 0 }),
			   dev_path(c->d, link, (char[700]){ 0 })) ||
		    unlink(dev_path(c->d, link, (char[700]){ 0 })) ||
		    rmdir(dev_path(c->d, dir, (char[700]){ 0 })))
			c->failed = i;
	}
	return NULL;
}

DEFINE_TEST(
	test_dev_links_from_many_threads,
	.description =
		"eight threads make, rename over and remove links and directories in DIR/dev at once, 200 rounds each, while another lists it: each succeeds, and DIR/dev is left as it was",
	.no_runtime = true, .concurrency = true)
{
	struct churn c[CHURNERS];
	pthread_t t[CHURNERS];
	struct ldmd d;
	int i, n;

	need_fuse();
	ldmd_up(&d, (const char *[]){ PROP_MISC_KO, NULL });
	for (i = 0; i < CHURNERS; i++) {
		c[i] = (struct churn){ .d = &d, .id = i };
		ASSERT_OK(pthread_create(&t[i], NULL, churn_thread, &c[i]));
	}
	for (i = 0; i < ROUNDS; i++) {
		n = count_entries(d.dev);
		ASSERT(n >= 3 && n <= 3 + CHURNERS);
	}
	for (i = 0; i < CHURNERS; i++) {
		ASSERT_OK(pthread_join(t[i], NULL));
		if (c[i].failed)
			FAIL("thread %d failed in round %d", i, c[i].failed);
	}
	ASSERT_EQ(count_entries(d.dev), 3);
	ldmd_down(&d);
}

/* The real udevd: links in DIR/dev, the database in DIR/udev, seen by a later ldm exec. */

static const char rules[] =
	"SUBSYSTEM==\"input\", KERNEL==\"event0\", SYMLINK+=\"input/by-ldm/kbd\", "
	"SYMLINK+=\"disk/by-ldm/kbd\", SYMLINK+=\"ldm-kbd\", ENV{LDM_KBD}=\"typed\", "
	"MODE=\"0640\"\n";

/* `ldm exec [--udevd DIR/rules] -- sh -c @script` (within WAIT_SECONDS each wait); its status. */
static int exec_sh(const struct ldmd *d, bool udevd, const char *script, char **out)
{
	char cmd[4096];

	snprintf(cmd, sizeof(cmd),
		 "ASAN_OPTIONS=${ASAN_OPTIONS:-}:verify_asan_link_order=0 LDM_PRELOAD=%s %s "
		 "--root %s exec %s%s%s -- sh -c '%s' 2>&1",
		 LDM_PRELOAD_BUILD, LDM, d->root, udevd ? "--udevd " : "", udevd ? d->root : "",
		 udevd ? "/rules" : "", script);
	return ldm_test_run(cmd, out);
}

DEFINE_TEST(
	test_exec_udevd_links_and_database_outlive_the_namespace,
	.description =
		"systemd-udevd under ldm exec --udevd makes a rule's SYMLINK+= links in DIR/dev (in input/, in a new disk/by-ldm/, at the top, and its char/13:64), resolving to ldmd's node, and gives the node the rule's MODE; a later ldm exec without udevd sees the link, and udevadm info /dev/input/event0 shows the rule's S: and E: lines from DIR/udev; when the device goes (rmmod) udevd takes the link, its directory and the record away; DIR/udev goes with ldmd",
	.no_runtime = true)
{
	char path[600], *out;
	struct stat node, st;
	struct ldmd d;
	FILE *f;

	need_fuse();
	need_namespaces();
	if (access(UDEVD, X_OK) || !in_path("udevadm"))
		ldm_test_skip(UDEVD " or udevadm is not installed (Debian's package udev)");
	ldmd_up(&d, (const char *[]){ NODE_KO, PROP_MISC_KO, NULL });
	snprintf(path, sizeof(path), "%s/rules", d.root);
	ASSERT_OK(mkdir(path, 0755));
	snprintf(path, sizeof(path), "%s/rules/90-ldm-links.rules", d.root);
	f = fopen(path, "w");
	ASSERT(f);
	fputs(rules, f);
	ASSERT_OK(fclose(f));

	/* udevadm trigger --settle waits for udevd to have handled its event. */
	ASSERT_EQ(exec_sh(&d, true, "udevadm trigger --settle --action=add /sys/class/input/event0",
			  &out),
		  0);
	free(out);
	ASSERT_STREQ(READLINK(DEV(&d, "input/by-ldm/kbd")), "../event0");
	/* New at the top of /dev too, as udevd's /dev/char/13:64. */
	ASSERT_STREQ(READLINK(DEV(&d, "disk/by-ldm/kbd")), "../../input/event0");
	ASSERT_STREQ(READLINK(DEV(&d, "ldm-kbd")), "input/event0");
	ASSERT_STREQ(READLINK(DEV(&d, "char/13:64")), "../input/event0");
	ASSERT_OK(stat(DEV(&d, "input/event0"), &node));
	ASSERT_OK(stat(DEV(&d, "input/by-ldm/kbd"), &st));
	ASSERT_EQ(st.st_ino, node.st_ino);
	ASSERT_EQ(node.st_mode, S_IFREG | 0640);
	snprintf(path, sizeof(path), "%s/udev/data/c13:64", d.root);
	ASSERT_OK(access(path, F_OK));

	/* A second ldm exec, with no udevd: the link and the database are there. */
	ASSERT_EQ(
		exec_sh(&d, false,
			"readlink /dev/input/by-ldm/kbd /dev/ldm-kbd; udevadm info /dev/input/event0; "
			"test -c /dev/input/event0 && echo chr",
			&out),
		0);
	if (!strstr(out, "../event0\ninput/event0\n") || !strstr(out, "S: input/by-ldm/kbd\n") ||
	    !strstr(out, "S: disk/by-ldm/kbd\n") || !strstr(out, "S: ldm-kbd\n") ||
	    !strstr(out, "E: LDM_KBD=typed\n") || !strstr(out, "N: input/event0\n") ||
	    !strstr(out, "chr\n"))
		FAIL("a later ldm exec does not see what udevd made:\n%s", out);
	free(out);

	/*
	 * The device goes: udevd hears its remove. The trigger of another
	 * device after it is queued behind it, and settle waits for both.
	 */
	ASSERT_EQ(exec_sh(&d, true,
			  LDM " rmmod nodetest && udevadm trigger --settle --action=change "
			      "/sys/class/misc/prop_misc && udevadm settle -t 60",
			  &out),
		  0);
	free(out);
	ASSERT_ERRNO(lstat(DEV(&d, "input/by-ldm/kbd"), &st), ENOENT);
	ASSERT_ERRNO(lstat(DEV(&d, "input/by-ldm"), &st), ENOENT);
	ASSERT_ERRNO(lstat(DEV(&d, "disk"), &st), ENOENT);
	ASSERT_ERRNO(lstat(DEV(&d, "ldm-kbd"), &st), ENOENT);
	ASSERT_ERRNO(lstat(DEV(&d, "char/13:64"), &st), ENOENT);
	ASSERT_ERRNO(access(path, F_OK), ENOENT);

	snprintf(path, sizeof(path), "rm -rf %s/rules", d.root);
	ASSERT_EQ(system(path), 0);
	ldmd_stop(&d, SIGTERM);
	snprintf(path, sizeof(path), "%s/udev", d.root);
	ASSERT_ERRNO(access(path, F_OK), ENOENT);
	remove_root(&d);
}

DEFINE_TEST(
	test_exec_user_may_not_make_links,
	.description =
		"under ldm exec as a user who is not root (root of its own user namespace) a link in /dev/input is refused; ldm exec as root makes links and directories in DIR/dev, in /dev/input and at the top of /dev, and removes them there",
	.no_runtime = true)
{
	char cmd[1024], *out;
	struct ldmd d;

	need_fuse();
	need_namespaces();
	ldmd_up(&d, (const char *[]){ NODE_KO, NULL });
	snprintf(cmd, sizeof(cmd),
		 "setpriv --reuid=%d --regid=%d --clear-groups env LDM_PRELOAD=%s %s --root %s "
		 "exec -- sh -c 'ln -s event0 /dev/input/by-user; echo $?' 2>&1",
		 NOBODY, NOBODY, LDM_PRELOAD_BUILD, LDM, d.root);
	if (ldm_test_run(cmd, &out) == 0) {
		if (!strstr(out, "Permission denied\n1\n"))
			FAIL("a user made a link in ldmd's /dev:\n%s", out);
	}
	free(out);
	ASSERT_EQ(exec_sh(&d, false,
			  "ln -s event0 /dev/input/by-root && ln -s input/event0 /dev/top && "
			  "mkdir /dev/new && test -L /dev/top && rm /dev/top",
			  &out),
		  0);
	free(out);
	ASSERT_STREQ(READLINK(DEV(&d, "input/by-root")), "event0");
	ASSERT_OK(access(DEV(&d, "new"), F_OK));
	ASSERT_ERRNO(access(DEV(&d, "top"), F_OK), ENOENT);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_ldmd_leaves_a_udev_directory_not_its_own,
	.description =
		"ldmd started on a root that already has a directory udev it did not make (no .ldmd in it) leaves it and what is in it alone, at its start and at its stop, and says so; a DIR/udev of its own it makes at the start and removes at the stop; the links made in DIR/dev go with the ldmd that kept them",
	.no_runtime = true)
{
	char dir[400], file[450], *log;
	struct stat st;
	struct ldmd d;

	need_fuse();
	make_root(&d);
	snprintf(dir, sizeof(dir), "%s/udev", d.root);
	snprintf(file, sizeof(file), "%s/data", dir);
	ASSERT_OK(mkdir(dir, 0755));
	ASSERT_OK(close(open(file, O_WRONLY | O_CREAT, 0644)));
	d.pid = spawn_ldmd(&d, true, NULL);
	wait_ready(&d);
	ASSERT_OK(symlink("nowhere", DEV(&d, "gone-with-ldmd")));
	ldmd_stop(&d, SIGTERM);
	ASSERT_OK(access(file, F_OK));
	log = read_file(d.log);
	if (!strstr(log, "/udev is not ldmd's: left alone"))
		FAIL("ldmd did not say it left DIR/udev alone:\n%s", log);
	free(log);
	ASSERT_OK(unlink(file));
	ASSERT_OK(rmdir(dir));

	/* Its own: made at the start, with its mark, and gone at the stop. */
	d.pid = spawn_ldmd(&d, true, NULL);
	wait_ready(&d);
	ASSERT_ERRNO(lstat(DEV(&d, "gone-with-ldmd"), &st), ENOENT); /* the last ldmd's */
	snprintf(file, sizeof(file), "%s/.ldmd", dir);
	ASSERT_OK(access(file, F_OK));
	snprintf(file, sizeof(file), "%s/data", dir);
	ASSERT_OK(access(file, F_OK));
	ldmd_stop(&d, SIGTERM);
	ASSERT_ERRNO(access(dir, F_OK), ENOENT);
	remove_root(&d);
}
