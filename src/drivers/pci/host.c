// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * host.c - PCI functions described by the board (an ldm addition; a PC's
 * BIOS and 2.6.9's drivers/pci/probe.c find them by scanning). A node
 * compatible with "ldm,pci-host" is one root bus; each child is a function
 * whose configuration space this file models: 256 bytes, with the bits a
 * driver may write, BAR sizing, and writes past 256 bytes refused. The
 * functions are reached by pci_read/write_config_*() through the bus's
 * pci_ops, and by configuration mechanism 1 at ports 0xCF8/0xCFC.
 * docs/pci.md gives the binding.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <ldm/device.h>
#include <ldm/errno.h>
#include <ldm/ioport.h>
#include <ldm/kernel.h>
#include <ldm/of.h>
#include <ldm/pci.h>
#include <ldm/slab.h>
#include <libldm/device.h>
#include <libldm/hw.h>

#include "../../hw/regbank.h"
#include "hw_model.h"
#include "boot.h"
#include "pci.h"

#define CFG_SIZE     256
#define PCI_MAX_BARS 6
#define CONF1_ADDR   0xcf8
#define CONF1_DATA   0xcfc
#define CONF1_ENABLE 0x80000000u

/* A BAR answered by a register bank: its registers one after another. */
struct pci_bar_bank {
	struct regbank *rb;
	enum ldm_hw_space space;
	unsigned long start, len;
	bool claimed;
};

/* A function: its pci_dev and its config space. */
struct pci_model {
	struct pci_dev pdev;
	struct pci_bar_bank banks[PCI_MAX_BARS];
	void *smbus; /* its PIIX4 SMBus controller's model, or NULL */
	u8 cfg[CFG_SIZE];
	u8 wmask[CFG_SIZE]; /* bits a driver's write changes */
	struct pci_model *next;
	enum { MODEL_NEW, MODEL_ADDED, MODEL_FAILED } state; /* not NEW: a put frees it */
};

/* A root bus made from one "ldm,pci-host" node. */
struct pci_host {
	struct pci_bus bus;
	struct device *dev; /* its platform device, the functions' parent */
	struct device_node *np;
	struct pci_model *models;
	struct pci_host *next;
};

/*
 * hotplug_lock serialises the changes of the functions on the buses: a
 * host's probe and remove, and the hotplug of one function; it is taken
 * before hosts_lock, which guards the lists and the config spaces.
 */
static pthread_mutex_t hotplug_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t hosts_lock = PTHREAD_MUTEX_INITIALIZER;
static struct pci_host *hosts;
static u32 conf1_addr;

/* The model at @devfn on @host, or NULL. */
static struct pci_model *model_at(struct pci_host *host, unsigned int devfn)
{
	struct pci_model *m;

	for (m = host->models; m; m = m->next)
		if (m->pdev.devfn == devfn)
			return m;
	return NULL;
}

static int host_read(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 *val)
{
	struct pci_host *host = container_of(bus, struct pci_host, bus);
	struct pci_model *m;
	u32 v = 0;
	int i;

	if (where < 0 || where + size > CFG_SIZE)
		return PCIBIOS_BAD_REGISTER_NUMBER;
	pthread_mutex_lock(&hosts_lock);
	m = model_at(host, devfn);
	if (m)
		for (i = 0; i < size; i++)
			v |= (u32)m->cfg[where + i] << (8 * i);
	pthread_mutex_unlock(&hosts_lock);
	if (!m)
		return PCIBIOS_DEVICE_NOT_FOUND;
	*val = v;
	return PCIBIOS_SUCCESSFUL;
}

static int host_write(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 val)
{
	struct pci_host *host = container_of(bus, struct pci_host, bus);
	struct pci_model *m;
	int i;

	if (where < 0 || where + size > CFG_SIZE)
		return PCIBIOS_BAD_REGISTER_NUMBER;
	pthread_mutex_lock(&hosts_lock);
	m = model_at(host, devfn);
	if (m) {
		for (i = 0; i < size; i++) {
			u8 b = (u8)(val >> (8 * i)), w = m->wmask[where + i];

			m->cfg[where + i] = (u8)((m->cfg[where + i] & ~w) | (b & w));
		}
	}
	pthread_mutex_unlock(&hosts_lock);
	return m ? PCIBIOS_SUCCESSFUL : PCIBIOS_DEVICE_NOT_FOUND;
}

static struct pci_ops host_ops = {
	.read = host_read,
	.write = host_write,
};

static void put16(u8 *p, u16 v)
{
	p[0] = (u8)v;
	p[1] = (u8)(v >> 8);
}

