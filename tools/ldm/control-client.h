/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * control-client.h - talking to ldmd over its control socket.
 */
#ifndef _LDM_CONTROL_CLIENT_H
#define _LDM_CONTROL_CLIENT_H

#include <stdio.h>

struct ctl_result {
	int error;	/* 0, or the positive errno of the request */
	char why[1024]; /* what ldmd said of the failure */
	char *out;	/* its output, or NULL */
	char *log;	/* the kernel log lines it caused, or NULL */
};

int ctl_connect(const char *verb, const char *root);
int ctl_call(int fd, const char *const fields[], int nfields, int pass_fd, struct ctl_result *res);
int ctl_request(const char *verb, const char *root, const char *const fields[], int nfields,
		int pass_fd, struct ctl_result *res);
void ctl_result_free(struct ctl_result *res);
int ctl_simple_request(const char *verb, const char *root, const char *const fields[], int nfields,
		       char **out);
int ctl_bare_request_verb(int argc, char *argv[], const char *request, void (*help)(FILE *));

#endif /* _LDM_CONTROL_CLIENT_H */
