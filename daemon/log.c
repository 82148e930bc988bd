// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * log.c - where the runtime's console goes in ldmd: to stderr with the
 * kernel's "[seconds.micro]" prefix while ldmd is attached to a terminal,
 * to syslog (facility daemon, the printk level as priority: the two scales
 * are the same) once it has detached. Every line also stays in the log
 * buffer, which `ldm dmesg` reads.
 *
 * ldmd's console level is the kernel's default, 7 (all but debug), unless
 * LDM_LOGLEVEL says otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <syslog.h>
#include <libldm/runtime.h>

#include "ldmd.h"

#define LDMD_CONSOLE_LOGLEVEL "7"

static void console_stderr(int level, unsigned long long usec, const char *text, void *data)
{
	(void)level;
	(void)data;
	fprintf(stderr, "[%5llu.%06llu] %s\n", usec / 1000000, usec % 1000000, text);
}

static void console_syslog(int level, unsigned long long usec, const char *text, void *data)
{
	(void)usec;
	(void)data;
	syslog(LOG_DAEMON | (level & 7), "%s", text);
}

/**
 * ldmd_log_init - set the console level before the runtime boots
 */
void ldmd_log_init(void)
{
	setenv("LDM_LOGLEVEL", LDMD_CONSOLE_LOGLEVEL, 0);
}

/**
 * ldmd_log_start - send the console to stderr, prefixed with the time
 */
void ldmd_log_start(void)
{
	ldm_console_set(console_stderr, NULL);
}

/**
 * ldmd_log_detach - send the console to syslog, as ldmd leaves its terminal
 */
void ldmd_log_detach(void)
{
	openlog("ldmd", LOG_PID | LOG_NDELAY, LOG_DAEMON);
	ldm_console_set(console_syslog, NULL);
}

/**
 * ldmd_log_stop - back to the runtime's own console, after ldm_exit
 */
void ldmd_log_stop(void)
{
	ldm_console_set(NULL, NULL);
	closelog();
}
