// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * i2c-ldm.c - the adapter of ldm's own SMBus/I2C bus, in the shape of a
 * 2.6.9 bus driver (drivers/i2c/busses/): for each "ldm,smbus" node of the
 * board, an i2c_adapter whose transfers reach the chip models the board
 * puts under the node (docs/hardware-i2c.md). 2.6.9's i2c core is a
 * module (drivers/i2c/i2c-core.c, built unchanged), so this one needs it
 * loaded first; then i2c-dev gives /dev/i2c-N and the chip drivers
 * (lm75.c, eeprom.c, ...) find their chips by probing, as on a PC.
 */
#include <ldm/device.h>
#include <ldm/err.h>
#include <ldm/i2c-ldm.h>
#include <ldm/i2c.h>
#include <ldm/kernel.h>
#include <ldm/module.h>
#include <ldm/of_device.h>
#include <ldm/slab.h>
#include <ldm/string.h>

/**
 * struct i2c_ldm - one adapter
 * @adap: what the i2c core knows
 * @bus: the models of the node, held while the adapter exists
 */
struct i2c_ldm {
	struct i2c_adapter adap;
	struct ldm_i2c_bus *bus;
};

static int i2c_ldm_smbus_xfer(struct i2c_adapter *adap, u16 addr, unsigned short flags,
			      char read_write, u8 command, int size, union i2c_smbus_data *data)
{
	struct i2c_ldm *il = i2c_get_adapdata(adap);

	return ldm_i2c_smbus_xfer(il->bus, addr, flags, read_write, command, size, data);
}

static int i2c_ldm_master_xfer(struct i2c_adapter *adap, struct i2c_msg msgs[], int num)
{
	struct i2c_ldm *il = i2c_get_adapdata(adap);

	return ldm_i2c_transfer(il->bus, msgs, num);
}

static u32 i2c_ldm_func(struct i2c_adapter *adap)
{
	struct i2c_ldm *il = i2c_get_adapdata(adap);

	return ldm_i2c_functionality(il->bus);
}

static struct i2c_algorithm i2c_ldm_algo = {
	.name = "ldm SMBus",
	.id = I2C_ALGO_SMBUS,
	.smbus_xfer = i2c_ldm_smbus_xfer,
	.master_xfer = i2c_ldm_master_xfer,
	.functionality = i2c_ldm_func,
};

static int i2c_ldm_probe(struct device *dev)
{
	struct i2c_ldm *il;
	int err;

	il = kzalloc(sizeof(*il), GFP_KERNEL);
	if (!il)
		return -ENOMEM;
	il->bus = ldm_i2c_bus_get(dev->of_node);
	if (IS_ERR(il->bus)) {
		err = PTR_ERR(il->bus);
		goto err_free;
	}
	il->adap.owner = THIS_MODULE;
	il->adap.id = I2C_ALGO_SMBUS;
	il->adap.class = I2C_CLASS_HWMON;
	il->adap.algo = &i2c_ldm_algo;
	il->adap.dev.parent = dev;
	snprintf(il->adap.name, sizeof(il->adap.name), "ldm SMBus %s", dev->bus_id);
	i2c_set_adapdata(&il->adap, il);
	err = i2c_add_adapter(&il->adap);
	if (err)
		goto err_put;
	dev_set_drvdata(dev, il);
	dev_info(dev, "%s is i2c-%d\n", il->adap.name, il->adap.nr);
	return 0;

err_put:
	ldm_i2c_bus_put(il->bus);
err_free:
	kfree(il);
	return err;
}

static int i2c_ldm_remove(struct device *dev)
{
	struct i2c_ldm *il = dev_get_drvdata(dev);

	i2c_del_adapter(&il->adap);
	ldm_i2c_bus_put(il->bus);
	dev_set_drvdata(dev, NULL);
	kfree(il);
	return 0;
}

static const struct of_device_id i2c_ldm_of_match[] = { { .compatible = "ldm,smbus" }, {} };
MODULE_DEVICE_TABLE(of, i2c_ldm_of_match);

static struct device_driver i2c_ldm_driver = {
	.name = "i2c-ldm",
	.bus = &platform_bus_type,
	.probe = i2c_ldm_probe,
	.remove = i2c_ldm_remove,
	.owner = THIS_MODULE,
	.of_match_table = i2c_ldm_of_match,
};

static int __init i2c_ldm_init(void)
{
	return driver_register(&i2c_ldm_driver);
}

static void __exit i2c_ldm_exit(void)
{
	driver_unregister(&i2c_ldm_driver);
}

module_init(i2c_ldm_init);
module_exit(i2c_ldm_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The ldm developers");
MODULE_DESCRIPTION("The adapter of ldm's own SMBus/I2C bus, for the chip models of the board");
