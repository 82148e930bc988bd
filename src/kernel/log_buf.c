// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * log_buf.c - the kernel log buffer (log_buf of kernel/printk.c), which
 * dmesg reads, and the console its lines go out to.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ldm/kernel.h>
#include <libldm/runtime.h>

#include "boot.h"
#include "printk.h"

/**
 * DOC: how log_buf.c works
 *
 * printk() hands its text here in pieces; a piece without a level that
 * follows one without a newline continues the same line, as in 2.6.9. Each
 * complete line becomes a record: a sequence number, the microseconds since
 * boot, the level, the text. Records sit end to end in one ring of bytes;
 * when a new one does not fit, the oldest go, as the kernel's log_buf
 * overwrites its oldest characters. A record never wraps: one that would
 * cross the end starts again at offset 0, and the tail it leaves is skipped.
 *
 * The console - stderr, or the function a front end sets (ldmd: its
 * terminal or syslog) - gets each line whose level is below the console
 * level, in the order of the records: it is called with console_lock held,
 * taken before log_lock is let go.
 */

#define LOG_BUF_LEN  (128 * 1024)
#define LOG_LINE_MAX 1024 /* a longer line is cut */
#define LOG_ALIGN    8

struct log_rec {
	unsigned long long seq;
	unsigned long long usec; /* since boot */
	unsigned short len;	 /* of the record, header and text; 0: wrap mark */
	unsigned short text_len; /* without the NUL that follows */
	unsigned char level;
	char text[];
};

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t console_lock = PTHREAD_MUTEX_INITIALIZER;
static _Alignas(struct log_rec) char log_buf[LOG_BUF_LEN];
static size_t log_first, log_next; /* offsets of the oldest record and of the free space */
static unsigned long long first_seq, next_seq;
static struct timespec boot_time;

static char cont_buf[LOG_LINE_MAX]; /* an unfinished line */
static size_t cont_len;
static int cont_level;

static ldm_console_fn console_fn;
static void *console_data;

static struct log_rec *rec_at(size_t off)
{
	return (struct log_rec *)(log_buf + off);
}

static size_t rec_size(size_t text_len)
{
	size_t size = sizeof(struct log_rec) + text_len + 1;

	return (size + LOG_ALIGN - 1) & ~(size_t)(LOG_ALIGN - 1);
}

/* Step past the oldest record (and a wrap mark at it). Caller has log_lock. */
static void drop_first(void)
{
	if (rec_at(log_first)->len == 0 || log_first + sizeof(struct log_rec) > LOG_BUF_LEN) {
		log_first = 0;
		return;
	}
	log_first += rec_at(log_first)->len;
	first_seq++;
	if (first_seq == next_seq)
		log_first = log_next = 0;
	else if (log_first + sizeof(struct log_rec) > LOG_BUF_LEN || rec_at(log_first)->len == 0)
		log_first = 0;
}

/* Whether [@off, @off + @size) is free of records we keep. */
static bool room_at(size_t off, size_t size)
{
	if (first_seq == next_seq)
		return true;
	if (log_first < off)
		return true; /* the records we keep end before @off */
	return off + size <= log_first;
}

/* Make room for a record of @size bytes; its offset. Caller has log_lock. */
static size_t log_reserve(size_t size)
{
	size_t off = log_next;

	if (off + size > LOG_BUF_LEN) {
		/* Wrap: the oldest records at the start go first. */
		while (first_seq != next_seq && log_first >= off)
			drop_first();
		if (off + sizeof(struct log_rec) <= LOG_BUF_LEN)
			rec_at(off)->len = 0;
		off = 0;
		if (first_seq == next_seq)
			log_first = 0;
	}
	while (!room_at(off, size))
		drop_first();
	return off;
}

static unsigned long long usec_since_boot(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (unsigned long long)(now.tv_sec - boot_time.tv_sec) * 1000000ULL +
	       (unsigned long long)((now.tv_nsec - boot_time.tv_nsec) / 1000);
}

/* Store one line (@text, @len bytes, no newline). Caller has log_lock. */
static struct log_rec *log_store(int level, const char *text, size_t len)
{
	size_t size = rec_size(len), off;
	struct log_rec *rec;

	off = log_reserve(size);
	rec = rec_at(off);
	rec->seq = next_seq++;
	rec->usec = usec_since_boot();
	rec->len = (unsigned short)size;
	rec->text_len = (unsigned short)len;
	rec->level = (unsigned char)level;
	memcpy(rec->text, text, len);
	rec->text[len] = '\0';
	if (rec->seq == first_seq)
		log_first = off;
	log_next = off + size;
	return rec;
}

