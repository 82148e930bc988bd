// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * firmware_class.c - request_firmware() (drivers/base/firmware_class.c of
 * 2.6.9, with the search path of later kernels in front of it).
 *
 * A request first looks for the file in each directory of the search path
 * (LDM_FIRMWARE_PATH at ldm_init(), or /module/firmware_class/parameters/path
 * at run time; colon-separated), then in /lib/firmware. Failing that, it falls
 * back to 2.6.9's protocol: a class device /class/firmware/<bus_id> with a
 * "loading" file and a binary "data" file, announced by a hotplug event with
 * FIRMWARE=<name>; userspace writes 1 to loading, the image to data, 0 to
 * loading (or -1 to give up). The request fails with -ENOENT if that does not
 * happen within /class/firmware/timeout seconds (10 by default; 0 waits
 * forever).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <ldm/export.h>
#include <ldm/firmware.h>
#include <ldm/slab.h>

#include "base.h"
#include "boot.h"
#include "kernel_read_file.h"
#include "params.h"

#define FW_SYSTEM_DIR "/lib/firmware"
#define FW_PATH_MAX   1024
#define FW_SIZE_MAX   (256UL << 20) /* a bigger file is refused, not read */

enum fw_status {
	FW_STATUS_LOADING = 1 << 0,
	FW_STATUS_DONE = 1 << 1,
	FW_STATUS_ABORT = 1 << 2,
	FW_STATUS_READY = 1 << 3,
	FW_STATUS_COMPLETE = 1 << 4,
};

struct firmware_priv {
	char fw_id[FIRMWARE_NAME_MAX];
	struct class_device class_dev;
	struct bin_attribute attr_data;
	struct firmware *fw;
	unsigned int status;
	size_t alloc_size;
	struct list_head pending; /* on pending_loads while waited for */
};

#define to_fw_priv(cd) container_of(cd, struct firmware_priv, class_dev)

/* fw_lock guards every firmware_priv, the lists and the settings below. */
static pthread_mutex_t fw_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t fw_cond = PTHREAD_COND_INITIALIZER;
static LIST_HEAD(pending_loads);
static unsigned int nowait_running;
static bool shutting_down;
static int loading_timeout = 10; /* seconds */
static char fw_path[FW_PATH_MAX];

/* Finish a load, successfully or not; under fw_lock. */
static void fw_load_complete(struct firmware_priv *fw_priv, bool abort)
{
	if (abort)
		fw_priv->status |= FW_STATUS_ABORT;
	fw_priv->status |= FW_STATUS_COMPLETE;
	pthread_cond_broadcast(&fw_cond);
}

static ssize_t timeout_show(struct class *class, char *buf)
{
	int t;

	(void)class;
	pthread_mutex_lock(&fw_lock);
	t = loading_timeout;
	pthread_mutex_unlock(&fw_lock);
	return sprintf(buf, "%d\n", t);
}

static ssize_t timeout_store(struct class *class, const char *buf, size_t count)
{
	char *end;
	long t = strtol(buf, &end, 10);

	(void)class;
	if (end == buf || (*end && *end != '\n') || t < 0 || t > 3600 * 24)
		return -EINVAL;
	pthread_mutex_lock(&fw_lock);
	loading_timeout = (int)t;
	pthread_mutex_unlock(&fw_lock);
	return (ssize_t)count;
}

static struct class_attribute class_attr_timeout =
	__ATTR(timeout, 0644, timeout_show, timeout_store);

static int firmware_class_hotplug(struct class_device *class_dev, char **envp, int num_envp,
				  char *buffer, int buffer_size)
{
	struct firmware_priv *fw_priv = to_fw_priv(class_dev);

	/* No event until the files exist: request_firmware raises "add". */
	if (!(fw_priv->status & FW_STATUS_READY))
		return -ENODEV;
	if (num_envp < 2 || buffer_size < FIRMWARE_NAME_MAX + 10)
		return -ENOMEM;
	envp[0] = buffer;
	sprintf(buffer, "FIRMWARE=%s", fw_priv->fw_id);
	envp[1] = NULL;
	return 0;
}

static void fw_class_dev_release(struct class_device *class_dev)
{
	kfree(to_fw_priv(class_dev));
}

static struct class firmware_class = {
	.name = "firmware",
	.hotplug = firmware_class_hotplug,
	.release = fw_class_dev_release,
};

static ssize_t loading_show(struct class_device *class_dev, char *buf)
{
	struct firmware_priv *fw_priv = to_fw_priv(class_dev);
	int loading;

	pthread_mutex_lock(&fw_lock);
	loading = !!(fw_priv->status & FW_STATUS_LOADING);
	pthread_mutex_unlock(&fw_lock);
	return sprintf(buf, "%d\n", loading);
}

