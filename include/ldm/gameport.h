/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/gameport.h> - joystick ports, as <linux/gameport.h> of 2.6.9
 * declares them: a port (an ISA game port at 0x201, a sound card's) that
 * joystick drivers open in raw mode (trigger, then read the axes' timing
 * bits) or cooked mode (the port measures). The functions are 2.6.9's
 * gameport core's (drivers/input/gameport/gameport.c), built unchanged as
 * a module; a module always has them here, as with CONFIG_GAMEPORT.
 */
#ifndef _LDM_GAMEPORT_H
#define _LDM_GAMEPORT_H

#include <ldm/input.h>
#include <ldm/io.h>
#include <ldm/list.h>

#pragma GCC visibility push(default)

struct gameport_dev;

/**
 * struct gameport - a game port
 * @private: the joystick driver's
 * @driver: the port driver's
 * @name: a name for people
 * @phys: where it is
 * @id: its input ids
 * @io: its I/O port, for the raw accessors' default
 * @speed: reads per millisecond, for gameport_time()
 * @fuzz: the axes' jitter
 * @trigger: start the axes' one-shots (default: a write to @io)
 * @read: the buttons and the axes' bits (default: a read of @io)
 * @cooked_read: the port's own measure of the axes
 * @calibrate: the port's calibration
 * @open: a driver takes the port in a GAMEPORT_MODE_
 * @close: ... and lets it go
 * @dev: the joystick driver that holds it
 * @node: in the gameport core's list
 */
struct gameport {
	void *private;
	void *driver;
	char *name;
	char *phys;
	struct input_id id;
	int io;
	int speed;
	int fuzz;
	void (*trigger)(struct gameport *);
	unsigned char (*read)(struct gameport *);
	int (*cooked_read)(struct gameport *, int *, int *);
	int (*calibrate)(struct gameport *, int *, int *);
	int (*open)(struct gameport *, int);
	void (*close)(struct gameport *);
	struct gameport_dev *dev;
	struct list_head node;
};

/**
 * struct gameport_dev - a joystick driver, offered every port
 */
struct gameport_dev {
	void *private;
	char *name;
	void (*connect)(struct gameport *, struct gameport_dev *dev);
	void (*disconnect)(struct gameport *);
	struct list_head node;
};

int gameport_open(struct gameport *gameport, struct gameport_dev *dev, int mode);
void gameport_close(struct gameport *gameport);
void gameport_rescan(struct gameport *gameport);
void gameport_register_port(struct gameport *gameport);
void gameport_unregister_port(struct gameport *gameport);
void gameport_register_device(struct gameport_dev *dev);
void gameport_unregister_device(struct gameport_dev *dev);

#define GAMEPORT_MODE_DISABLED 0
#define GAMEPORT_MODE_RAW      1
#define GAMEPORT_MODE_COOKED   2

#define GAMEPORT_ID_VENDOR_ANALOG	0x0001
#define GAMEPORT_ID_VENDOR_MADCATZ	0x0002
#define GAMEPORT_ID_VENDOR_LOGITECH	0x0003
#define GAMEPORT_ID_VENDOR_CREATIVE	0x0004
#define GAMEPORT_ID_VENDOR_GENIUS	0x0005
#define GAMEPORT_ID_VENDOR_INTERACT	0x0006
#define GAMEPORT_ID_VENDOR_MICROSOFT	0x0007
#define GAMEPORT_ID_VENDOR_THRUSTMASTER 0x0008
#define GAMEPORT_ID_VENDOR_GRAVIS	0x0009
#define GAMEPORT_ID_VENDOR_GUILLEMOT	0x000a

static inline void gameport_trigger(struct gameport *gameport)
{
	if (gameport->trigger)
		gameport->trigger(gameport);
	else
		outb(0xff, gameport->io);
}

static inline unsigned char gameport_read(struct gameport *gameport)
{
	return gameport->read ? gameport->read(gameport) : inb(gameport->io);
}

static inline int gameport_cooked_read(struct gameport *gameport, int *axes, int *buttons)
{
	return gameport->cooked_read ? gameport->cooked_read(gameport, axes, buttons) : -1;
}

static inline int gameport_calibrate(struct gameport *gameport, int *axes, int *max)
{
	return gameport->calibrate ? gameport->calibrate(gameport, axes, max) : -1;
}

/* @time microseconds, in reads of the port. */
static inline int gameport_time(struct gameport *gameport, int time)
{
	return (time * gameport->speed) / 1000;
}

#pragma GCC visibility pop

#endif /* _LDM_GAMEPORT_H */
