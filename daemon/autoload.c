// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * autoload.c - ldmd --modules: a new device's driver loaded by its
 * MODALIAS, as udev's kmod builtin loads it ("kmod load $env{MODALIAS}" on
 * add), for the devices present at boot (coldplug, from their uevent
 * files) and for every one added later (hotplug, from its add event).
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>
#include <libldm/libldm.h>

#include "ldmd.h"

/**
 * DOC: how autoload.c works
 *
 * The runtime's event listener runs under the event lock, where nothing
 * may be loaded (loading raises events): it only queues the MODALIAS of
 * each add event. A worker thread takes the queue in order and loads each
 * through modprobe.c; an alias no module has is a debug line, as udev
 * logs it. Coldplug walks /devices first, before ldmd says it is ready,
 * reading each uevent file, and loads in the walk's order, synchronously.
 * At stop the listener goes, then the worker, once the load in progress
 * (if any) is done.
 */

#define AUTOLOAD_QUEUE_MAX 4096

struct alias_entry {
	TAILQ_ENTRY(alias_entry) node;
	char alias[];
};

struct ldmd_autoload {
	struct ldmd_modprobe *mp;
	pthread_t worker;
	pthread_mutex_t lock;
	pthread_cond_t more;
	TAILQ_HEAD(, alias_entry) queue; /* under @lock */
	unsigned int queued, dropped;	 /* under @lock */
	bool stopping;			 /* under @lock */
};

/* Load the driver of @alias; what came of it goes to the log. */
static void load_alias(struct ldmd_autoload *al, const char *alias)
{
	char why[512] = "";
	int error = ldmd_modprobe_load(al->mp, alias, NULL, NULL, NULL, why, sizeof(why));

	if (error == -ENOENT)
		ldm_kmsg(7, "ldmd: autoload: no module for %s\n", alias);
	else if (error)
		ldm_kmsg(3, "ldmd: autoload: %s: %s\n", alias, why);
}

static void *worker_thread(void *arg)
{
	struct ldmd_autoload *al = arg;
	struct alias_entry *e;

	pthread_mutex_lock(&al->lock);
	for (;;) {
		while (!al->stopping && TAILQ_EMPTY(&al->queue))
			pthread_cond_wait(&al->more, &al->lock);
		if (al->stopping)
			break;
		e = TAILQ_FIRST(&al->queue);
		TAILQ_REMOVE(&al->queue, e, node);
		al->queued--;
		pthread_mutex_unlock(&al->lock);
		load_alias(al, e->alias);
		free(e);
		pthread_mutex_lock(&al->lock);
	}
	pthread_mutex_unlock(&al->lock);
	return NULL;
}

/* The runtime's listener: under its event lock, so only queue. */
static void event_arrived(const struct ldm_uevent *event, void *data)
{
	struct ldmd_autoload *al = data;
	const char *alias = NULL;
	struct alias_entry *e;
	int i;

	if (strcmp(event->action, "add"))
		return;
	for (i = 0; event->envp[i]; i++)
		if (!strncmp(event->envp[i], "MODALIAS=", 9))
			alias = event->envp[i] + 9;
	if (!alias || !*alias)
		return;
	e = malloc(sizeof(*e) + strlen(alias) + 1);
	pthread_mutex_lock(&al->lock);
	if (e && al->queued < AUTOLOAD_QUEUE_MAX && !al->stopping) {
		strcpy(e->alias, alias);
		TAILQ_INSERT_TAIL(&al->queue, e, node);
		al->queued++;
		pthread_cond_signal(&al->more);
		e = NULL;
	} else {
		al->dropped++;
	}
	pthread_mutex_unlock(&al->lock);
	free(e);
}

/**
 * ldmd_autoload_start - load the driver of each device added from now on
 * @mp: the resolver of ldmd's modules directory
 * @ret: the autoloader, for ldmd_autoload_stop()
 *
 * Return: 0, or -errno (said on stderr).
 */
