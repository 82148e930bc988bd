// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-module-modpost.c - `ldm modpost` as a module's build runs it: small
 * modules written to a scratch directory and built with scripts/module.mk
 * and `make`, as a user builds them. A GPL-incompatible module using a
 * GPL-only symbol fails the build naming the file (a warning, and a .ko,
 * with LDM_MODPOST_WARN=1); an unresolved symbol fails it; exports between
 * the modules of one build are known and recorded in "depends".
 */
#include <sys/wait.h>

#include "internal.h"
#include "modtest.h"

struct scratch {
	char dir[64];
};

static void scratch_make(struct scratch *s)
{
	strcpy(s->dir, "/tmp/ldm-modpost-XXXXXX");
	ASSERT(mkdtemp(s->dir));
}

static void scratch_write(struct scratch *s, const char *name, const char *text)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", s->dir, name);
	f = fopen(path, "w");
	ASSERT(f);
	fputs(text, f);
	ASSERT_EQ(fclose(f), 0);
}

static void scratch_remove(struct scratch *s)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", s->dir);
	ASSERT_EQ(system(cmd), 0);
}

/* Run make in the scratch directory; its exit status, its output in *out. */
static int scratch_build(struct scratch *s, const char *vars, char **out)
{
	char cmd[1024];
	size_t len = 0, cap = 1 << 16, n;
	char *buf = malloc(cap);
	FILE *p;
	int status;

	ASSERT(buf);
	snprintf(cmd, sizeof(cmd),
		 "make -s -C %s LDM=%s/tools/ldm/ldm LDM_CFLAGS=-I%s/include "
		 "LDM_MODULE_MK=%s/scripts/module.mk CC=cc %s 2>&1",
		 s->dir, LDM_BUILD_DIR, ldm_test_srcdir(), ldm_test_srcdir(), vars);
	p = popen(cmd, "r");
	ASSERT(p);
	while ((n = fread(buf + len, 1, cap - len - 1, p)) > 0)
		len += n;
	buf[len] = '\0';
	status = pclose(p);
	*out = buf;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static bool scratch_has(struct scratch *s, const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/%s", s->dir, name);
	return !access(path, F_OK);
}

#define MAKEFILE(objs) "obj-m := " objs "\ninclude $(LDM_MODULE_MK)\n"

static const char prop_core[] =
	"#include <ldm/device.h>\n"
	"#include <ldm/module.h>\n"
	"static struct device dev = { .bus_id = \"prop\" };\n"
	"static int __init prop_init(void) { return device_register(&dev); }\n"
	"module_init(prop_init);\n"
	"MODULE_LICENSE(\"Proprietary\");\n";

DEFINE_TEST(
	test_modpost_gpl_only_symbol_fails_the_build,
	.description =
		"a proprietary module calling device_register fails the build with \"ERROR: modpost: GPL-incompatible module prop.ko uses GPL-only symbol 'device_register'\" and no .ko",
	.no_runtime = true)
{
	struct scratch s;
	char *out;

	scratch_make(&s);
	scratch_write(&s, "Makefile", MAKEFILE("prop.o"));
	scratch_write(&s, "prop.c", prop_core);
	ASSERT_NE(scratch_build(&s, "", &out), 0);
	ASSERT_CONTAINS(out, "ERROR: modpost: GPL-incompatible module prop.ko uses GPL-only "
			     "symbol 'device_register'\n");
	ASSERT(!scratch_has(&s, "prop.ko"));
	free(out);
	scratch_remove(&s);
}

DEFINE_TEST(
	test_modpost_warn_builds_the_ko_the_loader_refuses,
	.description =
		"with LDM_MODPOST_WARN=1 the same module builds with a WARNING, and the loader refuses the .ko naming device_register")
{
	struct scratch s;
	char *out, path[128];

	scratch_make(&s);
	scratch_write(&s, "Makefile", MAKEFILE("prop.o"));
	scratch_write(&s, "prop.c", prop_core);
	ASSERT_EQ(scratch_build(&s, "LDM_MODPOST_WARN=1", &out), 0);
	ASSERT_CONTAINS(out, "WARNING: modpost: GPL-incompatible module prop.ko uses GPL-only "
			     "symbol 'device_register'\n");
	ASSERT(!strstr(out, "ERROR"));
	free(out);
	snprintf(path, sizeof(path), "%s/prop.ko", s.dir);
	ASSERT_EQ(ldm_insmod(path, NULL), -ENOENT);
	ASSERT(!node_exists("/module/prop"));
	scratch_remove(&s);
}

DEFINE_TEST(
	test_modpost_unresolved_symbol,
	.description =
		"a module calling a function nobody exports fails the build: ERROR: modpost: \"frobnicate\" [unres.ko] undefined!",
	.no_runtime = true)
{
	struct scratch s;
	char *out;

	scratch_make(&s);
	scratch_write(&s, "Makefile", MAKEFILE("unres.o"));
	scratch_write(&s, "unres.c",
		      "#include <ldm/module.h>\n"
		      "int frobnicate(int x);\n"
		      "static int __init unres_init(void) { return frobnicate(1); }\n"
		      "module_init(unres_init);\n"
		      "MODULE_LICENSE(\"GPL\");\n");
	ASSERT_NE(scratch_build(&s, "", &out), 0);
	ASSERT_CONTAINS(out, "ERROR: modpost: \"frobnicate\" [unres.ko] undefined!\n");
	ASSERT(!scratch_has(&s, "unres.ko"));
	free(out);
	ASSERT_EQ(scratch_build(&s, "LDM_MODPOST_WARN=1", &out), 0);
	ASSERT_CONTAINS(out, "WARNING: modpost: \"frobnicate\" [unres.ko] undefined!\n");
	free(out);
	scratch_remove(&s);
}

DEFINE_TEST(
	test_modpost_knows_the_exports_of_the_build,
	.description =
		"modules of one build use each other's exports: a GPL user of a GPL-only export builds and records depends=; a proprietary one fails, naming the export; a missing license is warned about",
	.no_runtime = true)
{
	struct scratch s;
	struct ldm_elf elf;
	struct ko ko;
	char *out;

	scratch_make(&s);
	scratch_write(&s, "Makefile", MAKEFILE("lib_a.o user-b.o"));
	scratch_write(&s, "lib_a.c",
		      "#include <ldm/module.h>\n"
		      "int a_helper(int x) { return x + 1; }\n"
		      "EXPORT_SYMBOL_GPL(a_helper);\n"
		      "MODULE_LICENSE(\"GPL\");\n");
	scratch_write(&s, "user-b.c",
		      "#include <ldm/module.h>\n"
		      "int a_helper(int x);\n"
		      "static int __init b_init(void) { return a_helper(-1); }\n"
		      "module_init(b_init);\n"
		      "MODULE_LICENSE(\"Dual MIT/GPL\");\n");
	ASSERT_EQ(scratch_build(&s, "", &out), 0);
	ASSERT_STREQ(out, "");
	free(out);
	snprintf(ko.path, sizeof(ko.path), "%s/user-b.ko", s.dir);
	{
		FILE *f = fopen(ko.path, "r");

		ASSERT(f);
		fseek(f, 0, SEEK_END);
		ko.len = (size_t)ftell(f);
		rewind(f);
		ko.image = malloc(ko.len);
		ASSERT(ko.image);
		ASSERT_EQ(fread(ko.image, 1, ko.len, f), ko.len);
		fclose(f);
	}
	ASSERT_OK(ldm_elf_parse(&elf, ko.image, ko.len));
	ASSERT_STREQ(ldm_modinfo_get(&elf, "depends"), "lib_a");
	ASSERT_STREQ(ldm_modinfo_get(&elf, "name"), "user_b");
	ko_free(&ko);

	scratch_write(&s, "Makefile", MAKEFILE("lib_a.o prop_c.o"));
	scratch_write(&s, "prop_c.c",
		      "#include <ldm/module.h>\n"
		      "int a_helper(int x);\n"
		      "static int __init c_init(void) { return a_helper(-1); }\n"
		      "module_init(c_init);\n");
	ASSERT_NE(scratch_build(&s, "", &out), 0);
	ASSERT_CONTAINS(out, "WARNING: modpost: missing MODULE_LICENSE() in prop_c.o\n");
	ASSERT_CONTAINS(out, "ERROR: modpost: GPL-incompatible module prop_c.ko uses GPL-only "
			     "symbol 'a_helper'\n");
	free(out);
	scratch_remove(&s);
}

DEFINE_TEST(
	test_modpost_accepts_gcc_O0_PIC_objects,
	.description =
		"a module built by gcc -O0 -fPIC, whose object names _GLOBAL_OFFSET_TABLE_, passes modpost and loads",
	.no_runtime = true)
{
	struct scratch s;
	char *out, path[128];

	scratch_make(&s);
	scratch_write(&s, "Makefile", MAKEFILE("noopt.o"));
	scratch_write(&s, "noopt.c",
		      "#include <ldm/module.h>\n"
		      "#include <ldm/kernel.h>\n"
		      "static int n;\n"
		      "static int __init noopt_init(void)\n"
		      "{\n"
		      "\tswitch (n) { case 0: n = 3; break; case 1: n = 5; break; case 2: n++;\n"
		      "\tbreak; case 3: n--; break; case 4: n *= 2; break; default: n = 0; }\n"
		      "\treturn n == 3 ? 0 : -EINVAL;\n"
		      "}\n"
		      "module_init(noopt_init);\n"
		      "MODULE_LICENSE(\"GPL\");\n");
	ASSERT_EQ(scratch_build(&s, "CC=gcc EXTRA_CFLAGS=-O0", &out), 0);
	ASSERT_STREQ(out, "");
	free(out);
	snprintf(path, sizeof(path), "%s/noopt.ko", s.dir);
	ASSERT_OK(ldm_init());
	ASSERT_OK(ldm_insmod(path, NULL));
	ASSERT(node_exists("/module/noopt"));
	ldm_exit();
	scratch_remove(&s);
}

DEFINE_TEST(
	test_modpost_refuses_what_is_not_a_module_object,
	.description =
		"ldm modpost names a file that is not NAME.o, and a file that is not an ELF object, and exits 1",
	.no_runtime = true)
{
	struct scratch s;
	char cmd[512], out[1024];
	size_t n;
	FILE *p;

	scratch_make(&s);
	scratch_write(&s, "junk.o",
		      "this is not an ELF file, though it is longer than the "
		      "64 bytes of an ELF header\n");
	snprintf(cmd, sizeof(cmd),
		 "cd %s && %s/tools/ldm/ldm modpost junk.o 2>&1; "
		 "echo \"exit $?\"; %s/tools/ldm/ldm modpost Makefile 2>&1; echo \"exit $?\"",
		 s.dir, LDM_BUILD_DIR, LDM_BUILD_DIR);
	p = popen(cmd, "r");
	ASSERT(p);
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = '\0';
	pclose(p);
	ASSERT_CONTAINS(out, "junk.o");
	ASSERT_CONTAINS(out, "not an ELF file (bad magic)");
	ASSERT_CONTAINS(out, "ldm modpost: Makefile: not a module object (NAME.o)\n");
	ASSERT(!strstr(out, "exit 0"));
	scratch_remove(&s);
}

DEFINE_TEST(
	test_modpost_symbol_exported_twice,
	.description =
		"a symbol two modules of one build export, or one the runtime exports (printk), fails the build as Linux's modpost: \"ERROR: modpost: dup_b.ko: 'shared_helper' exported twice. Previous export was in dup_a.ko\"",
	.no_runtime = true)
{
	struct scratch s;
	char *out;

	scratch_make(&s);
	scratch_write(&s, "Makefile", MAKEFILE("dup_a.o dup_b.o"));
	scratch_write(&s, "dup_a.c",
		      "#include <ldm/module.h>\n"
		      "int shared_helper(int x) { return x + 1; }\n"
		      "EXPORT_SYMBOL(shared_helper);\n"
		      "MODULE_LICENSE(\"GPL\");\n");
	scratch_write(&s, "dup_b.c",
		      "#include <ldm/module.h>\n"
		      "int shared_helper(int x) { return x + 2; }\n"
		      "EXPORT_SYMBOL(shared_helper);\n"
		      "int printk(const char *fmt, ...) { (void)fmt; return 0; }\n"
		      "EXPORT_SYMBOL(printk);\n"
		      "MODULE_LICENSE(\"GPL\");\n");
	ASSERT_NE(scratch_build(&s, "", &out), 0);
	ASSERT_CONTAINS(out, "ERROR: modpost: dup_b.ko: 'shared_helper' exported twice. Previous "
			     "export was in dup_a.ko\n");
	ASSERT_CONTAINS(out, "ERROR: modpost: dup_b.ko: 'printk' exported twice. Previous export "
			     "was in ldm (the runtime)\n");
	ASSERT(!scratch_has(&s, "dup_b.ko"));
	free(out);
	scratch_remove(&s);
}

/* ---- device tables and aliases (MODULE_DEVICE_TABLE) ---- */

static const char tables_c[] =
	"#include <ldm/device.h>\n"
	"#include <ldm/mod_devicetable.h>\n"
	"#include <ldm/module.h>\n"
	"#include <ldm/of.h>\n"
	"static const struct platform_device_id ids[] = {\n"
	"\t{ \"blinker\" }, { \"blinker-v2\", 1 }, {}\n"
	"};\n"
	"MODULE_DEVICE_TABLE(platform, ids);\n"
	"static const struct of_device_id dt_ids[] = {\n"
	"\t{ .compatible = \"acme,blinker\" },\n"
	"\t{ .name = \"led\", .type = \"light\", .compatible = \"acme,two words\" },\n"
	"\t{ .type = \"light\" },\n"
	"\t{}\n"
	"};\n"
	"MODULE_DEVICE_TABLE(of, dt_ids);\n"
	"MODULE_LICENSE(\"GPL\");\n";

static const char *const tables_aliases = "platform:blinker\n"
					  "platform:blinker-v2\n"
					  "of:N*T*Cacme,blinker\n"
					  "of:N*T*Cacme,blinkerC*\n"
					  "of:NledTlight*Cacme,two_words\n"
					  "of:NledTlight*Cacme,two_wordsC*\n"
					  "of:N*Tlight\n"
					  "of:N*TlightC*\n";

/* Whether @prog is a program in $PATH. */
static bool program_found(const char *prog)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null", prog);
	return system(cmd) == 0;
}

