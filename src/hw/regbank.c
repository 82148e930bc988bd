// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * regbank.c - a bank of device registers, set up from the board's
 * properties (docs/hardware-i2c.md, "The register bank"): reset values,
 * read-only, write-1-to-clear and clear-on-read masks, a write map, a
 * stuck-bit fault and an interrupt on a bit.
 */
#include <ldm/errno.h>
#include <ldm/interrupt.h>
#include <ldm/kernel.h>
#include <ldm/of.h>
#include <ldm/slab.h>

#include "regbank.h"

static uint32_t width_mask(const struct regbank *rb)
{
	return rb->width == 16 ? 0xffff : 0xff;
}

/* The value a read sees: the register's, with its stuck bits pinned. */
static uint32_t seen(const struct regbank_reg *r)
{
	return (r->value & ~r->stuck_mask) | (r->stuck_value & r->stuck_mask);
}

static bool irq_bit_set(const struct regbank *rb)
{
	if (rb->irq_reg < 0)
		return false;
	return seen(&rb->regs[rb->irq_reg]) & (1u << rb->irq_bit);
}

/* Store @value in register @idx, and count a raise if the IRQ bit rose. */
static void store(struct regbank *rb, unsigned int idx, uint32_t value)
{
	bool was = irq_bit_set(rb);

	rb->regs[idx].value = value & width_mask(rb);
	if (!was && irq_bit_set(rb))
		rb->irq_due++;
}

/**
 * regbank_create - a bank of registers, all zero, without masks
 * @count: how many, 1 to REGBANK_MAX_REGS
 * @width: their width in bits, 8 or 16
 *
 * Return: the bank, or NULL for a bad @count or @width or without memory.
 */
struct regbank *regbank_create(unsigned int count, unsigned int width)
{
	struct regbank *rb;
	unsigned int i;

	if (!count || count > REGBANK_MAX_REGS || (width != 8 && width != 16))
		return NULL;
	rb = kzalloc(sizeof(*rb) + count * sizeof(rb->regs[0]), GFP_KERNEL);
	if (!rb)
		return NULL;
	rb->count = count;
	rb->width = width;
	rb->irq_reg = -1;
	for (i = 0; i < count; i++)
		rb->regs[i].write_to = i;
	return rb;
}

/**
 * regbank_destroy - free a bank
 * @rb: the bank, or NULL
 */
void regbank_destroy(struct regbank *rb)
{
	kfree(rb);
}

/**
 * regbank_reset - give every register its reset value, and drop the
 * interrupts due and the stuck faults
 * @rb: the bank
 */
void regbank_reset(struct regbank *rb)
{
	unsigned int i;

	for (i = 0; i < rb->count; i++) {
		rb->regs[i].value = rb->regs[i].reset;
		rb->regs[i].stuck_mask = 0;
	}
	rb->irq_due = 0;
}

/*
 * Read the property @name of @np as a list of tuples of @n cells each:
 * its cells in *@ret (kfree() it), their number in *@ncells. An absent
 * property is an empty list.
 */
static int read_tuples(const struct device_node *np, const char *name, unsigned int n,
		       const char *what, u32 **ret, int *ncells)
{
	u32 *cells;
	int count, error;

	*ret = NULL;
	*ncells = 0;
	if (!of_find_property(np, name, NULL))
		return 0;
	count = of_property_count_u32_elems(np, name);
	if (count <= 0 || count % n) {
		pr_err("ldm: %s: %s must be a list of <%s> (%u cells each)\n", what, name,
		       n == 3 ? "index bit line" : "index value", n);
		return -EINVAL;
	}
	cells = kmalloc(count * sizeof(*cells), GFP_KERNEL);
	if (!cells)
		return -ENOMEM;
	error = of_property_read_u32_array(np, name, cells, count);
	if (error) {
		kfree(cells);
		return error;
	}
	*ret = cells;
	*ncells = count;
	return 0;
}

static int check_index(const struct regbank *rb, u32 idx, const char *name, const char *what)
{
	if (idx < rb->count)
		return 0;
	pr_err("ldm: %s: %s names register 0x%x; the bank has %u (0 to 0x%x)\n", what, name, idx,
	       rb->count, rb->count - 1);
	return -EINVAL;
}

static int check_value(const struct regbank *rb, u32 value, const char *name, const char *what)
{
	if (!(value & ~width_mask(rb)))
		return 0;
	pr_err("ldm: %s: %s: 0x%x does not fit a %u-bit register\n", what, name, value, rb->width);
	return -EINVAL;
}

