// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-modfile.c - module files read through <libldm/modfile.h>: the
 * export tables of each kernel generation (tests/modules/layouts/, built
 * with the assembler), namespaces and restricted exports, the flags table,
 * imports and .modinfo; the lazy open that `ldm audit` uses, against the
 * whole-file one; tables that cannot be read.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <libldm/modfile.h>
#include <libldm/module.h>

#include "harness.h"

#define LAYOUTS LDM_BUILD_DIR "/tests/modules/"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The exports of a file, "name license ns" a line, sorted. */
struct export_lines {
	char lines[16][128];
	size_t n;
};

static int collect_export(const struct ldm_modfile_export *exp, void *data)
{
	struct export_lines *l = data;

	ASSERT(l->n < 16);
	snprintf(l->lines[l->n++], sizeof(l->lines[0]), "%s %s %s", exp->name,
		 exp->license == LDM_EXPORT_GPL ? "GPL" : "all", *exp->ns ? exp->ns : "-");
	return 0;
}

static int by_line(const void *a, const void *b)
{
	return strcmp(a, b);
}

static char *exports_of(const char *path, unsigned int flags)
{
	static char out[1024];
	struct export_lines l = { .n = 0 };
	struct ldm_modfile *mf;
	size_t i;

	if (ldm_modfile_openat(AT_FDCWD, path, flags, &mf))
		FAIL("%s: %s", path, ldm_modfile_why());
	ASSERT_OK(ldm_modfile_for_each_export(mf, collect_export, &l));
	ldm_modfile_free(mf);
	qsort(l.lines, l.n, sizeof(l.lines[0]), by_line);
	out[0] = '\0';
	for (i = 0; i < l.n; i++) {
		strcat(out, l.lines[i]);
		strcat(out, "\n");
	}
	return out;
}

DEFINE_TEST(
	test_modfile_reads_every_export_table_layout,
	.description =
		"absolute { value, name } (2.6, ldm) and { value, name, namespace }, place-relative { value, name } (4.19) and { value, name, namespace } (5.4+), the __kflagstab layout, and a table split into sections of one name (clang's objects): each export with its license and namespace, whole or lazy",
	.no_runtime = true)
{
	static const struct {
		const char *file, *want;
	} cases[] = {
		{ "abs16.ko", "fx_gpl GPL -\nfx_plain all -\n" },
		{ "abs24.ko", "fx_gpl GPL -\nfx_ns all FXNS\nfx_plain all -\n" },
		{ "rel8.ko", "fx_gpl GPL -\nfx_ns all -\nfx_plain all -\n" },
		{ "rel12.ko",
		  "fx_gpl GPL module:fx_friend,fx-pal*\nfx_ns all FXNS\nfx_plain all -\n" },
		{ "flags.ko", "fx_gpl GPL -\nfx_ns all FXNS\nfx_plain all -\n" },
		{ "split.ko", "fx_gpl GPL -\nfx_ns all -\nfx_plain all -\n" },
	};
	char path[512];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		snprintf(path, sizeof(path), LAYOUTS "%s", cases[i].file);
		if (strcmp(exports_of(path, 0), cases[i].want))
			FAIL("%s, read whole:\n%sexpected:\n%s", cases[i].file, exports_of(path, 0),
			     cases[i].want);
		if (strcmp(exports_of(path, LDM_MODFILE_LAZY), cases[i].want))
			FAIL("%s, read lazily:\n%sexpected:\n%s", cases[i].file,
			     exports_of(path, LDM_MODFILE_LAZY), cases[i].want);
	}
}

struct import_seen {
	bool import, weak, other;
};

static int see_import(const struct ldm_modfile_symbol *sym, void *data)
{
	struct import_seen *s = data;

	if (!strcmp(sym->name, "fx_import") && sym->bind == 1 /* STB_GLOBAL */)
		s->import = true;
	else if (!strcmp(sym->name, "fx_weak") && sym->bind == 2 /* STB_WEAK */)
		s->weak = true;
	else
		s->other = true;
	return 0;
}

