// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * k269_ipmi.c - a module written as a 2.6.9 user of the IPMI message
 * handler is, against <linux/ipmi.h> and <linux/ipmi_smi.h>, that needs
 * no handler loaded: its init prints the /dev/ipmi ioctl numbers, the
 * sizes of the structures a program passes, a few of the IPMI numbers,
 * and frees a received message and an interface message through their
 * done methods, as the handler's users do, then waits for a grace period
 * with synchronize_kernel(), as ipmi_si does before freeing what its
 * timer may still see. test-k269-ipmi.c reads the
 * lines back ("k269_ipmi: ...") and checks them against the ABI.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/rcupdate.h>
#include <linux/ipmi.h>
#include <linux/ipmi_smi.h>

#define PFX "k269_ipmi: "

static int recv_freed, smi_freed;

static void free_recv(struct ipmi_recv_msg *msg)
{
	recv_freed++;
	kfree(msg);
}

static void free_smi(struct ipmi_smi_msg *msg)
{
	smi_freed++;
	kfree(msg);
}

static void k269_ipmi_recv(struct ipmi_recv_msg *msg, void *data)
{
	ipmi_free_recv_msg(msg);
}

/* What a user hands ipmi_create_user(): never called here. */
static struct ipmi_user_hndl k269_ipmi_hndl = {
	.ipmi_recv_hndl = k269_ipmi_recv,
};

static void k269_ipmi_new_smi(int if_num)
{
}

static void k269_ipmi_smi_gone(int if_num)
{
}

static struct ipmi_smi_watcher k269_ipmi_watcher = {
	.owner = THIS_MODULE,
	.new_smi = k269_ipmi_new_smi,
	.smi_gone = k269_ipmi_smi_gone,
};

#define SHOW(cmd) printk(KERN_INFO PFX #cmd " %#x\n", (unsigned int)(cmd))

static void show_ioctls(void)
{
	SHOW(IPMICTL_RECEIVE_MSG_TRUNC);
	SHOW(IPMICTL_RECEIVE_MSG);
	SHOW(IPMICTL_SEND_COMMAND);
	SHOW(IPMICTL_REGISTER_FOR_CMD);
	SHOW(IPMICTL_UNREGISTER_FOR_CMD);
	SHOW(IPMICTL_SET_GETS_EVENTS_CMD);
	SHOW(IPMICTL_SET_MY_ADDRESS_CMD);
	SHOW(IPMICTL_GET_MY_ADDRESS_CMD);
	SHOW(IPMICTL_SET_MY_LUN_CMD);
	SHOW(IPMICTL_GET_MY_LUN_CMD);
	SHOW(IPMICTL_SEND_COMMAND_SETTIME);
	SHOW(IPMICTL_SET_TIMING_PARMS_CMD);
	SHOW(IPMICTL_GET_TIMING_PARMS_CMD);
}

static void show_layout(void)
{
	printk(KERN_INFO PFX "sizes msg=%u req=%u req_settime=%u recv=%u cmdspec=%u timing=%u "
			     "addr=%u si_addr=%u ipmb_addr=%u lan_addr=%u\n",
	       (unsigned int)sizeof(struct ipmi_msg), (unsigned int)sizeof(struct ipmi_req),
	       (unsigned int)sizeof(struct ipmi_req_settime),
	       (unsigned int)sizeof(struct ipmi_recv), (unsigned int)sizeof(struct ipmi_cmdspec),
	       (unsigned int)sizeof(struct ipmi_timing_parms),
	       (unsigned int)sizeof(struct ipmi_addr),
	       (unsigned int)sizeof(struct ipmi_system_interface_addr),
	       (unsigned int)sizeof(struct ipmi_ipmb_addr),
	       (unsigned int)sizeof(struct ipmi_lan_addr));
	printk(KERN_INFO PFX "numbers max_msg=%d bmc=%#x si_type=%#x ipmb_type=%#x lan_type=%#x "
			     "bmc_channel=%#x app=%#x get_device_id=%#x timeout_cc=%#x\n",
	       IPMI_MAX_MSG_LENGTH, IPMI_BMC_SLAVE_ADDR, IPMI_SYSTEM_INTERFACE_ADDR_TYPE,
	       IPMI_IPMB_ADDR_TYPE, IPMI_LAN_ADDR_TYPE, IPMI_BMC_CHANNEL, IPMI_NETFN_APP_REQUEST,
	       IPMI_GET_DEVICE_ID_CMD, IPMI_TIMEOUT_COMPLETION_CODE);
}

static int free_messages(void)
{
	struct ipmi_recv_msg *recv = kmalloc(sizeof(*recv), GFP_KERNEL);
	struct ipmi_smi_msg *smi = kmalloc(sizeof(*smi), GFP_KERNEL);

	if (!recv || !smi) {
		kfree(recv);
		kfree(smi);
		return -ENOMEM;
	}
	recv->done = free_recv;
	smi->done = free_smi;
	/* As a user gives back what its receive handler got. */
	k269_ipmi_hndl.ipmi_recv_hndl(recv, NULL);
	ipmi_free_smi_msg(smi);
	synchronize_kernel();
	printk(KERN_INFO PFX "freed recv=%d smi=%d watcher=%s\n", recv_freed, smi_freed,
	       k269_ipmi_watcher.owner == THIS_MODULE ? "ours" : "not ours");
	return 0;
}

static int __init k269_ipmi_init(void)
{
	show_ioctls();
	show_layout();
	return free_messages();
}

static void __exit k269_ipmi_exit(void)
{
	printk(KERN_INFO PFX "unloaded\n");
}

module_init(k269_ipmi_init);
module_exit(k269_ipmi_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("2.6.9-style user of the IPMI headers, for the tests");