/* Hand a line to the console. Caller has console_lock. */
static void console_emit(const struct log_rec *rec, int console_level)
{
	if (rec->level >= console_level)
		return;
	if (console_fn) {
		console_fn(rec->level, rec->usec, rec->text, console_data);
		return;
	}
	fprintf(stderr, "%s\n", rec->text);
}

/* The line gathered so far becomes a record. Caller has log_lock. */
static void commit_line(int console_level)
{
	struct log_rec *rec;

	rec = log_store(cont_level, cont_buf, cont_len);
	cont_len = 0;
	pthread_mutex_lock(&console_lock);
	console_emit(rec, console_level);
	pthread_mutex_unlock(&console_lock);
}

/* An unfinished line becomes a record. Caller has log_lock. */
static void flush_cont(int console_level)
{
	if (cont_len)
		commit_line(console_level);
}

/**
 * log_buf_emit - add a piece of a kernel message to the log
 * @level: its level, or -1 if it had none
 * @text: the piece, without the level prefix
 * @console_level: lines of a lower level go to the console
 *
 * Complete lines are stored and go to the console; the rest waits for the
 * next piece.
 */
void log_buf_emit(int level, const char *text, int console_level)
{
	const char *nl;
	size_t len;

	pthread_mutex_lock(&log_lock);
	if (level >= 0 || !cont_len) {
		flush_cont(console_level);
		cont_level = level >= 0 ? level : LDM_DEFAULT_MESSAGE_LOGLEVEL;
	}
	while (*text) {
		nl = strchr(text, '\n');
		len = nl ? (size_t)(nl - text) : strlen(text);
		if (len > sizeof(cont_buf) - cont_len)
			len = sizeof(cont_buf) - cont_len; /* cut: the rest is lost */
		memcpy(cont_buf + cont_len, text, len);
		cont_len += len;
		if (!nl)
			break;
		commit_line(console_level); /* printk("\n") too */
		text = nl + 1;
	}
	pthread_mutex_unlock(&log_lock);
}

/* Empty the log: a new boot. */
void log_buf_init(void)
{
	pthread_mutex_lock(&log_lock);
	clock_gettime(CLOCK_MONOTONIC, &boot_time);
	log_first = log_next = 0;
	first_seq = next_seq = 0;
	cont_len = 0;
	pthread_mutex_unlock(&log_lock);
}

/* Print what waits for its newline (at ldm_exit). */
void log_buf_flush(int console_level)
{
	pthread_mutex_lock(&log_lock);
	flush_cont(console_level);
	pthread_mutex_unlock(&log_lock);
}

/**
 * ldm_console_set - send the console's lines to a function
 * @fn: called with each line below the console level, in order, one call
 *	at a time; it must not call printk. NULL: back to stderr.
 * @data: passed to @fn
 */
void ldm_console_set(ldm_console_fn fn, void *data)
{
	pthread_mutex_lock(&console_lock);
	console_fn = fn;
	console_data = data;
	pthread_mutex_unlock(&console_lock);
}

/* Append "level,seq,usec,-;text\n" of @rec to @buf (of @size, @len used). */
static char *append_rec(char *buf, size_t *len, size_t *size, const struct log_rec *rec)
{
	size_t need = rec->text_len + 64;
	char *grown;

	if (*len + need > *size) {
		*size = (*len + need) * 2;
		grown = realloc(buf, *size);
		if (!grown) {
			free(buf);
			return NULL;
		}
		buf = grown;
	}
	*len += (size_t)snprintf(buf + *len, *size - *len, "%u,%llu,%llu,-;%s\n", rec->level,
				 rec->seq, rec->usec, rec->text);
	return buf;
}

/**
 * ldm_dmesg - the records of the kernel log
 * @since: the first sequence number wanted (0: all that are kept)
 * @next: if not NULL, set to the sequence number the next record will have
 *
 * Return: a string of lines "LEVEL,SEQ,USEC,-;TEXT\n", the format of Linux's
 * /dev/kmsg (USEC: microseconds since ldm_init), oldest first; the caller
 * frees it with free(). NULL when out of memory.
 */
char *ldm_dmesg(unsigned long long since, unsigned long long *next)
{
	size_t len = 0, size = 4096, off;
	unsigned long long seq;
	char *buf = malloc(size);

	if (!buf)
		return NULL;
	buf[0] = '\0';
	pthread_mutex_lock(&log_lock);
	off = log_first;
	for (seq = first_seq; seq < next_seq && buf; seq++) {
		if (off + sizeof(struct log_rec) > LOG_BUF_LEN || rec_at(off)->len == 0)
			off = 0;
		if (seq >= since)
			buf = append_rec(buf, &len, &size, rec_at(off));
		off += rec_at(off)->len;
	}
	if (next)
		*next = next_seq;
	pthread_mutex_unlock(&log_lock);
	return buf;
}
