// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-regbank.c - the register bank of device models (src/hw/regbank.c):
 * reset values, read-only, write-1-to-clear and clear-on-read masks, the
 * write map, a stuck bit, the interrupt on a bit, and the board's
 * properties that set them up, bad ones refused with a message naming
 * the property.
 */
#include <stdio.h>
#include <unistd.h>
#include <ldm/io.h>
#include <ldm/ldm.h>
#include <libldm/hw.h>
#include <libldm/libldm.h>

#include "../../src/hw/regbank.h"
#include "harness.h"

/* Load a board whose root holds @body; the node "/dev" as @np. */
static int load_board(const char *body)
{
	char path[] = "/tmp/ldm-test-regbank-XXXXXX.dts";
	char src[4096];
	int fd, n, error;

	n = snprintf(src, sizeof(src), "/dts-v1/;\n/ {\n%s\n};\n", body);
	ASSERT(n > 0 && n < (int)sizeof(src));
	fd = mkstemps(path, 4);
	ASSERT(fd >= 0);
	ASSERT_EQ(write(fd, src, n), n);
	close(fd);
	error = ldm_board_load(path);
	unlink(path);
	return error;
}

static struct regbank *bank_of(const char *body, const char **what)
{
	struct device_node *np;
	struct regbank *rb;

	ASSERT_OK(load_board(body));
	np = of_find_node_by_path("/dev");
	ASSERT(np);
	*what = np->full_name;
	rb = regbank_from_node(np, 16, 8, "/dev");
	of_node_put(np);
	return rb;
}

static uint32_t rd(struct regbank *rb, unsigned int idx)
{
	uint32_t v = 0xdeadbeef;

	ASSERT_OK(regbank_read(rb, idx, &v));
	return v;
}

static uint32_t peek(struct regbank *rb, unsigned int idx)
{
	uint32_t v = 0xdeadbeef;

	ASSERT_OK(regbank_peek(rb, idx, &v));
	return v;
}

DEFINE_TEST(test_regbank_masks_from_the_board,
	    .description = "a bank made from a board node has its reset values, and a driver's "
			   "writes keep read-only bits, clear write-1-to-clear bits by a 1 only, "
			   "and its reads clear the clear-on-read bits; the hardware's side sets "
			   "any bit")
{
	const char *what;
	struct regbank *rb = bank_of("dev { ldm,reset = <0 0x5a 1 0xf0 2 0x0f 3 0x81>;"
				     " ldm,read-only = <0 0xff 3 0x80>;"
				     " ldm,write-1-to-clear = <1 0xf0>;"
				     " ldm,clear-on-read = <2 0x0c>; };",
				     &what);

	ASSERT(!IS_ERR(rb));
	ASSERT_EQ(rb->count, 16);
	ASSERT_EQ(rb->width, 8);
	ASSERT_EQ(peek(rb, 0), 0x5a);
	ASSERT_EQ(peek(rb, 4), 0);

	/* read-only: register 0 whole, bit 7 of register 3 */
	ASSERT_OK(regbank_write(rb, 0, 0x00));
	ASSERT_EQ(rd(rb, 0), 0x5a);
	ASSERT_OK(regbank_write(rb, 3, 0x02));
	ASSERT_EQ(rd(rb, 3), 0x82);

	/* write-1-to-clear: 0x30 clears two bits, the 0s keep the others */
	ASSERT_OK(regbank_write(rb, 1, 0x30));
	ASSERT_EQ(rd(rb, 1), 0xc0);
	ASSERT_OK(regbank_write(rb, 1, 0x05)); /* the plain bits take the value */
	ASSERT_EQ(rd(rb, 1), 0xc5);

	/* clear-on-read: the first read sees the bits, the second not; a peek clears nothing */
	ASSERT_EQ(peek(rb, 2), 0x0f);
	ASSERT_EQ(rd(rb, 2), 0x0f);
	ASSERT_EQ(rd(rb, 2), 0x03);

	/* the hardware's side is not bound by the masks */
	ASSERT_OK(regbank_set(rb, 0, 0x11));
	ASSERT_EQ(rd(rb, 0), 0x11);
	ASSERT_EQ(regbank_set(rb, 0, 0x100), -EINVAL);
	ASSERT_EQ(regbank_write(rb, 16, 0), -ENXIO);
	ASSERT_EQ(regbank_read(rb, 16, &(uint32_t){ 0 }), -ENXIO);

	regbank_reset(rb);
	ASSERT_EQ(peek(rb, 0), 0x5a);
	ASSERT_EQ(peek(rb, 2), 0x0f);
	regbank_destroy(rb);
	ldm_board_unload();
}

