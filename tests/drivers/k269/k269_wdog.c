// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * k269_wdog.c - a software watchdog written as 2.6.9's softdog.c is: a
 * misc device at WATCHDOG_MINOR whose writes keep a timer from firing,
 * the watchdog ioctls, the magic close, a reboot notifier that stops the
 * timer, and machine_restart() when it fires (unless soft_noboot).
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/config.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/watchdog.h>
#include <linux/reboot.h>
#include <linux/init.h>
#include <linux/notifier.h>
#include <asm/uaccess.h>

#define PFX	     "k269_wdog: "
#define TIMER_MARGIN 60

static int soft_margin = TIMER_MARGIN;
module_param(soft_margin, int, 0);
MODULE_PARM_DESC(soft_margin,
		 "Watchdog soft_margin in seconds. (0<soft_margin<65536, default=" __MODULE_STRING(
			 TIMER_MARGIN) ")");

static int nowayout = 0;
module_param(nowayout, int, 0);
MODULE_PARM_DESC(nowayout, "Watchdog cannot be stopped once started");

static int soft_noboot = 0;
module_param(soft_noboot, int, 0);
MODULE_PARM_DESC(soft_noboot, "Softdog action, set to 1 to ignore reboots, 0 to reboot");

static void watchdog_fire(unsigned long);
static struct timer_list watchdog_ticktock = TIMER_INITIALIZER(watchdog_fire, 0, 0);
static unsigned long timer_alive;
static char expect_close;

static void watchdog_fire(unsigned long data)
{
	if (soft_noboot) {
		printk(KERN_CRIT PFX "Triggered - Reboot ignored.\n");
	} else {
		printk(KERN_CRIT PFX "Initiating system reboot.\n");
		machine_restart(NULL);
		printk(KERN_CRIT PFX "Reboot didn't ?????\n");
	}
}

static int softdog_keepalive(void)
{
	mod_timer(&watchdog_ticktock, jiffies + (soft_margin * HZ));
	return 0;
}

static int softdog_stop(void)
{
	del_timer(&watchdog_ticktock);
	return 0;
}

static int softdog_set_heartbeat(int t)
{
	if ((t < 0x0001) || (t > 0xFFFF))
		return -EINVAL;
	soft_margin = t;
	return 0;
}

static int softdog_open(struct inode *inode, struct file *file)
{
	if (test_and_set_bit(0, &timer_alive))
		return -EBUSY;
	if (nowayout)
		__module_get(THIS_MODULE);
	softdog_keepalive();
	return nonseekable_open(inode, file);
}

static int softdog_release(struct inode *inode, struct file *file)
{
	if (expect_close == 42) {
		softdog_stop();
	} else {
		printk(KERN_CRIT PFX "Unexpected close, not stopping watchdog!\n");
		softdog_keepalive();
	}
	clear_bit(0, &timer_alive);
	expect_close = 0;
	return 0;
}

static ssize_t softdog_write(struct file *file, const char __user *data, size_t len, loff_t *ppos)
{
	size_t i;
	char c = 0;

	if (len) {
		if (!nowayout) {
			expect_close = 0;
			for (i = 0; i != len; i++) {
				if (get_user(c, data + i))
					return -EFAULT;
				if (c == 'V')
					expect_close = 42;
			}
		}
		softdog_keepalive();
	}
	return len;
}

static int softdog_ioctl(struct inode *inode, struct file *file, unsigned int cmd,
			 unsigned long arg)
{
	void __user *argp = (void __user *)arg;
	int __user *p = argp;
	int new_margin;
	static struct watchdog_info ident = {
		.options = WDIOF_SETTIMEOUT | WDIOF_KEEPALIVEPING | WDIOF_MAGICCLOSE,
		.firmware_version = 0,
		.identity = "Software Watchdog",
	};

	switch (cmd) {
	default:
		return -ENOIOCTLCMD;
	case WDIOC_GETSUPPORT:
		return copy_to_user(argp, &ident, sizeof(ident)) ? -EFAULT : 0;
	case WDIOC_GETSTATUS:
	case WDIOC_GETBOOTSTATUS:
		return put_user(0, p);
	case WDIOC_KEEPALIVE:
		softdog_keepalive();
		return 0;
	case WDIOC_SETTIMEOUT:
		if (get_user(new_margin, p))
			return -EFAULT;
		if (softdog_set_heartbeat(new_margin))
			return -EINVAL;
		softdog_keepalive();
		/* Fall through */
	case WDIOC_GETTIMEOUT:
		return put_user(soft_margin, p);
	}
}

static int softdog_notify_sys(struct notifier_block *this, unsigned long code, void *unused)
{
	if (code == SYS_DOWN || code == SYS_HALT || code == SYS_POWER_OFF) {
		printk(KERN_INFO PFX "stopping the timer for the system's stop (%lu)\n", code);
		softdog_stop();
	}
	return NOTIFY_DONE;
}

static struct file_operations softdog_fops = {
	.owner = THIS_MODULE,
	.llseek = no_llseek,
	.write = softdog_write,
	.ioctl = softdog_ioctl,
	.open = softdog_open,
	.release = softdog_release,
};

static struct miscdevice softdog_miscdev = {
	.minor = WATCHDOG_MINOR,
	.name = "watchdog",
	.fops = &softdog_fops,
};

static struct notifier_block softdog_notifier = {
	.notifier_call = softdog_notify_sys,
};

static int __init watchdog_init(void)
{
	int ret;

	if (softdog_set_heartbeat(soft_margin)) {
		softdog_set_heartbeat(TIMER_MARGIN);
		printk(KERN_INFO PFX "soft_margin value must be 0<soft_margin<65536, using %d\n",
		       TIMER_MARGIN);
	}
	ret = register_reboot_notifier(&softdog_notifier);
	if (ret)
		return ret;
	ret = misc_register(&softdog_miscdev);
	if (ret) {
		unregister_reboot_notifier(&softdog_notifier);
		return ret;
	}
	printk(KERN_INFO PFX "soft_margin=%d sec (nowayout=%d)\n", soft_margin, nowayout);
	return 0;
}

static void __exit watchdog_exit(void)
{
	misc_deregister(&softdog_miscdev);
	unregister_reboot_notifier(&softdog_notifier);
}

module_init(watchdog_init);
module_exit(watchdog_exit);

MODULE_AUTHOR("ldm");
MODULE_DESCRIPTION("softdog-style watchdog for ldm's tests");
MODULE_LICENSE("GPL");
MODULE_ALIAS_MISCDEV(WATCHDOG_MINOR);
