/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tool-util.h - small helpers the verbs of ldm share.
 */
#ifndef _LDM_TOOL_UTIL_H
#define _LDM_TOOL_UTIL_H

#include <stddef.h>

/* Read a whole file into memory (8-byte aligned); free() it. */
int tool_read_file(const char *path, void **ret, size_t *len);

#endif /* _LDM_TOOL_UTIL_H */