int ldmd_autoload_start(struct ldmd_modprobe *mp, struct ldmd_autoload **ret)
{
	struct ldmd_autoload *al = calloc(1, sizeof(*al));
	int error = -ENOMEM;

	if (!al)
		goto err;
	al->mp = mp;
	pthread_mutex_init(&al->lock, NULL);
	pthread_cond_init(&al->more, NULL);
	TAILQ_INIT(&al->queue);
	error = -pthread_create(&al->worker, NULL, worker_thread, al);
	if (error)
		goto err_free;
	error = ldm_uevent_listen(event_arrived, al);
	if (error)
		goto err_worker;
	*ret = al;
	return 0;

err_worker:
	pthread_mutex_lock(&al->lock);
	al->stopping = true;
	pthread_cond_signal(&al->more);
	pthread_mutex_unlock(&al->lock);
	pthread_join(al->worker, NULL);
err_free:
	free(al);
err:
	fprintf(stderr, "ldmd: cannot start autoloading: %s\n", strerror(-error));
	return error;
}

/* Each directory below @path, depth first, its MODALIAS loaded. */
struct walk {
	struct ldmd_autoload *al;
	char path[4096];
	int depth;
};

static void coldplug_dir(struct walk *w);

static int coldplug_entry(void *ctx, const char *name, const struct ldm_sysfs_stat *st)
{
	struct walk *w = ctx;
	size_t len = strlen(w->path);

	if (st->type != LDM_SYSFS_DIR || len + strlen(name) + 2 > sizeof(w->path))
		return 0;
	snprintf(w->path + len, sizeof(w->path) - len, "/%s", name);
	coldplug_dir(w);
	w->path[len] = '\0';
	return 0;
}

static void coldplug_dir(struct walk *w)
{
	char uevent[LDM_SYSFS_PAGE_SIZE + 1], file[4200], *line, *save = NULL;
	struct sysfs_dirent *sd;
	ssize_t n;

	snprintf(file, sizeof(file), "%s/uevent", w->path);
	n = ldm_sysfs_read_path(file, uevent, sizeof(uevent) - 1);
	if (n > 0) {
		uevent[n] = '\0';
		for (line = strtok_r(uevent, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
			if (!strncmp(line, "MODALIAS=", 9) && line[9])
				load_alias(w->al, line + 9);
	}
	if (w->depth >= 32 || ldm_sysfs_lookup(w->path, 0, &sd))
		return;
	w->depth++;
	ldm_sysfs_readdir(sd, coldplug_entry, w);
	w->depth--;
	ldm_sysfs_put(sd);
}

/**
 * ldmd_autoload_coldplug - load the driver of each device already there
 * (what `udevadm trigger` and udev do at boot), waiting for each
 * @al: the autoloader
 */
void ldmd_autoload_coldplug(struct ldmd_autoload *al)
{
	struct walk *w = calloc(1, sizeof(*w));

	if (!w)
		return;
	w->al = al;
	strcpy(w->path, "/devices");
	coldplug_dir(w);
	free(w);
}

/**
 * ldmd_autoload_stop - stop autoloading: no event is queued from now on,
 * and the load in progress is over when this returns
 * @al: the autoloader, or NULL
 */
void ldmd_autoload_stop(struct ldmd_autoload *al)
{
	struct alias_entry *e;

	if (!al)
		return;
	ldm_uevent_unlisten(event_arrived, al);
	pthread_mutex_lock(&al->lock);
	al->stopping = true;
	pthread_cond_signal(&al->more);
	pthread_mutex_unlock(&al->lock);
	pthread_join(al->worker, NULL);
	while ((e = TAILQ_FIRST(&al->queue))) {
		TAILQ_REMOVE(&al->queue, e, node);
		free(e);
	}
	if (al->dropped)
		ldm_kmsg(4, "ldmd: autoload: %u events were not taken (queue full)\n", al->dropped);
	pthread_mutex_destroy(&al->lock);
	pthread_cond_destroy(&al->more);
	free(al);
}
