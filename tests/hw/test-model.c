// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-model.c - the model API (src/hw/): a type a test registers, bound to
 * board nodes in the port and memory spaces, its accesses with offsets and
 * widths, its lines raised after its callback, its timer on the manual
 * clock, `ldm hw`'s register calls; and boards whose model nodes are wrong.
 */
#include <ldm/ldm.h>

#include "hw-board.h"

struct toy {
	uint32_t regs[4];
	unsigned long last_offset;
	unsigned int last_width, last_region;
	int timers;
};

static uint32_t toy_read(struct ldm_model *m, unsigned int region, unsigned long offset,
			 unsigned int width)
{
	struct toy *t = ldm_model_priv(m);

	t->last_region = region;
	t->last_offset = offset;
	t->last_width = width;
	return t->regs[offset / 4 % 4];
}

static void toy_write(struct ldm_model *m, unsigned int region, unsigned long offset,
		      unsigned int width, uint32_t value)
{
	struct toy *t = ldm_model_priv(m);

	t->last_region = region;
	t->last_offset = offset;
	t->last_width = width;
	t->regs[offset / 4 % 4] = value;
	if (offset == 0 && value == 0x1)
		ldm_model_irq_raise(m, 0);
	if (offset == 0 && value == 0x2)
		ldm_model_irq_lower(m, 0);
	if (offset == 8)
		ldm_model_timer_set(m, ldm_model_now() + value);
}

static int toy_probe(struct ldm_model *m)
{
	struct toy *t = ldm_model_priv(m);
	uint32_t v;

	if (!ldm_model_prop_u32(m, "reset", &v))
		t->regs[1] = v;
	return 0;
}

static int toy_reg_read(struct ldm_model *m, unsigned int reg, uint32_t *value)
{
	struct toy *t = ldm_model_priv(m);

	if (reg >= 4)
		return -ENOENT;
	*value = t->regs[reg];
	return 0;
}

static int toy_reg_write(struct ldm_model *m, unsigned int reg, uint32_t value)
{
	struct toy *t = ldm_model_priv(m);

	if (reg >= 4)
		return -ENOENT;
	t->regs[reg] = value;
	return 0;
}

static void toy_timer(struct ldm_model *m)
{
	struct toy *t = ldm_model_priv(m);

	t->timers++;
	ldm_model_irq_lower(m, 0);
	ldm_model_irq_raise(m, 0);
}

static const struct ldm_model_type toy_type = {
	.compatible = "test,toy",
	.priv_size = sizeof(struct toy),
	.probe = toy_probe,
	.read = toy_read,
	.write = toy_write,
	.reg_read = toy_reg_read,
	.reg_write = toy_reg_write,
	.timer = toy_timer,
};

static const char toy_board[] =
	"/dts-v1/;\n"
	"/ {\n"
	"  #address-cells = <1>; #size-cells = <1>;\n"
	"  isa { compatible = \"isa\"; #address-cells = <1>; #size-cells = <1>;\n"
	"    toy@300 { compatible = \"test,toy\"; reg = <0x300 16>;\n"
	"              interrupts = <5>; reset = <0x55>; };\n"
	"  };\n"
	"  toy@d0000 { compatible = \"test,toy\"; reg = <0xd0000 0x100>; };\n"
	"};\n";

static int toy_irqs;
static bool toy_irq_in_interrupt;

static irqreturn_t toy_handler(int irq, void *dev_id, struct pt_regs *regs)
{
	(void)irq;
	(void)regs;
	toy_irqs++;
	toy_irq_in_interrupt = in_interrupt();
	/* The model's lock is not held: the handler reads the model. */
	(void)inl(0x304);
	(void)dev_id;
	return IRQ_HANDLED;
}

