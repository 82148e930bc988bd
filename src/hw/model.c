// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * model.c - device models bound to board nodes (docs/hardware.md): the
 * registry of model types, the models of the loaded board with their
 * regions in the port and memory spaces, their interrupt lines and DMA,
 * and the host's calls that look at them (`ldm hw`).
 */
#include <endian.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <ldm/kernel.h>
#include <ldm/of.h>
#include <ldm/reboot.h>
#include <ldm/string.h>
#include <libldm/model.h>
#include <libldm/runtime.h>

#include "hw_model.h"
#include "model.h"

/**
 * DOC: how model.c works
 *
 * A model is made for each available node whose compatible names a
 * registered type; a node below a bus node compatible with "isa" must name
 * one, and its "reg" is in the port space; elsewhere "reg" is in the
 * memory space. Each region is claimed with ldm_hw_claim(), whose
 * callbacks take the model's lock and call the type's @read or @write; a
 * type marked @lockless is called with no lock (it keeps its own state
 * safe), so that an access costs no more than the calls.
 *
 * Lines a callback raises are collected in @raise and raised once the
 * callback has returned and the lock is dropped (model_after()): the
 * driver's handler, run by the raise, reads the model again. A line is an
 * edge: raising it while it is up does nothing until it is lowered.
 */

#define MODEL_TYPES_MAX 64

static const struct ldm_model_type *builtin_types[] = {
	&mc146818_model_type,	&acquirewdt_model_type, &ib700wdt_model_type, &wdt501_model_type,
	&i8042_model_type,	&i8253_model_type,	&ich_tco_model_type,  &ipmi_kcs_model_type,
	&pci_wdt501_model_type, &applicom_model_type,
};

static pthread_mutex_t types_lock = PTHREAD_MUTEX_INITIALIZER;
static const struct ldm_model_type *host_types[MODEL_TYPES_MAX];

/* The models of the loaded board, under models_lock. */
static pthread_mutex_t models_lock = PTHREAD_MUTEX_INITIALIZER;
static LIST_HEAD(models);

/**
 * ldm_model_type_register - let boards name a model type
 * @type: the type, which must stay valid until unregistered or ldm_exit()
 *
 * Return: 0; -EINVAL without @compatible or @probe; -EEXIST if a type of
 * that compatible is there; -ENOSPC past 64 types.
 */
int ldm_model_type_register(const struct ldm_model_type *type)
{
	int i, free_slot = -1, err = 0;

	if (!type || !type->compatible || !*type->compatible)
		return -EINVAL;
	if (model_type_find(type->compatible))
		return -EEXIST;
	pthread_mutex_lock(&types_lock);
	for (i = 0; i < MODEL_TYPES_MAX; i++) {
		if (host_types[i] && !strcmp(host_types[i]->compatible, type->compatible))
			err = -EEXIST;
		if (!host_types[i] && free_slot < 0)
			free_slot = i;
	}
	if (!err && free_slot < 0)
		err = -ENOSPC;
	if (!err)
		host_types[free_slot] = type;
	pthread_mutex_unlock(&types_lock);
	return err;
}

/**
 * ldm_model_type_unregister - take a type back (its models stay until the
 * board is unloaded)
 * @type: what ldm_model_type_register() was given
 */
void ldm_model_type_unregister(const struct ldm_model_type *type)
{
	int i;

	pthread_mutex_lock(&types_lock);
	for (i = 0; i < MODEL_TYPES_MAX; i++)
		if (host_types[i] == type)
			host_types[i] = NULL;
	pthread_mutex_unlock(&types_lock);
}

/* The type of @compatible, built in or registered, or NULL. */
const struct ldm_model_type *model_type_find(const char *compatible)
{
	const struct ldm_model_type *t = NULL;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(builtin_types); i++)
		if (!strcmp(builtin_types[i]->compatible, compatible))
			return builtin_types[i];
	pthread_mutex_lock(&types_lock);
	for (i = 0; i < MODEL_TYPES_MAX && !t; i++)
		if (host_types[i] && !strcmp(host_types[i]->compatible, compatible))
			t = host_types[i];
	pthread_mutex_unlock(&types_lock);
	return t;
}

/**
 * ldm_model_priv - a model's state: priv_size bytes, zeroed at first
 * @m: the model
 *
 * Return: the state.
 */
