// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * requests.c - what each request of the control socket does (the table in
 * docs/control.md). Each runs in its client's thread with no lock of
 * control.c held, and returns 0 or -errno, with the cause in @why when
 * strerror() would not say enough.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <libldm/libldm.h>

#include <ldmd/control.h>
#include "ldmd.h"

#define DEVICE_RESOURCES_MAX 16

struct request_type {
	const char *name;
	int (*run)(struct ldmd_request *req, char *why, size_t size);
	int min_args, max_args; /* fields after the name */
	bool changes;		/* needs root or ldmd's user */
};

/* Send the log lines from sequence number @since on. */
static void reply_log_since(struct ldmd_request *req, unsigned long long since)
{
	char *log = ldm_dmesg(since, NULL);

	ldmd_reply(req, CONTROL_REPLY_LOG, log);
	free(log);
}

static unsigned long long log_mark(void)
{
	unsigned long long next = 0;

	free(ldm_dmesg(~0ULL, &next));
	return next;
}

/* insmod ARGS [PATH]: the module comes as the passed descriptor or PATH. */
static int req_insmod(struct ldmd_request *req, char *why, size_t size)
{
	unsigned long long mark = log_mark();
	const char *args = *req->argv[1] ? req->argv[1] : NULL;
	int fd = req->fd, error;
	struct stat st;

	if (fd < 0 && req->argc < 3) {
		snprintf(why, size, "insmod needs the module: a passed file descriptor or a path");
		return -EBADF;
	}
	if (fd < 0) {
		/* Never blocking on a FIFO: the runtime refuses what is not a file. */
		fd = open(req->argv[2], O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
		if (fd < 0) {
			snprintf(why, size, "%s: %s", req->argv[2], strerror(errno));
			return -errno;
		}
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		snprintf(why, size, "the module is not a regular file");
		error = -EINVAL;
	} else {
		error = ldm_finit_module(
			fd, args, ldm_module_compressed(fd) ? LDM_MODULE_INIT_COMPRESSED_FILE : 0);
	}
	if (fd != req->fd)
		close(fd);
	reply_log_since(req, mark);
	return error;
}

/* rmmod NAME [force] */
static int req_rmmod(struct ldmd_request *req, char *why, size_t size)
{
	unsigned long long mark = log_mark();
	unsigned int flags = O_NONBLOCK;
	int error;

	if (req->argc == 3) {
		if (strcmp(req->argv[2], "force")) {
			snprintf(why, size, "rmmod takes a name and, optionally, 'force'");
			return -EINVAL;
		}
		flags |= O_TRUNC;
	}
	error = ldm_delete_module(req->argv[1], flags);
	reply_log_since(req, mark);
	return error;
}

/* Output a string the runtime made (NULL: out of memory). */
static int reply_owned(struct ldmd_request *req, char *text)
{
	int error;

	if (!text)
		return -ENOMEM;
	error = ldmd_reply(req, CONTROL_REPLY_OUTPUT, text);
	free(text);
	return error;
}

static int req_lsmod(struct ldmd_request *req, char *why, size_t size)
{
	(void)why;
	(void)size;
	return reply_owned(req, ldm_proc_modules());
}

static int req_tree(struct ldmd_request *req, char *why, size_t size)
{
	(void)why;
	(void)size;
	return reply_owned(req, ldm_device_tree());
}

/* dmesg [SINCE] */
static int req_dmesg(struct ldmd_request *req, char *why, size_t size)
{
	unsigned long long since = 0;
	char *end;

	if (req->argc == 2) {
		errno = 0;
		since = strtoull(req->argv[1], &end, 10);
		if (errno || end == req->argv[1] || *end) {
			snprintf(why, size, "dmesg: '%s' is not a sequence number", req->argv[1]);
			return -EINVAL;
		}
	}
	return reply_owned(req, ldm_dmesg(since, NULL));
}

static int req_version(struct ldmd_request *req, char *why, size_t size)
{
	(void)why;
	(void)size;
	return ldmd_reply(req, CONTROL_REPLY_OUTPUT, "ldmd " LDM_VERSION "\n");
}

/**
 * ldmd_parse_ulong - a request's field as a number
 * @s: the field: all of it a number of strtoull()'s bases, no sign
 * @ret: the number
 *
 * Return: whether @s is such a number that fits an unsigned long.
 */
bool ldmd_parse_ulong(const char *s, unsigned long *ret)
{
	unsigned long long v;
	char *end;

	if (!*s || *s == '-')
		return false;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || *end || v > ULONG_MAX)
		return false;
	*ret = (unsigned long)v;
	return true;
}