DEFINE_TEST(
	test_modfile_lazy_reads_imports_and_modinfo,
	.description =
		"a lazy open reads the imports (a weak one as weak) and every .modinfo entry as the whole-file open does, and leaves the sections it does not read without contents",
	.no_runtime = true)
{
	struct ldm_modfile *mf;
	struct ldm_modfile_section sec;
	struct import_seen seen = { 0 };
	const char *e;
	size_t pos = 0, n = 0;

	if (ldm_modfile_openat(AT_FDCWD, LAYOUTS "rel12.ko", LDM_MODFILE_LAZY, &mf))
		FAIL("%s", ldm_modfile_why());
	ASSERT_OK(ldm_modfile_for_each_import(mf, see_import, &seen));
	ASSERT(seen.import && seen.weak && !seen.other);
	ASSERT_STREQ(ldm_modfile_modinfo_get(mf, "license"), "GPL");
	ASSERT_STREQ(ldm_modfile_modinfo_get(mf, "import_ns"), "FXNS");
	while ((e = ldm_modfile_modinfo_next(mf, &pos)))
		n += !strncmp(e, "alias=", 6);
	ASSERT_EQ(n, 2);
	ASSERT_OK(ldm_modfile_section(mf, ldm_modfile_find_section(mf, ".text"), &sec));
	ASSERT_EQ(sec.type, 8 /* SHT_NOBITS */);
	ASSERT_EQ(ldm_modfile_compression(mf), LDM_MODFILE_PLAIN);
	ldm_modfile_free(mf);
}

DEFINE_TEST(
	test_modfile_names_export_tables_it_cannot_read,
	.description =
		"an export's name pointing into .text, a __kflagstab of the wrong size, 32-bit absolute references: the walk fails with -ENOEXEC and says why, whole or lazy",
	.no_runtime = true)
{
	static const struct {
		const char *file, *why;
	} cases[] = {
		{ "bad_name.ko", "__ksymtab: entries in no export table layout ldm reads" },
		{ "bad_flags.ko", "__kflagstab has 1 bytes for 2 exports" },
		{ "bad_type.ko", "__ksymtab: relocation type 10, not one of an export table" },
	};
	struct export_lines l = { .n = 0 };
	struct ldm_modfile *mf;
	char path[512];
	unsigned int flags;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		for (flags = 0; flags <= LDM_MODFILE_LAZY; flags += LDM_MODFILE_LAZY) {
			snprintf(path, sizeof(path), LAYOUTS "%s", cases[i].file);
			if (ldm_modfile_openat(AT_FDCWD, path, flags, &mf))
				FAIL("%s: %s", path, ldm_modfile_why());
			ASSERT_EQ(ldm_modfile_for_each_export(mf, collect_export, &l), -ENOEXEC);
			ASSERT_STREQ(ldm_modfile_why(), cases[i].why);
			ldm_modfile_free(mf);
		}
	}
}

/* Another thread: the reason it starts with, then a failure of its own. */
static void *fail_elsewhere(void *arg)
{
	char *seen = arg;
	struct ldm_modfile *mf;

	snprintf(seen, 256, "%s", ldm_modfile_why());
	if (ldm_modfile_open("/nonexistent/ldm-other.ko", &mf) != -ENOENT)
		snprintf(seen, 256, "the open did not fail");
	return NULL;
}

DEFINE_TEST(
	test_modfile_why_is_the_threads_last_failure,
	.description =
		"ldm_modfile_why() is one channel for every call: it says why an open, a new image and a walk failed, each the thread's last; another thread's failures leave it alone",
	.no_runtime = true)
{
	static const char refused[] = "__ksymtab: relocation type 10, not one of an export table";
	struct export_lines l = { .n = 0 };
	struct ldm_modfile *mf;
	char other[256] = "not run";
	pthread_t t;

	ASSERT_EQ(ldm_modfile_new("garbage", 7, &mf), -ENOEXEC);
	ASSERT_STREQ(ldm_modfile_why(), "truncated: 7 bytes is smaller than an ELF header");
	ASSERT_EQ(ldm_modfile_open("/nonexistent/ldm.ko", &mf), -ENOENT);
	ASSERT_STREQ(ldm_modfile_why(), strerror(ENOENT));
	ASSERT_OK(ldm_modfile_openat(AT_FDCWD, LAYOUTS "bad_type.ko", LDM_MODFILE_LAZY, &mf));
	ASSERT_EQ(ldm_modfile_for_each_export(mf, collect_export, &l), -ENOEXEC);
	ASSERT_STREQ(ldm_modfile_why(), refused);
	ASSERT_OK(pthread_create(&t, NULL, fail_elsewhere, other));
	ASSERT_OK(pthread_join(t, NULL));
	ASSERT_STREQ(other, ""); /* a thread starts with no reason */
	ASSERT_STREQ(ldm_modfile_why(), refused);
	ldm_modfile_free(mf);
}

