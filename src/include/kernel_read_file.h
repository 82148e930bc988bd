/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * kernel_read_file.h - reading a whole file into memory, the one way the
 * runtime does it (fs/kernel_read_file.c of modern Linux): modules,
 * firmware, boards.
 */
#ifndef _LDM_KERNEL_READ_FILE_H
#define _LDM_KERNEL_READ_FILE_H

#include <sys/types.h>

ssize_t kernel_read_file_from_fd(int fd, void **buf, size_t max_size);
ssize_t kernel_read_file_from_path(const char *path, void **buf, size_t max_size);

#endif /* _LDM_KERNEL_READ_FILE_H */
