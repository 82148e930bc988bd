// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-i8042.c - the keyboard controller model (ldm,i8042) with its PS/2
 * keyboard, through its ports as 2.6.9's i8042.c and atkbd.c reach it: the
 * controller's self test and command byte, the keyboard's replies to
 * atkbd's commands each on line 1, and bytes the host puts on the
 * keyboard's wire. Every interrupt runs in the test's thread.
 */
#include <ldm/ldm.h>

#include "../hw/hw-board.h"

static const char kbd_board[] = "/dts-v1/;\n"
				"/ { isa { compatible = \"isa\"; #address-cells = <1>; "
				"#size-cells = <1>;\n"
				"  i8042@60 { compatible = \"ldm,i8042\"; reg = <0x60 1 0x64 1>;\n"
				"    interrupts = <1 12>; }; }; };\n";

static unsigned char got[16];
static int ngot;

/* What i8042_interrupt() does, reduced: the byte waiting, if any. */
static irqreturn_t kbd_handler(int irq, void *dev_id, struct pt_regs *regs)
{
	(void)irq;
	(void)dev_id;
	(void)regs;
	if (!(inb(0x64) & 0x01))
		return IRQ_NONE;
	if (ngot < 16)
		got[ngot++] = inb(0x60);
	return IRQ_HANDLED;
}

/* A controller command, and its reply polled as i8042_command() does. */
static int ctl(unsigned char cmd, bool reply)
{
	unsigned long flags;
	int v = -1;

	local_irq_save(flags);
	outb(cmd, 0x64);
	if (reply && (inb(0x64) & 0x01))
		v = inb(0x60);
	local_irq_restore(flags);
	return v;
}

DEFINE_TEST(test_i8042_controller_commands,
	    .description = "the controller passes its self test (0x55) and interface test, "
			   "gives and takes its command byte (no XLATE: i8042.c runs it direct), "
			   "and loops a byte back as from the aux port")
{
	unsigned long flags;
	uint32_t v;

	ASSERT_OK(hw_board_load(kbd_board));
	ASSERT_EQ(inb(0x64) & 0x01, 0);
	ASSERT_EQ(ctl(0xaa, true), 0x55);
	ASSERT_EQ(ctl(0xab, true), 0x00);
	ASSERT_EQ(ctl(0x20, true), 0x05);
	local_irq_save(flags);
	outb(0x60, 0x64);
	outb(0x47, 0x60);
	local_irq_restore(flags);
	ASSERT_OK(ldm_hw_model_reg_read("i8042@60", 1, &v));
	ASSERT_EQ(v, 0x47);
	local_irq_save(flags);
	outb(0xd3, 0x64);
	outb(0x5a, 0x60);
	ASSERT_EQ(inb(0x64) & 0x21, 0x21); /* a byte, from aux */
	ASSERT_EQ(inb(0x60), 0x5a);
	local_irq_restore(flags);
	ldm_board_unload();
}

DEFINE_TEST(test_i8042_keyboard_answers_atkbd_on_line_1,
	    .description = "a keyboard reset is acked and passes its test (0xfa 0xaa), identify "
			   "gives 0xfa 0xab 0x83, LEDs take their parameter; each byte comes on "
			   "line 1, the next once the one before is read; a scancode the host "
			   "puts on the wire comes the same way")
{
	uint32_t v;

	ASSERT_OK(hw_board_load(kbd_board));
	ASSERT_OK(request_irq(1, kbd_handler, SA_SHIRQ, "i8042", got));
	outb(0xff, 0x60);
	ASSERT_EQ(ngot, 2);
	ASSERT(got[0] == 0xfa && got[1] == 0xaa);
	outb(0xf2, 0x60);
	ASSERT_EQ(ngot, 5);
	ASSERT(got[2] == 0xfa && got[3] == 0xab && got[4] == 0x83);
	outb(0xed, 0x60);
	outb(0x02, 0x60);
	ASSERT_EQ(ngot, 7);
	ASSERT_OK(ldm_hw_model_reg_read("i8042@60", 2, &v));
	ASSERT_EQ(v, 2);
	ASSERT_OK(ldm_hw_model_reg_write("i8042@60", 0, 0x1c));
	ASSERT_EQ(ngot, 8);
	ASSERT_EQ(got[7], 0x1c);
	ASSERT_EQ(ldm_hw_model_reg_write("i8042@60", 3, 0), -ENOENT);
	ASSERT_EQ(ldm_hw_model_reg_write("i8042@60", 0, 0x100), -EINVAL);
	free_irq(1, got);
	ldm_board_unload();
}

static unsigned char aux[16];
static int naux;

static irqreturn_t aux_handler(int irq, void *dev_id, struct pt_regs *regs)
{
	(void)irq;
	(void)dev_id;
	(void)regs;
	if ((inb(0x64) & 0x21) != 0x21)
		return IRQ_NONE;
	if (naux < 16)
		aux[naux++] = inb(0x60);
	return IRQ_HANDLED;
}

DEFINE_TEST(test_i8042_mouse_answers_on_line_12,
	    .description = "with ldm,mouse, a byte sent to the aux port (0xd4) reaches a PS/2 "
			   "mouse: reset gives 0xfa 0xaa 0x00, identify 0xfa 0x00 (plain PS/2), "
			   "each byte on line 12 with the aux flag; a packet the host puts on the "
			   "mouse's wire comes the same way; without ldm,mouse register 3 is "
			   "not there")
{
	static const char mouse_board[] = "/dts-v1/;\n"
					  "/ { isa { compatible = \"isa\"; #address-cells = <1>; "
					  "#size-cells = <1>;\n"
					  "  i8042@60 { compatible = \"ldm,i8042\"; "
					  "reg = <0x60 1 0x64 1>;\n"
					  "    interrupts = <1 12>; ldm,mouse; }; }; };\n";
	unsigned long flags;

	ASSERT_OK(hw_board_load(kbd_board));
	ASSERT_EQ(ldm_hw_model_reg_write("i8042@60", 3, 0x08), -ENOENT);
	ldm_board_unload();
	ASSERT_OK(hw_board_load(mouse_board));
	ASSERT_OK(request_irq(12, aux_handler, SA_SHIRQ, "i8042", aux));
	local_irq_save(flags);
	outb(0x60, 0x64);
	outb(0x07, 0x60); /* KBDINT, AUXINT, SYS */
	outb(0xd4, 0x64);
	outb(0xff, 0x60);
	local_irq_restore(flags);
	ASSERT_EQ(naux, 3);
	ASSERT(aux[0] == 0xfa && aux[1] == 0xaa && aux[2] == 0x00);
	local_irq_save(flags);
	outb(0xd4, 0x64);
	outb(0xf2, 0x60);
	local_irq_restore(flags);
	ASSERT_EQ(naux, 5);
	ASSERT(aux[3] == 0xfa && aux[4] == 0x00);
	ASSERT_OK(ldm_hw_model_reg_write("i8042@60", 3, 0x08));
	ASSERT_OK(ldm_hw_model_reg_write("i8042@60", 3, 0x05));
	ASSERT_EQ(naux, 7);
	ASSERT(aux[5] == 0x08 && aux[6] == 0x05);
	free_irq(12, aux);
	ldm_board_unload();
}
