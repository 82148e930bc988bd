// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-k269-ipmi.c - ldm's <linux/ipmi.h> against the ABI of 2.6.9's: the
 * 2.6.9-style module tests/drivers/k269ipmi/ prints the /dev/ipmi ioctl
 * numbers and structure sizes it was compiled with, and this test
 * computes each number itself from the ioctl encoding of Linux
 * (direction << 30 | size << 16 | type << 8 | nr) and the structures'
 * sizes on the host's word size, worked out by hand from 2.6.9's field
 * lists, never from ldm's header.
 */
#include "../modules/modtest.h"

/* The directions of _IOR and _IOWR, and the type of the IPMI ioctls. */
#define DIR_READ	   2u
#define DIR_READ_WRITE	   3u
#define IOC(dir, nr, size) ((dir) << 30 | (unsigned int)(size) << 16 | 'i' << 8 | (nr))

/*
 * The sizes 2.6.9's structures have, from their fields:
 *   ipmi_msg: 2 chars, a short, a pointer (aligned): 8 on ILP32, 16 on LP64
 *   ipmi_req: pointer, unsigned int, long, ipmi_msg: 20 / 40
 *   ipmi_req_settime: ipmi_req, int, unsigned int: 28 / 48
 *   ipmi_recv: int, pointer, unsigned int, long, ipmi_msg: 24 / 48
 *   ipmi_cmdspec: 2 chars: 2; ipmi_timing_parms: int, unsigned int: 8
 */
struct ipmi_abi {
	unsigned int msg, req, req_settime, recv;
};

static const struct ipmi_abi abi_ilp32 = { 8, 20, 28, 24 };
static const struct ipmi_abi abi_lp64 = { 16, 40, 48, 48 };

static void expect_ioctl(const char *name, unsigned int value)
{
	char line[128];

	snprintf(line, sizeof(line), "k269_ipmi: %s %#x\n", name, value);
	if (!ldm_test_log_has(line))
		FAIL("the log lacks \"%.*s\"", (int)strlen(line) - 1, line);
}

DEFINE_TEST(test_k269_ipmi_ioctl_numbers_match_the_abi,
	    .description = "a 2.6.9-style module built against <linux/ipmi.h> sees the /dev/ipmi "
			   "ioctl numbers and structure sizes of 2.6.9's header for the host's "
			   "word size (IPMICTL_SEND_COMMAND 0x8028690d on x86_64)")
{
	const struct ipmi_abi *abi = sizeof(long) == 8 ? &abi_lp64 : &abi_ilp32;
	char line[256];

	ASSERT_OK(ko_load("k269_ipmi", NULL));
	expect_ioctl("IPMICTL_RECEIVE_MSG_TRUNC", IOC(DIR_READ_WRITE, 11, abi->recv));
	expect_ioctl("IPMICTL_RECEIVE_MSG", IOC(DIR_READ_WRITE, 12, abi->recv));
	expect_ioctl("IPMICTL_SEND_COMMAND", IOC(DIR_READ, 13, abi->req));
	expect_ioctl("IPMICTL_REGISTER_FOR_CMD", IOC(DIR_READ, 14, 2));
	expect_ioctl("IPMICTL_UNREGISTER_FOR_CMD", IOC(DIR_READ, 15, 2));
	expect_ioctl("IPMICTL_SET_GETS_EVENTS_CMD", IOC(DIR_READ, 16, 4));
	expect_ioctl("IPMICTL_SET_MY_ADDRESS_CMD", IOC(DIR_READ, 17, 4));
	expect_ioctl("IPMICTL_GET_MY_ADDRESS_CMD", IOC(DIR_READ, 18, 4));
	expect_ioctl("IPMICTL_SET_MY_LUN_CMD", IOC(DIR_READ, 19, 4));
	expect_ioctl("IPMICTL_GET_MY_LUN_CMD", IOC(DIR_READ, 20, 4));
	expect_ioctl("IPMICTL_SEND_COMMAND_SETTIME", IOC(DIR_READ, 21, abi->req_settime));
	expect_ioctl("IPMICTL_SET_TIMING_PARMS_CMD", IOC(DIR_READ, 22, 8));
	expect_ioctl("IPMICTL_GET_TIMING_PARMS_CMD", IOC(DIR_READ, 23, 8));
	if (sizeof(long) == 8)
		ASSERT(ldm_test_log_has("k269_ipmi: IPMICTL_SEND_COMMAND 0x8028690d\n"));
	snprintf(line, sizeof(line),
		 "k269_ipmi: sizes msg=%u req=%u req_settime=%u recv=%u cmdspec=2 timing=8 "
		 "addr=40 si_addr=8 ipmb_addr=8 lan_addr=12\n",
		 abi->msg, abi->req, abi->req_settime, abi->recv);
	ASSERT(ldm_test_log_has(line));
	ASSERT(ldm_test_log_has(
		"k269_ipmi: numbers max_msg=272 bmc=0x20 si_type=0xc ipmb_type=0x1 "
		"lan_type=0x4 bmc_channel=0xf app=0x6 get_device_id=0x1 timeout_cc=0xc3\n"));
	ASSERT(ldm_test_log_has("k269_ipmi: freed recv=1 smi=1 watcher=ours\n"));
	ASSERT_OK(ldm_delete_module("k269_ipmi", 0));
	ASSERT(ldm_test_log_has("k269_ipmi: unloaded"));
}
