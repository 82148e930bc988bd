// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * platform.c - the platform devices of a device tree (drivers/of/platform.c,
 * address.c and irq.c of modern Linux, much reduced): every available node
 * with a "compatible" property under the root or under a "simple-bus" node
 * becomes a platform device, named "<address>.<name>" after its first "reg"
 * address (translated through the "ranges" of the buses above it) or just
 * "<name>" without "reg", with each "reg" range as an IORESOURCE_MEM
 * resource and each "interrupts" specifier as an IORESOURCE_IRQ one.
 */
#include <stdio.h>
#include <string.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>

#include "grow.h"
#include "of_private.h"

/* The numbers of a node's "reg", "interrupts" and "ranges" fit 64 bits. */
#define OF_MAX_CELLS	 2
/* Cells of an interrupt specifier, as Linux's of_irq_parse_one long bounded them. */
#define OF_MAX_IRQ_CELLS 4

struct of_platform_object {
	struct platform_device pdev;
	char name[BUS_ID_SIZE];
	struct resource resources[];
};

/* @n cells at @cells as one number; n <= OF_MAX_CELLS. */
static u64 read_cells(const u32 *cells, u32 n)
{
	u32 tmp[OF_MAX_CELLS];

	memcpy(tmp, cells, n * sizeof(u32)); /* property values need not be aligned */
	return of_read_number(tmp, (int)n);
}

/*
 * A "#...-cells" property: the count a node without one has, and the
 * counts ldm reads; any other value refuses the board before anything is
 * computed with it.
 */
struct of_cells {
	const char *prop;
	u32 def, min, max;
	const char *reads; /* the bounds, for messages */
};

static const struct of_cells address_cells = {
	"#address-cells", 2, 1, OF_MAX_CELLS, "1 or 2 address cells",
};

static const struct of_cells size_cells = {
	"#size-cells", 1, 0, OF_MAX_CELLS, "0 to 2 size cells",
};

static const struct of_cells interrupt_cells = {
	"#interrupt-cells", 1, 1, OF_MAX_IRQ_CELLS, "1 to 4 interrupt cells",
};

/*
 * The property @c of @np, read for the node @user, in *@ret: @c->def if
 * @np has none; -EINVAL, logged naming the node and the property, unless
 * it is one cell within @c's bounds.
 */
static int cells_of(const struct device_node *np, const struct of_cells *c,
		    const struct device_node *user, const char *what, u32 *ret)
{
	const void *val;
	int len;
	u32 n;

	val = of_get_property(np, c->prop, &len);
	if (!val) {
		*ret = c->def;
		return 0;
	}
	if (len != sizeof(u32)) {
		pr_err("ldm: board %s: %s: %s is %d bytes, not one cell (read for %s)\n", what,
		       np->full_name, c->prop, len, user->full_name);
		return -EINVAL;
	}
	n = (u32)read_cells(val, 1);
	if (n < c->min || n > c->max) {
		pr_err("ldm: board %s: %s: %s is %u (read for %s): ldm reads %s\n", what,
		       np->full_name, c->prop, n, user->full_name, c->reads);
		return -EINVAL;
	}
	*ret = n;
	return 0;
}

/* The #address-cells and #size-cells under @bus, read for @user, checked. */
static int bus_cells(const struct device_node *bus, const struct device_node *user,
		     const char *what, u32 *ac, u32 *sc)
{
	int error = cells_of(bus, &address_cells, user, what, ac);

	return error ? error : cells_of(bus, &size_cells, user, what, sc);
}

/*
 * @addr, an address of @np on its parent bus, as an address of the root:
 * each bus on the way up maps it through its "ranges" (absent or empty: one
 * to one). Return: 0; -ERANGE if it is outside a bus's ranges; -EINVAL for
 * ranges or cells that cannot be read (logged).
 */
