/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ldm.h - what the verbs of the ldm command share.
 */
#ifndef _LDM_TOOL_H
#define _LDM_TOOL_H

struct ldm_verb {
	const char *name;
	int (*run)(int argc, char *argv[]);
	const char *help; /* one line for `ldm --help` */
};

extern const struct ldm_verb ldm_verb_depmod;
extern const struct ldm_verb ldm_verb_audit;
extern const struct ldm_verb ldm_verb_device;
extern const struct ldm_verb ldm_verb_hw;
extern const struct ldm_verb ldm_verb_dmesg;
extern const struct ldm_verb ldm_verb_exec;
extern const struct ldm_verb ldm_verb_insmod;
extern const struct ldm_verb ldm_verb_lsmod;
extern const struct ldm_verb ldm_verb_monitor;
extern const struct ldm_verb ldm_verb_modinfo;
extern const struct ldm_verb ldm_verb_modprobe;
extern const struct ldm_verb ldm_verb_modpost;
extern const struct ldm_verb ldm_verb_resume;
extern const struct ldm_verb ldm_verb_rmmod;
extern const struct ldm_verb ldm_verb_run;
extern const struct ldm_verb ldm_verb_shutdown;
extern const struct ldm_verb ldm_verb_reboot;
extern const struct ldm_verb ldm_verb_suspend;
extern const struct ldm_verb ldm_verb_symbols;
extern const struct ldm_verb ldm_verb_tree;

#endif /* _LDM_TOOL_H */
