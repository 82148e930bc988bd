/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/uinput.h> - /dev/uinput of 2.6.9 (drivers/input/misc/uinput.c):
 * a program makes an input device by writing a struct uinput_user_dev and
 * setting its capability bits with the UI_ ioctls, then writes its events.
 */
#ifndef _LDM_UINPUT_H
#define _LDM_UINPUT_H

#include <ldm/input.h>
#include <ldm/wait.h>

#define UINPUT_MINOR	   223
#define UINPUT_NAME	   "uinput"
#define UINPUT_BUFFER_SIZE 16

/* struct uinput_device.state: the input device exists. */
#define UIST_CREATED 0

/**
 * struct uinput_device - one open /dev/uinput
 * @dev: the input device it makes
 * @state: UIST_CREATED
 * @waitq: readers of force feedback requests
 * @ready: whether an event waits
 * @head: where the next event goes in @buff
 * @tail: the oldest event in @buff
 * @buff: events from the device to the program
 */
struct uinput_device {
	struct input_dev *dev;
	unsigned long state;
	wait_queue_head_t waitq;
	unsigned char ready, head, tail;
	struct input_event buff[UINPUT_BUFFER_SIZE];
};

#define UINPUT_IOCTL_BASE 'U'
#define UI_DEV_CREATE	  _IO(UINPUT_IOCTL_BASE, 1)
#define UI_DEV_DESTROY	  _IO(UINPUT_IOCTL_BASE, 2)
#define UI_SET_EVBIT	  _IOW(UINPUT_IOCTL_BASE, 100, int)
#define UI_SET_KEYBIT	  _IOW(UINPUT_IOCTL_BASE, 101, int)
#define UI_SET_RELBIT	  _IOW(UINPUT_IOCTL_BASE, 102, int)
#define UI_SET_ABSBIT	  _IOW(UINPUT_IOCTL_BASE, 103, int)
#define UI_SET_MSCBIT	  _IOW(UINPUT_IOCTL_BASE, 104, int)
#define UI_SET_LEDBIT	  _IOW(UINPUT_IOCTL_BASE, 105, int)
#define UI_SET_SNDBIT	  _IOW(UINPUT_IOCTL_BASE, 106, int)
#define UI_SET_FFBIT	  _IOW(UINPUT_IOCTL_BASE, 107, int)

#define UINPUT_MAX_NAME_SIZE 80

/* What a program writes to create its device. */
struct uinput_user_dev {
	char name[UINPUT_MAX_NAME_SIZE];
	struct input_id id;
	int ff_effects_max;
	int absmax[ABS_MAX + 1];
	int absmin[ABS_MAX + 1];
	int absfuzz[ABS_MAX + 1];
	int absflat[ABS_MAX + 1];
};

#endif /* _LDM_UINPUT_H */
