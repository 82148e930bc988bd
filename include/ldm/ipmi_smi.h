/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/ipmi_smi.h> - how a system interface driver (KCS, SMIC, BT: the
 * ipmi_si module) plugs into the IPMI message handler, as 2.6.9's
 * <linux/ipmi_smi.h>: the messages passed down and up, the driver's
 * methods, and the handler's calls it makes (exported by
 * ipmi_msghandler.c).
 */
#ifndef _LDM_IPMI_SMI_H
#define _LDM_IPMI_SMI_H

#include <ldm/ipmi_msgdefs.h>
#include <ldm/list.h>
#include <ldm/module.h>
#include <ldm/proc_fs.h>

#pragma GCC visibility push(default)

/* An interface registered with the message handler: opaque. */
typedef struct ipmi_smi *ipmi_smi_t;

/**
 * struct ipmi_smi_msg - a message between the handler and an interface
 * @link: free for whoever holds the message
 * @msgid: the handler's number for it
 * @user_data: the handler's, untouched by the interface
 * @data_size: the length of @data
 * @data: the request, starting with netfn/LUN and command
 * @rsp_size: the length of @rsp, set by the interface
 * @rsp: the answer, filled by the interface
 * @done: frees it; call ipmi_free_smi_msg()
 */
struct ipmi_smi_msg {
	struct list_head link;
	long msgid;
	void *user_data;
	int data_size;
	unsigned char data[IPMI_MAX_MSG_LENGTH];
	int rsp_size;
	unsigned char rsp[IPMI_MAX_MSG_LENGTH];
	void (*done)(struct ipmi_smi_msg *msg);
};

/**
 * struct ipmi_smi_handlers - an interface driver's methods
 * @owner: the module they are in
 * @sender: send @msg, first if @priority > 0; it cannot fail: an error
 *	comes back as the answer (ipmi_smi_msg_received()), possibly at once
 * @request_events: fetch the BMC's pending events
 * @set_run_to_completion: when set, finish everything pending and run
 *	each new request to its end before returning (for a panic)
 * @poll: do pending work now, without interrupts; may be NULL
 */
struct ipmi_smi_handlers {
	struct module *owner;
	void (*sender)(void *send_info, struct ipmi_smi_msg *msg, int priority);
	void (*request_events)(void *send_info);
	void (*set_run_to_completion)(void *send_info, int run_to_completion);
	void (*poll)(void *send_info);
};

int ipmi_register_smi(struct ipmi_smi_handlers *handlers, void *send_info,
		      unsigned char version_major, unsigned char version_minor, ipmi_smi_t *intf);
int ipmi_unregister_smi(ipmi_smi_t intf);
void ipmi_smi_msg_received(ipmi_smi_t intf, struct ipmi_smi_msg *msg);
void ipmi_smi_watchdog_pretimeout(ipmi_smi_t intf);
struct ipmi_smi_msg *ipmi_alloc_smi_msg(void);

/**
 * ipmi_free_smi_msg - give back a message
 * @msg: the message, which the caller no longer uses
 */
static inline void ipmi_free_smi_msg(struct ipmi_smi_msg *msg)
{
	msg->done(msg);
}

int ipmi_smi_add_proc_entry(ipmi_smi_t smi, char *name, read_proc_t *read_proc,
			    write_proc_t *write_proc, void *data, struct module *owner);

#pragma GCC visibility pop

#endif /* _LDM_IPMI_SMI_H */