/* The lines of @text, sorted, as one string. */
static char *sorted_lines(const char *text)
{
	char cmd[4096], *out;

	snprintf(cmd, sizeof(cmd), "printf '%%s' '%s' | LC_ALL=C sort", text);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	return out;
}

DEFINE_TEST(
	test_modpost_device_tables_make_aliases,
	.description =
		"MODULE_DEVICE_TABLE(platform|of) entries become alias= tags as kbuild's file2alias makes them, and kmod's modinfo -F alias and depmod's modules.alias list them",
	.no_runtime = true)
{
	struct scratch s;
	char *out, *want, *got, cmd[1024];

	scratch_make(&s);
	scratch_write(&s, "Makefile", MAKEFILE("tables.o"));
	scratch_write(&s, "tables.c", tables_c);
	ASSERT_EQ(scratch_build(&s, "", &out), 0);
	ASSERT_STREQ(out, "");
	free(out);

	want = sorted_lines(tables_aliases);
	snprintf(cmd, sizeof(cmd), "%s/tools/ldm/ldm modinfo -F alias %s/tables.ko", LDM_BUILD_DIR,
		 s.dir);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	got = sorted_lines(out);
	ASSERT_STREQ(got, want);
	free(out);
	free(got);
	if (!program_found("modinfo") || !program_found("depmod"))
		ldm_test_skip("kmod's modinfo and depmod are not installed (Debian package kmod)");
	snprintf(cmd, sizeof(cmd), "modinfo -F alias %s/tables.ko", s.dir);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	got = sorted_lines(out);
	ASSERT_STREQ(got, want);
	free(out);
	free(got);
	snprintf(
		cmd, sizeof(cmd),
		"cd %s && mkdir -p b/lib/modules/2.6.9-ldm && cp tables.ko b/lib/modules/2.6.9-ldm/"
		" && depmod -b b 2.6.9-ldm 2>/dev/null && "
		"grep -v '^#' b/lib/modules/2.6.9-ldm/modules.alias",
		s.dir);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	ASSERT_CONTAINS(out, "alias platform:blinker tables\n");
	ASSERT_CONTAINS(out, "alias of:N*T*Cacme,blinkerC* tables\n");
	ASSERT_CONTAINS(out, "alias of:NledTlight*Cacme,two_words tables\n");
	free(out);
	snprintf(cmd, sizeof(cmd),
		 "modprobe -d %s/b -S 2.6.9-ldm --show-depends "
		 "'of:NledTlightCacme,two wordsCacme,blinker' 2>&1",
		 s.dir);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	ASSERT_CONTAINS(out, "/tables.ko");
	free(out);
	free(want);
	scratch_remove(&s);
}