/* Which field of a register each <index value> property sets. */
static const struct {
	const char *name;
	size_t offset;
} reg_props[] = {
	{ "ldm,reset", offsetof(struct regbank_reg, reset) },
	{ "ldm,read-only", offsetof(struct regbank_reg, ro) },
	{ "ldm,write-1-to-clear", offsetof(struct regbank_reg, w1c) },
	{ "ldm,clear-on-read", offsetof(struct regbank_reg, cor) },
};

static int configure_pairs(struct regbank *rb, const struct device_node *np, const char *what,
			   const char *name, size_t offset)
{
	u32 *cells;
	int n, i, error;

	error = read_tuples(np, name, 2, what, &cells, &n);
	for (i = 0; !error && i < n; i += 2) {
		error = check_index(rb, cells[i], name, what);
		if (!error)
			error = check_value(rb, cells[i + 1], name, what);
		if (!error)
			*(uint32_t *)((char *)&rb->regs[cells[i]] + offset) = cells[i + 1];
	}
	kfree(cells);
	return error;
}

static int configure_write_map(struct regbank *rb, const struct device_node *np, const char *what)
{
	const char *name = "ldm,write-map";
	u32 *cells;
	int n, i, error;

	error = read_tuples(np, name, 2, what, &cells, &n);
	for (i = 0; !error && i < n; i += 2) {
		error = check_index(rb, cells[i], name, what);
		if (!error)
			error = check_index(rb, cells[i + 1], name, what);
		if (!error)
			rb->regs[cells[i]].write_to = cells[i + 1];
	}
	kfree(cells);
	return error;
}

static int configure_irq(struct regbank *rb, const struct device_node *np, const char *what)
{
	const char *name = "ldm,irq";
	u32 *cells;
	int n, error;

	error = read_tuples(np, name, 3, what, &cells, &n);
	if (error || !n)
		return error;
	error = -EINVAL;
	if (n != 3)
		pr_err("ldm: %s: %s must be one <index bit line>\n", what, name);
	else if (!check_index(rb, cells[0], name, what)) {
		if (cells[1] >= rb->width)
			pr_err("ldm: %s: %s: bit %u is past a %u-bit register\n", what, name,
			       cells[1], rb->width);
		else if (cells[2] >= NR_IRQS)
			pr_err("ldm: %s: %s: line %u is past the last, %u\n", what, name, cells[2],
			       NR_IRQS - 1);
		else {
			rb->irq_reg = cells[0];
			rb->irq_bit = cells[1];
			rb->irq_line = cells[2];
			error = 0;
		}
	}
	kfree(cells);
	return error;
}

/**
 * regbank_configure - set a bank's registers up from a board node
 * @rb: the bank
 * @np: the node: its properties ldm,reset, ldm,read-only,
 *	ldm,write-1-to-clear and ldm,clear-on-read (each a list of <index
 *	value>), ldm,write-map (<index index>, a write of the first lands in
 *	the second) and ldm,irq (<index bit line>), all optional
 * @what: the node's name, for messages
 *
 * The registers take their reset values.
 *
 * Return: 0; -EINVAL for a property that is not such a list, an index
 * past the bank or a value wider than its registers (logged, naming the
 * property); -ENOMEM.
 */
int regbank_configure(struct regbank *rb, const struct device_node *np, const char *what)
{
	unsigned int i;
	int error = 0;

	for (i = 0; !error && i < ARRAY_SIZE(reg_props); i++)
		error = configure_pairs(rb, np, what, reg_props[i].name, reg_props[i].offset);
	if (!error)
		error = configure_write_map(rb, np, what);
	if (!error)
		error = configure_irq(rb, np, what);
	if (!error)
		regbank_reset(rb);
	return error;
}

/**
 * regbank_node_size - a bank's size as a board node gives it
 * @np: the node; ldm,reg-count and ldm,reg-width, when present, override
 *	*@count and *@width
 * @count: the model's number of registers, in and out
 * @width: the model's width of a register, 8 or 16, in and out
 * @what: the node's name, for messages
 *
 * Return: 0, or -EINVAL (logged) for a count of 0 or past REGBANK_MAX_REGS,
 * or a width other than 8 or 16.
 */
int regbank_node_size(const struct device_node *np, unsigned int *count, unsigned int *width,
		      const char *what)
{
	u32 v;

	if (!of_property_read_u32(np, "ldm,reg-count", &v))
		*count = v;
	if (!of_property_read_u32(np, "ldm,reg-width", &v))
		*width = v;
	if (!*count || *count > REGBANK_MAX_REGS || (*width != 8 && *width != 16)) {
		pr_err("ldm: %s: a bank of %u registers of %u bits: the count must be 1 to %u and the width 8 or 16\n",
		       what, *count, *width, REGBANK_MAX_REGS);
		return -EINVAL;
	}
	return 0;
}

