// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sbus_eeprom.c - a chip driver of the i2c-style test bus, written as
 * 2.6.9's eeprom.c is: it probes the addresses of an array parameter,
 * makes a client for each chip that answers, and shows the chip's 256
 * bytes as the binary attribute "eeprom", its first 16 (a serial number)
 * zeroed for readers without CAP_SYS_ADMIN.
 */
#include <linux/config.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/sbus.h>

static unsigned short probe[8] = { 0x50 };
static unsigned int probe_num = 1;
module_param_array(probe, ushort, probe_num, 0444);
MODULE_PARM_DESC(probe, "the addresses to probe");

#define EEPROM_SIZE 256

struct eeprom_data {
	struct sbus_client client;
	struct semaphore update_lock;
	u8 data[EEPROM_SIZE];
	unsigned long last_updated;
	char valid;
};

static struct sbus_driver eeprom_driver;

static int eeprom_read_chip(struct sbus_client *client, u8 *buf)
{
	u8 zero = 0;
	struct sbus_msg msgs[2] = {
		{ .addr = client->addr, .flags = 0, .len = 1, .buf = &zero },
		{ .addr = client->addr, .flags = SBUS_M_RD, .len = EEPROM_SIZE, .buf = buf },
	};

	return sbus_transfer(client->adapter, msgs, 2) == 2 ? 0 : -EIO;
}

static ssize_t eeprom_read(struct kobject *kobj, char *buf, loff_t off, size_t count)
{
	struct sbus_client *client = container_of(kobj, struct sbus_client, dev.kobj);
	struct eeprom_data *data = container_of(client, struct eeprom_data, client);

	if (off > EEPROM_SIZE)
		return 0;
	if (off + count > EEPROM_SIZE)
		count = EEPROM_SIZE - off;
	down(&data->update_lock);
	if (!data->valid || time_after(jiffies, data->last_updated + 300 * HZ)) {
		if (!eeprom_read_chip(client, data->data)) {
			data->last_updated = jiffies;
			data->valid = 1;
		}
	}
	up(&data->update_lock);
	memcpy(buf, &data->data[off], count);
	/* As 2.6.9's eeprom hides a VAIO's serial number from other users. */
	if (off < 16 && !capable(CAP_SYS_ADMIN))
		memset(buf, 0, min_t(size_t, 16 - off, count));
	return count;
}

static struct bin_attribute eeprom_attr = {
	.attr = {
		.name = "eeprom",
		.mode = S_IRUGO,
		.owner = THIS_MODULE,
	},
	.size = EEPROM_SIZE,
	.read = eeprom_read,
};

static int eeprom_detect(struct sbus_adapter *adapter, unsigned short address)
{
	struct eeprom_data *data;
	u8 probe_byte;
	struct sbus_msg msg = { .addr = address, .flags = SBUS_M_RD, .len = 1, .buf = &probe_byte };

	if (sbus_transfer(adapter, &msg, 1) != 1)
		return 0;
	data = kmalloc(sizeof(*data), GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	memset(data, 0, sizeof(*data));
	init_MUTEX(&data->update_lock);
	data->client.addr = address;
	data->client.adapter = adapter;
	data->client.driver = &eeprom_driver;
	strlcpy(data->client.name, "eeprom", sizeof(data->client.name));
	sbus_attach_client(&data->client);
	sysfs_create_bin_file(&data->client.dev.kobj, &eeprom_attr);
	return 0;
}

static int eeprom_attach_adapter(struct sbus_adapter *adapter)
{
	unsigned int i;

	for (i = 0; i < probe_num; i++)
		eeprom_detect(adapter, probe[i]);
	return 0;
}

static int eeprom_detach_client(struct sbus_client *client)
{
	struct eeprom_data *data = container_of(client, struct eeprom_data, client);

	sysfs_remove_bin_file(&client->dev.kobj, &eeprom_attr);
	sbus_detach_client(client);
	kfree(data);
	return 0;
}

static struct sbus_driver eeprom_driver = {
	.owner = THIS_MODULE,
	.name = "eeprom",
	.attach_adapter = eeprom_attach_adapter,
	.detach_client = eeprom_detach_client,
};

static int __init eeprom_init(void)
{
	return sbus_add_driver(&eeprom_driver);
}

static void __exit eeprom_exit(void)
{
	sbus_del_driver(&eeprom_driver);
}

MODULE_AUTHOR("ldm");
MODULE_DESCRIPTION("eeprom-style chip driver for ldm's test bus");
MODULE_LICENSE("GPL");

module_init(eeprom_init);
module_exit(eeprom_exit);
