// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * printk.c - kernel messages (kernel/printk.c). Every message goes to the
 * log buffer (log_buf.c), which dmesg reads; a line whose level is below
 * the console level also goes to the console (stderr, or what a front end
 * set with ldm_console_set()), without its level prefix ("<3>").
 */
#include <execinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/notifier.h>
#include <libldm/runtime.h>

#include "boot.h"
#include "printk.h"
#include "taint.h"

#define DEFAULT_CONSOLE_LOGLEVEL 5

static int console_loglevel = DEFAULT_CONSOLE_LOGLEVEL;

/* Read LDM_LOGLEVEL once, at boot. */
void printk_init(void)
{
	const char *env = getenv("LDM_LOGLEVEL");
	char *end;
	long level;

	log_buf_init();
	if (!env || !*env)
		return;
	level = strtol(env, &end, 10);
	if (*end || level < 0 || level > 8) {
		fprintf(stderr, "ldm: ignoring LDM_LOGLEVEL=%s: not a level 0-8\n", env);
		return;
	}
	__atomic_store_n(&console_loglevel, (int)level, __ATOMIC_RELAXED);
}

/* Print what waits for its newline: at ldm_exit. */
void printk_exit(void)
{
	log_buf_flush(__atomic_load_n(&console_loglevel, __ATOMIC_RELAXED));
}

/* The level a message starts with (-1: none), and where its text begins. */
static int message_level(const char **text)
{
	const char *s = *text;

	if (s[0] == '<' && s[1] >= '0' && s[1] <= '7' && s[2] == '>') {
		*text = s + 3;
		return s[1] - '0';
	}
	return -1;
}

/*
 * Whether a message that did not fit (@len bytes, formatted from @fmt and
 * @args afresh) ends a line: cut, it must still end it, or it would wait
 * for the next message and be printed with that. Out of memory: say yes.
 */
static __attribute__((format(printf, 1, 0))) bool cut_message_ends_line(const char *fmt,
									va_list args, int len)
{
	char *whole = malloc((size_t)len + 1);
	bool ends;

	if (!whole)
		return true;
	vsnprintf(whole, (size_t)len + 1, fmt, args);
	ends = whole[len - 1] == '\n';
	free(whole);
	return ends;
}

/**
 * vprintk - print a kernel message
 * @fmt: printf format, optionally starting with a KERN_ level
 * @args: its arguments
 *
 * Return: the number of characters of the message, printed or not.
 */
int vprintk(const char *fmt, va_list args)
{
	char line[1024];
	const char *text;
	int level, len;
	va_list again;

	va_copy(again, args);
	len = vsnprintf(line, sizeof(line), fmt, args);
	if (len >= (int)sizeof(line) && cut_message_ends_line(fmt, again, len))
		line[sizeof(line) - 2] = '\n'; /* the line is cut, not left open */
	va_end(again);
	if (len < 0)
		return len;
	text = line;
	level = message_level(&text);
	log_buf_emit(level, text, __atomic_load_n(&console_loglevel, __ATOMIC_RELAXED));
	return len;
}
EXPORT_SYMBOL(vprintk);

/**
 * printk - print a kernel message
 * @fmt: printf format, optionally starting with a KERN_ level
 */
int printk(const char *fmt, ...)
{
	va_list args;
	int len;

	va_start(args, fmt);
	len = vprintk(fmt, args);
	va_end(args);
	return len;
}
EXPORT_SYMBOL(printk);

/**
 * ldm_kmsg - a message from the host, at a level, as a write to /dev/kmsg
 * @level: 0 (KERN_EMERG) to 7 (KERN_DEBUG); others are clamped
 * @fmt: printf format, ending with its newline as printk's
 */
void ldm_kmsg(int level, const char *fmt, ...)
{
	char text[1024];
	va_list args;
	int len;

	va_start(args, fmt);
	len = vsnprintf(text, sizeof(text), fmt, args);
	va_end(args);
	if (len >= (int)sizeof(text))
		text[sizeof(text) - 2] = '\n'; /* a host message is whole lines */
	level = level < 0 ? 0 : level > 7 ? 7 : level;
	printk("<%d>%s", level, text);
}

/**
 * dump_stack - print the caller's stack to stderr
 */
void dump_stack(void)
{
	void *frames[32];
	int n;

	if (__atomic_load_n(&console_loglevel, __ATOMIC_RELAXED) <= LDM_DEFAULT_MESSAGE_LOGLEVEL)
		return;
	n = backtrace(frames, 32);
	backtrace_symbols_fd(frames, n, STDERR_FILENO);
}
EXPORT_SYMBOL(dump_stack);

void __ldm_warn(const char *file, int line, const char *cond)
{
	char taint[32];

	printk(KERN_WARNING "WARNING: at %s:%d: %s (%s)\n", file, line, cond,
	       print_tainted(taint, sizeof(taint)));
	dump_stack();
}
EXPORT_SYMBOL(__ldm_warn);

void __ldm_bug(const char *file, int line, const char *cond)
{
	char taint[32];

	printk(KERN_EMERG "kernel BUG at %s:%d: %s (%s)\n", file, line, cond,
	       print_tainted(taint, sizeof(taint)));
	dump_stack();
	abort();
}
EXPORT_SYMBOL(__ldm_bug);

struct notifier_block *panic_notifier_list;
EXPORT_SYMBOL(panic_notifier_list);

/**
 * panic - stop the machine, which here is the process
 * @fmt: the reason, printk's format
 *
 * Prints "Kernel panic - not syncing: REASON", calls the panic notifiers
 * with the reason (as 2.6.9 does, before it halts or reboots), and aborts
 * the process. Never returns.
 */
void panic(const char *fmt, ...)
{
	static char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	printk(KERN_EMERG "Kernel panic - not syncing: %s\n", buf);
	notifier_call_chain(&panic_notifier_list, 0, buf);
	abort();
}
EXPORT_SYMBOL(panic);
