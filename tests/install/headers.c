// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * headers.c - the public headers share a translation unit with the C
 * library's, in either order (check-install compiles it both ways, with
 * gcc and clang, -Wall -Wextra -Werror): the types are libc's, and no macro
 * is defined twice differently.
 */
#ifdef LIBC_FIRST
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/param.h>
#include <sys/queue.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/user.h>
#include <time.h>
#include <unistd.h>
#endif

#include <ldm/ldm.h>

#ifndef LIBC_FIRST
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/param.h>
#include <sys/queue.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/user.h>
#include <time.h>
#include <unistd.h>
#endif

_Static_assert(__builtin_types_compatible_p(loff_t, __loff_t), "loff_t is libc's");
_Static_assert(sizeof(PAGE_SIZE) == sizeof(unsigned long) && PAGE_SIZE == 4096, "PAGE_SIZE");

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

	LIST_INIT(&head);
	LIST_INSERT_HEAD(&head, &e, link);
	return list_empty(&kernel_list) && LIST_FIRST(&head) == &e && dev == 0 && size ? 0 : 1;
}
