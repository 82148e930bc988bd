// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldmfix_ns - a fixture of the corpus tests: it uses namespaced symbols
 * (DMA_BUF of vmlinux, LDMFIX of ldmfix_lib); built with -DLDMFIX_IMPORT it
 * imports their namespaces, without it not.
 */
#include <linux/module.h>
#include <linux/dma-buf.h>

extern int ldmfix_in_ns(int x);

static int __init ldmfix_ns_init(void)
{
	struct dma_buf *b = dma_buf_get(-1);

	if (!IS_ERR(b))
		dma_buf_put(b);
	return ldmfix_in_ns(0);
}
module_init(ldmfix_ns_init);

static void __exit ldmfix_ns_exit(void)
{
}
module_exit(ldmfix_ns_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ldm audit fixture: namespace user");
#ifdef LDMFIX_IMPORT
MODULE_IMPORT_NS(DMA_BUF);
MODULE_IMPORT_NS(LDMFIX);
#endif
