// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bind.c - the models of a board (docs/hardware.md, "Board bindings"):
 * each node that names a model type becomes a model, its "reg" entries
 * claimed in the port space (below an "isa" bus node) or the memory space
 * (elsewhere), its "interrupts" its lines; a model on a PCI function has
 * its function's BARs and line instead. A node that cannot be a model
 * is logged, naming the node and the cause, and left out; the rest of the
 * board goes on, as the kernel goes on past a bad devicetree node.
 */
#include <endian.h>
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <ldm/kernel.h>
#include <ldm/of.h>
#include <ldm/slab.h>
#include <ldm/string.h>
#include <libldm/hw.h>

#include "hw_model.h"
#include "iospace.h"
#include "model.h"

/* NR_IRQS of <ldm/interrupt.h>, a layer below. */
#define MODEL_NR_IRQS 224

/* The loaded board's name, for the models a hotplugged function brings. */
static pthread_mutex_t board_lock = PTHREAD_MUTEX_INITIALIZER;
static char board_what[256];

static uint32_t cell(const void *p, unsigned int i)
{
	uint32_t be;

	memcpy(&be, (const char *)p + 4 * i, 4);
	return be32toh(be);
}

/* A one-cell "#...-cells" of @bus, @def if absent; -1 if not one cell. */
static int bus_cells(const struct device_node *bus, const char *prop, int def)
{
	const void *v;
	int len;

	v = of_get_property(bus, prop, &len);
	if (!v)
		return def;
	return len == 4 ? (int)cell(v, 0) : -1;
}

/* Whether @np sits on an ISA bus: its parent is compatible with "isa". */
static bool on_isa(const struct device_node *np)
{
	return np->parent && of_device_is_compatible(np->parent, "isa");
}

/*
 * Whether @np is a "bar@N" of a PCI function: its grandparent is a PCI
 * host, and its parent is not an ISA bridge (whose children are on ports).
 */
static bool on_pci_function(const struct device_node *np)
{
	return !on_isa(np) && np->parent && np->parent->parent &&
	       of_device_is_compatible(np->parent->parent, "ldm,pci-host");
}

/*
 * Region @i of @m, behind BAR @bar of its PCI function: the function's
 * "reg" entry for that BAR (docs/pci.md), 5 cells of which phys.hi gives
 * the space (01 I/O, 10 32-bit memory) and the register, phys.lo the
 * address and size.lo the size. The PCI host checks the entries' shape.
 */
static int read_bar_region(struct ldm_model *m, unsigned int i, uint32_t bar)
{
	const struct device_node *fn = m->np->parent;
	unsigned int e, n;
	const void *reg;
	int len;

	reg = of_get_property(fn, "reg", &len);
	n = reg && len > 0 ? (unsigned int)len / 20 : 0;
	for (e = 1; bar < 6 && e < n; e++) {
		uint32_t hi = cell(reg, e * 5), ss = (hi >> 24) & 3;

		if ((hi & 0xff) != 0x10 + 4 * bar || (ss != 1 && ss != 2) || !cell(reg, e * 5 + 4))
			continue;
		m->regions[i] = (struct model_region){ .model = m,
						       .type = m->type,
						       .index = i,
						       .space = ss == 1 ? LDM_HW_PORT : LDM_HW_MMIO,
						       .start = cell(reg, e * 5 + 2),
						       .len = cell(reg, e * 5 + 4) };
		return 0;
	}
	ldm_model_err(m, "reg names BAR %u, which %s does not have", bar, fn->full_name);
	return -EINVAL;
}

/*
 * The regions of a model behind its PCI function's BARs: "reg" lists BAR
 * numbers, one cell each, and each BAR's range is a region.
 */
static int read_bar_regions(struct ldm_model *m)
{
	const void *reg;
	unsigned int i, n;
	int len, err;

	reg = of_get_property(m->np, "reg", &len);
	if (!reg || len <= 0 || len % 4 || len / 4 > LDM_MODEL_MAX_REGIONS) {
		ldm_model_err(m, "a model on a PCI function needs \"reg\": 1 to %d BAR numbers",
			      LDM_MODEL_MAX_REGIONS);
		return -EINVAL;
	}
	n = (unsigned int)len / 4;
	for (i = 0; i < n; i++) {
		err = read_bar_region(m, i, cell(reg, i));
		if (err)
			return err;
	}
	m->nr_regions = n;
	return 0;
}

