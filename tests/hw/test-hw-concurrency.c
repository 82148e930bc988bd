// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-hw-concurrency.c - the port space's dispatch takes no lock
 * (src/kernel/iospace.c, docs/hardware.md "Speed"), and yet a range taken
 * back while threads access it is not freed under them: ldm_hw_unclaim()
 * returns only once every access inside the range's callback has left
 * it. Threads read ports while ranges are claimed and taken back, and a
 * board of lockless models is loaded and unloaded under them. Run under
 * ThreadSanitizer too (.concurrency): a callback running on freed data,
 * or a race between the claim and an access, fails there.
 */
#include <pthread.h>
#include <sched.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "hw-board.h"

#define READERS 2
#define ROUNDS	300
#define PORT	0x300
#define MAGIC	0x5a

struct churn {
	int magic;	/* MAGIC while claimed; poisoned before free() */
	int entered;	/* a reader is in the callback (atomic) */
	int unclaiming; /* the range is out of the list: ldm_hw_unclaim() waits (atomic) */
};

static int stop_readers;
static unsigned long bad_reads;

/*
 * The first reader in waits, inside the access, until the range has left
 * the port space: its unclaim is then waiting for it, and the data must
 * still be there when it looks again.
 */
static uint32_t churn_read(unsigned long addr, unsigned int width, void *data)
{
	struct churn *c = data;
	int v;

	(void)addr;
	(void)width;
	if (!__atomic_exchange_n(&c->entered, 1, __ATOMIC_ACQ_REL)) {
		while (!__atomic_load_n(&c->unclaiming, __ATOMIC_ACQUIRE) &&
		       !ldm_hw_owner(LDM_HW_PORT, PORT, NULL, 0))
			sched_yield();
	}
	v = __atomic_load_n(&c->magic, __ATOMIC_RELAXED);
	return (uint32_t)v;
}

static const struct ldm_hw_ops churn_ops = { .read = churn_read };

static void *reader(void *arg)
{
	unsigned int port = (unsigned int)(uintptr_t)arg;
	uint8_t v;

	while (!__atomic_load_n(&stop_readers, __ATOMIC_ACQUIRE)) {
		v = inb(port);
		if (v != 0xff && v != MAGIC)
			__atomic_add_fetch(&bad_reads, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

static void readers_start(pthread_t *t, unsigned int port)
{
	int i;

	__atomic_store_n(&stop_readers, 0, __ATOMIC_RELEASE);
	for (i = 0; i < READERS; i++)
		ASSERT_OK(pthread_create(&t[i], NULL, reader, (void *)(uintptr_t)port));
}

static void readers_stop(pthread_t *t)
{
	int i;

	__atomic_store_n(&stop_readers, 1, __ATOMIC_RELEASE);
	for (i = 0; i < READERS; i++)
		ASSERT_OK(pthread_join(t[i], NULL));
}

DEFINE_TEST(test_hw_unclaim_waits_for_accesses_in_the_range,
	    .description = "threads read a port while its range is claimed and taken back 300 "
			   "times; each round a reader is inside the callback when the range "
			   "leaves the space, and ldm_hw_unclaim() returns only once it has "
			   "left: its data, poisoned and freed then, is never seen poisoned, and "
			   "every read gives the model's value or all ones",
	    .concurrency = true, .timeout = 120)
{
	pthread_t t[READERS];
	struct churn *c;
	int i;

	readers_start(t, PORT);
	for (i = 0; i < ROUNDS; i++) {
		c = calloc(1, sizeof(*c));
		ASSERT(c);
		c->magic = MAGIC;
		ASSERT_OK(ldm_hw_claim(LDM_HW_PORT, PORT, 4, "churn", &churn_ops, c));
		/* A reader is inside the range's callback before it is taken back. */
		while (!__atomic_load_n(&c->entered, __ATOMIC_ACQUIRE))
			sched_yield();
		ASSERT_OK(ldm_hw_unclaim(LDM_HW_PORT, PORT));
		__atomic_store_n(&c->unclaiming, 1, __ATOMIC_RELEASE);
		__atomic_store_n(&c->magic, 0x11, __ATOMIC_RELAXED);
		free(c);
	}
	readers_stop(t);
	ASSERT_EQ(bad_reads, 0);
	ASSERT_EQ(ldm_hw_owner(LDM_HW_PORT, PORT, NULL, 0), -ENOENT);
}

/* A model with no lock: one register, read and written with atomics. */
static uint32_t lockless_read(struct ldm_model *m, unsigned int region, unsigned long offset,
			      unsigned int width)
{
	(void)region;
	(void)offset;
	(void)width;
	return __atomic_load_n((uint32_t *)ldm_model_priv(m), __ATOMIC_RELAXED);
}

static void lockless_write(struct ldm_model *m, unsigned int region, unsigned long offset,
			   unsigned int width, uint32_t value)
{
	(void)region;
	(void)offset;
	(void)width;
	__atomic_store_n((uint32_t *)ldm_model_priv(m), value, __ATOMIC_RELAXED);
}

static int lockless_probe(struct ldm_model *m)
{
	*(uint32_t *)ldm_model_priv(m) = MAGIC;
	return 0;
}

static const struct ldm_model_type lockless_type = {
	.compatible = "test,lockless",
	.priv_size = sizeof(uint32_t),
	.probe = lockless_probe,
	.read = lockless_read,
	.write = lockless_write,
	.lockless = true,
};

DEFINE_TEST(test_hw_board_of_lockless_models_unloads_under_readers,
	    .description = "threads read the port of a lockless model while its board is "
			   "loaded and unloaded 20 times, and a fault is set and mended on it: "
			   "every read gives the model's value or all ones, and nothing is "
			   "freed under a reader",
	    .concurrency = true, .timeout = 120)
{
	pthread_t t[READERS];
	int i;

	ASSERT_OK(ldm_model_type_register(&lockless_type));
	readers_start(t, PORT);
	for (i = 0; i < 20; i++) {
		ASSERT_OK(hw_board_load("/dts-v1/;\n/ { isa { compatible = \"isa\"; "
					"#address-cells = <1>; #size-cells = <1>;\n"
					"  regs@300 { compatible = \"test,lockless\"; "
					"reg = <0x300 1>; }; }; };\n"));
		ASSERT_EQ(inb(PORT), MAGIC);
		ASSERT_OK(ldm_hw_model_fault("regs@300", LDM_MODEL_FAULT_HANG));
		ASSERT_EQ(inb(PORT), 0xff);
		ASSERT_OK(ldm_hw_model_fault("regs@300", LDM_MODEL_FAULT_NONE));
		outb(MAGIC, PORT);
		ldm_board_unload();
	}
	readers_stop(t);
	ASSERT_EQ(bad_reads, 0);
	ldm_model_type_unregister(&lockless_type);
}
