/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/i2c.h> - the I2C and SMBus interface of 2.6.9's <linux/i2c.h>: the
 * structures an adapter, an algorithm, a chip driver and a client share,
 * the calls of the i2c core and the ioctl numbers of /dev/i2c-N. The core
 * itself is a module: 2.6.9's drivers/i2c/i2c-core.c builds unchanged
 * against this header and exports the calls declared here (ldm's runtime
 * has no i2c code of its own).
 */
#ifndef _LDM_I2C_H
#define _LDM_I2C_H

#include <ldm/completion.h>
#include <ldm/device.h>
#include <ldm/i2c-id.h>
#include <ldm/module.h>
#include <ldm/moduleparam.h>
#include <ldm/semaphore.h>
#include <ldm/types.h>

/**
 * struct i2c_msg - one segment of a transfer
 * @addr: the chip's address (7 bits, or 10 with I2C_M_TEN)
 * @flags: I2C_M_*
 * @len: bytes in @buf
 * @buf: the data
 */
struct i2c_msg {
	__u16 addr;
	__u16 flags;
	__u16 len;
	__u8 *buf;
};

#define I2C_M_RD	   0x0001
#define I2C_M_TEN	   0x0010
#define I2C_M_NO_RD_ACK	   0x0800
#define I2C_M_IGNORE_NAK   0x1000
#define I2C_M_REV_DIR_ADDR 0x2000
#define I2C_M_NOSTART	   0x4000

#define I2C_SMBUS_BLOCK_MAX	32
#define I2C_SMBUS_I2C_BLOCK_MAX 32

/* An SMBus transfer's data: a byte, a word, or a block whose byte 0 is its length. */
union i2c_smbus_data {
	__u8 byte;
	__u16 word;
	__u8 block[I2C_SMBUS_BLOCK_MAX + 3];
};

struct i2c_adapter;
struct i2c_client;

/**
 * struct i2c_algorithm - how an adapter moves bytes
 * @name: its name
 * @id: I2C_ALGO_*
 * @master_xfer: plain I2C transfers, or NULL
 * @smbus_xfer: SMBus transfers, or NULL (the core then makes them of I2C ones)
 * @slave_send: unused by 2.6.9's drivers
 * @slave_recv: unused by 2.6.9's drivers
 * @algo_control: an ioctl of the adapter's
 * @functionality: I2C_FUNC_* the adapter supports
 */
struct i2c_algorithm {
	char name[32];
	unsigned int id;
	int (*master_xfer)(struct i2c_adapter *adap, struct i2c_msg msgs[], int num);
	int (*smbus_xfer)(struct i2c_adapter *adap, u16 addr, unsigned short flags, char read_write,
			  u8 command, int size, union i2c_smbus_data *data);
	int (*slave_send)(struct i2c_adapter *, char *, int);
	int (*slave_recv)(struct i2c_adapter *, char *, int);
	int (*algo_control)(struct i2c_adapter *, unsigned int, unsigned long);
	u32 (*functionality)(struct i2c_adapter *);
};

/**
 * struct i2c_driver - a chip driver
 * @owner: its module
 * @name: its name
 * @id: I2C_DRIVERID_*
 * @class: the I2C_CLASS_* of adapters it probes
 * @flags: I2C_DF_*
 * @attach_adapter: a new adapter appeared: probe it
 * @detach_adapter: an adapter goes (drivers of the old style)
 * @detach_client: one of its clients goes
 * @command: an ioctl-like call from another driver
 * @driver: its driver-model driver, on i2c_bus_type
 * @list: in the core's list of drivers
 */
struct i2c_driver {
	struct module *owner;
	char name[32];
	int id;
	unsigned int class;
	unsigned int flags;
	int (*attach_adapter)(struct i2c_adapter *);
	int (*detach_adapter)(struct i2c_adapter *);
	int (*detach_client)(struct i2c_client *);
	int (*command)(struct i2c_client *client, unsigned int cmd, void *arg);
	struct device_driver driver;
	struct list_head list;
};
#define to_i2c_driver(d) container_of(d, struct i2c_driver, driver)

#define I2C_NAME_SIZE 50

/**
 * struct i2c_client - a chip at an address of an adapter
 * @id: its driver's numbering
 * @flags: I2C_CLIENT_*
 * @addr: its address, in the low 7 (or 10) bits
 * @adapter: the adapter it sits on
 * @driver: its driver
 * @usage_count: i2c_use_client() holds
 * @dev: its device, on i2c_bus_type
 * @list: in its adapter's clients
 * @name: its name
 * @released: completed when @dev is released
 */
