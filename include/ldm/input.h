/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/input.h> - the input subsystem of 2.6.9's <linux/input.h>: the
 * events and their codes (the evdev user ABI: struct input_event, the
 * EV_, KEY_, BTN_, REL_, ABS_, MSC_, LED_, REP_, SND_, FF_ and BUS_
 * numbers, the EVIOC ioctls), force feedback effects, and the structures
 * and calls of input devices, handlers and handles. The core is a module:
 * 2.6.9's drivers/input/input.c builds unchanged against this header and
 * exports the calls declared here.
 *
 * The codes are 2.6.9's (KEY_MAX is 0x1ff, as its bitmaps are sized).
 */
#ifndef _LDM_INPUT_H
#define _LDM_INPUT_H

#include <sys/time.h>
#include <ldm/device.h>
#include <ldm/fs.h>
#include <ldm/ioctl.h>
#include <ldm/list.h>
#include <ldm/pm.h>
#include <ldm/time.h>
#include <ldm/timer.h>
#include <ldm/types.h>

/* One event, as read(2) of /dev/input/eventN returns it. */
struct input_event {
	struct timeval time;
	__u16 type;
	__u16 code;
	__s32 value;
};

/* What a device is: its bus (BUS_*), vendor, product and version. */
struct input_id {
	__u16 bustype;
	__u16 vendor;
	__u16 product;
	__u16 version;
};

/* An absolute axis: its value, range, noise filter and dead zone. */
struct input_absinfo {
	__s32 value;
	__s32 minimum;
	__s32 maximum;
	__s32 fuzz;
	__s32 flat;
};

/* Force feedback: when an effect plays (times in ms) and what triggers it. */
struct ff_replay {
	__u16 length;
	__u16 delay;
};

struct ff_trigger {
	__u16 button;
	__u16 interval;
};

/* How an effect's strength rises at its start and falls at its end. */
struct ff_envelope {
	__u16 attack_length;
	__u16 attack_level;
	__u16 fade_length;
	__u16 fade_level;
};

struct ff_constant_effect {
	__s16 level;
	struct ff_envelope envelope;
};

struct ff_ramp_effect {
	__s16 start_level;
	__s16 end_level;
	struct ff_envelope envelope;
};

/* A force that depends on the stick's position (spring, friction...), per axis. */
struct ff_condition_effect {
	__u16 right_saturation;
	__u16 left_saturation;
	__s16 right_coeff;
	__s16 left_coeff;
	__u16 deadband;
	__s16 center;
};

struct ff_periodic_effect {
	__u16 waveform;
	__u16 period;
	__s16 magnitude;
	__s16 offset;
	__u16 phase;
	struct ff_envelope envelope;
	__u32 custom_len;
	__s16 *custom_data;
};

/* Two motors: the heavy one's and the light one's strength. */
struct ff_rumble_effect {
	__u16 strong_magnitude;
	__u16 weak_magnitude;
};

/**
 * struct ff_effect - a force feedback effect, as EVIOCSFF uploads it
 * @type: FF_RUMBLE, FF_PERIODIC...
 * @id: its number on the device (-1 to allocate one)
 * @direction: 0x0000 down, 0x4000 left, 0x8000 up, 0xc000 right
 * @trigger: what starts it
 * @replay: when it plays
 * @u: the parameters of its type
 */
struct ff_effect {
	__u16 type;
	__s16 id;
	__u16 direction;
	struct ff_trigger trigger;
	struct ff_replay replay;
	union {
		struct ff_constant_effect constant;
		struct ff_ramp_effect ramp;
		struct ff_periodic_effect periodic;
		struct ff_condition_effect condition[2];
		struct ff_rumble_effect rumble;
	} u;
};

