// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * property.c - reading a node's properties (drivers/of/property.c of
 * modern Linux): cells are big-endian in the blob and native here. Each
 * helper leaves its output untouched unless it returns 0 (or a count).
 */
#include <string.h>
#include <ldm/export.h>

#include "of_private.h"

/*
 * The value of @propname if it holds between @min and @max bytes (@max 0:
 * no upper bound), its length in *@len; else an ERR_PTR: -EINVAL for no
 * such property, -ENODATA for no value, -EOVERFLOW for a wrong size.
 */
static const void *value_of_size(const struct device_node *np, const char *propname, size_t min,
				 size_t max, size_t *len)
{
	struct property *pp = of_find_property(np, propname, NULL);

	if (!pp)
		return ERR_PTR(-EINVAL);
	if (!pp->value || !pp->length)
		return ERR_PTR(-ENODATA);
	if ((size_t)pp->length < min || (max && (size_t)pp->length > max))
		return ERR_PTR(-EOVERFLOW);
	if (len)
		*len = (size_t)pp->length;
	return pp->value;
}

static u32 cell_at(const void *value, size_t index)
{
	u32 be;

	memcpy(&be, (const char *)value + index * sizeof(be), sizeof(be));
	return __builtin_bswap32(be);
}

/**
 * of_property_count_elems_of_size - how many elements of a size a property holds
 * @np: the node
 * @propname: the property
 * @elem_size: the size of one element, in bytes
 *
 * Return: the count; -EINVAL if there is no such property or its length is
 * not a multiple of @elem_size, -ENODATA if it has no value.
 */
int of_property_count_elems_of_size(const struct device_node *np, const char *propname,
				    int elem_size)
{
	struct property *pp = of_find_property(np, propname, NULL);

	if (!pp || elem_size <= 0)
		return -EINVAL;
	if (!pp->value || !pp->length)
		return -ENODATA;
	if (pp->length % elem_size)
		return -EINVAL;
	return pp->length / elem_size;
}
EXPORT_SYMBOL_GPL(of_property_count_elems_of_size);

/**
 * of_property_read_u32_index - read one cell of a property
 * @np: the node
 * @propname: the property
 * @index: which cell, from 0
 * @out_value: where it goes
 *
 * Return: 0; -EINVAL if there is no such property, -ENODATA if it has no
 * value, -EOVERFLOW if it has no cell @index.
 */
int of_property_read_u32_index(const struct device_node *np, const char *propname, u32 index,
			       u32 *out_value)
{
	const void *val = value_of_size(np, propname, ((size_t)index + 1) * sizeof(u32), 0, NULL);

	if (IS_ERR(val))
		return (int)PTR_ERR(val);
	*out_value = cell_at(val, index);
	return 0;
}
EXPORT_SYMBOL_GPL(of_property_read_u32_index);

/**
 * of_property_read_variable_u32_array - read between @sz_min and @sz_max cells
 * @np: the node
 * @propname: the property
 * @out_values: where they go
 * @sz_min: the fewest cells the property may hold
 * @sz_max: the most it may hold; 0 for no bound, and then @sz_min are read
 *
 * Return: how many cells were read; -EINVAL if there is no such property,
 * -ENODATA if it has no value, -EOVERFLOW if it holds too few or too many.
 */
int of_property_read_variable_u32_array(const struct device_node *np, const char *propname,
					u32 *out_values, size_t sz_min, size_t sz_max)
{
	size_t len, n, i;
	const void *val =
		value_of_size(np, propname, sz_min * sizeof(u32), sz_max * sizeof(u32), &len);

	if (IS_ERR(val))
		return (int)PTR_ERR(val);
	n = sz_max ? len / sizeof(u32) : sz_min;
	for (i = 0; i < n; i++)
		out_values[i] = cell_at(val, i);
	return (int)n;
}
EXPORT_SYMBOL_GPL(of_property_read_variable_u32_array);

/**
 * of_property_read_u64 - read a 64-bit number (two cells) from a property
 * @np: the node
 * @propname: the property
 * @out_value: where it goes
 *
 * Return: 0; -EINVAL, -ENODATA or -EOVERFLOW as of_property_read_u32_index().
 */
int of_property_read_u64(const struct device_node *np, const char *propname, u64 *out_value)
{
	const void *val = value_of_size(np, propname, sizeof(u64), 0, NULL);

	if (IS_ERR(val))
		return (int)PTR_ERR(val);
	*out_value = ((u64)cell_at(val, 0) << 32) | cell_at(val, 1);
	return 0;
}
EXPORT_SYMBOL_GPL(of_property_read_u64);

/**
 * of_property_read_string - the string a property holds
 * @np: the node
 * @propname: the property
 * @out_string: where a pointer to it goes (into the node: not a copy)
 *
 * Return: 0; -EINVAL if there is no such property, -ENODATA if it has no
 * value, -EILSEQ if it is not NUL-terminated.
 */
int of_property_read_string(const struct device_node *np, const char *propname,
			    const char **out_string)
{
	struct property *pp = of_find_property(np, propname, NULL);

	if (!pp)
		return -EINVAL;
	if (!pp->value || !pp->length)
		return -ENODATA;
	if (strnlen(pp->value, (size_t)pp->length) >= (size_t)pp->length)
		return -EILSEQ;
	*out_string = pp->value;
	return 0;
}
EXPORT_SYMBOL_GPL(of_property_read_string);

/**
 * of_property_match_string - where a string stands in a string-list property
 * @np: the node
 * @propname: the property
 * @string: the string, compared exactly
 *
 * Return: its index from 0; -EINVAL if there is no such property, -ENODATA
 * if it has no value or does not hold @string, -EILSEQ if the list is not
 * NUL-terminated.
 */
int of_property_match_string(const struct device_node *np, const char *propname, const char *string)
{
	struct property *pp = of_find_property(np, propname, NULL);
	const char *p, *end;
	size_t len;
	int i;

	if (!pp || !string)
		return -EINVAL;
	if (!pp->value || !pp->length)
		return -ENODATA;
	p = pp->value;
	end = p + pp->length;
	for (i = 0; p < end; i++, p += len + 1) {
		len = strnlen(p, (size_t)(end - p));
		if (p + len == end)
			return -EILSEQ;
		if (!strcmp(p, string))
			return i;
	}
	return -ENODATA;
}
EXPORT_SYMBOL_GPL(of_property_match_string);
