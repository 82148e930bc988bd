/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/dmi.h> - the DMI (SMBIOS) quirk tables of 2.6.9's <linux/dmi.h>. The
 * runtime is no PC with a BIOS: it has no DMI table, so nothing matches,
 * as on a 2.6.9 kernel booted on a machine without one.
 */
#ifndef _LDM_DMI_H
#define _LDM_DMI_H

#include <ldm/compiler.h>

#pragma GCC visibility push(default)

enum dmi_field {
	DMI_NONE,
	DMI_BIOS_VENDOR,
	DMI_BIOS_VERSION,
	DMI_BIOS_DATE,
	DMI_SYS_VENDOR,
	DMI_PRODUCT_NAME,
	DMI_PRODUCT_VERSION,
	DMI_BOARD_VENDOR,
	DMI_BOARD_NAME,
	DMI_BOARD_VERSION,
	DMI_STRING_MAX,
};

/**
 * struct dmi_strmatch - one field a system must have
 * @slot: the field (enum dmi_field)
 * @substr: what the field must contain
 */
struct dmi_strmatch {
	unsigned char slot;
	char *substr;
};

/**
 * struct dmi_system_id - a system, by the fields it matches, and its quirk
 * @callback: called for a system that matches; nonzero stops the scan
 * @ident: its name
 * @matches: up to four fields, all of which must match
 * @driver_data: the driver's own
 */
struct dmi_system_id {
	int (*callback)(struct dmi_system_id *);
	char *ident;
	struct dmi_strmatch matches[4];
	void *driver_data;
};

#define DMI_MATCH(a, b) \
	{ \
		a, b \
	}

int dmi_check_system(struct dmi_system_id *list);
char *dmi_get_system_info(int field);

#pragma GCC visibility pop

#endif /* _LDM_DMI_H */
