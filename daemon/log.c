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
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <syslog.h>
#include <time.h>
#include <libldm/runtime.h>

#include "ldmd.h"

#define LDMD_CONSOLE_LOGLEVEL "7"

/* Audit lines: at most AUDIT_BURST in AUDIT_INTERVAL seconds, as printk_ratelimit. */
#define AUDIT_INTERVAL 5
#define AUDIT_BURST    10
#define AUDIT_LEVEL    5 /* KERN_NOTICE */

static struct {
	pthread_mutex_t lock;
	struct timespec begin; /* of the interval */
	unsigned int printed;  /* in this interval */
	unsigned long missed;  /* suppressed, not yet told */
} audit = { .lock = PTHREAD_MUTEX_INITIALIZER };

/* Tell how many audit lines were suppressed, if any. Caller has the lock. */
static void audit_report_missed(void)
{
	if (!audit.missed)
		return;
	ldm_kmsg(AUDIT_LEVEL, "ldmd: audit: %lu lines suppressed (at most %d in %d s)\n",
		 audit.missed, AUDIT_BURST, AUDIT_INTERVAL);
	audit.missed = 0;
}

/**
 * ldmd_audit - an audit line in the log, rate-limited
 * @fmt: printf format of the line, ending with its newline
 *
 * A peer that is refused again and again must not fill the 128 KiB log
 * with its refusals: at most AUDIT_BURST lines go in each AUDIT_INTERVAL,
 * the others are counted, and the count is logged when the next interval
 * has a line, or at ldmd_audit_flush().
 */
void ldmd_audit(const char *fmt, ...)
{
	struct timespec now;
	char line[512];
	va_list args;

	clock_gettime(CLOCK_MONOTONIC, &now);
	pthread_mutex_lock(&audit.lock);
	if (!audit.begin.tv_sec || now.tv_sec - audit.begin.tv_sec >= AUDIT_INTERVAL) {
		audit_report_missed();
		audit.begin = now;
		audit.printed = 0;
	}
	if (audit.printed >= AUDIT_BURST) {
		audit.missed++;
		pthread_mutex_unlock(&audit.lock);
		return;
	}
	audit.printed++;
	va_start(args, fmt);
	vsnprintf(line, sizeof(line), fmt, args);
	va_end(args);
	ldm_kmsg(AUDIT_LEVEL, "%s", line);
	pthread_mutex_unlock(&audit.lock);
}

/**
 * ldmd_audit_flush - log the count of suppressed audit lines now (at stop)
 */
void ldmd_audit_flush(void)
{
	pthread_mutex_lock(&audit.lock);
	audit_report_missed();
	pthread_mutex_unlock(&audit.lock);
}

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
