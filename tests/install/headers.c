// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * headers.c - the public headers share a translation unit with the C
 * library's, in either order (check-install compiles it both ways, with
 * gcc and clang, -Wall -Wextra -Werror): the types are libc's, and no macro
 * is defined twice differently.
 */
#ifdef LIBC_FIRST
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/param.h>
#include <sys/queue.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#endif

#include <ldm/ldm.h>
#include <libldm/libldm.h>
#include <ldmd/control.h>

#ifndef LIBC_FIRST
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/param.h>
#include <sys/queue.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#endif

_Static_assert(__builtin_types_compatible_p(loff_t, __loff_t), "loff_t is libc's");
_Static_assert(sizeof(PAGE_SIZE) == sizeof(unsigned long) && PAGE_SIZE == 4096, "PAGE_SIZE");
/* HZ from <sys/param.h> and from <ldm/param.h> is one definition. */
_Static_assert(HZ == 100, "HZ");
_Static_assert(ERESTARTSYS == 512 && EINTR != ERESTARTSYS, "ERESTARTSYS beside libc's errno");
_Static_assert(WNOHANG == 1, "<sys/wait.h>'s WNOHANG beside <ldm/wait.h>");

/* The kernel's services, statically initialized, in a program's file. */
static DEFINE_SPINLOCK(spin);
static spinlock_t spin_2_6_9 = SPIN_LOCK_UNLOCKED;
static DEFINE_RWLOCK(rwlock);
static DEFINE_MUTEX(mutex);
static DECLARE_WAIT_QUEUE_HEAD(wq);
static DECLARE_COMPLETION(done);
static void timer_fn(unsigned long data)
{
	(void)data;
}
static DEFINE_TIMER(timer, timer_fn, 0, 0);
static void old_work_fn(void *data)
{
	(void)data;
}
static void new_work_fn(struct work_struct *work)
{
	(void)work;
}
static DECLARE_WORK(old_work, old_work_fn, NULL);
static DECLARE_WORK(new_work, new_work_fn);

/* The kernel's LIST_HEAD and BSD's, side by side. */
static LIST_HEAD(kernel_list);
LIST_HEAD(bsd_head, bsd_entry);
struct bsd_entry {
	int v;
	LIST_ENTRY(bsd_entry) link;
};

int main(void)
{
	struct bsd_head head = LIST_HEAD_INITIALIZER(head);
	struct bsd_entry e = { .v = 1 };
	dev_t dev = 0;
	size_t size = sizeof(struct kobject);

	unsigned long flags, then = jiffies;
	char buf[4];
	int ok;

	LIST_INIT(&head);
	LIST_INSERT_HEAD(&head, &e, link);
	spin_lock_irqsave(&spin, flags);
	spin_unlock_irqrestore(&spin, flags);
	spin_lock(&spin_2_6_9);
	spin_unlock(&spin_2_6_9);
	read_lock(&rwlock);
	read_unlock(&rwlock);
	mutex_lock(&mutex);
	mutex_unlock(&mutex);
	wake_up(&wq);
	complete(&done);
	wait_for_completion(&done);
	ok = strlcpy(buf, "truncated", sizeof(buf)) == 9 && simple_strtoul("0x10", NULL, 0) == 16 &&
	     time_after_eq(jiffies, then) && current != NULL && !timer_pending(&timer) &&
	     !work_pending(&old_work) && !work_pending(&new_work) && msecs_to_jiffies(1000) == HZ;
	return ok && list_empty(&kernel_list) && LIST_FIRST(&head) == &e && dev == 0 && size ? 0 :
											       1;
}
