/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <libldm/libldm.h> - every header of the host API: what a program that
 * embeds the runtime, the FUSE layer and the tools use around it. A module
 * uses the kernel API, <ldm/...>, only.
 */
#ifndef _LIBLDM_LIBLDM_H
#define _LIBLDM_LIBLDM_H

#include <libldm/chrdev.h>
#include <libldm/device.h>
#include <libldm/hw.h>
#include <libldm/model.h>
#include <libldm/misc.h>
#include <libldm/modfile.h>
#include <libldm/module.h>
#include <libldm/netlink.h>
#include <libldm/proc.h>
#include <libldm/runtime.h>
#include <libldm/sysfs.h>
#include <libldm/uevent.h>

#endif /* _LIBLDM_LIBLDM_H */
