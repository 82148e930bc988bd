// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * iospace.c - the I/O port space and the physical memory space that drivers
 * reach with inb()/outb() and readl()/writel() (the job of i386's in/out
 * instructions and of the bus, include/asm-i386/io.h of 2.6.9): which model
 * owns each address, and the dispatch of every access to it.
 *
 * No access ever reaches the host's hardware: no iopl(), no ioperm(), no
 * /dev/mem. An address that no model claims reads all ones and drops what
 * is written, as an empty ISA bus does, and the first such access of each
 * driver at each address is logged.
 */
#include <pthread.h>
#include <string.h>
#include <time.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/io.h>
#include <ldm/kernel.h>
#include <ldm/list.h>
#include <ldm/slab.h>
#include <ldm/string.h>

#include "boot.h"
#include "iospace.h"

/**
 * DOC: how iospace.c works
 *
 * Each space is a list of claimed ranges, in address order, under one
 * read-write lock; an access looks its range up under the read lock and
 * calls the model with the lock dropped (a model may claim or raise a line
 * from its callback), holding a reference that unclaiming waits for.
 *
 * Unanswered accesses are remembered by (space, address, driver) in a
 * list bounded to LDM_IOSPACE_LOG_MAX entries; past it, one more line says
 * that the rest go unlogged.
 */

#define LDM_IOSPACE_LOG_MAX 1024
#define LDM_TRACE_MAX	    4096 /* accesses the trace keeps, the latest */

struct hw_range {
	unsigned long start, end;
	char *name;
	const struct ldm_hw_ops *ops;
	void *data;
	unsigned int users; /* accesses running in the model, under iospace_lock */
	struct list_head list;
};

struct unanswered {
	enum ldm_hw_space space;
	unsigned long addr;
	char *who;
	struct list_head list;
};

static pthread_mutex_t iospace_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t iospace_idle = PTHREAD_COND_INITIALIZER; /* a range's users went to 0 */
static struct list_head spaces[2] = { LIST_HEAD_INIT(spaces[0]), LIST_HEAD_INIT(spaces[1]) };
static LIST_HEAD(unanswered_log);
static unsigned int unanswered_logged;
static unsigned long unanswered_total;

static const char *const space_names[] = { "port", "memory" };

/*
 * The trace: off (NULL, nothing allocated, one relaxed load an access) or
 * a ring of the last LDM_TRACE_MAX accesses, under trace_lock.
 */
static pthread_mutex_t trace_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ldm_hw_access *trace_ring;
static bool trace_on;
static uint64_t trace_seq; /* accesses recorded since the trace was turned on */
static struct timespec trace_t0;

static bool space_valid(enum ldm_hw_space space)
{
	return space == LDM_HW_PORT || space == LDM_HW_MMIO;
}

static unsigned long space_end(enum ldm_hw_space space)
{
	return space == LDM_HW_PORT ? 0xffffUL : ~0UL;
}

/* The range holding @addr; under iospace_lock. */
static struct hw_range *find_range(enum ldm_hw_space space, unsigned long addr)
{
	struct hw_range *r;

	list_for_each_entry(r, &spaces[space], list) {
		if (addr < r->start)
			break;
		if (addr <= r->end)
			return r;
	}
	return NULL;
}

/**
 * ldm_hw_claim - let a model answer a range of an address space
 * @space: LDM_HW_PORT or LDM_HW_MMIO
 * @start: the first address
 * @len: how many addresses
 * @name: the model's name, as ldm_hw_owner() gives it
 * @ops: its access callbacks, which must stay valid until ldm_hw_unclaim()
 * @data: given to them
 *
 * Return: 0; -EINVAL for an empty range, one past the space's end, or no
 * @name or @ops; -EBUSY if another model holds part of it; -ENOMEM.
 */
int ldm_hw_claim(enum ldm_hw_space space, unsigned long start, unsigned long len, const char *name,
		 const struct ldm_hw_ops *ops, void *data)
{
	struct hw_range *r, *pos;
	struct list_head *at;
	int err = -EBUSY;

	if (!space_valid(space) || !len || !name || !ops || start > space_end(space) ||
	    len - 1 > space_end(space) - start)
		return -EINVAL;
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return -ENOMEM;
	r->name = kstrdup(name, GFP_KERNEL);
	if (!r->name) {
		kfree(r);
		return -ENOMEM;
	}
	r->start = start;
	r->end = start + len - 1;
	r->ops = ops;
	r->data = data;

	pthread_mutex_lock(&iospace_lock);
	at = &spaces[space];
	list_for_each_entry(pos, &spaces[space], list) {
		if (pos->start > r->end)
			break;
		if (pos->end >= r->start)
			goto out_busy;
		at = &pos->list;
	}
	list_add(&r->list, at);
	err = 0;
out_busy:
	pthread_mutex_unlock(&iospace_lock);
	if (err) {
		kfree(r->name);
		kfree(r);
	}
	return err;
}

