/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/processor.h> - what a 2.6.9 driver asks of <asm/processor.h>: a
 * pause in a busy-wait (cpu_relax) and the boot processor's identity
 * (boot_cpu_data, filled from the host's CPUID at boot), by which a
 * monitoring chip's driver guesses the board's voltage regulator and a
 * joystick driver whether it has a time stamp counter.
 */
#ifndef _LDM_PROCESSOR_H
#define _LDM_PROCESSOR_H

#include <ldm/compiler.h>

#pragma GCC visibility push(default)

#define X86_VENDOR_INTEL     0
#define X86_VENDOR_CYRIX     1
#define X86_VENDOR_AMD	     2
#define X86_VENDOR_UMC	     3
#define X86_VENDOR_NEXGEN    4
#define X86_VENDOR_CENTAUR   5
#define X86_VENDOR_RISE	     6
#define X86_VENDOR_TRANSMETA 7
#define X86_VENDOR_NSC	     8
#define X86_VENDOR_UNKNOWN   0xff

#define NCAPINTS 6

/**
 * struct cpuinfo_x86 - a processor's identity, as CPUID gives it
 * @x86: its family
 * @x86_vendor: X86_VENDOR_*
 * @x86_model: its model
 * @x86_mask: its stepping
 * @cpuid_level: the highest basic CPUID leaf
 * @x86_capability: CPUID leaf 1's EDX (word 0) and ECX (word 4), as 2.6.9 lays them out
 * @x86_vendor_id: "GenuineIntel", "AuthenticAMD"...
 * @x86_model_id: the brand string
 * @x86_cache_size: in KiB, or -1
 */
struct cpuinfo_x86 {
	unsigned char x86;
	unsigned char x86_vendor;
	unsigned char x86_model;
	unsigned char x86_mask;
	int cpuid_level;
	unsigned long x86_capability[NCAPINTS];
	char x86_vendor_id[16];
	char x86_model_id[64];
	int x86_cache_size;
};

extern struct cpuinfo_x86 boot_cpu_data;

#define X86_FEATURE_TSC	  (0 * 32 + 4)
#define cpu_has(c, bit)	  ((c)->x86_capability[(bit) / 32] & (1UL << ((bit) % 32)) ? 1 : 0)
#define boot_cpu_has(bit) cpu_has(&boot_cpu_data, bit)
#define cpu_has_tsc	  boot_cpu_has(X86_FEATURE_TSC)

/* A pause in a busy-wait loop. */
static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#else
	__asm__ __volatile__("" : : : "memory");
#endif
}

/*
 * The time stamp counter (<asm/msr.h>): the host CPU's cycle count, which a
 * process may read; the model-specific registers (rdmsr, wrmsr) it may
 * not, so they are not here.
 */
#if defined(__x86_64__) || defined(__i386__)
#define rdtscll(val) ((val) = __builtin_ia32_rdtsc())
#define rdtscl(low)  ((low) = (unsigned long)(unsigned int)__builtin_ia32_rdtsc())
#define rdtsc(low, high) \
	do { \
		unsigned long long __tsc = __builtin_ia32_rdtsc(); \
		(low) = (unsigned int)__tsc; \
		(high) = (unsigned int)(__tsc >> 32); \
	} while (0)
#endif

#pragma GCC visibility pop

#endif /* _LDM_PROCESSOR_H */
