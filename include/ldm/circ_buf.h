/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/circ_buf.h> - a ring of a power-of-two size, as 2.6.9's
 * <linux/circ_buf.h>: the bytes in it and the room left, from its head
 * (where the producer writes) and tail (where the consumer reads), in
 * total or up to the end of the buffer.
 */
#ifndef _LDM_CIRC_BUF_H
#define _LDM_CIRC_BUF_H

struct circ_buf {
	char *buf;
	int head;
	int tail;
};

/* Bytes to read, and room to write (one slot stays empty). */
#define CIRC_CNT(head, tail, size)   (((head) - (tail)) & ((size)-1))
#define CIRC_SPACE(head, tail, size) CIRC_CNT((tail), ((head) + 1), (size))

/* The same, without wrapping past the end of the buffer. */
#define CIRC_CNT_TO_END(head, tail, size) \
	({ \
		int __end = (size) - (tail); \
		int __n = ((head) + __end) & ((size)-1); \
		__n < __end ? __n : __end; \
	})
#define CIRC_SPACE_TO_END(head, tail, size) \
	({ \
		int __end = (size)-1 - (head); \
		int __n = (__end + (tail)) & ((size)-1); \
		__n <= __end ? __n : __end + 1; \
	})

#endif /* _LDM_CIRC_BUF_H */
