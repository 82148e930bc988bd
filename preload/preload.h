/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * preload.h - what the files of libldm-preload.so share: the nodes of
 * ldmd's DIR/dev, and a command forwarded to their driver through ldmd.
 */
#ifndef _LDM_PRELOAD_H
#define _LDM_PRELOAD_H

#include <stdbool.h>

bool ldm_preload_is_node(int fd);
int ldm_preload_forward(int fd, unsigned long request, void *arg);

#endif /* _LDM_PRELOAD_H */
