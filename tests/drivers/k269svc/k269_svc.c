// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * k269_svc.c - a module written as 2.6.9 drivers of the ISA era are, using
 * the small kernel services of issue 22: MODULE_PARM of every type string,
 * a __setup option and an __obsolete_setup one, vmalloc, the byte-order
 * family, verify_area, a panic notifier, downgrade_write, a DMI quirk
 * table that nothing matches, struct kvec, unaligned access, a ring
 * buffer's counts, bit weights, the boot CPU's identity and pm_power_off.
 * Its init
 * prints what it found ("k269_svc: ..."), which test-k269.c reads back.
 * Like 160 files of 2.6.9, it ends with module_exit() and no semicolon.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/vmalloc.h>
#include <linux/string.h>
#include <linux/notifier.h>
#include <linux/rwsem.h>
#include <linux/dmi.h>
#include <linux/uio.h>
#include <linux/circ_buf.h>
#include <linux/bitops.h>
#include <linux/pm.h>
#include <asm/processor.h>
#include <asm/msr.h>
#include <asm/byteorder.h>
#include <asm/unaligned.h>
#include <asm/uaccess.h>

#define PFX "k269_svc: "

static int io = 0x300;
static int irq[4] = { 5, 0, 0, 0 };
static char *name = "none";
static unsigned char flags = 1;
static short delta = -1;
static long big = 7;
static char tag[8] = "t";
static char tags[2][6];

MODULE_PARM(io, "i");
MODULE_PARM_DESC(io, "I/O base (i)");
MODULE_PARM(irq, "1-4i");
MODULE_PARM(name, "s");
MODULE_PARM(flags, "b");
MODULE_PARM(delta, "h");
MODULE_PARM(big, "l");
MODULE_PARM(tag, "c8");
MODULE_PARM(tags, "1-2c6");

static char *opts;
static int __init svc_setup(char *str)
{
	opts = str;
	return 1;
}
__setup("k269svc=", svc_setup);
__obsolete_setup("k269old=");

static int panic_event(struct notifier_block *nb, unsigned long event, void *msg)
{
	return NOTIFY_DONE;
}

static struct notifier_block panic_nb = {
	.notifier_call = panic_event,
};

static int dmi_quirk(struct dmi_system_id *id)
{
	printk(KERN_INFO PFX "quirk for %s\n", id->ident);
	return 1;
}

static struct dmi_system_id quirks[] = {
	{
		.callback = dmi_quirk,
		.ident = "Some Laptop",
		.matches = { DMI_MATCH(DMI_SYS_VENDOR, "Vendor"),
			     DMI_MATCH(DMI_PRODUCT_NAME, "Laptop") },
	},
	{}
};

static DECLARE_RWSEM(svc_sem);

static void svc_power_off(void)
{
	printk(KERN_INFO PFX "powering off\n");
}

static int __init svc_init(void)
{
	unsigned char raw[7] = { 0, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc };
	struct kvec vec = { .iov_base = raw, .iov_len = sizeof(raw) };
	u32 be = 0x12345678, le = 0x12345678;
	u16 w = 0x1234;
	char *buf;

	printk(KERN_INFO PFX "io=0x%x irq=%d,%d,%d,%d name=%s flags=%u delta=%d big=%ld tag=%s "
			     "tags=%s,%s\n",
	       io, irq[0], irq[1], irq[2], irq[3], name, flags, delta, big, tag, tags[0], tags[1]);
	printk(KERN_INFO PFX "setup=%s\n", opts ? opts : "(none)");

	buf = vmalloc(1 << 20);
	if (!buf)
		return -ENOMEM;
	memset(buf, 0xa5, 1 << 20);
	printk(KERN_INFO PFX "vmalloc %s\n", buf[(1 << 20) - 1] == (char)0xa5 ? "ok" : "bad");
	vfree(buf);

	cpu_to_be32s(&be);
	le32_to_cpus(&le);
	swab16s(&w);
	printk(KERN_INFO PFX "swab16=%04x swab32=%08x swab64=%016llx be32=%08x le32=%08x "
			     "be16p=%04x w=%04x unaligned=%08x\n",
	       swab16(0x1234), swab32(0x12345678),
	       (unsigned long long)swab64(0x0102030405060708ULL), be, le,
	       be16_to_cpup((u16 *)&raw[1]), w,
	       le32_to_cpu(get_unaligned((u32 *)((char *)vec.iov_base + 1))));

	printk(KERN_INFO PFX "verify_area %d %d\n",
	       verify_area(VERIFY_READ, (void __user *)raw, sizeof(raw)),
	       verify_area(VERIFY_WRITE, NULL, 4));

	notifier_chain_register(&panic_notifier_list, &panic_nb);

	down_write(&svc_sem);
	downgrade_write(&svc_sem);
	printk(KERN_INFO PFX "downgraded: write trylock %d\n", down_write_trylock(&svc_sem));
	up_read(&svc_sem);

	printk(KERN_INFO PFX "dmi matches %d\n", dmi_check_system(quirks));

	printk(KERN_INFO PFX "circ cnt %d space %d to_end %d; hweight8 %u hweight16 %u\n",
	       CIRC_CNT(3, 14, 16), CIRC_SPACE(3, 14, 16), CIRC_CNT_TO_END(3, 14, 16),
	       hweight8(0x1ff), hweight16(0x1ffff));
	cpu_relax();
	printk(KERN_INFO PFX "cpu vendor %s family %s\n",
	       boot_cpu_data.x86_vendor_id[0] ? "known" : "unknown",
	       boot_cpu_data.x86 ? "known" : "unknown");
	{
		unsigned long t0, t1;

		rdtscl(t0);
		cpu_relax();
		rdtscl(t1);
		printk(KERN_INFO PFX "tsc read %s\n", t0 || t1 ? "ok" : "zero");
	}
	pm_power_off = svc_power_off;
	return 0;
}

static void __exit svc_exit(void)
{
	notifier_chain_unregister(&panic_notifier_list, &panic_nb);
	pm_power_off = NULL;
	printk(KERN_INFO PFX "unloaded\n");
}

MODULE_LICENSE("GPL");
module_init(svc_init);
module_exit(svc_exit)