struct i2c_client {
	int id;
	unsigned int flags;
	unsigned int addr;
	struct i2c_adapter *adapter;
	struct i2c_driver *driver;
	int usage_count;
	struct device dev;
	struct list_head list;
	char name[I2C_NAME_SIZE];
	struct completion released;
};
#define to_i2c_client(d) container_of(d, struct i2c_client, dev)

/**
 * struct i2c_adapter - an I2C or SMBus controller
 * @owner: its module
 * @id: its algorithm's id ORed with I2C_HW_*
 * @class: I2C_CLASS_* of the chips it may carry
 * @algo: how it moves bytes
 * @algo_data: the algorithm's data
 * @client_register: called for each client attached
 * @client_unregister: called for each client detached
 * @bus_lock: held across a transfer
 * @clist_lock: guards @clients
 * @timeout: of a transfer, in jiffies
 * @retries: of a transfer
 * @dev: its device
 * @class_dev: its i2c-adapter class device
 * @inode: (CONFIG_PROC_FS) unused
 * @nr: its bus number, N of /dev/i2c-N
 * @clients: its clients
 * @list: in the core's list of adapters
 * @name: its name
 * @dev_released: completed when @dev is released
 * @class_dev_released: completed when @class_dev is released
 */
struct i2c_adapter {
	struct module *owner;
	unsigned int id;
	unsigned int class;
	struct i2c_algorithm *algo;
	void *algo_data;
	int (*client_register)(struct i2c_client *);
	int (*client_unregister)(struct i2c_client *);
	struct semaphore bus_lock;
	struct semaphore clist_lock;
	int timeout;
	int retries;
	struct device dev;
	struct class_device class_dev;
	int inode;
	int nr;
	struct list_head clients;
	struct list_head list;
	char name[I2C_NAME_SIZE];
	struct completion dev_released;
	struct completion class_dev_released;
};
#define dev_to_i2c_adapter(d)	    container_of(d, struct i2c_adapter, dev)
#define class_dev_to_i2c_adapter(d) container_of(d, struct i2c_adapter, class_dev)

static inline void *i2c_get_clientdata(struct i2c_client *client)
{
	return dev_get_drvdata(&client->dev);
}

static inline void i2c_set_clientdata(struct i2c_client *client, void *data)
{
	dev_set_drvdata(&client->dev, data);
}

static inline void *i2c_get_adapdata(struct i2c_adapter *adap)
{
	return dev_get_drvdata(&adap->dev);
}

static inline void i2c_set_adapdata(struct i2c_adapter *adap, void *data)
{
	dev_set_drvdata(&adap->dev, data);
}

static inline char *i2c_clientname(struct i2c_client *c)
{
	return &c->name[0];
}

#define I2C_DEVNAME(str) .name = str

/* struct i2c_driver.flags */
#define I2C_DF_NOTIFY 0x01

/* struct i2c_client.flags */
#define I2C_CLIENT_ALLOW_USE	      0x01
#define I2C_CLIENT_ALLOW_MULTIPLE_USE 0x02
#define I2C_CLIENT_PEC		      0x04
#define I2C_CLIENT_TEN		      0x10

/* struct i2c_adapter.class and struct i2c_driver.class */
#define I2C_CLASS_HWMON	      (1 << 0)
#define I2C_CLASS_TV_ANALOG   (1 << 1)
#define I2C_CLASS_TV_DIGITAL  (1 << 2)
#define I2C_CLASS_DDC	      (1 << 3)
#define I2C_CLASS_CAM_ANALOG  (1 << 4)
#define I2C_CLASS_CAM_DIGITAL (1 << 5)
#define I2C_CLASS_SOUND	      (1 << 6)
#define I2C_CLASS_ALL	      (UINT_MAX)

/**
 * struct i2c_client_address_data - the addresses i2c_probe() tries
 * @normal_i2c: addresses, ended by I2C_CLIENT_END
 * @normal_i2c_range: inclusive ranges, as pairs
 * @probe: (bus, address) pairs to try too
 * @probe_range: (bus, first, last) triples to try too
 * @ignore: (bus, address) pairs never tried
 * @ignore_range: (bus, first, last) triples never tried
 * @force: (bus, address) pairs taken as present
 */
