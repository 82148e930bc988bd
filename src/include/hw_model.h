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

/* ldm_exit(): forget the types a host registered. */
void ldm_models_exit(void);

#endif /* _LDM_HW_MODEL_H */