static void put32(u8 *p, u32 v)
{
	put16(p, (u16)v);
	put16(p + 2, (u16)(v >> 16));
}

/* A one-cell property of @np in *@v, or @def if absent; -EINVAL if malformed. */
static int read_u32(struct device_node *np, const char *prop, u32 def, u32 max, u32 *v)
{
	int len;

	if (!of_get_property(np, prop, &len)) {
		*v = def;
		return 0;
	}
	if (of_property_read_u32_index(np, prop, 0, v) || len != 4 || *v > max) {
		pr_err("ldm: pci %s: %s must be one cell of at most 0x%x\n", np->full_name, prop,
		       max);
		return -EINVAL;
	}
	return 0;
}

/* The header fields of @np into @m. */
static int model_ids(struct pci_model *m, struct device_node *np)
{
	u32 vendor, device, svendor, sdevice, class, rev, pin, line;
	int error;

	error = read_u32(np, "vendor-id", 0x10000, 0xffff, &vendor);
	if (!error && vendor == 0x10000) {
		pr_err("ldm: pci %s: has no vendor-id\n", np->full_name);
		return -EINVAL;
	}
	error = error ?: read_u32(np, "device-id", 0, 0xffff, &device);
	error = error ?: read_u32(np, "subsystem-vendor-id", 0, 0xffff, &svendor);
	error = error ?: read_u32(np, "subsystem-id", 0, 0xffff, &sdevice);
	error = error ?: read_u32(np, "class-code", 0, 0xffffff, &class);
	error = error ?: read_u32(np, "revision-id", 0, 0xff, &rev);
	error = error ?: read_u32(np, "interrupts", 0, 4, &pin);
	error = error ?: read_u32(np, "ldm,irq-line", pin ? 0 : 0xff, 0xff, &line);
	if (error)
		return error;
	put16(m->cfg + PCI_VENDOR_ID, (u16)vendor);
	put16(m->cfg + PCI_DEVICE_ID, (u16)device);
	put32(m->cfg + PCI_CLASS_REVISION, class << 8 | rev);
	put16(m->cfg + PCI_SUBSYSTEM_VENDOR_ID, (u16)svendor);
	put16(m->cfg + PCI_SUBSYSTEM_ID, (u16)sdevice);
	m->cfg[PCI_INTERRUPT_PIN] = (u8)pin;
	m->cfg[PCI_INTERRUPT_LINE] = (u8)line;
	/* A driver writes the command, cache line, latency and line registers. */
	put16(m->wmask + PCI_COMMAND, 0x0557);
	m->wmask[PCI_CACHE_LINE_SIZE] = 0xff;
	m->wmask[PCI_LATENCY_TIMER] = 0xff;
	m->wmask[PCI_INTERRUPT_LINE] = 0xff;
	m->pdev.vendor = (unsigned short)vendor;
	m->pdev.device = (unsigned short)device;
	m->pdev.subsystem_vendor = (unsigned short)svendor;
	m->pdev.subsystem_device = (unsigned short)sdevice;
	m->pdev.class = class;
	m->pdev.irq = pin ? line : 0;
	return 0;
}

/*
 * One "reg" entry after the first: phys.hi (npt000ss bbbbbbbb dddddfff
 * rrrrrrrr), address (2 cells), size (2 cells), for the BAR at register rr.
 */
static int model_bar(struct pci_model *m, struct device_node *np, const u32 *cell)
{
	u32 hi = be32_to_cpu(cell[0]), ss = (hi >> 24) & 3, reg = hi & 0xff, bar;
	u64 addr = (u64)be32_to_cpu(cell[1]) << 32 | be32_to_cpu(cell[2]);
	u64 size = (u64)be32_to_cpu(cell[3]) << 32 | be32_to_cpu(cell[4]);
	struct resource *res;
	u32 flags;

	if (reg < PCI_BASE_ADDRESS_0 || reg > PCI_BASE_ADDRESS_5 || reg & 3 ||
	    (ss != 1 && ss != 2)) {
		pr_err("ldm: pci %s: reg 0x%08x is not an I/O or 32-bit memory BAR at 0x10-0x24\n",
		       np->full_name, hi);
		return -EINVAL;
	}
	bar = (reg - PCI_BASE_ADDRESS_0) / 4;
	res = &m->pdev.resource[bar];
	if (res->flags) {
		pr_err("ldm: pci %s: BAR %u given twice\n", np->full_name, bar);
		return -EINVAL;
	}
	if (size < (ss == 1 ? 4 : 16) || size & (size - 1) || size > 0x80000000ull) {
		pr_err("ldm: pci %s: BAR %u size 0x%llx is not a power of two (%s to 2 GiB)\n",
		       np->full_name, bar, (unsigned long long)size, ss == 1 ? "4" : "16");
		return -EINVAL;
	}
	if (addr & (size - 1) || addr + size - 1 > (ss == 1 ? 0xffffull : 0xffffffffull)) {
		pr_err("ldm: pci %s: BAR %u at 0x%llx is not aligned to its size or out of %s space\n",
		       np->full_name, bar, (unsigned long long)addr, ss == 1 ? "I/O" : "memory");
		return -EINVAL;
	}
	flags = ss == 1 ? PCI_BASE_ADDRESS_SPACE_IO : PCI_BASE_ADDRESS_SPACE_MEMORY;
	put32(m->cfg + reg, (u32)addr | flags);
	put32(m->wmask + reg, (u32) ~(size - 1));
	res->name = m->pdev.pretty_name;
	res->start = (unsigned long)addr;
	res->end = (unsigned long)(addr + size - 1);
	res->flags = ss == 1 ? IORESOURCE_IO : IORESOURCE_MEM;
	return 0;
}

