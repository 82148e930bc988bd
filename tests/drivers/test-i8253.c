// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-i8253.c - the interval timer and speaker gate model (ldm,i8253),
 * programmed as 2.6.9's pcspkr.c programs it for a tone, and read back.
 */
#include <ldm/ldm.h>

#include "../hw/hw-board.h"

static const char pit_board[] =
	"/dts-v1/;\n"
	"/ { isa { compatible = \"isa\"; #address-cells = <1>; "
	"#size-cells = <1>;\n"
	"  pit@40 { compatible = \"ldm,i8253\"; reg = <0x40 4 0x61 1>; }; }; };\n";

DEFINE_TEST(test_i8253_speaker_tone_from_counter_2,
	    .description = "counter 2 loaded low then high byte after control word 0xb6, with "
			   "port B's gate and speaker bits set, sounds PIT_TICK_RATE / count Hz "
			   "(440 for 2711); clearing the bits silences it; the counter reads back "
			   "low then high")
{
	unsigned int count = 1193182 / 440;
	char buf[256];
	uint32_t hz;

	ASSERT_OK(hw_board_load(pit_board));
	outb(inb(0x61) | 3, 0x61);
	outb(0xb6, 0x43);
	outb(count & 0xff, 0x42);
	outb((count >> 8) & 0xff, 0x42);
	ASSERT_OK(ldm_hw_model_reg_read("pit@40", 3, &hz));
	ASSERT_EQ(hz, 440);
	ASSERT_EQ(inb(0x42), count & 0xff);
	ASSERT_EQ(inb(0x42), count >> 8);
	ASSERT(ldm_hw_model_dump("pit@40", buf, sizeof(buf)) > 0);
	ASSERT(strstr(buf, "counters 0 0 2711 (modes 0 0 3), port B 0x03, speaker on at 440 Hz"));
	outb(inb(0x61) & 0xfc, 0x61);
	ASSERT_OK(ldm_hw_model_reg_read("pit@40", 3, &hz));
	ASSERT_EQ(hz, 0);
	ASSERT_EQ(ldm_hw_model_reg_write("pit@40", 3, 1), -EROFS);
	ASSERT_EQ(ldm_hw_model_reg_write("pit@40", 4, 1), -ENOENT);
	ldm_board_unload();
}
