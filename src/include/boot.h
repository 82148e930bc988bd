/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * boot.h - the boot and shutdown hooks of each layer, which only
 * init/main.c calls, in this order up and in reverse down.
 */
#ifndef _LDM_BOOT_H
#define _LDM_BOOT_H

/* kernel/printk.c, kernel/log_buf.c */
void printk_init(void);
void printk_exit(void);
void log_buf_init(void);

/* kernel/cpu.c */
void cpu_identify(void);

/*
 * kernel/module/exports.c: the runtime's own export tables, under the
 * export policy of LDM_EXPORT_POLICY; /kernel/export_policy, once /kernel
 * is up (removed with it)
 */
int ldm_export_init(void);
void ldm_export_exit(void);
int ldm_export_sysfs_init(void);

/* kernel/timer.c: the timer thread; stopping leaves timers pending, exit reports them */
int init_timers(void);
void timers_stop(void);
void timers_exit(void);

/* kernel/workqueue.c: the "events" work queue */
int init_workqueues(void);
void workqueues_exit(void);

/* fs/sysfs/mount.c */
int sysfs_init(void);
void sysfs_exit(void);

/* lib/kobject_uevent.c */
int kobject_uevent_init(const char *helper);
void kobject_uevent_exit(void);

/* lib/kobject.c: one line per kobject never released */
unsigned int kobject_report_live(void);

/* kernel/ksysfs.c: /kernel */
int ksysfs_init(void);
void ksysfs_exit(void);

/* kernel/params.c: /module */
int param_sysfs_init(void);
void param_sysfs_exit(void);

/* base/init.c: the driver core */
int driver_init(void);
void driver_exit(void);

/* base/firmware_class.c: module references lent by the loader; pending loads
 * aborted before the modules go */
struct module;
void firmware_set_module_ops(int (*get)(struct module *mod), void (*put)(struct module *mod));
void firmware_class_shutdown(void);

/* kernel/power/main.c: /power */
int pm_init(void);
void pm_exit(void);

/* fs/proc/generic.c, proc_misc.c: /proc and the runtime's files in it */
int proc_root_init(void);
void proc_root_exit(void);
int proc_misc_init(void);
void proc_misc_exit(void);

/* fs/char_dev.c: the majors a program left registered go */
void chrdev_exit(void);

/* drivers/char/misc.c: the class "misc" */
int misc_init(void);
void misc_exit(void);

/* drivers/char/tty_ldisc.c: the line disciplines, /proc/tty */
int tty_ldisc_init(void);
void tty_ldisc_exit(void);

/* of/board.c: the loaded board's devices go */
void of_board_exit(void);

/* base/platform_host.c: the devices the host added go */
void platform_host_exit(void);

/* kernel/sys.c: the reboot notifiers at ldm_exit, unless ldm_reboot() ran them */
void reboot_notify_exit(void);

/* kernel/module/main.c: every module unloaded, users first */
void ldm_modules_unload_all(void);

/* kernel/module/kmod.c: the host's request_module() hook goes, calls drained */
void request_module_exit(void);

/* kernel/module/sysfs.c: the driver core's hook to /module/<name> */
void module_sysfs_init(void);
void module_sysfs_exit(void);

/*
 * The hardware: kernel/softirq.c's tasklet thread; at exit, kernel/iospace.c
 * forgets the models' claims and its log, mm/ioremap.c unmaps what drivers
 * left mapped, kernel/irq/manage.c reports and drops handlers left behind;
 * fs/proc/hardware.c: /proc/ioports, iomem, interrupts
 */
int softirq_init(void);
void softirq_exit(void);
void iospace_exit(void);
void ioremap_exit(void);
void irq_exit_all(void);
int proc_hardware_init(void);
void proc_hardware_exit(void);

/* drivers/pci/pci-driver.c, drivers/pnp/driver.c: the "pci" and "pnp" buses */
int pci_driver_init(void);
void pci_driver_exit(void);
struct pci_dev;
void pci_set_proc_ops(int (*attach)(struct pci_dev *dev), void (*detach)(struct pci_dev *dev));
/* drivers/pci/proc.c (layer 5): /proc/bus/pci, lent to the bus above */
int pci_proc_init(void);
void pci_proc_exit(void);
/* drivers/pci/host.c: the PIIX4 SMBus controller's model, lent from above */
struct device_node;
void pci_set_smbus_ops(void *(*create)(struct device_node *np, const unsigned char *cfg,
				       unsigned int irq),
		       void (*destroy)(void *smbus));
/* drivers/pci/piix4-smbus.c (layer 5): that model, on drivers/i2c's bus */
void piix4_smbus_init(void);
void piix4_smbus_exit(void);
int pnp_init(void);
void pnp_exit(void);

/* kernel/scx200.c: the driver of the NatSemi SCx200 bridge's GPIO block */
int scx200_init(void);
void scx200_exit(void);

/* drivers/usb/core/usb.c: the "usb" bus */
int usb_init(void);
void usb_exit(void);

/* kernel/sysctl.c: /proc/sys */
int sysctl_init(void);
void sysctl_exit(void);

#endif /* _LDM_BOOT_H */