/* The whole file, for truncated copies. */
static void *slurp_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	ASSERT(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n);
	ASSERT(buf);
	ASSERT_EQ(fread(buf, 1, (size_t)n, f), n);
	fclose(f);
	*len = (size_t)n;
	return buf;
}

DEFINE_TEST(
	test_modfile_lazy_refuses_what_the_whole_open_refuses,
	.description =
		"hello.ko cut at every 61st length: the lazy open refuses each copy the whole-file open refuses, with the same reason",
	.no_runtime = true)
{
	char tmpl[] = "/tmp/ldm-modfile-XXXXXX", why_whole[256], why_lazy[256];
	struct ldm_modfile *mf;
	size_t len, cut;
	char *image = slurp_file(LDM_BUILD_DIR "/modules/hello.ko", &len);
	int fd = mkstemp(tmpl), ew, el;

	ASSERT(fd >= 0);
	for (cut = 0; cut < len; cut += 61) {
		ASSERT_OK(ftruncate(fd, 0));
		ASSERT_EQ(pwrite(fd, image, cut, 0), (ssize_t)cut);
		ew = ldm_modfile_openat(AT_FDCWD, tmpl, 0, &mf);
		snprintf(why_whole, sizeof(why_whole), "%s", ldm_modfile_why());
		if (!ew)
			ldm_modfile_free(mf);
		el = ldm_modfile_openat(AT_FDCWD, tmpl, LDM_MODFILE_LAZY, &mf);
		snprintf(why_lazy, sizeof(why_lazy), "%s", ldm_modfile_why());
		if (!el)
			ldm_modfile_free(mf);
		if (!ew)
			continue; /* cut past what matters to either */
		if (!el)
			FAIL("cut at %zu: the lazy open took what the whole open refused (%s)", cut,
			     why_whole);
		ASSERT_STREQ(why_lazy, why_whole);
	}
	close(fd);
	unlink(tmpl);
	free(image);
}

/* hello.ko compressed by @prog into a new temporary file; its path. */
static char *compressed_hello(const char *prog, const char *suffix)
{
	static char path[128];
	char cmd[512];

	snprintf(path, sizeof(path), "/tmp/ldm-modfile-%d%s", getpid(), suffix);
	snprintf(cmd, sizeof(cmd), "%s < %s/modules/hello.ko > %s", prog, LDM_BUILD_DIR, path);
	if (system(cmd))
		ldm_test_skip("'%s' failed (scripts/install-deps installs xz-utils, zstd, gzip)",
			      cmd);
	return path;
}

static const struct {
	const char *prog, *suffix, *name;
	enum ldm_modfile_compression kind;
} compressors[] = {
	{ "xz --check=crc32 --lzma2=dict=1MiB -c", ".ko.xz", "xz", LDM_MODFILE_XZ },
	{ "zstd -q -c", ".ko.zst", "zstd", LDM_MODFILE_ZSTD },
	{ "gzip -c", ".ko.gz", "gzip", LDM_MODFILE_GZIP },
};

DEFINE_TEST(
	test_modfile_reads_compressed_modules,
	.description =
		"hello.ko as .ko.xz, .ko.zst and .ko.gz: opened whole and lazily, each is known by its first bytes and reads as the plain file does, ldm modinfo's too",
	.no_runtime = true)
{
	struct ldm_modfile *mf;
	unsigned int flags;
	char cmd[512], out[64];
	FILE *p;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(compressors); i++) {
		const char *path = compressed_hello(compressors[i].prog, compressors[i].suffix);

		for (flags = 0; flags <= LDM_MODFILE_LAZY; flags += LDM_MODFILE_LAZY) {
			if (ldm_modfile_openat(AT_FDCWD, path, flags, &mf))
				FAIL("%s: %s", path, ldm_modfile_why());
			ASSERT_EQ(ldm_modfile_compression(mf), compressors[i].kind);
			ASSERT_STREQ(ldm_modfile_modinfo_get(mf, "name"), "hello");
			ASSERT_STREQ(ldm_modfile_modinfo_get(mf, "license"), "GPL");
			ldm_modfile_free(mf);
		}
		snprintf(cmd, sizeof(cmd), "%s/tools/ldm/ldm modinfo -F name %s", LDM_BUILD_DIR,
			 path);
		p = popen(cmd, "r");
		ASSERT(p && fgets(out, sizeof(out), p));
		ASSERT_STREQ(out, "hello\n");
		ASSERT_EQ(pclose(p), 0);
		unlink(path);
	}
}