void *ldm_model_priv(struct ldm_model *m)
{
	return m->priv;
}

/**
 * ldm_model_name - a model's name: its node's name with the unit address
 * @m: the model
 *
 * Return: "rtc@70" for the node /isa/rtc@70.
 */
const char *ldm_model_name(struct ldm_model *m)
{
	return m->name;
}

/**
 * ldm_model_prop - a property of a model's node
 * @m: the model
 * @name: the property
 * @len: where its length goes (may be NULL)
 *
 * Return: its raw value (big-endian cells), or NULL if the node has none.
 */
const void *ldm_model_prop(struct ldm_model *m, const char *name, size_t *len)
{
	const void *v;
	int l;

	v = of_get_property(m->np, name, &l);
	if (v && len)
		*len = (size_t)l;
	return v;
}

/**
 * ldm_model_prop_bool - whether a model's node has a property (a flag)
 * @m: the model
 * @name: the property
 *
 * Return: true if the node has it, whatever its value.
 */
bool ldm_model_prop_bool(struct ldm_model *m, const char *name)
{
	return of_find_property(m->np, name, NULL) != NULL;
}

/**
 * ldm_model_prop_u32 - a one-cell property of a model's node
 * @m: the model
 * @name: the property
 * @value: where it goes, untouched on error
 *
 * Return: 0, -EINVAL if absent, -EOVERFLOW if not one cell.
 */
int ldm_model_prop_u32(struct ldm_model *m, const char *name, uint32_t *value)
{
	int len;
	const void *v = of_get_property(m->np, name, &len);
	uint32_t be;

	if (!v)
		return -EINVAL;
	if (len != 4)
		return -EOVERFLOW;
	memcpy(&be, v, 4);
	*value = be32toh(be);
	return 0;
}

/**
 * ldm_model_err - log why a model refuses its node, naming the node
 * @m: the model
 * @fmt: printf format of the cause
 */
void ldm_model_err(struct ldm_model *m, const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	pr_err("ldm: board %s: %s: %s\n", m->what, m->np->full_name, buf);
}

/**
 * ldm_model_irq_raise - raise a model's interrupt line (an edge)
 * @m: the model, from one of its callbacks
 * @index: which of its node's "interrupts"
 *
 * The line's handlers run once the callback returns, in its thread (held
 * off while that thread has interrupts disabled); a @lockless type's run
 * at once, there being no lock to drop first. A line already up is
 * not raised again until ldm_model_irq_lower().
 * Return: 0, or -EINVAL for a line the node does not have.
 */
int ldm_model_irq_raise(struct ldm_model *m, unsigned int index)
{
	unsigned int bit = 1U << index;

	if (index >= m->nr_irqs)
		return -EINVAL;
	if (__atomic_fetch_or(&m->irq_up, bit, __ATOMIC_RELAXED) & bit)
		return 0;
	if (m->type->lockless)
		ldm_hw_irq_raise(m->irqs[index]); /* no lock to drop first */
	else
		__atomic_fetch_or(&m->raise, bit, __ATOMIC_RELEASE);
	return 0;
}

/**
 * ldm_model_irq_lower - lower a model's interrupt line
 * @m: the model, from one of its callbacks
 * @index: which line
 *
 * Return: 0, or -EINVAL for a line the node does not have.
 */
int ldm_model_irq_lower(struct ldm_model *m, unsigned int index)
{
	if (index >= m->nr_irqs)
		return -EINVAL;
	__atomic_fetch_and(&m->irq_up, ~(1U << index), __ATOMIC_RELAXED);
	__atomic_fetch_and(&m->raise, ~(1U << index), __ATOMIC_RELAXED);
	return 0;
}

/**
 * ldm_model_dma_read - read the memory a driver gave the device
 * @m: the model
 * @bus_addr: a bus address the driver had from dma_alloc_coherent(), a
 *	streaming map or virt_to_bus() (bus addresses are the process's here)
 * @buf: where the bytes go
 * @len: how many
 *
 * Return: 0, or -EFAULT for address 0 or one that wraps.
 */
int ldm_model_dma_read(struct ldm_model *m, uint64_t bus_addr, void *buf, size_t len)
{
	(void)m;
	if (!bus_addr || bus_addr + len < bus_addr)
		return -EFAULT;
	memcpy(buf, (const void *)(uintptr_t)bus_addr, len);
	return 0;
}

