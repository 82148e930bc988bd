/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/ipmi.h> - the IPMI message handler's interface, as 2.6.9's
 * <linux/ipmi.h>: the addresses and messages of IPMI, the calls a user of
 * an interface (the watchdog, the power-off module, the /dev/ipmi device)
 * makes into the message handler (ipmi_msghandler.c, a module that exports
 * them), and the ioctls of /dev/ipmiN.
 *
 * The ioctl numbers are built with _IOR/_IOWR from the sizes of the
 * structures below, as the kernel builds them, so they are those of a
 * kernel of the host's word size (on x86_64, IPMICTL_SEND_COMMAND is
 * 0x8028690d; on i386, 0x8014690d). The structures' layouts are
 * therefore ABI: fields, order and types as 2.6.9 has them.
 */
#ifndef _LDM_IPMI_H
#define _LDM_IPMI_H

#include <ldm/compiler.h>
#include <ldm/ioctl.h>
#include <ldm/ipmi_msgdefs.h>
#include <ldm/list.h>
#include <ldm/module.h>

#pragma GCC visibility push(default)

/* ---- addresses ----------------------------------------------------------- */

#define IPMI_MAX_ADDR_SIZE 32

/**
 * struct ipmi_addr - any IPMI address, big enough for each kind
 * @addr_type: which kind (IPMI_*_ADDR_TYPE): says how to read the rest
 * @channel: the channel the address is on
 * @data: the rest of the address of that kind
 *
 * Every address kind below starts with the same two fields, so a pointer
 * to any of them may be passed as a struct ipmi_addr.
 */
struct ipmi_addr {
	int addr_type;
	short channel;
	char data[IPMI_MAX_ADDR_SIZE];
};

/* The BMC itself, through the system interface. */
#define IPMI_SYSTEM_INTERFACE_ADDR_TYPE 0x0c

/**
 * struct ipmi_system_interface_addr - the BMC, reached directly
 * @addr_type: IPMI_SYSTEM_INTERFACE_ADDR_TYPE
 * @channel: IPMI_BMC_CHANNEL
 * @lun: the logical unit of the BMC
 */
struct ipmi_system_interface_addr {
	int addr_type;
	short channel;
	unsigned char lun;
};

/* A controller on the IPMB, one of them or all (broadcast). */
#define IPMI_IPMB_ADDR_TYPE	      0x01
#define IPMI_IPMB_BROADCAST_ADDR_TYPE 0x41

/**
 * struct ipmi_ipmb_addr - a controller on an IPMB channel
 * @addr_type: IPMI_IPMB_ADDR_TYPE or IPMI_IPMB_BROADCAST_ADDR_TYPE
 * @channel: the IPMB channel
 * @slave_addr: the controller's slave address
 * @lun: its logical unit
 */
struct ipmi_ipmb_addr {
	int addr_type;
	short channel;
	unsigned char slave_addr;
	unsigned char lun;
};

/* A LAN session. */
#define IPMI_LAN_ADDR_TYPE 0x04

/**
 * struct ipmi_lan_addr - the other end of a LAN session
 * @addr_type: IPMI_LAN_ADDR_TYPE
 * @channel: the LAN channel
 * @privilege: the session's privilege level
 * @session_handle: the session's handle
 * @remote_SWID: the remote software id
 * @local_SWID: the local software id
 * @lun: the logical unit
 */
struct ipmi_lan_addr {
	int addr_type;
	short channel;
	unsigned char privilege;
	unsigned char session_handle;
	unsigned char remote_SWID;
	unsigned char local_SWID;
	unsigned char lun;
};

/* The channel of the BMC itself, and how many channels there are. */
#define IPMI_BMC_CHANNEL  0xf
#define IPMI_NUM_CHANNELS 0x10

/* ---- messages ------------------------------------------------------------ */

/**
 * struct ipmi_msg - a message as a program hands it over (ioctl)
 * @netfn: its network function
 * @cmd: its command
 * @data_len: the length of @data
 * @data: its body, in the program's memory
 */
struct ipmi_msg {
	unsigned char netfn;
	unsigned char cmd;
	unsigned short data_len;
	unsigned char __user *data;
};

/**
 * struct kernel_ipmi_msg - a message inside the kernel
 * @netfn: its network function
 * @cmd: its command
 * @data_len: the length of @data
 * @data: its body, in kernel memory
 */
struct kernel_ipmi_msg {
	unsigned char netfn;
	unsigned char cmd;
	unsigned short data_len;
	unsigned char *data;
};

/* Completion codes the message handler makes up itself. */
#define IPMI_INVALID_CMD_COMPLETION_CODE 0xC1
#define IPMI_TIMEOUT_COMPLETION_CODE	 0xC3
#define IPMI_UNKNOWN_ERR_COMPLETION_CODE 0xff