/* The "reg" of @np: the function's address, then its BARs. */
static int model_reg(struct pci_model *m, struct pci_host *host, struct device_node *np)
{
	const u32 *reg = of_get_property(np, "reg", NULL);
	u32 hi;
	int len, i, error;

	of_get_property(np, "reg", &len);
	if (!reg || len < 20 || len % 20) {
		pr_err("ldm: pci %s: reg must be entries of 5 cells (3 address, 2 size)\n",
		       np->full_name);
		return -EINVAL;
	}
	hi = be32_to_cpu(reg[0]);
	if (hi & 0xff0000ff || ((hi >> 16) & 0xff) != host->bus.number) {
		pr_err("ldm: pci %s: reg 0x%08x is not a function's address on bus %02x\n",
		       np->full_name, hi, host->bus.number);
		return -EINVAL;
	}
	m->pdev.devfn = (hi >> 8) & 0xff;
	for (i = 1; i < len / 20; i++) {
		error = model_bar(m, np, reg + i * 5);
		if (error)
			return error;
	}
	return 0;
}

/* -EBUSY, naming @np, if a BAR of @m overlaps one of @other (@m itself too). */
static int bars_check(struct pci_model *m, struct pci_model *other, struct device_node *np)
{
	int i, j;

	for (i = 0; i < PCI_MAX_BARS; i++) {
		struct resource *a = &m->pdev.resource[i];

		for (j = 0; j < PCI_MAX_BARS; j++) {
			struct resource *b = &other->pdev.resource[j];

			if ((other == m && i <= j) || !a->flags || a->flags != b->flags ||
			    a->end < b->start || b->end < a->start)
				continue;
			pr_err("ldm: pci %s: BAR %d overlaps BAR %d of %s\n", np->full_name, i, j,
			       other->pdev.dev.of_node->full_name);
			return -EBUSY;
		}
	}
	return 0;
}

/* -EBUSY, naming @np, if @m's address or BARs collide with @host's functions. */
static int model_check(struct pci_model *m, struct pci_host *host, struct device_node *np)
{
	struct pci_model *o;
	int error = bars_check(m, m, np);

	for (o = host->models; o && !error; o = o->next) {
		if (o->pdev.devfn == m->pdev.devfn) {
			pr_err("ldm: pci %s: %02x:%02x.%u is also %s\n", np->full_name,
			       host->bus.number, PCI_SLOT(o->pdev.devfn), PCI_FUNC(o->pdev.devfn),
			       o->pdev.dev.of_node->full_name);
			return -EBUSY;
		}
		error = bars_check(m, o, np);
	}
	return error;
}

/* The line a bank wants raised, taken with hosts_lock held; raised after. */
static void bank_raise(struct pci_bar_bank *bank)
{
	int line;

	pthread_mutex_lock(&hosts_lock);
	line = regbank_take_irq(bank->rb);
	pthread_mutex_unlock(&hosts_lock);
	while (line >= 0) {
		ldm_hw_irq_raise((unsigned int)line);
		pthread_mutex_lock(&hosts_lock);
		line = regbank_take_irq(bank->rb);
		pthread_mutex_unlock(&hosts_lock);
	}
}

/*
 * A driver's access of @width bytes at @addr of a bank's BAR: each register
 * it covers is read (or written) once; the bytes of a register it covers in
 * part keep their value on a write. Past the bank's registers: all ones.
 */
