// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-soak.c - ldmd under load for a while: readers walk the mount (list,
 * stat, read every attribute) while devices are hot-added and removed and
 * modules loaded and unloaded in a loop through the control socket.
 * Afterwards: no error but the ENOENT and ENODEV of things that went away
 * under a reader, every request answered with success, ldmd's RSS back
 * near where it was after a warm-up, and a clean stop (ldmd built with
 * LeakSanitizer fails its exit status on a leak).
 *
 * It runs SOAK_SECONDS (LDM_SOAK_SECONDS to change it), well within the
 * 2 minutes CI allows it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "ldmd-util.h"

#define SOAK_SECONDS   30
#define WARMUP_SECONDS 3
#define MODULES	       LDM_BUILD_DIR "/modules"

#if defined(__SANITIZE_ADDRESS__)
/*
 * ASan's quarantine holds freed memory, 256 MiB of it by default: ldmd gets
 * a small one, full by the end of the warm-up, so that RSS measures the rest.
 */
#define ASAN_QUARANTINE ":quarantine_size_mb=16"
#define RSS_SLACK_KB	(64 * 1024)
#elif defined(__SANITIZE_THREAD__)
#define RSS_SLACK_KB (128 * 1024) /* TSan's shadow and history grow with use */
#else
#define RSS_SLACK_KB (8 * 1024)
#endif

struct soak {
	const struct ldmd *d;
	bool stop; /* atomic: set once by the test */
	pthread_mutex_t lock;
	unsigned long reads, walks, adds, loads;
	unsigned long expected_errors; /* ENOENT, ENODEV */
	unsigned long bad;	       /* anything else */
	char first_bad[512];
};

static bool stopped(const struct soak *s)
{
	return __atomic_load_n(&s->stop, __ATOMIC_RELAXED);
}

static void note_error(struct soak *s, const char *what, const char *path, int err)
{
	pthread_mutex_lock(&s->lock);
	if (err == ENOENT || err == ENODEV) {
		s->expected_errors++;
	} else if (!s->bad++) {
		snprintf(s->first_bad, sizeof(s->first_bad), "%s %s: %s", what, path,
			 strerror(err));
	}
	pthread_mutex_unlock(&s->lock);
}

static void read_attr(struct soak *s, const char *path)
{
	char buf[4096];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		if (errno != EACCES) /* write-only attributes */
			note_error(s, "open", path, errno);
		return;
	}
	n = read(fd, buf, sizeof(buf));
	if (n < 0 && errno != EIO && errno != EINVAL) /* a show() may refuse */
		note_error(s, "read", path, errno);
	close(fd);
	__atomic_add_fetch(&s->reads, 1, __ATOMIC_RELAXED);
}

