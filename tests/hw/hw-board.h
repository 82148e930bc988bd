/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hw-board.h - what the tests of device models share: a board loaded from
 * a source given as a string.
 */
#ifndef _LDM_TEST_HW_BOARD_H
#define _LDM_TEST_HW_BOARD_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libldm/libldm.h>

#include "../harness.h"

/* Load the board of source @src; ldm_board_load()'s result. */
static inline int hw_board_load(const char *src)
{
	char path[] = "/tmp/ldm-test-hw-XXXXXX.dts";
	int fd, err;

	fd = mkstemps(path, 4);
	ASSERT(fd >= 0);
	ASSERT_EQ(write(fd, src, strlen(src)), (long long)strlen(src));
	close(fd);
	err = ldm_board_load(path);
	unlink(path);
	return err;
}

#endif /* _LDM_TEST_HW_BOARD_H */