/* The numbers of 2.6.9's input ABI. */
#define EV_VERSION	     0x010000
#define EVIOCGVERSION	     _IOR('E', 0x01, int)
#define EVIOCGID	     _IOR('E', 0x02, struct input_id)
#define EVIOCGKEYCODE	     _IOR('E', 0x04, int[2])
#define EVIOCSKEYCODE	     _IOW('E', 0x04, int[2])
#define EVIOCGNAME(len)	     _IOC(_IOC_READ, 'E', 0x06, len)
#define EVIOCGPHYS(len)	     _IOC(_IOC_READ, 'E', 0x07, len)
#define EVIOCGUNIQ(len)	     _IOC(_IOC_READ, 'E', 0x08, len)
#define EVIOCGKEY(len)	     _IOC(_IOC_READ, 'E', 0x18, len)
#define EVIOCGLED(len)	     _IOC(_IOC_READ, 'E', 0x19, len)
#define EVIOCGSND(len)	     _IOC(_IOC_READ, 'E', 0x1a, len)
#define EVIOCGBIT(ev, len)   _IOC(_IOC_READ, 'E', 0x20 + ev, len)
#define EVIOCGABS(abs)	     _IOR('E', 0x40 + abs, struct input_absinfo)
#define EVIOCSABS(abs)	     _IOW('E', 0xc0 + abs, struct input_absinfo)
#define EVIOCSFF	     _IOC(_IOC_WRITE, 'E', 0x80, sizeof(struct ff_effect))
#define EVIOCRMFF	     _IOW('E', 0x81, int)
#define EVIOCGEFFECTS	     _IOR('E', 0x84, int)
#define EVIOCGRAB	     _IOW('E', 0x90, int)
#define EV_SYN		     0x00
#define EV_KEY		     0x01
#define EV_REL		     0x02
#define EV_ABS		     0x03
#define EV_MSC		     0x04
#define EV_LED		     0x11
#define EV_SND		     0x12
#define EV_REP		     0x14
#define EV_FF		     0x15
#define EV_PWR		     0x16
#define EV_FF_STATUS	     0x17
#define EV_MAX		     0x1f
#define SYN_REPORT	     0
#define SYN_CONFIG	     1
#define KEY_RESERVED	     0
#define KEY_ESC		     1
#define KEY_1		     2
#define KEY_2		     3
#define KEY_3		     4
#define KEY_4		     5
#define KEY_5		     6
#define KEY_6		     7
#define KEY_7		     8
#define KEY_8		     9
#define KEY_9		     10
#define KEY_0		     11
#define KEY_MINUS	     12
#define KEY_EQUAL	     13
#define KEY_BACKSPACE	     14
#define KEY_TAB		     15
#define KEY_Q		     16
#define KEY_W		     17
#define KEY_E		     18
#define KEY_R		     19
#define KEY_T		     20
#define KEY_Y		     21
#define KEY_U		     22
#define KEY_I		     23
#define KEY_O		     24
#define KEY_P		     25
#define KEY_LEFTBRACE	     26
#define KEY_RIGHTBRACE	     27
#define KEY_ENTER	     28
#define KEY_LEFTCTRL	     29
#define KEY_A		     30
#define KEY_S		     31
#define KEY_D		     32
#define KEY_F		     33
#define KEY_G		     34
#define KEY_H		     35
#define KEY_J		     36
#define KEY_K		     37
#define KEY_L		     38
#define KEY_SEMICOLON	     39
#define KEY_APOSTROPHE	     40
#define KEY_GRAVE	     41
#define KEY_LEFTSHIFT	     42
#define KEY_BACKSLASH	     43
#define KEY_Z		     44
#define KEY_X		     45
#define KEY_C		     46
#define KEY_V		     47
#define KEY_B		     48
#define KEY_N		     49
#define KEY_M		     50
#define KEY_COMMA	     51
#define KEY_DOT		     52
#define KEY_SLASH	     53
#define KEY_RIGHTSHIFT	     54
#define KEY_KPASTERISK	     55
#define KEY_LEFTALT	     56
#define KEY_SPACE	     57
#define KEY_CAPSLOCK	     58
#define KEY_F1		     59
#define KEY_F2		     60
#define KEY_F3		     61
#define KEY_F4		     62
#define KEY_F5		     63
#define KEY_F6		     64
#define KEY_F7		     65
#define KEY_F8		     66
#define KEY_F9		     67
#define KEY_F10		     68
#define KEY_NUMLOCK	     69
#define KEY_SCROLLLOCK	     70
#define KEY_KP7		     71
#define KEY_KP8		     72
#define KEY_KP9		     73
#define KEY_KPMINUS	     74
#define KEY_KP4		     75
#define KEY_KP5		     76
#define KEY_KP6		     77
#define KEY_KPPLUS	     78
#define KEY_KP1		     79
#define KEY_KP2		     80
#define KEY_KP3		     81
#define KEY_KP0		     82
#define KEY_KPDOT	     83
#define KEY_ZENKAKUHANKAKU   85
#define KEY_102ND	     86
#define KEY_F11		     87
#define KEY_F12		     88
#define KEY_RO		     89
#define KEY_KATAKANA	     90
#define KEY_HIRAGANA	     91
#define KEY_HENKAN	     92
#define KEY_KATAKANAHIRAGANA 93
#define KEY_MUHENKAN	     94
#define KEY_KPJPCOMMA	     95
#define KEY_KPENTER	     96
#define KEY_RIGHTCTRL	     97
#define KEY_KPSLASH	     98
#define KEY_SYSRQ	     99
#define KEY_RIGHTALT	     100
#define KEY_LINEFEED	     101
#define KEY_HOME	     102
#define KEY_UP		     103
#define KEY_PAGEUP	     104
#define KEY_LEFT	     105
#define KEY_RIGHT	     106
#define KEY_END		     107
#define KEY_DOWN	     108
#define KEY_PAGEDOWN	     109
#define KEY_INSERT	     110
#define KEY_DELETE	     111
#define KEY_MACRO	     112
#define KEY_MUTE	     113
#define KEY_VOLUMEDOWN	     114
#define KEY_VOLUMEUP	     115
#define KEY_POWER	     116
#define KEY_KPEQUAL	     117
#define KEY_KPPLUSMINUS	     118
#define KEY_PAUSE	     119
#define KEY_KPCOMMA	     121
#define KEY_HANGUEL	     122
#define KEY_HANJA	     123
#define KEY_YEN		     124
#define KEY_LEFTMETA	     125
#define KEY_RIGHTMETA	     126
#define KEY_COMPOSE	     127
#define KEY_STOP	     128
#define KEY_AGAIN	     129
#define KEY_PROPS	     130
#define KEY_UNDO	     131
#define KEY_FRONT	     132
#define KEY_COPY	     133
#define KEY_OPEN	     134
#define KEY_PASTE	     135
#define KEY_FIND	     136
#define KEY_CUT		     137
#define KEY_HELP	     138
#define KEY_MENU	     139
#define KEY_CALC	     140
#define KEY_SETUP	     141
#define KEY_SLEEP	     142
#define KEY_WAKEUP	     143
#define KEY_FILE	     144
#define KEY_SENDFILE	     145
#define KEY_DELETEFILE	     146
#define KEY_XFER	     147
#define KEY_PROG1	     148
#define KEY_PROG2	     149
#define KEY_WWW		     150
#define KEY_MSDOS	     151
#define KEY_COFFEE	     152
#define KEY_DIRECTION	     153
#define KEY_CYCLEWINDOWS     154
#define KEY_MAIL	     155
#define KEY_BOOKMARKS	     156
#define KEY_COMPUTER	     157
#define KEY_BACK	     158
#define KEY_FORWARD	     159
#define KEY_CLOSECD	     160
#define KEY_EJECTCD	     161
#define KEY_EJECTCLOSECD     162
#define KEY_NEXTSONG	     163
#define KEY_PLAYPAUSE	     164
#define KEY_PREVIOUSSONG     165
#define KEY_STOPCD	     166
#define KEY_RECORD	     167
#define KEY_REWIND	     168
#define KEY_PHONE	     169
#define KEY_ISO		     170
#define KEY_CONFIG	     171
#define KEY_HOMEPAGE	     172
#define KEY_REFRESH	     173
#define KEY_EXIT	     174
#define KEY_MOVE	     175
#define KEY_EDIT	     176
#define KEY_SCROLLUP	     177
#define KEY_SCROLLDOWN	     178
#define KEY_KPLEFTPAREN	     179
#define KEY_KPRIGHTPAREN     180
#define KEY_F13		     183
#define KEY_F14		     184
#define KEY_F15		     185
#define KEY_F16		     186
#define KEY_F17		     187
#define KEY_F18		     188
#define KEY_F19		     189
#define KEY_F20		     190
#define KEY_F21		     191
#define KEY_F22		     192
#define KEY_F23		     193
#define KEY_F24		     194
#define KEY_PLAYCD	     200
#define KEY_PAUSECD	     201
#define KEY_PROG3	     202
#define KEY_PROG4	     203
#define KEY_SUSPEND	     205
#define KEY_CLOSE	     206
#define KEY_PLAY	     207
#define KEY_FASTFORWARD	     208
#define KEY_BASSBOOST	     209
#define KEY_PRINT	     210
#define KEY_HP		     211
#define KEY_CAMERA	     212
#define KEY_SOUND	     213
#define KEY_QUESTION	     214
#define KEY_EMAIL	     215
#define KEY_CHAT	     216
#define KEY_SEARCH	     217
#define KEY_CONNECT	     218
#define KEY_FINANCE	     219
#define KEY_SPORT	     220
#define KEY_SHOP	     221
#define KEY_ALTERASE	     222
#define KEY_CANCEL	     223
#define KEY_BRIGHTNESSDOWN   224
#define KEY_BRIGHTNESSUP     225
#define KEY_MEDIA	     226
#define KEY_UNKNOWN	     240
#define BTN_MISC	     0x100
#define BTN_0		     0x100
#define BTN_1		     0x101
#define BTN_2		     0x102
#define BTN_3		     0x103
#define BTN_4		     0x104
#define BTN_5		     0x105
#define BTN_6		     0x106
#define BTN_7		     0x107
#define BTN_8		     0x108
#define BTN_9		     0x109
#define BTN_MOUSE	     0x110
#define BTN_LEFT	     0x110
#define BTN_RIGHT	     0x111
#define BTN_MIDDLE	     0x112
#define BTN_SIDE	     0x113
#define BTN_EXTRA	     0x114
#define BTN_FORWARD	     0x115
#define BTN_BACK	     0x116
#define BTN_TASK	     0x117
#define BTN_JOYSTICK	     0x120
#define BTN_TRIGGER	     0x120
#define BTN_THUMB	     0x121
#define BTN_THUMB2	     0x122
#define BTN_TOP		     0x123
#define BTN_TOP2	     0x124
#define BTN_PINKIE	     0x125
#define BTN_BASE	     0x126
#define BTN_BASE2	     0x127
#define BTN_BASE3	     0x128
#define BTN_BASE4	     0x129
#define BTN_BASE5	     0x12a
#define BTN_BASE6	     0x12b
#define BTN_DEAD	     0x12f
#define BTN_GAMEPAD	     0x130
#define BTN_A		     0x130
#define BTN_B		     0x131
#define BTN_C		     0x132
#define BTN_X		     0x133
#define BTN_Y		     0x134
#define BTN_Z		     0x135
#define BTN_TL		     0x136
#define BTN_TR		     0x137
#define BTN_TL2		     0x138
#define BTN_TR2		     0x139
#define BTN_SELECT	     0x13a
#define BTN_START	     0x13b
#define BTN_MODE	     0x13c
#define BTN_THUMBL	     0x13d
#define BTN_THUMBR	     0x13e
#define BTN_DIGI	     0x140
#define BTN_TOOL_PEN	     0x140
#define BTN_TOOL_RUBBER	     0x141
#define BTN_TOOL_BRUSH	     0x142
#define BTN_TOOL_PENCIL	     0x143
#define BTN_TOOL_AIRBRUSH    0x144
#define BTN_TOOL_FINGER	     0x145
#define BTN_TOOL_MOUSE	     0x146
#define BTN_TOOL_LENS	     0x147
#define BTN_TOUCH	     0x14a
#define BTN_STYLUS	     0x14b
#define BTN_STYLUS2	     0x14c
#define BTN_TOOL_DOUBLETAP   0x14d
#define BTN_TOOL_TRIPLETAP   0x14e
#define BTN_WHEEL	     0x150
#define BTN_GEAR_DOWN	     0x150
#define BTN_GEAR_UP	     0x151
#define KEY_OK		     0x160
#define KEY_SELECT	     0x161
#define KEY_GOTO	     0x162
#define KEY_CLEAR	     0x163
#define KEY_POWER2	     0x164
#define KEY_OPTION	     0x165
#define KEY_INFO	     0x166
#define KEY_TIME	     0x167
#define KEY_VENDOR	     0x168
#define KEY_ARCHIVE	     0x169
#define KEY_PROGRAM	     0x16a
#define KEY_CHANNEL	     0x16b
#define KEY_FAVORITES	     0x16c
#define KEY_EPG		     0x16d
#define KEY_PVR		     0x16e
#define KEY_MHP		     0x16f
#define KEY_LANGUAGE	     0x170
#define KEY_TITLE	     0x171
#define KEY_SUBTITLE	     0x172
#define KEY_ANGLE	     0x173
#define KEY_ZOOM	     0x174
#define KEY_MODE	     0x175
#define KEY_KEYBOARD	     0x176
#define KEY_SCREEN	     0x177
#define KEY_PC		     0x178
#define KEY_TV		     0x179
#define KEY_TV2		     0x17a
#define KEY_VCR		     0x17b
#define KEY_VCR2	     0x17c
#define KEY_SAT		     0x17d
#define KEY_SAT2	     0x17e
#define KEY_CD		     0x17f
#define KEY_TAPE	     0x180
#define KEY_RADIO	     0x181
#define KEY_TUNER	     0x182
#define KEY_PLAYER	     0x183
#define KEY_TEXT	     0x184
#define KEY_DVD		     0x185
#define KEY_AUX		     0x186
#define KEY_MP3		     0x187
#define KEY_AUDIO	     0x188
#define KEY_VIDEO	     0x189
#define KEY_DIRECTORY	     0x18a
#define KEY_LIST	     0x18b
#define KEY_MEMO	     0x18c
#define KEY_CALENDAR	     0x18d
#define KEY_RED		     0x18e
#define KEY_GREEN	     0x18f
#define KEY_YELLOW	     0x190
#define KEY_BLUE	     0x191
#define KEY_CHANNELUP	     0x192
#define KEY_CHANNELDOWN	     0x193
#define KEY_FIRST	     0x194
#define KEY_LAST	     0x195
#define KEY_AB		     0x196
#define KEY_NEXT	     0x197
#define KEY_RESTART	     0x198
#define KEY_SLOW	     0x199
#define KEY_SHUFFLE	     0x19a
#define KEY_BREAK	     0x19b
#define KEY_PREVIOUS	     0x19c
#define KEY_DIGITS	     0x19d
#define KEY_TEEN	     0x19e
#define KEY_TWEN	     0x19f
#define KEY_DEL_EOL	     0x1c0
#define KEY_DEL_EOS	     0x1c1
#define KEY_INS_LINE	     0x1c2
#define KEY_DEL_LINE	     0x1c3
#define KEY_MAX		     0x1ff
#define REL_X		     0x00
#define REL_Y		     0x01
#define REL_Z		     0x02
#define REL_HWHEEL	     0x06
#define REL_DIAL	     0x07
#define REL_WHEEL	     0x08
#define REL_MISC	     0x09
#define REL_MAX		     0x0f
#define ABS_X		     0x00
#define ABS_Y		     0x01
#define ABS_Z		     0x02
#define ABS_RX		     0x03
#define ABS_RY		     0x04
#define ABS_RZ		     0x05
#define ABS_THROTTLE	     0x06
#define ABS_RUDDER	     0x07
#define ABS_WHEEL	     0x08
#define ABS_GAS		     0x09
#define ABS_BRAKE	     0x0a
#define ABS_HAT0X	     0x10
#define ABS_HAT0Y	     0x11
#define ABS_HAT1X	     0x12
#define ABS_HAT1Y	     0x13
#define ABS_HAT2X	     0x14
#define ABS_HAT2Y	     0x15
#define ABS_HAT3X	     0x16
#define ABS_HAT3Y	     0x17
#define ABS_PRESSURE	     0x18
#define ABS_DISTANCE	     0x19
#define ABS_TILT_X	     0x1a
#define ABS_TILT_Y	     0x1b
#define ABS_TOOL_WIDTH	     0x1c
#define ABS_VOLUME	     0x20
#define ABS_MISC	     0x28
#define ABS_MAX		     0x3f
#define MSC_SERIAL	     0x00
#define MSC_PULSELED	     0x01
#define MSC_GESTURE	     0x02
#define MSC_RAW		     0x03
#define MSC_SCAN	     0x04
#define MSC_MAX		     0x07
#define LED_NUML	     0x00
#define LED_CAPSL	     0x01
#define LED_SCROLLL	     0x02
#define LED_COMPOSE	     0x03
#define LED_KANA	     0x04
#define LED_SLEEP	     0x05
#define LED_SUSPEND	     0x06
#define LED_MUTE	     0x07
#define LED_MISC	     0x08
#define LED_MAX		     0x0f
#define REP_DELAY	     0x00
#define REP_PERIOD	     0x01
#define REP_MAX		     0x01
#define SND_CLICK	     0x00
#define SND_BELL	     0x01
#define SND_TONE	     0x02
#define SND_MAX		     0x07
#define ID_BUS		     0
#define ID_VENDOR	     1
#define ID_PRODUCT	     2
#define ID_VERSION	     3
#define BUS_PCI		     0x01
#define BUS_ISAPNP	     0x02
#define BUS_USB		     0x03
#define BUS_HIL		     0x04
#define BUS_BLUETOOTH	     0x05
#define BUS_ISA		     0x10
#define BUS_I8042	     0x11
#define BUS_XTKBD	     0x12
#define BUS_RS232	     0x13
#define BUS_GAMEPORT	     0x14
#define BUS_PARPORT	     0x15
#define BUS_AMIGA	     0x16
#define BUS_ADB		     0x17
#define BUS_I2C		     0x18
#define BUS_HOST	     0x19
#define FF_STATUS_STOPPED    0x00
#define FF_STATUS_PLAYING    0x01
#define FF_STATUS_MAX	     0x01
#define FF_RUMBLE	     0x50
#define FF_PERIODIC	     0x51
#define FF_CONSTANT	     0x52
#define FF_SPRING	     0x53
#define FF_FRICTION	     0x54
#define FF_DAMPER	     0x55
#define FF_INERTIA	     0x56
#define FF_RAMP		     0x57
#define FF_SQUARE	     0x58
#define FF_TRIANGLE	     0x59
#define FF_SINE		     0x5a
#define FF_SAW_UP	     0x5b
#define FF_SAW_DOWN	     0x5c
#define FF_CUSTOM	     0x5d
#define FF_GAIN		     0x60
#define FF_AUTOCENTER	     0x61
#define FF_MAX		     0x7f

