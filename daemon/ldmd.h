/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ldmd.h - what the files of ldmd share.
 *
 *   main.c       the command line
 *   lifecycle.c  detaching, booting the runtime, loading modules, the
 *                signals that stop it, and stopping in order
 *   control.c    the control socket: clients, requests in, replies out
 *   requests.c   what each request of the control socket does
 *   log.c        the runtime's console: stderr or syslog
 *   uevent.c     the uevent socket: every hotplug event to every listener
 *   listen.c     what the two sockets share: listening, the slots, the
 *                server (an accepting thread, a thread per peer, the stop)
 *   modprobe.c   loading by name or alias with dependencies, through libkmod
 *   autoload.c   --modules: a new device's driver loaded by its MODALIAS
 *   notify.c     READY=1 and STOPPING=1 to systemd ($NOTIFY_SOCKET)
 *   guardian.c   the process that unmounts if ldmd dies without doing it
 *
 * The mounts are the FUSE layer's (src/fuse/ldm-fuse.h).
 */
#ifndef _LDMD_H
#define _LDMD_H

#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/queue.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>
#include <ldmd/control.h>

#include "ldm-fuse.h"

#define LDMD_DEFAULT_ROOT "/run/ldm"

struct ldmd_options {
	char *board;	 /* FILE: a device tree, or NULL */
	char *root;	 /* DIR: the mounts go below it */
	bool foreground; /* stay attached to the terminal */
	char **modules;	 /* MODULE.ko[=ARGS], in command-line order */
	unsigned int nmodules;
	char *modules_dir; /* --modules DIR: autoload and modprobe, or NULL */
};

/* control.c */
struct ldmd_control;
struct control_client;

/* A request of the control socket, split into its fields. */
struct ldmd_request {
	struct control_client *client;
	int argc;
	char *argv[CONTROL_FIELDS_MAX];
	int fd;	   /* passed with SCM_RIGHTS, or -1 */
	uid_t uid; /* of the client (SO_PEERCRED) */
	pid_t pid;
	bool privileged; /* root or ldmd's own user */
	char why[256];	 /* the cause of a failure, for the reply */
};

int ldmd_control_start(const char *root, struct ldmd_control **ret);
void ldmd_control_stop(struct ldmd_control *ctl);
int ldmd_reply(struct ldmd_request *req, char kind, const char *text);

/* hw.c: the requests of `ldm hw` */
int ldmd_req_hw_list(struct ldmd_request *req, char *why, size_t size);
int ldmd_req_hw_dump(struct ldmd_request *req, char *why, size_t size);
int ldmd_req_hw_read(struct ldmd_request *req, char *why, size_t size);
int ldmd_req_hw_write(struct ldmd_request *req, char *why, size_t size);
int ldmd_req_hw_irq(struct ldmd_request *req, char *why, size_t size);
bool ldmd_parse_ulong(const char *s, unsigned long *ret);
int ldmd_req_hw_fault(struct ldmd_request *req, char *why, size_t size);
int ldmd_req_hw_clock(struct ldmd_request *req, char *why, size_t size);
int ldmd_req_hw_trace(struct ldmd_request *req, char *why, size_t size);

/* requests.c */
int ldmd_request_run(struct ldmd_request *req, char *why, size_t size);
void ldmd_requests_exit(void);

/* modprobe.c */
struct ldmd_modprobe;
typedef void (*ldmd_modprobe_fn)(const char *line, void *data);
int ldmd_modprobe_open(const char *dir, struct ldmd_modprobe **ret);
void ldmd_modprobe_close(struct ldmd_modprobe *mp);
const char *ldmd_modprobe_dir(const struct ldmd_modprobe *mp);
int ldmd_modprobe_load(struct ldmd_modprobe *mp, const char *name, const char *args,
		       ldmd_modprobe_fn fn, void *data, char *why, size_t size);
int ldmd_modprobe_remove(struct ldmd_modprobe *mp, const char *name, ldmd_modprobe_fn fn,
			 void *data, char *why, size_t size);
/* requests.c: the resolver of --modules, for the modprobe requests (NULL: none) */
void ldmd_requests_set_modprobe(struct ldmd_modprobe *mp);

