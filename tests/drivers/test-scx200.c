// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-scx200.c - the SCx200's GPIO block (<linux/scx200_gpio.h>): absent
 * until its bridge is on the "pci" bus, then at the bridge's BAR 0,
 * claimed in /proc/ioports, its pins read, driven and configured through
 * the ports a model of the block answers here.
 */
#include <ldm/pci_ids.h>
#include <ldm/scx200.h>
#include <ldm/scx200_gpio.h>

#include "../modules/modtest.h"

#define GPIO_BASE 0x6400

/* The GPIO block: two banks' data out (+0, +0x10) and in (+4, +0x14), the config pair. */
struct gpio_block {
	uint32_t out[2], in[2], index, config[64];
};

static uint32_t gpio_read(unsigned long addr, unsigned int width, void *data)
{
	struct gpio_block *g = data;
	unsigned long off = addr - GPIO_BASE;

	(void)width;
	switch (off) {
	case 0x00:
	case 0x10:
		return g->out[off >> 4];
	case 0x04:
	case 0x14:
		return g->in[off >> 4];
	case 0x24:
		return g->config[g->index & 63];
	default:
		return 0;
	}
}

static void gpio_write(unsigned long addr, unsigned int width, uint32_t value, void *data)
{
	struct gpio_block *g = data;
	unsigned long off = addr - GPIO_BASE;

	(void)width;
	if (off == 0x00 || off == 0x10)
		g->out[off >> 4] = value;
	else if (off == 0x20)
		g->index = value;
	else if (off == 0x24)
		g->config[g->index & 63] = value;
}

static const struct ldm_hw_ops gpio_ops = { .read = gpio_read, .write = gpio_write };
static struct pci_bus bridge_bus = { .number = 0 };

static void bridge_release(struct device *dev)
{
	free(to_pci_dev(dev));
}

DEFINE_TEST(test_scx200_gpio_follows_its_bridge,
	    .description = "scx200_gpio_present() is false until an SCx200 bridge is added on "
			   "the pci bus; then the GPIO block at its BAR 0 is claimed, its pins "
			   "read, driven through the shadow and configured by index; removing "
			   "the bridge gives the block back")
{
	struct gpio_block g = { .out = { 0x0000ffff, 0x1 }, .in = { 0x8, 0 } };
	struct pci_dev *bridge;
	char *text;

	ASSERT(!scx200_gpio_present());
	ASSERT(node_exists("/bus/pci/drivers/scx200"));
	ASSERT_OK(ldm_hw_claim(LDM_HW_PORT, GPIO_BASE, SCx200_GPIO_SIZE, "scx200 gpio", &gpio_ops,
			       &g));
	bridge = calloc(1, sizeof(*bridge));
	ASSERT(bridge);
	bridge->bus = &bridge_bus;
	bridge->devfn = PCI_DEVFN(18, 0);
	bridge->vendor = PCI_VENDOR_ID_NS;
	bridge->device = PCI_DEVICE_ID_NS_SCx200_BRIDGE;
	bridge->resource[0].start = GPIO_BASE;
	bridge->resource[0].end = GPIO_BASE + 0x3f;
	bridge->resource[0].flags = IORESOURCE_IO;
	bridge->dev.release = bridge_release;
	ASSERT_OK(pci_bus_add_device(bridge));

	ASSERT(scx200_gpio_present());
	ASSERT_EQ(scx200_gpio_base, GPIO_BASE);
	ASSERT_EQ(scx200_gpio_shadow[0], 0x0000ffff);
	text = ldm_proc_read_path("/ioports", NULL);
	ASSERT_STREQ(text, "6400-642b : NatSemi SCx200 GPIO\n");
	free(text);
	ASSERT_EQ(scx200_gpio_get(3), 1);
	ASSERT_EQ(scx200_gpio_get(4), 0);
	scx200_gpio_set(33, 1);
	ASSERT_EQ(g.out[1], 0x3U);
	ASSERT_EQ(scx200_gpio_current(33), 1);
	scx200_gpio_set_low(0);
	ASSERT_EQ(g.out[0], 0x0000fffeU);
	g.config[5] = 0x3;
	ASSERT_EQ(scx200_gpio_configure(5, ~1U, 4), 0x3U);
	ASSERT_EQ(g.config[5], 0x6U);

	pci_remove_bus_device(bridge);
	ASSERT(!scx200_gpio_present());
	text = ldm_proc_read_path("/ioports", NULL);
	ASSERT_STREQ(text, "");
	free(text);
	ASSERT_OK(ldm_hw_unclaim(LDM_HW_PORT, GPIO_BASE));
}