/* The kernel side. */
#define NBITS(x) ((((x)-1) / BITS_PER_LONG) + 1)
#ifndef BIT
#define BIT(x) (1UL << ((x) % BITS_PER_LONG))
#endif
#define LONG(x) ((x) / BITS_PER_LONG)

/* The keycode of a scancode, in a keycode table of 1, 2 or 4 bytes per entry. */
#define INPUT_KEYCODE(dev, scancode) \
	((dev)->keycodesize == 1 ? ((u8 *)(dev)->keycode)[scancode] : \
	 (dev)->keycodesize == 2 ? ((u16 *)(dev)->keycode)[scancode] : \
				   ((u32 *)(dev)->keycode)[scancode])

/* Set it; the old keycode is the value. */
#define SET_INPUT_KEYCODE(dev, scancode, val) \
	({ \
		unsigned int __old = INPUT_KEYCODE(dev, scancode); \
		if ((dev)->keycodesize == 1) \
			((u8 *)(dev)->keycode)[scancode] = (val); \
		else if ((dev)->keycodesize == 2) \
			((u16 *)(dev)->keycode)[scancode] = (val); \
		else \
			((u32 *)(dev)->keycode)[scancode] = (val); \
		__old; \
	})

struct pt_regs;
struct input_handle;

/**
 * struct input_dev - an input device, as its driver fills it in
 * @private: the driver's
 * @name: its name
 * @phys: where it is ("isa0060/serio0/input0")
 * @uniq: its serial number, if any
 * @id: bus, vendor, product, version
 * @evbit: the event types it sends (EV_*)
 * @keybit: its keys and buttons
 * @relbit: its relative axes
 * @absbit: its absolute axes
 * @mscbit: its miscellaneous events
 * @ledbit: its LEDs
 * @sndbit: its sounds
 * @ffbit: its force feedback effects
 * @ff_effects_max: effects it holds at once
 * @keycodemax: entries of @keycode
 * @keycodesize: bytes per entry of @keycode
 * @keycode: its scancode to keycode table
 * @repeat_key: the key being repeated (software autorepeat)
 * @timer: the autorepeat timer
 * @pm_dev: its legacy power management
 * @regs: the registers of the interrupt being reported (none here)
 * @state: unused
 * @sync: whether the last event was a SYN_REPORT
 * @abs: the axes' values
 * @rep: the autorepeat delay and period
 * @key: the keys now down
 * @led: the LEDs now on
 * @snd: the sounds now playing
 * @absmax: the axes' maximum
 * @absmin: the axes' minimum
 * @absfuzz: the axes' noise filter
 * @absflat: the axes' dead zone
 * @open: the first handle opened it
 * @close: the last handle closed it
 * @accept: may @file open it
 * @flush: a handle's file is flushed
 * @event: an event to the device (LEDs, sounds, effects)
 * @upload_effect: store a force feedback effect
 * @erase_effect: forget one
 * @grab: the handle that has it to itself, or NULL
 * @dev: the driver-model device behind it, if any
 * @h_list: its handles
 * @node: in the core's list of devices
 */
