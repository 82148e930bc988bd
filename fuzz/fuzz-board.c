// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz-board.c - a libFuzzer target for the board parser (`make fuzz`).
 *
 * Each input is a device tree blob, loaded as ldmd loads the blob of a
 * board, with ldm_board_load_blob(): libfdt's checks, the tree of nodes,
 * /firmware/devicetree, the platform devices with their names and
 * resources. A driver registered once matches the seeds' nodes by their
 * compatible (or a name) and reads every property of its node with every
 * of_property_read_*() helper in its probe. The board is unloaded after
 * each input, so nothing accumulates; the runtime is booted once.
 *
 * Seeds: the .dtb files the build makes, boards/demo.dtb and fuzz/boards/
 * (fuzz/run-fuzz gathers them).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every helper on the property @name of @np; what they read, summed. */
static u64 read_property(const struct device_node *np, const char *name)
{
	u32 cells[4] = { 0 }, one = 0;
	const char *s = NULL;
	u64 wide = 0, sum;
	int n;

	n = of_property_count_u32_elems(np, name);
	sum = (u64)n + (u64)of_property_count_elems_of_size(np, name, 3);
	if (!of_property_read_u32(np, name, &one))
		sum += one;
	if (!of_property_read_u32_index(np, name, 2, &one))
		sum += one;
	n = of_property_read_variable_u32_array(np, name, cells, 1, 4);
	sum += (u64)n + cells[0] + cells[3];
	if (!of_property_read_u64(np, name, &wide))
		sum += wide;
	if (!of_property_read_string(np, name, &s))
		sum += s[0];
	sum += (u64)of_property_match_string(np, name, "okay");
	return sum + of_property_read_bool(np, name);
}

/* Read all of the node of @dev: its properties, its parent's, its children's names. */
static int fuzz_probe(struct device *dev)
{
	struct device_node *np = dev->of_node, *child, *found, *parent;
	volatile u64 sink = 0;
	struct property *pp;

	if (!np)
		return -ENODEV;
	for (pp = np->properties; pp; pp = pp->next)
		sink += read_property(np, pp->name);
	for_each_child_of_node(np, child) sink += read_property(child, "reg");
	found = of_find_node_by_path(np->full_name);
	parent = of_get_parent(np);
	sink += of_device_is_available(found) + (parent == np->parent);
	of_node_put(parent);
	of_node_put(found);
	sink += (uintptr_t)of_device_get_match_data(dev);
	return sink % 7 == 6 ? -EIO : 0; /* a probe that fails now and then */
}

static const struct of_device_id fuzz_ids[] = { { .compatible = "acme,widget" },
						{ .compatible = "acme,uart", .data = (void *)1 },
						{ .compatible = "acme,leaf" },
						{ .compatible = "ldm,demo-sensor" },
						{ .compatible = "simple-bus" },
						{ .name = "flat" },
						{ .type = "widget" },
						{} };

static struct device_driver fuzz_driver = {
	.name = "fuzz_board",
	.bus = &platform_bus_type,
	.probe = fuzz_probe,
	.of_match_table = fuzz_ids,
};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setenv("LDM_LOGLEVEL", "0", 1); /* refusals are the common case: quiet */
	if (ldm_init() || driver_register(&fuzz_driver))
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	ldm_board_load_blob(data, size, "fuzz.dtb");
	ldm_board_unload();
	/* Nothing of it may stay: the next input would be refused with -EBUSY. */
	if (of_find_node_by_path("/"))
		abort();
	return 0;
}
