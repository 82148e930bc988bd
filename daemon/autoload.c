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
#include <time.h>
#include <libldm/libldm.h>

#include "ldmd.h"

/**
 * DOC: how autoload.c works
 *
 * The runtime's event listener runs under the event lock, where nothing
 * may be loaded (loading raises events): it only queues the MODALIAS of
 * each add event, and starts a worker thread for it unless
 * AUTOLOAD_WORKERS_MAX are running. A worker takes the first alias queued,
 * loads it through modprobe.c, takes the next one if any is left, and ends
 * when the queue is empty. So each event gets a thread of its own as soon
 * as one may start, as udev runs each event's modprobe in a worker of its
 * own, and a driver whose init sleeps holds up only its own worker; only
 * when AUTOLOAD_WORKERS_MAX inits are stuck at once do later events wait,
 * queued (udev's children_max). An alias no module has is a debug line, as
 * udev logs it. Coldplug walks /devices first, before ldmd says it is
 * ready, reading each uevent file, and loads in the walk's order,
 * synchronously.
 *
 * At stop the listener goes, what is still queued is dropped, and ldmd
 * waits up to AUTOLOAD_STOP_MS for the loads in progress. A load whose
 * init has not returned by then is left behind, with a line in the log
 * naming its alias: the kernel cannot kill a module's init either. Its
 * worker is detached and keeps the autoloader, which is then never freed;
 * ldmd_autoload_stop() returns how many were left, and ldmd exits without
 * stopping the runtime under them (lifecycle.c).
 */

#define AUTOLOAD_QUEUE_MAX   4096
#define AUTOLOAD_WORKERS_MAX 32
#define AUTOLOAD_STOP_MS     5000

struct alias_entry {
	TAILQ_ENTRY(alias_entry) node;
	char alias[];
};

struct ldmd_autoload;

/* A worker thread, and the alias it loads now. */
struct autoload_worker {
	LIST_ENTRY(autoload_worker) node; /* on al->workers, under al->lock */
	struct ldmd_autoload *al;
	struct alias_entry *doing; /* under al->lock */
};

struct ldmd_autoload {
	struct ldmd_modprobe *mp;
	pthread_mutex_t lock;
	pthread_cond_t ended;		      /* a worker ended */
	TAILQ_HEAD(, alias_entry) queue;      /* under @lock */
	LIST_HEAD(, autoload_worker) workers; /* under @lock */
	unsigned int queued, dropped;	      /* under @lock */
	unsigned int nworkers;		      /* under @lock */
	bool stopping;			      /* under @lock */
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

/*
 * The next queued alias for @w; NULL, with @w taken off the list, once
 * there is none or ldmd stops. Under al->lock.
 */
static struct alias_entry *next_alias(struct ldmd_autoload *al, struct autoload_worker *w)
{
	struct alias_entry *e = TAILQ_FIRST(&al->queue);

	if (!e || al->stopping) {
		LIST_REMOVE(w, node);
		al->nworkers--;
		pthread_cond_broadcast(&al->ended);
		return NULL;
	}
	TAILQ_REMOVE(&al->queue, e, node);
	al->queued--;
	w->doing = e;
	return e;
}

static void *worker_thread(void *arg)
{
	struct autoload_worker *w = arg;
	struct ldmd_autoload *al = w->al;
	struct alias_entry *e;

	pthread_mutex_lock(&al->lock);
	while ((e = next_alias(al, w))) {
		pthread_mutex_unlock(&al->lock);
		load_alias(al, e->alias);
		pthread_mutex_lock(&al->lock);
		w->doing = NULL;
		free(e);
	}
	pthread_mutex_unlock(&al->lock);
	free(w);
	return NULL;
}

/* One more worker, unless AUTOLOAD_WORKERS_MAX run; under al->lock. */
static void start_worker(struct ldmd_autoload *al)
{
	struct autoload_worker *w;
	pthread_attr_t attr;
	pthread_t thread;
	int error;

	if (al->nworkers >= AUTOLOAD_WORKERS_MAX)
		return;
	w = calloc(1, sizeof(*w));
	if (!w)
		return;
	w->al = al;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	error = pthread_create(&thread, &attr, worker_thread, w);
	pthread_attr_destroy(&attr);
	if (error) {
		free(w);
		return;
	}
	LIST_INSERT_HEAD(&al->workers, w, node);
	al->nworkers++;
}

/* An alias with no worker to take it (none could start): dropped. Under al->lock. */
static void drop_unserved(struct ldmd_autoload *al)
{
	struct alias_entry *e;

	while (!al->nworkers && (e = TAILQ_FIRST(&al->queue))) {
		TAILQ_REMOVE(&al->queue, e, node);
		al->queued--;
		al->dropped++;
		free(e);
	}
}

/* The runtime's listener: under its event lock, so only queue and start a worker. */
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
		start_worker(al);
		drop_unserved(al);
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
	pthread_condattr_t attr;
	int error = -ENOMEM;