/* The regions of @m from its node's "reg"; -EINVAL, logged, if wrong. */
static int read_regions(struct ldm_model *m)
{
	const struct device_node *np = m->np;
	enum ldm_hw_space space = on_isa(np) ? LDM_HW_PORT : LDM_HW_MMIO;
	unsigned long end = space == LDM_HW_PORT ? 0xffffUL : ~0UL;
	int ac = bus_cells(np->parent, "#address-cells", 2);
	int sc = bus_cells(np->parent, "#size-cells", 1);
	unsigned int i, n;
	const void *reg;
	int len;

	if (on_pci_function(np))
		return read_bar_regions(m);
	reg = of_get_property(np, "reg", &len);
	if (!reg || !len) {
		ldm_model_err(m, "a model needs \"reg\": where its registers are");
		return -EINVAL;
	}
	if (ac < 1 || ac > 2 || sc < 1 || sc > 2 || (space == LDM_HW_PORT && ac != 1)) {
		ldm_model_err(m,
			      "its bus has #address-cells %d and #size-cells %d: a model reads "
			      "1 or 2 of each (1 address cell on an isa bus)",
			      ac, sc);
		return -EINVAL;
	}
	if (len % (4 * (ac + sc))) {
		ldm_model_err(m, "reg is %d bytes, not a multiple of %d cells", len, ac + sc);
		return -EINVAL;
	}
	n = (unsigned int)len / (4U * (unsigned int)(ac + sc));
	if (n > LDM_MODEL_MAX_REGIONS) {
		ldm_model_err(m, "reg has %u entries: a model has at most %d", n,
			      LDM_MODEL_MAX_REGIONS);
		return -EINVAL;
	}
	for (i = 0; i < n; i++) {
		unsigned int c = i * (unsigned int)(ac + sc);
		uint64_t start = cell(reg, c), size = cell(reg, c + (unsigned int)ac);

		if (ac == 2)
			start = start << 32 | cell(reg, c + 1);
		if (sc == 2)
			size = size << 32 | cell(reg, c + (unsigned int)ac + 1);
		if (!size || start > end || size - 1 > end - start) {
			ldm_model_err(
				m, "reg entry %u (0x%llx, size 0x%llx) is not a range of the %s", i,
				(unsigned long long)start, (unsigned long long)size,
				space == LDM_HW_PORT ? "port space (0 to 0xffff)" : "memory space");
			return -EINVAL;
		}
		m->regions[i] = (struct model_region){ .model = m,
						       .type = m->type,
						       .index = i,
						       .space = space,
						       .start = (unsigned long)start,
						       .len = (unsigned long)size };
	}
	m->nr_regions = n;
	return 0;
}

/*
 * A model on a PCI function without "interrupts" of its own has the
 * function's: the line its interrupt pin is routed to ("ldm,irq-line").
 */
static int read_function_irq(struct ldm_model *m)
{
	const struct device_node *fn = m->np->parent;
	const void *pin, *line;
	int plen, llen;

	pin = of_get_property(fn, "interrupts", &plen);
	line = of_get_property(fn, "ldm,irq-line", &llen);
	if (!pin || plen != 4 || !cell(pin, 0) || !line || llen != 4)
		return 0;
	if (cell(line, 0) >= MODEL_NR_IRQS) {
		ldm_model_err(m, "its function's line %u is past the last line (%d)", cell(line, 0),
			      MODEL_NR_IRQS - 1);
		return -EINVAL;
	}
	m->irqs[0] = cell(line, 0);
	m->nr_irqs = 1;
	return 0;
}

/* The lines of @m from "interrupts", one cell each. */
static int read_irqs(struct ldm_model *m)
{
	const void *v;
	unsigned int i;
	int len;

	v = of_get_property(m->np, "interrupts", &len);
	if ((!v || !len) && on_pci_function(m->np))
		return read_function_irq(m);
	if (!v || !len)
		return 0;
	if (len % 4 || len / 4 > LDM_MODEL_MAX_IRQS) {
		ldm_model_err(m, "interrupts is %d bytes: a model takes 1 to %d one-cell lines",
			      len, LDM_MODEL_MAX_IRQS);
		return -EINVAL;
	}
	for (i = 0; i < (unsigned int)len / 4; i++) {
		m->irqs[i] = cell(v, i);
		if (m->irqs[i] >= MODEL_NR_IRQS) {
			ldm_model_err(m, "interrupt %u is past the last line (%d)", m->irqs[i],
				      MODEL_NR_IRQS - 1);
			return -EINVAL;
		}
	}
	m->nr_irqs = (unsigned int)len / 4;
	return 0;
}