DEFINE_TEST(
	test_modpost_refuses_a_malformed_device_table,
	.description =
		"a device table that is not a whole number of entries, or that does not end with an empty one, fails the build naming the table",
	.no_runtime = true)
{
	struct scratch s;
	char *out;

	scratch_make(&s);
	scratch_write(&s, "Makefile", MAKEFILE("odd.o unterm.o"));
	scratch_write(&s, "odd.c",
		      "#include <ldm/module.h>\n"
		      "static const char ids[7] = \"x\";\n"
		      "MODULE_DEVICE_TABLE(platform, ids);\n"
		      "MODULE_LICENSE(\"GPL\");\n");
	scratch_write(&s, "unterm.c",
		      "#include <ldm/mod_devicetable.h>\n"
		      "#include <ldm/module.h>\n"
		      "static const struct platform_device_id ids[] = { { \"a\" } };\n"
		      "MODULE_DEVICE_TABLE(platform, ids);\n"
		      "MODULE_LICENSE(\"GPL\");\n");
	ASSERT_NE(scratch_build(&s, "", &out), 0);
	ASSERT_CONTAINS(out, "ERROR: modpost: odd.o: __mod_platform__ids_device_table is 7 bytes, "
			     "not a whole number of platform entries of 32\n");
	ASSERT_CONTAINS(out, "ERROR: modpost: unterm.o: __mod_platform__ids_device_table does not "
			     "end with an empty entry\n");
	ASSERT(!scratch_has(&s, "odd.ko"));
	free(out);
	scratch_remove(&s);
}

