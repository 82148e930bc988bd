// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * cpu.c - the boot processor's identity (arch/i386/kernel/cpu/common.c of
 * 2.6.9): boot_cpu_data, read from the host's CPUID at boot. Drivers read
 * it; nothing here depends on it.
 */
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif
#include <ldm/export.h>
#include <ldm/processor.h>

#include "boot.h"

struct cpuinfo_x86 boot_cpu_data = { .x86_vendor = X86_VENDOR_UNKNOWN, .x86_cache_size = -1 };
EXPORT_SYMBOL(boot_cpu_data);

static const struct {
	const char *id;
	unsigned char vendor;
} cpu_vendors[] = {
	{ "GenuineIntel", X86_VENDOR_INTEL },	  { "AuthenticAMD", X86_VENDOR_AMD },
	{ "CyrixInstead", X86_VENDOR_CYRIX },	  { "CentaurHauls", X86_VENDOR_CENTAUR },
	{ "GenuineTMx86", X86_VENDOR_TRANSMETA }, { "Geode by NSC", X86_VENDOR_NSC },
};

/* Fill boot_cpu_data from CPUID leaves 0 and 1; elsewhere it stays unknown. */
void cpu_identify(void)
{
#if defined(__x86_64__) || defined(__i386__)
	unsigned int eax, ebx, ecx, edx, family, model;
	size_t i;

	if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx))
		return;
	boot_cpu_data.cpuid_level = (int)eax;
	memcpy(boot_cpu_data.x86_vendor_id, &ebx, 4);
	memcpy(boot_cpu_data.x86_vendor_id + 4, &edx, 4);
	memcpy(boot_cpu_data.x86_vendor_id + 8, &ecx, 4);
	for (i = 0; i < sizeof(cpu_vendors) / sizeof(cpu_vendors[0]); i++)
		if (!strcmp(boot_cpu_data.x86_vendor_id, cpu_vendors[i].id))
			boot_cpu_data.x86_vendor = cpu_vendors[i].vendor;
	if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx))
		return;
	family = (eax >> 8) & 0xf;
	model = (eax >> 4) & 0xf;
	if (family == 0xf)
		family += (eax >> 20) & 0xff;
	if (family >= 6)
		model += ((eax >> 16) & 0xf) << 4;
	boot_cpu_data.x86 = (unsigned char)family;
	boot_cpu_data.x86_model = (unsigned char)model;
	boot_cpu_data.x86_mask = eax & 0xf;
	boot_cpu_data.x86_capability[0] = edx;
	boot_cpu_data.x86_capability[4] = ecx;
#endif
}
