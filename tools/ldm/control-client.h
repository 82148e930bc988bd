/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * control-client.h - talking to ldmd over its control socket, as the verbs
 * of ldm do: saying on stderr what went wrong.
 */
#ifndef _LDM_CONTROL_CLIENT_H
#define _LDM_CONTROL_CLIENT_H

#include <stdio.h>

#include "ldmd-client.h"

int ctl_connect_socket(const char *verb, const char *root, const char *name);
int ctl_connect(const char *verb, const char *root);
int ctl_request(const char *verb, const char *root, const char *const fields[], int nfields,
		int pass_fd, struct ctl_result *res);
int ctl_simple_request(const char *verb, const char *root, const char *const fields[], int nfields,
		       char **out);
int ctl_bare_request_verb(int argc, char *argv[], const char *request, void (*help)(FILE *));

#endif /* _LDM_CONTROL_CLIENT_H */
