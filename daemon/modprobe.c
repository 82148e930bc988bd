// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * modprobe.c - loading a module by name or alias with what it needs first,
 * and unloading it with what it no longer needs, as kmod's modprobe does:
 * resolved through libkmod over a modules directory depmod wrote (ldm
 * depmod), loaded into the runtime with ldm_insmod(). The modprobe and
 * modprobe-remove requests, autoload and request_module() all come here.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <libkmod.h>
#include <libldm/libldm.h>

#include "ldmd.h"

/**
 * DOC: how modprobe.c resolves and loads
 *
 * A request is planned, then carried out. Planning, under the lock of the
 * libkmod context (which is not thread-safe): each module the name or
 * alias names, after, depth first, each module modules.dep says it needs,
 * each once, leaving out those already in the runtime (/module/NAME). The
 * plan is a list of paths in load order. Loading follows without the lock,
 * so that a module whose init calls request_module() comes back here
 * without deadlock. A dependency that fails stops the plan, as modprobe
 * stops. Removal plans the same way, then unloads in reverse order: the
 * module named (it must go), then each dependency that nothing uses any
 * more (one still in use is left, silently, as modprobe -r leaves it).
 */

#define PLAN_MAX  256
#define DEPTH_MAX 64

struct ldmd_modprobe {
	pthread_mutex_t lock;
	struct kmod_ctx *ctx;
	char dir[PATH_MAX];
};

struct plan_step {
	char name[LDM_MODULE_NAME_LEN];
	char *path;
	bool named; /* the request named it: its ARGS go to it */
};

struct plan {
	struct plan_step steps[PLAN_MAX];
	unsigned int n;
};

/**
 * ldmd_modprobe_open - a resolver over a modules directory
 * @dir: the directory ldm depmod (kmod's depmod) prepared
 * @ret: the resolver
 *
 * Return: 0, -ENOTDIR if @dir is not a directory, -ENOMEM.
 */
int ldmd_modprobe_open(const char *dir, struct ldmd_modprobe **ret)
{
	const char *no_config = NULL;
	struct ldmd_modprobe *mp;
	struct stat st;

	if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		return -ENOTDIR;
	mp = calloc(1, sizeof(*mp));
	if (!mp)
		return -ENOMEM;
	if (!realpath(dir, mp->dir))
		snprintf(mp->dir, sizeof(mp->dir), "%s", dir);
	mp->ctx = kmod_new(mp->dir, &no_config);
	if (!mp->ctx) {
		free(mp);
		return -ENOMEM;
	}
	pthread_mutex_init(&mp->lock, NULL);
	*ret = mp;
	return 0;
}

/**
 * ldmd_modprobe_close - free a resolver
 * @mp: the resolver, or NULL
 */
void ldmd_modprobe_close(struct ldmd_modprobe *mp)
{
	if (!mp)
		return;
	kmod_unref(mp->ctx);
	pthread_mutex_destroy(&mp->lock);
	free(mp);
}

/* The directory it resolves in. */
const char *ldmd_modprobe_dir(const struct ldmd_modprobe *mp)
{
	return mp->dir;
}

/* Whether the runtime has a module of that name, in any state. */
static bool module_loaded(const char *name)
{
	char path[LDM_MODULE_NAME_LEN + 32];
	struct ldm_sysfs_node *sd;

	snprintf(path, sizeof(path), "/module/%s/initstate", name);
	if (ldm_sysfs_lookup(path, 0, &sd))
		return false;
	ldm_sysfs_put(sd);
	return true;
}

static bool planned(const struct plan *p, const char *name)
{
	unsigned int i;

	for (i = 0; i < p->n; i++)
		if (!strcmp(p->steps[i].name, name))
			return true;
	return false;
}

/* @mod after its dependencies, each once; @all: loaded ones too (removal). */
static int plan_module(struct kmod_module *mod, struct plan *p, bool named, bool all, int depth)
{
	const char *name = kmod_module_get_name(mod), *path = kmod_module_get_path(mod);
	struct kmod_list *deps, *l;
	int error = 0;

	if (depth > DEPTH_MAX)
		return -ELOOP;
	if (planned(p, name) || (!all && module_loaded(name)))
		return 0;
	deps = kmod_module_get_dependencies(mod);
	kmod_list_foreach(l, deps)
	{
		struct kmod_module *dep = kmod_module_get_module(l);

		if (!error)
			error = plan_module(dep, p, false, all, depth + 1);
		kmod_module_unref(dep);
	}
	kmod_module_unref_list(deps);
	if (error)
		return error;
	if (!path)
		return 0; /* built in: nothing to load */
	if (p->n == PLAN_MAX)
		return -E2BIG;
	snprintf(p->steps[p->n].name, sizeof(p->steps[p->n].name), "%s", name);
	p->steps[p->n].path = strdup(path);
	p->steps[p->n].named = named;
	if (!p->steps[p->n].path)
		return -ENOMEM;
	p->n++;
	return 0;
}

