/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/circ_buf.h> for an unchanged 2.6.9 driver: <ldm/circ_buf.h>.
 */
#ifndef _LDM_COMPAT_LINUX_CIRC_BUF_H
#define _LDM_COMPAT_LINUX_CIRC_BUF_H

#include <ldm/circ_buf.h>

#endif /* _LDM_COMPAT_LINUX_CIRC_BUF_H */
