/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/stat.h> - the mode bits of <linux/stat.h>: the C library's S_I*
 * and the kernel's groups of them (S_IRUGO, ...), used for the
 * permissions of sysfs attributes, module parameters and /proc entries.
 */
#ifndef _LDM_STAT_H
#define _LDM_STAT_H

#include <sys/stat.h>

#define S_IRWXUGO (S_IRWXU | S_IRWXG | S_IRWXO)
#define S_IALLUGO (S_ISUID | S_ISGID | S_ISVTX | S_IRWXUGO)
#define S_IRUGO	  (S_IRUSR | S_IRGRP | S_IROTH)
#define S_IWUGO	  (S_IWUSR | S_IWGRP | S_IWOTH)
#define S_IXUGO	  (S_IXUSR | S_IXGRP | S_IXOTH)

#endif /* _LDM_STAT_H */