static const char plain_a[] = "#include <linux/module.h>\n"
			      "MODULE_LICENSE(\"GPL\");\n";
static const char plain_b[] = "#include <linux/module.h>\n"
			      "#include <linux/init.h>\n"
			      "static int __init b_init(void) { return 0; }\n"
			      "module_init(b_init);\n"
			      "MODULE_LICENSE(\"GPL\");\n";

DEFINE_TEST(test_modpost_runs_again_when_a_module_joins_obj_m,
	    .description = "a module added to obj-m whose object is older than the last modpost "
			   "run still gets its .mod.c and .ko: modpost reruns when obj-m changes",
	    .no_runtime = true)
{
	struct scratch s;
	char *out, cmd[256];

	scratch_make(&s);
	scratch_write(&s, "a.c", plain_a);
	scratch_write(&s, "b.c", plain_b);
	scratch_write(&s, "Makefile", MAKEFILE("b.o"));
	ASSERT_EQ(scratch_build(&s, "", &out), 0);
	free(out);
	snprintf(cmd, sizeof(cmd), "rm -f %s/b.mod.c %s/b.mod.o %s/b.ko", s.dir, s.dir, s.dir);
	ASSERT_EQ(system(cmd), 0);
	scratch_write(&s, "Makefile", MAKEFILE("a.o"));
	ASSERT_EQ(scratch_build(&s, "", &out), 0);
	free(out);
	scratch_write(&s, "Makefile", MAKEFILE("a.o b.o"));
	ASSERT_EQ(scratch_build(&s, "", &out), 0);
	free(out);
	ASSERT(scratch_has(&s, "a.ko"));
	ASSERT(scratch_has(&s, "b.ko"));
	scratch_remove(&s);
}

