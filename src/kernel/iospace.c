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
#include <errno.h>
#include <linux/membarrier.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
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
 * Accesses are many and claims are few, so an access takes no lock and
 * makes no atomic read-modify-write, as RCU readers in the kernel do:
 *
 * - The port space is a table of 65536 pointers, one a port, each the
 *   range that owns it or NULL; the memory space is a sorted array of its
 *   ranges, published whole through one pointer. An access loads its
 *   range from there (an acquire load) and calls the model.
 * - While it does, its thread is inside a read-side section: a counter of
 *   the thread's own (struct io_reader) is odd. Claims and releases take
 *   iospace_lock, change the table or publish a new array, then wait for
 *   a grace period (io_synchronize()): every thread that was inside a
 *   section has left it. Only then is a released range, or an old array,
 *   freed: a model removed while accessed is not freed under the accessor.
 * - The writer's side orders the readers' plain stores with membarrier(2)
 *   (MEMBARRIER_CMD_PRIVATE_EXPEDITED, as liburcu's memb flavour does);
 *   where the kernel has none, each reader issues a full fence instead.
 *
 * Unanswered accesses are remembered by (space, address, driver) in a
 * list bounded to LDM_IOSPACE_LOG_MAX entries, under log_lock; past it, one
 * more line says that the rest go unlogged.
 */

#define LDM_IOSPACE_LOG_MAX 1024
#define LDM_TRACE_MAX	    4096 /* accesses the trace keeps, the latest */
#define PORT_SPACE	    0x10000

struct hw_range {
	unsigned long start, end;
	/* @ops' callbacks, copied: an access loads one pointer less. */
	uint32_t (*read)(unsigned long addr, unsigned int width, void *data);
	void (*write)(unsigned long addr, unsigned int width, uint32_t value, void *data);
	void *data;
	struct iospace_direct direct; /* taken first, unless *direct.off */
	char *name;
	struct list_head list; /* in spaces[], under iospace_lock */
};

/* The memory space as readers see it: its ranges, by address. */
struct mmio_map {
	unsigned int nr;
	struct hw_range *ranges[];
};

struct unanswered {
	enum ldm_hw_space space;
	unsigned long addr;
	char *who;
	struct list_head list;
};

/*
 * A thread that accesses the spaces: @ctr is 0 outside read-side
 * sections, and inside them the grace period (io_gp, odd) its outermost
 * section began in; a nested one (an access from a model's callback, or
 * from a handler a model's line ran) leaves it as it is.
 */
struct io_reader {
	unsigned long ctr;
	bool listed;
	struct list_head node; /* in io_readers, under readers_lock */
};

/* The writers' side: the ranges of each space in address order. */
static pthread_mutex_t iospace_lock = PTHREAD_MUTEX_INITIALIZER;
static struct list_head spaces[2] = { LIST_HEAD_INIT(spaces[0]), LIST_HEAD_INIT(spaces[1]) };

/* The readers' side. */
static struct hw_range *port_map[PORT_SPACE];
static struct mmio_map *mmio_map;

static __thread struct io_reader io_self __attribute__((tls_model("initial-exec")));
static pthread_mutex_t readers_lock = PTHREAD_MUTEX_INITIALIZER;
static LIST_HEAD(io_readers);
static pthread_once_t readers_once = PTHREAD_ONCE_INIT;
static pthread_key_t readers_key;
static unsigned long io_gp = 1;	   /* odd; a writer adds 2, under readers_lock */
static bool io_fence;		   /* no membarrier(2): readers fence themselves */
static bool io_membarrier_private; /* MEMBARRIER_CMD_PRIVATE_EXPEDITED is registered */

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
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

static long io_membarrier(int cmd)
{
	return syscall(__NR_membarrier, cmd, 0, 0);
}

/* A thread that read the spaces ends: forget it. */
static void reader_gone(void *p)
{
	struct io_reader *rd = p;

	pthread_mutex_lock(&readers_lock);
	list_del(&rd->node);
	rd->listed = false;
	pthread_mutex_unlock(&readers_lock);
}

static void readers_prepare_fork(void)
{
	pthread_mutex_lock(&readers_lock);
}

static void readers_after_fork(void)
{
	pthread_mutex_unlock(&readers_lock);
}

/* The child of a fork has one thread: the readers are it alone. */
static void readers_in_child(void)
{
	INIT_LIST_HEAD(&io_readers);
	if (io_self.listed)
		list_add(&io_self.node, &io_readers);
	pthread_mutex_unlock(&readers_lock);
}

/* Once a process: the key that forgets an ending thread; how writers order readers. */
static void readers_init(void)
{
	long cmds = io_membarrier(MEMBARRIER_CMD_QUERY);

	pthread_key_create(&readers_key, reader_gone);
	pthread_atfork(readers_prepare_fork, readers_after_fork, readers_in_child);
	if (cmds > 0 && (cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
	    !io_membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED))
		io_membarrier_private = true;
	else if (cmds <= 0 || !(cmds & MEMBARRIER_CMD_GLOBAL))
		io_fence = true;
}

/* The calling thread's first access: let writers wait for it. */
static __attribute__((noinline)) void reader_register(void)
{
	pthread_once(&readers_once, readers_init);
	pthread_mutex_lock(&readers_lock);
	list_add(&io_self.node, &io_readers);
	io_self.listed = true;
	pthread_mutex_unlock(&readers_lock);
	pthread_setspecific(readers_key, &io_self);
}

/*
 * Enter a read-side section: ranges loaded from here on stay until
 * io_exit(). Return: what io_exit() is to give back. Only stores of what
 * it loaded from elsewhere, no read-modify-write of its own counter: the
 * accesses of a loop do not wait on each other's stores.
 */
#if defined(__SANITIZE_THREAD__)
/* ThreadSanitizer has no fences: a read-modify-write of one word is one. */
static unsigned long io_fence_word;
#define io_full_fence() __atomic_fetch_add(&io_fence_word, 0, __ATOMIC_SEQ_CST)
#else
#define io_full_fence() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#endif

static inline __attribute__((always_inline)) unsigned long io_enter(void)
{
	unsigned long outer;

	if (__builtin_expect(!io_self.listed, 0))
		reader_register();
	outer = __atomic_load_n(&io_self.ctr, __ATOMIC_RELAXED);
	if (!outer) {
		/* Release: a writer that sees it sees the end of the section before. */
		__atomic_store_n(&io_self.ctr, __atomic_load_n(&io_gp, __ATOMIC_ACQUIRE),
				 __ATOMIC_RELEASE);
		if (__builtin_expect(io_fence, 0))
			io_full_fence();
		else
			__atomic_signal_fence(__ATOMIC_SEQ_CST);
	}
	return outer;
}

static inline __attribute__((always_inline)) void io_exit(unsigned long outer)
{
	__atomic_store_n(&io_self.ctr, outer, __ATOMIC_RELEASE);
}

/* A full barrier on every thread of the process that runs now. */
static void io_barrier(void)
{
	if (io_fence) {
		io_full_fence();
		return;
	}
	if (io_membarrier_private && !io_membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED))
		return;
	/* A child of a fork may have to register again; else the slow, global one. */
	if (errno == EPERM && !io_membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) &&
	    !io_membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED))
		return;
	io_membarrier(MEMBARRIER_CMD_GLOBAL);
}