static int translate(const struct device_node *np, const char *what, u64 *addr)
{
	u32 ac, sc, pac, entry, i, n;
	const struct device_node *bus;
	const u32 *ranges;
	int len;

	for (bus = np->parent; bus && bus->parent; bus = bus->parent) {
		ranges = of_get_property(bus, "ranges", &len);
		if (!ranges || !len)
			continue;
		if (bus_cells(bus, np, what, &ac, &sc) ||
		    cells_of(bus->parent, &address_cells, np, what, &pac))
			return -EINVAL;
		entry = ac + pac + sc;
		if (len % (int)(entry * sizeof(u32))) {
			pr_err("ldm: board %s: %s: ranges is %d bytes, not a multiple of %u cells "
			       "(read for %s)\n",
			       what, bus->full_name, len, entry, np->full_name);
			return -EINVAL;
		}
		n = (u32)len / (entry * sizeof(u32));
		for (i = 0; i < n; i++, ranges += entry) {
			u64 child = read_cells(ranges, ac);
			u64 parent = read_cells(ranges + ac, pac);
			u64 size = read_cells(ranges + ac + pac, sc);

			if (*addr >= child && *addr - child < size) {
				*addr = parent + (*addr - child);
				break;
			}
		}
		if (i == n)
			return -ERANGE;
	}
	return 0;
}

/* The "reg" of @np: its entries (count in *@n) and cell sizes; NULL if none. */
static const u32 *reg_of(const struct device_node *np, const char *what, u32 *ac, u32 *sc, u32 *n,
			 int *error)
{
	const u32 *reg;
	int len;

	*n = 0;
	*error = 0;
	reg = of_get_property(np, "reg", &len);
	if (!reg || !len)
		return NULL;
	if (bus_cells(np->parent, np, what, ac, sc)) {
		*error = -EINVAL;
		return NULL;
	}
	if (len % (int)((*ac + *sc) * sizeof(u32))) {
		pr_err("ldm: board %s: %s: reg is %d bytes, not a multiple of %u cells "
		       "(#address-cells %u + #size-cells %u of its parent)\n",
		       what, np->full_name, len, *ac + *sc, *ac, *sc);
		*error = -EINVAL;
		return NULL;
	}
	*n = (u32)len / ((*ac + *sc) * sizeof(u32));
	return reg;
}

/* The memory resources of @np's "reg", from @res on; how many in *@count. */
static int reg_resources(const struct device_node *np, const char *what, struct resource *res,
			 u32 *count)
{
	u32 ac, sc, n, i;
	const u32 *reg;
	int error;

	*count = 0;
	reg = reg_of(np, what, &ac, &sc, &n, &error);
	if (!reg || !sc) /* without sizes there are no ranges to claim */
		return error;
	for (i = 0; i < n; i++, reg += ac + sc) {
		u64 start = read_cells(reg, ac), size = read_cells(reg + ac, sc);

		error = translate(np, what, &start);
		if (error == -EINVAL)
			return error;
		if (error || !size || start + size - 1 < start) {
			pr_err("ldm: board %s: %s: reg entry %u (0x%llx, size 0x%llx) %s\n", what,
			       np->full_name, i, (unsigned long long)start,
			       (unsigned long long)size,
			       error ? "is outside the ranges of the buses above it" :
				       "is not a range");
			return -EINVAL;
		}
		res[i].start = start;
		res[i].end = start + size - 1;
		res[i].flags = IORESOURCE_MEM;
	}
	*count = n;
	return 0;
}

/*
 * The interrupt parent of @np in *@ret: the node "interrupt-parent" names,
 * on @np or on its nearest ancestor that has one; NULL if none has one.
 * Return: 0, or -EINVAL (logged) for an "interrupt-parent" that is not
 * one cell or names no node of the tree.
 */
static int interrupt_parent(const struct device_node *np, const char *what,
			    struct device_node **ret)
{
	const struct device_node *root = np, *p;
	const u32 *handle = NULL;
	phandle ph;
	int len;