struct input_dev {
	void *private;
	char *name;
	char *phys;
	char *uniq;
	struct input_id id;
	unsigned long evbit[NBITS(EV_MAX)];
	unsigned long keybit[NBITS(KEY_MAX)];
	unsigned long relbit[NBITS(REL_MAX)];
	unsigned long absbit[NBITS(ABS_MAX)];
	unsigned long mscbit[NBITS(MSC_MAX)];
	unsigned long ledbit[NBITS(LED_MAX)];
	unsigned long sndbit[NBITS(SND_MAX)];
	unsigned long ffbit[NBITS(FF_MAX)];
	int ff_effects_max;
	unsigned int keycodemax;
	unsigned int keycodesize;
	void *keycode;
	unsigned int repeat_key;
	struct timer_list timer;
	struct pm_dev *pm_dev;
	struct pt_regs *regs;
	int state;
	int sync;
	int abs[ABS_MAX + 1];
	int rep[REP_MAX + 1];
	unsigned long key[NBITS(KEY_MAX)];
	unsigned long led[NBITS(LED_MAX)];
	unsigned long snd[NBITS(SND_MAX)];
	int absmax[ABS_MAX + 1];
	int absmin[ABS_MAX + 1];
	int absfuzz[ABS_MAX + 1];
	int absflat[ABS_MAX + 1];
	int (*open)(struct input_dev *dev);
	void (*close)(struct input_dev *dev);
	int (*accept)(struct input_dev *dev, struct file *file);
	int (*flush)(struct input_dev *dev, struct file *file);
	int (*event)(struct input_dev *dev, unsigned int type, unsigned int code, int value);
	int (*upload_effect)(struct input_dev *dev, struct ff_effect *effect);
	int (*erase_effect)(struct input_dev *dev, int effect_id);
	struct input_handle *grab;
	struct device *dev;
	struct list_head h_list;
	struct list_head node;
};