/*
 * Wait for a grace period: every thread inside a read-side section when
 * this began has left it (or is in a later one, which cannot see what was
 * taken away before). The calling thread's own section (a model's
 * callback that releases another range) is not waited for.
 */
static void io_synchronize(void)
{
	struct io_reader *rd;
	unsigned long gp, c;

	pthread_once(&readers_once, readers_init);
	pthread_mutex_lock(&readers_lock);
	gp = __atomic_add_fetch(&io_gp, 2, __ATOMIC_RELEASE);
	io_barrier();
	list_for_each_entry(rd, &io_readers, node) {
		if (rd == &io_self)
			continue;
		while ((c = __atomic_load_n(&rd->ctr, __ATOMIC_ACQUIRE)) && c != gp)
			sched_yield();
	}
	pthread_mutex_unlock(&readers_lock);
}

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

/* The memory space's ranges as an array for readers; under iospace_lock. */
static struct mmio_map *mmio_map_build(void)
{
	struct mmio_map *map;
	struct hw_range *r;
	unsigned int n = 0;

	list_for_each_entry(r, &spaces[LDM_HW_MMIO], list)
		n++;
	map = kmalloc(sizeof(*map) + n * sizeof(map->ranges[0]), GFP_KERNEL);
	if (!map)
		return NULL;
	map->nr = 0;
	list_for_each_entry(r, &spaces[LDM_HW_MMIO], list)
		map->ranges[map->nr++] = r;
	return map;
}