/*
 * One resource: "mem=START-END", "mem=START+SIZE", "io=..." or "irq=N"
 * (START, END, SIZE, N in C notation: 0x1000, 4096).
 */
static int parse_resource(const char *spec, struct ldm_resource *res, char *why, size_t size)
{
	char buf[128], *sep, *val;
	unsigned long start, second;
	bool plus;

	snprintf(buf, sizeof(buf), "%s", spec);
	val = strchr(buf, '=');
	if (!val)
		goto bad;
	*val++ = '\0';
	memset(res, 0, sizeof(*res));
	if (!strcmp(buf, "irq")) {
		if (!ldmd_parse_ulong(val, &start))
			goto bad;
		res->start = res->end = start;
		res->type = LDM_RESOURCE_IRQ;
		return 0;
	}
	if (strcmp(buf, "mem") && strcmp(buf, "io"))
		goto bad;
	res->type = buf[0] == 'm' ? LDM_RESOURCE_MEM : LDM_RESOURCE_IO;
	sep = strpbrk(val, "-+");
	if (!sep)
		goto bad;
	plus = *sep == '+';
	*sep = '\0';
	if (!ldmd_parse_ulong(val, &start) || !ldmd_parse_ulong(sep + 1, &second))
		goto bad;
	if (plus && (!second || second - 1 > ULONG_MAX - start))
		goto bad;
	res->start = start;
	res->end = plus ? start + second - 1 : second;
	if (res->end < res->start)
		goto bad;
	return 0;
bad:
	snprintf(why, size,
		 "'%s' is not a resource: mem=START-END, mem=START+SIZE, "
		 "io=START-END or irq=N",
		 spec);
	return -EINVAL;
}

/* Whether @name has a PCI function's shape, "DDDD:BB:DD.F" (pci_name()'s). */
static bool is_pci_name(const char *name)
{
	return strlen(name) == 12 && name[4] == ':' && name[7] == ':' && name[10] == '.';
}

/* device-add 0000:BB:DD.F -1: the board's PCI function into its slot. */
static int device_add_pci(struct ldmd_request *req, char *why, size_t size)
{
	const char *name = req->argv[1];
	int error;

	if (strcmp(req->argv[2], "-1") || req->argc > 3) {
		snprintf(why, size, "%s is a PCI function: it takes no id or resources", name);
		return -EINVAL;
	}
	error = ldm_pci_function_add(name);
	if (error == -EINVAL)
		snprintf(why, size,
			 "'%s' is not a PCI function (0000:BB:DD.F), or its node is wrong", name);
	else if (error == -ENODEV)
		snprintf(why, size, "the board has no PCI function %s", name);
	else if (error == -EEXIST)
		snprintf(why, size, "PCI function %s is in its slot already", name);
	else if (error)
		snprintf(why, size, "cannot add %s: %s", name, strerror(-error));
	if (error)
		return error;
	ldmd_reply(req, CONTROL_REPLY_OUTPUT, name);
	return ldmd_reply(req, CONTROL_REPLY_OUTPUT, "\n");
}