/**
 * ldm_model_dma_write - write the memory a driver gave the device
 * @m: the model
 * @bus_addr: its bus address
 * @buf: the bytes
 * @len: how many
 *
 * Return: 0, or -EFAULT for address 0 or one that wraps.
 */
int ldm_model_dma_write(struct ldm_model *m, uint64_t bus_addr, const void *buf, size_t len)
{
	(void)m;
	if (!bus_addr || bus_addr + len < bus_addr)
		return -EFAULT;
	memcpy((void *)(uintptr_t)bus_addr, buf, len);
	return 0;
}

/* Take a model's lock for a callback. */
void model_lock(struct ldm_model *m)
{
	pthread_mutex_lock(&m->lock);
}

/* As a restart does: the drivers hear it, then the host stops. */
static void model_reset(void)
{
	ldm_reboot(LDM_REBOOT_RESTART);
	machine_restart(NULL);
}

/*
 * After a callback, with no lock held: raise the lines it raised, and
 * reset the machine if it asked. The lines are the node's, fixed at
 * probe: read without the lock.
 */
static void model_after(struct ldm_model *m)
{
	unsigned int raise = __atomic_exchange_n(&m->raise, 0, __ATOMIC_ACQUIRE), i;
	bool reset = __atomic_exchange_n(&m->reset, false, __ATOMIC_ACQUIRE);

	for (i = 0; raise; i++, raise >>= 1)
		if (raise & 1)
			ldm_hw_irq_raise(m->irqs[i]);
	if (reset)
		model_reset();
}

/* Whether a callback left work for model_after(). */
static inline bool model_pending(struct ldm_model *m)
{
	return __atomic_load_n(&m->raise, __ATOMIC_RELAXED) ||
	       __atomic_load_n(&m->reset, __ATOMIC_RELAXED);
}

/* Drop it, then raise the lines the callback raised, and reset the machine if it asked. */
void model_unlock(struct ldm_model *m)
{
	pthread_mutex_unlock(&m->lock);
	if (model_pending(m))
		model_after(m);
}

/**
 * ldm_model_machine_reset - pull the machine's reset line, as a watchdog does
 * @m: the model, from one of its callbacks
 *
 * Once the callback returns (at once for a @lockless type): the drivers'
 * reboot notifiers hear SYS_RESTART
 * (ldm_reboot()), then the host's stop handler is asked to restart
 * (ldm_machine_stop_handler(); ldmd stops).
 */
void ldm_model_machine_reset(struct ldm_model *m)
{
	if (m->type->lockless) {
		model_reset(); /* no lock to drop first */
		return;
	}
	__atomic_store_n(&m->reset, true, __ATOMIC_RELEASE);
}

/* What a read of @m gives with its faults, @v read from it; under its lock. */
static uint32_t fault_read(struct ldm_model *m, unsigned long addr, unsigned int width, uint32_t v)
{
	if (m->dead)
		return width >= 4 ? 0xffffffffu : (1u << (width * 8)) - 1;
	if (m->stuck && addr == m->stuck_addr)
		v = (v & ~m->stuck_mask) | (m->stuck_value & m->stuck_mask);
	return v;
}

static uint32_t region_read(unsigned long addr, unsigned int width, void *data)
{
	struct model_region *r = data;
	struct ldm_model *m = r->model;
	uint32_t v = 0;

	model_lock(m);
	if (!m->dead)
		v = m->type->read(m, r->index, addr - r->start, width);
	v = fault_read(m, addr, width, v);
	model_unlock(m);
	return v;
}

static void region_write(unsigned long addr, unsigned int width, uint32_t value, void *data)
{
	struct model_region *r = data;
	struct ldm_model *m = r->model;

	model_lock(m);
	if (!m->dead)
		m->type->write(m, r->index, addr - r->start, width, value);
	model_unlock(m);
}

