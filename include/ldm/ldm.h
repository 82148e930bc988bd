/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/ldm.h> - every header of the kernel API, the one modules compile
 * against. A program that embeds the runtime adds <libldm/libldm.h>.
 * All but <ldm/ctype.h>, whose macros would replace the C library's
 * isdigit() and its kin in a program.
 */
#ifndef _LDM_LDM_H
#define _LDM_LDM_H

#include <ldm/atomic.h>
#include <ldm/bitops.h>
#include <ldm/capability.h>
#include <ldm/cdev.h>
#include <ldm/compiler.h>
#include <ldm/completion.h>
#include <ldm/config.h>
#include <ldm/delay.h>
#include <ldm/devfs_fs_kernel.h>
#include <ldm/device.h>
#include <ldm/err.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/firmware.h>
#include <ldm/fs.h>
#include <ldm/idr.h>
#include <ldm/init.h>
#include <ldm/interrupt.h>
#include <ldm/ioctl.h>
#include <ldm/ioport.h>
#include <ldm/jiffies.h>
#include <ldm/kdev_t.h>
#include <ldm/kernel.h>
#include <ldm/kmod.h>
#include <ldm/kobject.h>
#include <ldm/kref.h>
#include <ldm/list.h>
#include <ldm/major.h>
#include <ldm/miscdevice.h>
#include <ldm/mod_devicetable.h>
#include <ldm/module.h>
#include <ldm/moduleparam.h>
#include <ldm/mutex.h>
#include <ldm/notifier.h>
#include <ldm/of.h>
#include <ldm/of_device.h>
#include <ldm/param.h>
#include <ldm/pm.h>
#include <ldm/poll.h>
#include <ldm/proc_fs.h>
#include <ldm/random.h>
#include <ldm/reboot.h>
#include <ldm/rwsem.h>
#include <ldm/sched.h>
#include <ldm/semaphore.h>
#include <ldm/seq_file.h>
#include <ldm/slab.h>
#include <ldm/smp_lock.h>
#include <ldm/spinlock.h>
#include <ldm/stat.h>
#include <ldm/string.h>
#include <ldm/sysctl.h>
#include <ldm/sysdev.h>
#include <ldm/sysfs.h>
#include <ldm/time.h>
#include <ldm/timer.h>
#include <ldm/typecheck.h>
#include <ldm/types.h>
#include <ldm/uaccess.h>
#include <ldm/wait.h>
#include <ldm/watchdog.h>
#include <ldm/workqueue.h>
/* the hardware, kernel threads and their kin */
#include <ldm/dma-mapping.h>
#include <ldm/io.h>
#include <ldm/kthread.h>
#include <ldm/mc146818rtc.h>
#include <ldm/netlink.h>
#include <ldm/parport.h>
#include <ldm/pci.h>
#include <ldm/pnp.h>
#include <ldm/rcupdate.h>
#include <ldm/scatterlist.h>
#include <ldm/suspend.h>
#include <ldm/timex.h>

#endif /* _LDM_LDM_H */