/*
 * Show readers @space as the list has it now: the ports of @r set to
 * @to, or a new array of the memory space (the old one in *@old, to free
 * after a grace period). Under iospace_lock.
 */
static int publish(enum ldm_hw_space space, struct hw_range *r, struct hw_range *to,
		   struct mmio_map **old)
{
	struct mmio_map *map;
	unsigned long a;

	*old = NULL;
	if (space == LDM_HW_PORT) {
		for (a = r->start; a <= r->end; a++)
			__atomic_store_n(&port_map[a], to, __ATOMIC_RELEASE);
		return 0;
	}
	map = mmio_map_build();
	if (!map)
		return -ENOMEM;
	*old = mmio_map;
	__atomic_store_n(&mmio_map, map, __ATOMIC_RELEASE);
	return 0;
}

static void range_free(struct hw_range *r)
{
	kfree(r->name);
	kfree(r);
}

/**
 * ldm_hw_claim - let a model answer a range of an address space
 * @space: LDM_HW_PORT or LDM_HW_MMIO
 * @start: the first address
 * @len: how many
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
	return iospace_claim_direct(space, start, len, name, ops, data, NULL);
}

/**
 * iospace_claim_direct - ldm_hw_claim(), with callbacks an access calls straight
 * @space: as for ldm_hw_claim()
 * @start: ...
 * @len: ...
 * @name: ...
 * @ops: ...
 * @data: ...
 * @direct: what an access calls first (copied; NULL: none)
 *
 * Return: as ldm_hw_claim().
 */
int iospace_claim_direct(enum ldm_hw_space space, unsigned long start, unsigned long len,
			 const char *name, const struct ldm_hw_ops *ops, void *data,
			 const struct iospace_direct *direct)
{
	struct mmio_map *old = NULL;
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
	r->read = ops->read;
	r->write = ops->write;
	r->data = data;
	if (direct)
		r->direct = *direct;

	pthread_mutex_lock(&iospace_lock);
	at = &spaces[space];
	list_for_each_entry(pos, &spaces[space], list) {
		if (pos->start > r->end)
			break;
		if (pos->end >= r->start)
			goto out;
		at = &pos->list;
	}
	list_add(&r->list, at);
	err = publish(space, r, r, &old);
	if (err)
		list_del(&r->list);
out:
	pthread_mutex_unlock(&iospace_lock);
	if (err) {
		range_free(r);
		return err;
	}
	if (old) {
		io_synchronize();
		kfree(old);
	}
	return 0;
}

/**
 * ldm_hw_unclaim - take a model's range back
 * @space: its space
 * @start: the first address it was claimed with
 *
 * Later accesses read all ones. Waits for the accesses running now (in
 * any model) to return before it returns: then nothing reaches the
 * model's callbacks any more, and its data may go. A callback must not
 * take back the range it is called for.
 * Return: 0, -ENOENT if no range starts there, or -ENOMEM (the range
 * stays claimed).
 */
