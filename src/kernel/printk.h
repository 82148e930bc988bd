/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * printk.h - what printk.c hands to the log buffer (log_buf.c), as
 * kernel/printk/internal.h.
 */
#ifndef _LDM_PRINTK_H
#define _LDM_PRINTK_H

void log_buf_emit(int level, const char *text, int console_level);
void log_buf_flush(int console_level);

#endif /* _LDM_PRINTK_H */