	if (!al)
		goto err;
	al->mp = mp;
	pthread_mutex_init(&al->lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&al->ended, &attr);
	pthread_condattr_destroy(&attr);
	TAILQ_INIT(&al->queue);
	LIST_INIT(&al->workers);
	error = ldm_uevent_listen(event_arrived, al);
	if (error)
		goto err_free;
	*ret = al;
	return 0;

err_free:
	pthread_cond_destroy(&al->ended);
	pthread_mutex_destroy(&al->lock);
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

static int coldplug_entry(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
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
	struct ldm_sysfs_node *sd;
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

/* Wait until no worker runs, or AUTOLOAD_STOP_MS have passed; under al->lock. */
static void wait_workers(struct ldmd_autoload *al)
{
	struct timespec deadline;

	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += AUTOLOAD_STOP_MS / 1000;
	deadline.tv_nsec += (AUTOLOAD_STOP_MS % 1000) * 1000000L;
	if (deadline.tv_nsec >= 1000000000L) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000000000L;
	}
	while (al->nworkers &&
	       pthread_cond_timedwait(&al->ended, &al->lock, &deadline) != ETIMEDOUT)
		;
}

/* Each load still in progress, named in the log; their count. Under al->lock. */
static unsigned int report_left_behind(struct ldmd_autoload *al)
{
	struct autoload_worker *w;
	unsigned int n = 0;

	LIST_FOREACH(w, &al->workers, node) {
		if (w->doing)
			ldm_kmsg(4,
				 "ldmd: autoload: %s: the driver's init has not returned; its "
				 "load is left behind\n",
				 w->doing->alias);
		n++;
	}
	return n;
}

/**
 * ldmd_autoload_stop - stop autoloading: no event is queued from now on,
 * what was queued is dropped, and the loads in progress are waited for,
 * up to AUTOLOAD_STOP_MS
 * @al: the autoloader, or NULL
 *
 * Return: 0 once every load is over and @al is freed; else how many loads
 * are left behind (each named in the log), still running in a driver's
 * init, and @al stays theirs: the runtime must not be stopped under them.
 */
unsigned int ldmd_autoload_stop(struct ldmd_autoload *al)
{
	struct alias_entry *e;
	unsigned int left, dropped;

	if (!al)
		return 0;
	ldm_uevent_unlisten(event_arrived, al);
	pthread_mutex_lock(&al->lock);
	al->stopping = true;
	while ((e = TAILQ_FIRST(&al->queue))) {
		TAILQ_REMOVE(&al->queue, e, node);
		al->queued--;
		free(e);
	}
	wait_workers(al);
	left = report_left_behind(al);
	dropped = al->dropped;
	pthread_mutex_unlock(&al->lock);
	if (dropped)
		ldm_kmsg(4, "ldmd: autoload: %u events were not taken (queue full)\n", dropped);
	if (left)
		return left;
	pthread_mutex_destroy(&al->lock);
	pthread_cond_destroy(&al->ended);
	free(al);
	return 0;
}