DEFINE_TEST(
	test_modfile_refuses_truncated_and_corrupt_compressed_modules,
	.description =
		"a .ko.xz, .ko.zst, .ko.gz cut short or with bytes flipped: -ENOEXEC, 'xz: truncated', 'zstd: truncated', 'gzip: truncated' or a corrupt-data reason; never a crash (ASan)",
	.no_runtime = true)
{
	struct ldm_modfile *mf;
	const char *why = ldm_modfile_why(); /* this thread's: each call below rewrites it */
	char want[64];
	size_t i, len, cut;
	int error;

	for (i = 0; i < ARRAY_SIZE(compressors); i++) {
		const char *path = compressed_hello(compressors[i].prog, compressors[i].suffix);
		char *image = slurp_file(path, &len);

		unlink(path);
		/* Cut at three places past the magic: the decoder runs out. */
		for (cut = 8; cut < len; cut += len / 3) {
			error = ldm_modfile_new(image, cut, &mf);
			ASSERT_EQ(error, -ENOEXEC);
			snprintf(want, sizeof(want), "%s: ", compressors[i].name);
			if (strncmp(why, want, strlen(want)))
				FAIL("%s cut at %zu: '%s'", compressors[i].suffix, cut, why);
		}
		snprintf(want, sizeof(want), "%s: truncated", compressors[i].name);
		ASSERT_EQ(ldm_modfile_new(image, len / 2, &mf), -ENOEXEC);
		ASSERT_STREQ(why, want);
		/* Flip bytes of the middle, one copy each: refused, or read if the check misses. */
		for (cut = len / 3; cut < 2 * len / 3; cut += 7) {
			image[cut] ^= 0x5a;
			error = ldm_modfile_new(image, len, &mf);
			image[cut] ^= 0x5a;
			if (!error) {
				ldm_modfile_free(mf);
				continue;
			}
			ASSERT_EQ(error, -ENOEXEC);
			if (strncmp(why, compressors[i].name, strlen(compressors[i].name)))
				FAIL("%s with byte %zu flipped: '%s'", compressors[i].suffix, cut,
				     why);
		}
		free(image);
	}
}

DEFINE_TEST(
	test_insmod_loads_compressed_modules,
	.description =
		"ldm_insmod loads hello.ko.xz, .ko.zst and .ko.gz; ldm_finit_module takes LDM_MODULE_INIT_COMPRESSED_FILE and refuses it on a plain file, and an unknown flag, with -EINVAL")
{
	char plain[512];
	size_t i;
	int fd;

	for (i = 0; i < ARRAY_SIZE(compressors); i++) {
		const char *path = compressed_hello(compressors[i].prog, compressors[i].suffix);

		ASSERT_OK(ldm_insmod(path, NULL));
		ASSERT_OK(ldm_delete_module("hello", 0));
		fd = open(path, O_RDONLY);
		ASSERT(fd >= 0);
		ASSERT_OK(ldm_finit_module(fd, NULL, LDM_MODULE_INIT_COMPRESSED_FILE));
		ASSERT_OK(ldm_delete_module("hello", 0));
		close(fd);
		unlink(path);
	}
	snprintf(plain, sizeof(plain), "%s/modules/hello.ko", LDM_BUILD_DIR);
	fd = open(plain, O_RDONLY);
	ASSERT(fd >= 0);
	ASSERT_EQ(ldm_finit_module(fd, NULL, LDM_MODULE_INIT_COMPRESSED_FILE), -EINVAL);
	ASSERT_EQ(ldm_finit_module(fd, NULL, 0x100), -EINVAL);
	close(fd);
}

/* A small, seeded generator: the same garbling on every run. */
static unsigned long next_random(unsigned long *state)
{
	*state = *state * 6364136223846793005UL + 1442695040888963407UL;
	return *state >> 33;
}