DEFINE_TEST(test_regbank_16bit_write_map_and_stuck,
	    .description = "a 16-bit bank (ldm,reg-width) holds 16-bit values; ldm,write-map sends "
			   "a write of one index to another register; a stuck bit reads its "
			   "pinned value whatever is written, until freed")
{
	const char *what;
	struct regbank *rb = bank_of("dev { ldm,reg-width = <16>; ldm,reg-count = <4>;"
				     " ldm,reset = <0 0x1900>; ldm,write-map = <3 1>; };",
				     &what);

	ASSERT(!IS_ERR(rb));
	ASSERT_EQ(rb->width, 16);
	ASSERT_EQ(rb->count, 4);
	ASSERT_EQ(rd(rb, 0), 0x1900);
	ASSERT_OK(regbank_write(rb, 3, 0xbeef));
	ASSERT_EQ(rd(rb, 1), 0xbeef);
	ASSERT_EQ(rd(rb, 3), 0);

	ASSERT_OK(regbank_stick(rb, 0, 0x0001, 0x0001));
	ASSERT_EQ(rd(rb, 0), 0x1901);
	ASSERT_OK(regbank_write(rb, 0, 0x0000));
	ASSERT_EQ(rd(rb, 0), 0x0001);
	ASSERT_OK(regbank_stick(rb, 0, 0, 0));
	ASSERT_EQ(rd(rb, 0), 0x0000);
	ASSERT_EQ(regbank_stick(rb, 0, 0x10000, 0), -EINVAL);
	regbank_destroy(rb);
	ldm_board_unload();
}

DEFINE_TEST(test_regbank_irq_on_a_bit,
	    .description = "ldm,irq = <index bit line>: each time the bit goes from 0 to 1, by a "
			   "driver's write, the hardware's side or a stuck fault, one raise of the "
			   "line is due; a bit that stays set or falls makes none")
{
	const char *what;
	struct regbank *rb = bank_of("dev { ldm,irq = <2 3 9>;"
				     " ldm,clear-on-read = <2 0x08>; };",
				     &what);

	ASSERT(!IS_ERR(rb));
	ASSERT_EQ(regbank_take_irq(rb), -1);
	ASSERT_OK(regbank_set(rb, 2, 0x08));
	ASSERT_EQ(regbank_take_irq(rb), 9);
	ASSERT_EQ(regbank_take_irq(rb), -1);
	ASSERT_OK(regbank_set(rb, 2, 0x0c)); /* still set: no edge */
	ASSERT_EQ(regbank_take_irq(rb), -1);
	ASSERT_EQ(rd(rb, 2), 0x0c); /* the read clears it */
	ASSERT_EQ(peek(rb, 2), 0x04);
	ASSERT_OK(regbank_write(rb, 2, 0x08));
	ASSERT_EQ(regbank_take_irq(rb), 9);
	ASSERT_OK(regbank_write(rb, 2, 0x00));
	ASSERT_OK(regbank_stick(rb, 2, 0x08, 0x08));
	ASSERT_EQ(regbank_take_irq(rb), 9);
	regbank_destroy(rb);
	ldm_board_unload();
}