/* device-add NAME ID [RESOURCE...]: ID -1 for a device with no number. */
static int req_device_add(struct ldmd_request *req, char *why, size_t size)
{
	struct ldm_resource res[DEVICE_RESOURCES_MAX];
	char bus_id[64];
	unsigned int n = 0;
	long long id;
	char *end;
	int i, error;

	if (is_pci_name(req->argv[1]))
		return device_add_pci(req, why, size);
	errno = 0;
	id = strtoll(req->argv[2], &end, 0);
	if (errno || end == req->argv[2] || *end || id < -1 || id > INT32_MAX) {
		snprintf(why, size, "'%s' is not a device id (a number, or -1 for none)",
			 req->argv[2]);
		return -EINVAL;
	}
	if (req->argc - 3 > DEVICE_RESOURCES_MAX) {
		snprintf(why, size, "more than %d resources", DEVICE_RESOURCES_MAX);
		return -E2BIG;
	}
	for (i = 3; i < req->argc; i++) {
		error = parse_resource(req->argv[i], &res[n++], why, size);
		if (error)
			return error;
	}
	error = ldm_platform_device_add(req->argv[1], (int)id, res, n, bus_id, sizeof(bus_id));
	if (error == -EINVAL)
		snprintf(why, size,
			 "'%.64s' is not a device name: no '/', space or control "
			 "character",
			 req->argv[1]);
	else if (error == -ENAMETOOLONG)
		snprintf(why, size, "'%.64s' with its id does not fit a bus_id", req->argv[1]);
	else if (error)
		snprintf(why, size, "cannot add %.64s: %s", req->argv[1], strerror(-error));
	if (error)
		return error;
	ldmd_reply(req, CONTROL_REPLY_OUTPUT, bus_id);
	return ldmd_reply(req, CONTROL_REPLY_OUTPUT, "\n");
}

/* device-remove BUS_ID: only what device-add added. */
static int req_device_remove(struct ldmd_request *req, char *why, size_t size)
{
	int error = ldm_platform_device_remove(req->argv[1]);

	if (error == -ENODEV && is_pci_name(req->argv[1])) {
		error = ldm_pci_function_remove(req->argv[1]);
		if (error == -ENODEV)
			snprintf(why, size, "no PCI function %s is in its slot", req->argv[1]);
		return error;
	}
	if (error == -ENODEV)
		snprintf(why, size, "no device '%.64s' was added with device add", req->argv[1]);
	return error;
}

/* suspend [STATE]: "mem" unless named. */
static int req_suspend(struct ldmd_request *req, char *why, size_t size)
{
	const char *state = req->argc == 2 ? req->argv[1] : "mem";
	unsigned long long mark = log_mark();
	int error = ldm_pm_suspend(state);

	if (error == -EINVAL)
		snprintf(why, size, "'%s' is not a state: standby, mem or disk", state);
	else if (error == -EBUSY)
		snprintf(why, size, "the devices are already suspended, or a cycle is under way");
	reply_log_since(req, mark);
	return error;
}

static int req_resume(struct ldmd_request *req, char *why, size_t size)
{
	unsigned long long mark = log_mark();
	int error = ldm_pm_resume();

	if (error == -EINVAL)
		snprintf(why, size, "the devices are not suspended");
	reply_log_since(req, mark);
	return error;
}

static int req_shutdown(struct ldmd_request *req, char *why, size_t size)
{
	(void)why;
	(void)size;
	/* The main thread takes it with sigwait() and stops in order. */
	return ldmd_stop_for("ldm shutdown by uid %u (pid %d)", (unsigned int)req->uid,
			     (int)req->pid);
}

/* A whole number of strtoull's bases, all of @s, at most @max. */
static bool parse_number(const char *s, unsigned long long max, unsigned long long *ret)
{
	char *end;

	if (!*s || *s == '-')
		return false;
	errno = 0;
	*ret = strtoull(s, &end, 0);
	return !errno && !*end && *ret <= max;
}

