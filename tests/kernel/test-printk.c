// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-printk.c - the kernel log: records as /dev/kmsg shows them, lines
 * continued across printk calls, the oldest dropped when the buffer is
 * full, and the console a front end sets.
 */
#include <pthread.h>
#include <ldm/kernel.h>
#include <libldm/libldm.h>
#include <libldm/libldm.h>

#include "harness.h"

struct rec {
	unsigned int level;
	unsigned long long seq, usec;
	char text[1100];
};

/* Parse the @n-th line of a dmesg string; false if there is none. */
static bool nth_rec(const char *log, unsigned int n, struct rec *r)
{
	const char *line = log, *semi, *nl;

	while (n-- && line && *line) {
		line = strchr(line, '\n');
		line = line ? line + 1 : NULL;
	}
	if (!line || !*line)
		return false;
	if (sscanf(line, "%u,%llu,%llu,-;", &r->level, &r->seq, &r->usec) != 3)
		FAIL("malformed record: %.80s", line);
	semi = strchr(line, ';');
	nl = strchr(line, '\n');
	ASSERT(semi && nl && semi < nl);
	ASSERT((size_t)(nl - semi - 1) < sizeof(r->text));
	memcpy(r->text, semi + 1, (size_t)(nl - semi - 1));
	r->text[nl - semi - 1] = '\0';
	return true;
}

