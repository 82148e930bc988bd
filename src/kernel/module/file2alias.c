// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * file2alias.c - the aliases of a module object's device tables
 * (scripts/mod/file2alias.c of kbuild): each MODULE_DEVICE_TABLE(type, name)
 * leaves a symbol __mod_<type>__<name>_device_table on the table, whose
 * entries, laid out as <ldm/mod_devicetable.h> has them, become the
 * module's "alias=" tags. `ldm modpost` writes them into NAME.mod.c.
 */
#include <ctype.h>
#include <elf.h>
#include <stdio.h>
#include <string.h>
#include <ldm/errno.h>
#include <ldm/mod_devicetable.h>
#include <libldm/modfile.h>

#include "internal.h"

typedef int (*alias_fn)(const char *alias, void *data);

/* "platform:<name>", as do_platform_entry(). */
static int platform_entry(const void *entry, alias_fn fn, void *data)
{
	const struct platform_device_id *id = entry;
	char alias[sizeof(PLATFORM_MODULE_PREFIX) + PLATFORM_NAME_SIZE];

	snprintf(alias, sizeof(alias), PLATFORM_MODULE_PREFIX "%.*s", PLATFORM_NAME_SIZE, id->name);
	return fn(alias, data);
}

/* A char array of a table entry as a string, "*" when empty. */
static const char *field(const char *f, size_t size, char *buf)
{
	size_t len = strnlen(f, size);

	if (!len)
		return "*";
	memcpy(buf, f, len);
	buf[len] = '\0';
	return buf;
}

/*
 * "of:N<name>T<type>C<compatible>" ('*' for an empty name or type, '*'
 * before C when a type is given, spaces as '_'), and the same with "C*"
 * after it for a node that has more compatible strings, as modern
 * do_of_entry().
 */
static int of_entry(const void *entry, alias_fn fn, void *data)
{
	const struct of_device_id *id = entry;
	char name[sizeof(id->name) + 1], type[sizeof(id->type) + 1];
	char compat[sizeof(id->compatible) + 1], alias[512], *p;
	int len, error;

	len = snprintf(alias, sizeof(alias), "of:N%sT%s", field(id->name, sizeof(id->name), name),
		       field(id->type, sizeof(id->type), type));
	if (id->compatible[0])
		snprintf(alias + len, sizeof(alias) - (size_t)len, "%sC%s", id->type[0] ? "*" : "",
			 field(id->compatible, sizeof(id->compatible), compat));
	for (p = alias; *p; p++)
		if (isspace((unsigned char)*p))
			*p = '_';
	error = fn(alias, data);
	if (error)
		return error;
	strcat(alias, "C*");
	return fn(alias, data);
}

/* Append "<sep>%08X", or "<sep>*" when @any. */
static void add_field(char *alias, size_t size, const char *sep, bool any, unsigned int value,
		      int width)
{
	size_t len = strlen(alias);

	if (any)
		snprintf(alias + len, size - len, "%s*", sep);
	else
		snprintf(alias + len, size - len, "%s%0*X", sep, width, value);
}

/*
 * "pci:v<vendor>d<device>sv<subvendor>sd<subdevice>bc<base>sc<sub>i<prog-if>",
 * eight hex digits each id and two each class byte, '*' for PCI_ANY_ID and
 * for a class byte the mask leaves out, as kbuild's do_pci_entry(). A
 * class mask that covers part of a byte cannot be written: no alias.
 */
