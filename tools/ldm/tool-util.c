// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tool-util.c - small helpers the verbs of ldm share.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "module-elf.h"
#include "tool-util.h"

#define TOOL_FILE_MAX	(256UL << 20)

int tool_read_file(const char *path, void **ret, size_t *len)
{
	struct stat st;
	size_t done = 0;
	void *buf;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || (unsigned long)st.st_size > TOOL_FILE_MAX) {
		close(fd);
		return S_ISREG(st.st_mode) ? -EFBIG : -EINVAL;
	}
	buf = malloc((size_t)st.st_size + 1);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	while (done < (size_t)st.st_size && (n = read(fd, (char *)buf + done,
						    (size_t)st.st_size - done)) > 0)
		done += (size_t)n;
	close(fd);
	if (done != (size_t)st.st_size) {
		free(buf);
		return -EIO;
	}
	*ret = buf;
	*len = done;
	return 0;
}

int tool_read_module(const char *verb, const char *path, void **image, struct ldm_elf *elf)
{
	size_t len;
	int error;

	error = tool_read_file(path, image, &len);
	if (error) {
		fprintf(stderr, "ldm %s: %s: %s\n", verb, path, strerror(-error));
		return error;
	}
	error = ldm_elf_parse(elf, *image, len);
	if (error) {
		fprintf(stderr, "ldm %s: %s: %s\n", verb, path, elf->err);
		free(*image);
		*image = NULL;
	}
	return error;
}

const char *tool_root(const char *opt)
{
	const char *env;

	if (opt && *opt)
		return opt;
	env = getenv("LDM_ROOT");
	return env && *env ? env : TOOL_DEFAULT_ROOT;
}