	*ret = NULL;
	while (root->parent)
		root = root->parent;
	for (p = np; p; p = p->parent) {
		handle = of_get_property(p, "interrupt-parent", &len);
		if (handle)
			break;
	}
	if (!handle)
		return 0;
	if (len != sizeof(u32)) {
		pr_err("ldm: board %s: %s: interrupt-parent is %d bytes, not one phandle "
		       "(read for %s)\n",
		       what, p->full_name, len, np->full_name);
		return -EINVAL;
	}
	ph = (phandle)read_cells(handle, 1);
	*ret = of_find_node_by_phandle_in((struct device_node *)root, ph);
	if (!*ret) {
		pr_err("ldm: board %s: %s: interrupt-parent is <%u>, the phandle of no node "
		       "(read for %s)\n",
		       what, p->full_name, ph, np->full_name);
		return -EINVAL;
	}
	return 0;
}

/*
 * The interrupt resources of @np's "interrupts", from @res on. ldm has no
 * interrupt controllers to map through: each specifier's first cell is
 * the number, its size the #interrupt-cells of the interrupt parent (1
 * without one).
 */
static int irq_resources(const struct device_node *np, const char *what, struct resource *res,
			 u32 *count)
{
	struct device_node *ip;
	const u32 *spec;
	u32 cells = 1, n, i;
	int len;

	*count = 0;
	spec = of_get_property(np, "interrupts", &len);
	if (!spec || !len)
		return 0;
	if (interrupt_parent(np, what, &ip) ||
	    (ip && cells_of(ip, &interrupt_cells, np, what, &cells)))
		return -EINVAL;
	if (len % (int)(cells * sizeof(u32))) {
		pr_err("ldm: board %s: %s: interrupts is %d bytes, not a multiple of %u cells "
		       "(#interrupt-cells of %s)\n",
		       what, np->full_name, len, cells, ip ? ip->full_name : "no interrupt parent");
		return -EINVAL;
	}
	n = (u32)len / (cells * sizeof(u32));
	for (i = 0; i < n; i++, spec += cells) {
		res[i].start = res[i].end = read_cells(spec, 1);
		res[i].flags = IORESOURCE_IRQ;
	}
	*count = n;
	return 0;
}

/* "<address>.<name>", or "<name>" without reg, in @buf; -ENAMETOOLONG. */
static int device_name(const struct device_node *np, const char *what, char *buf)
{
	u32 ac, sc, n;
	const u32 *reg;
	u64 addr;
	int error, len;

	reg = reg_of(np, what, &ac, &sc, &n, &error);
	if (error)
		return error;
	if (reg) {
		addr = read_cells(reg, ac);
		error = translate(np, what, &addr);
		if (error == -ERANGE)
			pr_err("ldm: board %s: %s: reg 0x%llx is outside the ranges of the buses "
			       "above it\n",
			       what, np->full_name, (unsigned long long)addr);
		if (error)
			return -EINVAL;
		len = snprintf(buf, BUS_ID_SIZE, "%llx.%s", (unsigned long long)addr, np->name);
	} else {
		len = snprintf(buf, BUS_ID_SIZE, "%s", np->name);
	}
	if (len >= BUS_ID_SIZE) {
		pr_err("ldm: board %s: %s: device name \"%s...\" is longer than the %d characters "
		       "of a bus_id\n",
		       what, np->full_name, buf, BUS_ID_SIZE - 1);
		return -ENAMETOOLONG;
	}
	return 0;
}

static void of_platform_release(struct device *dev)
{
	struct platform_device *pdev = to_platform_device(dev);

	of_node_put(dev->of_node);
	kfree(container_of(pdev, struct of_platform_object, pdev));
}

/* How many resources @np's properties could give at most: one a cell. */
static size_t max_resources(const struct device_node *np)
{
	int reg = 0, irq = 0;

	of_get_property(np, "reg", &reg);
	of_get_property(np, "interrupts", &irq);
	return ((size_t)reg + (size_t)irq) / sizeof(u32);
}