struct i2c_client_address_data {
	unsigned short *normal_i2c;
	unsigned short *normal_i2c_range;
	unsigned short *probe;
	unsigned short *probe_range;
	unsigned short *ignore;
	unsigned short *ignore_range;
	unsigned short *force;
};

#define I2C_CLIENT_END	    0xfffe
#define I2C_CLIENT_ISA_END  0xfffefffe
#define ANY_I2C_BUS	    0xffff
#define ANY_I2C_ISA_BUS	    9191
#define I2C_CLIENT_MAX_OPTS 48

extern struct bus_type i2c_bus_type;

int i2c_master_send(struct i2c_client *client, const char *buf, int count);
int i2c_master_recv(struct i2c_client *client, char *buf, int count);
int i2c_transfer(struct i2c_adapter *adap, struct i2c_msg msgs[], int num);
int i2c_slave_send(struct i2c_client *client, char *buf, int count);
int i2c_slave_recv(struct i2c_client *client, char *buf, int count);
s32 i2c_smbus_xfer(struct i2c_adapter *adapter, u16 addr, unsigned short flags, char read_write,
		   u8 command, int size, union i2c_smbus_data *data);
s32 i2c_smbus_write_quick(struct i2c_client *client, u8 value);
s32 i2c_smbus_read_byte(struct i2c_client *client);
s32 i2c_smbus_write_byte(struct i2c_client *client, u8 value);
s32 i2c_smbus_read_byte_data(struct i2c_client *client, u8 command);
s32 i2c_smbus_write_byte_data(struct i2c_client *client, u8 command, u8 value);
s32 i2c_smbus_read_word_data(struct i2c_client *client, u8 command);
s32 i2c_smbus_write_word_data(struct i2c_client *client, u8 command, u16 value);
s32 i2c_smbus_process_call(struct i2c_client *client, u8 command, u16 value);
s32 i2c_smbus_read_block_data(struct i2c_client *client, u8 command, u8 *values);
s32 i2c_smbus_write_block_data(struct i2c_client *client, u8 command, u8 length, u8 *values);
s32 i2c_smbus_read_i2c_block_data(struct i2c_client *client, u8 command, u8 *values);
s32 i2c_smbus_write_i2c_block_data(struct i2c_client *client, u8 command, u8 length, u8 *values);

int i2c_add_adapter(struct i2c_adapter *adap);
int i2c_del_adapter(struct i2c_adapter *adap);
int i2c_add_driver(struct i2c_driver *driver);
int i2c_del_driver(struct i2c_driver *driver);
int i2c_attach_client(struct i2c_client *client);
int i2c_detach_client(struct i2c_client *client);
struct i2c_client *i2c_get_client(int driver_id, int adapter_id, struct i2c_client *prev);
int i2c_use_client(struct i2c_client *client);
int i2c_release_client(struct i2c_client *client);
void i2c_clients_command(struct i2c_adapter *adap, unsigned int cmd, void *arg);
int i2c_check_addr(struct i2c_adapter *adapter, int addr);
int i2c_probe(struct i2c_adapter *adapter, struct i2c_client_address_data *address_data,
	      int (*found_proc)(struct i2c_adapter *, int, int));
int i2c_control(struct i2c_client *client, unsigned int cmd, unsigned long arg);
int i2c_adapter_id(struct i2c_adapter *adap);
struct i2c_adapter *i2c_get_adapter(int id);
void i2c_put_adapter(struct i2c_adapter *adap);
u32 i2c_get_functionality(struct i2c_adapter *adap);
int i2c_check_functionality(struct i2c_adapter *adap, u32 func);