static unsigned int count_lines(const char *s)
{
	unsigned int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

DEFINE_TEST(
	test_printk_records_have_level_seq_and_continuations,
	.description =
		"printk lines land in ldm_dmesg as LEVEL,SEQ,USEC,-;TEXT; a piece without level continues the line; no level means 4")
{
	unsigned long long start, next;
	struct rec r;
	char *log;

	free(ldm_dmesg(0, &start));
	printk(KERN_INFO "probe of %s ", "foo");
	printk("failed with %d\n", -19);
	printk("plain line\n");
	printk(KERN_ERR "two\nlines\n");
	printk(KERN_DEBUG "unfinished");
	printk(KERN_NOTICE "next\n");
	log = ldm_dmesg(start, &next);
	ASSERT(log);
	ASSERT_EQ(count_lines(log), 6);
	ASSERT_EQ(next, start + 6);
	ASSERT(nth_rec(log, 0, &r));
	ASSERT_EQ(r.level, 6);
	ASSERT_EQ(r.seq, start);
	ASSERT_STREQ(r.text, "probe of foo failed with -19");
	ASSERT(nth_rec(log, 1, &r));
	ASSERT_EQ(r.level, 4);
	ASSERT_STREQ(r.text, "plain line");
	ASSERT(nth_rec(log, 2, &r));
	ASSERT_EQ(r.level, 3);
	ASSERT_STREQ(r.text, "two");
	ASSERT(nth_rec(log, 3, &r));
	ASSERT_EQ(r.level, 3);
	ASSERT_STREQ(r.text, "lines");
	/* A new level ends the unfinished line: it is a record of its own. */
	ASSERT(nth_rec(log, 4, &r));
	ASSERT_EQ(r.level, 7);
	ASSERT_STREQ(r.text, "unfinished");
	ASSERT(nth_rec(log, 5, &r));
	ASSERT_EQ(r.seq, start + 5);
	ASSERT_STREQ(r.text, "next");
	free(log);
	/* since: only what came after. */
	log = ldm_dmesg(start + 5, NULL);
	ASSERT_EQ(count_lines(log), 1);
	free(log);
	log = ldm_dmesg(next, NULL);
	ASSERT_STREQ(log, "");
	free(log);
}

DEFINE_TEST(
	test_printk_full_buffer_drops_the_oldest,
	.description =
		"300,000 lines through a 128 KiB log: the newest are kept in order, the oldest dropped, sequence numbers contiguous")
{
	unsigned long long start, next, seq;
	char *log, line[200];
	unsigned int i, n;
	struct rec r;

	free(ldm_dmesg(0, &start));
	memset(line, 'x', sizeof(line));
	for (i = 0; i < 300000; i++) {
		/* Lengths vary so that records end at every alignment. */
		unsigned int pad = i % 150;

		printk(KERN_DEBUG "line %u %.*s\n", i, (int)pad, line);
	}
	log = ldm_dmesg(0, &next);
	ASSERT(log);
	ASSERT_EQ(next, start + 300000);
	n = count_lines(log);
	ASSERT(n > 500);   /* 128 KiB holds hundreds of such lines */
	ASSERT(n < 10000); /* and not all of them */
	ASSERT(strlen(log) < 2 * 128 * 1024);
	for (i = 0; i < n; i++) {
		ASSERT(nth_rec(log, i, &r));
		seq = next - n + i;
		if (r.seq != seq)
			FAIL("record %u has seq %llu, expected %llu", i, r.seq, seq);
		snprintf(line, sizeof(line), "line %llu ", seq - start);
		ASSERT(!strncmp(r.text, line, strlen(line)));
		ASSERT_EQ(strlen(r.text), strlen(line) + (seq - start) % 150);
	}
	free(log);
}

DEFINE_TEST(
	test_printk_cuts_a_line_longer_than_1024,
	.description =
		"a line longer than the log's line limit is stored cut at 1024 bytes, and the next line is intact")
{
	unsigned long long start;
	char big[3000];
	struct rec r;
	char *log;

	memset(big, 'y', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	free(ldm_dmesg(0, &start));
	printk(KERN_DEBUG "%s", big);
	printk("%s\n", big);
	printk(KERN_DEBUG "after\n");
	log = ldm_dmesg(start, NULL);
	ASSERT_EQ(count_lines(log), 2);
	ASSERT(nth_rec(log, 0, &r));
	ASSERT_EQ(strlen(r.text), 1024);
	ASSERT(nth_rec(log, 1, &r));
	ASSERT_STREQ(r.text, "after");
	free(log);
}

DEFINE_TEST(
	test_printk_long_line_keeps_its_newline,
	.description =
		"a message longer than 1023 bytes that ends its line is stored cut, at once, not held open for the next message to flush (and so shown with it); the same through ldm_kmsg")
{
	unsigned long long start, next;
	char big[3000];
	struct rec r;
	char *log;

	memset(big, 'z', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	free(ldm_dmesg(0, &start));
	printk(KERN_INFO "%s\n", big);
	log = ldm_dmesg(start, &next);
	ASSERT_EQ(count_lines(log), 1);
	ASSERT(nth_rec(log, 0, &r));
	ASSERT_EQ(r.level, 6);
	ASSERT(strlen(r.text) > 1000);
	ASSERT_EQ(strspn(r.text, "z"), strlen(r.text));
	free(log);
	ldm_kmsg(5, "%s\n", big);
	log = ldm_dmesg(next, &next);
	ASSERT_EQ(count_lines(log), 1);
	free(log);
	/* A continuation ("no newline yet") still continues. */
	printk(KERN_INFO "start ");
	printk("%s", big);
	log = ldm_dmesg(next, NULL);
	ASSERT_EQ(count_lines(log), 0);
	free(log);
	printk("\n");
	log = ldm_dmesg(next, NULL);
	ASSERT_EQ(count_lines(log), 1);
	ASSERT(nth_rec(log, 0, &r));
	ASSERT(!strncmp(r.text, "start zzz", 9));
	free(log);
}

struct seen {
	char lines[8][64];
	int levels[8];
	unsigned long long usec[8];
	unsigned int n;
};

static void record_console(int level, unsigned long long usec, const char *text, void *data)
{
	struct seen *seen = data;

	if (seen->n < 8) {
		snprintf(seen->lines[seen->n], sizeof(seen->lines[0]), "%s", text);
		seen->levels[seen->n] = level;
		seen->usec[seen->n] = usec;
	}
	seen->n++;
}

DEFINE_TEST(
	test_printk_console_function_gets_lines_below_the_level,
	.description =
		"ldm_console_set: lines below the console level (default 5) reach the function in order, without prefix; debug lines only the log")
{
	struct seen seen = { .n = 0 };

	ldm_console_set(record_console, &seen);
	printk(KERN_ERR "an error\n");
	printk(KERN_DEBUG "not on the console\n");
	printk(KERN_WARNING "a warning, ");
	printk("continued\n");
	ldm_console_set(NULL, NULL);
	printk(KERN_ERR "back on stderr\n");
	ASSERT_EQ(seen.n, 2);
	ASSERT_STREQ(seen.lines[0], "an error");
	ASSERT_EQ(seen.levels[0], 3);
	ASSERT_STREQ(seen.lines[1], "a warning, continued");
	ASSERT_EQ(seen.levels[1], 4);
	ASSERT(seen.usec[1] >= seen.usec[0]);
}

#define PRINTERS    4
#define PER_PRINTER 3000

static void *printer(void *arg)
{
	unsigned int i, id = (unsigned int)(uintptr_t)arg;

	for (i = 0; i < PER_PRINTER; i++)
		printk(KERN_DEBUG "printer %u line %u\n", id, i);
	return NULL;
}

DEFINE_TEST(
	test_printk_from_many_threads_keeps_records_whole,
	.description =
		"four threads printing at once: every kept record is one whole line, and each thread's lines stay in its order")
{
	pthread_t threads[PRINTERS];
	unsigned int i, id, line, last[PRINTERS];
	unsigned long long start;
	struct rec r;
	char *log;

	free(ldm_dmesg(0, &start));
	for (i = 0; i < PRINTERS; i++)
		ASSERT_OK(pthread_create(&threads[i], NULL, printer, (void *)(uintptr_t)i));
	for (i = 0; i < PRINTERS; i++)
		pthread_join(threads[i], NULL);
	log = ldm_dmesg(start, NULL);
	ASSERT(log);
	memset(last, 0xff, sizeof(last));
	for (i = 0; nth_rec(log, i, &r); i++) {
		if (sscanf(r.text, "printer %u line %u", &id, &line) != 2 || id >= PRINTERS)
			FAIL("record %u is not one line: '%s'", i, r.text);
		if (last[id] != 0xffffffffu && line <= last[id])
			FAIL("printer %u: line %u after %u", id, line, last[id]);
		last[id] = line;
	}
	ASSERT(i > 100);
	free(log);
}