/**
 * ldm_hw_unclaim - take a model's range back
 * @space: its space
 * @start: the first address it was claimed with
 *
 * Waits for the accesses running in the model to return; later ones read
 * all ones.
 * Return: 0, or -ENOENT if no range starts there.
 */
int ldm_hw_unclaim(enum ldm_hw_space space, unsigned long start)
{
	struct hw_range *r;

	if (!space_valid(space))
		return -EINVAL;
	pthread_mutex_lock(&iospace_lock);
	r = find_range(space, start);
	if (!r || r->start != start) {
		pthread_mutex_unlock(&iospace_lock);
		return -ENOENT;
	}
	list_del(&r->list);
	while (r->users)
		pthread_cond_wait(&iospace_idle, &iospace_lock);
	pthread_mutex_unlock(&iospace_lock);
	kfree(r->name);
	kfree(r);
	return 0;
}

/**
 * ldm_hw_owner - which model answers an address
 * @space: its space
 * @addr: the address
 * @name: where to put the model's name (may be NULL)
 * @size: the room there
 *
 * Return: 0, or -ENOENT if no model does (it reads all ones).
 */
int ldm_hw_owner(enum ldm_hw_space space, unsigned long addr, char *name, size_t size)
{
	struct hw_range *r;
	int err = -ENOENT;

	if (!space_valid(space))
		return -EINVAL;
	pthread_mutex_lock(&iospace_lock);
	r = find_range(space, addr);
	if (r) {
		if (name && size)
			strlcpy(name, r->name, size);
		err = 0;
	}
	pthread_mutex_unlock(&iospace_lock);
	return err;
}

/**
 * ldm_hw_unanswered - how many accesses no model answered, since boot
 *
 * Return: the count, logged or not.
 */
unsigned long ldm_hw_unanswered(void)
{
	unsigned long n;

	pthread_mutex_lock(&iospace_lock);
	n = unanswered_total;
	pthread_mutex_unlock(&iospace_lock);
	return n;
}

/* Whether this is the first unanswered access of @who at @addr; under iospace_lock. */
static bool first_unanswered(enum ldm_hw_space space, unsigned long addr, const char *who)
{
	struct unanswered *u;

	unanswered_total++;
	list_for_each_entry(u, &unanswered_log, list)
		if (u->space == space && u->addr == addr && !strcmp(u->who, who))
			return false;
	if (unanswered_logged > LDM_IOSPACE_LOG_MAX)
		return false;
	unanswered_logged++;
	if (unanswered_logged > LDM_IOSPACE_LOG_MAX) {
		printk(KERN_WARNING
		       "ldm: more than %d unanswered I/O addresses: no more are logged\n",
		       LDM_IOSPACE_LOG_MAX);
		return false;
	}
	u = kmalloc(sizeof(*u), GFP_ATOMIC);
	if (u)
		u->who = kstrdup(who, GFP_ATOMIC);
	if (!u || !u->who) {
		kfree(u);
		return true; /* logged, just not remembered */
	}
	u->space = space;
	u->addr = addr;
	list_add_tail(&u->list, &unanswered_log);
	return true;
}

/* Take a reference on the owner of @addr, or note an unanswered access. */
static struct hw_range *get_range(enum ldm_hw_space space, unsigned long addr, bool write,
				  unsigned int width, const char *who)
{
	struct hw_range *r;
	bool log;

	pthread_mutex_lock(&iospace_lock);
	r = find_range(space, addr);
	if (r && (write ? r->ops->write != NULL : r->ops->read != NULL)) {
		r->users++;
		pthread_mutex_unlock(&iospace_lock);
		return r;
	}
	log = first_unanswered(space, addr, who);
	pthread_mutex_unlock(&iospace_lock);
	if (log)
		printk(KERN_WARNING "ldm: %s: %s %u byte%s at %s 0x%04lx: no device answers (%s)\n",
		       who, write ? "write of" : "read of", width, width == 1 ? "" : "s",
		       space_names[space], addr, write ? "dropped" : "reads all ones");
	return NULL;
}

static void put_range(struct hw_range *r)
{
	pthread_mutex_lock(&iospace_lock);
	if (!--r->users)
		pthread_cond_broadcast(&iospace_idle);
	pthread_mutex_unlock(&iospace_lock);
}