/* The protocol's numbers are the FUSE layer's, which serves them. */
_Static_assert(LDMD_IOC_FILE_ID == LDM_FUSE_IOC_FILE_ID, "control.h and ldm-fuse.h agree");
_Static_assert(LDMD_IOC_FASYNC == LDM_FUSE_IOC_FASYNC, "control.h and ldm-fuse.h agree");
_Static_assert(LDMD_IOC_SETOWN == LDM_FUSE_IOC_SETOWN, "control.h and ldm-fuse.h agree");
_Static_assert(LDMD_IOC_SETSIG == LDM_FUSE_IOC_SETSIG, "control.h and ldm-fuse.h agree");
_Static_assert(LDMD_IOC_GETFL == LDM_FUSE_IOC_GETFL, "control.h and ldm-fuse.h agree");

/* ioctl ID CMD ARG: a driver's ioctl, for the client, on a node it holds open. */
static int req_ioctl(struct ldmd_request *req, char *why, size_t size)
{
	unsigned long long id, cmd, arg;
	char out[32];
	long ret;
	int error;

	if (!parse_number(req->argv[1], ~0ULL, &id) ||
	    !parse_number(req->argv[2], 0xffffffffULL, &cmd) ||
	    !parse_number(req->argv[3], ~0UL, &arg)) {
		snprintf(why, size, "ioctl takes a file id, a command and an argument, as numbers");
		return -EINVAL;
	}
	error = ldm_fuse_dev_ioctl(id, req->pid, (unsigned int)cmd, (unsigned long)arg, &ret);
	if (error) {
		snprintf(why, size, "no node of DIR/dev open with that id for pid %d",
			 (int)req->pid);
		return error;
	}
	if (ret < 0)
		return (int)ret;
	snprintf(out, sizeof(out), "%ld\n", ret);
	return ldmd_reply(req, CONTROL_REPLY_OUTPUT, out);
}

/* The drivers' reboot notifiers hear SYS_RESTART; then ldmd stops as on SIGTERM. */
static int req_reboot(struct ldmd_request *req, char *why, size_t size)
{
	int error = ldm_reboot(LDM_REBOOT_RESTART);

	if (error && error != -EALREADY) {
		snprintf(why, size, "cannot tell the drivers of the restart");
		return error;
	}
	return ldmd_stop_for("ldm reboot by uid %u (pid %d)", (unsigned int)req->uid,
			     (int)req->pid);
}

/* The resolver of ldmd --modules; set before the control socket opens. */
static struct ldmd_modprobe *default_modprobe;

void ldmd_requests_set_modprobe(struct ldmd_modprobe *mp)
{
	default_modprobe = mp;
}

/* Each "insmod PATH" or "rmmod NAME" of a modprobe, as output. */
static void modprobe_told(const char *line, void *data)
{
	ldmd_reply(data, CONTROL_REPLY_OUTPUT, line);
	ldmd_reply(data, CONTROL_REPLY_OUTPUT, "\n");
}

/* The resolver of @dir ("" for ldmd's own); *@own if made for the request. */
static int modprobe_of(const char *dir, struct ldmd_modprobe **mp, bool *own, char *why,
		       size_t size)
{
	int error;

	*own = false;
	*mp = default_modprobe;
	if (!*dir) {
		if (!*mp) {
			snprintf(why, size,
				 "ldmd has no modules directory: start it with "
				 "--modules DIR, or name one");
			return -ENOENT;
		}
		return 0;
	}
	error = ldmd_modprobe_open(dir, mp);
	if (error)
		snprintf(why, size, "%s: not a modules directory", dir);
	*own = !error;
	return error;
}

/* modprobe NAME ARGS [DIR]: NAME or alias, with what it needs first. */
static int req_modprobe(struct ldmd_request *req, char *why, size_t size)
{
	unsigned long long mark = log_mark();
	struct ldmd_modprobe *mp;
	bool own;
	int error;

	error = modprobe_of(req->argc > 3 ? req->argv[3] : "", &mp, &own, why, size);
	if (error)
		return error;
	error = ldmd_modprobe_load(mp, req->argv[1], *req->argv[2] ? req->argv[2] : NULL,
				   modprobe_told, req, why, size);
	if (own)
		ldmd_modprobe_close(mp);
	reply_log_since(req, mark);
	return error;
}

