// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-file-open.c - every kind of file the runtime opens is set up as
 * one (ldm_file_open(), as Linux's one do_dentry_open()): the open
 * method of a character device and of a /proc file sees the same f_flags
 * (without the flags that act at open(2) only) and the same f_mode
 * (positioned reads and writes allowed until nonseekable_open()).
 */
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

#define TO_MAJOR 62
#define AT_OPEN	 (O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC)

static unsigned int seen_flags;
static mode_t seen_mode;

static int to_open(struct inode *inode, struct file *file)
{
	(void)inode;
	seen_flags = file->f_flags;
	seen_mode = file->f_mode;
	return 0;
}

/* Not const: a /proc entry takes its methods as 2.6.9 did, writable. */
static struct file_operations to_fops = { .open = to_open };

/* What the open method of a character device saw of open(@flags). */
static void chrdev_sees(int flags)
{
	struct ldm_chrdev_file *f;

	ASSERT_OK(ldm_chrdev_open(MKDEV(TO_MAJOR, 0), flags, &f));
	ASSERT_OK(ldm_chrdev_release(f));
}

/* What the open method of a /proc file saw of open(@flags). */
static void proc_sees(int flags)
{
	struct ldm_proc_entry *de;
	struct ldm_proc_file *f;

	ASSERT_OK(ldm_proc_lookup("/toentry", &de));
	ASSERT_OK(ldm_proc_open(de, flags, &f));
	ASSERT_OK(ldm_proc_release(f));
	ldm_proc_put(de);
}

DEFINE_TEST(
	test_file_open_is_one_for_chrdev_and_proc,
	.description =
		"the open method of a character device and of a /proc file see the same struct file: O_CREAT, O_EXCL, O_NOCTTY and O_TRUNC taken out of f_flags, FMODE_PREAD and FMODE_PWRITE in f_mode with the access mode")
{
	struct proc_dir_entry *de;
	unsigned int chr_flags;
	mode_t chr_mode;

	ASSERT_OK(register_chrdev(TO_MAJOR, "to", &to_fops));
	de = create_proc_entry("toentry", S_IFREG | 0644, NULL);
	ASSERT(de);
	de->proc_fops = &to_fops;

	chrdev_sees(O_RDWR | O_NONBLOCK | AT_OPEN);
	chr_flags = seen_flags;
	chr_mode = seen_mode;
	ASSERT_EQ(chr_flags, (unsigned int)(O_RDWR | O_NONBLOCK));
	ASSERT(chr_mode & FMODE_READ && chr_mode & FMODE_WRITE);
	ASSERT(chr_mode & FMODE_PREAD && chr_mode & FMODE_PWRITE && chr_mode & FMODE_LSEEK);

	proc_sees(O_RDWR | O_NONBLOCK | AT_OPEN);
	ASSERT_EQ(seen_flags, chr_flags);
	ASSERT_EQ(seen_mode, chr_mode);

	chrdev_sees(O_RDONLY);
	chr_mode = seen_mode;
	proc_sees(O_RDONLY);
	ASSERT_EQ(seen_mode, chr_mode);
	ASSERT(!(seen_mode & FMODE_WRITE));

	remove_proc_entry("toentry", NULL);
	ASSERT_OK(unregister_chrdev(TO_MAJOR, "to"));
}
