// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * read_write.c - the llseek methods a character driver picks from
 * (fs/read_write.c of 2.6.9): no_llseek() for a device without a position,
 * default_llseek() for one whose position is only a number.
 */
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/fs.h>

/**
 * no_llseek - the llseek method of a device that cannot seek
 * @file: the file
 * @offset: unused
 * @origin: unused
 *
 * Return: -ESPIPE.
 */
loff_t no_llseek(struct file *file, loff_t offset, int origin)
{
	(void)file;
	(void)offset;
	(void)origin;
	return -ESPIPE;
}
EXPORT_SYMBOL(no_llseek);

/**
 * default_llseek - move f_pos, for a device whose size is 0
 * @file: the file
 * @offset: the new position, relative to @origin
 * @origin: SEEK_SET, SEEK_CUR or SEEK_END (the end of a device node is 0)
 *
 * Return: the new position, or -EINVAL for a negative one or another origin.
 */
loff_t default_llseek(struct file *file, loff_t offset, int origin)
{
	switch (origin) {
	case SEEK_SET:
	case SEEK_END:
		break;
	case SEEK_CUR:
		if (__builtin_add_overflow(offset, file->f_pos, &offset))
			return -EINVAL;
		break;
	default:
		return -EINVAL;
	}
	if (offset < 0)
		return -EINVAL;
	file->f_pos = offset;
	return offset;
}
EXPORT_SYMBOL(default_llseek);