/* modprobe-remove NAME [DIR]: and what it needed that nothing else uses. */
static int req_modprobe_remove(struct ldmd_request *req, char *why, size_t size)
{
	unsigned long long mark = log_mark();
	struct ldmd_modprobe *mp;
	bool own;
	int error;

	error = modprobe_of(req->argc > 2 ? req->argv[2] : "", &mp, &own, why, size);
	if (error)
		return error;
	error = ldmd_modprobe_remove(mp, req->argv[1], modprobe_told, req, why, size);
	if (own)
		ldmd_modprobe_close(mp);
	reply_log_since(req, mark);
	return error;
}

static const struct request_type request_types[] = {
	{ "version", req_version, 0, 0, false },
	{ "lsmod", req_lsmod, 0, 0, false },
	{ "tree", req_tree, 0, 0, false },
	{ "dmesg", req_dmesg, 0, 1, false },
	{ "insmod", req_insmod, 1, 2, true },
	{ "rmmod", req_rmmod, 1, 2, true },
	{ "modprobe", req_modprobe, 2, 3, true },
	{ "modprobe-remove", req_modprobe_remove, 1, 2, true },
	{ "device-add", req_device_add, 2, CONTROL_FIELDS_MAX, true },
	{ "device-remove", req_device_remove, 1, 1, true },
	{ "suspend", req_suspend, 0, 1, true },
	{ "resume", req_resume, 0, 0, true },
	{ "shutdown", req_shutdown, 0, 0, true },
	{ "ioctl", req_ioctl, 3, 3, false },
	{ "reboot", req_reboot, 0, 0, true },
	{ "hw-list", ldmd_req_hw_list, 0, 0, false },
	{ "hw-dump", ldmd_req_hw_dump, 1, 1, false },
	{ "hw-read", ldmd_req_hw_read, 2, 2, false },
	{ "hw-write", ldmd_req_hw_write, 3, 3, true },
	{ "hw-irq", ldmd_req_hw_irq, 1, 1, true },
	{ "hw-trace", ldmd_req_hw_trace, 0, 1, false },
	{ "hw-fault", ldmd_req_hw_fault, 2, 5, true },
	{ "hw-clock", ldmd_req_hw_clock, 1, 2, true },
};

/**
 * ldmd_request_run - do what a request asks
 * @req: the request, split into fields
 * @why: where to write the cause of a failure
 * @size: its size
 *
 * Return: 0, or -errno: -EINVAL for an unknown request or a wrong number of
 * arguments, -EPERM for a client that may not change the runtime.
 */
int ldmd_request_run(struct ldmd_request *req, char *why, size_t size)
{
	const struct request_type *t;
	size_t i;
	int nargs = req->argc - 1, error;

	for (i = 0; i < sizeof(request_types) / sizeof(request_types[0]); i++) {
		t = &request_types[i];
		if (strcmp(req->argv[0], t->name))
			continue;
		if (nargs < t->min_args || nargs > t->max_args) {
			snprintf(why, size, "%s takes %d to %d arguments, not %d", t->name,
				 t->min_args, t->max_args, nargs);
			return -EINVAL;
		}
		if (t->changes && !req->privileged) {
			ldmd_audit("ldmd: audit: refused '%s' to uid %u (pid %d)\n", t->name,
				   (unsigned int)req->uid, (int)req->pid);
			snprintf(why, size, "%s needs root or the user ldmd runs as", t->name);
			return -EPERM;
		}
		error = t->run(req, why, size);
		/* What it changed in the tree is gone from the kernel's cache too. */
		if (t->changes)
			ldm_fuse_inval_flush();
		return error;
	}
	snprintf(why, size, "unknown request '%.64s'", req->argv[0]);
	return -EINVAL;
}

/**
 * ldmd_requests_exit - undo what requests left: resume suspended devices
 * (the devices device-add added go with the runtime)
 */
void ldmd_requests_exit(void)
{
	ldm_pm_resume();
}
