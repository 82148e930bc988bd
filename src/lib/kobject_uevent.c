// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * kobject_uevent.c - hotplug events (kobject_hotplug() of lib/kobject.c in
 * 2.6.9, lib/kobject_uevent.c later).
 *
 * An event is built as 2.6.9 built it: the kset that owns the object (its
 * own or the nearest ancestor's) must have hotplug_ops, whose filter may
 * drop the event, whose name gives the subsystem, and whose hotplug() adds
 * variables. It then goes, in SEQNUM order, to the in-process listeners (in
 * the netlink uevent form of modern Linux) and, when one is configured, to a
 * helper program run as /sbin/hotplug was.
 */
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/kobject.h>
#include <ldm/slab.h>
#include <libldm/uevent.h>

#include "boot.h"
#include "uevent.h"

#define NUM_ENVP	32   /* variables of one event, as 2.6.9 */
#define BUFFER_SIZE	2048 /* their text */
#define HELPER_PATH_LEN 256  /* as modern UEVENT_HELPER_PATH_LEN */

struct uevent_listener {
	struct list_head list;
	ldm_uevent_fn fn;
	void *data;
};

/* uevent_lock orders events: a sequence number is taken and the event
 * delivered without letting another event in between. */
static pthread_mutex_t uevent_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long long uevent_seqnum;
static LIST_HEAD(listeners);
static char helper_path[HELPER_PATH_LEN];

/* An event being built. */
struct hotplug_env {
	char *envp[NUM_ENVP];
	int envc;
	char buffer[BUFFER_SIZE];
	size_t used;
	char seqnum[32];
};

static int add_var(struct hotplug_env *env, const char *key, const char *value)
{
	int len;

	if (env->envc >= NUM_ENVP - 2) /* room for SEQNUM and the NULL */
		return -ENOMEM;
	len = snprintf(env->buffer + env->used, BUFFER_SIZE - env->used, "%s=%s", key, value);
	if (len < 0 || (size_t)len >= BUFFER_SIZE - env->used)
		return -ENOMEM;
	env->envp[env->envc++] = env->buffer + env->used;
	env->used += (size_t)len + 1;
	return 0;
}

/* Let the kset add its variables after ours. */
static int kset_vars(struct hotplug_env *env, struct kset *kset, struct kobject *kobj)
{
	int i, retval;

	if (!kset->hotplug_ops->hotplug)
		return 0;
	memset(&env->envp[env->envc], 0, sizeof(char *) * (size_t)(NUM_ENVP - env->envc));
	retval = kset->hotplug_ops->hotplug(kset, kobj, &env->envp[env->envc],
					    NUM_ENVP - 2 - env->envc, env->buffer + env->used,
					    (int)(BUFFER_SIZE - env->used));
	if (retval) {
		pr_debug("%s - hotplug() returned %d\n", __func__, retval);
		return retval;
	}
	for (i = env->envc; i < NUM_ENVP - 2 && env->envp[i]; i++)
		;
	env->envc = i;
	return 0;
}

/* The netlink form: "ACTION@DEVPATH\0" then every variable with its NUL. */
static char *netlink_form(struct hotplug_env *env, const char *action, const char *devpath,
			  size_t *lenp)
{
	size_t len = strlen(action) + 1 + strlen(devpath) + 1;
	char *buf, *p;
	int i;

	for (i = 0; i < env->envc; i++)
		len += strlen(env->envp[i]) + 1;
	len += sizeof(env->seqnum);
	buf = kmalloc(len, GFP_KERNEL);
	if (!buf)
		return NULL;
	p = buf + sprintf(buf, "%s@%s", action, devpath) + 1;
	for (i = 0; i < env->envc; i++)
		p = stpcpy(p, env->envp[i]) + 1;
	*lenp = (size_t)(p - buf); /* SEQNUM is appended under the lock */
	return buf;
}

static void *reap_helper(void *arg)
{
	pid_t pid = (pid_t)(long)arg;

	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	return NULL;
}

/* Run the helper without waiting for it; a thread of ours reaps it. */
static void run_helper(const char *path, const char *subsystem, struct hotplug_env *env)
{
	char *envp[NUM_ENVP + 2];
	char *argv[3] = { (char *)path, (char *)subsystem, NULL };
	pthread_attr_t attr;
	pthread_t thread;
	pid_t pid;
	int i, n = 0, error;

	envp[n++] = "HOME=/";
	envp[n++] = "PATH=/sbin:/bin:/usr/sbin:/usr/bin";
	for (i = 0; i < env->envc; i++)
		envp[n++] = env->envp[i];
	envp[n] = NULL;

	error = posix_spawn(&pid, path, NULL, NULL, argv, envp);
	if (error) {
		printk(KERN_WARNING "hotplug: cannot run helper %s: %s\n", path, strerror(error));
		return;
	}
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	if (pthread_create(&thread, &attr, reap_helper, (void *)(long)pid))
		waitpid(pid, NULL, WNOHANG);
	pthread_attr_destroy(&attr);
}

/* Number the event, hand it to the listeners; returns the helper to run. */
static void deliver(const char *action, const char *devpath, const char *subsystem,
		    struct hotplug_env *env, char *buf, size_t len, char *helper)
{
	struct uevent_listener *l;
	struct ldm_uevent event;

	pthread_mutex_lock(&uevent_lock);
	snprintf(env->seqnum, sizeof(env->seqnum), "SEQNUM=%llu", ++uevent_seqnum);
	env->envp[env->envc++] = env->seqnum;
	env->envp[env->envc] = NULL;
	len += (size_t)sprintf(buf + len, "%s", env->seqnum) + 1;

	event.action = action;
	event.devpath = devpath;
	event.subsystem = subsystem;
	event.seqnum = uevent_seqnum;
	event.envp = env->envp;
	event.buf = buf;
	event.len = len;
	list_for_each_entry(l, &listeners, list)
		l->fn(&event, l->data);
	memcpy(helper, helper_path, HELPER_PATH_LEN);
	pthread_mutex_unlock(&uevent_lock);
}

static void kset_hotplug(const char *action, struct kset *kset, struct kobject *kobj)
{
	char helper[HELPER_PATH_LEN];
	struct hotplug_env *env;
	char *devpath = NULL, *buf = NULL;
	const char *subsystem = NULL;
	size_t len;

	if (kset->hotplug_ops->filter && !kset->hotplug_ops->filter(kset, kobj))
		return;
	env = kzalloc(sizeof(*env), GFP_KERNEL);
	if (!env)
		return;
	devpath = kobject_get_path(kset, kobj, GFP_KERNEL);
	if (!devpath)
		goto out;
	if (kset->hotplug_ops->name)
		subsystem = kset->hotplug_ops->name(kset, kobj);
	if (!subsystem)
		subsystem = kobject_name(&kset->kobj);

	if (add_var(env, "ACTION", action) || add_var(env, "DEVPATH", devpath) ||
	    add_var(env, "SUBSYSTEM", subsystem) || kset_vars(env, kset, kobj))
		goto out;
	buf = netlink_form(env, action, devpath, &len);
	if (!buf)
		goto out;
	deliver(action, devpath, subsystem, env, buf, len, helper);
	if (helper[0])
		run_helper(helper, subsystem, env);
out:
	kfree(buf);
	kfree(devpath);
	kfree(env);
}

/**
 * kobject_hotplug - raise a hotplug event for a kobject
 * @action: "add", "remove", ...
 * @kobj: the kobject
 *
 * The event is raised if the kset owning @kobj (its own or its nearest
 * ancestor's) has hotplug_ops and their filter lets it through. A failure
 * to build it (no memory, a variable too long) drops the event.
 */
void kobject_hotplug(const char *action, struct kobject *kobj)
{
	struct kobject *top = kobj;

	if (!kobj || !action)
		return;
	while (!top->kset && top->parent)
		top = top->parent;
	if (top->kset && top->kset->hotplug_ops)
		kset_hotplug(action, top->kset, kobj);
}
EXPORT_SYMBOL_GPL(kobject_hotplug);

/**
 * ldm_uevent_listen - receive every hotplug event from now on
 * @fn: called with each event, in SEQNUM order, under the event lock
 * @data: passed to @fn
 *
 * Return: 0 or -ENOMEM.
 */
int ldm_uevent_listen(ldm_uevent_fn fn, void *data)
{
	struct uevent_listener *l;

	if (!fn)
		return -EINVAL;
	l = kmalloc(sizeof(*l), GFP_KERNEL);
	if (!l)
		return -ENOMEM;
	l->fn = fn;
	l->data = data;
	pthread_mutex_lock(&uevent_lock);
	list_add_tail(&l->list, &listeners);
	pthread_mutex_unlock(&uevent_lock);
	return 0;
}

/**
 * ldm_uevent_unlisten - stop a listener
 * @fn: as given to ldm_uevent_listen()
 * @data: as given to ldm_uevent_listen()
 *
 * Return: 0, or -ENOENT if there was no such listener. Once this returns, @fn
 * is not running and will not be called again.
 */
int ldm_uevent_unlisten(ldm_uevent_fn fn, void *data)
{
	struct uevent_listener *l, *found = NULL;

	pthread_mutex_lock(&uevent_lock);
	list_for_each_entry(l, &listeners, list) {
		if (l->fn == fn && l->data == data) {
			found = l;
			list_del(&l->list);
			break;
		}
	}
	pthread_mutex_unlock(&uevent_lock);
	kfree(found);
	return found ? 0 : -ENOENT;
}

/* The sequence number of the last event (/sys/kernel/uevent_seqnum). */
unsigned long long kobject_uevent_seqnum(void)
{
	unsigned long long seq;

	pthread_mutex_lock(&uevent_lock);
	seq = uevent_seqnum;
	pthread_mutex_unlock(&uevent_lock);
	return seq;
}

/* Copy the helper path into @buf; return its length. */
int kobject_uevent_helper_get(char *buf, size_t size)
{
	int len;

	pthread_mutex_lock(&uevent_lock);
	len = snprintf(buf, size, "%s", helper_path);
	pthread_mutex_unlock(&uevent_lock);
	return len;
}

/**
 * kobject_uevent_helper_set - set the helper program ("" for none)
 * @path: the path; a trailing newline is dropped, as sysfs writes carry one
 * @len: its length
 *
 * Return: 0, or -ENOENT if it is too long (as modern Linux answers).
 */
int kobject_uevent_helper_set(const char *path, size_t len)
{
	if (len && path[len - 1] == '\n')
		len--;
	if (len >= HELPER_PATH_LEN)
		return -ENOENT;
	pthread_mutex_lock(&uevent_lock);
	memcpy(helper_path, path, len);
	helper_path[len] = '\0';
	pthread_mutex_unlock(&uevent_lock);
	return 0;
}

int kobject_uevent_init(const char *helper)
{
	uevent_seqnum = 0;
	if (!helper)
		helper = "";
	return kobject_uevent_helper_set(helper, strlen(helper));
}

void kobject_uevent_exit(void)
{
	struct uevent_listener *l, *n;

	pthread_mutex_lock(&uevent_lock);
	list_for_each_entry_safe(l, n, &listeners, list) {
		list_del(&l->list);
		kfree(l);
	}
	helper_path[0] = '\0';
	pthread_mutex_unlock(&uevent_lock);
}