/* struct input_device_id.flags: which of its fields a device must match. */
#define INPUT_DEVICE_ID_MATCH_BUS     0x001
#define INPUT_DEVICE_ID_MATCH_VENDOR  0x002
#define INPUT_DEVICE_ID_MATCH_PRODUCT 0x004
#define INPUT_DEVICE_ID_MATCH_VERSION 0x008
#define INPUT_DEVICE_ID_MATCH_EVBIT   0x010
#define INPUT_DEVICE_ID_MATCH_KEYBIT  0x020
#define INPUT_DEVICE_ID_MATCH_RELBIT  0x040
#define INPUT_DEVICE_ID_MATCH_ABSBIT  0x080
#define INPUT_DEVICE_ID_MATCH_MSCIT   0x100
#define INPUT_DEVICE_ID_MATCH_LEDBIT  0x200
#define INPUT_DEVICE_ID_MATCH_SNDBIT  0x400
#define INPUT_DEVICE_ID_MATCH_FFBIT   0x800
#define INPUT_DEVICE_ID_MATCH_DEVICE \
	(INPUT_DEVICE_ID_MATCH_BUS | INPUT_DEVICE_ID_MATCH_VENDOR | INPUT_DEVICE_ID_MATCH_PRODUCT)
#define INPUT_DEVICE_ID_MATCH_DEVICE_AND_VERSION \
	(INPUT_DEVICE_ID_MATCH_DEVICE | INPUT_DEVICE_ID_MATCH_VERSION)

