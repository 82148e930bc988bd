/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/seq_file.h> for an unchanged 2.6.9 driver: <ldm/seq_file.h>.
 */
#ifndef _LDM_COMPAT_LINUX_SEQ_FILE_H
#define _LDM_COMPAT_LINUX_SEQ_FILE_H

#include <ldm/seq_file.h>

#endif /* _LDM_COMPAT_LINUX_SEQ_FILE_H */