/* What an adapter supports: struct i2c_algorithm.functionality's bits. */
#define I2C_FUNC_I2C			    0x00000001
#define I2C_FUNC_10BIT_ADDR		    0x00000002
#define I2C_FUNC_PROTOCOL_MANGLING	    0x00000004
#define I2C_FUNC_SMBUS_HWPEC_CALC	    0x00000008
#define I2C_FUNC_SMBUS_READ_WORD_DATA_PEC   0x00000800
#define I2C_FUNC_SMBUS_WRITE_WORD_DATA_PEC  0x00001000
#define I2C_FUNC_SMBUS_PROC_CALL_PEC	    0x00002000
#define I2C_FUNC_SMBUS_BLOCK_PROC_CALL_PEC  0x00004000
#define I2C_FUNC_SMBUS_BLOCK_PROC_CALL	    0x00008000
#define I2C_FUNC_SMBUS_QUICK		    0x00010000
#define I2C_FUNC_SMBUS_READ_BYTE	    0x00020000
#define I2C_FUNC_SMBUS_WRITE_BYTE	    0x00040000
#define I2C_FUNC_SMBUS_READ_BYTE_DATA	    0x00080000
#define I2C_FUNC_SMBUS_WRITE_BYTE_DATA	    0x00100000
#define I2C_FUNC_SMBUS_READ_WORD_DATA	    0x00200000
#define I2C_FUNC_SMBUS_WRITE_WORD_DATA	    0x00400000
#define I2C_FUNC_SMBUS_PROC_CALL	    0x00800000
#define I2C_FUNC_SMBUS_READ_BLOCK_DATA	    0x01000000
#define I2C_FUNC_SMBUS_WRITE_BLOCK_DATA	    0x02000000
#define I2C_FUNC_SMBUS_READ_I2C_BLOCK	    0x04000000
#define I2C_FUNC_SMBUS_WRITE_I2C_BLOCK	    0x08000000
#define I2C_FUNC_SMBUS_READ_I2C_BLOCK_2	    0x10000000
#define I2C_FUNC_SMBUS_WRITE_I2C_BLOCK_2    0x20000000
#define I2C_FUNC_SMBUS_READ_BLOCK_DATA_PEC  0x40000000
#define I2C_FUNC_SMBUS_WRITE_BLOCK_DATA_PEC 0x80000000

/* As in 2.6.9, these pairs are not parenthesized: "a | b" where written. */
#define I2C_FUNC_SMBUS_BYTE	  I2C_FUNC_SMBUS_READ_BYTE | I2C_FUNC_SMBUS_WRITE_BYTE
#define I2C_FUNC_SMBUS_BYTE_DATA  I2C_FUNC_SMBUS_READ_BYTE_DATA | I2C_FUNC_SMBUS_WRITE_BYTE_DATA
#define I2C_FUNC_SMBUS_WORD_DATA  I2C_FUNC_SMBUS_READ_WORD_DATA | I2C_FUNC_SMBUS_WRITE_WORD_DATA
#define I2C_FUNC_SMBUS_BLOCK_DATA I2C_FUNC_SMBUS_READ_BLOCK_DATA | I2C_FUNC_SMBUS_WRITE_BLOCK_DATA
#define I2C_FUNC_SMBUS_I2C_BLOCK  I2C_FUNC_SMBUS_READ_I2C_BLOCK | I2C_FUNC_SMBUS_WRITE_I2C_BLOCK
#define I2C_FUNC_SMBUS_I2C_BLOCK_2 \
	I2C_FUNC_SMBUS_READ_I2C_BLOCK_2 | I2C_FUNC_SMBUS_WRITE_I2C_BLOCK_2
#define I2C_FUNC_SMBUS_BLOCK_DATA_PEC \
	I2C_FUNC_SMBUS_READ_BLOCK_DATA_PEC | I2C_FUNC_SMBUS_WRITE_BLOCK_DATA_PEC
#define I2C_FUNC_SMBUS_WORD_DATA_PEC \
	I2C_FUNC_SMBUS_READ_WORD_DATA_PEC | I2C_FUNC_SMBUS_WRITE_WORD_DATA_PEC
#define I2C_FUNC_SMBUS_READ_BYTE_PEC	   I2C_FUNC_SMBUS_READ_BYTE_DATA
#define I2C_FUNC_SMBUS_WRITE_BYTE_PEC	   I2C_FUNC_SMBUS_WRITE_BYTE_DATA
#define I2C_FUNC_SMBUS_READ_BYTE_DATA_PEC  I2C_FUNC_SMBUS_READ_WORD_DATA
#define I2C_FUNC_SMBUS_WRITE_BYTE_DATA_PEC I2C_FUNC_SMBUS_WRITE_WORD_DATA
#define I2C_FUNC_SMBUS_BYTE_PEC		   I2C_FUNC_SMBUS_BYTE_DATA
#define I2C_FUNC_SMBUS_BYTE_DATA_PEC	   I2C_FUNC_SMBUS_WORD_DATA
#define I2C_FUNC_SMBUS_EMUL \
	I2C_FUNC_SMBUS_QUICK | I2C_FUNC_SMBUS_BYTE | I2C_FUNC_SMBUS_BYTE_DATA | \
		I2C_FUNC_SMBUS_WORD_DATA | I2C_FUNC_SMBUS_PROC_CALL | \
		I2C_FUNC_SMBUS_WRITE_BLOCK_DATA | I2C_FUNC_SMBUS_WRITE_BLOCK_DATA_PEC | \
		I2C_FUNC_SMBUS_I2C_BLOCK

