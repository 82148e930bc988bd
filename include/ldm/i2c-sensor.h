/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/i2c-sensor.h> - the detection helpers of 2.6.9's hardware monitoring
 * chips: the lists of addresses a chip driver scans (its normal_i2c and
 * normal_isa lists and the probe/ignore/force module parameters), the
 * SENSORS_INSMOD_N macros that declare them with the chips' enum, and
 * i2c_detect(), which drivers/i2c/i2c-sensor-detect.c (a module) exports.
 */
#ifndef _LDM_I2C_SENSOR_H
#define _LDM_I2C_SENSOR_H

#include <ldm/i2c.h>

/**
 * struct i2c_force_data - the "force" parameter of one chip kind
 * @force: its (bus, address) pairs
 * @kind: the chip (0: any)
 */
struct i2c_force_data {
	unsigned short *force;
	unsigned short kind;
};

/**
 * struct i2c_address_data - the addresses i2c_detect() tries
 * @normal_i2c: I2C addresses, ended by I2C_CLIENT_END
 * @normal_i2c_range: inclusive pairs, ended by I2C_CLIENT_END
 * @normal_isa: ISA addresses, ended by SENSORS_ISA_END
 * @normal_isa_range: (first, last, step) triples, ended by SENSORS_ISA_END
 * @probe: (bus, address) pairs to try too
 * @probe_range: (bus, first, last) triples to try too
 * @ignore: (bus, address) pairs never tried
 * @ignore_range: (bus, first, last) triples never tried
 * @forces: per chip kind, addresses taken as present; ended by a NULL force
 */
struct i2c_address_data {
	unsigned short *normal_i2c;
	unsigned short *normal_i2c_range;
	unsigned int *normal_isa;
	unsigned int *normal_isa_range;
	unsigned short *probe;
	unsigned short *probe_range;
	unsigned short *ignore;
	unsigned short *ignore_range;
	struct i2c_force_data *forces;
};

#define SENSORS_ISA_END I2C_CLIENT_ISA_END

