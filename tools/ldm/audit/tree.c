// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tree.c - the modules of `ldm audit`: found as depmod finds them (every
 * .ko, .ko.gz, .ko.xz, .ko.zst under the tree, build/ and source/ left
 * out, in modules.order's order, then kmod's hash order), then read by a
 * thread per core, each file mapped, read through <libldm/modfile.h> and
 * left again, so that what stays in memory is only what the questions need.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <libldm/modfile.h>

#include "tool-grow.h"
#include "audit.h"

/**
 * audit_warn - say on stderr that something was skipped; the audit goes
 * on and exits 2 at the end
 * @a: the audit
 * @fmt: the message, after "ldm audit: "
 */
void audit_warn(struct audit *a, const char *fmt, ...)
{
	va_list args;

	fputs("ldm audit: ", stderr);
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fputc('\n', stderr);
	a->error = true;
}

static const char *const module_suffixes[] = { ".ko", ".ko.gz", ".ko.xz", ".ko.zst" };

/* The length of @name without its module suffix, or 0 if it has none. */
static size_t module_stem(const char *name)
{
	size_t len = strlen(name), i, s;

	for (i = 0; i < sizeof(module_suffixes) / sizeof(module_suffixes[0]); i++) {
		s = strlen(module_suffixes[i]);
		if (len > s && !strcmp(name + len - s, module_suffixes[i]))
			return len - s;
	}
	return 0;
}

/* kmod's name of a module file: its name to the first '.', '-' as '_'. */
static char *module_name_of(struct arena *ar, const char *path)
{
	const char *base = strrchr(path, '/');
	size_t len, i;
	char *name;

	base = base ? base + 1 : path;
	len = strcspn(base, ".");
	name = arena_strndup(ar, base, len);
	for (i = 0; name && i < len; i++)
		if (name[i] == '-')
			name[i] = '_';
	return name;
}

/** audit_name_eq - whether two module names are the same, '-' and '_' alike */
bool audit_name_eq(const char *x, const char *y)
{
	for (; *x && *y; x++, y++)
		if (*x != *y && !((*x == '-' || *x == '_') && (*y == '-' || *y == '_')))
			return false;
	return *x == *y;
}

/* A directory walked, by device and inode: a link back to it is not walked again. */
struct dir_id {
	dev_t dev;
	ino_t ino;
};

struct finder {
	struct audit *a;
	size_t cap;
	struct dir_id *seen; /* the directories of this tree walked so far */
	size_t nseen, seencap;
	size_t opened;	/* trees that could be opened */
	size_t rootlen; /* of the tree's directory, in path */
	char path[PATH_MAX];
};

static int add_module(struct finder *f, const char *path, size_t rootlen)
{
	struct audit *a = f->a;
	struct audit_module *m;

	if (TOOL_GROW(a->modules, f->cap, a->nmodules + 1, 1024))
		return -ENOMEM;
	m = &a->modules[a->nmodules];
	memset(m, 0, sizeof(*m));
	m->path = arena_strdup(&a->arena, path);
	m->name = module_name_of(&a->arena, path);
	if (!m->path || !m->name)
		return -ENOMEM;
	m->relpath = rootlen ? m->path + rootlen + 1 : NULL;
	m->order = -1;
	a->nmodules++;
	return 0;
}

/*
 * Whether the directory open at @dfd was walked already (a symbolic link to
 * it, or to a parent); if not, remember it. -ENOMEM when out of memory.
 */
static int seen_before(struct finder *f, int dfd)
{
	struct stat st;
	size_t i;

	if (fstat(dfd, &st))
		return 0; /* fdopendir() will say why */
	for (i = 0; i < f->nseen; i++)
		if (f->seen[i].dev == st.st_dev && f->seen[i].ino == st.st_ino)
			return 1;
	if (TOOL_GROW(f->seen, f->seencap, f->nseen + 1, 64))
		return -ENOMEM;
	f->seen[f->nseen++] = (struct dir_id){ st.st_dev, st.st_ino };
	return 0;
}