/*
 * What a received message is: the answer to one sent, an event of the
 * BMC's queue, a command for a user registered for it, or the status of a
 * response the user sent. A command's data does not start with a
 * completion code; the others' do.
 */
#define IPMI_RESPONSE_RECV_TYPE	    1
#define IPMI_ASYNC_EVENT_RECV_TYPE  2
#define IPMI_CMD_RECV_TYPE	    3
#define IPMI_RESPONSE_RESPONSE_TYPE 4

/* ---- the message handler's users ---------------------------------------- */

/* A user of an interface: opaque, made by ipmi_create_user(). */
typedef struct ipmi_user *ipmi_user_t;

/**
 * struct ipmi_recv_msg - a message given to a user
 * @link: free for the user that holds it
 * @recv_type: what it is (IPMI_*_RECV_TYPE)
 * @user: the user it is for
 * @addr: where it came from
 * @msgid: the sender's sequence number, or the one the user sent with
 * @msg: the message; its data points into @msg_data
 * @user_msg_data: what the user gave ipmi_request() for the message this
 *	answers, or NULL
 * @done: frees it; call ipmi_free_recv_msg()
 * @msg_data: the body's storage (its size is not part of the interface)
 */
struct ipmi_recv_msg {
	struct list_head link;
	int recv_type;
	ipmi_user_t user;
	struct ipmi_addr addr;
	long msgid;
	struct kernel_ipmi_msg msg;
	void *user_msg_data;
	void (*done)(struct ipmi_recv_msg *msg);
	unsigned char msg_data[IPMI_MAX_MSG_LENGTH];
};

/**
 * ipmi_free_recv_msg - give back a received message
 * @msg: the message, which the caller no longer uses
 */
static inline void ipmi_free_recv_msg(struct ipmi_recv_msg *msg)
{
	msg->done(msg);
}

/**
 * struct ipmi_user_hndl - what the message handler calls for a user
 * @ipmi_recv_hndl: a message arrived for the user; called with locks of
 *	the handler held, so it may only send (ipmi_request()) and free
 * @ipmi_watchdog_pretimeout: the BMC's watchdog is about to fire; NULL if
 *	the user does not care
 */
struct ipmi_user_hndl {
	void (*ipmi_recv_hndl)(struct ipmi_recv_msg *msg, void *handler_data);
	void (*ipmi_watchdog_pretimeout)(void *handler_data);
};

struct ipmi_recv_msg *ipmi_alloc_recv_msg(void);

int ipmi_create_user(unsigned int if_num, struct ipmi_user_hndl *handler, void *handler_data,
		     ipmi_user_t *user);
int ipmi_destroy_user(ipmi_user_t user);
void ipmi_get_version(ipmi_user_t user, unsigned char *major, unsigned char *minor);

void ipmi_set_my_address(ipmi_user_t user, unsigned char address);
unsigned char ipmi_get_my_address(ipmi_user_t user);
void ipmi_set_my_LUN(ipmi_user_t user, unsigned char LUN);
unsigned char ipmi_get_my_LUN(ipmi_user_t user);

int ipmi_request(ipmi_user_t user, struct ipmi_addr *addr, long msgid, struct kernel_ipmi_msg *msg,
		 void *user_msg_data, int priority);
int ipmi_request_settime(ipmi_user_t user, struct ipmi_addr *addr, long msgid,
			 struct kernel_ipmi_msg *msg, void *user_msg_data, int priority,
			 int max_retries, unsigned int retry_time_ms);
int ipmi_request_with_source(ipmi_user_t user, struct ipmi_addr *addr, long msgid,
			     struct kernel_ipmi_msg *msg, void *user_msg_data, int priority,
			     unsigned char source_address, unsigned char source_lun);
int ipmi_request_supply_msgs(ipmi_user_t user, struct ipmi_addr *addr, long msgid,
			     struct kernel_ipmi_msg *msg, void *user_msg_data, void *supplied_smi,
			     struct ipmi_recv_msg *supplied_recv, int priority);
void ipmi_poll_interface(ipmi_user_t user);

int ipmi_register_for_cmd(ipmi_user_t user, unsigned char netfn, unsigned char cmd);
int ipmi_unregister_for_cmd(ipmi_user_t user, unsigned char netfn, unsigned char cmd);
void ipmi_user_set_run_to_completion(ipmi_user_t user, int val);
int ipmi_set_gets_events(ipmi_user_t user, int val);
int ipmi_register_all_cmd_rcvr(ipmi_user_t user);
int ipmi_unregister_all_cmd_rcvr(ipmi_user_t user);

/**
 * struct ipmi_smi_watcher - told when an interface comes or goes
 * @link: on the handler's list of watchers
 * @owner: the module the callbacks are in (THIS_MODULE)
 * @new_smi: interface @if_num appeared (also called for each one already
 *	there at registration)
 * @smi_gone: interface @if_num went away
 *
 * The callbacks run with the list of watchers held: they may create and
 * destroy users and send messages, not add or remove watchers or
 * interfaces.
 */