static uint32_t bank_read(unsigned long addr, unsigned int width, void *data)
{
	struct pci_bar_bank *bank = data;
	unsigned int rbytes, off = (unsigned int)(addr - bank->start), o, i;
	uint32_t val = 0, reg;

	pthread_mutex_lock(&hosts_lock);
	rbytes = bank->rb->width / 8;
	for (o = off - off % rbytes; o < off + width; o += rbytes) {
		if (regbank_read(bank->rb, o / rbytes, &reg))
			reg = ~0u;
		for (i = 0; i < rbytes; i++)
			if (o + i >= off && o + i < off + width)
				val |= ((reg >> (8 * i)) & 0xff) << (8 * (o + i - off));
	}
	pthread_mutex_unlock(&hosts_lock);
	bank_raise(bank);
	return val;
}

static void bank_write(unsigned long addr, unsigned int width, uint32_t value, void *data)
{
	struct pci_bar_bank *bank = data;
	unsigned int rbytes, off = (unsigned int)(addr - bank->start), o, i;
	uint32_t reg;

	pthread_mutex_lock(&hosts_lock);
	rbytes = bank->rb->width / 8;
	for (o = off - off % rbytes; o < off + width; o += rbytes) {
		if (regbank_peek(bank->rb, o / rbytes, &reg))
			continue;
		for (i = 0; i < rbytes; i++) {
			if (o + i < off || o + i >= off + width)
				continue;
			reg &= ~(0xffu << (8 * i));
			reg |= ((value >> (8 * (o + i - off))) & 0xff) << (8 * i);
		}
		regbank_write(bank->rb, o / rbytes, reg);
	}
	pthread_mutex_unlock(&hosts_lock);
	bank_raise(bank);
}

static const struct ldm_hw_ops bank_ops = {
	.read = bank_read,
	.write = bank_write,
};

/*
 * "bar@N" children of @np with compatible "ldm,regbank": BAR N answered by
 * a register bank (docs/hardware-i2c.md gives its properties), claimed in
 * its space while the function is on the board.
 */
static int model_banks(struct pci_model *m, struct device_node *np)
{
	struct device_node *child;
	u32 bar;

	for_each_child_of_node(np, child)
	{
		struct pci_bar_bank *bank;
		struct resource *res;

		if (!of_device_is_compatible(child, "ldm,regbank") ||
		    !of_device_is_available(child))
			continue;
		if (of_property_read_u32_index(child, "reg", 0, &bar) || bar >= PCI_MAX_BARS ||
		    !m->pdev.resource[bar].flags) {
			pr_err("ldm: pci %s: reg is not a BAR the function has\n",
			       child->full_name);
			of_node_put(child);
			return -EINVAL;
		}
		bank = &m->banks[bar];
		res = &m->pdev.resource[bar];
		bank->rb = regbank_from_node(child, REGBANK_MAX_REGS, 8, child->full_name);
		if (IS_ERR_OR_NULL(bank->rb)) {
			int error = bank->rb ? (int)PTR_ERR(bank->rb) : -ENOMEM;

			bank->rb = NULL;
			of_node_put(child);
			return error;
		}
		bank->space = res->flags & IORESOURCE_IO ? LDM_HW_PORT : LDM_HW_MMIO;
		bank->start = res->start;
		bank->len = res->end - res->start + 1;
	}
	return 0;
}

/* Claim the banks' ranges: -EBUSY, naming @np, if a model has one already. */
static int model_claim(struct pci_model *m, struct device_node *np)
{
	int i, error;

	for (i = 0; i < PCI_MAX_BARS; i++) {
		struct pci_bar_bank *bank = &m->banks[i];

		if (!bank->rb)
			continue;
		error = ldm_hw_claim(bank->space, bank->start, bank->len, np->full_name, &bank_ops,
				     bank);
		if (error) {
			pr_err("ldm: pci %s: BAR %d (0x%lx) is another model's: %d\n",
			       np->full_name, i, bank->start, error);
			return error;
		}
		bank->claimed = true;
	}
	return 0;
}

static void *(*smbus_create)(struct device_node *np, const u8 *cfg, unsigned int irq);
static void (*smbus_destroy)(void *smbus);

/**
 * pci_set_smbus_ops - lend the host the PIIX4 SMBus controller's model
 *	(drivers/pci/piix4-smbus.c, a layer above: it uses drivers/i2c)
 * @create: make a function's controller: NULL when it has none, an
 *	ERR_PTR() when its board is wrong; NULL to take the model away
 * @destroy: free what @create made
 */