int ldm_hw_unclaim(enum ldm_hw_space space, unsigned long start)
{
	struct mmio_map *old = NULL;
	struct list_head *prev;
	struct hw_range *r;
	int err;

	if (!space_valid(space))
		return -EINVAL;
	pthread_mutex_lock(&iospace_lock);
	r = find_range(space, start);
	if (!r || r->start != start) {
		pthread_mutex_unlock(&iospace_lock);
		return -ENOENT;
	}
	prev = r->list.prev;
	list_del(&r->list);
	err = publish(space, r, NULL, &old);
	if (err)
		list_add(&r->list, prev);
	pthread_mutex_unlock(&iospace_lock);
	if (err)
		return err;
	io_synchronize();
	kfree(old);
	range_free(r);
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

	pthread_mutex_lock(&log_lock);
	n = unanswered_total;
	pthread_mutex_unlock(&log_lock);
	return n;
}

/* Whether this is the first unanswered access of @who at @addr; under log_lock. */
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

/* Count an access no model answered, and log the first of @who at @addr. */
static __attribute__((noinline, cold)) void unanswered(enum ldm_hw_space space, unsigned long addr,
						       bool write, unsigned int width,
						       const char *who)
{
	bool log;

	pthread_mutex_lock(&log_lock);
	log = first_unanswered(space, addr, who);
	pthread_mutex_unlock(&log_lock);
	if (log)
		printk(KERN_WARNING "ldm: %s: %s %u byte%s at %s 0x%04lx: no device answers (%s)\n",
		       who, write ? "write of" : "read of", width, width == 1 ? "" : "s",
		       space_names[space], addr, write ? "dropped" : "reads all ones");
}

/* The range of the memory space holding @addr; in a read-side section. */
static struct hw_range *mmio_lookup(unsigned long addr)
{
	const struct mmio_map *map = __atomic_load_n(&mmio_map, __ATOMIC_ACQUIRE);
	unsigned int lo = 0, hi, mid;

	if (!map)
		return NULL;
	hi = map->nr;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (addr < map->ranges[mid]->start)
			hi = mid;
		else if (addr > map->ranges[mid]->end)
			lo = mid + 1;
		else
			return map->ranges[mid];
	}
	return NULL;
}

