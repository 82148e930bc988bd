// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kmod-lookup.c - a module name or alias looked up through libkmod, as
 * kmod's modinfo and modprobe look them up, in a modules directory that
 * depmod wrote: modules.dep.bin, modules.alias.bin, modules.symbols.bin.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <libkmod.h>

#include "kmod-lookup.h"

int tool_kmod_lookup(const char *verb, const char *dir, const char *name,
		     int (*fn)(const char *path, void *data), void *data)
{
	const char *no_config = NULL;
	struct kmod_list *list = NULL, *l;
	struct kmod_ctx *ctx;
	struct stat st;
	int error, found = 0;

	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "ldm %s: %s: not a modules directory\n", verb, dir);
		return -ENOTDIR;
	}
	ctx = kmod_new(dir, &no_config);
	if (!ctx)
		return -ENOMEM;
	error = kmod_module_new_from_lookup(ctx, name, &list);
	kmod_list_foreach(l, list)
	{
		struct kmod_module *mod = kmod_module_get_module(l);
		const char *path = kmod_module_get_path(mod);

		if (!error && path) { /* no path: built in, nothing to read */
			found++;
			error = fn(path, data);
		}
		kmod_module_unref(mod);
	}
	kmod_module_unref_list(list);
	kmod_unref(ctx);
	if (error < 0 && !found)
		fprintf(stderr, "ldm %s: looking up %s in %s: %s\n", verb, name, dir,
			strerror(-error));
	return error ? error : found ? 0 : -ENOENT;
}
