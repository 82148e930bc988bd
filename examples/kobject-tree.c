// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kobject-tree.c - build a small tree of kobjects, the way a 2.6.9
 * subsystem would, and print it as `ls` would show it under /sys.
 *
 *   /demo                      a subsystem, with a subsystem attribute
 *   /demo/gadgets              a kset whose hotplug_ops name the events
 *   /demo/gadgets/gadget<N>    kobjects with default attributes, a named
 *                              attribute group, a binary attribute
 *   /demo/gadgets/gadget1/peer a symlink to gadget0
 *
 * It is the program `make demo` runs, and a test runs it too.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

struct gadget {
	struct kobject kobj;
	int value;
	unsigned char eeprom[16];
};

#define to_gadget(k) container_of(k, struct gadget, kobj)

struct gadget_attribute {
	struct attribute attr;
	ssize_t (*show)(struct gadget *g, char *buf);
	ssize_t (*store)(struct gadget *g, const char *buf, size_t count);
};

#define to_gadget_attr(a) container_of(a, struct gadget_attribute, attr)

static ssize_t gadget_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct gadget_attribute *ga = to_gadget_attr(attr);

	return ga->show ? ga->show(to_gadget(kobj), buf) : -EIO;
}

static ssize_t gadget_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
				 size_t count)
{
	struct gadget_attribute *ga = to_gadget_attr(attr);

	return ga->store ? ga->store(to_gadget(kobj), buf, count) : -EIO;
}

static struct sysfs_ops gadget_sysfs_ops = {
	.show = gadget_attr_show,
	.store = gadget_attr_store,
};

static ssize_t value_show(struct gadget *g, char *buf)
{
	return sprintf(buf, "%d\n", g->value);
}

static ssize_t value_store(struct gadget *g, const char *buf, size_t count)
{
	char *end;
	long v = strtol(buf, &end, 0);

	if (end == buf || (*end && *end != '\n'))
		return -EINVAL;
	g->value = (int)v;
	return (ssize_t)count;
}

static ssize_t label_show(struct gadget *g, char *buf)
{
	return sprintf(buf, "gadget with value %d\n", g->value);
}

static ssize_t reads_show(struct gadget *g, char *buf)
{
	(void)g;
	return sprintf(buf, "0\n");
}

static struct gadget_attribute value_attr = __ATTR(value, 0644, value_show, value_store);
static struct gadget_attribute label_attr = __ATTR_RO(label);
static struct gadget_attribute reads_attr = __ATTR_RO(reads);

static struct attribute *gadget_default_attrs[] = {
	&value_attr.attr,
	&label_attr.attr,
	NULL,
};

static struct attribute *stats_attrs[] = {
	&reads_attr.attr,
	NULL,
};

static struct attribute_group stats_group = {
	.name = "stats",
	.attrs = stats_attrs,
};

static ssize_t eeprom_read(struct kobject *kobj, char *buf, loff_t off, size_t count)
{
	memcpy(buf, to_gadget(kobj)->eeprom + off, count);
	return (ssize_t)count;
}

static struct bin_attribute eeprom_attr = {
	.attr = { .name = "eeprom", .mode = 0400 },
	.size = 16,
	.read = eeprom_read,
};

static void gadget_release(struct kobject *kobj)
{
	free(to_gadget(kobj));
}

static struct kobj_type gadget_ktype = {
	.release = gadget_release,
	.sysfs_ops = &gadget_sysfs_ops,
	.default_attrs = gadget_default_attrs,
};

static char *gadgets_hotplug_name(struct kset *kset, struct kobject *kobj)
{
	(void)kset;
	(void)kobj;
	return "gadget";
}

static int gadgets_hotplug(struct kset *kset, struct kobject *kobj, char **envp, int num_envp,
			   char *buffer, int buffer_size)
{
	(void)kset;
	if (num_envp < 2)
		return -ENOMEM;
	envp[0] = buffer;
	if (snprintf(buffer, (size_t)buffer_size, "GADGET_VALUE=%d", to_gadget(kobj)->value) >=
	    buffer_size)
		return -ENOMEM;
	envp[1] = NULL;
	return 0;
}

static struct kset_hotplug_ops gadgets_hotplug_ops = {
	.name = gadgets_hotplug_name,
	.hotplug = gadgets_hotplug,
};

static decl_subsys(demo, NULL, NULL);

static struct kset gadgets = {
	.kobj = { .name = "gadgets" },
	.subsys = &demo_subsys,
	.ktype = &gadget_ktype,
	.hotplug_ops = &gadgets_hotplug_ops,
};

static ssize_t version_show(struct subsystem *s, char *buf)
{
	(void)s;
	return sprintf(buf, "2.6.9\n");
}