static ssize_t loading_store(struct class_device *class_dev, const char *buf, size_t count)
{
	struct firmware_priv *fw_priv = to_fw_priv(class_dev);
	long loading = strtol(buf, NULL, 10);

	pthread_mutex_lock(&fw_lock);
	if (fw_priv->status & FW_STATUS_DONE) {
		pthread_mutex_unlock(&fw_lock);
		return -ENODEV;
	}
	switch (loading) {
	case 1:
		kfree(fw_priv->fw->data);
		fw_priv->fw->data = NULL;
		fw_priv->fw->size = 0;
		fw_priv->alloc_size = 0;
		fw_priv->status |= FW_STATUS_LOADING;
		break;
	case 0:
		if (fw_priv->status & FW_STATUS_LOADING) {
			fw_priv->status &= ~FW_STATUS_LOADING;
			fw_load_complete(fw_priv, false);
			break;
		}
		/* fall through */
	default:
		printk(KERN_ERR "firmware %s: unexpected value (%ld) written to loading\n",
		       fw_priv->fw_id, loading);
		/* fall through */
	case -1:
		fw_load_complete(fw_priv, true);
		break;
	}
	pthread_mutex_unlock(&fw_lock);
	return (ssize_t)count;
}

static struct class_device_attribute class_device_attr_loading =
	__ATTR(loading, 0644, loading_show, loading_store);

static ssize_t firmware_data_read(struct kobject *kobj, char *buffer, loff_t offset, size_t count)
{
	struct firmware_priv *fw_priv = to_fw_priv(container_of(kobj, struct class_device, kobj));
	ssize_t ret = (ssize_t)count;
	struct firmware *fw;

	pthread_mutex_lock(&fw_lock);
	fw = fw_priv->fw;
	if (fw_priv->status & FW_STATUS_DONE) {
		ret = -ENODEV;
	} else if ((size_t)offset >= fw->size) {
		ret = 0;
	} else {
		if ((size_t)offset + count > fw->size)
			ret = (ssize_t)(fw->size - (size_t)offset);
		memcpy(buffer, fw->data + offset, (size_t)ret);
	}
	pthread_mutex_unlock(&fw_lock);
	return ret;
}

/* Make room for @min_size bytes of image; under fw_lock. */
static int fw_realloc_buffer(struct firmware_priv *fw_priv, size_t min_size)
{
	size_t new_size;
	u8 *new_data;

	if (min_size <= fw_priv->alloc_size)
		return 0;
	if (min_size > FW_SIZE_MAX)
		return -EFBIG;
	new_size = fw_priv->alloc_size ? fw_priv->alloc_size : PAGE_SIZE;
	while (new_size < min_size)
		new_size *= 2;
	new_data = krealloc(fw_priv->fw->data, new_size, GFP_KERNEL);
	if (!new_data) {
		/* Keep no incomplete image. */
		fw_load_complete(fw_priv, true);
		return -ENOMEM;
	}
	memset(new_data + fw_priv->alloc_size, 0, new_size - fw_priv->alloc_size);
	fw_priv->fw->data = new_data;
	fw_priv->alloc_size = new_size;
	return 0;
}

static ssize_t firmware_data_write(struct kobject *kobj, char *buffer, loff_t offset, size_t count)
{
	struct firmware_priv *fw_priv = to_fw_priv(container_of(kobj, struct class_device, kobj));
	struct firmware *fw;
	ssize_t retval;

	pthread_mutex_lock(&fw_lock);
	fw = fw_priv->fw;
	if ((fw_priv->status & FW_STATUS_DONE) || !(fw_priv->status & FW_STATUS_LOADING)) {
		retval = -ENODEV;
		goto out;
	}
	retval = fw_realloc_buffer(fw_priv, (size_t)offset + count);
	if (retval)
		goto out;
	memcpy(fw->data + offset, buffer, count);
	fw->size = max_t(size_t, (size_t)offset + count, fw->size);
	retval = (ssize_t)count;
out:
	pthread_mutex_unlock(&fw_lock);
	return retval;
}

static const struct bin_attribute firmware_attr_data_tmpl = {
	.attr = { .name = "data", .mode = 0644 },
	.size = 0,
	.read = firmware_data_read,
	.write = firmware_data_write,
};