static void plan_free(struct plan *p)
{
	while (p->n)
		free(p->steps[--p->n].path);
}

/* Plan @name; -ENOENT if no module has that name or alias. */
static int make_plan(struct ldmd_modprobe *mp, const char *name, bool all, struct plan *p)
{
	struct kmod_list *list = NULL, *l;
	int error, found = 0;

	pthread_mutex_lock(&mp->lock);
	error = kmod_module_new_from_lookup(mp->ctx, name, &list);
	kmod_list_foreach(l, list)
	{
		struct kmod_module *mod = kmod_module_get_module(l);

		found++;
		if (!error)
			error = plan_module(mod, p, true, all, 0);
		kmod_module_unref(mod);
	}
	kmod_module_unref_list(list);
	pthread_mutex_unlock(&mp->lock);
	if (!error && !found)
		error = -ENOENT;
	if (error)
		plan_free(p);
	return error;
}

/* "VERB ARG", what modprobe -v prints, to @fn. */
static void tell(ldmd_modprobe_fn fn, void *data, const char *verb, const char *arg)
{
	char line[PATH_MAX + 16];

	if (fn) {
		snprintf(line, sizeof(line), "%s %s", verb, arg);
		fn(line, data);
	}
}

/**
 * ldmd_modprobe_load - load a module by name or alias, what it needs first
 * @mp: the resolver
 * @name: a module's name, or an alias ("platform:widget")
 * @args: parameters for the module(s) @name names, or NULL
 * @fn: told "insmod PATH" for each module loaded (may be NULL)
 * @data: passed to @fn
 * @why: the cause of a failure
 * @size: room in @why
 *
 * Nothing is done for modules already loaded.
 * Return: 0; -ENOENT if no module has that name or alias; else the error
 * of the first module that failed to load, the rest not tried.
 */
int ldmd_modprobe_load(struct ldmd_modprobe *mp, const char *name, const char *args,
		       ldmd_modprobe_fn fn, void *data, char *why, size_t size)
{
	struct plan *p = calloc(1, sizeof(*p));
	unsigned int i;
	int error;

	if (!p)
		return -ENOMEM;
	error = make_plan(mp, name, false, p);
	if (error == -ENOENT)
		snprintf(why, size, "Module %s not found in directory %s", name, mp->dir);
	else if (error)
		snprintf(why, size, "%s: %s", name, strerror(-error));
	for (i = 0; !error && i < p->n; i++) {
		error = ldm_insmod(p->steps[i].path, p->steps[i].named ? args : NULL);
		if (error == -EEXIST) /* loaded meanwhile: what modprobe wants */
			error = 0;
		if (error)
			snprintf(why, size, "could not insert '%s': %s", p->steps[i].name,
				 error == -ENOENT ?
					 "Unknown symbol in module, or unknown parameter" :
					 strerror(-error));
		else
			tell(fn, data, "insmod", p->steps[i].path);
	}
	plan_free(p);
	free(p);
	return error;
}

/**
 * ldmd_modprobe_remove - unload a module, then what it needed and nothing
 * else uses, as modprobe -r
 * @mp: the resolver
 * @name: a module's name or an alias
 * @fn: told "rmmod NAME" for each module unloaded (may be NULL)
 * @data: passed to @fn
 * @why: the cause of a failure
 * @size: room in @why
 *
 * Return: 0; -ENOENT if none of the modules @name names is loaded; else the
 * error of unloading one of them (in use: -EWOULDBLOCK).
 */
int ldmd_modprobe_remove(struct ldmd_modprobe *mp, const char *name, ldmd_modprobe_fn fn,
			 void *data, char *why, size_t size)
{
	struct plan *p = calloc(1, sizeof(*p));
	unsigned int i, removed = 0;
	int error;

	if (!p)
		return -ENOMEM;
	error = make_plan(mp, name, true, p);
	if (error == -ENOENT)
		snprintf(why, size, "Module %s not found in directory %s", name, mp->dir);
	for (i = p->n; !error && i-- > 0;) {
		struct plan_step *s = &p->steps[i];

		if (!module_loaded(s->name))
			continue;
		error = ldm_delete_module(s->name, O_NONBLOCK);
		if (error && !s->named) {
			error = 0; /* still used: it stays, as modprobe -r leaves it */
			continue;
		}
		if (error)
			snprintf(why, size, "Module %s is in use", s->name);
		else
			tell(fn, data, "rmmod", s->name);
		removed += !error;
	}
	if (!error && !removed) {
		snprintf(why, size, "Module %s is not in the runtime", name);
		error = -ENOENT;
	}
	plan_free(p);
	free(p);
	return error;
}