void pci_set_smbus_ops(void *(*create)(struct device_node *np, const u8 *cfg, unsigned int irq),
		       void (*destroy)(void *smbus))
{
	pthread_mutex_lock(&hosts_lock);
	smbus_create = create;
	smbus_destroy = destroy;
	pthread_mutex_unlock(&hosts_lock);
}

/*
 * An "ldm,smbus" child of a function: the chips behind a PIIX4 SMBus
 * controller at the port its config's SMBBA names (piix4-smbus.c).
 */
static int model_smbus(struct pci_model *m, struct device_node *np)
{
	if (!smbus_create)
		return 0;
	m->smbus = smbus_create(np, m->cfg, m->pdev.irq);
	if (IS_ERR(m->smbus)) {
		int error = (int)PTR_ERR(m->smbus);

		m->smbus = NULL;
		return error;
	}
	return 0;
}

static void model_free(struct pci_model *m)
{
	int i;

	for (i = 0; i < PCI_MAX_BARS; i++) {
		if (m->banks[i].claimed)
			ldm_hw_unclaim(m->banks[i].space, m->banks[i].start);
		if (m->banks[i].rb)
			regbank_destroy(m->banks[i].rb);
	}
	if (m->smbus)
		smbus_destroy(m->smbus);
	of_node_put(m->pdev.dev.of_node);
	kfree(m);
}

static void model_release(struct device *dev)
{
	model_free(container_of(to_pci_dev(dev), struct pci_model, pdev));
}

/*
 * "ldm,config = <offset value>...": dwords of the device-specific part
 * (0x40-0xff) as firmware left them; "ldm,config-writable = <offset
 * mask>...": the bits of them a driver may write.
 */
static int model_config(struct device_node *np, const char *prop, u8 *to)
{
	const u32 *cells;
	int len, i;

	cells = of_get_property(np, prop, &len);
	if (!cells)
		return 0;
	if (len % 8) {
		pr_err("ldm: pci %s: %s must be pairs of cells <offset value>\n", np->full_name,
		       prop);
		return -EINVAL;
	}
	for (i = 0; i < len / 4; i += 2) {
		u32 off = be32_to_cpu(cells[i]);

		if (off < 0x40 || off > CFG_SIZE - 4 || off & 3) {
			pr_err("ldm: pci %s: %s offset 0x%x is not a dword in 0x40-0xfc\n",
			       np->full_name, prop, off);
			return -EINVAL;
		}
		put32(to + off, be32_to_cpu(cells[i + 1]));
	}
	return 0;
}

/*
 * A function from @np, checked against @host's and put on its list (not yet
 * on the bus); in *@out.
 */
static int model_create(struct pci_host *host, struct device_node *np, struct pci_model **out)
{
	struct pci_model *m = kzalloc(sizeof(*m), GFP_KERNEL);
	int error;

	if (!m)
		return -ENOMEM;
	m->pdev.dev.release = model_release;
	m->pdev.dev.parent = host->dev;
	m->pdev.dev.of_node = of_node_get(np);
	m->pdev.bus = &host->bus;
	INIT_LIST_HEAD(&m->pdev.global_list);
	INIT_LIST_HEAD(&m->pdev.bus_list);
	snprintf(m->pdev.pretty_name, sizeof(m->pdev.pretty_name), "%s", np->name);
	error = model_ids(m, np);
	error = error ?: model_reg(m, host, np);
	error = error ?: model_config(np, "ldm,config", m->cfg);
	error = error ?: model_config(np, "ldm,config-writable", m->wmask);
	error = error ?: model_check(m, host, np);
	error = error ?: model_banks(m, np);
	error = error ?: model_claim(m, np);
	error = error ?: model_smbus(m, np);
	if (error) {
		model_free(m);
		return error;
	}
	pthread_mutex_lock(&hosts_lock);
	m->next = host->models;
	host->models = m;
	pthread_mutex_unlock(&hosts_lock);
	*out = m;
	return 0;
}

/* Set the multi-function bit of each function of a slot with others. */
static void host_mark_multifunction(struct pci_host *host)
{
	struct pci_model *m, *o;

	pthread_mutex_lock(&hosts_lock);
	for (m = host->models; m; m = m->next) {
		m->pdev.multifunction = 0;
		for (o = host->models; o; o = o->next)
			if (PCI_SLOT(o->pdev.devfn) == PCI_SLOT(m->pdev.devfn) && o != m)
				m->pdev.multifunction = 1;
		m->pdev.hdr_type = m->pdev.multifunction ? 0x80 : 0;
		m->cfg[PCI_HEADER_TYPE] = m->pdev.hdr_type;
	}
	pthread_mutex_unlock(&hosts_lock);
}

