// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * embed.c - a program that embeds the runtime, built by check-install
 * against the installed headers, library and pkg-config file, shared and
 * static. It prints the number of exports it sees, so that a static link
 * that lost export-table entries shows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

static int counted;

#ifdef OWN_EXPORT
/*
 * A program with export sections of its own: libldm.so must still read its
 * own tables, not bind its section bounds to the program's.
 */
int embed_helper(void);
int embed_helper(void)
{
	return 0;
}
EXPORT_SYMBOL(embed_helper);
#endif

static int count(const struct ldm_export *exp, void *data)
{
	(void)exp;
	(void)data;
	counted++;
	return 0;
}

static void thing_release(struct kobject *kobj)
{
	free(kobj);
}

static struct kobj_type thing_ktype = {
	.release = thing_release,
};

int main(void)
{
	struct kobject *kobj;
	char buf[64];

	if (ldm_init())
		return 1;
	kobj = calloc(1, sizeof(*kobj));
	if (!kobj)
		return 1;
	kobj->ktype = &thing_ktype;
	kobject_set_name(kobj, "thing");
	if (kobject_register(kobj))
		return 1;
	if (ldm_sysfs_read_path("/kernel/uevent_seqnum", buf, sizeof(buf)) < 0)
		return 1;
	ldm_export_for_each(count, NULL);
	printf("exports %d\n", counted);
	kobject_unregister(kobj);
	ldm_exit();
	return 0;
}