/* The devices a handler takes: ids and capability bits. */
struct input_device_id {
	unsigned long flags;
	struct input_id id;
	unsigned long evbit[NBITS(EV_MAX)];
	unsigned long keybit[NBITS(KEY_MAX)];
	unsigned long relbit[NBITS(REL_MAX)];
	unsigned long absbit[NBITS(ABS_MAX)];
	unsigned long mscbit[NBITS(MSC_MAX)];
	unsigned long ledbit[NBITS(LED_MAX)];
	unsigned long sndbit[NBITS(SND_MAX)];
	unsigned long ffbit[NBITS(FF_MAX)];
	unsigned long driver_info;
};

/**
 * struct input_handler - an interface to input devices (evdev, mousedev...)
 * @private: the handler's
 * @event: an event of a device it has a handle on
 * @connect: a matching device appeared: make a handle, or NULL
 * @disconnect: the device of a handle goes
 * @fops: the operations of its minors of INPUT_MAJOR
 * @minor: the first of its 32 minors
 * @name: its name
 * @id_table: the devices it takes
 * @blacklist: devices it never takes
 * @h_list: its handles
 * @node: in the core's list of handlers
 */
struct input_handler {
	void *private;
	void (*event)(struct input_handle *handle, unsigned int type, unsigned int code, int value);
	struct input_handle *(*connect)(struct input_handler *handler, struct input_dev *dev,
					struct input_device_id *id);
	void (*disconnect)(struct input_handle *handle);
	struct file_operations *fops;
	int minor;
	char *name;
	struct input_device_id *id_table;
	struct input_device_id *blacklist;
	struct list_head h_list;
	struct list_head node;
};