/* A lockless model with a fault: its faults are read under the lock, its callback runs without. */
static __attribute__((noinline)) uint32_t
lockless_faulty_read(struct model_region *r, unsigned long addr, unsigned int width)
{
	struct ldm_model *m = r->model;
	struct ldm_model faults;

	pthread_mutex_lock(&m->lock);
	faults.dead = m->dead;
	faults.stuck = m->stuck;
	faults.stuck_addr = m->stuck_addr;
	faults.stuck_mask = m->stuck_mask;
	faults.stuck_value = m->stuck_value;
	pthread_mutex_unlock(&m->lock);
	return fault_read(&faults, addr, width,
			  faults.dead ? 0 : r->type->read(m, r->index, addr - r->start, width));
}

/*
 * The claim's callbacks of a lockless model, which accesses take while it
 * has a fault (else they call the type straight): the lines it raises are
 * raised at once, nothing is left for model_after().
 */
static uint32_t region_read_lockless(unsigned long addr, unsigned int width, void *data)
{
	struct model_region *r = data;
	struct ldm_model *m = r->model;
	uint32_t v;

	if (__builtin_expect(__atomic_load_n(&m->faulty, __ATOMIC_ACQUIRE), 0))
		v = lockless_faulty_read(r, addr, width);
	else
		v = r->type->read(m, r->index, addr - r->start, width);
	return v;
}

static void region_write_lockless(unsigned long addr, unsigned int width, uint32_t value,
				  void *data)
{
	struct model_region *r = data;
	struct ldm_model *m = r->model;
	bool dead = false;

	if (__builtin_expect(__atomic_load_n(&m->faulty, __ATOMIC_ACQUIRE), 0)) {
		pthread_mutex_lock(&m->lock);
		dead = m->dead;
		pthread_mutex_unlock(&m->lock);
	}
	if (!dead)
		r->type->write(m, r->index, addr - r->start, width, value);
}

static const struct ldm_hw_ops region_ops_rw = { .read = region_read, .write = region_write };
static const struct ldm_hw_ops region_ops_r = { .read = region_read };
static const struct ldm_hw_ops region_ops_w = { .write = region_write };
static const struct ldm_hw_ops region_ops_none = { 0 };
static const struct ldm_hw_ops lockless_ops_rw = { .read = region_read_lockless,
						   .write = region_write_lockless };
static const struct ldm_hw_ops lockless_ops_r = { .read = region_read_lockless };
static const struct ldm_hw_ops lockless_ops_w = { .write = region_write_lockless };

const struct ldm_hw_ops *model_region_ops(const struct ldm_model_type *t)
{
	if (t->lockless && (t->read || t->write)) {
		if (t->read && t->write)
			return &lockless_ops_rw;
		return t->read ? &lockless_ops_r : &lockless_ops_w;
	}
	if (t->read && t->write)
		return &region_ops_rw;
	if (t->read)
		return &region_ops_r;
	return t->write ? &region_ops_w : &region_ops_none;
}

/* Find a model by name; under models_lock. */
static struct ldm_model *model_find(const char *name)
{
	struct ldm_model *m;

	list_for_each_entry(m, &models, list)
		if (!strcmp(m->name, name))
			return m;
	return NULL;
}

/**
 * ldm_hw_model_list - the models of the loaded board, a line each
 * @buf: where the text goes
 * @size: its room
 *
 * Each line: name, compatible, node, then each region ("port 0x70-0x71",
 * "memory 0xd0000-0xd0fff") and line ("irq 8").
 * Return: the length the text wants, as snprintf().
 */
int ldm_hw_model_list(char *buf, size_t size)
{
	struct ldm_model *m;
	unsigned int i;
	size_t n = 0;

#define PUT(...) \
	do { \
		int _k = snprintf(buf ? buf + (n < size ? n : size) : NULL, \
				  n < size ? size - n : 0, __VA_ARGS__); \
		n += _k > 0 ? (size_t)_k : 0; \
	} while (0)
	if (buf && size)
		*buf = '\0';
	pthread_mutex_lock(&models_lock);
	list_for_each_entry(m, &models, list) {
		PUT("%s %s %s", m->name, m->type->compatible, m->np->full_name);
		for (i = 0; i < m->nr_regions; i++)
			PUT(" %s 0x%lx-0x%lx",
			    m->regions[i].space == LDM_HW_PORT ? "port" : "memory",
			    m->regions[i].start, m->regions[i].start + m->regions[i].len - 1);
		for (i = 0; i < m->nr_irqs; i++)
			PUT(" irq %u", m->irqs[i]);
		PUT("\n");
	}
	pthread_mutex_unlock(&models_lock);
#undef PUT
	return (int)n;
}

