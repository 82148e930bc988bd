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
#include <ctype.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
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

/* The caller's variables, "KEY=value" each, NULL-terminated. */
static int add_ext_vars(struct hotplug_env *env, char *envp_ext[])
{
	size_t len;
	int i;

	for (i = 0; envp_ext && envp_ext[i]; i++) {
		if (!strchr(envp_ext[i], '='))
			return -EINVAL;
		len = strlen(envp_ext[i]);
		if (env->envc >= NUM_ENVP - 2 || len >= BUFFER_SIZE - env->used)
			return -ENOMEM;
		env->envp[env->envc++] = memcpy(env->buffer + env->used, envp_ext[i], len + 1);
		env->used += len + 1;
	}
	return 0;
}

/* What a kset without hotplug_ops does: a kobject_synth_uevent() of a bus or driver. */
static struct kset_hotplug_ops plain_ops;

static struct kset_hotplug_ops *ops_of(struct kset *kset)
{
	return kset->hotplug_ops ? kset->hotplug_ops : &plain_ops;
}

/* Let the kset add its variables after ours. */
static int kset_vars(struct hotplug_env *env, struct kset *kset, struct kobject *kobj)
{
	int i, retval;

	if (!ops_of(kset)->hotplug)
		return 0;
	memset(&env->envp[env->envc], 0, sizeof(char *) * (size_t)(NUM_ENVP - env->envc));
	retval = ops_of(kset)->hotplug(kset, kobj, &env->envp[env->envc], NUM_ENVP - 2 - env->envc,
				       env->buffer + env->used, (int)(BUFFER_SIZE - env->used));
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

static void kset_hotplug(const char *action, struct kset *kset, struct kobject *kobj,
			 char *envp_ext[])
{
	char helper[HELPER_PATH_LEN];
	struct hotplug_env *env;
	char *devpath = NULL, *buf = NULL;
	const char *subsystem = NULL;
	size_t len;

	if (ops_of(kset)->filter && !ops_of(kset)->filter(kset, kobj))
		return;
	env = kzalloc(sizeof(*env), GFP_KERNEL);
	if (!env)
		return;
	devpath = kobject_get_path(kset, kobj, GFP_KERNEL);
	if (!devpath)
		goto out;
	if (ops_of(kset)->name)
		subsystem = ops_of(kset)->name(kset, kobj);
	if (!subsystem)
		subsystem = kobject_name(&kset->kobj);

	if (add_var(env, "ACTION", action) || add_var(env, "DEVPATH", devpath) ||
	    add_var(env, "SUBSYSTEM", subsystem) || add_ext_vars(env, envp_ext) ||
	    kset_vars(env, kset, kobj))
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

/* The kset @kobj belongs to: its own or its nearest ancestor's. */
static struct kset *owning_kset(struct kobject *kobj)
{
	struct kobject *top = kobj;

	while (!top->kset && top->parent)
		top = top->parent;
	return top->kset;
}

/* The kset whose hotplug_ops shape @kobj's events, if it has them. */
static struct kset *hotplug_kset(struct kobject *kobj)
{
	struct kset *kset = owning_kset(kobj);

	return kset && kset->hotplug_ops ? kset : NULL;
}

/**
 * kobject_hotplug_env - raise a hotplug event with variables of the caller's
 * (modern Linux's kobject_uevent_env())
 * @action: "add", "remove", "change", ...
 * @kobj: the kobject
 * @envp_ext: "KEY=value" strings, NULL-terminated, placed after SUBSYSTEM
 *	and before the kset's variables; may be NULL
 *
 * As kobject_hotplug() otherwise.
 */
void kobject_hotplug_env(const char *action, struct kobject *kobj, char *envp_ext[])
{
	struct kset *kset;

	if (!kobj || !action)
		return;
	kset = hotplug_kset(kobj);
	if (kset)
		kset_hotplug(action, kset, kobj, envp_ext);
}
EXPORT_SYMBOL_GPL(kobject_hotplug_env);

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
	kobject_hotplug_env(action, kobj, NULL);
}
EXPORT_SYMBOL_GPL(kobject_hotplug);

/**
 * add_hotplug_env_var - add a variable to the event a hotplug() method
 * builds (as 2.6.10 named it; modern Linux's add_uevent_var())
 * @envp: the method's envp
 * @num_envp: its room, a NULL slot at the end included
 * @cur_index: the next free slot of @envp, advanced
 * @buffer: the method's buffer
 * @buffer_size: its size
 * @cur_len: bytes of @buffer used, advanced
 * @format: printf format of "KEY=value"
 *
 * Return: 0, or -ENOMEM when @envp or @buffer is full (nothing added).
 */
int add_hotplug_env_var(char **envp, int num_envp, int *cur_index, char *buffer, int buffer_size,
			int *cur_len, const char *format, ...)
{
	va_list args;
	int len;

	/* Keep a slot for the NULL that ends the list. */
	if (*cur_index >= num_envp - 1 || *cur_len >= buffer_size)
		return -ENOMEM;
	va_start(args, format);
	len = vsnprintf(buffer + *cur_len, (size_t)(buffer_size - *cur_len), format, args);
	va_end(args);
	if (len < 0 || len >= buffer_size - *cur_len)
		return -ENOMEM;
	envp[*cur_index] = buffer + *cur_len;
	envp[++*cur_index] = NULL;
	*cur_len += len + 1;
	return 0;
}
EXPORT_SYMBOL_GPL(add_hotplug_env_var);

/**
 * kobject_uevent_show - what a uevent file shows: the variables the
 * kobject's kset adds to its events, "KEY=value\n" each
 * @kobj: the kobject
 * @buf: a page
 *
 * Nothing for a kobject whose events are filtered out, as Linux.
 * Return: the length, or the error of the kset's hotplug().
 */
ssize_t kobject_uevent_show(struct kobject *kobj, char *buf)
{
	struct kset *kset = hotplug_kset(kobj);
	struct hotplug_env *env;
	ssize_t len = 0;
	int i, error;

	buf[0] = '\0';
	if (!kset || !kset->hotplug_ops->hotplug)
		return 0;
	if (kset->hotplug_ops->filter && !kset->hotplug_ops->filter(kset, kobj))
		return 0;
	env = kzalloc(sizeof(*env), GFP_KERNEL);
	if (!env)
		return -ENOMEM;
	error = kset_vars(env, kset, kobj);
	for (i = 0; !error && i < env->envc; i++)
		len += snprintf(buf + len, PAGE_SIZE - (size_t)len, "%s\n", env->envp[i]);
	kfree(env);
	return error ? error : len;
}

static const char *const synth_actions[] = {
	"add", "remove", "change", "move", "online", "offline", "bind", "unbind",
};

/* "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", hex digits and dashes. */
static bool uuid_valid(const char *s, size_t len)
{
	size_t i;

	if (len < 36)
		return false;
	for (i = 0; i < 36; i++) {
		if (i == 8 || i == 13 || i == 18 || i == 23) {
			if (s[i] != '-')
				return false;
		} else if (!isxdigit((unsigned char)s[i])) {
			return false;
		}
	}
	return len == 36 || s[36] == ' ';
}

/* Split "UUID KEY=VALUE..." into SYNTH_UUID= and SYNTH_ARG_KEY= variables. */
static int synth_args(const char *args, size_t len, char **envp, int num_envp, char *buf, int size)
{
	const char *p = args, *end = args + len, *key, *eq, *val;
	int i = 0, used = 0;

	if (!uuid_valid(p, len))
		return -EINVAL;
	if (add_hotplug_env_var(envp, num_envp, &i, buf, size, &used, "SYNTH_UUID=%.36s", p))
		return -ENOMEM;
	for (p += 36; p < end;) {
		while (p < end && *p == ' ')
			p++;
		if (p == end)
			break;
		for (key = p; p < end && isalnum((unsigned char)*p); p++)
			;
		if (p == key || p == end || *p != '=')
			return -EINVAL;
		eq = p;
		for (val = ++p; p < end && *p != ' '; p++)
			;
		if (add_hotplug_env_var(envp, num_envp, &i, buf, size, &used, "SYNTH_ARG_%.*s=%.*s",
					(int)(eq - key), key, (int)(p - val), val))
			return -ENOMEM;
	}
	return 0;
}

/**
 * kobject_synth_uevent - send the event a write to a uevent file asks for,
 * as modern Linux does: "ACTION [UUID [KEY=VALUE...]]"
 * @kobj: the kobject
 * @buf: what was written; a trailing newline is ignored
 * @count: its length
 *
 * ACTION is add, remove, change, move, online, offline, bind or unbind; the
 * event carries SYNTH_UUID (0 without one) and SYNTH_ARG_KEY=VALUE for each
 * argument. Only the event is sent: nothing is added or removed. A kobject
 * whose kset has no hotplug_ops (a bus, a driver) gets it too, with the
 * kset's name as SUBSYSTEM.
 * Return: 0, or -EINVAL for an unknown action or bad arguments.
 */
int kobject_synth_uevent(struct kobject *kobj, const char *buf, size_t count)
{
	char *envp[NUM_ENVP] = { "SYNTH_UUID=0", NULL };
	struct kset *kset;
	const char *action = NULL;
	char args[BUFFER_SIZE];
	size_t i, len;
	int error;

	if (count && buf[count - 1] == '\n')
		count--;
	for (i = 0; i < ARRAY_SIZE(synth_actions); i++) {
		len = strlen(synth_actions[i]);
		if (count >= len && !strncmp(buf, synth_actions[i], len) &&
		    (count == len || buf[len] == ' ')) {
			action = synth_actions[i];
			break;
		}
	}
	if (!action)
		return -EINVAL;
	if (count > len + 1) {
		error = synth_args(buf + len + 1, count - len - 1, envp, NUM_ENVP - 8, args,
				   sizeof(args));
		if (error)
			return error;
	}
	/*
	 * A kset without hotplug_ops (a bus, a driver) raises no events of
	 * its own, but one written to its uevent file goes out all the same,
	 * named after the kset, as Linux's does.
	 */
	kset = owning_kset(kobj);
	if (kset)
		kset_hotplug(action, kset, kobj, envp);
	return 0;
}

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