/**
 * struct input_handle - one handler connected to one device
 * @private: the handler's
 * @open: how many times it is open
 * @name: its name
 * @dev: the device
 * @handler: the handler
 * @d_node: in the device's handles
 * @h_node: in the handler's handles
 */
struct input_handle {
	void *private;
	int open;
	char *name;
	struct input_dev *dev;
	struct input_handler *handler;
	struct list_head d_node;
	struct list_head h_node;
};

#define to_dev(n)      container_of(n, struct input_dev, node)
#define to_handler(n)  container_of(n, struct input_handler, node)
#define to_handle(n)   container_of(n, struct input_handle, d_node)
#define to_handle_h(n) container_of(n, struct input_handle, h_node)

static inline void init_input_dev(struct input_dev *dev)
{
	INIT_LIST_HEAD(&dev->h_list);
	INIT_LIST_HEAD(&dev->node);
}

void input_register_device(struct input_dev *dev);
void input_unregister_device(struct input_dev *dev);
void input_register_handler(struct input_handler *handler);
void input_unregister_handler(struct input_handler *handler);
int input_grab_device(struct input_handle *handle);
void input_release_device(struct input_handle *handle);
int input_open_device(struct input_handle *handle);
void input_close_device(struct input_handle *handle);
int input_accept_process(struct input_handle *handle, struct file *file);
int input_flush_device(struct input_handle *handle, struct file *file);
void input_event(struct input_dev *dev, unsigned int type, unsigned int code, int value);