/*
 * Call @fn on the model @name with its lock held; models_lock keeps it
 * from going meanwhile.
 */
static int with_model(const char *name, int (*fn)(struct ldm_model *m, void *arg), void *arg)
{
	struct ldm_model *m;
	int err;

	if (!name)
		return -EINVAL;
	pthread_mutex_lock(&models_lock);
	m = model_find(name);
	if (!m) {
		pthread_mutex_unlock(&models_lock);
		return -ENODEV;
	}
	model_lock(m);
	err = fn(m, arg);
	model_unlock(m);
	pthread_mutex_unlock(&models_lock);
	return err;
}

struct reg_arg {
	unsigned int reg;
	uint32_t value;
	char *buf;
	size_t size;
};

static int do_reg_read(struct ldm_model *m, void *arg)
{
	struct reg_arg *a = arg;

	return m->type->reg_read ? m->type->reg_read(m, a->reg, &a->value) : -EOPNOTSUPP;
}

static int do_reg_write(struct ldm_model *m, void *arg)
{
	struct reg_arg *a = arg;

	return m->type->reg_write ? m->type->reg_write(m, a->reg, a->value) : -EOPNOTSUPP;
}

/* The faults `ldm hw fault` gave @m, as lines of its dump. */
static int fault_dump(struct ldm_model *m, char *buf, size_t size)
{
	int n = 0, k;

	if (m->dead)
		n = snprintf(buf, size, "fault: hang (reads all ones, takes no writes)\n");
	if (m->stuck) {
		k = snprintf(buf ? buf + ((size_t)n < size ? (size_t)n : size) : NULL,
			     (size_t)n < size ? size - (size_t)n : 0,
			     "fault: stuck at 0x%lx: bits 0x%x read 0x%x\n", m->stuck_addr,
			     m->stuck_mask, m->stuck_value & m->stuck_mask);
		n += k > 0 ? k : 0;
	}
	return n;
}

static int do_dump(struct ldm_model *m, void *arg)
{
	struct reg_arg *a = arg;
	size_t used;
	int n;

	if (!m->type->dump)
		n = snprintf(a->buf, a->size, "%s: no state to show\n", m->name);
	else
		n = m->type->dump(m, a->buf, a->size);
	if (n < 0)
		return n;
	used = (size_t)n < a->size ? (size_t)n : a->size;
	return n + fault_dump(m, a->buf ? a->buf + used : NULL, a->size - used);
}

/**
 * ldm_hw_model_reg_read - a model's register, as `ldm hw read` reads it
 * @name: the model's name (ldm_hw_model_list())
 * @reg: the register's number
 * @value: where its value goes
 *
 * No side effect of a driver's read happens (a flag register is not cleared).
 * Return: 0; -ENODEV for no such model; -ENOENT for no such register;
 * -EOPNOTSUPP for a model without numbered registers.
 */
int ldm_hw_model_reg_read(const char *name, unsigned int reg, uint32_t *value)
{
	struct reg_arg a = { .reg = reg };
	int err = with_model(name, do_reg_read, &a);

	if (!err && value)
		*value = a.value;
	return err;
}

/**
 * ldm_hw_model_reg_write - set a model's register, as `ldm hw write` does
 * @name: the model's name
 * @reg: the register's number
 * @value: the value
 *
 * Return: 0; -ENODEV, -ENOENT, -EOPNOTSUPP as for reading; -EINVAL for a
 * value the register cannot hold; -EROFS for a read-only register.
 */
int ldm_hw_model_reg_write(const char *name, unsigned int reg, uint32_t value)
{
	struct reg_arg a = { .reg = reg, .value = value };

	return with_model(name, do_reg_write, &a);
}

/**
 * ldm_hw_model_dump - a model's state as text
 * @name: the model's name
 * @buf: where the text goes
 * @size: its room
 *
 * Return: the length the text wants, as snprintf(); -ENODEV for no such model.
 */
int ldm_hw_model_dump(const char *name, char *buf, size_t size)
{
	struct reg_arg a = { .buf = buf, .size = size };

	if (buf && size)
		*buf = '\0';
	return with_model(name, do_dump, &a);
}

