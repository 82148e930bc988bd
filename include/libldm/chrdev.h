/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <libldm/chrdev.h> - character devices seen from the host (a FUSE /dev,
 * tools, tests): the device nodes there are, and doing on one, by its
 * device number, what open(2), read(2), write(2), lseek(2), ioctl(2),
 * poll(2), fcntl(2) and close(2) do on a node of 2.6.9 (chrdev_open() and
 * the file's methods).
 *
 * An open file holds a reference on the module of its file_operations, so
 * the module cannot be unloaded while the file is open. A device whose
 * cdev is deleted (cdev_del(), unregister_chrdev(), misc_deregister())
 * while files are open has the release method of each called then, once;
 * every later call on such a file but ldm_chrdev_release() returns
 * -ENODEV and never reaches the driver again. Errors are those a system
 * call returns: a driver's -ERESTARTSYS comes back as -EINTR,
 * -ENOIOCTLCMD as -ENOTTY; a number no driver has gives -ENXIO.
 */
#ifndef _LIBLDM_CHRDEV_H
#define _LIBLDM_CHRDEV_H

#ifdef MODULE
#error "<libldm/...> is the host API; a module uses <ldm/...> only"
#endif

#include <stdbool.h>
#include <sys/types.h>

#pragma GCC visibility push(default)

/*
 * A struct ldm_chrdev_file is one open of a device, usable from several
 * threads at once, as a file descriptor is; no call may be in progress or
 * follow on it once ldm_chrdev_release() is called.
 */
struct ldm_chrdev_file;

int ldm_chrdev_open(dev_t dev, int flags, struct ldm_chrdev_file **ret);
ssize_t ldm_chrdev_read(struct ldm_chrdev_file *file, char *buf, size_t count, loff_t *pos);
ssize_t ldm_chrdev_write(struct ldm_chrdev_file *file, const char *buf, size_t count, loff_t *pos);
loff_t ldm_chrdev_llseek(struct ldm_chrdev_file *file, loff_t offset, int whence);
long ldm_chrdev_ioctl(struct ldm_chrdev_file *file, unsigned int cmd, unsigned long arg);
int ldm_chrdev_poll(struct ldm_chrdev_file *file, unsigned int events, int timeout_ms);
int ldm_chrdev_release(struct ldm_chrdev_file *file);
bool ldm_chrdev_seekable(struct ldm_chrdev_file *file);
int ldm_chrdev_set_flags(struct ldm_chrdev_file *file, int flags);
dev_t ldm_chrdev_devt(struct ldm_chrdev_file *file);

/*
 * Asynchronous notification (O_ASYNC, fcntl(F_SETOWN), the driver's
 * fasync method). ldm_chrdev_set_owner() names the process that receives
 * the file's SIGIO (@sig: another signal, as F_SETSIG; 0 for SIGIO) and
 * the file's descriptor in it; ldm_chrdev_fasync() turns notification on
 * or off (the driver's fasync method is called), as does setting O_ASYNC
 * with ldm_chrdev_set_flags(); ldm_chrdev_fcntl() does each as fcntl(2)
 * (F_SETOWN, F_SETSIG, F_SETFL and their F_GET). The driver's
 * kill_fasync() then sends the signal with pidfd_send_signal(2) (the
 * owner is held by a pidfd: nothing is sent once it has exited, whoever
 * has its pid since; and only where the user that named it could send
 * one), or calls the hook set with ldm_chrdev_sigio_hook().
 */
int ldm_chrdev_set_owner(struct ldm_chrdev_file *file, pid_t pid, int fd, int sig);
long ldm_chrdev_fcntl(struct ldm_chrdev_file *file, int fd, unsigned int cmd, unsigned long arg);
int ldm_chrdev_fasync(struct ldm_chrdev_file *file, int on);
typedef void (*ldm_sigio_fn)(pid_t pid, int sig, int fd, int band, void *data);
void ldm_chrdev_sigio_hook(ldm_sigio_fn fn, void *data);

/*
 * The device nodes, as udev makes them: one per class device that has a
 * "dev" attribute (class_simple, misc, and any class device whose driver
 * made the file), at the path its DEVNAME gives (input/event0; the class
 * device's name, flat, in the 2.6.9 tree), mode S_IFCHR | 0600. @fn is called for each with no lock held; a
 * non-zero return stops the walk and is returned. A class device's "dev"
 * file may come just after its "add" uevent (as in 2.6.9, where udev
 * waited for it): a front end that follows uevents (<libldm/uevent.h>)
 * asks again with ldm_chrdev_node_lookup().
 */
int ldm_chrdev_for_each_node(int (*fn)(const char *name, dev_t dev, mode_t mode, void *data),
			     void *data);
/*
 * One node by name, or by number: O(1), through the index the runtime keeps
 * of them (as Linux's cdev_map), not a walk of /class.
 */
int ldm_chrdev_node_lookup(const char *name, dev_t *dev, mode_t *mode);
int ldm_chrdev_node_by_dev(dev_t dev, char *name, size_t size, mode_t *mode);

/*
 * The majors that are registered, as /proc/devices lists them: @fn is
 * called for each range, in order of major.
 */
int ldm_chrdev_for_each_region(int (*fn)(unsigned int major, unsigned int baseminor,
					 unsigned int count, const char *name, void *data),
			       void *data);

#pragma GCC visibility pop

#endif /* _LIBLDM_CHRDEV_H */
