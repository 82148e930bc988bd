/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <libldm/module.h> - modules from the host (docs/modules.md): the
 * init_module, finit_module and delete_module system calls, the list of
 * loaded modules, and the export tables modules bind to.
 */
#ifndef _LIBLDM_MODULE_H
#define _LIBLDM_MODULE_H

#ifdef MODULE
#error "<libldm/...> is the host API; a module uses <ldm/...> only"
#endif

#include <stdbool.h>

#pragma GCC visibility push(default)

/* A module's name is shorter than this, as MODULE_NAME_LEN of <ldm/module.h>. */
#define LDM_MODULE_NAME_LEN (64 - sizeof(unsigned long))

/* ldm_finit_module()'s flag: the file is compressed (MODULE_INIT_COMPRESSED_FILE). */
#define LDM_MODULE_INIT_COMPRESSED_FILE 4

/*
 * @args is one string of space-separated name=value pairs, as
 * init_module's, and may be NULL. A .ko.xz, .ko.zst or .ko.gz is loaded by
 * ldm_finit_module() with LDM_MODULE_INIT_COMPRESSED_FILE, which
 * ldm_insmod() passes when ldm_module_compressed() says the file is one.
 * Each returns 0 or a negative errno; the log says why.
 */
int ldm_init_module(const void *image, unsigned long len, const char *args);
int ldm_finit_module(int fd, const char *args, int flags);
int ldm_delete_module(const char *name, unsigned int flags);
int ldm_insmod(const char *path, const char *args);
bool ldm_module_compressed(int fd);

/*
 * The loaded modules in the format of /proc/modules, one line each:
 * "name size refcount users, state address (taints)". The caller frees the
 * string with free(); NULL when out of memory.
 */
char *ldm_proc_modules(void);

/*
 * request_module() of a driver (<ldm/kmod.h>) calls the host's hook with the
 * name or alias asked for, in the requesting thread; it returns 0 once the
 * module is loaded, or a negative errno (docs/modules.md). NULL: none, and
 * request_module() gives -ENOENT. Replacing the hook waits for calls of the
 * old one in progress; ldm_exit() removes it.
 */
typedef int (*ldm_request_module_fn)(const char *name, void *data);
int ldm_request_module_set(ldm_request_module_fn fn, void *data);

/* Who may bind to an export. */
enum ldm_export_license {
	LDM_EXPORT_ALL, /* EXPORT_SYMBOL */
	LDM_EXPORT_GPL, /* EXPORT_SYMBOL_GPL */
};

/**
 * struct ldm_export - one exported symbol, as the runtime knows it
 * @name: the symbol's name
 * @value: its address
 * @license: who may bind to it
 * @owner: "ldm" for the runtime, else the exporting module's name
 */
struct ldm_export {
	const char *name;
	unsigned long value;
	enum ldm_export_license license;
	const char *owner;
};

/*
 * Export policies (docs/exports.md): which of the 103 exports that the seed
 * patch made EXPORT_SYMBOL_GPL are GPL-only. "seed": all 103, the default;
 * "2.6.10": the 84 of drivers/base and fs/sysfs, as mainline merged them
 * (lib/kobject.c stayed EXPORT_SYMBOL); "2.6.9": none, as released. The
 * runtime takes LDM_EXPORT_POLICY at ldm_init() (see <libldm/runtime.h>).
 * ldm_export_policy() is the one in force; ldm_export_policy_valid()
 * returns 0 for a policy's name, else -EINVAL.
 */
const char *ldm_export_policy(void);
int ldm_export_policy_valid(const char *name);
/*
 * The seed patch's 103 exports, sorted by name, each with what @policy
 * makes it: the project's own list, for the question "what would a policy
 * break" (ldm audit what-if --policy); needs no ldm_init().
 */
int ldm_export_policy_for_each(const char *policy,
			       int (*fn)(const char *name, enum ldm_export_license license,
					 void *data),
			       void *data);

int ldm_export_lookup(const char *name, struct ldm_export *ret);
int ldm_export_for_each(int (*fn)(const struct ldm_export *exp, void *data), void *data);
const char *ldm_export_license_name(enum ldm_export_license license);

#pragma GCC visibility pop

#endif /* _LIBLDM_MODULE_H */