static int do_fault(struct ldm_model *m, void *arg)
{
	enum ldm_model_fault fault = *(enum ldm_model_fault *)arg;

	m->dead = fault == LDM_MODEL_FAULT_HANG;
	if (fault == LDM_MODEL_FAULT_NONE)
		m->stuck = false;
	__atomic_store_n(&m->faulty, m->dead || m->stuck, __ATOMIC_RELEASE);
	return 0;
}

/**
 * ldm_hw_model_fault - make a model fail, or mend it, as `ldm hw fault` does
 * @name: the model's name (ldm_hw_model_list())
 * @fault: LDM_MODEL_FAULT_HANG to make it stop answering, or
 *	LDM_MODEL_FAULT_NONE to mend it (a stuck bit included)
 *
 * A model that stopped answering keeps its state: mended, it answers as it
 * would have. Its timers and lines are its own affair (a dead card raises
 * nothing a driver could see: its lines stay as they were).
 * Return: 0; -ENODEV for no such model; -EINVAL for an unknown @fault.
 */
int ldm_hw_model_fault(const char *name, enum ldm_model_fault fault)
{
	if (fault != LDM_MODEL_FAULT_NONE && fault != LDM_MODEL_FAULT_HANG)
		return -EINVAL;
	return with_model(name, do_fault, &fault);
}

struct stuck_arg {
	unsigned long addr;
	uint32_t mask, value;
};

static int do_stuck(struct ldm_model *m, void *arg)
{
	struct stuck_arg *a = arg;
	unsigned int i;

	for (i = 0; i < m->nr_regions; i++)
		if (a->addr >= m->regions[i].start &&
		    a->addr - m->regions[i].start < m->regions[i].len)
			break;
	if (i == m->nr_regions)
		return -ERANGE;
	m->stuck = a->mask != 0;
	m->stuck_addr = a->addr;
	m->stuck_mask = a->mask;
	m->stuck_value = a->value;
	__atomic_store_n(&m->faulty, m->dead || m->stuck, __ATOMIC_RELEASE);
	return 0;
}

/**
 * ldm_hw_model_stuck - make bits of an address of a model read stuck
 * @name: the model's name
 * @addr: a port or physical address in one of its regions
 * @mask: the stuck bits (0: none stuck)
 * @value: what they read as
 *
 * A driver's read at @addr, whatever its width, sees the bits of @mask as
 * those of @value; writes still reach the model. One address a model.
 * Return: 0; -ENODEV for no such model; -ERANGE for an address outside its
 * regions.
 */
int ldm_hw_model_stuck(const char *name, unsigned long addr, uint32_t mask, uint32_t value)
{
	struct stuck_arg a = { .addr = addr, .mask = mask, .value = value };

	return with_model(name, do_stuck, &a);
}

/* Put @m in the list of models; -EEXIST if one has its name. */
int model_add(struct ldm_model *m)
{
	int err = 0;

	pthread_mutex_lock(&models_lock);
	if (model_find(m->name))
		err = -EEXIST;
	else
		list_add_tail(&m->list, &models);
	pthread_mutex_unlock(&models_lock);
	return err;
}

/* Whether @np is @top or below it. */
static bool node_below(const struct device_node *np, const struct device_node *top)
{
	for (; np; np = np->parent)
		if (np == top)
			return true;
	return false;
}

/* Take the models of the nodes below @top out of the list, into @out, last made first. */
void model_del_below(const struct device_node *top, struct list_head *out)
{
	struct list_head *pos, *prev;

	pthread_mutex_lock(&models_lock);
	for (pos = models.prev; pos != &models; pos = prev) {
		prev = pos->prev;
		if (node_below(list_entry(pos, struct ldm_model, list)->np, top))
			list_move_tail(pos, out);
	}
	pthread_mutex_unlock(&models_lock);
}

/* Take every model out of the list, into @out, last made first. */
void model_del_all(struct list_head *out)
{
	pthread_mutex_lock(&models_lock);
	while (!list_empty(&models))
		list_move_tail(models.prev, out);
	pthread_mutex_unlock(&models_lock);
}

/**
 * ldm_models_exit - forget the types hosts registered (ldm_exit())
 */
void ldm_models_exit(void)
{
	pthread_mutex_lock(&types_lock);
	memset(host_types, 0, sizeof(host_types));
	pthread_mutex_unlock(&types_lock);
	model_clock_exit();
}