/* Put @m, made by model_create(), on @host's bus: its event, its driver. */
static void model_add(struct pci_host *host, struct pci_model *m)
{
	int error;

	list_add_tail(&m->pdev.bus_list, &host->bus.devices);
	m->state = MODEL_ADDED;
	error = pci_bus_add_device(&m->pdev);
	if (error) {
		m->state = MODEL_FAILED;
		pr_err("ldm: pci %s: cannot add %s: %d\n", host->np->full_name, pci_name(&m->pdev),
		       error);
		list_del_init(&m->pdev.bus_list);
	}
}

/*
 * Take @m, off its host's list already, off the bus: its driver's remove
 * runs first, as pci_remove_bus_device() has it. A pci_dev that a driver
 * or a search still holds answers its config accessors from the slot,
 * which no longer holds @m (PCIBIOS_DEVICE_NOT_FOUND, or the function put
 * there since, as on hardware); when its host goes too (@host_goes), it
 * loses its bus, which is freed.
 */
static void model_take_off(struct pci_model *m, bool host_goes)
{
	switch (m->state) {
	case MODEL_ADDED:
		list_del_init(&m->pdev.bus_list);
		get_device(&m->pdev.dev);
		pci_remove_bus_device(&m->pdev);
		if (host_goes)
			m->pdev.bus = NULL;
		put_device(&m->pdev.dev);
		break;
	case MODEL_FAILED:
		put_device(&m->pdev.dev);
		break;
	default:
		model_free(m);
	}
}

/* Take @host's functions off the bus (model_take_off()), the host going. */
static void host_remove_models(struct pci_host *host)
{
	struct pci_model *m, *next;

	pthread_mutex_lock(&hosts_lock);
	m = host->models;
	host->models = NULL;
	pthread_mutex_unlock(&hosts_lock);
	for (; m; m = next) {
		next = m->next;
		model_take_off(m, true);
	}
}

/* Whether @np is a function whose slot is empty until a hotplug fills it. */
static bool slot_empty(struct device_node *np)
{
	return of_get_property(np, "ldm,slot-empty", NULL) != NULL;
}

static int host_probe_locked(struct device *dev)
{
	struct device_node *child, *np = dev->of_node;
	struct pci_host *host;
	struct pci_model *m;
	u32 range[2] = { 0, 0 };
	int error = 0;

	host = kzalloc(sizeof(*host), GFP_KERNEL);
	if (!host)
		return -ENOMEM;
	if (of_get_property(np, "bus-range", NULL) &&
	    of_property_read_u32_index(np, "bus-range", 0, &range[0]))
		range[0] = 0x100;
	if (range[0] > 0xff) {
		pr_err("ldm: pci %s: bus-range is not a bus number\n", np->full_name);
		kfree(host);
		return -EINVAL;
	}
	host->np = np;
	host->dev = dev;
	host->bus.number = host->bus.secondary = (unsigned char)range[0];
	host->bus.ops = &host_ops;
	INIT_LIST_HEAD(&host->bus.devices);
	INIT_LIST_HEAD(&host->bus.children);
	snprintf(host->bus.name, sizeof(host->bus.name), "%s", np->full_name);
	pthread_mutex_lock(&hosts_lock);
	for (struct pci_host *o = hosts; o; o = o->next)
		if (o->bus.number == host->bus.number)
			error = -EBUSY;
	pthread_mutex_unlock(&hosts_lock);
	if (error) {
		pr_err("ldm: pci %s: bus %02x is another host's\n", np->full_name,
		       host->bus.number);
		kfree(host);
		return error;
	}
	for_each_child_of_node(np, child)
	{
		if (!of_device_is_available(child) || slot_empty(child))
			continue;
		error = model_create(host, child, &m);
		if (error) {
			of_node_put(child);
			goto fail;
		}
	}
	host_mark_multifunction(host);
	pthread_mutex_lock(&hosts_lock);
	host->next = hosts;
	hosts = host;
	pthread_mutex_unlock(&hosts_lock);
	dev_set_drvdata(dev, host);
	for (m = host->models; m; m = m->next)
		model_add(host, m);
	return 0;
fail:
	host_remove_models(host);
	kfree(host);
	return error;
}

static int host_probe(struct device *dev)
{
	int error;

	pthread_mutex_lock(&hotplug_lock);
	error = host_probe_locked(dev);
	pthread_mutex_unlock(&hotplug_lock);
	return error;
}

