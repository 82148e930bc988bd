/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/i2c-id.h> - the numbers of <linux/i2c-id.h> of 2.6.9 that its
 * drivers use: driver ids (struct i2c_driver.id), algorithm ids and
 * adapter hardware ids (struct i2c_adapter.id is the algorithm's id ORed
 * with the hardware's). They are the values 2.6.9's drivers and i2c-dev
 * users agree on.
 */
#ifndef _LDM_I2C_ID_H
#define _LDM_I2C_ID_H

#define I2C_DRIVERID_MSP3400   1
#define I2C_DRIVERID_TUNER     2
#define I2C_DRIVERID_TDA8425   4
#define I2C_DRIVERID_TEA6420   5
#define I2C_DRIVERID_TEA6415C  6
#define I2C_DRIVERID_TDA9840   7
#define I2C_DRIVERID_SAA7111A  8
#define I2C_DRIVERID_SAA7185B  13
#define I2C_DRIVERID_TEA6300   18
#define I2C_DRIVERID_TDA9850   20
#define I2C_DRIVERID_TDA9855   21
#define I2C_DRIVERID_SAA7110   22
#define I2C_DRIVERID_MGATVO    23
#define I2C_DRIVERID_SAA5249   24
#define I2C_DRIVERID_PCF8583   25
#define I2C_DRIVERID_SAB3036   26
#define I2C_DRIVERID_TDA7432   27
#define I2C_DRIVERID_TVMIXER   28
#define I2C_DRIVERID_TVAUDIO   29
#define I2C_DRIVERID_TDA9873   31
#define I2C_DRIVERID_TDA9875   32
#define I2C_DRIVERID_BT819     40
#define I2C_DRIVERID_BT856     41
#define I2C_DRIVERID_VPX3220   42
#define I2C_DRIVERID_ADV7175   48
#define I2C_DRIVERID_SAA7114   49
#define I2C_DRIVERID_ADV7170   54
#define I2C_DRIVERID_OVCAMCHIP 61
#define I2C_DRIVERID_EXP0      0xF0
#define I2C_DRIVERID_EXP3      0xF3
#define I2C_DRIVERID_I2CDEV    900
#define I2C_DRIVERID_LM78      1002
#define I2C_DRIVERID_LM75      1003
#define I2C_DRIVERID_GL518     1004
#define I2C_DRIVERID_EEPROM    1005
#define I2C_DRIVERID_W83781D   1006
#define I2C_DRIVERID_LM80      1007
#define I2C_DRIVERID_ADM1021   1008
#define I2C_DRIVERID_VIA686A   1019
#define I2C_DRIVERID_ADM1025   1020
#define I2C_DRIVERID_PCF8574   1022
#define I2C_DRIVERID_DS1621    1024
#define I2C_DRIVERID_IT87      1026
#define I2C_DRIVERID_PCF8591   1030
#define I2C_DRIVERID_SMSC47M1  1031
#define I2C_DRIVERID_W83627HF  1038
#define I2C_DRIVERID_LM85      1039
#define I2C_DRIVERID_LM83      1040
#define I2C_DRIVERID_LM90      1042
#define I2C_DRIVERID_ASB100    1043
#define I2C_DRIVERID_FSCHER    1046
#define I2C_DRIVERID_W83L785TS 1047
#define I2C_ALGO_BIT	       0x010000
#define I2C_ALGO_PCF	       0x020000
#define I2C_ALGO_ATI	       0x030000
#define I2C_ALGO_SMBUS	       0x040000
#define I2C_ALGO_ISA	       0x050000
#define I2C_ALGO_SAA7146       0x060000
#define I2C_ALGO_IIC	       0x080000
#define I2C_ALGO_SAA7134       0x090000
#define I2C_ALGO_MPC107	       0x0d0000
#define I2C_ALGO_OCP	       0x120000
#define I2C_ALGO_OCP_IOP3XX    0x140000
#define I2C_ALGO_PCA	       0x150000
#define I2C_HW_B_LP	       0x00
#define I2C_HW_B_BT848	       0x05
#define I2C_HW_B_HYDRA	       0x08
#define I2C_HW_B_G400	       0x09
#define I2C_HW_B_RIVA	       0x10
#define I2C_HW_B_IOC	       0x11
#define I2C_HW_B_FRODO	       0x13
#define I2C_HW_B_IXP2000       0x16
#define I2C_HW_B_IXP4XX	       0x17
#define I2C_HW_B_S3VIA	       0x18
#define I2C_HW_B_ZR36067       0x19
#define I2C_HW_P_ELEK	       0x02
#define I2C_HW_A_ISA	       0x00
#define I2C_HW_MPC8XX_EPON     0x00
#define I2C_HW_I_IIC	       0x00
#define I2C_HW_OCP	       0x00
#define I2C_HW_IOP321	       0x00
#define I2C_HW_SMBUS_VOODOO3   0x03
#define I2C_HW_SMBUS_W9968CF   0x0d
#define I2C_HW_SMBUS_OV511     0x0e
#define I2C_HW_SMBUS_OV518     0x0f
#define I2C_HW_SMBUS_OVFX2     0x11
#define I2C_HW_MPC107	       0x00

#endif /* _LDM_I2C_ID_H */
