/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * hw_model.h - what the board loader (of/board.c) asks of the device
 * models (hw/model.c). Private to libldm.
 */
#ifndef _LDM_HW_MODEL_H
#define _LDM_HW_MODEL_H

struct device_node;

/*
 * Make a model of each node of @root that names a model type, logged as
 * @what; a node that cannot be one is logged and left out. Return: how
 * many were left out.
 */
unsigned int ldm_models_bind(struct device_node *root, const char *what);

/* Remove every model of the loaded board. */
void ldm_models_unbind(void);

/*
 * The models below @np, a PCI function hotplugged in or out: made as
 * ldm_models_bind() makes them (returning how many were left out), or
 * removed.
 */
unsigned int ldm_models_bind_below(struct device_node *np);
void ldm_models_unbind_below(const struct device_node *np);

/* ldm_exit(): forget the types a host registered. */
void ldm_models_exit(void);

#endif /* _LDM_HW_MODEL_H */
