// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench-audit.c - ldm audit against depmod, side by side in one run
 * (docs/bench.md): on Debian 12's 6.1 tree as shipped (.ko), recompressed
 * as .ko.zst and as .ko.xz (scripts/fetch-corpus makes all three in its
 * cache), the wall time and peak RSS of `depmod -a -b` and of `ldm audit`
 * (summary), each a fresh process on a warm page cache, the median of
 * ROUNDS runs taken in turn; then `users` and `what-if` against `summary`,
 * in turn, the median of 15 runs each.
 * Printed, never asserted. Usage: bench-audit [ROUNDS] (default 3).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "goal.h"

#define MAX_ROUNDS 21

struct run {
	double wall; /* seconds */
	long rss;    /* peak, KiB */
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Run @argv with stdout and stderr to /dev/null; its wall time and peak RSS. */
static struct run measure(char *const argv[])
{
	struct rusage ru;
	struct run r = { 0, 0 };
	double start = now();
	int status, devnull;
	pid_t pid = fork();

	if (pid < 0) {
		perror("bench-audit: fork");
		exit(1);
	}
	if (!pid) {
		devnull = open("/dev/null", O_WRONLY);
		dup2(devnull, STDOUT_FILENO);
		dup2(devnull, STDERR_FILENO);
		execvp(argv[0], argv);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("bench-audit: wait4");
		exit(1);
	}
	r.wall = now() - start;
	r.rss = ru.ru_maxrss;
	/* ldm audit exits 1 when it reports violations; depmod 0. */
	if (!WIFEXITED(status) || WEXITSTATUS(status) > 1) {
		fprintf(stderr, "bench-audit: %s failed (status %#x)\n", argv[0], status);
		exit(1);
	}
	return r;
}

static int by_wall(const void *a, const void *b)
{
	double x = ((const struct run *)a)->wall, y = ((const struct run *)b)->wall;

	return x < y ? -1 : x > y;
}

static int by_rss(const void *a, const void *b)
{
	long x = ((const struct run *)a)->rss, y = ((const struct run *)b)->rss;

	return x < y ? -1 : x > y;
}

/* The median wall time and the median peak RSS of @n runs. */
static struct run median(struct run *r, int n)
{
	struct run m;

	qsort(r, (size_t)n, sizeof(*r), by_wall);
	m.wall = r[n / 2].wall;
	qsort(r, (size_t)n, sizeof(*r), by_rss);
	m.rss = r[n / 2].rss;
	return m;
}

/* fetch-corpus's KEY=VALUE output, read once. */
static char corpus_env[8192];

static const char *corpus(const char *key)
{
	static char value[1024];
	char want[64];
	const char *p;
	size_t len;

	snprintf(want, sizeof(want), "\n%s=", key);
	p = strstr(corpus_env, want);
	if (!p) {
		fprintf(stderr, "bench-audit: fetch-corpus printed no %s\n", key);
		exit(1);
	}
	p += strlen(want);
	len = strcspn(p, "\n");
	snprintf(value, sizeof(value), "%.*s", (int)len, p);
	return value;
}

static void fetch_corpus(void)
{
	FILE *p = popen(LDM_SOURCE_DIR "/scripts/fetch-corpus -q", "r");
	size_t n;
	int status;

	if (!p) {
		perror("bench-audit: fetch-corpus");
		exit(1);
	}
	corpus_env[0] = '\n';
	n = fread(corpus_env + 1, 1, sizeof(corpus_env) - 2, p);
	corpus_env[n + 1] = '\0';
	status = pclose(p);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 3) {
		printf("bench-audit: the Debian corpus cannot be fetched here (see above); "
		       "nothing measured\n");
		exit(0);
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "bench-audit: scripts/fetch-corpus failed\n");
		exit(1);
	}
}

/* A depmod -b root of links to @tree: depmod writes there, never in the cache. */
static void depmod_root(const char *base, const char *tree, const char *kver)
{
	static const char *const files[] = { "kernel", "modules.order", "modules.builtin",
					     "modules.builtin.modinfo" };
	char dir[1024], from[2048], to[2048];
	size_t i;

	snprintf(dir, sizeof(dir), "%s/lib/modules/%s", base, kver);
	snprintf(from, sizeof(from), "mkdir -p '%s'", dir);
	if (system(from)) {
		fprintf(stderr, "bench-audit: cannot make %s\n", dir);
		exit(1);
	}
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(from, sizeof(from), "%s/%s", tree, files[i]);
		snprintf(to, sizeof(to), "%s/%s", dir, files[i]);
		if (symlink(from, to) && errno != EEXIST) {
			perror("bench-audit: symlink");
			exit(1);
		}
	}
}

static void remove_root(const char *base)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", base);
	if (system(cmd))
		fprintf(stderr, "bench-audit: could not remove %s\n", base);
}

struct pair {
	struct run depmod, audit;
};