static int host_remove(struct device *dev)
{
	struct pci_host *host = dev_get_drvdata(dev), **p;

	pthread_mutex_lock(&hotplug_lock);
	pthread_mutex_lock(&hosts_lock);
	for (p = &hosts; *p; p = &(*p)->next)
		if (*p == host) {
			*p = host->next;
			break;
		}
	pthread_mutex_unlock(&hosts_lock);
	host_remove_models(host);
	pthread_mutex_unlock(&hotplug_lock);
	kfree(host);
	return 0;
}

/* Mechanism 1: the address register at 0xCF8, the data window 0xCFC-0xCFF. */
static struct pci_host *host_of_bus(unsigned int number)
{
	struct pci_host *h;

	for (h = hosts; h; h = h->next)
		if (h->bus.number == number)
			return h;
	return NULL;
}

static uint32_t conf1_read(unsigned long addr, unsigned int width, void *data)
{
	struct pci_host *host;
	u32 a, val = ~0u;

	(void)data;
	if (addr == CONF1_ADDR && width == 4)
		return conf1_addr;
	if (addr < CONF1_DATA)
		return ~0u;
	pthread_mutex_lock(&hosts_lock);
	a = conf1_addr;
	host = host_of_bus((a >> 16) & 0xff);
	pthread_mutex_unlock(&hosts_lock);
	if (!(a & CONF1_ENABLE) || !host ||
	    host_read(&host->bus, (a >> 8) & 0xff, (int)((a & 0xfc) + (addr & 3)), (int)width,
		      &val))
		return ~0u;
	return val;
}

static void conf1_write(unsigned long addr, unsigned int width, uint32_t value, void *data)
{
	struct pci_host *host;
	u32 a;

	(void)data;
	if (addr == CONF1_ADDR && width == 4) {
		pthread_mutex_lock(&hosts_lock);
		conf1_addr = value & 0x80fffffcu;
		pthread_mutex_unlock(&hosts_lock);
		return;
	}
	if (addr < CONF1_DATA)
		return;
	pthread_mutex_lock(&hosts_lock);
	a = conf1_addr;
	host = host_of_bus((a >> 16) & 0xff);
	pthread_mutex_unlock(&hosts_lock);
	if ((a & CONF1_ENABLE) && host)
		host_write(&host->bus, (a >> 8) & 0xff, (int)((a & 0xfc) + (addr & 3)), (int)width,
			   value);
}

static const struct ldm_hw_ops conf1_ops = {
	.read = conf1_read,
	.write = conf1_write,
};

/*
 * A function's name as pci_name() writes it, "0000:BB:DD.F", into its bus
 * and devfn; -EINVAL if it is not one (domain 0 alone).
 */
static int parse_function(const char *name, unsigned int *bus, unsigned int *devfn)
{
	static const char shape[] = "0000:xx:xx.x";
	unsigned int b, d, f;
	size_t i;

	if (strlen(name) != sizeof(shape) - 1)
		return -EINVAL;
	for (i = 0; shape[i]; i++)
		if (shape[i] == 'x' ? !isxdigit((unsigned char)name[i]) : name[i] != shape[i])
			return -EINVAL;
	if (sscanf(name + 5, "%2x:%2x.%1x", &b, &d, &f) != 3 || d > 31 || f > 7)
		return -EINVAL;
	*bus = b;
	*devfn = PCI_DEVFN(d, f);
	return 0;
}

/* The available child of @host's node at @devfn, referenced, or NULL. */
static struct device_node *host_node_at(struct pci_host *host, unsigned int devfn)
{
	struct device_node *child;
	const u32 *reg;
	int len;

	for_each_child_of_node(host->np, child)
	{
		reg = of_get_property(child, "reg", &len);
		if (of_device_is_available(child) && reg && len >= 20 &&
		    ((be32_to_cpu(reg[0]) >> 8) & 0xff) == devfn)
			return child;
	}
	return NULL;
}

/* The host of bus @bus, under hotplug_lock, or NULL (logged). */
static struct pci_host *hotplug_host(const char *name, unsigned int bus)
{
	struct pci_host *host;

	pthread_mutex_lock(&hosts_lock);
	host = host_of_bus(bus);
	pthread_mutex_unlock(&hosts_lock);
	if (!host)
		pr_err("ldm: pci: %s: the board has no bus %02x\n", name, bus);
	return host;
}

