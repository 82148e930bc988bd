/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/joystick.h> - /dev/input/jsN of 2.6.9 (drivers/input/joydev.c): its
 * events, its ioctls and their axis correction, and the 0.x driver's
 * JS_DATA_TYPE read format it still serves (the user ABI of
 * <linux/joystick.h>).
 */
#ifndef _LDM_JOYSTICK_H
#define _LDM_JOYSTICK_H

#include <ldm/input.h>
#include <ldm/types.h>

#define JS_VERSION 0x020100

/* struct js_event.type: a button, an axis, and the initial state's flag. */
#define JS_EVENT_BUTTON 0x01
#define JS_EVENT_AXIS	0x02
#define JS_EVENT_INIT	0x80

/* One event as read(2) returns it; @time in milliseconds. */
struct js_event {
	__u32 time;
	__s16 value;
	__u8 type;
	__u8 number;
};

/* How an axis's raw value becomes its reported one. */
struct js_corr {
	__s32 coef[8];
	__s16 prec;
	__u16 type;
};

#define JS_CORR_NONE   0x00
#define JS_CORR_BROKEN 0x01

#define JSIOCGVERSION	_IOR('j', 0x01, __u32)
#define JSIOCGAXES	_IOR('j', 0x11, __u8)
#define JSIOCGBUTTONS	_IOR('j', 0x12, __u8)
#define JSIOCGNAME(len) _IOC(_IOC_READ, 'j', 0x13, len)
#define JSIOCSCORR	_IOW('j', 0x21, struct js_corr)
#define JSIOCGCORR	_IOR('j', 0x22, struct js_corr)
#define JSIOCSAXMAP	_IOW('j', 0x31, __u8[ABS_MAX])
#define JSIOCGAXMAP	_IOR('j', 0x32, __u8[ABS_MAX])
#define JSIOCSBTNMAP	_IOW('j', 0x33, __u16[KEY_MAX - BTN_MISC])
#define JSIOCGBTNMAP	_IOR('j', 0x34, __u16[KEY_MAX - BTN_MISC])

/* The 0.x interface: read(2) of a struct JS_DATA_TYPE, and its ioctls. */
struct JS_DATA_TYPE {
	int buttons;
	int x;
	int y;
};

struct JS_DATA_SAVE_TYPE {
	int JS_TIMEOUT;
	int BUSY;
	long JS_EXPIRETIME;
	long JS_TIMELIMIT;
	struct JS_DATA_TYPE JS_SAVE;
	struct JS_DATA_TYPE JS_CORR;
};

#define JS_RETURN	 sizeof(struct JS_DATA_TYPE)
#define JS_TRUE		 1
#define JS_FALSE	 0
#define JS_X_0		 0x01
#define JS_Y_0		 0x02
#define JS_X_1		 0x04
#define JS_Y_1		 0x08
#define JS_MAX		 2
#define JS_DEF_TIMEOUT	 0x1300
#define JS_DEF_CORR	 0
#define JS_DEF_TIMELIMIT 10L
#define JS_SET_CAL	 1
#define JS_GET_CAL	 2
#define JS_SET_TIMEOUT	 3
#define JS_GET_TIMEOUT	 4
#define JS_SET_TIMELIMIT 5
#define JS_GET_TIMELIMIT 6
#define JS_GET_ALL	 7
#define JS_SET_ALL	 8

#endif /* _LDM_JOYSTICK_H */
