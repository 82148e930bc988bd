// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * khw_pci.c - a PCI driver as 2.6.9 wrote them: an id table, probe
 * enabling the function, claiming its BARs, mapping its registers and
 * reading its revision; pci_module_init() from init, so that the module
 * loads on a machine without the card and binds when one appears.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/errno.h>
#include <asm/io.h>

#define KHW_VENDOR 0x1af4
#define KHW_DEVICE 0x10f0

static int probed, removed, found_at_init;
module_param(probed, int, 0444);
module_param(removed, int, 0444);
module_param(found_at_init, int, 0444);

static struct pci_device_id khw_pci_tbl[] = { { KHW_VENDOR, KHW_DEVICE, PCI_ANY_ID, PCI_ANY_ID, 0,
						0, 7 },
					      {
						      0,
					      } };
MODULE_DEVICE_TABLE(pci, khw_pci_tbl);

static int __devinit khw_pci_probe(struct pci_dev *pdev, const struct pci_device_id *ent)
{
	void __iomem *regs;
	u8 rev;
	int err;

	err = pci_enable_device(pdev);
	if (err)
		return err;
	err = pci_request_regions(pdev, "khw_pci");
	if (err)
		goto err_disable;
	pci_set_master(pdev);
	pci_read_config_byte(pdev, PCI_REVISION_ID, &rev);
	regs = ioremap(pci_resource_start(pdev, 0), pci_resource_len(pdev, 0));
	if (!regs) {
		err = -ENOMEM;
		goto err_release;
	}
	pci_set_drvdata(pdev, regs);
	probed++;
	printk(KERN_INFO "khw_pci %s: rev %d, data %lu, reg0 %#x, irq %u\n", pci_name(pdev), rev,
	       ent->driver_data, readl(regs), pdev->irq);
	return 0;

err_release:
	pci_release_regions(pdev);
err_disable:
	pci_disable_device(pdev);
	return err;
}

static void __devexit khw_pci_remove(struct pci_dev *pdev)
{
	iounmap(pci_get_drvdata(pdev));
	pci_set_drvdata(pdev, NULL);
	pci_release_regions(pdev);
	pci_disable_device(pdev);
	removed++;
}

static struct pci_driver khw_pci_driver = {
	.name = "khw_pci",
	.id_table = khw_pci_tbl,
	.probe = khw_pci_probe,
	.remove = __devexit_p(khw_pci_remove),
};

static int __init khw_pci_init(void)
{
	struct pci_dev *dev = pci_find_device(KHW_VENDOR, KHW_DEVICE, NULL);

	found_at_init = dev != NULL;
	return pci_module_init(&khw_pci_driver);
}

static void __exit khw_pci_exit(void)
{
	pci_unregister_driver(&khw_pci_driver);
}

module_init(khw_pci_init);
module_exit(khw_pci_exit);
MODULE_LICENSE("GPL");
