// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * kernel_read_file.c - a whole file into memory (fs/kernel_read_file.c of
 * modern Linux), for modules, firmware and boards alike.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <ldm/slab.h>

#include "grow.h"
#include "kernel_read_file.h"

/*
 * Read until end of file, growing @buf (of @room bytes: what is read and a
 * NUL after it), up to @max bytes (one more is an error).
 */
static ssize_t read_to_end(int fd, char **buf, size_t *room, size_t max)
{
	size_t done = 0;
	ssize_t n;
	int error;

	for (;;) {
		if (done + 1 == *room) {
			error = ldm_grow(buf, room, *room + 1, 1, 0, max + 2);
			if (error)
				return error;
		}
		n = pread(fd, *buf + done, *room - 1 - done, (off_t)done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return done > max ? -EFBIG : (ssize_t)done;
		done += (size_t)n;
	}
}

/**
 * kernel_read_file_from_fd - read a regular file whole
 * @fd: the file, read from its start to its end (its offset is left alone)
 * @buf: gets the contents, with a NUL after them, from kmalloc(); free
 *	 them with kfree()
 * @max_size: the most bytes a file may have
 *
 * A file that grows while it is read is read to its end, within @max_size.
 * Return: the size; -EINVAL if @fd is not a regular file, -EFBIG if it
 * holds more than @max_size bytes, -ENOMEM, or the error of pread(2).
 */
ssize_t kernel_read_file_from_fd(int fd, void **buf, size_t max_size)
{
	struct stat st;
	size_t room;
	char *data;
	ssize_t size;

	if (fstat(fd, &st))
		return -errno;
	if (!S_ISREG(st.st_mode))
		return -EINVAL;
	if ((unsigned long long)st.st_size > max_size)
		return -EFBIG;
	/* One byte beyond the size, and the NUL: end of file is seen without growing. */
	room = (size_t)st.st_size + 2;
	data = kmalloc(room, GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	size = read_to_end(fd, &data, &room, max_size);
	if (size < 0) {
		kfree(data);
		return size;
	}
	data[size] = '\0';
	*buf = data;
	return size;
}

/**
 * kernel_read_file_from_path - read a regular file whole, by name
 * @path: the file
 * @buf: as kernel_read_file_from_fd()
 * @max_size: as kernel_read_file_from_fd()
 *
 * The file is opened without blocking, so a FIFO or a device that would
 * block is refused rather than waited on.
 * Return: as kernel_read_file_from_fd(), or the error of open(2).
 */
ssize_t kernel_read_file_from_path(const char *path, void **buf, size_t max_size)
{
	ssize_t size;
	int fd;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -errno;
	size = kernel_read_file_from_fd(fd, buf, max_size);
	close(fd);
	return size;
}
