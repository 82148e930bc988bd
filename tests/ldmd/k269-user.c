// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * k269-user.c - a user of the 2.6.9-style test drivers, as `ldm exec` runs
 * one, printing one line a step for test-k269-dev.c to compare. It knows
 * nothing of ldm.
 *   k269-user input: drive the injector /dev/ldmin_inject with a value, a
 *	structure and a bare ioctl, find the event node /dev/lev0 the handler
 *	made, ask it for SIGIO (O_ASYNC), poll and read an injected event;
 *   k269-user sbus: on the adapter's node /dev/sbus-0, a written pointer,
 *	a value, and a structure of pointers (as i2c-dev's I2C_RDWR), then a
 *	read at the address set.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/ldmin.h>
#include <linux/sbus.h>

/* One line: the step, then what the call returned, or its errno by name. */
static void show(const char *step, int ret)
{
	if (ret < 0)
		printf("%s: %s\n", step, strerrorname_np(errno));
	else
		printf("%s: %d\n", step, ret);
}

/*
 * Whether /dev/@name is there (@there) within 5 s: the nodes come and go
 * as udev makes them, after the event, so a program waits as it would
 * for udev (udevadm settle).
 */
static bool node_settles(const char *path, bool there)
{
	int i;

	for (i = 0; i < 500; i++) {
		if (!access(path, F_OK) == there)
			return true;
		usleep(10000);
	}
	return false;
}

static volatile sig_atomic_t sigios;

static void on_sigio(int sig)
{
	(void)sig;
	sigios++;
}

/* SIGIOs counted, waiting up to 5 s for @want: a kernel sends each at once. */
static int sigio_count(int want)
{
	int i;

	for (i = 0; i < 500 && sigios < want; i++)
		usleep(10000);
	return sigios;
}

static void use_node(int inj, int lev)
{
	struct ldmin_event ev = { .type = EV_KEY, .code = 30, .value = 1 }, got;
	struct pollfd p = { .fd = lev, .events = POLLIN };
	char name[LDMIN_NAME_SIZE] = "";
	__u16 id = 0;
	int version = 0;

	show("version", ioctl(lev, LDMIOCGVERSION, &version));
	printf("  %#x\n", version);
	show("id", ioctl(lev, LDMIOCGID, &id));
	printf("  %#x\n", id);
	show("name", ioctl(lev, LDMIOCGNAME(sizeof(name)), name));
	printf("  %s\n", name);
	show("empty read", (int)read(lev, &got, sizeof(got)));
	signal(SIGIO, on_sigio);
	show("owner", fcntl(lev, F_SETOWN, getpid()));
	show("async", fcntl(lev, F_SETFL, O_ASYNC | O_NONBLOCK));
	show("inject", (int)write(inj, &ev, sizeof(ev)));
	show("sigio", sigio_count(1));
	show("poll", poll(&p, 1, 5000));
	show("read", (int)read(lev, &got, sizeof(got)));
	printf("  type %u code %u value %d\n", got.type, got.code, got.value);
	/* The reads in between keep O_ASYNC on: the next event signals too. */
	show("inject again", (int)write(inj, &ev, sizeof(ev)));
	show("sigio", sigio_count(2));
	show("read", (int)read(lev, &got, sizeof(got)));
}

static int input(void)
{
	struct ldmin_setup setup = { .name = "k269 keyboard", .id = 0x1234 };
	int inj, lev;

	inj = open("/dev/ldmin_inject", O_RDWR);
	show("open injector", inj < 0 ? -1 : 0);
	if (inj < 0)
		return 1;
	show("evbit", ioctl(inj, LDMIN_SET_EVBIT, EV_KEY));
	show("bad evbit", ioctl(inj, LDMIN_SET_EVBIT, 99));
	show("setup", ioctl(inj, LDMIN_DEV_SETUP, &setup));
	show("create", ioctl(inj, LDMIN_DEV_CREATE));
	node_settles("/dev/lev0", true);
	lev = open("/dev/lev0", O_RDONLY | O_NONBLOCK);
	show("open lev0", lev < 0 ? -1 : 0);
	if (lev >= 0) {
		use_node(inj, lev);
		close(lev);
	}
	show("destroy", ioctl(inj, LDMIN_DEV_DESTROY));
	node_settles("/dev/lev0", false);
	show("lev0 after", access("/dev/lev0", F_OK));
	close(inj);
	return 0;
}

static int sbus(void)
{
	unsigned char offset = 16, data[4] = { 0 }, two[2] = { 0 };
	struct sbus_msg msgs[2] = {
		{ .addr = 0x50, .flags = 0, .len = 1, .buf = &offset },
		{ .addr = 0x50, .flags = SBUS_M_RD, .len = 4, .buf = data },
	};
	struct sbus_rdwr_ioctl_data rdwr = { .msgs = msgs, .nmsgs = 2 };
	unsigned long funcs = 0;
	int fd = open("/dev/sbus-0", O_RDWR);

	show("open sbus-0", fd < 0 ? -1 : 0);
	if (fd < 0)
		return 1;
	show("funcs", ioctl(fd, SBUS_FUNCS, &funcs));
	printf("  %#lx\n", funcs);
	show("bad slave", ioctl(fd, SBUS_SLAVE, 0x80));
	show("slave", ioctl(fd, SBUS_SLAVE, 0x50));
	show("rdwr", ioctl(fd, SBUS_RDWR, &rdwr));
	printf("  %u %u %u %u\n", data[0], data[1], data[2], data[3]);
	show("read", (int)read(fd, two, sizeof(two)));
	printf("  %u %u\n", two[0], two[1]);
	show("unknown", ioctl(fd, 0x0799, 0));
	close(fd);
	return 0;
}

int main(int argc, char *argv[])
{
	if (argc == 2 && !strcmp(argv[1], "input"))
		return input();
	if (argc == 2 && !strcmp(argv[1], "sbus"))
		return sbus();
	fprintf(stderr, "usage: k269-user input|sbus\n");
	return 2;
}
