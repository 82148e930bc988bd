// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * harness.c - the test runner (see harness.h).
 *
 *   ldm-test [--list] [--concurrency] [NAME...]
 *
 * With names, only those tests run; --concurrency runs only the tests marked
 * as concurrency tests (the ThreadSanitizer suite).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <regex.h>
#include <signal.h>
#include <stdarg.h>
#include <sys/wait.h>
#include <unistd.h>
#include <libldm/libldm.h>

#include "harness.h"

#define DEFAULT_TIMEOUT 120
#define EXIT_SKIP	77

extern const struct ldm_test *const __start_ldm_tests[] __attribute__((weak));
extern const struct ldm_test *const __stop_ldm_tests[] __attribute__((weak));

void __ldm_test_fail(const char *file, int line, const char *fmt, ...)
{
	va_list args;

	fflush(stdout);
	fprintf(stderr, "# %s:%d: ", file, line);
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fprintf(stderr, "\n");
	/* _exit: what the test left allocated is not a leak to report. */
	_exit(1);
}

void ldm_test_skip(const char *fmt, ...)
{
	va_list args;

	fflush(stdout);
	printf("# skipped: ");
	va_start(args, fmt);
	vprintf(fmt, args);
	va_end(args);
	printf("\n");
	fflush(stdout);
	_exit(EXIT_SKIP);
}

void ldm_test_log(const char *fmt, ...)
{
	va_list args;

	fflush(stdout);
	printf("# ");
	va_start(args, fmt);
	vprintf(fmt, args);
	va_end(args);
	printf("\n");
	fflush(stdout);
}

const char *ldm_test_srcdir(void)
{
	return LDM_SOURCE_DIR;
}

const char *ldm_test_seeds_dir(void)
{
	const char *env = getenv("LDM_SEEDS_DIR");

	return env ? env : LDM_SOURCE_DIR "/../shared/seeds";
}

bool tree_exists(const char *path)
{
	struct ldm_sysfs_node *sd;

	if (ldm_sysfs_lookup(path, 0, &sd))
		return false;
	ldm_sysfs_put(sd);
	return true;
}

int tree_type(const char *path)
{
	struct ldm_sysfs_stat st;
	struct ldm_sysfs_node *sd;
	int error;

	error = ldm_sysfs_lookup(path, 0, &sd);
	if (error)
		return error;
	error = ldm_sysfs_stat(sd, &st);
	ldm_sysfs_put(sd);
	return error ? error : (int)st.type;
}

const char *tree_link(const char *path)
{
	static char buf[512];
	struct ldm_sysfs_node *sd;
	int n;

	n = ldm_sysfs_lookup(path, 0, &sd);
	if (!n) {
		n = ldm_sysfs_readlink(sd, buf, sizeof(buf));
		ldm_sysfs_put(sd);
	}
	if (n < 0)
		snprintf(buf, sizeof(buf), "(error %d)", n);
	return buf;
}

const char *tree_attr(const char *path)
{
	static char buf[4096 + 1];
	ssize_t n = ldm_sysfs_read_path(path, buf, sizeof(buf));

	if (n < 0)
		snprintf(buf, sizeof(buf), "(error %zd)", n);
	return buf;
}

static char *slurp(int fd);

/* @buf made @size bytes long (*@cap), or the test fails. */
static char *grow(char *buf, size_t *cap, size_t size)
{
	char *grown = realloc(buf, size);

	ASSERT(grown);
	*cap = size;
	return grown;
}

/* Replace every match of @re in *@s by @with (a new string; the old freed). */
static void replace_all(char **s, const char *re, const char *with)
{
	size_t len = 0, cap = strlen(*s) * 2 + 64, wlen = strlen(with);
	char *out = malloc(cap), *p = *s;
	regmatch_t m;
	regex_t rx;

	ASSERT(out);
	if (regcomp(&rx, re, REG_EXTENDED))
		FAIL("bad pattern %s", re);
	while (!regexec(&rx, p, 1, &m, p == *s ? 0 : REG_NOTBOL) && m.rm_eo > 0) {
		if (len + (size_t)m.rm_so + wlen + 1 > cap)
			out = grow(out, &cap, (len + (size_t)m.rm_so + wlen + 1) * 2);
		memcpy(out + len, p, (size_t)m.rm_so);
		len += (size_t)m.rm_so;
		memcpy(out + len, with, wlen);
		len += wlen;
		p += m.rm_eo;
	}
	if (len + strlen(p) + 1 > cap)
		out = grow(out, &cap, len + strlen(p) + 1);
	strcpy(out + len, p);
	regfree(&rx);
	free(*s);
	*s = out;
}