/* i2c_smbus_xfer(): the direction and the transfer's kind. */
#define I2C_SMBUS_WRITE		      0
#define I2C_SMBUS_READ		      1
#define I2C_SMBUS_QUICK		      0
#define I2C_SMBUS_BYTE		      1
#define I2C_SMBUS_BYTE_DATA	      2
#define I2C_SMBUS_WORD_DATA	      3
#define I2C_SMBUS_PROC_CALL	      4
#define I2C_SMBUS_BLOCK_DATA	      5
#define I2C_SMBUS_I2C_BLOCK_DATA      6
#define I2C_SMBUS_BLOCK_PROC_CALL     7
#define I2C_SMBUS_BLOCK_DATA_PEC      8
#define I2C_SMBUS_PROC_CALL_PEC	      9
#define I2C_SMBUS_BLOCK_PROC_CALL_PEC 10
#define I2C_SMBUS_WORD_DATA_PEC	      11

/* The ioctls of /dev/i2c-N (and of adapters, through algo_control). */
#define I2C_RETRIES	0x0701
#define I2C_TIMEOUT	0x0702
#define I2C_SLAVE	0x0703
#define I2C_TENBIT	0x0704
#define I2C_FUNCS	0x0705
#define I2C_SLAVE_FORCE 0x0706
#define I2C_RDWR	0x0707
#define I2C_PEC		0x0708
#define I2C_SMBUS	0x0720
#define I2C_UDELAY	0x0705
#define I2C_MDELAY	0x0706

#define I2C_MAJOR 89

/* I2C_CLIENT_MAX_OPTS (48) times I2C_CLIENT_END. */
#define __I2C_END4  I2C_CLIENT_END, I2C_CLIENT_END, I2C_CLIENT_END, I2C_CLIENT_END
#define __I2C_END16 __I2C_END4, __I2C_END4, __I2C_END4, __I2C_END4
#define I2C_CLIENT_DEFAULTS \
	{ \
		__I2C_END16, __I2C_END16, __I2C_END16 \
	}

#define I2C_CLIENT_MODPARM_AUX1(x) "1-" #x "h"
#define I2C_CLIENT_MODPARM_AUX(x)  I2C_CLIENT_MODPARM_AUX1(x)
#define I2C_CLIENT_MODPARM	   I2C_CLIENT_MODPARM_AUX(I2C_CLIENT_MAX_OPTS)

/* A list of addresses as a module parameter, full of I2C_CLIENT_END. */
#define I2C_CLIENT_MODULE_PARM(var, desc) \
	static unsigned short var[I2C_CLIENT_MAX_OPTS] = I2C_CLIENT_DEFAULTS; \
	static unsigned int var##_num; \
	module_param_array(var, short, var##_num, 0); \
	MODULE_PARM_DESC(var, desc)

/* The parameters of a chip driver and its addr_data, from its normal_i2c lists. */
#define I2C_CLIENT_INSMOD \
	I2C_CLIENT_MODULE_PARM(probe, "List of adapter,address pairs to scan additionally"); \
	I2C_CLIENT_MODULE_PARM( \
		probe_range, "List of adapter,start-addr,end-addr triples to scan additionally"); \
	I2C_CLIENT_MODULE_PARM(ignore, "List of adapter,address pairs not to scan"); \
	I2C_CLIENT_MODULE_PARM(ignore_range, \
			       "List of adapter,start-addr,end-addr triples not to scan"); \
	I2C_CLIENT_MODULE_PARM(force, "List of adapter,address pairs to boldly assume present"); \
	static struct i2c_client_address_data addr_data = { \
		.normal_i2c = normal_i2c, \
		.normal_i2c_range = normal_i2c_range, \
		.probe = probe, \
		.probe_range = probe_range, \
		.ignore = ignore, \
		.ignore_range = ignore_range, \
		.force = force, \
	}

/* Whether a client or adapter is the ISA pseudo-adapter of the sensors. */
#define i2c_is_isa_client(clientptr) ((clientptr)->adapter->algo->id == I2C_ALGO_ISA)
#define i2c_is_isa_adapter(adapptr)  ((adapptr)->algo->id == I2C_ALGO_ISA)

#endif /* _LDM_I2C_H */