DEFINE_TEST(test_model_bound_to_isa_and_memory_nodes,
	    .description = "a model type a host registers is made for each node naming it: on "
			   "an isa bus in the port space, elsewhere in the memory space; its "
			   "callbacks get the offset in the region and the width; the list "
			   "names both, and not the child of a model, which is the model's own")
{
	char list[512];
	void __iomem *p;
	uint32_t v;

	ASSERT_OK(ldm_model_type_register(&toy_type));
	ASSERT_EQ(ldm_model_type_register(&toy_type), -EEXIST);
	ASSERT_OK(hw_board_load(toy_board));
	ASSERT_EQ(inl(0x304), 0x55);
	outw(0x1234, 0x30c);
	ASSERT_OK(ldm_hw_model_reg_read("toy@300", 3, &v));
	ASSERT_EQ(v, 0x1234);
	p = ioremap(0xd0000, 0x100);
	ASSERT(p != NULL);
	writeb(0x7, (char __iomem *)p + 8);
	iounmap(p);
	ASSERT_OK(ldm_hw_model_reg_read("toy@d0000", 2, &v));
	ASSERT_EQ(v, 7);
	ASSERT_EQ(ldm_hw_model_reg_read("toy@300", 4, &v), -ENOENT);
	ASSERT_EQ(ldm_hw_model_reg_write("toy@300", 9, 1), -ENOENT);
	ASSERT_EQ(ldm_hw_model_reg_read("nothing", 0, &v), -ENODEV);
	ASSERT_OK(ldm_hw_model_reg_write("toy@300", 0, 0x99));
	ASSERT_EQ(inl(0x300), 0x99);
	ldm_hw_model_list(list, sizeof(list));
	ASSERT_STREQ(list, "toy@300 test,toy /isa/toy@300 port 0x300-0x30f irq 5\n"
			   "toy@d0000 test,toy /toy@d0000 memory 0xd0000-0xd00ff\n");
	ldm_board_unload();
	ASSERT_EQ(inl(0x304), 0xffffffff);
}

DEFINE_TEST(test_model_faults_hang_and_stuck_bits,
	    .description = "a model made to hang reads all ones at every width and takes no "
			   "write, keeping its state; a stuck bit reads as set at its address "
			   "only, writes still reach the model; none mends both; an unknown "
			   "model, fault or an address outside the model is refused")
{
	uint32_t v;

	ASSERT_OK(ldm_model_type_register(&toy_type));
	ASSERT_OK(hw_board_load(toy_board));
	ASSERT_OK(ldm_hw_model_fault("toy@300", LDM_MODEL_FAULT_HANG));
	ASSERT_EQ(inb(0x304), 0xff);
	ASSERT_EQ(inw(0x304), 0xffff);
	ASSERT_EQ(inl(0x304), 0xffffffff);
	outl(0x42, 0x300);
	ASSERT_OK(ldm_hw_model_reg_read("toy@300", 0, &v));
	ASSERT_EQ(v, 0);
	ASSERT_OK(ldm_hw_model_fault("toy@300", LDM_MODEL_FAULT_NONE));
	ASSERT_EQ(inl(0x304), 0x55);

	ASSERT_OK(ldm_hw_model_stuck("toy@300", 0x304, 0x80, 0x80));
	ASSERT_EQ(inl(0x304), 0xd5);
	ASSERT_EQ(inl(0x308), 0);
	outl(0x01, 0x304);
	ASSERT_EQ(inl(0x304), 0x81);
	ASSERT_OK(ldm_hw_model_reg_read("toy@300", 1, &v));
	ASSERT_EQ(v, 0x01);
	ASSERT_OK(ldm_hw_model_fault("toy@300", LDM_MODEL_FAULT_NONE));
	ASSERT_EQ(inl(0x304), 0x01);

	ASSERT_EQ(ldm_hw_model_stuck("toy@300", 0x310, 1, 1), -ERANGE);
	ASSERT_EQ(ldm_hw_model_fault("nothing", LDM_MODEL_FAULT_HANG), -ENODEV);
	ASSERT_EQ(ldm_hw_model_fault("toy@300", (enum ldm_model_fault)7), -EINVAL);
	ldm_board_unload();
}

DEFINE_TEST(test_model_line_raised_after_its_callback,
	    .description = "a line a model raises in a write runs the driver's handler once "
			   "the callback returns, in interrupt context, and the handler may "
			   "read the model; a line up is raised again only after it is lowered")
{
	ASSERT_OK(ldm_model_type_register(&toy_type));
	ASSERT_OK(hw_board_load(toy_board));
	ASSERT_OK(request_irq(5, toy_handler, 0, "toy", &toy_irqs));
	outl(1, 0x300);
	ASSERT_EQ(toy_irqs, 1);
	ASSERT(toy_irq_in_interrupt);
	outl(1, 0x300); /* still up: no edge */
	ASSERT_EQ(toy_irqs, 1);
	outl(2, 0x300);
	outl(1, 0x300);
	ASSERT_EQ(toy_irqs, 2);
	free_irq(5, &toy_irqs);
	ldm_board_unload();
}

DEFINE_TEST(test_model_timer_runs_on_the_manual_clock,
	    .description = "on the manual clock a model's timer runs when the clock is advanced "
			   "to it, in the advancing thread, and not before")
{
	ASSERT_OK(ldm_model_type_register(&toy_type));
	ASSERT_OK(hw_board_load(toy_board));
	ldm_hw_clock_manual(true);
	ASSERT_OK(request_irq(5, toy_handler, 0, "toy", &toy_irqs));
	toy_irqs = 0;
	outl(1000, 0x308);
	ldm_hw_clock_advance(999);
	ASSERT_EQ(toy_irqs, 0);
	ldm_hw_clock_advance(1);
	ASSERT_EQ(toy_irqs, 1);
	ldm_hw_clock_advance(1000000);
	ASSERT_EQ(toy_irqs, 1);
	free_irq(5, &toy_irqs);
	ldm_board_unload();
}

