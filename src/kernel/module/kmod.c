// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * kmod.c - request_module() (kernel/kmod.c): where Linux runs modprobe, the
 * runtime calls the host's hook (ldm_request_module_set()), which resolves
 * the name or alias and loads the modules, waiting as Linux waits for
 * modprobe. Without a hook nothing can be loaded: -ENOENT.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/kmod.h>
#include <ldm/module.h>
#include <libldm/module.h>

#include "boot.h"

/* Requests nested in one thread (a module's init asking for one whose init asks...). */
#define REQUEST_DEPTH_MAX 16

static pthread_mutex_t hook_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t hook_idle = PTHREAD_COND_INITIALIZER;
static ldm_request_module_fn hook;
static void *hook_data;
static unsigned int calls; /* hook calls in progress */
static __thread unsigned int depth;

/**
 * request_module - load a module by name or alias, through the host
 * @fmt: printf format of the name ("platform:%s", "char-major-%d-%d")
 *
 * Waits until the host has loaded it (and what it depends on) or failed.
 * Return: 0; -ENOENT if there is no host hook or it found no such module;
 * -ENAMETOOLONG for a name of MODULE_NAME_LEN bytes or more; -ELOOP past
 * 16 requests nested in one thread; else the host's error.
 */
int request_module(const char *fmt, ...)
{
	char name[MODULE_NAME_LEN];
	ldm_request_module_fn fn;
	va_list args;
	void *data;
	int len, error;

	va_start(args, fmt);
	len = vsnprintf(name, sizeof(name), fmt, args);
	va_end(args);
	if (len < 0 || (size_t)len >= sizeof(name))
		return -ENAMETOOLONG;
	if (depth >= REQUEST_DEPTH_MAX) {
		printk(KERN_WARNING "request_module: runaway loop modprobe %s\n", name);
		return -ELOOP;
	}
	pthread_mutex_lock(&hook_lock);
	fn = hook;
	data = hook_data;
	if (fn)
		calls++;
	pthread_mutex_unlock(&hook_lock);
	if (!fn)
		return -ENOENT;
	depth++;
	error = fn(name, data);
	depth--;
	pthread_mutex_lock(&hook_lock);
	if (!--calls)
		pthread_cond_broadcast(&hook_idle);
	pthread_mutex_unlock(&hook_lock);
	return error > 0 ? -error : error;
}
EXPORT_SYMBOL(request_module);

/**
 * ldm_request_module_set - how the host loads what request_module() asks for
 * @fn: called with the name or alias, in the requesting thread; returns 0
 *	once loaded, or a negative errno; NULL for none
 * @data: passed to @fn
 *
 * Once this returns, the hook replaced is no longer running (unless this is
 * called from inside it). ldm_exit() removes the hook first.
 * Return: 0.
 */
int ldm_request_module_set(ldm_request_module_fn fn, void *data)
{
	pthread_mutex_lock(&hook_lock);
	hook = fn;
	hook_data = data;
	while (calls > depth) /* not counting the calls this thread is inside */
		pthread_cond_wait(&hook_idle, &hook_lock);
	pthread_mutex_unlock(&hook_lock);
	return 0;
}

void request_module_exit(void)
{
	ldm_request_module_set(NULL, NULL);
}
