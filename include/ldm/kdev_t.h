/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/kdev_t.h> - device numbers as <linux/kdev_t.h> of 2.6.9 encodes them
 * (12 bits of major, 20 of minor), carried in the C library's dev_t.
 */
#ifndef _LDM_KDEV_T_H
#define _LDM_KDEV_T_H

#include <stdio.h>
#include <sys/types.h>

#define MINORBITS 20
#define MINORMASK ((1U << MINORBITS) - 1)

#define MAJOR(dev)    ((unsigned int)((dev) >> MINORBITS))
#define MINOR(dev)    ((unsigned int)((dev)&MINORMASK))
#define MKDEV(ma, mi) ((dev_t)(((dev_t)(ma) << MINORBITS) | (mi)))

/* "major:minor\n", as the dev attribute of a class device reads. */
static inline int print_dev_t(char *buffer, dev_t dev)
{
	return sprintf(buffer, "%u:%u\n", MAJOR(dev), MINOR(dev));
}

#endif /* _LDM_KDEV_T_H */
