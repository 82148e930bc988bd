// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-proc.c - /proc (fs/proc/, fs/seq_file.c): entries made by drivers
 * and read through read_proc, seq_file and their own proc_fops;
 * /proc/devices, /proc/misc and /proc/modules in the kernel's formats,
 * the last read by kmod's lsmod; the host's walk, <libldm/proc.h>.
 */
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

static char *proc_text(const char *path)
{
	char *text = ldm_proc_read_path(path, NULL);

	if (!text)
		FAIL("cannot read %s: %s", path, strerror(errno));
	return text;
}

static const struct file_operations tp_fops = { .owner = NULL };

DEFINE_TEST(test_proc_devices_lists_char_majors,
	    .description = "/proc/devices lists each registered character major once, in "
			   "2.6.9's \"%3d name\" lines, and an empty block section")
{
	char *text;

	ASSERT_OK(register_chrdev(60, "tpdev", &tp_fops));
	ASSERT_EQ(register_chrdev_region(MKDEV(60, 3), 1, "x"), -EBUSY);
	text = proc_text("/devices");
	ASSERT_STREQ(text, "Character devices:\n 10 misc\n 60 tpdev\n\nBlock devices:\n");
	free(text);
	ASSERT_OK(unregister_chrdev(60, "tpdev"));
}

DEFINE_TEST(test_proc_misc_lists_minors,
	    .description = "/proc/misc lists each misc device as \"%3i name\", newest first")
{
	static struct miscdevice a = { .minor = 5, .name = "tpa", .fops = &tp_fops };
	static struct miscdevice b = { .minor = 130, .name = "watchdog", .fops = &tp_fops };
	char *text;

	ASSERT_OK(misc_register(&a));
	ASSERT_OK(misc_register(&b));
	text = proc_text("/misc");
	ASSERT_STREQ(text, "130 watchdog\n  5 tpa\n");
	free(text);
	misc_deregister(&b);
	misc_deregister(&a);
}

static int tp_read_proc(char *page, char **start, off_t off, int count, int *eof, void *data)
{
	int len = sprintf(page, "value=%d\n", *(int *)data);

	(void)start;
	(void)count;
	if (off + count >= len)
		*eof = 1;
	return len;
}

static int tp_write_proc(struct file *file, const char __user *buffer, unsigned long count,
			 void *data)
{
	char buf[16] = "";

	(void)file;
	if (count >= sizeof(buf) || copy_from_user(buf, buffer, count))
		return -EINVAL;
	*(int *)data = (int)simple_strtol(buf, NULL, 10);
	return (int)count;
}

DEFINE_TEST(test_proc_read_proc_and_write_proc,
	    .description = "an entry of create_proc_entry under a proc_mkdir directory reads "
			   "through read_proc and writes through write_proc; it is 0444 unless "
			   "told, and a name in a missing directory is refused")
{
	static int value = 7;
	struct proc_dir_entry *dir, *de;
	struct ldm_proc_entry *found;
	struct ldm_proc_file *f;
	struct ldm_proc_stat st;
	char *text;

	dir = proc_mkdir("tpdir", proc_bus);
	ASSERT(dir);
	de = create_proc_entry("tpdir/value", S_IFREG | 0644, proc_bus);
	ASSERT(de);
	de->read_proc = tp_read_proc;
	de->write_proc = tp_write_proc;
	de->data = &value;
	ASSERT(!create_proc_entry("nodir/x", 0, proc_bus));
	ASSERT(!create_proc_entry("value", 0, dir));
	ASSERT(create_proc_read_entry("ro", 0, dir, tp_read_proc, &value));
	ASSERT_OK(ldm_proc_lookup("/bus/tpdir/ro", &found));
	ASSERT_OK(ldm_proc_stat(found, &st));
	ASSERT_EQ(st.mode, S_IFREG | 0444);
	ldm_proc_put(found);

	text = proc_text("/bus/tpdir/value");
	ASSERT_STREQ(text, "value=7\n");
	free(text);
	ASSERT_OK(ldm_proc_lookup("/bus/tpdir/value", &found));
	ASSERT_OK(ldm_proc_open(found, O_WRONLY, &f));
	ASSERT_EQ(ldm_proc_write(f, "42", 2, NULL), 2);
	ASSERT_OK(ldm_proc_release(f));
	ldm_proc_put(found);
	text = proc_text("/bus/tpdir/value");
	ASSERT_STREQ(text, "value=42\n");
	free(text);

	/* Removed while open: the file reads nothing more. */
	ASSERT_OK(ldm_proc_lookup("/bus/tpdir/ro", &found));
	ASSERT_OK(ldm_proc_open(found, O_RDONLY, &f));
	remove_proc_entry("ro", dir);
	ASSERT_EQ(ldm_proc_read(f, (char[8]){ 0 }, 8, NULL), -ENOENT);
	ASSERT_OK(ldm_proc_release(f));
	ldm_proc_put(found);
	ASSERT_EQ(ldm_proc_lookup("/bus/tpdir/ro", &found), -ENOENT);
	remove_proc_entry("value", dir);
	remove_proc_entry("tpdir", proc_bus);
	ASSERT_EQ(ldm_proc_lookup("/bus/tpdir", &found), -ENOENT);
}