/* @path as a pattern that matches it literally. */
static void literal(const char *path, char *buf, size_t size)
{
	size_t n = 0;

	for (; *path && n + 3 < size; path++) {
		if (strchr(".[]()*+?{}|^$\\", *path))
			buf[n++] = '\\';
		buf[n++] = *path;
	}
	buf[n] = '\0';
}

static char *normalize(const char *text, const char *root)
{
	char *s = strdup(text), re[1024];

	ASSERT(s);
	if (root && *root) {
		literal(root, re, sizeof(re));
		replace_all(&s, re, "$ROOT");
	}
	literal(LDM_BUILD_DIR, re, sizeof(re));
	replace_all(&s, re, "$BUILD");
	literal(LDM_SOURCE_DIR, re, sizeof(re));
	replace_all(&s, re, "$SRC");
	replace_all(&s, "\\[ *[0-9]+\\.[0-9]{6}\\]", "[TIME]");
	replace_all(&s, "KERNEL\\[[0-9]+\\.[0-9]+\\]", "KERNEL[TIME]");
	replace_all(&s, "\"usec\":[0-9]+", "\"usec\":0");
	return s;
}

void ldm_test_golden(const char *name, const char *text, const char *root)
{
	char path[1024], *got = normalize(text, root), *want;
	const char *update = getenv("LDM_GOLDEN_UPDATE");
	FILE *f;

	snprintf(path, sizeof(path), "%s/tests/golden/%s", LDM_SOURCE_DIR, name);
	if (update && !strcmp(update, "1")) {
		f = fopen(path, "w");
		if (!f || fputs(got, f) < 0 || fclose(f))
			FAIL("cannot write %s", path);
		ldm_test_log("wrote tests/golden/%s", name);
		free(got);
		return;
	}
	f = fopen(path, "r");
	if (!f)
		FAIL("tests/golden/%s is missing (make update-golden writes it); the output was:\n%s",
		     name, got);
	want = slurp(fileno(f));
	fclose(f);
	if (!want || strcmp(got, want))
		FAIL("the output differs from tests/golden/%s (make update-golden takes it, if "
		     "the change is meant):\n%s",
		     name, got);
	free(want);
	free(got);
}

int ldm_test_run(const char *cmd, char **out)
{
	size_t len = 0, cap = 1 << 16, n;
	char *buf = malloc(cap);
	FILE *p;
	int status;

	ASSERT(buf);
	p = popen(cmd, "r");
	ASSERT(p);
	while ((n = fread(buf + len, 1, cap - len - 1, p)) > 0) {
		len += n;
		if (len + 1 == cap) {
			char *grown = realloc(buf, cap *= 2);

			ASSERT(grown);
			buf = grown;
		}
	}
	buf[len] = '\0';
	status = pclose(p);
	if (out)
		*out = buf;
	else
		free(buf);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Read all of @fd into a new string. */
static char *slurp(int fd)
{
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap);
	ssize_t n;

	if (!buf)
		return NULL;
	lseek(fd, 0, SEEK_SET);
	while ((n = read(fd, buf + len, cap - len - 1)) > 0) {
		len += (size_t)n;
		if (len + 1 == cap) {
			char *nb = realloc(buf, cap *= 2);

			if (!nb)
				break;
			buf = nb;
		}
	}
	buf[len] = '\0';
	return buf;
}

int ldm_test_capture(void (*fn)(void *arg), void *arg, char **err_out)
{
	char tmpl[] = "/tmp/ldm-test-XXXXXX";
	int fd = mkstemp(tmpl), status = -1;
	pid_t pid;

	if (fd < 0)
		return -1;
	unlink(tmpl);
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		dup2(fd, STDERR_FILENO);
		fn(arg);
		_exit(0);
	}
	if (pid > 0)
		waitpid(pid, &status, 0);
	if (err_out)
		*err_out = slurp(fd);
	close(fd);
	return status;
}