/* Claim @m's regions; -EBUSY, naming the other model, on an overlap. */
static int claim_regions(struct ldm_model *m)
{
	const struct ldm_hw_ops *ops = model_region_ops(m->type);
	struct model_region *r;
	char other[96];
	unsigned long a;
	unsigned int i;
	int err;

	for (i = 0; i < m->nr_regions; i++) {
		r = &m->regions[i];
		if (m->type->lockless) {
			/* No lock to take: accesses call the type straight. */
			struct iospace_direct direct = { .read = m->type->read,
							 .write = m->type->write,
							 .obj = m,
							 .index = i,
							 .off = &m->faulty };

			err = iospace_claim_direct(r->space, r->start, r->len, m->np->full_name,
						   ops, r, &direct);
		} else {
			err = ldm_hw_claim(r->space, r->start, r->len, m->np->full_name, ops, r);
		}
		if (err == -EBUSY) {
			strcpy(other, "another model");
			for (a = r->start; a - r->start < r->len; a++)
				if (!ldm_hw_owner(r->space, a, other, sizeof(other)))
					break;
			ldm_model_err(m, "%s 0x%lx-0x%lx overlap those of %s",
				      r->space == LDM_HW_PORT ? "ports" : "memory", r->start,
				      r->start + r->len - 1, other);
		}
		if (err)
			return err;
		r->claimed = true;
	}
	return 0;
}

/* No access or timer reaches @m after this. */
static void model_stop(struct ldm_model *m)
{
	unsigned int i;

	for (i = 0; i < m->nr_regions; i++) {
		if (m->regions[i].claimed)
			ldm_hw_unclaim(m->regions[i].space, m->regions[i].start);
		m->regions[i].claimed = false;
	}
	model_clock_forget(m);
}

static void model_free(struct ldm_model *m)
{
	model_stop(m);
	of_node_put(m->np);
	pthread_mutex_destroy(&m->lock);
	kfree(m->what);
	kfree(m->priv);
	kfree(m);
}

/* Make the model of @np of @type; -errno, logged. */
static int model_new(struct device_node *np, const struct ldm_model_type *type, const char *what)
{
	const char *base = strrchr(np->full_name, '/');
	struct ldm_model *m;
	int err = -ENOMEM;

	m = kzalloc(sizeof(*m), GFP_KERNEL);
	if (!m)
		return -ENOMEM;
	m->priv = kzalloc(type->priv_size ? type->priv_size : 1, GFP_KERNEL);
	if (!m->priv) {
		kfree(m);
		return -ENOMEM;
	}
	m->type = type;
	m->np = of_node_get(np);
	m->what = kstrdup(what, GFP_KERNEL);
	if (!m->what) {
		kfree(m->priv);
		kfree(m);
		return -ENOMEM;
	}
	strlcpy(m->name, base && base[1] ? base + 1 : np->full_name, sizeof(m->name));
	pthread_mutex_init(&m->lock, NULL);
	err = read_regions(m);
	if (!err)
		err = read_irqs(m);
	if (!err && type->probe) {
		model_lock(m);
		err = type->probe(m);
		model_unlock(m);
		if (err)
			ldm_model_err(m, "model %s refused it: %s", type->compatible,
				      strerror(-err));
	}
	if (err) {
		model_free(m);
		return err;
	}
	err = claim_regions(m);
	if (!err) {
		err = model_add(m);
		if (err)
			ldm_model_err(m, "a model named %s is there already", m->name);
	}
	if (err) {
		model_stop(m);
		if (type->remove)
			type->remove(m);
		model_free(m);
	}
	return err;
}

/* The type @np names, NULL if none: the first of its compatibles with one. */
static const struct ldm_model_type *node_type(const struct device_node *np, const char **first)
{
	const struct ldm_model_type *t;
	const char *s, *end;
	int len;

	*first = NULL;
	s = of_get_property(np, "compatible", &len);
	if (!s || len <= 0)
		return NULL;
	for (end = s + len; s < end; s += strnlen(s, (size_t)(end - s)) + 1) {
		if (!*first)
			*first = s;
		t = model_type_find(s);
		if (t)
			return t;
	}
	return NULL;
}