#define TP_RECORDS 700

static void *tp_start(struct seq_file *m, loff_t *pos)
{
	(void)m;
	return *pos < TP_RECORDS ? (void *)(uintptr_t)(*pos + 1) : NULL;
}

static void *tp_next(struct seq_file *m, void *v, loff_t *pos)
{
	(void)v;
	++*pos;
	return tp_start(m, pos);
}

static void tp_stop(struct seq_file *m, void *v)
{
	(void)m;
	(void)v;
}

static int tp_show(struct seq_file *m, void *v)
{
	return seq_printf(m, "record %4lu\n", (unsigned long)(uintptr_t)v - 1);
}

static struct seq_operations tp_seq_ops = {
	.start = tp_start, .next = tp_next, .stop = tp_stop, .show = tp_show
};

static int tp_seq_open(struct inode *inode, struct file *file)
{
	(void)inode;
	return seq_open(file, &tp_seq_ops);
}

static unsigned int tp_poll(struct file *file, struct poll_table_struct *wait)
{
	(void)file;
	(void)wait;
	return POLLIN;
}

static struct file_operations tp_seq_fops = {
	.open = tp_seq_open, .read = seq_read, .llseek = seq_lseek, .release = seq_release
};

DEFINE_TEST(test_proc_seq_file_reads_in_pieces_and_seeks,
	    .description = "a seq_file of 700 records (over a page) reads the same in 7-byte "
			   "pieces as whole, and from a position after seq_lseek; each entry has "
			   "its own proc_fops, so a poll set on one is not another's")
{
	struct proc_dir_entry *de, *other;
	struct ldm_proc_entry *found;
	struct ldm_proc_file *f;
	char *whole, piece[7], buf[32];
	size_t len, n = 0;
	ssize_t got;

	de = create_proc_entry("tpseq", 0, NULL);
	other = create_proc_entry("tpother", 0, NULL);
	ASSERT(de && other);
	de->proc_fops = &tp_seq_fops;
	/* 2.6.9's input core: a poll into the default methods of its entry. */
	other->proc_fops->poll = tp_poll;
	ASSERT(!tp_seq_fops.poll);
	whole = ldm_proc_read_path("/tpseq", &len);
	ASSERT(whole);
	ASSERT_EQ(len, TP_RECORDS * 12);
	ASSERT(!strncmp(whole + 12 * 345, "record  345\n", 12));
	ASSERT_OK(ldm_proc_lookup("/tpseq", &found));
	ASSERT_OK(ldm_proc_open(found, O_RDONLY, &f));
	while ((got = ldm_proc_read(f, piece, sizeof(piece), NULL)) > 0) {
		ASSERT(!memcmp(piece, whole + n, (size_t)got));
		n += (size_t)got;
	}
	ASSERT_EQ(n, len);
	ASSERT_EQ(ldm_proc_llseek(f, 12 * 600 + 3, SEEK_SET), 12 * 600 + 3);
	ASSERT_EQ(ldm_proc_read(f, buf, 9, NULL), 9);
	ASSERT(!memcmp(buf, "ord  600\n", 9));
	ASSERT_OK(ldm_proc_release(f));
	ldm_proc_put(found);
	free(whole);
	remove_proc_entry("tpseq", NULL);
	remove_proc_entry("tpother", NULL);
}

static int list_names(const char *name, const struct ldm_proc_stat *st, void *ctx)
{
	char *out = ctx;

	(void)st;
	strcat(out, name);
	strcat(out, " ");
	return 0;
}

DEFINE_TEST(test_proc_root_lists_and_links,
	    .description = "the root lists the runtime's directories and files in creation order, "
			   "and a proc_symlink reads back its target")
{
	struct ldm_proc_entry *root, *link;
	char names[256] = "", target[64];

	ASSERT(proc_symlink("tplink", NULL, "bus/x"));
	ASSERT_OK(ldm_proc_lookup("/", &root));
	ASSERT_OK(ldm_proc_readdir(root, list_names, names));
	ASSERT_STREQ(names,
		     "net fs driver bus modules devices ioports iomem interrupts sys misc tty "
		     "tplink ");
	ASSERT_OK(ldm_proc_lookup("/tplink", &link));
	ASSERT_EQ(ldm_proc_readlink(link, target, sizeof(target)), 5);
	ASSERT_STREQ(target, "bus/x");
	ldm_proc_put(link);
	ldm_proc_put(root);
	remove_proc_entry("tplink", NULL);
}