static int pci_entry(const void *entry, alias_fn fn, void *data)
{
	const struct pci_device_id *id = entry;
	unsigned int masks[3] = { (id->class_mask >> 16) & 0xff, (id->class_mask >> 8) & 0xff,
				  id->class_mask & 0xff };
	static const char *const seps[3] = { "bc", "sc", "i" };
	char alias[128] = "pci:";
	int i;

	for (i = 0; i < 3; i++)
		if (masks[i] != 0 && masks[i] != 0xff)
			return 0;
	add_field(alias, sizeof(alias), "v", id->vendor == (unsigned int)PCI_ANY_ID, id->vendor, 8);
	add_field(alias, sizeof(alias), "d", id->device == (unsigned int)PCI_ANY_ID, id->device, 8);
	add_field(alias, sizeof(alias), "sv", id->subvendor == (unsigned int)PCI_ANY_ID,
		  id->subvendor, 8);
	add_field(alias, sizeof(alias), "sd", id->subdevice == (unsigned int)PCI_ANY_ID,
		  id->subdevice, 8);
	for (i = 0; i < 3; i++)
		add_field(alias, sizeof(alias), seps[i], masks[i] != 0xff,
			  (id->class >> (16 - 8 * i)) & 0xff, 2);
	if (alias[strlen(alias) - 1] != '*')
		strcat(alias, "*");
	return fn(alias, data);
}

/* "pnp:d<id>*", as modern kbuild's do_pnp_device_entry(). */
static int pnp_entry(const void *entry, alias_fn fn, void *data)
{
	const struct pnp_device_id *id = entry;
	char buf[PNP_ID_LEN + 1], alias[32];

	snprintf(alias, sizeof(alias), "pnp:d%s*", field(id->id, sizeof(id->id), buf));
	return fn(alias, data);
}

/*
 * "usb:v<vendor>p<product>d<bcdDevice>dc<class>dsc<sub>dp<proto>ic<class>
 * isc<sub>ip<proto>*", four hex digits each id and two each class byte,
 * '*' for a field the entry's match_flags leave out, as kbuild's
 * do_usb_entry() and what the USB core's MODALIAS of an interface says. A
 * range of bcdDevice (USB_DEVICE_VER) is written "d*": the alias may then
 * load the module for a release outside it, whose probe the id table
 * still refuses.
 */
static int usb_entry(const void *entry, alias_fn fn, void *data)
{
	const struct usb_device_id *id = entry;
	unsigned int f = id->match_flags;
	bool exact = (f & USB_DEVICE_ID_MATCH_DEV_LO) && (f & USB_DEVICE_ID_MATCH_DEV_HI) &&
		     id->bcdDevice_lo == id->bcdDevice_hi;
	char alias[128] = "usb:";

	add_field(alias, sizeof(alias), "v", !(f & USB_DEVICE_ID_MATCH_VENDOR), id->idVendor, 4);
	add_field(alias, sizeof(alias), "p", !(f & USB_DEVICE_ID_MATCH_PRODUCT), id->idProduct, 4);
	add_field(alias, sizeof(alias), "d", !exact, id->bcdDevice_lo, 4);
	add_field(alias, sizeof(alias), "dc", !(f & USB_DEVICE_ID_MATCH_DEV_CLASS),
		  id->bDeviceClass, 2);
	add_field(alias, sizeof(alias), "dsc", !(f & USB_DEVICE_ID_MATCH_DEV_SUBCLASS),
		  id->bDeviceSubClass, 2);
	add_field(alias, sizeof(alias), "dp", !(f & USB_DEVICE_ID_MATCH_DEV_PROTOCOL),
		  id->bDeviceProtocol, 2);
	add_field(alias, sizeof(alias), "ic", !(f & USB_DEVICE_ID_MATCH_INT_CLASS),
		  id->bInterfaceClass, 2);
	add_field(alias, sizeof(alias), "isc", !(f & USB_DEVICE_ID_MATCH_INT_SUBCLASS),
		  id->bInterfaceSubClass, 2);
	add_field(alias, sizeof(alias), "ip", !(f & USB_DEVICE_ID_MATCH_INT_PROTOCOL),
		  id->bInterfaceProtocol, 2);
	if (alias[strlen(alias) - 1] != '*')
		strcat(alias, "*");
	return fn(alias, data);
}