/* Note an access in the trace, if it is on. */
static void trace_record(enum ldm_hw_space space, unsigned long addr, unsigned int width,
			 bool write, uint32_t value, const char *who, const char *owner)
{
	struct ldm_hw_access *a;
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	pthread_mutex_lock(&trace_lock);
	if (trace_ring) {
		a = &trace_ring[trace_seq % LDM_TRACE_MAX];
		memset(a, 0, sizeof(*a));
		a->seq = trace_seq++;
		a->usec = (uint64_t)(now.tv_sec - trace_t0.tv_sec) * 1000000 +
			  (uint64_t)((now.tv_nsec - trace_t0.tv_nsec) / 1000);
		a->space = space;
		a->addr = addr;
		a->width = width;
		a->write = write;
		a->value = value;
		strlcpy(a->who, who ? who : "kernel", sizeof(a->who));
		strlcpy(a->owner, owner ? owner : "-", sizeof(a->owner));
	}
	pthread_mutex_unlock(&trace_lock);
}

/**
 * ldm_hw_trace - turn the trace of every port and memory access on or off
 * @on: true to start it afresh (what it held is dropped), false to stop it
 *	and free what it held
 *
 * Off, it costs no memory and one load an access. On, it keeps the last
 * 4096 accesses: time, driver, width, address, value, and the model.
 * Return: 0, or -ENOMEM.
 */
int ldm_hw_trace(bool on)
{
	struct ldm_hw_access *ring = NULL, *old;

	if (on) {
		ring = kcalloc(LDM_TRACE_MAX, sizeof(*ring), GFP_KERNEL);
		if (!ring)
			return -ENOMEM;
	}
	pthread_mutex_lock(&trace_lock);
	old = trace_ring;
	trace_ring = ring;
	trace_seq = 0;
	clock_gettime(CLOCK_MONOTONIC, &trace_t0);
	__atomic_store_n(&trace_on, on, __ATOMIC_RELAXED);
	pthread_mutex_unlock(&trace_lock);
	kfree(old);
	return 0;
}

/**
 * ldm_hw_trace_get - the accesses the trace holds, oldest first
 * @from: the first sequence number wanted (0 for all it holds)
 * @buf: where they go
 * @max: room for how many
 *
 * Return: how many were copied (0 with the trace off).
 */
size_t ldm_hw_trace_get(uint64_t from, struct ldm_hw_access *buf, size_t max)
{
	uint64_t first, seq;
	size_t n = 0;

	pthread_mutex_lock(&trace_lock);
	if (trace_ring) {
		first = trace_seq > LDM_TRACE_MAX ? trace_seq - LDM_TRACE_MAX : 0;
		for (seq = from > first ? from : first; seq < trace_seq && n < max; seq++)
			buf[n++] = trace_ring[seq % LDM_TRACE_MAX];
	}
	pthread_mutex_unlock(&trace_lock);
	return n;
}

static uint32_t width_mask(unsigned int width)
{
	return width >= 4 ? 0xffffffffU : (1U << (8 * width)) - 1;
}

/**
 * ldm_iospace_read - one read of an address space
 * @space: the space
 * @addr: the address
 * @width: 1, 2 or 4 bytes
 * @who: the driver making it, for the log
 *
 * Return: the model's answer, or all ones.
 */
uint32_t ldm_iospace_read(enum ldm_hw_space space, unsigned long addr, unsigned int width,
			  const char *who)
{
	struct hw_range *r = get_range(space, addr, false, width, who ? who : "kernel");
	uint32_t value;

	if (!r) {
		value = width_mask(width);
		if (__atomic_load_n(&trace_on, __ATOMIC_RELAXED))
			trace_record(space, addr, width, false, value, who, NULL);
		return value;
	}
	value = r->ops->read(addr, width, r->data) & width_mask(width);
	if (__atomic_load_n(&trace_on, __ATOMIC_RELAXED))
		trace_record(space, addr, width, false, value, who, r->name);
	put_range(r);
	return value;
}

/**
 * ldm_iospace_write - one write to an address space
 * @space: the space
 * @addr: the address
 * @width: 1, 2 or 4 bytes
 * @value: what is written
 * @who: the driver making it, for the log
 */
void ldm_iospace_write(enum ldm_hw_space space, unsigned long addr, unsigned int width,
		       uint32_t value, const char *who)
{
	struct hw_range *r = get_range(space, addr, true, width, who ? who : "kernel");

	value &= width_mask(width);
	if (__atomic_load_n(&trace_on, __ATOMIC_RELAXED))
		trace_record(space, addr, width, true, value, who, r ? r->name : NULL);
	if (!r)
		return;
	r->ops->write(addr, width, value, r->data);
	put_range(r);
}