#define SENSORS_MODULE_PARM_FORCE(name) \
	I2C_CLIENT_MODULE_PARM(force_##name, \
			       "List of adapter,address pairs which are " \
			       "unquestionably assumed to contain a `" #name "' chip")

#define SENSORS_INSMOD \
	I2C_CLIENT_MODULE_PARM(probe, "List of adapter,address pairs to scan additionally"); \
	I2C_CLIENT_MODULE_PARM( \
		probe_range, "List of adapter,start-addr,end-addr triples to scan additionally"); \
	I2C_CLIENT_MODULE_PARM(ignore, "List of adapter,address pairs not to scan"); \
	I2C_CLIENT_MODULE_PARM(ignore_range, \
			       "List of adapter,start-addr,end-addr triples not to scan"); \
	static struct i2c_address_data addr_data = { \
		.normal_i2c = normal_i2c, \
		.normal_i2c_range = normal_i2c_range, \
		.normal_isa = normal_isa, \
		.normal_isa_range = normal_isa_range, \
		.probe = probe, \
		.probe_range = probe_range, \
		.ignore = ignore, \
		.ignore_range = ignore_range, \
		.forces = forces, \
	}

#define __SENSORS_FORCE \
	I2C_CLIENT_MODULE_PARM(force, "List of adapter,address pairs to boldly assume present")

/* SENSORS_INSMOD_N(chip1, ..., chipN): enum chips { any_chip, chip1, ... } and the lists. */
#define SENSORS_INSMOD_0 \
	enum chips { any_chip }; \
	__SENSORS_FORCE; \
	static struct i2c_force_data forces[] = { { force, any_chip }, { NULL } }; \
	SENSORS_INSMOD

#define SENSORS_INSMOD_1(chip1) \
	enum chips { any_chip, chip1 }; \
	__SENSORS_FORCE; \
	SENSORS_MODULE_PARM_FORCE(chip1); \
	static struct i2c_force_data forces[] = { { force, any_chip }, \
						  { force_##chip1, chip1 }, \
						  { NULL } }; \
	SENSORS_INSMOD

#define SENSORS_INSMOD_2(chip1, chip2) \
	enum chips { any_chip, chip1, chip2 }; \
	__SENSORS_FORCE; \
	SENSORS_MODULE_PARM_FORCE(chip1); \
	SENSORS_MODULE_PARM_FORCE(chip2); \
	static struct i2c_force_data forces[] = { \
		{ force, any_chip }, { force_##chip1, chip1 }, { force_##chip2, chip2 }, { NULL } \
	}; \
	SENSORS_INSMOD

#define SENSORS_INSMOD_3(chip1, chip2, chip3) \
	enum chips { any_chip, chip1, chip2, chip3 }; \
	__SENSORS_FORCE; \
	SENSORS_MODULE_PARM_FORCE(chip1); \
	SENSORS_MODULE_PARM_FORCE(chip2); \
	SENSORS_MODULE_PARM_FORCE(chip3); \
	static struct i2c_force_data forces[] = { { force, any_chip }, \
						  { force_##chip1, chip1 }, \
						  { force_##chip2, chip2 }, \
						  { force_##chip3, chip3 }, \
						  { NULL } }; \
	SENSORS_INSMOD

#define SENSORS_INSMOD_4(chip1, chip2, chip3, chip4) \
	enum chips { any_chip, chip1, chip2, chip3, chip4 }; \
	__SENSORS_FORCE; \
	SENSORS_MODULE_PARM_FORCE(chip1); \
	SENSORS_MODULE_PARM_FORCE(chip2); \
	SENSORS_MODULE_PARM_FORCE(chip3); \
	SENSORS_MODULE_PARM_FORCE(chip4); \
	static struct i2c_force_data forces[] = { \
		{ force, any_chip },	  { force_##chip1, chip1 }, { force_##chip2, chip2 }, \
		{ force_##chip3, chip3 }, { force_##chip4, chip4 }, { NULL } \
	}; \
	SENSORS_INSMOD

#define SENSORS_INSMOD_5(chip1, chip2, chip3, chip4, chip5) \
	enum chips { any_chip, chip1, chip2, chip3, chip4, chip5 }; \
	__SENSORS_FORCE; \
	SENSORS_MODULE_PARM_FORCE(chip1); \
	SENSORS_MODULE_PARM_FORCE(chip2); \
	SENSORS_MODULE_PARM_FORCE(chip3); \
	SENSORS_MODULE_PARM_FORCE(chip4); \
	SENSORS_MODULE_PARM_FORCE(chip5); \
	static struct i2c_force_data forces[] = { { force, any_chip }, \
						  { force_##chip1, chip1 }, \
						  { force_##chip2, chip2 }, \
						  { force_##chip3, chip3 }, \
						  { force_##chip4, chip4 }, \
						  { force_##chip5, chip5 }, \
						  { NULL } }; \
	SENSORS_INSMOD

#define SENSORS_INSMOD_6(chip1, chip2, chip3, chip4, chip5, chip6) \
	enum chips { any_chip, chip1, chip2, chip3, chip4, chip5, chip6 }; \
	__SENSORS_FORCE; \
	SENSORS_MODULE_PARM_FORCE(chip1); \
	SENSORS_MODULE_PARM_FORCE(chip2); \
	SENSORS_MODULE_PARM_FORCE(chip3); \
	SENSORS_MODULE_PARM_FORCE(chip4); \
	SENSORS_MODULE_PARM_FORCE(chip5); \
	SENSORS_MODULE_PARM_FORCE(chip6); \
	static struct i2c_force_data forces[] = { \
		{ force, any_chip },	  { force_##chip1, chip1 }, \
		{ force_##chip2, chip2 }, { force_##chip3, chip3 }, \
		{ force_##chip4, chip4 }, { force_##chip5, chip5 }, \
		{ force_##chip6, chip6 }, { NULL } \
	}; \
	SENSORS_INSMOD

#define SENSORS_INSMOD_7(chip1, chip2, chip3, chip4, chip5, chip6, chip7) \
	enum chips { any_chip, chip1, chip2, chip3, chip4, chip5, chip6, chip7 }; \
	__SENSORS_FORCE; \
	SENSORS_MODULE_PARM_FORCE(chip1); \
	SENSORS_MODULE_PARM_FORCE(chip2); \
	SENSORS_MODULE_PARM_FORCE(chip3); \
	SENSORS_MODULE_PARM_FORCE(chip4); \
	SENSORS_MODULE_PARM_FORCE(chip5); \
	SENSORS_MODULE_PARM_FORCE(chip6); \
	SENSORS_MODULE_PARM_FORCE(chip7); \
	static struct i2c_force_data forces[] = { \
		{ force, any_chip },	  { force_##chip1, chip1 }, { force_##chip2, chip2 }, \
		{ force_##chip3, chip3 }, { force_##chip4, chip4 }, { force_##chip5, chip5 }, \
		{ force_##chip6, chip6 }, { force_##chip7, chip7 }, { NULL } \
	}; \
	SENSORS_INSMOD

#define SENSORS_INSMOD_8(chip1, chip2, chip3, chip4, chip5, chip6, chip7, chip8) \
	enum chips { any_chip, chip1, chip2, chip3, chip4, chip5, chip6, chip7, chip8 }; \
	__SENSORS_FORCE; \
	SENSORS_MODULE_PARM_FORCE(chip1); \
	SENSORS_MODULE_PARM_FORCE(chip2); \
	SENSORS_MODULE_PARM_FORCE(chip3); \
	SENSORS_MODULE_PARM_FORCE(chip4); \
	SENSORS_MODULE_PARM_FORCE(chip5); \
	SENSORS_MODULE_PARM_FORCE(chip6); \
	SENSORS_MODULE_PARM_FORCE(chip7); \
	SENSORS_MODULE_PARM_FORCE(chip8); \
	static struct i2c_force_data forces[] = { \
		{ force, any_chip },	  { force_##chip1, chip1 }, \
		{ force_##chip2, chip2 }, { force_##chip3, chip3 }, \
		{ force_##chip4, chip4 }, { force_##chip5, chip5 }, \
		{ force_##chip6, chip6 }, { force_##chip7, chip7 }, \
		{ force_##chip8, chip8 }, { NULL } \
	}; \
	SENSORS_INSMOD

int i2c_detect(struct i2c_adapter *adapter, struct i2c_address_data *address_data,
	       int (*found_proc)(struct i2c_adapter *, int, int));

/* @value, clamped to [@low, @high]: what a chip driver does to user input. */
static inline int SENSORS_LIMIT(long value, long low, long high)
{
	if (value < low)
		return low;
	if (value > high)
		return high;
	return value;
}

#endif /* _LDM_I2C_SENSOR_H */