static const struct {
	const char *node;
	const char *says;
} bad_banks[] = {
	{ "dev { ldm,reset = <0 1 2>; };", "ldm,reset must be a list of <index value>" },
	{ "dev { ldm,reset = <16 1>; };", "ldm,reset names register 0x10; the bank has 16" },
	{ "dev { ldm,read-only = <0 0x100>; };", "ldm,read-only: 0x100 does not fit a 8-bit" },
	{ "dev { ldm,write-map = <0 99>; };", "ldm,write-map names register 0x63" },
	{ "dev { ldm,irq = <0 8 1>; };", "ldm,irq: bit 8 is past a 8-bit register" },
	{ "dev { ldm,irq = <0 1 1 0 2 2>; };", "ldm,irq must be one <index bit line>" },
	{ "dev { ldm,irq = <0 1 224>; };", "ldm,irq: line 224 is past the last, 223" },
	{ "dev { ldm,reg-width = <12>; };", "a bank of 16 registers of 12 bits" },
	{ "dev { ldm,reg-count = <0>; };", "a bank of 0 registers of 8 bits" },
};

static void make_bad_bank(void *arg)
{
	const char *what;
	struct regbank *rb = bank_of(arg, &what);

	ldm_board_unload();
	_exit(IS_ERR(rb) && PTR_ERR(rb) == -EINVAL ? 0 : 1);
}

DEFINE_TEST(test_regbank_bad_properties,
	    .description = "a bank property that is not a list of tuples, names a register past "
			   "the bank, holds a value too wide, or a width or count out of range is "
			   "refused with -EINVAL and a message naming the node and the property")
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad_banks); i++) {
		char *err = NULL;

		ASSERT_EQ(ldm_test_capture(make_bad_bank, (void *)bad_banks[i].node, &err), 0);
		if (!strstr(err, bad_banks[i].says) || !strstr(err, "/dev"))
			FAIL("%s: logged \"%s\", expected \"%s\"", bad_banks[i].node, err,
			     bad_banks[i].says);
		free(err);
	}
}

DEFINE_TEST(test_regbank_create_bounds, .description = "regbank_create() refuses a count of 0 or "
						       "past 256 and a width other than 8 or 16")
{
	struct regbank *rb;

	ASSERT(!regbank_create(0, 8));
	ASSERT(!regbank_create(257, 8));
	ASSERT(!regbank_create(4, 32));
	rb = regbank_create(256, 16);
	ASSERT(rb);
	ASSERT_OK(regbank_write(rb, 255, 0xffff));
	ASSERT_EQ(rd(rb, 255), 0xffff);
	regbank_destroy(rb);
}

/* A port model made of a bank: port base + i is register i. */
static uint32_t bank_port_read(unsigned long addr, unsigned int width, void *data)
{
	uint32_t v;

	(void)width;
	return regbank_read(data, addr - 0x300, &v) ? 0xff : v;
}

static void bank_port_write(unsigned long addr, unsigned int width, uint32_t value, void *data)
{
	(void)width;
	regbank_write(data, addr - 0x300, value & 0xff);
}

static const struct ldm_hw_ops bank_port_ops = {
	.read = bank_port_read,
	.write = bank_port_write,
};

DEFINE_TEST(test_regbank_behind_ports,
	    .description = "a bank serves a port model as well as an I2C chip: inb() and outb() "
			   "of a driver reach its registers through ldm_hw_claim(), with their "
			   "masks (a write-1-to-clear status, a read-only identity)")
{
	const char *what;
	struct regbank *rb =
		bank_of("dev { ldm,reg-count = <4>; ldm,reset = <0 0xa5 1 0x81>;"
			" ldm,read-only = <0 0xff>; ldm,write-1-to-clear = <1 0xff>; };",
			&what);

	ASSERT(!IS_ERR(rb));
	ASSERT_OK(ldm_hw_claim(LDM_HW_PORT, 0x300, 4, "bank", &bank_port_ops, rb));
	ASSERT_EQ(inb(0x300), 0xa5);
	outb(0x00, 0x300);
	ASSERT_EQ(inb(0x300), 0xa5);
	outb(0x01, 0x301);
	ASSERT_EQ(inb(0x301), 0x80);
	outb(0x3c, 0x302);
	ASSERT_EQ(inb(0x302), 0x3c);
	ASSERT_OK(ldm_hw_unclaim(LDM_HW_PORT, 0x300));
	regbank_destroy(rb);
	ldm_board_unload();
}