/**
 * regbank_from_node - a bank as a board node describes it
 * @np: the node; ldm,reg-count and ldm,reg-width, when present, override
 *	@count and @width, and the rest as regbank_configure() reads it
 * @count: the model's number of registers
 * @width: the model's width of a register, 8 or 16
 * @what: the node's name, for messages
 *
 * Return: the bank, or an ERR_PTR(): -EINVAL for a bad property (logged),
 * -ENOMEM.
 */
struct regbank *regbank_from_node(const struct device_node *np, unsigned int count,
				  unsigned int width, const char *what)
{
	struct regbank *rb;
	int error;

	error = regbank_node_size(np, &count, &width, what);
	if (error)
		return ERR_PTR(error);
	rb = regbank_create(count, width);
	if (!rb)
		return ERR_PTR(-ENOMEM);
	error = regbank_configure(rb, np, what);
	if (error) {
		regbank_destroy(rb);
		return ERR_PTR(error);
	}
	return rb;
}

/**
 * regbank_read - a driver's read of a register
 * @rb: the bank
 * @idx: the register
 * @ret: its value
 *
 * The register's clear-on-read bits are cleared after the read.
 *
 * Return: 0, or -ENXIO for an index past the bank.
 */
int regbank_read(struct regbank *rb, unsigned int idx, uint32_t *ret)
{
	struct regbank_reg *r;

	if (idx >= rb->count)
		return -ENXIO;
	r = &rb->regs[idx];
	*ret = seen(r);
	if (r->cor)
		store(rb, idx, r->value & ~r->cor);
	return 0;
}

/**
 * regbank_peek - a register's value, without a read's side effects
 * @rb: the bank
 * @idx: the register
 * @ret: its value
 *
 * Return: 0, or -ENXIO for an index past the bank.
 */
int regbank_peek(const struct regbank *rb, unsigned int idx, uint32_t *ret)
{
	if (idx >= rb->count)
		return -ENXIO;
	*ret = seen(&rb->regs[idx]);
	return 0;
}

/**
 * regbank_write - a driver's write of a register
 * @rb: the bank
 * @idx: the index written; the write map may send it to another register
 * @value: the value
 *
 * Read-only bits keep their value; a 1 clears a write-1-to-clear bit and a
 * 0 keeps it; the other bits take @value.
 *
 * Return: 0, or -ENXIO for an index past the bank.
 */
int regbank_write(struct regbank *rb, unsigned int idx, uint32_t value)
{
	struct regbank_reg *r;
	uint32_t keep, v;

	if (idx >= rb->count)
		return -ENXIO;
	idx = rb->regs[idx].write_to;
	r = &rb->regs[idx];
	keep = r->ro | r->w1c;
	v = (r->value & keep) | (value & ~keep);
	v &= ~(value & r->w1c & ~r->ro);
	store(rb, idx, v);
	return 0;
}

/**
 * regbank_set - the hardware's side sets a register: no mask applies
 * @rb: the bank
 * @idx: the register (the write map does not apply)
 * @value: the value
 *
 * Return: 0; -ENXIO for an index past the bank; -EINVAL for a value wider
 * than the register.
 */
int regbank_set(struct regbank *rb, unsigned int idx, uint32_t value)
{
	if (idx >= rb->count)
		return -ENXIO;
	if (value & ~width_mask(rb))
		return -EINVAL;
	store(rb, idx, value);
	return 0;
}

/**
 * regbank_stick - a fault: pin bits of a register, whatever is written
 * @rb: the bank
 * @idx: the register
 * @mask: the bits pinned (0 frees them)
 * @value: their value
 *
 * Return: 0; -ENXIO for an index past the bank; -EINVAL for a mask wider
 * than the register.
 */
int regbank_stick(struct regbank *rb, unsigned int idx, uint32_t mask, uint32_t value)
{
	bool was;

	if (idx >= rb->count)
		return -ENXIO;
	if (mask & ~width_mask(rb))
		return -EINVAL;
	was = irq_bit_set(rb);
	rb->regs[idx].stuck_mask = mask;
	rb->regs[idx].stuck_value = value & mask;
	if (!was && irq_bit_set(rb))
		rb->irq_due++;
	return 0;
}

/**
 * regbank_take_irq - take one raise of the bank's line that is due
 * @rb: the bank
 *
 * Return: the line to raise, or -1 when none is due.
 */
int regbank_take_irq(struct regbank *rb)
{
	if (!rb->irq_due)
		return -1;
	rb->irq_due--;
	return rb->irq_line;
}
