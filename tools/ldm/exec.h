/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * exec.h - what `ldm exec` (exec.c), its namespaces (sandbox.c) and its
 * event forwarder (udev-forward.c) share.
 */
#ifndef _LDM_EXEC_H
#define _LDM_EXEC_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Where ldmd's root is seen inside the namespaces. */
#define EXEC_ROOT "/dev/.ldm"

int exec_enter_sandbox(const char *root);
int exec_bind_modules(const char *dir);
pid_t exec_start_udevd(const char *rules);
void exec_stop_udevd(pid_t pid);
void exec_sync_nodes(const char *nodes);
int exec_forward_events(int uevent, int stop_fd, const char *nodes, char *why, size_t size);

#endif /* _LDM_EXEC_H */