static struct subsys_attribute version_attr = __ATTR_RO(version);

static struct gadget *gadget_create(int id)
{
	struct gadget *g = calloc(1, sizeof(*g));
	int i;

	if (!g)
		return NULL;
	g->value = id * 10;
	for (i = 0; i < 16; i++)
		g->eeprom[i] = (unsigned char)(0xa0 + i);
	kobject_set_name(&g->kobj, "gadget%d", id);
	g->kobj.kset = &gadgets;
	if (kobject_register(&g->kobj)) {
		kobject_put(&g->kobj);
		return NULL;
	}
	return g;
}

static void print_event(const struct ldm_uevent *ev, void *data)
{
	int i;

	(void)data;
	printf("uevent %s@%s:", ev->action, ev->devpath);
	for (i = 2; ev->envp[i]; i++) /* ACTION and DEVPATH are in the header */
		printf(" %s", ev->envp[i]);
	printf("\n");
}

static void print_mode(mode_t mode)
{
	static const char rwx[] = "rwxrwxrwx";
	char s[11];
	int i;

	s[0] = S_ISDIR(mode) ? 'd' : S_ISLNK(mode) ? 'l' : '-';
	for (i = 0; i < 9; i++)
		s[i + 1] = (mode & (0400 >> i)) ? rwx[i] : '-';
	s[10] = '\0';
	printf("%s", s);
}

static void walk(const char *path);

static int print_entry(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
{
	const char *dir = ctx;
	char path[512], buf[PAGE_SIZE + 1];
	struct ldm_sysfs_node *sd;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	print_mode(st->mode);
	printf("  /sys%s", path);
	switch (st->type) {
	case LDM_SYSFS_LINK:
		if (!ldm_sysfs_lookup(path, 0, &sd)) {
			if (ldm_sysfs_readlink(sd, buf, sizeof(buf)) > 0)
				printf(" -> %s", buf);
			ldm_sysfs_put(sd);
		}
		printf("\n");
		break;
	case LDM_SYSFS_ATTR:
		n = ldm_sysfs_read_path(path, buf, sizeof(buf));
		if (n >= 0)
			printf(" = %s%s", buf, n && buf[n - 1] == '\n' ? "" : "\n");
		else
			printf(" (%s)\n", strerror((int)-n));
		break;
	case LDM_SYSFS_BIN:
		printf(" (binary, %lld bytes)\n", (long long)st->size);
		break;
	case LDM_SYSFS_DIR:
		printf("\n");
		walk(path);
		break;
	}
	return 0;
}

static void walk(const char *path)
{
	struct ldm_sysfs_node *dir;

	if (ldm_sysfs_lookup(path, 0, &dir))
		return;
	ldm_sysfs_readdir(dir, print_entry, (void *)path);
	ldm_sysfs_put(dir);
}

int main(void)
{
	struct gadget *g0, *g1;
	int error;

	error = ldm_init();
	if (error) {
		fprintf(stderr, "kobject-tree: ldm_init: %s\n", strerror(-error));
		return 1;
	}
	ldm_uevent_listen(print_event, NULL);
	printf("== building the tree\n");
	error = subsystem_register(&demo_subsys);
	if (!error)
		error = subsys_create_file(&demo_subsys, &version_attr);
	if (!error)
		error = kset_register(&gadgets);
	g0 = error ? NULL : gadget_create(0);
	g1 = g0 ? gadget_create(1) : NULL;
	if (!g1 || sysfs_create_group(&g0->kobj, &stats_group) ||
	    sysfs_create_bin_file(&g0->kobj, &eeprom_attr) ||
	    sysfs_create_link(&g1->kobj, &g0->kobj, "peer")) {
		fprintf(stderr, "kobject-tree: cannot build the tree\n");
		return 1;
	}

	printf("\n== the tree under /sys/demo, as ls -l would show it\n");
	walk("/demo");

	printf("\n== echo 42 > /sys/demo/gadgets/gadget0/value\n");
	ldm_sysfs_write_path("/demo/gadgets/gadget0/value", "42\n", 3);
	walk("/demo/gadgets/gadget0");

	printf("\n== tearing down\n");
	sysfs_remove_link(&g1->kobj, "peer");
	sysfs_remove_bin_file(&g0->kobj, &eeprom_attr);
	sysfs_remove_group(&g0->kobj, &stats_group);
	kobject_unregister(&g1->kobj);
	kobject_unregister(&g0->kobj);
	kset_unregister(&gadgets);
	subsys_remove_file(&demo_subsys, &version_attr);
	subsystem_unregister(&demo_subsys);
	ldm_exit();
	return 0;
}