/* A platform device for @np under @parent, not yet added. */
static struct platform_device *of_platform_alloc(struct device_node *np, const char *what,
						 struct device *parent)
{
	struct of_platform_object *obj;
	u32 nreg = 0, nirq = 0;
	int error;

	obj = kzalloc(sizeof(*obj) + max_resources(np) * sizeof(struct resource), GFP_KERNEL);
	if (!obj)
		return ERR_PTR(-ENOMEM);
	error = device_name(np, what, obj->name);
	if (!error)
		error = reg_resources(np, what, obj->resources, &nreg);
	if (!error)
		error = irq_resources(np, what, obj->resources + nreg, &nirq);
	if (error) {
		kfree(obj);
		return ERR_PTR(error);
	}
	obj->pdev.name = obj->name;
	obj->pdev.id = (u32)-1;
	obj->pdev.resource = obj->resources;
	obj->pdev.num_resources = nreg + nirq;
	obj->pdev.dev.parent = parent;
	obj->pdev.dev.release = of_platform_release;
	obj->pdev.dev.of_node = of_node_get(np);
	device_initialize(&obj->pdev.dev);
	return &obj->pdev;
}

/* Remember @pdev in @devs, to unregister it later. */
static int devs_add(struct of_devices *devs, struct platform_device *pdev)
{
	int error = LDM_GROW(devs->pdevs, devs->size, devs->count + 1, 8);

	if (error)
		return error;
	devs->pdevs[devs->count++] = pdev;
	return 0;
}

/* Make and register the device of @np; under a simple-bus, its children's. */
static int populate_node(struct device_node *np, const char *what, struct device *parent,
			 struct of_devices *devs)
{
	struct platform_device *pdev;
	struct device_node *child;
	int error;

	if (!of_find_property(np, "compatible", NULL) || !of_device_is_available(np))
		return 0;
	pdev = of_platform_alloc(np, what, parent);
	if (IS_ERR(pdev))
		return (int)PTR_ERR(pdev);
	error = devs_add(devs, pdev);
	if (error) {
		put_device(&pdev->dev);
		return error;
	}
	error = platform_device_add(pdev);
	if (error) {
		pr_err("ldm: board %s: %s: cannot add device %s: %s\n", what, np->full_name,
		       pdev->dev.bus_id,
		       error == -EBUSY	? "its reg overlaps another device's" :
		       error == -EEXIST ? "another device has that name" :
					  strerror(-error));
		devs->count--;
		put_device(&pdev->dev);
		return error;
	}
	error = of_kobj_link(np, &pdev->dev.kobj);
	if (error)
		return error; /* the device is in @devs: depopulating removes it */
	if (!of_device_is_compatible(np, "simple-bus"))
		return 0;
	for (child = np->child; child; child = child->sibling) {
		error = populate_node(child, what, &pdev->dev, devs);
		if (error)
			return error;
	}
	return 0;
}

/**
 * of_platform_populate_tree - register the platform devices of a tree
 * @root: the tree's root
 * @what: the board's name, for messages
 * @devs: where the devices made go, in the order they were registered
 *
 * Return: 0, or the first error (logged); the devices registered before it
 * stay in @devs for of_platform_depopulate_tree().
 */
int of_platform_populate_tree(struct device_node *root, const char *what, struct of_devices *devs)
{
	struct device_node *np;
	int error;

	for (np = root->child; np; np = np->sibling) {
		error = populate_node(np, what, NULL, devs);
		if (error)
			return error;
	}
	return 0;
}

/**
 * of_platform_depopulate_tree - unregister the devices of a tree, children
 * before their bus
 * @devs: as of_platform_populate_tree() left it; emptied
 */
void of_platform_depopulate_tree(struct of_devices *devs)
{
	struct platform_device *pdev;

	while (devs->count) {
		pdev = devs->pdevs[--devs->count];
		sysfs_remove_link(&pdev->dev.kobj, "of_node");
		platform_device_unregister(pdev);
	}
	kfree(devs->pdevs);
	devs->pdevs = NULL;
	devs->size = 0;
}