/* Whether @name may be looked up under a directory: relative, no "..". */
static bool fw_name_valid(const char *name)
{
	const char *p = name;

	if (!*name || *name == '/' || strlen(name) >= FW_PATH_MAX)
		return false;
	while (p) {
		if (!strncmp(p, "..", 2) && (p[2] == '/' || !p[2]))
			return false;
		p = strchr(p, '/');
		if (p)
			p++;
	}
	return true;
}

/* Read @dir/@name into @fw; -ENOENT when there is no such regular file. */
static int fw_read_file(struct firmware *fw, const char *dir, const char *name)
{
	char path[FW_PATH_MAX * 2];
	void *data;
	ssize_t size;

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path))
		return -ENAMETOOLONG;
	size = kernel_read_file_from_path(path, &data, FW_SIZE_MAX);
	if (size == -EFBIG)
		printk(KERN_WARNING "firmware %s: %s is larger than %lu bytes\n", name, path,
		       FW_SIZE_MAX);
	/* A file that cannot be opened, or is no regular file, is not there. */
	if (size == -EFBIG || size == -ENOMEM || size == -EIO)
		return (int)size;
	if (size < 0)
		return -ENOENT;
	fw->data = data;
	fw->size = (size_t)size;
	return 0;
}

/* Look for the image along the search path; 0, -ENOENT, or a hard error. */
static int fw_load_from_path(struct firmware *fw, const char *name)
{
	char dirs[FW_PATH_MAX], *dir, *save = NULL;
	int error;

	pthread_mutex_lock(&fw_lock);
	memcpy(dirs, fw_path, sizeof(dirs));
	pthread_mutex_unlock(&fw_lock);
	for (dir = strtok_r(dirs, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
		error = fw_read_file(fw, dir, name);
		if (error != -ENOENT)
			return error;
	}
	return fw_read_file(fw, FW_SYSTEM_DIR, name);
}

/* Create /class/firmware/<bus_id> with its files; the caller raises "add". */
static int fw_setup_class_device(struct firmware *fw, struct firmware_priv **ret, const char *name,
				 struct device *device)
{
	struct firmware_priv *fw_priv;
	int error;

	fw_priv = kzalloc(sizeof(*fw_priv), GFP_KERNEL);
	if (!fw_priv)
		return -ENOMEM;
	snprintf(fw_priv->fw_id, FIRMWARE_NAME_MAX, "%s", name);
	fw_priv->attr_data = firmware_attr_data_tmpl;
	fw_priv->fw = fw;
	INIT_LIST_HEAD(&fw_priv->pending);
	snprintf(fw_priv->class_dev.class_id, BUS_ID_SIZE, "%s", device->bus_id);
	fw_priv->class_dev.dev = device;
	fw_priv->class_dev.class = &firmware_class;
	class_set_devdata(&fw_priv->class_dev, fw_priv);

	error = class_device_register(&fw_priv->class_dev);
	if (error) {
		class_device_put(&fw_priv->class_dev); /* frees fw_priv */
		return error;
	}
	error = sysfs_create_bin_file(&fw_priv->class_dev.kobj, &fw_priv->attr_data);
	if (error)
		goto err_unregister;
	error = class_device_create_file(&fw_priv->class_dev, &class_device_attr_loading);
	if (error)
		goto err_unregister;
	pthread_mutex_lock(&fw_lock);
	fw_priv->status |= FW_STATUS_READY;
	pthread_mutex_unlock(&fw_lock);
	*ret = fw_priv;
	return 0;

err_unregister:
	class_device_unregister(&fw_priv->class_dev);
	return error;
}

/* Wait for userspace to complete the load, or for the timeout; under fw_lock. */
static void fw_wait_locked(struct firmware_priv *fw_priv)
{
	struct timespec deadline;

	clock_gettime(CLOCK_REALTIME, &deadline);
	deadline.tv_sec += loading_timeout;
	while (!(fw_priv->status & FW_STATUS_COMPLETE)) {
		if (shutting_down) {
			fw_load_complete(fw_priv, true);
			break;
		}
		if (!loading_timeout) {
			pthread_cond_wait(&fw_cond, &fw_lock);
		} else if (pthread_cond_timedwait(&fw_cond, &fw_lock, &deadline) == ETIMEDOUT &&
			   !(fw_priv->status & FW_STATUS_COMPLETE)) {
			printk(KERN_WARNING "firmware %s: loading timed out after %d s\n",
			       fw_priv->fw_id, loading_timeout);
			fw_load_complete(fw_priv, true);
		}
	}
}

/* The 2.6.9 fallback: ask userspace through /class/firmware/<bus_id>. */
static int fw_load_from_user(struct firmware *fw, const char *name, struct device *device)
{
	struct firmware_priv *fw_priv;
	int error;

	error = fw_setup_class_device(fw, &fw_priv, name, device);
	if (error)
		return error;
	pthread_mutex_lock(&fw_lock);
	list_add_tail(&fw_priv->pending, &pending_loads);
	pthread_mutex_unlock(&fw_lock);

	kobject_hotplug("add", &fw_priv->class_dev.kobj);

	pthread_mutex_lock(&fw_lock);
	fw_wait_locked(fw_priv);
	fw_priv->status |= FW_STATUS_DONE;
	list_del_init(&fw_priv->pending);
	pthread_cond_broadcast(&fw_cond); /* firmware_class_exit() may wait */
	if (!fw->size || (fw_priv->status & FW_STATUS_ABORT))
		error = -ENOENT;
	fw_priv->fw = NULL;
	pthread_mutex_unlock(&fw_lock);

	class_device_unregister(&fw_priv->class_dev);
	return error;
}

/**
 * request_firmware - load a firmware image for a device
 * @firmware_p: set to the image, to be given back with release_firmware()
 * @name: the image's file name, relative, without ".." (e.g. "foo/bar.bin")
 * @device: the device it is for; names the fallback directory
 *
 * Return: 0; -EINVAL for a bad argument or name; -ENOENT if neither the
 * search path nor userspace provided it in time; -EFBIG for an image over
 * 256 MiB; -ENOMEM. On error *@firmware_p is NULL.
 */
int request_firmware(const struct firmware **firmware_p, const char *name, struct device *device)
{
	struct firmware *fw;
	int error;

	if (!firmware_p)
		return -EINVAL;
	*firmware_p = NULL;
	if (!name || !fw_name_valid(name))
		return -EINVAL;
	fw = kzalloc(sizeof(*fw), GFP_KERNEL);
	if (!fw)
		return -ENOMEM;
	error = fw_load_from_path(fw, name);
	if (error == -ENOENT && device)
		error = fw_load_from_user(fw, name, device);
	if (error) {
		release_firmware(fw);
		return error;
	}
	*firmware_p = fw;
	return 0;
}
EXPORT_SYMBOL(request_firmware);

/**
 * release_firmware - give back an image from request_firmware()
 * @fw: the image, or NULL
 */
void release_firmware(const struct firmware *fw)
{
	if (fw) {
		kfree(fw->data);
		kfree(fw);
	}
}
EXPORT_SYMBOL(release_firmware);

/**
 * register_firmware - a no-op, as in 2.6.9 (which had no firmware cache)
 * @name: unused
 * @data: unused
 * @size: unused
 */
void register_firmware(const char *name, const u8 *data, size_t size)
{
	(void)name;
	(void)data;
	(void)size;
}
EXPORT_SYMBOL(register_firmware);

/*
 * Module references, which the loader (a layer above) lends at boot: a
 * request_firmware_nowait() pins its caller's module until the callback
 * has run, as 2.6.9 does. Without them, every module is taken as pinned.
 */
static int (*fw_module_get)(struct module *mod);
static void (*fw_module_put)(struct module *mod);

/**
 * firmware_set_module_ops - lend the firmware class the module references
 * @get: try_module_get()
 * @put: module_put()
 */
void firmware_set_module_ops(int (*get)(struct module *mod), void (*put)(struct module *mod))
{
	fw_module_get = get;
	fw_module_put = put;
}

struct firmware_work {
	struct module *module;
	char name[FW_PATH_MAX];
	struct device *device;
	void *context;
	void (*cont)(const struct firmware *fw, void *context);
};

static void *request_firmware_work_func(void *arg)
{
	struct firmware_work *fw_work = arg;
	const struct firmware *fw;

	request_firmware(&fw, fw_work->name, fw_work->device);
	fw_work->cont(fw, fw_work->context);
	release_firmware(fw);
	if (fw_module_put)
		fw_module_put(fw_work->module);
	put_device(fw_work->device);
	kfree(fw_work);
	pthread_mutex_lock(&fw_lock);
	nowait_running--;
	pthread_cond_broadcast(&fw_cond);
	pthread_mutex_unlock(&fw_lock);
	return NULL;
}

/**
 * request_firmware_nowait - request_firmware() in a thread of its own
 * @module: the module asking (THIS_MODULE): it is held until @cont has run
 * @name: the image's name (copied)
 * @device: the device it is for (a reference is held meanwhile)
 * @context: passed to @cont
 * @cont: called with the image, or NULL on failure; the image is released
 *        when @cont returns
 *
 * Return: 0; -EFAULT if @module is going away (2.6.9's error); -EINVAL;
 * or -ENOMEM / -EAGAIN if the request could not be started.
 */
int request_firmware_nowait(struct module *module, const char *name, struct device *device,
			    void *context, void (*cont)(const struct firmware *fw, void *context))
{
	struct firmware_work *fw_work;
	pthread_attr_t attr;
	pthread_t thread;
	int error;

	if (!name || !cont || strlen(name) >= FW_PATH_MAX)
		return -EINVAL;
	fw_work = kzalloc(sizeof(*fw_work), GFP_KERNEL);
	if (!fw_work)
		return -ENOMEM;
	if (fw_module_get && !fw_module_get(module)) {
		kfree(fw_work);
		return -EFAULT;
	}
	fw_work->module = module;
	strcpy(fw_work->name, name);
	fw_work->device = get_device(device);
	fw_work->context = context;
	fw_work->cont = cont;

	pthread_mutex_lock(&fw_lock);
	nowait_running++;
	pthread_mutex_unlock(&fw_lock);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	error = pthread_create(&thread, &attr, request_firmware_work_func, fw_work);
	pthread_attr_destroy(&attr);
	if (error) {
		pthread_mutex_lock(&fw_lock);
		nowait_running--;
		pthread_mutex_unlock(&fw_lock);
		if (fw_module_put)
			fw_module_put(module);
		put_device(fw_work->device);
		kfree(fw_work);
		return -EAGAIN;
	}
	return 0;
}
EXPORT_SYMBOL(request_firmware_nowait);

static ssize_t path_show(char *buf)
{
	int len;

	pthread_mutex_lock(&fw_lock);
	len = snprintf(buf, PAGE_SIZE, "%s\n", fw_path);
	pthread_mutex_unlock(&fw_lock);
	return len;
}

static ssize_t path_store(const char *buf, size_t count)
{
	size_t len = count;

	if (len && buf[len - 1] == '\n')
		len--;
	if (len >= FW_PATH_MAX)
		return -ENAMETOOLONG;
	pthread_mutex_lock(&fw_lock);
	memcpy(fw_path, buf, len);
	fw_path[len] = '\0';
	pthread_mutex_unlock(&fw_lock);
	return (ssize_t)count;
}

static struct ldm_param_attribute path_param = __ATTR(path, 0644, path_show, path_store);

static struct attribute *firmware_class_params[] = {
	&path_param.attr,
	NULL,
};

static struct attribute_group firmware_class_param_group = {
	.name = "parameters",
	.attrs = firmware_class_params,
};

static struct kobject firmware_class_module;

/**
 * firmware_class_init - /class/firmware and its timeout, and the search path
 * @path: the search path from the environment, or NULL
 */
int firmware_class_init(const char *path)
{
	int error;

	if (path && path_store(path, strlen(path)) < 0)
		printk(KERN_WARNING "firmware: ignoring a search path of %zu bytes\n",
		       strlen(path));
	shutting_down = false;
	loading_timeout = 10;
	error = class_register(&firmware_class);
	if (error)
		return error;
	error = class_create_file(&firmware_class, &class_attr_timeout);
	if (error)
		goto err_class;
	memset(&firmware_class_module, 0, sizeof(firmware_class_module));
	error = ldm_builtin_params_add(&firmware_class_module, "firmware_class",
				       &firmware_class_param_group);
	if (error)
		goto err_file;
	return 0;

err_file:
	class_remove_file(&firmware_class, &class_attr_timeout);
err_class:
	class_unregister(&firmware_class);
	return error;
}

/**
 * firmware_class_shutdown - abort every load userspace is still being asked
 * for and wait for the threads of request_firmware_nowait(), whose
 * callbacks run (with NULL) before the modules they live in are unloaded;
 * later requests fail at once
 */
void firmware_class_shutdown(void)
{
	pthread_mutex_lock(&fw_lock);
	shutting_down = true;
	pthread_cond_broadcast(&fw_cond);
	while (nowait_running || !list_empty(&pending_loads))
		pthread_cond_wait(&fw_cond, &fw_lock);
	pthread_mutex_unlock(&fw_lock);
}

/* Shut the loads down, then take the class down. */
void firmware_class_exit(void)
{
	firmware_class_shutdown();
	pthread_mutex_lock(&fw_lock);
	fw_path[0] = '\0';
	pthread_mutex_unlock(&fw_lock);
	ldm_builtin_params_remove(&firmware_class_module, &firmware_class_param_group);
	class_remove_file(&firmware_class, &class_attr_timeout);
	class_unregister(&firmware_class);
}
