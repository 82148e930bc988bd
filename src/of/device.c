// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * device.c - devices made from device tree nodes (drivers/of/device.c of
 * modern Linux): which entry of a match table a device fits, and the
 * MODALIAS and OF_* variables of its events (modern tree only).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <ldm/export.h>
#include <ldm/kobject.h>
#include <ldm/of_device.h>

#include "of_private.h"

/**
 * of_match_device - the entry of a match table that fits a device's node
 * @matches: the table, or NULL
 * @dev: the device
 *
 * Return: the entry, or NULL when @dev has no node or nothing fits.
 */
const struct of_device_id *of_match_device(const struct of_device_id *matches,
					   const struct device *dev)
{
	if (!matches || !dev || !dev->of_node)
		return NULL;
	return of_match_node(matches, dev->of_node);
}
EXPORT_SYMBOL(of_match_device);

/**
 * of_device_get_match_data - the data of the entry of its driver's
 * of_match_table that a bound device fits
 * @dev: the device
 *
 * Return: the entry's data, or NULL.
 */
const void *of_device_get_match_data(const struct device *dev)
{
	const struct of_device_id *match;

	if (!dev || !dev->driver)
		return NULL;
	match = of_match_device(dev->driver->of_match_table, dev);
	return match ? match->data : NULL;
}
EXPORT_SYMBOL(of_device_get_match_data);

/* The strings of a string-list property in turn: *@pos starts at 0. */
static const char *next_string(const struct property *pp, int *pos)
{
	const char *p;
	size_t len;

	if (!pp || !pp->value || *pos >= pp->length)
		return NULL;
	p = (const char *)pp->value + *pos;
	len = strnlen(p, (size_t)(pp->length - *pos));
	if (*pos + (int)len >= pp->length)
		return NULL; /* not NUL-terminated: not a string list */
	*pos += (int)len + 1;
	return p;
}

/* The node's "device_type", or NULL. */
static const char *device_type_of(const struct device_node *np)
{
	struct property *pp = of_find_property(np, "device_type", NULL);
	int pos = 0;

	return next_string(pp, &pos);
}

/**
 * of_device_modalias - a device's modalias: "of:N<name>T<type>C<compatible>..."
 * @dev: the device, made from a node
 * @str: where it goes
 * @len: room in @str
 *
 * As modern Linux: a node without "device_type" has the type "(null)", and
 * a space in a compatible string becomes '_'. Without room the string is
 * cut, NUL-terminated.
 * Return: its length (which may be @len or more when cut), or -ENODEV for
 * a device without a node.
 */
ssize_t of_device_modalias(struct device *dev, char *str, ssize_t len)
{
	struct device_node *np = dev ? dev->of_node : NULL;
	struct property *pp;
	const char *compat, *type;
	size_t room = len > 0 ? (size_t)len : 0;
	ssize_t n;
	int pos = 0;

	if (!np)
		return -ENODEV;
	type = device_type_of(np);
	n = snprintf(str, room, "of:N%sT%s", np->name, type ? type : "(null)");
	pp = of_find_property(np, "compatible", NULL);
	while ((compat = next_string(pp, &pos))) {
		size_t at = (size_t)n, i;

		n += snprintf(at < room ? str + at : NULL, at < room ? room - at : 0, "C%s",
			      compat);
		for (i = at; i < (size_t)n && i < room; i++)
			if (str[i] == ' ')
				str[i] = '_';
	}
	return n;
}
EXPORT_SYMBOL_GPL(of_device_modalias);

/*
 * Whether the property @pp of /aliases names @np: an alias ends in its
 * number ("serial0"), and its value is the path of a node of the board.
 */
static bool alias_of(const struct property *pp, struct device_node *np)
{
	const char *path = pp->value;
	size_t len = strlen(pp->name);
	struct device_node *target;

	if (!len || !isdigit((unsigned char)pp->name[len - 1]) || pp->length <= 0 ||
	    path[pp->length - 1] != '\0')
		return false;
	target = of_find_node_by_path(path);
	of_node_put(target);
	return target == np;
}

/**
 * of_device_uevent - add the OF_* variables of a device's node to an event:
 * OF_NAME, OF_FULLNAME, OF_TYPE (with a "device_type"), OF_COMPATIBLE_<i>
 * for each compatible string, OF_COMPATIBLE_N, and OF_ALIAS_<i>=<alias>
 * for each alias of /aliases naming the node, as modern Linux does
 * @dev: the device; nothing is added without a node
 * @envp: the hotplug() method's envp
 * @num_envp: its room
 * @cur_index: the next free slot, advanced
 * @buffer: the method's buffer
 * @buffer_size: its size
 * @cur_len: bytes used, advanced
 *
 * Return: 0, or -ENOMEM when the event is full.
 */
int of_device_uevent(struct device *dev, char **envp, int num_envp, int *cur_index, char *buffer,
		     int buffer_size, int *cur_len)
{
	struct device_node *np = dev ? dev->of_node : NULL, *aliases;
	const char *type, *compat;
	struct property *pp;
	int pos = 0, n = 0, error = 0;

#define ADD(...) \
	add_hotplug_env_var(envp, num_envp, cur_index, buffer, buffer_size, cur_len, __VA_ARGS__)
	if (!np)
		return 0;
	if (ADD("OF_NAME=%s", np->name) || ADD("OF_FULLNAME=%s", np->full_name))
		return -ENOMEM;
	type = device_type_of(np);
	if (type && ADD("OF_TYPE=%s", type))
		return -ENOMEM;
	pp = of_find_property(np, "compatible", NULL);
	while ((compat = next_string(pp, &pos)))
		if (ADD("OF_COMPATIBLE_%d=%s", n++, compat))
			return -ENOMEM;
	if (ADD("OF_COMPATIBLE_N=%d", n))
		return -ENOMEM;
	aliases = of_find_node_by_path("/aliases");
	n = 0;
	for (pp = aliases ? aliases->properties : NULL; pp && !error; pp = pp->next)
		if (alias_of(pp, np))
			error = ADD("OF_ALIAS_%d=%s", n++, pp->name);
	of_node_put(aliases);
	return error;
#undef ADD
}

/**
 * of_device_uevent_modalias - add MODALIAS=of:... to an event
 * @dev: the device
 * @envp: the hotplug() method's envp
 * @num_envp: its room
 * @cur_index: the next free slot, advanced
 * @buffer: the method's buffer
 * @buffer_size: its size
 * @cur_len: bytes used, advanced
 *
 * Return: 0, -ENODEV for a device without a node, or -ENOMEM when the
 * event is full.
 */
int of_device_uevent_modalias(struct device *dev, char **envp, int num_envp, int *cur_index,
			      char *buffer, int buffer_size, int *cur_len)
{
	char alias[512];
	ssize_t n = of_device_modalias(dev, alias, sizeof(alias));

	if (n < 0)
		return (int)n;
	if (n >= (ssize_t)sizeof(alias))
		return -ENOMEM;
	return add_hotplug_env_var(envp, num_envp, cur_index, buffer, buffer_size, cur_len,
				   "MODALIAS=%s", alias);
}
EXPORT_SYMBOL_GPL(of_device_uevent_modalias);