static const struct devtable {
	const char *type;
	size_t id_size;
	int (*entry)(const void *entry, alias_fn fn, void *data);
} devtables[] = {
	{ "platform", sizeof(struct platform_device_id), platform_entry },
	{ "of", sizeof(struct of_device_id), of_entry },
	{ "pci", sizeof(struct pci_device_id), pci_entry },
	{ "pnp", sizeof(struct pnp_device_id), pnp_entry },
	{ "usb", sizeof(struct usb_device_id), usb_entry },
};

/* The table type of a symbol __mod_<type>__<name>_device_table, or NULL. */
static const struct devtable *devtable_of(const char *sym)
{
	static const char prefix[] = "__mod_", suffix[] = "_device_table";
	size_t len = strlen(sym), i, tlen;

	if (strncmp(sym, prefix, sizeof(prefix) - 1) || len < sizeof(suffix) ||
	    strcmp(sym + len - (sizeof(suffix) - 1), suffix))
		return NULL;
	sym += sizeof(prefix) - 1;
	for (i = 0; i < sizeof(devtables) / sizeof(devtables[0]); i++) {
		tlen = strlen(devtables[i].type);
		if (!strncmp(sym, devtables[i].type, tlen) && !strncmp(sym + tlen, "__", 2))
			return &devtables[i];
	}
	return NULL;
}

static bool all_zero(const unsigned char *p, size_t n)
{
	while (n--)
		if (*p++)
			return false;
	return true;
}

/* The entries of one table, checked as modpost checks them. */
static int do_table(const struct ldm_modfile *mf, const struct ldm_modfile_symbol *sym,
		    const struct devtable *t, alias_fn fn, void *data)
{
	struct ldm_modfile_section sec;
	const unsigned char *image, *table;
	size_t len, i;
	int error;

	if (sym->shndx == SHN_UNDEF || sym->shndx >= SHN_LORESERVE ||
	    ldm_modfile_section(mf, sym->shndx, &sec) || sec.type == SHT_NOBITS ||
	    sym->value > sec.size || sym->size > sec.size - sym->value)
		return modfile_refuse("%s is not within a section with contents", sym->name);
	if (sym->size < t->id_size || sym->size % t->id_size)
		return modfile_refuse("%s is %lu bytes, not a whole number of %s entries of %zu",
				      sym->name, sym->size, t->type, t->id_size);
	image = ldm_modfile_image(mf, &len);
	table = image + sec.offset + sym->value;
	if (!all_zero(table + sym->size - t->id_size, t->id_size))
		return modfile_refuse("%s does not end with an empty entry", sym->name);
	/* The last one is the end of the table. */
	for (i = 0; i + t->id_size < sym->size; i += t->id_size) {
		error = t->entry(table + i, fn, data);
		if (error)
			return error;
	}
	return 0;
}

/**
 * ldm_modfile_for_each_device_alias - the aliases of a module's device
 * tables, as kbuild's file2alias makes them
 * @mf: the module file (an object before `ldm modpost`, or a .ko)
 * @fn: called with each alias, in symbol table order then table order
 * @data: passed to @fn
 *
 * Return: 0; what @fn returned to stop; -ENOEXEC for a table that is not a
 * whole number of entries, does not end with an empty one, or lies outside
 * its section (ldm_modfile_why() says which).
 */
int ldm_modfile_for_each_device_alias(const struct ldm_modfile *mf,
				      int (*fn)(const char *alias, void *data), void *data)
{
	struct ldm_modfile_symbol sym;
	const struct devtable *t;
	size_t i, n;
	int error;

	if (!mf || !fn)
		return -EINVAL;
	n = ldm_modfile_symbol_count(mf);
	for (i = 1; i < n; i++) {
		if (ldm_modfile_symbol(mf, i, &sym) || sym.type != STT_OBJECT)
			continue;
		t = devtable_of(sym.name);
		if (!t)
			continue;
		error = do_table(mf, &sym, t, fn, data);
		if (error)
			return error;
	}
	return 0;
}
