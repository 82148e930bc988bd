// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * active.c - active references: removal waits for I/O in progress, and I/O
 * after removal fails (what kernfs added to sysfs after 2.6.9; see sysfs.h).
 */
#include <pthread.h>

#include "sysfs.h"

#define HELD_MAX 8

/* The active references this thread holds, so removal never waits on itself. */
static __thread struct sysfs_dirent *held[HELD_MAX];
static __thread unsigned int nheld;

static pthread_mutex_t drain_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t drain_cond = PTHREAD_COND_INITIALIZER;

/**
 * sysfs_get_active - enter a node for I/O
 * @sd: the node
 *
 * Return: false if the node has been removed.
 */
bool sysfs_get_active(struct sysfs_dirent *sd)
{
	int v = atomic_read(&sd->s_active);

	do {
		if (v < 0)
			return false;
	} while (!__atomic_compare_exchange_n(&sd->s_active.counter, &v, v + 1, false,
					      __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
	if (nheld < HELD_MAX)
		held[nheld] = sd;
	nheld++;
	return true;
}

/**
 * sysfs_put_active - leave a node entered with sysfs_get_active()
 * @sd: the node
 */
void sysfs_put_active(struct sysfs_dirent *sd)
{
	nheld--;
	if (atomic_dec_return(&sd->s_active) >= 0)
		return;
	/* Removed meanwhile: its remover may be waiting for us. */
	pthread_mutex_lock(&drain_lock);
	pthread_cond_broadcast(&drain_cond);
	pthread_mutex_unlock(&drain_lock);
}

/**
 * sysfs_deactivate - refuse new active references; called with the node
 * being unlinked, under sysfs_rwsem
 * @sd: the node
 */
void sysfs_deactivate(struct sysfs_dirent *sd)
{
	atomic_add(SD_DEACTIVATED_BIAS, &sd->s_active);
}

static int held_by_me(struct sysfs_dirent *sd)
{
	unsigned int i, n = 0;

	for (i = 0; i < nheld && i < HELD_MAX; i++)
		if (held[i] == sd)
			n++;
	return (int)n;
}

/* Whether this thread is inside I/O on @sd or on a node below it. */
static bool held_below(struct sysfs_dirent *sd)
{
	struct sysfs_dirent *p;
	unsigned int i;

	for (i = 0; i < nheld && i < HELD_MAX; i++)
		for (p = held[i]; p; p = p->s_parent)
			if (p == sd)
				return true;
	return false;
}

/**
 * sysfs_mark_drained - say that a removed node, and so all below it (they
 * were drained before it), has no I/O left but its remover's own
 * @sd: the node
 */
void sysfs_mark_drained(struct sysfs_dirent *sd)
{
	atomic_set(&sd->s_drained, 1);
	pthread_mutex_lock(&drain_lock);
	pthread_cond_broadcast(&drain_cond);
	pthread_mutex_unlock(&drain_lock);
}

/**
 * sysfs_wait_drained - wait until the thread that removed @sd has drained it
 * @sd: a node already removed, with an ancestor, maybe by another thread
 *
 * A thread inside I/O below @sd does not wait: the remover waits for it,
 * as removal never waits for the remover's own I/O.
 */
void sysfs_wait_drained(struct sysfs_dirent *sd)
{
	if (held_below(sd))
		return;
	pthread_mutex_lock(&drain_lock);
	while (!atomic_read(&sd->s_drained))
		pthread_cond_wait(&drain_cond, &drain_lock);
	pthread_mutex_unlock(&drain_lock);
}

/**
 * sysfs_drain - wait until every active reference of a deactivated node,
 * but the calling thread's own, is dropped
 * @sd: the node; never called with sysfs_rwsem held
 */
void sysfs_drain(struct sysfs_dirent *sd)
{
	int mine = held_by_me(sd);

	pthread_mutex_lock(&drain_lock);
	while (atomic_read(&sd->s_active) - SD_DEACTIVATED_BIAS > mine)
		pthread_cond_wait(&drain_cond, &drain_lock);
	pthread_mutex_unlock(&drain_lock);
}