DEFINE_TEST(test_proc_modules_is_ldm_proc_modules,
	    .description = "/proc/modules reads what ldm_proc_modules gives, the kernel's format")
{
	char *text, *want;
	char path[512];

	snprintf(path, sizeof(path), "%s/modules/hello.ko", LDM_BUILD_DIR);
	ASSERT_OK(ldm_insmod(path, NULL));
	text = proc_text("/modules");
	want = ldm_proc_modules();
	ASSERT_STREQ(text, want);
	ASSERT(!strncmp(text, "hello ", 6));
	free(text);
	free(want);
	ASSERT_OK(ldm_delete_module("hello", 0));
}

/* Write @text to @dir/@name. */
static void put_file(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	ASSERT(f);
	fputs(text, f);
	fclose(f);
}

static int add_holder(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
{
	char path[600];

	(void)st;
	snprintf(path, sizeof(path), "%s/%s", (const char *)ctx, name);
	return mkdir(path, 0755);
}

/*
 * /sys/module/NAME/{refcnt,initstate,holders/} as kmod reads them: the
 * holders from the runtime's /module, the count from its /proc/modules
 * line (Linux shows one number in both; ldm's /module refcnt counts only
 * try_module_get() references).
 */
static void copy_module_dir(const char *sys, const char *name, const char *mods)
{
	char dir[512], holders[600], path[256], count[32];
	struct ldm_sysfs_node *sd;
	const char *line = mods;
	unsigned long size, refs;

	while (line && (strncmp(line, name, strlen(name)) || line[strlen(name)] != ' ')) {
		line = strchr(line, '\n');
		line = line ? line + 1 : NULL;
	}
	ASSERT(line && sscanf(line + strlen(name), " %lu %lu", &size, &refs) == 2);
	snprintf(count, sizeof(count), "%lu\n", refs);
	snprintf(dir, sizeof(dir), "%s/%s", sys, name);
	ASSERT_OK(mkdir(dir, 0755));
	put_file(dir, "refcnt", count);
	put_file(dir, "initstate", "live\n");
	snprintf(holders, sizeof(holders), "%s/holders", dir);
	ASSERT_OK(mkdir(holders, 0755));
	snprintf(path, sizeof(path), "/module/%s/holders", name);
	ASSERT_OK(ldm_sysfs_lookup(path, 0, &sd));
	ASSERT_OK(ldm_sysfs_readdir(sd, add_holder, holders));
	ldm_sysfs_put(sd);
}

DEFINE_TEST(test_proc_modules_read_by_kmod_lsmod,
	    .description = "kmod's lsmod, given the runtime's /proc/modules (and its /module "
			   "as /sys/module) in a mount namespace of its own, lists the modules, "
			   "sizes and users the runtime has",
	    .timeout = 60)
{
	char tmpl[] = "/tmp/ldm-lsmod-XXXXXX", dir[600], cmd[2048], out[1024] = "";
	char *mods;
	size_t n;
	FILE *p;

	if (geteuid() != 0 || access("/usr/sbin/lsmod", X_OK) || access("/usr/bin/unshare", X_OK))
		ldm_test_skip("needs root, kmod's lsmod and unshare(1) for a private /proc");
	ASSERT_OK(ldm_insmod(LDM_BUILD_DIR "/modules/gpl_lib.ko", NULL));
	ASSERT_OK(ldm_insmod(LDM_BUILD_DIR "/modules/gpl_user.ko", NULL));
	ASSERT(mkdtemp(tmpl));
	snprintf(dir, sizeof(dir), "%s/proc", tmpl);
	ASSERT_OK(mkdir(dir, 0755));
	mods = proc_text("/modules");
	put_file(dir, "modules", mods);
	snprintf(dir, sizeof(dir), "%s/sys", tmpl);
	ASSERT_OK(mkdir(dir, 0755));
	copy_module_dir(dir, "gpl_lib", mods);
	copy_module_dir(dir, "gpl_user", mods);
	free(mods);
	snprintf(cmd, sizeof(cmd),
		 "unshare -m sh -c 'mount --bind %s/proc /proc && mount --bind %s/sys /sys/module "
		 "&& /usr/sbin/lsmod' 2>&1; rm -rf %s",
		 tmpl, tmpl, tmpl);
	p = popen(cmd, "r");
	ASSERT(p);
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = '\0';
	ASSERT_EQ(pclose(p), 0);
	ASSERT_STREQ(out, "Module                  Size  Used by\n"
			  "gpl_lib                12288  1 gpl_user\n"
			  "gpl_user               12288  0\n");
	ASSERT_OK(ldm_delete_module("gpl_user", 0));
	ASSERT_OK(ldm_delete_module("gpl_lib", 0));
}