static int function_add_locked(const char *name, unsigned int bus, unsigned int devfn)
{
	struct pci_host *host = hotplug_host(name, bus);
	struct device_node *np;
	struct pci_model *m;
	int error;

	if (!host)
		return -ENODEV;
	pthread_mutex_lock(&hosts_lock);
	m = model_at(host, devfn);
	pthread_mutex_unlock(&hosts_lock);
	if (m) {
		pr_err("ldm: pci: %s is in its slot already\n", name);
		return -EEXIST;
	}
	np = host_node_at(host, devfn);
	if (!np) {
		pr_err("ldm: pci: %s: the board describes no function there\n", name);
		return -ENODEV;
	}
	error = model_create(host, np, &m);
	if (error) {
		of_node_put(np);
		return error;
	}
	/* The card's logic first: its driver's probe finds it. */
	ldm_models_bind_below(np);
	of_node_put(np);
	host_mark_multifunction(host);
	model_add(host, m);
	return m->state == MODEL_ADDED ? 0 : -EIO;
}

/**
 * ldm_pci_function_add - put a function of the board into its slot, as a
 *	hotplug controller does when a card is inserted
 * @name: the function, "0000:BB:DD.F" (pci_name()'s form)
 *
 * The function is made from its node under the board's "ldm,pci-host"
 * node (one with "ldm,slot-empty", left out at boot, or one removed with
 * ldm_pci_function_remove()), with a fresh config space, and added to the
 * bus: its uevent goes out and a driver of its id binds.
 *
 * Return: 0; -EINVAL if @name is not a function's name; -ENODEV if no bus
 * or node of the board is there; -EEXIST if the slot is taken; the
 * board's errors (-EINVAL, -EBUSY, logged naming the node); -EIO if the
 * device could not be registered; -ENOMEM.
 */
int ldm_pci_function_add(const char *name)
{
	unsigned int bus, devfn;
	int error;

	if (!name || parse_function(name, &bus, &devfn))
		return -EINVAL;
	pthread_mutex_lock(&hotplug_lock);
	error = function_add_locked(name, bus, devfn);
	pthread_mutex_unlock(&hotplug_lock);
	return error;
}

/**
 * ldm_pci_function_remove - take a function out of its slot, as a hotplug
 *	controller does when a card is pulled
 * @name: the function, "0000:BB:DD.F"
 *
 * Its driver's remove runs first (pci_remove_bus_device()); a reference a
 * driver keeps holds the pci_dev, whose config accessors then fail.
 *
 * Return: 0; -EINVAL if @name is not a function's name; -ENODEV if no
 * function is there.
 */
int ldm_pci_function_remove(const char *name)
{
	struct pci_model *m = NULL, **p;
	unsigned int bus, devfn;
	struct pci_host *host;

	if (!name || parse_function(name, &bus, &devfn))
		return -EINVAL;
	pthread_mutex_lock(&hotplug_lock);
	host = hotplug_host(name, bus);
	if (!host) {
		pthread_mutex_unlock(&hotplug_lock);
		return -ENODEV;
	}
	pthread_mutex_lock(&hosts_lock);
	for (p = &host->models; *p; p = &(*p)->next)
		if ((*p)->pdev.devfn == devfn) {
			m = *p;
			*p = m->next;
			break;
		}
	pthread_mutex_unlock(&hosts_lock);
	if (m) {
		struct device_node *np = of_node_get(m->pdev.dev.of_node);

		model_take_off(m, false);
		/* The card's logic leaves with it, after its driver's remove. */
		ldm_models_unbind_below(np);
		of_node_put(np);
		host_mark_multifunction(host);
	}
	pthread_mutex_unlock(&hotplug_lock);
	return m ? 0 : -ENODEV;
}

static const struct of_device_id host_of_match[] = { { .compatible = "ldm,pci-host" }, {} };

static struct device_driver host_driver = {
	.name = "ldm-pci-host",
	.bus = &platform_bus_type,
	.of_match_table = host_of_match,
	.probe = host_probe,
	.remove = host_remove,
};

/**
 * pci_host_init - the driver of "ldm,pci-host" nodes, and ports 0xCF8-0xCFF
 *
 * Return: 0, or the error of the claim or of driver_register().
 */
int pci_host_init(void)
{
	int error = ldm_hw_claim(LDM_HW_PORT, CONF1_ADDR, 8, "PCI conf1", &conf1_ops, NULL);

	if (error)
		return error;
	error = driver_register(&host_driver);
	if (error)
		ldm_hw_unclaim(LDM_HW_PORT, CONF1_ADDR);
	return error;
}

/**
 * pci_host_exit - undo pci_host_init()
 */
void pci_host_exit(void)
{
	driver_unregister(&host_driver);
	ldm_hw_unclaim(LDM_HW_PORT, CONF1_ADDR);
}