/* The owner of @addr, NULL for none; in a read-side section. */
static inline __attribute__((always_inline)) struct hw_range *lookup(enum ldm_hw_space space,
								     unsigned long addr)
{
	if (space == LDM_HW_PORT)
		return __atomic_load_n(&port_map[addr], __ATOMIC_ACQUIRE);
	return mmio_lookup(addr);
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

/* Whether @r is to be called straight (a lockless model with no fault); in a section. */
static inline __attribute__((always_inline)) bool direct(const struct hw_range *r, bool write)
{
	return r && (write ? r->direct.write != NULL : r->direct.read != NULL) &&
	       !__atomic_load_n(r->direct.off, __ATOMIC_RELAXED);
}

/* A read that is not a direct one: through @r's ops, or unanswered; in a section. */
static __attribute__((noinline)) uint32_t read_slow(const struct hw_range *r,
						    enum ldm_hw_space space, unsigned long addr,
						    unsigned int width, const char *who)
{
	if (direct(r, false))
		return r->direct.read(r->direct.obj, r->direct.index, addr - r->start, width);
	if (r && r->read)
		return r->read(addr, width, r->data);
	unanswered(space, addr, false, width, who ? who : "kernel");
	return ~0U;
}

static __attribute__((noinline)) void write_slow(const struct hw_range *r, enum ldm_hw_space space,
						 unsigned long addr, unsigned int width,
						 uint32_t value, const char *who)
{
	if (direct(r, true))
		r->direct.write(r->direct.obj, r->direct.index, addr - r->start, width, value);
	else if (r && r->write)
		r->write(addr, width, value, r->data);
	else
		unanswered(space, addr, true, width, who ? who : "kernel");
}

/* A read with the trace on: recorded once the model has answered. */
static __attribute__((noinline)) uint32_t read_traced(enum ldm_hw_space space, unsigned long addr,
						      unsigned int width, const char *who)
{
	unsigned long outer = io_enter();
	struct hw_range *r = lookup(space, addr);
	uint32_t value = read_slow(r, space, addr, width, who) & width_mask(width);

	trace_record(space, addr, width, false, value, who, r ? r->name : NULL);
	io_exit(outer);
	return value;
}

static __attribute__((noinline)) void write_traced(enum ldm_hw_space space, unsigned long addr,
						   unsigned int width, uint32_t value,
						   const char *who)
{
	unsigned long outer = io_enter();
	struct hw_range *r = lookup(space, addr);

	trace_record(space, addr, width, true, value, who, r ? r->name : NULL);
	write_slow(r, space, addr, width, value, who);
	io_exit(outer);
}

/*
 * One read of @space, as ldm_iospace_read(). The path of a lockless
 * model keeps little alive across its call: the trace's and the other
 * cases' work is out of line.
 */
static inline __attribute__((always_inline)) uint32_t
io_read(enum ldm_hw_space space, unsigned long addr, unsigned int width, const char *who)
{
	unsigned long outer;
	struct hw_range *r;
	uint32_t value;

	if (__builtin_expect(__atomic_load_n(&trace_on, __ATOMIC_RELAXED), 0))
		return read_traced(space, addr, width, who);
	outer = io_enter();
	r = lookup(space, addr);
	if (__builtin_expect(direct(r, false), 1))
		value = r->direct.read(r->direct.obj, r->direct.index, addr - r->start, width);
	else
		value = read_slow(r, space, addr, width, who);
	io_exit(outer);
	return value & width_mask(width);
}

/* One write to @space, as ldm_iospace_write(). */
static inline __attribute__((always_inline)) void io_write(enum ldm_hw_space space,
							   unsigned long addr, unsigned int width,
							   uint32_t value, const char *who)
{
	unsigned long outer;
	struct hw_range *r;

	value &= width_mask(width);
	if (__builtin_expect(__atomic_load_n(&trace_on, __ATOMIC_RELAXED), 0)) {
		write_traced(space, addr, width, value, who);
		return;
	}
	outer = io_enter();
	r = lookup(space, addr);
	if (__builtin_expect(direct(r, true), 1))
		r->direct.write(r->direct.obj, r->direct.index, addr - r->start, width, value);
	else
		write_slow(r, space, addr, width, value, who);
	io_exit(outer);
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
	return io_read(space, addr, width, who);
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
	io_write(space, addr, width, value, who);
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
	if (__builtin_expect(port > 0xffff, 0)) {
		bad_port(port, "in", who);
		return width_mask(width);
	}
	return io_read(LDM_HW_PORT, port, width, who);
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
	if (__builtin_expect(port > 0xffff, 0)) {
		bad_port(port, "out", who);
		return;
	}
	io_write(LDM_HW_PORT, port, width, value, who);
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
 *
 * No access runs any more (ldm_exit()).
 */
void iospace_exit(void)
{
	struct unanswered *u, *un;
	struct hw_range *r, *rn;
	int s;

	pthread_mutex_lock(&log_lock);
	list_for_each_entry_safe(u, un, &unanswered_log, list) {
		list_del(&u->list);
		kfree(u->who);
		kfree(u);
	}
	unanswered_logged = 0;
	unanswered_total = 0;
	pthread_mutex_unlock(&log_lock);
	ldm_hw_trace(false);
	pthread_mutex_lock(&iospace_lock);
	kfree(mmio_map);
	mmio_map = NULL;
	for (s = 0; s < 2; s++) {
		list_for_each_entry_safe(r, rn, &spaces[s], list) {
			if (s == LDM_HW_PORT)
				memset(&port_map[r->start], 0,
				       (r->end - r->start + 1) * sizeof(port_map[0]));
			list_del(&r->list);
			range_free(r);
		}
	}
	pthread_mutex_unlock(&iospace_lock);
}