/* Say that @np has no model, after the cause was logged. */
static void left_out(const struct device_node *np, const char *what)
{
	pr_err("ldm: board %s: %s: left out: no model answers its addresses\n", what,
	       np->full_name);
}

/*
 * Whether @np is a PCI function whose slot is empty at boot: its models
 * (behind its BARs, or on its LPC bus) come with it, when it is added.
 */
static bool in_empty_slot(const struct device_node *np)
{
	return np->parent && of_device_is_compatible(np->parent, "ldm,pci-host") &&
	       of_property_read_bool(np, "ldm,slot-empty");
}

/*
 * Make the models of @np and of the nodes below it; a node that cannot be
 * a model is left out (logged), the others are made. A model's children
 * are not looked at: they are the model's (the devices on an adapter's
 * bus), as a bus driver reads its children.
 * Return: how many nodes were left out.
 */
static unsigned int bind_node(struct device_node *np, const char *what)
{
	const struct ldm_model_type *t;
	struct device_node *child = NULL;
	unsigned int bad = 0;
	const char *first;

	if (!of_device_is_available(np) || in_empty_slot(np))
		return 0;
	t = node_type(np, &first);
	if (!t && first && on_isa(np)) {
		pr_err("ldm: board %s: %s: no model is compatible with \"%s\"\n", what,
		       np->full_name, first);
		left_out(np, what);
		return 1;
	}
	if (t) {
		/* Its children are its own to read. */
		if (!model_new(np, t, what))
			return 0;
		left_out(np, what);
		return 1;
	}
	while ((child = of_get_next_child(np, child)))
		bad += bind_node(child, what);
	return bad;
}

/**
 * ldm_models_bind - make the models of a board
 * @root: the board's root node
 * @what: its name in messages
 *
 * A node that cannot be a model (a node on an isa bus whose compatible no
 * model type has, a wrong "reg" or "interrupts", regions that overlap
 * another model's, one its type refuses, no memory) is logged, naming the
 * node and the cause, and left out: accesses to its addresses read all
 * ones. The other nodes get their models.
 * Return: how many nodes were left out.
 */
unsigned int ldm_models_bind(struct device_node *root, const char *what)
{
	pthread_mutex_lock(&board_lock);
	strlcpy(board_what, what, sizeof(board_what));
	pthread_mutex_unlock(&board_lock);
	return bind_node(root, what);
}

/* Stop and free the models of @gone, as ldm_models_unbind() does. */
static void models_free_list(struct list_head *gone)
{
	struct ldm_model *m, *n;

	list_for_each_entry_safe(m, n, gone, list) {
		list_del(&m->list);
		model_stop(m);
		if (m->type->remove) {
			model_lock(m);
			m->type->remove(m);
			model_unlock(m);
		}
		model_free(m);
	}
}

/**
 * ldm_models_bind_below - make the models below a node of the loaded board
 * @np: the node, a PCI function put in its slot (ldm_pci_function_add())
 *
 * As ldm_models_bind() does for its children, logged with the board's
 * name: a model on the function's BARs or its LPC bus comes with it.
 * Return: how many nodes were left out.
 */
unsigned int ldm_models_bind_below(struct device_node *np)
{
	struct device_node *child = NULL;
	unsigned int bad = 0;
	char what[sizeof(board_what)];

	pthread_mutex_lock(&board_lock);
	strlcpy(what, board_what, sizeof(what));
	pthread_mutex_unlock(&board_lock);
	while ((child = of_get_next_child(np, child)))
		bad += bind_node(child, what);
	return bad;
}

/**
 * ldm_models_unbind_below - remove the models below a node, last made first
 * @np: the node, a PCI function taken out of its slot
 *
 * Its models' regions are unclaimed (waiting for the accesses running in
 * them) and their timers stopped before the types' @remove.
 */
void ldm_models_unbind_below(const struct device_node *np)
{
	LIST_HEAD(gone);

	model_del_below(np, &gone);
	models_free_list(&gone);
}

/**
 * ldm_models_unbind - remove every model, last made first
 *
 * Their regions are unclaimed (waiting for the accesses running in them)
 * and their timers stopped before the types' @remove.
 */
void ldm_models_unbind(void)
{
	LIST_HEAD(gone);

	model_del_all(&gone);
	models_free_list(&gone);
}