/*
 * Load @src: it loads, the log has @says and that @node is left out, and
 * no model answers @port.
 */
static void assert_left_out(const char *src, const char *node, unsigned long port, const char *says)
{
	char out[128];

	ASSERT_OK(hw_board_load(src));
	if (!ldm_test_log_has(says))
		FAIL("the log does not say \"%s\"", says);
	snprintf(out, sizeof(out), "%s: left out: no model answers its addresses", node);
	if (!ldm_test_log_has(out))
		FAIL("the log does not say \"%s\"", out);
	ASSERT_EQ(ldm_hw_owner(LDM_HW_PORT, port, NULL, 0), -ENOENT);
	ASSERT_EQ(inb(port), 0xff);
	ldm_board_unload();
}

DEFINE_TEST(
	test_model_bad_nodes_are_left_out_naming_the_cause,
	.description =
		"overlapping model regions, an isa node no model knows, a reg that is wrong or "
		"missing, one the model refuses: the log names the node and the cause, that node "
		"has no model (its ports read all ones), and the rest of the board is made")
{
	char owner[64];

	assert_left_out("/dts-v1/;\n/ { isa { compatible = \"isa\"; #address-cells = <1>; "
			"#size-cells = <1>;\n"
			"  rtc@70 { compatible = \"ldm,mc146818\"; reg = <0x70 2>; };\n"
			"  cmos@71 { compatible = \"ldm,mc146818\"; reg = <0x71 2>; }; }; };\n",
			"/isa/cmos@71", 0x72,
			"/isa/cmos@71: ports 0x71-0x72 overlap those of /isa/rtc@70");
	assert_left_out("/dts-v1/;\n/ { isa { compatible = \"isa\"; #address-cells = <1>; "
			"#size-cells = <1>;\n"
			"  card@300 { compatible = \"acme,card\"; reg = <0x300 8>; };\n"
			"  rtc@70 { compatible = \"ldm,mc146818\"; reg = <0x70 2>; }; }; };\n",
			"/isa/card@300", 0x300,
			"/isa/card@300: no model is compatible with \"acme,card\"");
	assert_left_out("/dts-v1/;\n/ { isa { compatible = \"isa\"; #address-cells = <1>; "
			"#size-cells = <1>;\n"
			"  rtc@70 { compatible = \"ldm,mc146818\"; reg = <0x70>; }; }; };\n",
			"/isa/rtc@70", 0x70,
			"/isa/rtc@70: reg is 4 bytes, not a multiple of 2 cells");
	assert_left_out(
		"/dts-v1/;\n/ { isa { compatible = \"isa\"; #address-cells = <1>; "
		"#size-cells = <1>;\n"
		"  rtc@fff0 { compatible = \"ldm,mc146818\"; reg = <0xfff0 0x20>; }; }; };\n",
		"/isa/rtc@fff0", 0xfff0,
		"/isa/rtc@fff0: reg entry 0 (0xfff0, size 0x20) is not a range of the "
		"port space");
	assert_left_out("/dts-v1/;\n/ { isa { compatible = \"isa\"; #address-cells = <1>; "
			"#size-cells = <1>;\n"
			"  rtc@70 { compatible = \"ldm,mc146818\"; reg = <0x70 4>; }; }; };\n",
			"/isa/rtc@70", 0x70,
			"/isa/rtc@70: an mc146818 has one reg entry of 2 ports");
	assert_left_out("/dts-v1/;\n/ { isa { compatible = \"isa\"; #address-cells = <1>; "
			"#size-cells = <1>;\n"
			"  rtc@70 { compatible = \"ldm,mc146818\"; }; }; };\n",
			"/isa/rtc@70", 0x70, "/isa/rtc@70: a model needs \"reg\"");
	/* The good nodes beside a bad one get their models. */
	ASSERT_OK(hw_board_load(
		"/dts-v1/;\n/ { isa { compatible = \"isa\"; "
		"#address-cells = <1>; #size-cells = <1>;\n"
		"  card@300 { compatible = \"acme,card\"; reg = <0x300 8>; };\n"
		"  rtc@70 { compatible = \"ldm,mc146818\"; reg = <0x70 2>; }; }; };\n"));
	ASSERT_OK(ldm_hw_owner(LDM_HW_PORT, 0x71, owner, sizeof(owner)));
	ASSERT_STREQ(owner, "/isa/rtc@70");
	ldm_board_unload();
}