/* The byte ranges worth garbling: the headers and what the walks read. */
static size_t interesting_ranges(const void *image, size_t len, size_t (*r)[2], size_t max)
{
	static const char *const wanted[] = { ".symtab",	".strtab",
					      ".modinfo",	"__ksymtab",
					      "__ksymtab_gpl",	"__ksymtab_strings",
					      ".rela__ksymtab", ".rela__ksymtab_gpl",
					      "__kflagstab" };
	struct ldm_modfile_section sec;
	struct ldm_modfile *mf;
	size_t n = 0, i;
	unsigned int idx;

	ASSERT_OK(ldm_modfile_new(image, len, &mf));
	r[n][0] = 0;
	r[n++][1] = 64; /* the ELF header */
	ASSERT_OK(ldm_modfile_section(mf, 0, &sec));
	for (i = 0; i < ARRAY_SIZE(wanted) && n < max; i++) {
		idx = ldm_modfile_find_section(mf, wanted[i]);
		if (!idx || ldm_modfile_section(mf, idx, &sec) || !sec.size)
			continue;
		r[n][0] = sec.offset;
		r[n++][1] = sec.size;
	}
	ldm_modfile_free(mf);
	return n;
}

static int collect_some_export(const struct ldm_modfile_export *exp, void *data)
{
	struct export_lines *l = data;

	if (l->n < 16)
		snprintf(l->lines[l->n++], sizeof(l->lines[0]), "%s %s", exp->name, exp->ns);
	return 0;
}

static int see_any_import(const struct ldm_modfile_symbol *sym, void *data)
{
	(void)data;
	return strlen(sym->name) > (1U << 30);
}

/* Open @path both ways and walk everything; only clean refusals allowed. */
static void read_garbled(const char *path)
{
	static const unsigned int flags[] = { LDM_MODFILE_LAZY, 0 };
	struct export_lines l;
	struct ldm_modfile *mf;
	const char *e;
	size_t i, pos;
	int error;

	for (i = 0; i < ARRAY_SIZE(flags); i++) {
		error = ldm_modfile_openat(AT_FDCWD, path, flags[i], &mf);
		if (error) {
			ASSERT(error == -ENOEXEC || error == -EFBIG);
			continue;
		}
		l.n = 0;
		error = ldm_modfile_for_each_export(mf, collect_some_export, &l);
		ASSERT(!error || error == -ENOEXEC);
		error = ldm_modfile_for_each_import(mf, see_any_import, NULL);
		ASSERT(!error || error == -ENOEXEC);
		for (pos = 0; (e = ldm_modfile_modinfo_next(mf, &pos));)
			ASSERT(strlen(e) < (1U << 30));
		ldm_modfile_license_hides_text(mf);
		ldm_modfile_free(mf);
	}
}

DEFINE_TEST(
	test_modfile_garbled_modules_never_crash,
	.description =
		"2,000 copies of each layout fixture and of hello.ko, a few bytes garbled in the headers and the tables the walks read: opened lazily and whole and walked, each reads or is refused with -ENOEXEC; none crashes or reads out of bounds (ASan)",
	.no_runtime = true, .timeout = 600)
{
	static const char *const files[] = {
		LAYOUTS "abs16.ko", LAYOUTS "abs24.ko", LAYOUTS "rel8.ko",
		LAYOUTS "rel12.ko", LAYOUTS "flags.ko", LDM_BUILD_DIR "/modules/hello.ko",
	};
	char tmpl[] = "/tmp/ldm-garbled-XXXXXX";
	unsigned long state = 2004;
	size_t ranges[16][2], nranges, len, f, copy, k;
	int fd = mkstemp(tmpl);

	ASSERT(fd >= 0);
	for (f = 0; f < ARRAY_SIZE(files); f++) {
		unsigned char *image = slurp_file(files[f], &len), *copy_of = malloc(len);

		ASSERT(copy_of);
		nranges = interesting_ranges(image, len, ranges, ARRAY_SIZE(ranges));
		for (copy = 0; copy < 2000; copy++) {
			memcpy(copy_of, image, len);
			for (k = 0; k < 1 + next_random(&state) % 4; k++) {
				size_t *r = ranges[next_random(&state) % nranges];
				size_t at = r[0] + next_random(&state) % r[1];

				copy_of[at < len ? at : len - 1] ^=
					(unsigned char)(1 + next_random(&state) % 255);
			}
			ASSERT_OK(ftruncate(fd, 0));
			ASSERT_EQ(pwrite(fd, copy_of, len, 0), (ssize_t)len);
			read_garbled(tmpl);
		}
		free(copy_of);
		free(image);
	}
	close(fd);
	unlink(tmpl);
}
