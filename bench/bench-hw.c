// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench-hw.c - the cost of the hardware behind the drivers (docs/hardware.md,
 * docs/bench.md), three goals of issue 23, measured side by side in one run:
 *
 * 1. a port access through a model (inb() of a model's port: the port
 *    space's dispatch, its read-side section, the model's callback, the
 *    trace's check) against a plain indirect call of the same callback;
 *    the model is lockless, as one whose registers need no lock is;
 * 2. an interrupt from ldm_hw_irq_raise() to its handler;
 * 3. the heap that 10^6 register accesses with the trace off leave behind.
 *
 * Each time is the best of PASSES passes of ROUNDS accesses. Timings are
 * printed, never asserted in tests.
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "goal.h"

#define ROUNDS 1000000
#define PASSES 7
#define RAISES 100000

struct bench_regs {
	uint32_t regs[4];
};

/*
 * The model's registers: a static bank, as the floor's callback reads
 * one below, so that both do the same work and the ratio is the
 * dispatch's alone (a model that keeps them in ldm_model_priv() pays
 * that call besides).
 */
static struct bench_regs model_regs;

static uint32_t bench_read(struct ldm_model *m, unsigned int region, unsigned long offset,
			   unsigned int width)
{
	(void)m;
	(void)region;
	(void)width;
	return model_regs.regs[offset % 4];
}

static void bench_write(struct ldm_model *m, unsigned int region, unsigned long offset,
			unsigned int width, uint32_t value)
{
	(void)m;
	(void)region;
	(void)width;
	model_regs.regs[offset % 4] = value;
}

static const struct ldm_model_type bench_type = {
	.compatible = "bench,regs",
	.read = bench_read,
	.write = bench_write,
	.lockless = true, /* single words, one thread: no lock needed */
};

static const char board[] =
	"/dts-v1/;\n"
	"/ {\n"
	"  #address-cells = <1>; #size-cells = <1>;\n"
	"  isa { compatible = \"isa\"; #address-cells = <1>; #size-cells = <1>;\n"
	"    regs@300 { compatible = \"bench,regs\"; reg = <0x300 4>;\n"
	"               interrupts = <5>; };\n"
	"  };\n"
	"};\n";

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int load_board(void)
{
	char path[] = "/tmp/bench-hw-XXXXXX.dts";
	int fd, err;

	fd = mkstemps(path, 4);
	if (fd < 0)
		return -1;
	if (write(fd, board, sizeof(board) - 1) != (ssize_t)(sizeof(board) - 1)) {
		close(fd);
		unlink(path);
		return -1;
	}
	close(fd);
	err = ldm_board_load(path);
	unlink(path);
	return err;
}

/* The floor: a callback of the same work as the model's, called through a pointer. */
static struct bench_regs plain_regs;

static uint32_t plain_callback(struct ldm_model *m, unsigned int region, unsigned long offset,
			       unsigned int width)
{
	(void)m;
	(void)region;
	(void)width;
	return plain_regs.regs[offset % 4];
}

static uint32_t (*volatile plain_read)(struct ldm_model *, unsigned int, unsigned long,
				       unsigned int) = plain_callback;

static double plain_ns(void)
{
	volatile uint32_t sink = 0;
	double t0 = now();
	unsigned long i;

	for (i = 0; i < ROUNDS; i++)
		sink += plain_read(NULL, 0, i, 1);
	(void)sink;
	return (now() - t0) / ROUNDS * 1e9;
}

static double port_ns(void)
{
	volatile uint32_t sink = 0;
	double t0 = now();
	unsigned long i;

	for (i = 0; i < ROUNDS; i++)
		sink += inb(0x300 + (i & 3));
	(void)sink;
	return (now() - t0) / ROUNDS * 1e9;
}

static unsigned long handled;

static irqreturn_t bench_handler(int irq, void *dev_id, struct pt_regs *regs)
{
	(void)irq;
	(void)dev_id;
	(void)regs;
	handled++;
	return IRQ_HANDLED;
}

static double irq_us(void)
{
	double t0 = now();
	unsigned long i;

	for (i = 0; i < RAISES; i++)
		ldm_hw_irq_raise(5);
	return (now() - t0) / RAISES * 1e6;
}

int main(void)
{
	double plain = 1e9, port = 1e9, irq = 1e9, f;
	ssize_t grown;
	size_t before;
	unsigned long i;
	int p;

	if (ldm_init() || ldm_model_type_register(&bench_type) || load_board() ||
	    request_irq(5, bench_handler, 0, "bench", &handled)) {
		fprintf(stderr, "bench-hw: cannot set up the model's board\n");
		return 1;
	}
	for (p = 0; p < PASSES; p++) {
		f = plain_ns();
		plain = f < plain ? f : plain;
		f = port_ns();
		port = f < port ? f : port;
		f = irq_us();
		irq = f < irq ? f : irq;
	}
	printf("port read through a model: %.1f ns; the callback by pointer: %.1f ns\n", port,
	       plain);
	printf("interrupt raised to its handler: %.2f us (%lu handled)\n", irq, handled);

	before = mallinfo2().uordblks;
	for (i = 0; i < ROUNDS; i++) {
		outb((uint8_t)i, 0x301);
		(void)inb(0x301);
	}
	grown = (ssize_t)mallinfo2().uordblks - (ssize_t)before;
	printf("heap after 10^6 writes and reads, trace off: %zd bytes more\n", grown);

	bench_goal_max("port access through a model / indirect call", port / plain, "", 3);
	bench_goal_max("interrupt from ldm_hw_irq_raise to handler", irq, "us", 20);
	bench_goal_max("heap of 10^6 accesses, trace off", (double)grown, "B", 0);
	free_irq(5, &handled);
	ldm_board_unload();
	ldm_exit();
	return bench_goals_status();
}