struct ipmi_smi_watcher {
	struct list_head link;
	struct module *owner;
	void (*new_smi)(int if_num);
	void (*smi_gone)(int if_num);
};

int ipmi_smi_watcher_register(struct ipmi_smi_watcher *watcher);
int ipmi_smi_watcher_unregister(struct ipmi_smi_watcher *watcher);

unsigned int ipmi_addr_length(int addr_type);
int ipmi_validate_addr(struct ipmi_addr *addr, int len);
int ipmi_addr_equal(struct ipmi_addr *addr1, struct ipmi_addr *addr2);

/* ---- the ioctls of /dev/ipmiN (ipmi_devintf.c) -------------------------- */

#define IPMI_IOC_MAGIC 'i'

/**
 * struct ipmi_req - a message to send
 * @addr: the address to send it to, in the program's memory
 * @addr_len: the length of @addr
 * @msgid: its sequence number, given back with the answer (or, for a
 *	response, the sequence number to answer with)
 * @msg: the message
 */
struct ipmi_req {
	unsigned char __user *addr;
	unsigned int addr_len;
	long msgid;
	struct ipmi_msg msg;
};

/**
 * struct ipmi_req_settime - a message to send, with its own retries
 * @req: the message and where to
 * @retries: how often to retry; -1 for the file's default
 * @retry_time_ms: how long to wait for an answer each time; 0 for the
 *	file's default
 */
struct ipmi_req_settime {
	struct ipmi_req req;
	int retries;
	unsigned int retry_time_ms;
};

/**
 * struct ipmi_recv - a buffer for the next message received
 * @recv_type: what it is (IPMI_*_RECV_TYPE)
 * @addr: where the sender's address is written; the program's memory
 * @addr_len: the size of @addr, then the length written
 * @msgid: the sequence number of the request this answers, or the
 *	command's
 * @msg: the message; the caller gives data and data_len (its size), which
 *	becomes the length received
 */
struct ipmi_recv {
	int recv_type;
	unsigned char __user *addr;
	unsigned int addr_len;
	long msgid;
	struct ipmi_msg msg;
};

/**
 * struct ipmi_cmdspec - a command to receive
 * @netfn: its network function
 * @cmd: the command
 */
struct ipmi_cmdspec {
	unsigned char netfn;
	unsigned char cmd;
};

/**
 * struct ipmi_timing_parms - a file's default retries
 * @retries: how often to retry a message
 * @retry_time_ms: how long to wait for an answer each time
 */
struct ipmi_timing_parms {
	int retries;
	unsigned int retry_time_ms;
};

/*
 * Each one's direction is as 2.6.9 declares it (_IOR even where the kernel
 * reads the argument): the number is the ABI, not the direction's meaning.
 */
#define IPMICTL_RECEIVE_MSG_TRUNC    _IOWR(IPMI_IOC_MAGIC, 11, struct ipmi_recv)
#define IPMICTL_RECEIVE_MSG	     _IOWR(IPMI_IOC_MAGIC, 12, struct ipmi_recv)
#define IPMICTL_SEND_COMMAND	     _IOR(IPMI_IOC_MAGIC, 13, struct ipmi_req)
#define IPMICTL_REGISTER_FOR_CMD     _IOR(IPMI_IOC_MAGIC, 14, struct ipmi_cmdspec)
#define IPMICTL_UNREGISTER_FOR_CMD   _IOR(IPMI_IOC_MAGIC, 15, struct ipmi_cmdspec)
#define IPMICTL_SET_GETS_EVENTS_CMD  _IOR(IPMI_IOC_MAGIC, 16, int)
#define IPMICTL_SET_MY_ADDRESS_CMD   _IOR(IPMI_IOC_MAGIC, 17, unsigned int)
#define IPMICTL_GET_MY_ADDRESS_CMD   _IOR(IPMI_IOC_MAGIC, 18, unsigned int)
#define IPMICTL_SET_MY_LUN_CMD	     _IOR(IPMI_IOC_MAGIC, 19, unsigned int)
#define IPMICTL_GET_MY_LUN_CMD	     _IOR(IPMI_IOC_MAGIC, 20, unsigned int)
#define IPMICTL_SEND_COMMAND_SETTIME _IOR(IPMI_IOC_MAGIC, 21, struct ipmi_req_settime)
#define IPMICTL_SET_TIMING_PARMS_CMD _IOR(IPMI_IOC_MAGIC, 22, struct ipmi_timing_parms)
#define IPMICTL_GET_TIMING_PARMS_CMD _IOR(IPMI_IOC_MAGIC, 23, struct ipmi_timing_parms)

#pragma GCC visibility pop

#endif /* _LDM_IPMI_H */