DEFINE_TEST(test_module_build_absent_header_stops_with_its_reason,
	    .description = "a module including a 2.6.9 header ldm does not provide "
			   "(<linux/netdevice.h>) fails with that header's one #error naming what "
			   "is absent and docs/compat.md, never with the host's UAPI header",
	    .no_runtime = true)
{
	struct scratch s;
	char *out;

	scratch_make(&s);
	scratch_write(&s, "Makefile", MAKEFILE("net.o"));
	scratch_write(&s, "net.c",
		      "#include <linux/module.h>\n#include <linux/netdevice.h>\n"
		      "MODULE_LICENSE(\"GPL\");\n");
	ASSERT_NE(scratch_build(&s, "", &out), 0);
	ASSERT_CONTAINS(out, "#error \"<linux/netdevice.h>: the network stack is not part of ldm "
			     "(docs/compat.md)\"");
	ASSERT(!strstr(out, "/usr/include"));
	free(out);
	scratch_remove(&s);
}

DEFINE_TEST(test_module_build_libc_shared_headers_and_fcntl,
	    .description = "<linux/fcntl.h> beside <linux/fs.h> (and so glibc's <fcntl.h>) "
			   "compiles with one struct flock, and the names libc includes too "
			   "(<linux/limits.h>, <linux/stddef.h>) give PATH_MAX, NULL, offsetof; a "
			   "driver's own clock and index do not clash with libc's functions",
	    .no_runtime = true)
{
	struct scratch s;
	char *out;

	scratch_make(&s);
	scratch_write(&s, "Makefile", MAKEFILE("fc.o"));
	scratch_write(
		&s, "fc.c",
		"#include <linux/module.h>\n#include <linux/fs.h>\n"
		"#include <linux/fcntl.h>\n#include <linux/limits.h>\n"
		"#include <linux/stddef.h>\n"
		"struct s { int a, b; };\n"
		"static int clock = 1, index = 2;\n"
		"static int x[] = { O_NONBLOCK, F_SETLEASE, DN_MULTISHOT != 0, PATH_MAX,\n"
		"\t(int)offsetof(struct s, b), 1 };\n"
		"static int __init fc_init(void) { return x[0] && !NULL && clock < index ? 0 : -1; }\n"
		"module_init(fc_init);\nMODULE_LICENSE(\"GPL\");\n");
	ASSERT_EQ(scratch_build(&s, "", &out), 0);
	free(out);
	ASSERT(scratch_has(&s, "fc.ko"));
	scratch_remove(&s);
}