/* ldm_exit() with stderr going to a file; fail if it printed anything. */
static void exit_runtime_checked(void)
{
	char tmpl[] = "/tmp/ldm-exit-XXXXXX";
	int fd = mkstemp(tmpl), saved = dup(STDERR_FILENO);
	char *out;

	if (fd < 0 || saved < 0)
		FAIL("cannot capture stderr: %s", strerror(errno));
	unlink(tmpl);
	dup2(fd, STDERR_FILENO);
	ldm_exit();
	dup2(saved, STDERR_FILENO);
	close(saved);
	out = slurp(fd);
	close(fd);
	if (out && *out) {
		fprintf(stderr, "%s", out);
		free(out);
		FAIL("ldm_exit() reported kobjects still alive");
	}
	free(out);
}

static void run_child(const struct ldm_test *t)
{
	int error;

	/* A group of its own: what it forked can be found if it fails. */
	setpgid(0, 0);
	alarm(t->timeout ? t->timeout : DEFAULT_TIMEOUT);
	if (!t->no_runtime) {
		error = ldm_init();
		if (error)
			FAIL("ldm_init() returned %d (%s)", error, strerror(-error));
	}
	t->fn();
	if (!t->no_runtime)
		exit_runtime_checked();
	fflush(NULL);
	exit(0); /* LeakSanitizer checks at exit */
}

enum outcome { PASS, FAILED, SKIPPED };

static enum outcome run_one(const struct ldm_test *t, unsigned int n)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		printf("not ok %u - %s # fork: %s\n", n, t->name, strerror(errno));
		return FAILED;
	}
	if (pid == 0)
		run_child(t);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		printf("ok %u - %s\n", n, t->name);
		return PASS;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == EXIT_SKIP) {
		printf("ok %u - %s # SKIP\n", n, t->name);
		return SKIPPED;
	}
	/*
	 * A test that died may leave children behind, hung or holding our
	 * stdout open (and a pipe on it never closing): kill what it forked.
	 */
	kill(-pid, SIGKILL);
	if (WIFSIGNALED(status))
		printf("not ok %u - %s # killed by signal %d%s\n", n, t->name, WTERMSIG(status),
		       WTERMSIG(status) == SIGALRM ? " (timeout)" : "");
	else
		printf("not ok %u - %s # exit status %d\n", n, t->name, WEXITSTATUS(status));
	return FAILED;
}

static bool selected(const struct ldm_test *t, int argc, char *argv[], bool concurrency)
{
	int i;

	if (concurrency && !t->concurrency)
		return false;
	if (argc == 0)
		return true;
	for (i = 0; i < argc; i++)
		if (!strcmp(argv[i], t->name))
			return true;
	return false;
}

static int by_place(const void *a, const void *b)
{
	const struct ldm_test *x = *(const struct ldm_test *const *)a;
	const struct ldm_test *y = *(const struct ldm_test *const *)b;
	int c = strcmp(x->file, y->file);

	return c ? c : x->line - y->line;
}

int main(int argc, char *argv[])
{
	const struct ldm_test **tests, *const *t;
	/* The linker places the section's start and end around one array. */
	// cppcheck-suppress comparePointers
	size_t ntests = (size_t)(__stop_ldm_tests - __start_ldm_tests), i;
	unsigned int n = 0, counts[3] = { 0 };
	bool list = false, concurrency = false;

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (argc--, argv++; argc && argv[0][0] == '-'; argc--, argv++) {
		if (!strcmp(argv[0], "--list")) {
			list = true;
		} else if (!strcmp(argv[0], "--concurrency")) {
			concurrency = true;
		} else {
			fprintf(stderr, "usage: ldm-test [--list] [--concurrency] [NAME...]\n");
			return 2;
		}
	}
	/* The linker keeps no order worth showing: sort by file and line. */
	tests = calloc(ntests + 1, sizeof(*tests));
	if (!tests)
		return 2;
	for (i = 0; i < ntests; i++)
		tests[i] = __start_ldm_tests[i];
	qsort(tests, ntests, sizeof(*tests), by_place);
	for (t = tests; t < tests + ntests; t++) {
		if (!selected(*t, argc, argv, concurrency))
			continue;
		if (list) {
			printf("%-44s %s\n", (*t)->name,
			       (*t)->description ? (*t)->description : "");
			continue;
		}
		n++;
		if ((*t)->description)
			printf("# %s: %s\n", (*t)->name, (*t)->description);
		counts[run_one(*t, n)]++;
	}
	free(tests);
	if (list)
		return 0;
	printf("1..%u\n", n);
	printf("%u passed, %u failed", counts[PASS], counts[FAILED]);
	if (counts[SKIPPED])
		printf(", %u skipped", counts[SKIPPED]);
	printf("\n");
	return counts[FAILED] || n == 0 ? 1 : 0;
}

