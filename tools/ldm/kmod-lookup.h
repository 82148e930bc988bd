/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kmod-lookup.h - a module name or alias looked up as modprobe looks it up:
 * through libkmod, in a modules directory depmod wrote (ldm depmod).
 */
#ifndef _LDM_KMOD_LOOKUP_H
#define _LDM_KMOD_LOOKUP_H

/*
 * Call @fn with the path of each module @name names in @dir, an alias
 * naming several; with no configuration read (no /etc/modprobe.d). Return:
 * 0, -ENOENT if none, what @fn returned to stop, or another -errno after a
 * message "ldm VERB: ..." on stderr.
 */
int tool_kmod_lookup(const char *verb, const char *dir, const char *name,
		     int (*fn)(const char *path, void *data), void *data);

#endif /* _LDM_KMOD_LOOKUP_H */