static inline void input_report_key(struct input_dev *dev, unsigned int code, int value)
{
	input_event(dev, EV_KEY, code, !!value);
}

static inline void input_report_rel(struct input_dev *dev, unsigned int code, int value)
{
	input_event(dev, EV_REL, code, value);
}

static inline void input_report_abs(struct input_dev *dev, unsigned int code, int value)
{
	input_event(dev, EV_ABS, code, value);
}

static inline void input_report_ff(struct input_dev *dev, unsigned int code, int value)
{
	input_event(dev, EV_FF, code, value);
}

static inline void input_report_ff_status(struct input_dev *dev, unsigned int code, int value)
{
	input_event(dev, EV_FF_STATUS, code, value);
}

static inline void input_regs(struct input_dev *dev, struct pt_regs *regs)
{
	dev->regs = regs;
}

/* The end of a packet of events. */
static inline void input_sync(struct input_dev *dev)
{
	input_event(dev, EV_SYN, SYN_REPORT, 0);
	dev->regs = NULL;
}

static inline void input_set_abs_params(struct input_dev *dev, int axis, int min, int max, int fuzz,
					int flat)
{
	dev->absmin[axis] = min;
	dev->absmax[axis] = max;
	dev->absfuzz[axis] = fuzz;
	dev->absflat[axis] = flat;
	dev->absbit[LONG(axis)] |= BIT(axis);
}

extern struct class_simple *input_class;

#endif /* _LDM_INPUT_H */