/* autoload.c */
struct ldmd_autoload;
int ldmd_autoload_start(struct ldmd_modprobe *mp, struct ldmd_autoload **ret);
void ldmd_autoload_coldplug(struct ldmd_autoload *al);
unsigned int ldmd_autoload_stop(struct ldmd_autoload *al);

/* listen.c */

#define LDMD_LISTEN_BACKLOG 16 /* connections not yet accepted, per socket */

/*
 * The connections a socket takes: @max in all, of which @kept are kept for
 * root and ldmd's own user, and at most @per_user for any other user.
 */
struct ldmd_slots {
	unsigned int max, kept, per_user;
	const char *what; /* "clients of the control socket" */
};

int ldmd_listen(const char *path);
bool ldmd_privileged(uid_t uid);
int ldmd_slot_check(const struct ldmd_slots *slots, uid_t uid, unsigned int taken,
		    unsigned int taken_by_uid, char *why, size_t size);

struct ldmd_server;

/* A connection of a socket server, embedded in the socket's own struct for it. */
struct ldmd_peer {
	TAILQ_ENTRY(ldmd_peer) node; /* on srv->peers, under srv->lock */
	struct ldmd_server *srv;
	int fd;
	struct ucred cred; /* SO_PEERCRED */
};

/**
 * struct ldmd_server_ops - what a socket does with its peers
 * @slots: how many it takes (ldmd_slot_check())
 * @noun: what a peer is called ("client", "listener")
 * @alloc: the struct embedding a new peer on @fd (NULL: no memory); the
 *	server fills in the peer's fields
 * @serve: the peer's thread: returns when the peer is done
 * @refuse: tell a peer that is not taken why: -EAGAIN (the slots are
 *	taken), -ESHUTDOWN (the server stops), -ENOMEM (no thread for it)
 * @release: the peer is off the list and its thread ended (or it was
 *	refused): close its socket, free it
 */
struct ldmd_server_ops {
	const struct ldmd_slots *slots;
	const char *noun;
	struct ldmd_peer *(*alloc)(struct ldmd_server *srv, int fd);
	void (*serve)(struct ldmd_peer *p);
	void (*refuse)(struct ldmd_peer *p, int error, const char *why);
	void (*release)(struct ldmd_peer *p);
};

/* A socket that serves each peer in a thread of its own (listen.c, "the socket server"). */
struct ldmd_server {
	const struct ldmd_server_ops *ops;
	int fd; /* the listening socket */
	char path[PATH_MAX];
	pthread_t acceptor;
	pthread_mutex_t lock;	       /* the peers; the socket's own state may use it too */
	pthread_cond_t ended;	       /* a peer's thread ended */
	TAILQ_HEAD(, ldmd_peer) peers; /* under @lock */
	unsigned int npeers;	       /* under @lock */
	bool stopping;		       /* under @lock */
};

int ldmd_server_start(struct ldmd_server *srv, const char *path, const struct ldmd_server_ops *ops);
void ldmd_server_stop_accepting(struct ldmd_server *srv);
bool ldmd_server_wait(struct ldmd_server *srv, const struct timespec *deadline);
void ldmd_server_close(struct ldmd_server *srv);

/* uevent.c */
struct ldmd_uevent;
/* udev-db.c */
int ldmd_udev_db_make(const char *root);
void ldmd_udev_db_remove(const char *root);

int ldmd_uevent_start(const char *root, struct ldmd_uevent **ret);
void ldmd_uevent_stop(struct ldmd_uevent *srv);

/* log.c */
void ldmd_audit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void ldmd_audit_flush(void);
void ldmd_log_init(void);
void ldmd_log_start(void);
void ldmd_log_detach(void);
void ldmd_log_stop(void);

/* notify.c */
int ldmd_notify_init(void);
void ldmd_notify(const char *state);

/* guardian.c */
#define LDMD_GUARDED_MOUNTS 3 /* DIR/sys, DIR/dev, DIR/proc */

struct ldmd_guardian {
	pid_t pid; /* -1: none */
	int fd;	   /* the pipe's write end, -1: none */
};

int ldmd_guardian_start(struct ldmd_guardian *g, const char *root, bool foreground, int keep_fd);
void ldmd_guardian_hold(struct ldmd_guardian *g, unsigned int index);
void ldmd_guardian_stop(struct ldmd_guardian *g);

/* lifecycle.c */
int ldmd_run(const struct ldmd_options *opts);
int ldmd_stop_for(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* _LDMD_H */
