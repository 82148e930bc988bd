/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * goal.h - a figure beside its goal: every benchmark prints each goal it
 * measures on one line, with "ok" or "MISSED", and exits 1 when one was
 * missed, so that `make bench` fails on a slip (docs/bench.md).
 */
#ifndef _BENCH_GOAL_H
#define _BENCH_GOAL_H

#include <stdbool.h>
#include <stdio.h>

static unsigned int bench_goals_missed;

/**
 * bench_goal_max - print a figure that must stay at or under a goal
 * @what: what the figure is
 * @figure: the figure measured
 * @unit: its unit ("" for a ratio)
 * @goal: the largest figure that meets the goal
 */
static inline void bench_goal_max(const char *what, double figure, const char *unit, double goal)
{
	bool ok = figure <= goal;

	if (!ok)
		bench_goals_missed++;
	printf("goal: %-48s %10.2f%-2s  <= %-10g %s\n", what, figure, unit, goal,
	       ok ? "ok" : "MISSED");
}

/**
 * bench_goal_min - print a figure that must reach at least a goal
 * @what: what the figure is
 * @figure: the figure measured
 * @unit: its unit
 * @goal: the smallest figure that meets the goal
 */
static inline void bench_goal_min(const char *what, double figure, const char *unit, double goal)
{
	bool ok = figure >= goal;

	if (!ok)
		bench_goals_missed++;
	printf("goal: %-48s %10.0f%-2s  >= %-10g %s\n", what, figure, unit, goal,
	       ok ? "ok" : "MISSED");
}

/* What main() returns: 1 when a goal was missed. */
static inline int bench_goals_status(void)
{
	return bench_goals_missed ? 1 : 0;
}

#endif /* _BENCH_GOAL_H */