/* depmod and ldm audit on one tree, in turn, @rounds times each after a warm-up. */
static struct pair side_by_side(const char *tree, const char *kver, int rounds)
{
	char base[128], depmod[] = "depmod";
	char *dargv[] = { depmod, (char *)"-a", (char *)"-b", base, (char *)kver, NULL };
	char *aargv[] = { (char *)LDM_PATH, (char *)"audit", (char *)"--tree", (char *)tree, NULL };
	struct run d[MAX_ROUNDS], a[MAX_ROUNDS];
	struct pair p;
	int i;

	snprintf(base, sizeof(base), "/tmp/bench-audit-%d", (int)getpid());
	depmod_root(base, tree, kver);
	measure(dargv); /* the page cache warmed by both */
	measure(aargv);
	for (i = 0; i < rounds; i++) {
		d[i] = measure(dargv);
		a[i] = measure(aargv);
	}
	p.depmod = median(d, rounds);
	p.audit = median(a, rounds);
	remove_root(base);
	return p;
}

/*
 * A question takes a tenth of a second, where the machine's noise is a few
 * hundredths: the questions run in turn (so that drift falls on each
 * alike), QUESTION_ROUNDS times after a warm-up of each; their medians.
 */
#define QUESTIONS	3
#define QUESTION_ROUNDS 15

static void questions(char *const *const argvs[QUESTIONS], struct run out[QUESTIONS])
{
	struct run r[QUESTIONS][QUESTION_ROUNDS];
	int i, q;

	for (q = 0; q < QUESTIONS; q++)
		measure(argvs[q]);
	for (i = 0; i < QUESTION_ROUNDS; i++)
		for (q = 0; q < QUESTIONS; q++)
			r[q][i] = measure(argvs[q]);
	for (q = 0; q < QUESTIONS; q++)
		out[q] = median(r[q], QUESTION_ROUNDS);
}

int main(int argc, char *argv[])
{
	static const char *const kinds[] = { ".ko", ".ko.zst", ".ko.xz" };
	static const char *const keys[] = { "MODULES", "MODULES_ZST", "MODULES_XZ" };
	char tree[1024], kver[64];
	double walls[3], rsss[3];
	struct run s, u, w;
	int rounds = argc > 1 ? atoi(argv[1]) : 3;
	size_t i;

	if (rounds < 1 || rounds > MAX_ROUNDS) {
		fprintf(stderr, "usage: bench-audit [ROUNDS] (1 to %d)\n", MAX_ROUNDS);
		return 2;
	}
	fetch_corpus();
	snprintf(kver, sizeof(kver), "%s", corpus("KVER"));
	printf("bench-audit: Debian's %s tree, depmod -a -b and ldm audit (summary) in turn,\n"
	       "fresh processes, warm page cache, median of %d runs each\n\n",
	       kver, rounds);
	printf("%-8s %10s %10s %10s %10s %8s %8s\n", "tree", "depmod s", "depmod MiB", "audit s",
	       "audit MiB", "wall", "RSS");
	for (i = 0; i < 3; i++) {
		struct pair p;

		snprintf(tree, sizeof(tree), "%s", corpus(keys[i]));
		p = side_by_side(tree, kver, rounds);
		printf("%-8s %10.3f %10.1f %10.3f %10.1f %8.2f %8.2f\n", kinds[i], p.depmod.wall,
		       (double)p.depmod.rss / 1024, p.audit.wall, (double)p.audit.rss / 1024,
		       p.audit.wall / p.depmod.wall, (double)p.audit.rss / (double)p.depmod.rss);
		walls[i] = p.audit.wall / p.depmod.wall;
		rsss[i] = (double)p.audit.rss / (double)p.depmod.rss;
	}
	printf("(ratios: ldm audit / depmod)\n");
	for (i = 0; i < 3; i++) {
		char what[64];

		snprintf(what, sizeof(what), "ldm audit / depmod, wall, %s", kinds[i]);
		bench_goal_max(what, walls[i], "", 0.5);
		snprintf(what, sizeof(what), "ldm audit / depmod, RSS, %s", kinds[i]);
		bench_goal_max(what, rsss[i], "", 1);
	}
	printf("\n");

	snprintf(tree, sizeof(tree), "%s", corpus("MODULES"));
	{
		char *sargv[] = { (char *)LDM_PATH, (char *)"audit", (char *)"--tree", tree, NULL };
		char *uargv[] = { (char *)LDM_PATH,
				  (char *)"audit",
				  (char *)"--tree",
				  tree,
				  (char *)"users",
				  (char *)"device_add",
				  NULL };
		char *wargv[] = { (char *)LDM_PATH,  (char *)"audit",	   (char *)"--tree",  tree,
				  (char *)"what-if", (char *)"--gpl-only", (char *)"_printk", NULL };

		char *const *const argvs[QUESTIONS] = { sargv, uargv, wargv };
		struct run q[QUESTIONS];

		questions(argvs, q);
		s = q[0];
		u = q[1];
		w = q[2];
	}
	printf("questions on .ko: summary %.3f s, users %.3f s, what-if %.3f s\n", s.wall, u.wall,
	       w.wall);
	bench_goal_max("ldm audit users / summary", u.wall / s.wall, "", 1);
	bench_goal_max("ldm audit what-if / summary", w.wall / s.wall, "", 1);
	return bench_goals_status();
}
