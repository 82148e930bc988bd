// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * control-client.c - the client side of ldmd's control socket
 * (<ldmd/control.h>): connect, send a request, gather the reply; and the
 * request as most verbs make it.
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <ldmd/control.h>

#include "control-client.h"
#include "tool-util.h"

/**
 * ctl_connect_socket - connect to a socket of the ldmd serving @root
 * @verb: the verb, for the error message
 * @root: ldmd's root (tool_root())
 * @name: the socket below it: CONTROL_SOCKET, "uevent"
 *
 * Return: the socket, or -1 after saying on stderr that no ldmd serves there.
 */
int ctl_connect_socket(const char *verb, const char *root, const char *name)
{
	int fd = ctl_open(root, name);

	if (fd == -ENAMETOOLONG)
		fprintf(stderr, "ldm %s: %s: path too long for a socket\n", verb, root);
	else if (fd < 0)
		fprintf(stderr,
			"ldm %s: no ldmd at %s (%s/%s: %s); start one with 'ldmd --root %s' "
			"or name it with --root or LDM_ROOT\n",
			verb, root, root, name, strerror(-fd), root);
	return fd < 0 ? -1 : fd;
}

/**
 * ctl_connect - connect to the control socket of the ldmd serving @root
 * @verb: the verb, for the error message
 * @root: ldmd's root (tool_root())
 *
 * Return: the socket, or -1 after saying on stderr that no ldmd serves there.
 */
int ctl_connect(const char *verb, const char *root)
{
	return ctl_connect_socket(verb, root, CONTROL_SOCKET);
}

/**
 * ctl_request - connect, send one request, report a failure
 * @verb: the verb, for messages ("insmod")
 * @root: ldmd's root
 * @fields: the request
 * @nfields: how many fields
 * @pass_fd: a descriptor to pass, or -1
 * @res: the reply, on success of the conversation
 *
 * Return: 0 if a reply came (look at @res->error), or -1 after an error
 * message on stderr.
 */
int ctl_request(const char *verb, const char *root, const char *const fields[], int nfields,
		int pass_fd, struct ctl_result *res)
{
	int fd = ctl_connect(verb, root), error;

	if (fd < 0)
		return -1;
	error = ctl_call(fd, fields, nfields, pass_fd, res);
	close(fd);
	if (error) {
		fprintf(stderr, "ldm %s: ldmd at %s did not answer: %s\n", verb, root,
			strerror(-error));
		ctl_result_free(res);
		return -1;
	}
	return 0;
}

/**
 * ctl_simple_request - one request, reported as most verbs report it
 * @verb: the verb, for messages
 * @root: ldmd's root (tool_root())
 * @fields: the request
 * @nfields: how many
 * @out: gets the output on success (free() it), or NULL
 *
 * The kernel's warnings go to stderr, a failure with its cause.
 * Return: the exit status.
 */
int ctl_simple_request(const char *verb, const char *root, const char *const fields[], int nfields,
		       char **out)
{
	struct ctl_result res;
	int status;

	if (ctl_request(verb, root, fields, nfields, -1, &res))
		return 1;
	tool_print_log(stderr, res.log, TOOL_LOG_QUIET_BELOW);
	if (res.error)
		fprintf(stderr, "ldm %s: %s\n", verb, *res.why ? res.why : strerror(res.error));
	status = res.error ? 1 : 0;
	if (out && !status) {
		*out = res.out;
		res.out = NULL;
	}
	ctl_result_free(&res);
	return status;
}

/**
 * ctl_bare_request_verb - a verb that is one request of its name, with no
 * argument but --root
 * @argc: the verb's arguments
 * @argv: the verb's arguments
 * @request: the request
 * @help: prints the verb's help
 *
 * Return: the exit status.
 */
int ctl_bare_request_verb(int argc, char *argv[], const char *request, void (*help)(FILE *))
{
	const char *fields[] = { request };
	struct tool_opts o;
	int status = tool_parse_options(argc, argv, 0, help, &o);

	if (status >= 0)
		return status;
	if (optind < argc) {
		help(stderr);
		return 2;
	}
	return ctl_simple_request(request, o.root, fields, 1, NULL);
}
