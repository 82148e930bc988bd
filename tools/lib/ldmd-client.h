/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ldmd-client.h - the client side of ldmd's control protocol, quiet, for
 * the ldm command and the preload library of `ldm exec`.
 */
#ifndef _LDMD_CLIENT_H
#define _LDMD_CLIENT_H

struct ctl_result {
	int error;	/* 0, or the positive errno of the request */
	char why[1024]; /* what ldmd said of the failure */
	char *out;	/* its output, or NULL */
	char *log;	/* the kernel log lines it caused, or NULL */
};

int ctl_open(const char *root, const char *name);
int ctl_call(int fd, const char *const fields[], int nfields, int pass_fd, struct ctl_result *res);
void ctl_result_free(struct ctl_result *res);

#endif /* _LDMD_CLIENT_H */