/*
 * depmod's walk: every entry but ".", "..", "build" and "source"; a
 * directory reached again through a symbolic link is said once and not
 * walked, so that a link to a parent cannot loop.
 */
static int walk_dir(struct finder *f, int dfd, size_t len)
{
	struct dirent *de;
	int error = seen_before(f, dfd);
	DIR *d;

	if (error) {
		close(dfd);
		if (error > 0)
			fprintf(stderr,
				"ldm audit: %s: a directory already walked (a symbolic link "
				"loop): not walked again\n",
				f->path);
		return error < 0 ? error : 0;
	}
	d = fdopendir(dfd);
	if (!d) {
		close(dfd);
		audit_warn(f->a, "%s: %s", f->path, strerror(errno));
		return 0;
	}
	while (!error && (de = readdir(d))) {
		const char *name = de->d_name;
		size_t nlen = strlen(name);
		bool is_dir;

		if (!strcmp(name, ".") || !strcmp(name, "..") || !strcmp(name, "build") ||
		    !strcmp(name, "source"))
			continue;
		if (len + 1 + nlen >= sizeof(f->path)) {
			audit_warn(f->a, "%s/%s: path too long", f->path, name);
			continue;
		}
		f->path[len] = '/';
		memcpy(f->path + len + 1, name, nlen + 1);
		if (de->d_type == DT_REG || de->d_type == DT_DIR) {
			is_dir = de->d_type == DT_DIR;
		} else {
			struct stat st;

			/* Symbolic links are followed, as depmod follows them. */
			if (fstatat(dirfd(d), name, &st, 0)) {
				if (module_stem(name))
					audit_warn(f->a, "%s: %s: skipped", f->path,
						   strerror(errno));
				continue;
			}
			if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
				continue;
			is_dir = S_ISDIR(st.st_mode);
		}
		if (is_dir) {
			int sub = openat(dirfd(d), name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

			if (sub < 0)
				audit_warn(f->a, "%s: %s", f->path, strerror(errno));
			else
				error = walk_dir(f, sub, len + 1 + nlen);
		} else if (module_stem(name)) {
			error = add_module(f, f->path, f->rootlen);
		}
		f->path[len] = '\0';
	}
	closedir(d);
	return error;
}

/* One --tree argument: a directory walked, or a module file. */
static int find_in(struct finder *f, const char *arg, bool only)
{
	struct stat st;
	size_t len = strlen(arg);
	int fd;

	if (stat(arg, &st)) {
		audit_warn(f->a, "%s: %s%s", arg, strerror(errno),
			   arg == f->a->deftree ? " (name a tree with --tree DIR)" : "");
		return 0;
	}
	f->opened++;
	if (!S_ISDIR(st.st_mode))
		return add_module(f, arg, 0);
	while (len > 1 && arg[len - 1] == '/')
		len--;
	if (len >= sizeof(f->path)) {
		audit_warn(f->a, "%s: path too long", arg);
		return 0;
	}
	fd = open(arg, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		audit_warn(f->a, "%s: %s", arg, strerror(errno));
		f->opened--;
		return 0;
	}
	memcpy(f->path, arg, len);
	f->path[len] = '\0';
	f->rootlen = len;
	f->nseen = 0; /* each tree is walked whole */
	if (only)
		f->a->treedir = arena_strdup(&f->a->arena, f->path);
	return walk_dir(f, fd, len);
}

/**
 * audit_set_treedir - the directory of a single --tree, known before the
 * tree is read (so that its Module.symvers is looked for first)
 * @a: the audit; a->treedir set when it names one directory
 */
void audit_set_treedir(struct audit *a)
{
	struct stat st;
	size_t len;

	if (a->ntrees != 1 || stat(a->trees[0], &st) || !S_ISDIR(st.st_mode))
		return;
	len = strlen(a->trees[0]);
	while (len > 1 && a->trees[0][len - 1] == '/')
		len--;
	a->treedir = arena_strndup(&a->arena, a->trees[0], len);
}

/* Duplicates of a name: as depmod, updates/ wins, else the first found. */
static int by_name_then_seq(const void *x, const void *y)
{
	const struct audit_module *a = *(struct audit_module *const *)x;
	const struct audit_module *b = *(struct audit_module *const *)y;
	int c = strcmp(a->name, b->name);

	return c ? c : (a < b ? -1 : a > b);
}

static bool in_updates(const struct audit_module *m)
{
	return m->relpath && !strncmp(m->relpath, "updates/", 8);
}

static int drop_duplicates(struct audit *a)
{
	struct audit_module **by = malloc((a->nmodules ? a->nmodules : 1) * sizeof(*by));
	size_t i, j, kept = 0;

	if (!by)
		return -ENOMEM;
	for (i = 0; i < a->nmodules; i++)
		by[i] = &a->modules[i];
	audit_sort(by, a->nmodules, sizeof(*by), by_name_then_seq);
	for (i = 0; i < a->nmodules; i = j) {
		struct audit_module *keep = by[i];

		for (j = i + 1; j < a->nmodules && !strcmp(by[j]->name, keep->name); j++) {
			if (in_updates(by[j]) && !in_updates(keep)) {
				keep->failed = true;
				keep = by[j];
			} else {
				by[j]->failed = true;
			}
		}
	}
	free(by);
	/* Drop the losers; what is left keeps the order of the walk. */
	for (i = 0; i < a->nmodules; i++)
		if (!a->modules[i].failed)
			a->modules[kept++] = a->modules[i];
	a->nmodules = kept;
	return 0;
}

static int by_uncrelpath(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* The path as modules.order names it: any compression suffix cut to ".ko". */
static char *uncompressed_relpath(struct arena *ar, const char *relpath)
{
	size_t stem = module_stem(relpath);
	char *p = arena_alloc(ar, stem + 4);

	if (p) {
		memcpy(p, relpath, stem);
		memcpy(p + stem, ".ko", 4);
	}
	return p;
}

/* Each module's line in modules.order (the last line naming it wins). */
static int read_order(struct audit *a)
{
	char path[PATH_MAX], line[PATH_MAX];
	const char **keys;
	size_t i, lineno = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/modules.order", a->treedir);
	f = fopen(path, "re");
	if (!f)
		return 0;
	a->has_order = true;
	/* Sorted pairs (uncompressed relpath, module), looked up per line. */
	keys = malloc((a->nmodules ? a->nmodules : 1) * 2 * sizeof(*keys));
	if (!keys) {
		fclose(f);
		return -ENOMEM;
	}
	for (i = 0; i < a->nmodules; i++) {
		keys[2 * i] = uncompressed_relpath(&a->arena, a->modules[i].relpath);
		keys[2 * i + 1] = (const char *)&a->modules[i];
		if (!keys[2 * i]) {
			free(keys);
			fclose(f);
			return -ENOMEM;
		}
	}
	audit_sort(keys, a->nmodules, 2 * sizeof(*keys), by_uncrelpath);
	while (fgets(line, sizeof(line), f)) {
		const char *key = line, **hit;

		lineno++;
		line[strcspn(line, "\n")] = '\0';
		hit = bsearch(&key, keys, a->nmodules, 2 * sizeof(*keys), by_uncrelpath);
		if (hit)
			((struct audit_module *)hit[1])->order = (int)lineno;
	}
	free(keys);
	fclose(f);
	return 0;
}

/*
 * kmod's hash of a name (Paul Hsieh's SuperFastHash, as kmod's
 * shared/hash.c has it, char signed as on x86): depmod lists the modules
 * modules.order does not name in the order of its buckets.
 */
static unsigned int kmod_hash(const char *key)
{
	unsigned int len = (unsigned int)strlen(key), hash = len, tmp, rem = len & 3;
	const unsigned char *k = (const unsigned char *)key;

	for (len /= 4; len > 0; len--, k += 4) {
		hash += (unsigned int)(k[0] | k[1] << 8);
		tmp = ((unsigned int)(k[2] | k[3] << 8) << 11) ^ hash;
		hash = (hash << 16) ^ tmp;
		hash += hash >> 11;
	}
	switch (rem) {
	case 3:
		hash += (unsigned int)(k[0] | k[1] << 8);
		hash ^= hash << 16;
		hash ^= (unsigned int)((int)(signed char)k[2] << 18);
		hash += hash >> 11;
		break;
	case 2:
		hash += (unsigned int)(k[0] | k[1] << 8);
		hash ^= hash << 11;
		hash += hash >> 17;
		break;
	case 1:
		hash += (unsigned int)(int)(signed char)k[0];
		hash ^= hash << 10;
		hash += hash >> 1;
		break;
	}
	hash ^= hash << 3;
	hash += hash >> 5;
	hash ^= hash << 4;
	hash += hash >> 17;
	hash ^= hash << 25;
	hash += hash >> 6;
	return hash;
}

/* depmod's order: modules.order's, then the others by bucket, then name. */
static int by_depmod_order(const void *x, const void *y)
{
	const struct audit_module *a = x, *b = y;
	unsigned int ka = a->order > 0 ? (unsigned int)a->order : UINT_MAX;
	unsigned int kb = b->order > 0 ? (unsigned int)b->order : UINT_MAX;

	if (ka != kb)
		return ka < kb ? -1 : 1;
	ka = kmod_hash(a->name) & 511;
	kb = kmod_hash(b->name) & 511;
	if (ka != kb)
		return ka < kb ? -1 : 1;
	return strcmp(a->name, b->name);
}

/* What a reader keeps while it reads one module. */
struct module_reader {
	struct audit *a;
	struct arena arena;
	struct audit_mod_export *exp;
	size_t nexp, expcap;
	struct audit_mod_import *imp;
	size_t nimp, impcap;
	const char **ns;
	size_t nns, nscap;
	int error;
};

static void *grow(void *v, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 16;
	void *p;

	if (need <= *cap)
		return v;
	while (n < need)
		n *= 2;
	p = realloc(v, n * size);
	if (p)
		*cap = n;
	return p;
}

static int keep_export(const struct ldm_modfile_export *exp, void *data)
{
	struct module_reader *r = data;
	struct audit_mod_export *v = grow(r->exp, &r->expcap, r->nexp + 1, sizeof(*v));

	if (!v)
		return -ENOMEM;
	r->exp = v;
	v[r->nexp].name = arena_strdup(&r->arena, exp->name);
	v[r->nexp].ns = *exp->ns ? arena_strdup(&r->arena, exp->ns) : "";
	v[r->nexp].gpl = exp->license == LDM_EXPORT_GPL;
	if (!v[r->nexp].name || !v[r->nexp].ns)
		return -ENOMEM;
	r->nexp++;
	return 0;
}

static int keep_import(const struct ldm_modfile_symbol *sym, void *data)
{
	struct module_reader *r = data;
	struct audit_mod_import *v = grow(r->imp, &r->impcap, r->nimp + 1, sizeof(*v));

	if (!v)
		return -ENOMEM;
	r->imp = v;
	v[r->nimp].name = arena_strdup(&r->arena, sym->name);
	v[r->nimp].weak = sym->bind == 2; /* STB_WEAK */
	if (!v[r->nimp].name)
		return -ENOMEM;
	r->nimp++;
	return 0;
}

static const char *keep_string(struct module_reader *r, const char *s)
{
	const char *p = arena_strdup(&r->arena, s);

	if (!p)
		r->error = -ENOMEM;
	return p;
}

/* license, import_ns, depends, vermagic and aliases from .modinfo. */
static void read_modinfo(struct module_reader *r, struct ldm_modfile *mf, struct audit_module *m)
{
	const char *e;
	size_t pos = 0;

	m->nimport_ns = 0;
	r->nns = 0;
	while ((e = ldm_modfile_modinfo_next(mf, &pos)) && !r->error) {
		if (!strncmp(e, "license=", 8)) {
			if (!m->license)
				m->license = keep_string(r, e + 8);
			if (!m->bad_license && !ldm_license_is_gpl_compatible(e + 8))
				m->bad_license = keep_string(r, e + 8);
		} else if (!strncmp(e, "import_ns=", 10)) {
			const char **v = grow(r->ns, &r->nscap, r->nns + 1, sizeof(*v));

			if (!v) {
				r->error = -ENOMEM;
				break;
			}
			r->ns = v;
			v[r->nns++] = keep_string(r, e + 10);
		} else if (!strncmp(e, "depends=", 8) && !m->depends) {
			m->depends = keep_string(r, e + 8);
		} else if (!strncmp(e, "vermagic=", 9) && !m->vermagic) {
			m->vermagic = keep_string(r, e + 9);
		} else if (!strncmp(e, "alias=", 6)) {
			m->naliases++;
		}
	}
	/* GPL-only symbols: no license, or any tag not GPL-compatible (modpost's rule). */
	m->gpl_compatible = m->license && !m->bad_license;
	/* The taint, and so "proprietary": the first tag, as the kernel's set_license(). */
	m->tainted = !m->license || !ldm_license_is_gpl_compatible(m->license);
	/* ldm's loader: a license hiding text behind a NUL is not one. */
	if (r->a->runtime && m->gpl_compatible && ldm_modfile_license_hides_text(mf)) {
		m->gpl_compatible = false;
		m->tainted = true;
		m->bad_license = m->license;
	}
}

/* Copy the reader's vectors into the arena, for the module to keep. */
static int keep_vectors(struct module_reader *r, struct audit_module *m)
{
	m->nexports = r->nexp;
	m->nimports = r->nimp;
	m->nimport_ns = r->nns;
	m->exports = arena_alloc(&r->arena, r->nexp * sizeof(*m->exports) + 1);
	m->imports = arena_alloc(&r->arena, r->nimp * sizeof(*m->imports) + 1);
	m->import_ns = arena_alloc(&r->arena, r->nns * sizeof(*m->import_ns) + 1);
	if (!m->exports || !m->imports || !m->import_ns)
		return -ENOMEM;
	/* A vector the module had nothing for was never allocated: NULL. */
	if (r->nexp)
		memcpy(m->exports, r->exp, r->nexp * sizeof(*m->exports));
	if (r->nimp)
		memcpy(m->imports, r->imp, r->nimp * sizeof(*m->imports));
	if (r->nns)
		memcpy(m->import_ns, r->ns, r->nns * sizeof(*m->import_ns));
	return 0;
}

/* Read one module; on failure mark it, with the reason in m->why. */
static void read_module(struct module_reader *r, struct audit_module *m)
{
	struct ldm_modfile *mf;
	int error;

	r->nexp = r->nimp = r->nns = 0;
	r->error = 0;
	error = ldm_modfile_openat(AT_FDCWD, m->path, LDM_MODFILE_LAZY, &mf);
	if (error) {
		m->failed = true;
		m->why = arena_strdup(&r->arena, ldm_modfile_why());
		return;
	}
	read_modinfo(r, mf, m);
	error = r->error;
	if (!error)
		error = ldm_modfile_for_each_export(mf, keep_export, r);
	if (!error)
		error = ldm_modfile_for_each_import(mf, keep_import, r);
	if (!error)
		error = keep_vectors(r, m);
	if (error) {
		m->failed = true;
		m->why = arena_strdup(&r->arena,
				      error == -ENOEXEC ? ldm_modfile_why() : strerror(-error));
	}
	ldm_modfile_free(mf);
}

/* The threads that read: each takes the next module not taken. */
struct reading {
	struct audit *a;
	size_t next, done;
	struct module_reader *readers;
	double start, last_shown;
	bool shown;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A progress line on a terminal, once reading takes over a second. */
static void show_progress(struct reading *rd)
{
	double t = now();

	if (t - rd->start < 1.0 || t - rd->last_shown < 0.1)
		return;
	rd->last_shown = t;
	rd->shown = true;
	fprintf(stderr, "\rldm audit: reading modules %zu/%zu",
		__atomic_load_n(&rd->done, __ATOMIC_RELAXED), rd->a->nmodules);
}

static void read_modules(struct reading *rd, struct module_reader *r, bool progress)
{
	size_t i;

	while ((i = __atomic_fetch_add(&rd->next, 1, __ATOMIC_RELAXED)) < rd->a->nmodules) {
		read_module(r, &rd->a->modules[i]);
		__atomic_fetch_add(&rd->done, 1, __ATOMIC_RELAXED);
		if (progress)
			show_progress(rd);
	}
}

struct thread_arg {
	struct reading *rd;
	struct module_reader *r;
};

static void *read_thread(void *arg)
{
	struct thread_arg *t = arg;

	read_modules(t->rd, t->r, false);
	return NULL;
}

static int read_all(struct audit *a)
{
	unsigned int n = a->jobs, i, started = 0;
	struct module_reader *readers;
	struct thread_arg *args;
	pthread_t *threads;
	struct reading rd = { .a = a, .start = now() };
	int error = 0;

	if (n > a->nmodules)
		n = a->nmodules ? (unsigned int)a->nmodules : 1;
	readers = calloc(n, sizeof(*readers));
	args = calloc(n, sizeof(*args));
	threads = calloc(n, sizeof(*threads));
	if (!readers || !args || !threads) {
		error = -ENOMEM;
		goto out;
	}
	for (i = 0; i < n; i++)
		readers[i].a = a;
	for (i = 1; i < n; i++) {
		args[i] = (struct thread_arg){ &rd, &readers[i] };
		if (pthread_create(&threads[i], NULL, read_thread, &args[i]))
			break;
		started++;
	}
	read_modules(&rd, &readers[0], isatty(STDERR_FILENO));
	for (i = 1; i <= started; i++)
		pthread_join(threads[i], NULL);
	if (rd.shown)
		fputs("\r\033[K", stderr);
	for (i = 0; i < n; i++) {
		free(readers[i].exp);
		free(readers[i].imp);
		free(readers[i].ns);
		arena_adopt(&a->arena, &readers[i].arena);
	}
out:
	free(readers);
	free(args);
	free(threads);
	return error;
}

/**
 * audit_load_tree - find the modules of the trees named and read them
 * @a: the audit, its trees named; a->modules filled, in depmod's order
 *
 * A module that cannot be read is named with the reason on stderr, marked
 * failed and left out of every question; the audit exits 2 at the end.
 * Return: 0, -ENOENT if no tree named could be opened (each said why), or
 * -ENOMEM.
 */
int audit_load_tree(struct audit *a)
{
	struct finder *f = calloc(1, sizeof(*f));
	size_t i;
	int error = 0;

	if (!f)
		return -ENOMEM;
	f->a = a;
	for (i = 0; i < a->ntrees && !error; i++)
		error = find_in(f, a->trees[i], a->ntrees == 1);
	if (!error && !f->opened)
		error = -ENOENT; /* each said why */
	free(f->seen);
	free(f);
	if (!error)
		error = drop_duplicates(a);
	if (!error && a->treedir)
		error = read_order(a);
	if (error)
		return error;
	audit_sort(a->modules, a->nmodules, sizeof(*a->modules), by_depmod_order);
	if (!a->nmodules) {
		fprintf(stderr, "ldm audit: no modules (.ko, .ko.gz, .ko.xz, .ko.zst) in %s%s\n",
			a->trees[0], a->ntrees > 1 ? " and the others named" : "");
		return 0;
	}
	error = read_all(a);
	for (i = 0; i < a->nmodules && !error; i++) {
		if (!a->modules[i].failed)
			continue;
		audit_warn(a, "%s: %s: skipped", a->modules[i].path,
			   a->modules[i].why ? a->modules[i].why : strerror(ENOMEM));
		a->nfailed++;
	}
	return error;
}
