/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/time.h> - the wall clock of <linux/time.h>: struct timeval and
 * struct timespec (the C library's), do_gettimeofday() and get_seconds().
 */
#ifndef _LDM_TIME_H
#define _LDM_TIME_H

#include <sys/time.h>
#include <time.h>
#include <ldm/param.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

#ifndef NSEC_PER_SEC
#define MSEC_PER_SEC  1000L
#define USEC_PER_SEC  1000000L
#define NSEC_PER_SEC  1000000000L
#define NSEC_PER_USEC 1000L
#endif

void do_gettimeofday(struct timeval *tv);
unsigned long get_seconds(void);
struct timespec current_kernel_time(void);

#pragma GCC visibility pop

#endif /* _LDM_TIME_H */