static void walk(struct soak *s, const char *dir, int depth)
{
	char path[1024];
	struct dirent *de;
	struct stat st;
	DIR *d;

	if (stopped(s) || depth > 12)
		return;
	d = opendir(dir);
	if (!d) {
		note_error(s, "opendir", dir, errno);
		return;
	}
	while (!stopped(s) && (de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (lstat(path, &st)) {
			note_error(s, "lstat", path, errno);
			continue;
		}
		if (S_ISDIR(st.st_mode))
			walk(s, path, depth + 1);
		else if (S_ISREG(st.st_mode))
			read_attr(s, path);
	}
	closedir(d);
}

static void *walker(void *arg)
{
	struct soak *s = arg;

	while (!stopped(s)) {
		walk(s, s->d->sys, 0);
		__atomic_add_fetch(&s->walks, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

/* One request of @len bytes (with @pass_fd unless -1); the errno of its reply. */
static int request(int fd, const char *req, size_t len, int pass_fd)
{
	return ldmd_control_request(fd, req, len, &pass_fd, pass_fd >= 0 ? 1 : 0, NULL, 0);
}

static void check_reply(struct soak *s, const char *what, int err)
{
	if (err)
		note_error(s, "request", what, err == ENOENT || err == ENODEV ? EPROTO : err);
}

static void *hotplugger(void *arg)
{
	struct soak *s = arg;
	char req[256], name[64];
	int fd = ldmd_control_connect(s->d), len;
	unsigned int i;

	for (i = 0; !stopped(s); i++) {
		len = snprintf(req, sizeof(req), "device-add%csoak%c%u%cmem=0x%x+0x1000%cirq=%u%c",
			       0, 0, i % 4, 0, 0x40000000 + (i % 4) * 0x1000, 0, i % 32, 0);
		check_reply(s, "device-add", request(fd, req, (size_t)len, -1));
		snprintf(name, sizeof(name), "soak%u", i % 4);
		len = snprintf(req, sizeof(req), "device-remove%c%s%c", 0, name, 0);
		check_reply(s, "device-remove", request(fd, req, (size_t)len, -1));
		__atomic_add_fetch(&s->adds, 1, __ATOMIC_RELAXED);
	}
	close(fd);
	return NULL;
}

static void load_unload(struct soak *s, int fd, const char *file, const char *name)
{
	char req[128], path[512];
	int mod, len;

	snprintf(path, sizeof(path), MODULES "/%s", file);
	mod = open(path, O_RDONLY | O_CLOEXEC);
	if (mod < 0) {
		note_error(s, "open", path, errno);
		return;
	}
	check_reply(s, "insmod", request(fd, "insmod\0", 8, mod));
	close(mod);
	len = snprintf(req, sizeof(req), "rmmod%c%s%c", 0, name, 0);
	check_reply(s, "rmmod", request(fd, req, (size_t)len, -1));
}

static void *loader(void *arg)
{
	struct soak *s = arg;
	int fd = ldmd_control_connect(s->d);

	while (!stopped(s)) {
		load_unload(s, fd, "gpl_platform_drv.ko", "gpl_platform_drv");
		load_unload(s, fd, "prop_misc.ko", "prop_misc");
		load_unload(s, fd, "hello.ko", "hello");
		__atomic_add_fetch(&s->loads, 1, __ATOMIC_RELAXED);
	}
	close(fd);
	return NULL;
}

static long rss_kb(pid_t pid)
{
	char path[64], line[256];
	long kb = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	ASSERT(f);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmRSS: %ld kB", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

static unsigned int soak_seconds(void)
{
	const char *env = getenv("LDM_SOAK_SECONDS");
	int n = env ? atoi(env) : 0;

	return n > 0 ? (unsigned int)n : SOAK_SECONDS;
}

DEFINE_TEST(
	test_ldmd_soak_readers_hotplug_and_modules,
	.description =
		"readers walk the mount while devices are hot-added and removed and modules loaded and unloaded in a loop: only ENOENT/ENODEV, every request succeeds, RSS back near its warm-up level, clean stop without leaks",
	.no_runtime = true, .timeout = 150, .concurrency = true)
{
	pthread_t threads[4];
	struct soak s = { .lock = PTHREAD_MUTEX_INITIALIZER };
	unsigned int seconds = soak_seconds(), i;
	long rss_start, rss_end;
	struct ldmd d;

	need_fuse();
#ifdef ASAN_QUARANTINE
	{
		const char *opts = getenv("ASAN_OPTIONS");
		char *mine;

		ASSERT(asprintf(&mine, "%s" ASAN_QUARANTINE, opts ? opts : "") > 0);
		setenv("ASAN_OPTIONS", mine, 1);
		free(mine);
	}
#endif
	ldmd_up(&d, NULL);
	s.d = &d;
	ASSERT_OK(pthread_create(&threads[0], NULL, walker, &s));
	ASSERT_OK(pthread_create(&threads[1], NULL, walker, &s));
	ASSERT_OK(pthread_create(&threads[2], NULL, hotplugger, &s));
	ASSERT_OK(pthread_create(&threads[3], NULL, loader, &s));
	sleep(WARMUP_SECONDS);
	rss_start = rss_kb(d.pid);
	sleep(seconds);
	__atomic_store_n(&s.stop, true, __ATOMIC_RELAXED);
	for (i = 0; i < 4; i++)
		pthread_join(threads[i], NULL);
	rss_end = rss_kb(d.pid);
	ldm_test_log("%u s: %lu walks, %lu reads, %lu device add/remove, %lu module rounds, "
		     "%lu ENOENT/ENODEV; RSS %ld kB after warm-up, %ld kB at the end",
		     seconds, s.walks, s.reads, s.adds, s.loads, s.expected_errors, rss_start,
		     rss_end);
	if (s.bad)
		FAIL("%lu unexpected errors; the first: %s", s.bad, s.first_bad);
	ASSERT(s.walks > 0 && s.adds > 0 && s.loads > 0);
	if (rss_end > rss_start + rss_start / 5 + RSS_SLACK_KB)
		FAIL("ldmd's RSS grew from %ld kB to %ld kB", rss_start, rss_end);
	/* Nothing left: no device, no module. */
	ASSERT(access(SYS(&d, "devices/platform/soak0"), F_OK) && errno == ENOENT);
	ASSERT(access(SYS(&d, "module/hello"), F_OK) && errno == ENOENT);
	ldmd_down(&d);
}