/* ---- a JSON checker, for the --json outputs ---- */

static const char *json_value(const char *s, int depth);

static const char *json_ws(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return s;
}

static const char *json_string(const char *s)
{
	if (*s++ != '"')
		return NULL;
	while (*s != '"') {
		if ((unsigned char)*s < 0x20)
			return NULL; /* also the end of the text */
		if (*s++ != '\\')
			continue;
		if (*s == 'u') {
			for (int i = 1; i <= 4; i++)
				if (!isxdigit((unsigned char)s[i]))
					return NULL;
			s += 5;
		} else if (strchr("\"\\/bfnrt", *s) && *s) {
			s++;
		} else {
			return NULL;
		}
	}
	return s + 1;
}

static const char *json_number(const char *s)
{
	if (*s == '-')
		s++;
	if (!isdigit((unsigned char)*s))
		return NULL;
	if (*s == '0')
		s++;
	else
		while (isdigit((unsigned char)*s))
			s++;
	if (*s == '.') {
		if (!isdigit((unsigned char)*++s))
			return NULL;
		while (isdigit((unsigned char)*s))
			s++;
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!isdigit((unsigned char)*s))
			return NULL;
		while (isdigit((unsigned char)*s))
			s++;
	}
	return s;
}

/* An array or object: members until @close. */
static const char *json_members(const char *s, char close, int depth)
{
	s = json_ws(s);
	if (*s == close)
		return s + 1;
	for (;;) {
		if (close == '}') {
			s = json_string(json_ws(s));
			if (!s)
				return NULL;
			s = json_ws(s);
			if (*s++ != ':')
				return NULL;
		}
		s = json_value(s, depth + 1);
		if (!s)
			return NULL;
		s = json_ws(s);
		if (*s == close)
			return s + 1;
		if (*s++ != ',')
			return NULL;
	}
}

static const char *json_value(const char *s, int depth)
{
	if (depth > 256)
		return NULL;
	s = json_ws(s);
	switch (*s) {
	case '{':
		return json_members(s + 1, '}', depth);
	case '[':
		return json_members(s + 1, ']', depth);
	case '"':
		return json_string(s);
	case 't':
		return strncmp(s, "true", 4) ? NULL : s + 4;
	case 'f':
		return strncmp(s, "false", 5) ? NULL : s + 5;
	case 'n':
		return strncmp(s, "null", 4) ? NULL : s + 4;
	default:
		return json_number(s);
	}
}

bool ldm_test_json_valid(const char *s)
{
	s = json_value(s, 0);
	return s && !*json_ws(s);
}

/**
 * ldm_test_log_has - whether the runtime's log (ldm_dmesg) holds @needle
 * @needle: the text looked for
 */
bool ldm_test_log_has(const char *needle)
{
	char *log = ldm_dmesg(0, NULL);
	bool has = log && strstr(log, needle);

	free(log);
	return has;
}

/**
 * ldm_test_log_count - how many times the runtime's log holds @needle
 * @needle: the text looked for (not empty)
 */
int ldm_test_log_count(const char *needle)
{
	char *log = ldm_dmesg(0, NULL), *p;
	int n = 0;

	for (p = log; p && (p = strstr(p, needle)); p += strlen(needle))
		n++;
	free(log);
	return n;
}
