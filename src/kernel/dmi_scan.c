// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * dmi_scan.c - the DMI quirk tables (arch/i386/kernel/dmi_scan.c of 2.6.9)
 * on a machine with no DMI table: the runtime's.
 */
#include <ldm/dmi.h>
#include <ldm/export.h>

/**
 * dmi_check_system - run the callbacks of the systems this one matches
 * @list: systems, ended by an entry with no ident
 *
 * Return: how many matched: 0, as there is no DMI table to match.
 */
int dmi_check_system(struct dmi_system_id *list)
{
	(void)list;
	return 0;
}
EXPORT_SYMBOL(dmi_check_system);

/**
 * dmi_get_system_info - a field of this system's DMI table
 * @field: an enum dmi_field
 *
 * Return: NULL: there is no table.
 */
char *dmi_get_system_info(int field)
{
	(void)field;
	return NULL;
}
EXPORT_SYMBOL(dmi_get_system_info);