/**
 * ldm_iospace_stray - report an I/O accessor given a pointer ioremap() never gave
 * @addr: the pointer
 * @what: the accessor (readl, memcpy_toio, ...)
 * @who: the driver
 */
void ldm_iospace_stray(const volatile void *addr, const char *what, const char *who)
{
	printk(KERN_ERR "ldm: %s: %s(%p): not an address ioremap() gave; ignored\n",
	       who ? who : "kernel", what, (const void *)addr);
}

static void bad_port(unsigned long port, const char *what, const char *who)
{
	printk(KERN_ERR "ldm: %s: %s(0x%lx): no such port (the space ends at 0xffff)\n",
	       who ? who : "kernel", what, port);
}

/**
 * __ldm_port_in - what inb(), inw() and inl() do
 * @port: the port
 * @width: 1, 2 or 4
 * @who: the calling module's name (from <ldm/io.h>)
 *
 * Return: the model's answer, or all ones (0xff, 0xffff, 0xffffffff), also
 * for a port past 0xffff.
 */
u32 __ldm_port_in(unsigned long port, unsigned int width, const char *who)
{
	if (port > 0xffff) {
		bad_port(port, "in", who);
		return width_mask(width);
	}
	return ldm_iospace_read(LDM_HW_PORT, port, width, who);
}
EXPORT_SYMBOL(__ldm_port_in);

/**
 * __ldm_port_out - what outb(), outw() and outl() do
 * @value: the value
 * @port: the port
 * @width: 1, 2 or 4
 * @who: the calling module's name (from <ldm/io.h>)
 */
void __ldm_port_out(u32 value, unsigned long port, unsigned int width, const char *who)
{
	if (port > 0xffff) {
		bad_port(port, "out", who);
		return;
	}
	ldm_iospace_write(LDM_HW_PORT, port, width, value, who);
}
EXPORT_SYMBOL(__ldm_port_out);

/**
 * __ldm_port_ins - what insb(), insw() and insl() do: @count reads of one port
 * @port: the port
 * @buf: where the values go, @width bytes each
 * @count: how many
 * @width: 1, 2 or 4
 * @who: the calling module's name
 */
void __ldm_port_ins(unsigned long port, void *buf, unsigned long count, unsigned int width,
		    const char *who)
{
	unsigned char *p = buf;
	unsigned long i;
	u32 v;

	for (i = 0; i < count; i++, p += width) {
		v = __ldm_port_in(port, width, who);
		if (width == 1)
			*p = (u8)v;
		else if (width == 2)
			memcpy(p, &(u16){ (u16)v }, 2);
		else
			memcpy(p, &v, 4);
	}
}
EXPORT_SYMBOL(__ldm_port_ins);

/**
 * __ldm_port_outs - what outsb(), outsw() and outsl() do: @count writes to one port
 * @port: the port
 * @buf: the values, @width bytes each
 * @count: how many
 * @width: 1, 2 or 4
 * @who: the calling module's name
 */
void __ldm_port_outs(unsigned long port, const void *buf, unsigned long count, unsigned int width,
		     const char *who)
{
	const unsigned char *p = buf;
	unsigned long i;
	u16 v16;
	u32 v;

	for (i = 0; i < count; i++, p += width) {
		if (width == 1) {
			v = *p;
		} else if (width == 2) {
			memcpy(&v16, p, 2);
			v = v16;
		} else {
			memcpy(&v, p, 4);
		}
		__ldm_port_out(v, port, width, who);
	}
}
EXPORT_SYMBOL(__ldm_port_outs);

/**
 * iospace_exit - forget the unanswered accesses logged, and every claim
 */
void iospace_exit(void)
{
	struct unanswered *u, *un;
	struct hw_range *r, *rn;
	int s;

	pthread_mutex_lock(&iospace_lock);
	list_for_each_entry_safe(u, un, &unanswered_log, list) {
		list_del(&u->list);
		kfree(u->who);
		kfree(u);
	}
	unanswered_logged = 0;
	unanswered_total = 0;
	ldm_hw_trace(false);
	for (s = 0; s < 2; s++) {
		list_for_each_entry_safe(r, rn, &spaces[s], list) {
			list_del(&r->list);
			kfree(r->name);
			kfree(r);
		}
	}
	pthread_mutex_unlock(&iospace_lock);
}
