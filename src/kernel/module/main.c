// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * main.c - loading and unloading modules (kernel/module.c): the two
 * system calls, init_module and delete_module, as ldm_init_module() and
 * ldm_delete_module().
 *
 * A module binds only to exported symbols: the runtime's and those of
 * modules already loaded. A module whose license is not GPL-compatible does
 * not see EXPORT_SYMBOL_GPL symbols, so a use of one fails its load, and the
 * refusal names each such symbol. As modern Linux does, a module that uses
 * GPL-only symbols may not use a proprietary module's exports either.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <ldm/kernel.h>
#include <ldm/module.h>
#include <ldm/slab.h>

#include "boot.h"
#include "internal.h"
#include "kernel_read_file.h"
#include "unload.h"

pthread_mutex_t module_mutex = PTHREAD_MUTEX_INITIALIZER;
LIST_HEAD(modules);

/* LeakSanitizer, when the runtime runs under it, scans module data too. */
extern void __lsan_register_root_region(const void *p, size_t size) __attribute__((weak));
extern void __lsan_unregister_root_region(const void *p, size_t size) __attribute__((weak));

/* Everything a load needs between its steps. */
struct load_info {
	struct ldm_elf elf;
	struct module_layout layout;
	unsigned long *values; /* per symbol */
	struct ldm_module *lm;
	const char *name; /* for messages: the module's, or "module" */
};

/* try_module_get() reads the state without module_mutex: write it atomically. */
static void set_state(struct ldm_module *lm, enum module_state state)
{
	__atomic_store_n(&lm->mod->state, state, __ATOMIC_RELEASE);
}

static enum module_state get_state(struct ldm_module *lm)
{
	return __atomic_load_n(&lm->mod->state, __ATOMIC_ACQUIRE);
}

static struct ldm_module *find_module_locked(const char *name)
{
	struct ldm_module *lm;

	list_for_each_entry(lm, &modules, list)
		if (!strcmp(lm->name, name))
			return lm;
	return NULL;
}

/* vermagic, license, and the struct module modpost made. */
static int check_modinfo(struct load_info *info)
{
	struct ldm_elf *elf = &info->elf;
	const char *vermagic = ldm_modinfo_get(elf, "vermagic");
	const char *license = ldm_modinfo_get(elf, "license");
	const Elf64_Shdr *sh;

	if (!elf->this_module_idx) {
		printk(KERN_ERR "%s: no .gnu.linkonce.this_module section: not built as an ldm "
				"module (see docs/modules.md)\n",
		       info->name);
		return -ENOEXEC;
	}
	sh = &elf->sechdrs[elf->this_module_idx];
	if (sh->sh_size != sizeof(struct module)) {
		printk(KERN_ERR "%s: .gnu.linkonce.this_module is %lu bytes, expected %zu\n",
		       info->name, (unsigned long)sh->sh_size, sizeof(struct module));
		return -ENOEXEC;
	}
	/* The loader writes to it once the text and read-only parts are protected. */
	if ((sh->sh_flags & (SHF_ALLOC | SHF_WRITE | SHF_EXECINSTR)) != (SHF_ALLOC | SHF_WRITE) ||
	    sh->sh_type == SHT_NOBITS) {
		printk(KERN_ERR "%s: .gnu.linkonce.this_module is not writable data\n", info->name);
		return -ENOEXEC;
	}
	if (!vermagic) {
		printk(KERN_ERR "%s: no version magic, refusing to load\n", info->name);
		return -ENOEXEC;
	}
	if (strcmp(vermagic, LDM_VERMAGIC)) {
		printk(KERN_ERR "%s: version magic '%s' should be '%s'\n", info->name, vermagic,
		       LDM_VERMAGIC);
		return -ENOEXEC;
	}
	(void)license;
	return 0;
}

/* The module's name, from the struct module in the image. */
static int read_name(struct load_info *info, char *name)
{
	const struct ldm_elf *elf = &info->elf;
	const struct module *m =
		(const struct module *)(elf->image + elf->sechdrs[elf->this_module_idx].sh_offset);
	size_t i;

	if (!memchr(m->name, '\0', sizeof(m->name)) || !m->name[0]) {
		printk(KERN_ERR "module: the name in .gnu.linkonce.this_module is empty or "
				"unterminated\n");
		return -ENOEXEC;
	}
	/*
	 * The name is a directory of /module and a field of /proc/modules,
	 * whose fields spaces separate: no '/', no space, nothing unprintable.
	 */
	for (i = 0; m->name[i]; i++)
		if (m->name[i] == '/' || m->name[i] <= ' ' || m->name[i] > '~') {
			printk(KERN_ERR "module: name '%s' has a character not allowed\n", m->name);
			return -ENOEXEC;
		}
	if (!strcmp(m->name, ".") || !strcmp(m->name, "..")) {
		printk(KERN_ERR "module: name '%s' is not allowed\n", m->name);
		return -ENOEXEC;
	}
	strcpy(name, m->name);
	return 0;
}

/* Decide the license: missing or hiding text behind a NUL is proprietary. */
static void judge_license(struct load_info *info)
{
	struct ldm_module *lm = info->lm;
	const char *license = ldm_modinfo_get(&info->elf, "license");

	if (license && ldm_modinfo_license_hides_text(&info->elf)) {
		printk(KERN_WARNING
		       "%s: module license '%s' is followed by more text after a "
		       "NUL byte; the whole string is not a GPL-compatible license, so the "
		       "module is treated as proprietary\n",
		       lm->name, license);
		lm->gpl_compatible = false;
	} else {
		lm->gpl_compatible = ldm_license_is_gpl_compatible(license);
	}
	lm->license = kstrdup(license ? license : "unspecified", GFP_KERNEL);
}

/* Record that @lm uses @owner's exports (once per pair). */
static int add_use(struct ldm_module *lm, struct ldm_module *owner)
{
	struct module_use *use;

	list_for_each_entry(use, &lm->uses, target_list)
		if (use->target == owner)
			return 0;
	use = kzalloc(sizeof(*use), GFP_KERNEL);
	if (!use)
		return -ENOMEM;
	use->source = lm;
	use->target = owner;
	list_add_tail(&use->target_list, &lm->uses);
	list_add_tail(&use->source_list, &owner->users);
	return 0;
}

/*
 * Forget whom @lm uses; under module_mutex, which every reader of a users
 * list holds (refcnt, /proc/modules, rmmod's check).
 */
static void drop_uses(struct ldm_module *lm)
{
	struct module_use *use, *n;

	list_for_each_entry_safe(use, n, &lm->uses, target_list) {
		module_remove_holder_link(use->target, lm);
		list_del(&use->source_list);
		list_del(&use->target_list);
		kfree(use);
	}
}

/* Resolve one undefined symbol; 0, or a negative errno with a message. */
static int resolve_undefined(struct load_info *info, size_t i, u64 hash, unsigned int *gpl_refused)
{
	const Elf64_Sym *sym = &info->elf.syms[i];
	const char *name = ldm_elf_sym_name(&info->elf, sym);
	struct ldm_module *lm = info->lm, *owner;
	struct ldm_export exp;

	/* gcc -O0 -fPIC code names it, unused: the module's own GOT, as ld does. */
	if (!strcmp(name, "_GLOBAL_OFFSET_TABLE_")) {
		info->values[i] =
			(unsigned long)(info->layout.base + info->layout.part_start[PART_RO] +
					info->layout.got_off);
		return 0;
	}
	if (ldm_export_find_hashed_locked(name, hash, &exp, &owner)) {
		if (ELF64_ST_BIND(sym->st_info) == STB_WEAK) {
			info->values[i] = 0;
			return 0;
		}
		printk(KERN_ERR "%s: Unknown symbol %s (not exported by the runtime or any "
				"loaded module)\n",
		       lm->name, name);
		return -ENOENT;
	}
	if (exp.license == LDM_EXPORT_GPL && !lm->gpl_compatible) {
		printk(KERN_ERR "%s: symbol %s is GPL-only (EXPORT_SYMBOL_GPL by %s), and the "
				"module's license '%s' is not GPL-compatible\n",
		       lm->name, name, exp.owner, lm->license);
		(*gpl_refused)++;
		return -ENOENT;
	}
	if (owner && get_state(owner) != MODULE_STATE_LIVE) {
		/* Its init may yet fail and take it away: do not build on it. */
		printk(KERN_ERR "%s: symbol %s comes from module %s, which is still "
				"initializing or going away\n",
		       lm->name, name, owner->name);
		return -EBUSY;
	}
	if (exp.license == LDM_EXPORT_GPL)
		lm->uses_gpl_only = true;
	if (owner) {
		if (add_use(lm, owner))
			return -ENOMEM;
	}
	info->values[i] = exp.value;
	return 0;
}

/* A module using GPL-only symbols may not use a proprietary module's exports. */
static int check_proprietary_users(struct ldm_module *lm)
{
	struct module_use *use;
	int error = 0;

	if (!lm->uses_gpl_only)
		return 0;
	list_for_each_entry(use, &lm->uses, target_list) {
		if (!use->target->gpl_compatible) {
			printk(KERN_ERR "%s: module using GPL-only symbols uses symbols from "
					"proprietary module %s\n",
			       lm->name, use->target->name);
			error = -EPERM;
		}
	}
	return error;
}

#define IMPORT_BATCH 64

/* Undefined symbols' names, their hashes, and how many of them were bound. */
struct import_batch {
	const char *names[IMPORT_BATCH];
	u64 hashes[IMPORT_BATCH];
	size_t n, used;
};

/*
 * Up to IMPORT_BATCH undefined symbols from @from on, hashed and their
 * entries prefetched (ldm_export_prefetch_locked()), so that their look-ups
 * wait for their cache misses together, not one after the other; the
 * index past the batch's last symbol. On the stack: binding allocates
 * nothing more.
 */
static size_t import_batch_next(const struct ldm_elf *elf, size_t from, struct import_batch *b)
{
	size_t i;

	b->n = 0;
	b->used = 0;
	for (i = from; i < elf->nsyms && b->n < IMPORT_BATCH; i++)
		if (elf->syms[i].st_shndx == SHN_UNDEF)
			b->names[b->n++] = ldm_elf_sym_name(elf, &elf->syms[i]);
	ldm_export_prefetch_locked(b->names, b->hashes, b->n);
	return i;
}

/*
 * The value of every symbol: defined ones in the mapping, the rest bound,
 * under one hold of the export tables for all of them.
 */
static int resolve_symbols(struct load_info *info)
{
	const struct ldm_elf *elf = &info->elf;
	unsigned int gpl_refused = 0;
	int error = 0, e;
	struct import_batch batch;
	size_t i, batch_end = 1;

	ldm_export_read_lock();
	for (i = 1; i < elf->nsyms; i++) {
		const Elf64_Sym *sym = &elf->syms[i];

		if (i == batch_end)
			batch_end = import_batch_next(elf, i, &batch);
		switch (sym->st_shndx) {
		case SHN_UNDEF:
			e = resolve_undefined(info, i, batch.hashes[batch.used++], &gpl_refused);
			if (e && !error)
				error = e;
			break;
		case SHN_ABS:
			info->values[i] = sym->st_value;
			break;
		default:
			if (sym->st_shndx >= SHN_LORESERVE) {
				printk(KERN_ERR "%s: symbol %s in special section %#x\n",
				       info->lm->name, ldm_elf_sym_name(elf, sym), sym->st_shndx);
				error = -ENOEXEC;
				break;
			}
			info->values[i] =
				(unsigned long)info->layout.sec_addr[sym->st_shndx] + sym->st_value;
		}
	}
	ldm_export_read_unlock();
	if (gpl_refused)
		printk(KERN_ERR "%s: refused: it uses %u GPL-only symbol%s and its license '%s' "
				"is not GPL-compatible\n",
		       info->lm->name, gpl_refused, gpl_refused == 1 ? "" : "s", info->lm->license);
	if (!error)
		error = check_proprietary_users(info->lm);
	return error;
}

/* Whether @name, relocated, is a string that ends inside the mapping. */
static bool name_in_module(const struct load_info *info, const char *name)
{
	const unsigned char *lo = info->layout.base, *hi = lo + info->layout.size;
	const unsigned char *p = (const unsigned char *)name;

	return p >= lo && p < hi && memchr(p, '\0', (size_t)(hi - p));
}

/* Check a relocated kernel_symbol table: names must lie in the mapping. */
static int check_export_names(struct load_info *info, const struct kernel_symbol *syms, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!name_in_module(info, syms[i].name)) {
			printk(KERN_ERR "%s: export %zu has a name outside the module\n",
			       info->lm->name, i);
			return -ENOEXEC;
		}
	}
	return 0;
}

static int add_exports(struct load_info *info)
{
	static const struct {
		size_t off;
		enum ldm_export_license license;
	} tables[] = {
		{ offsetof(struct ldm_elf, ksymtab_idx), LDM_EXPORT_ALL },
		{ offsetof(struct ldm_elf, ksymtab_gpl_idx), LDM_EXPORT_GPL },
	};
	size_t t;
	int error;

	for (t = 0; t < ARRAY_SIZE(tables); t++) {
		unsigned int idx =
			*(const unsigned int *)((const char *)&info->elf + tables[t].off);
		const struct kernel_symbol *syms;
		size_t n;

		if (!idx)
			continue;
		syms = (const struct kernel_symbol *)info->layout.sec_addr[idx];
		n = info->elf.sechdrs[idx].sh_size / sizeof(*syms);
		if (!syms)
			continue;
		error = check_export_names(info, syms, n);
		if (!error)
			error = ldm_export_add_module(syms, n, tables[t].license, info->lm->name,
						      info->lm);
		if (error) {
			ldm_export_remove_module(info->lm);
			return error;
		}
	}
	return 0;
}

static void lsan_register(struct ldm_module *lm)
{
	if (__lsan_register_root_region)
		__lsan_register_root_region(lm->base, lm->size);
}

static void lsan_unregister(struct ldm_module *lm)
{
	if (__lsan_unregister_root_region)
		__lsan_unregister_root_region(lm->base, lm->size);
}

static struct ldm_module *alloc_module(void)
{
	struct ldm_module *lm = kzalloc(sizeof(*lm), GFP_KERNEL);

	if (!lm)
		return NULL;
	INIT_LIST_HEAD(&lm->list);
	INIT_LIST_HEAD(&lm->users);
	INIT_LIST_HEAD(&lm->uses);
	INIT_LIST_HEAD(&lm->exports);
	pthread_mutex_init(&lm->param_lock, NULL);
	return lm;
}

/* Free the record of a module (its kobject's release, or a failed load). */
void free_module_record(struct ldm_module *lm)
{
	kfree(lm->license);
	kfree(lm->args);
	kfree(lm->pattrs);
	kfree(lm->pattr_list);
	pthread_mutex_destroy(&lm->param_lock);
	kfree(lm);
}

/* The __param table of the module, relocated; checked for sanity. */
static int find_params(struct load_info *info)
{
	struct ldm_module *lm = info->lm;
	unsigned int idx = info->elf.param_idx;
	struct kernel_param *params;
	size_t size, i;

	if (!idx || !info->layout.sec_addr[idx])
		return 0;
	size = info->elf.sechdrs[idx].sh_size;
	if (size % sizeof(struct kernel_param)) {
		printk(KERN_ERR "%s: __param is %zu bytes, not a whole number of parameters\n",
		       lm->name, size);
		return -ENOEXEC;
	}
	params = (struct kernel_param *)info->layout.sec_addr[idx];
	for (i = 0; i < size / sizeof(struct kernel_param); i++) {
		/* The loader reads the names (sysfs, arguments): as export names. */
		if (!name_in_module(info, params[i].name)) {
			printk(KERN_ERR "%s: parameter %zu has a name outside the module\n",
			       lm->name, i);
			return -ENOEXEC;
		}
	}
	lm->params = params;
	lm->nparams = (unsigned int)(size / sizeof(struct kernel_param));
	return 0;
}

/* The defined data symbol @name of the module (local or global), or NULL. */
static const Elf64_Sym *find_module_object(const struct load_info *info, const char *name,
					   size_t *idx)
{
	const struct ldm_elf *elf = &info->elf;
	size_t i;

	for (i = 1; i < elf->nsyms; i++) {
		const Elf64_Sym *sym = &elf->syms[i];
		unsigned char type = ELF64_ST_TYPE(sym->st_info);

		if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= SHN_LORESERVE ||
		    (type != STT_OBJECT && type != STT_NOTYPE))
			continue;
		if (!strcmp(ldm_elf_sym_name(elf, sym), name)) {
			*idx = i;
			return sym;
		}
	}
	return NULL;
}

/*
 * Whether [@p, @p + @len) lies in the writable part of the mapping: what the
 * loader or a parameter's setter writes must, as the rest is protected.
 */
static bool range_in_rw(const struct load_info *info, const void *p, size_t len)
{
	const unsigned char *lo = info->layout.base + info->layout.part_start[PART_RW];
	const unsigned char *hi = info->layout.base + info->layout.size;
	const unsigned char *q = p;

	return q >= lo && q <= hi && len <= (size_t)(hi - q);
}

/*
 * Give each MODULE_PARM() the address of its variable, found by name in the
 * module's symbol table, as 2.6.9's obsolete_params() did: the line may
 * come before the variable's declaration. The record is written and the
 * variable set later, so both must be writable data of the module.
 */
static int find_obsolete_params(struct load_info *info)
{
	struct ldm_module *lm = info->lm;
	struct obsolete_modparm *obs;
	const Elf64_Sym *sym;
	size_t size, idx;
	unsigned int i;

	for (i = 0; i < lm->nparams; i++) {
		if (lm->params[i].set != param_set_obsolete)
			continue;
		obs = lm->params[i].arg;
		if (!range_in_rw(info, obs, sizeof(*obs)) || !name_in_module(info, obs->name) ||
		    !name_in_module(info, obs->type)) {
			printk(KERN_ERR
			       "%s: parameter %s: its MODULE_PARM lies outside the module's "
			       "writable data\n",
			       lm->name, lm->params[i].name);
			return -ENOEXEC;
		}
		if (obsolete_param_size(obs, &size)) {
			printk(KERN_ERR "%s: parameter %s: unknown MODULE_PARM type \"%s\"\n",
			       lm->name, obs->name, obs->type);
			return -EINVAL;
		}
		if (obs->addr) {
			if (!range_in_rw(info, obs->addr, size))
				goto err_variable;
			continue;
		}
		sym = find_module_object(info, obs->name, &idx);
		if (!sym) {
			printk(KERN_ERR "%s: falsely claims to have parameter %s: no variable of "
					"that name\n",
			       lm->name, obs->name);
			return -EINVAL;
		}
		if (sym->st_size < size) {
			printk(KERN_ERR
			       "%s: parameter %s: MODULE_PARM type \"%s\" needs %zu bytes, "
			       "its variable has %lu\n",
			       lm->name, obs->name, obs->type, size, (unsigned long)sym->st_size);
			return -EINVAL;
		}
		obs->addr = (void *)info->values[idx];
		if (!range_in_rw(info, obs->addr, size))
			goto err_variable;
	}
	return 0;

err_variable:
	printk(KERN_ERR "%s: parameter %s: its variable is not writable data of the module\n",
	       lm->name, obs->name);
	return -ENOEXEC;
}

/* Steps up to a relocated, protected module with its exports; undone on error. */
static int load_image(struct load_info *info, const char *args)
{
	struct ldm_module *lm = info->lm;
	struct module_reloc_ctx rc;
	int error;

	error = module_layout(&info->elf, &info->layout);
	if (error)
		return error;
	lm->base = info->layout.base;
	lm->size = info->layout.size;
	info->values = kcalloc(info->elf.nsyms, sizeof(*info->values), GFP_KERNEL);
	if (!info->values) {
		error = -ENOMEM;
		goto err_unmap;
	}
	error = resolve_symbols(info);
	if (error)
		goto err_uses;
	error = module_relocate(&info->elf, &info->layout, info->values, &rc);
	if (error) {
		printk(KERN_ERR "%s: %s\n", lm->name, rc.err);
		goto err_uses;
	}
	error = module_protect(&info->layout);
	if (error)
		goto err_uses;
	lm->mod = (struct module *)info->layout.sec_addr[info->elf.this_module_idx];
	lm->mod->ldm = lm;
	set_state(lm, MODULE_STATE_COMING);
	INIT_LIST_HEAD(&lm->mod->list);
	error = find_params(info);
	if (!error)
		error = find_obsolete_params(info);
	if (!error)
		error = add_exports(info);
	if (error)
		goto err_uses;
	lm->args = kstrdup(args ? args : "", GFP_KERNEL);
	error = lm->args ? module_parse_args(lm, lm->args) : -ENOMEM;
	if (error)
		goto err_exports;
	lsan_register(lm);
	return 0;

err_exports:
	ldm_export_remove_module(lm);
err_uses:
	drop_uses(lm);
	kfree(info->values);
	info->values = NULL;
err_unmap:
	module_param_free_strings(info->layout.base, info->layout.size);
	module_layout_free(&info->layout);
	lm->base = NULL;
	return error;
}

/*
 * Undo load_image() for a module whose init failed or that is unloaded,
 * once drop_uses() has run.
 */
static void unload_image(struct ldm_module *lm)
{
	ldm_export_remove_module(lm);
	lsan_unregister(lm);
	module_param_free_strings(lm->base, lm->size);
	/* What the module left behind in its memory must not outlive it. */
	timers_forget_range(lm->base, lm->size, lm->name);
	irq_forget_range(lm->base, lm->size, lm->name);
	tasklets_forget_range(lm->base, lm->size, lm->name);
	kobject_forget_range(lm->base, lm->size, lm->name);
	munmap(lm->base, lm->size);
	lm->base = NULL;
}

/*
 * The module's own taints are set before its sysfs directory shows them
 * (its taint file may be read as soon as it exists); the kernel's only
 * once the load has succeeded, so that a refused module taints nothing.
 */
static void set_module_taints(struct ldm_module *lm)
{
	if (!lm->gpl_compatible)
		lm->taints |= 1UL << TAINT_PROPRIETARY_MODULE;
}

static void taint_kernel(struct ldm_module *lm)
{
	if (lm->gpl_compatible)
		return;
	printk(KERN_WARNING "%s: module license '%s' taints kernel.\n", lm->name, lm->license);
	add_taint(TAINT_PROPRIETARY_MODULE);
}

/* Run the module's init without module_mutex (it may take long). */
static int do_init_module(struct ldm_module *lm)
{
	int ret = 0;

	if (lm->mod->init)
		ret = lm->mod->init();
	if (ret > 0) {
		printk(KERN_WARNING "%s: init returned %d, a positive value; taken as an "
				    "error\n",
		       lm->name, ret);
		ret = -EINVAL;
	}
	if (ret)
		printk(KERN_ERR "%s: init failed with error %d; module unloaded\n", lm->name, ret);
	return ret;
}

/* Take a module that failed its init, or is unloaded, out of everything. */
static void remove_module(struct ldm_module *lm)
{
	pthread_mutex_lock(&module_mutex);
	list_del_init(&lm->list);
	drop_uses(lm);
	pthread_mutex_unlock(&module_mutex);
	module_sysfs_remove(lm);
	unload_image(lm);
	kobject_put(&lm->kobj); /* frees lm, once sysfs lets go */
}

/*
 * Check, lay out, bind and register a module from its image (the runtime's
 * own, aligned copy, which the caller frees); on success it is COMING.
 */
static int load_module(const void *image, unsigned long len, const char *args,
		       struct ldm_module **ret)
{
	struct load_info info = { .name = "module" };
	int error;

	error = ldm_elf_parse(&info.elf, image, len);
	if (error) {
		printk(KERN_ERR "module: malformed ELF image: %s\n", info.elf.err);
		goto out;
	}
	error = check_modinfo(&info);
	if (error)
		goto out;
	info.lm = alloc_module();
	if (!info.lm) {
		error = -ENOMEM;
		goto out;
	}
	error = read_name(&info, info.lm->name);
	if (error)
		goto err_free;
	info.name = info.lm->name;
	judge_license(&info);
	if (!info.lm->license) {
		error = -ENOMEM;
		goto err_free;
	}

	pthread_mutex_lock(&module_mutex);
	if (find_module_locked(info.lm->name)) {
		pthread_mutex_unlock(&module_mutex);
		printk(KERN_ERR "%s: a module of that name is already loaded\n", info.lm->name);
		error = -EEXIST;
		goto err_free;
	}
	error = load_image(&info, args);
	if (!error) {
		set_module_taints(info.lm);
		error = module_sysfs_add(info.lm);
		if (error) {
			drop_uses(info.lm);
			unload_image(info.lm);
		}
	}
	if (error) {
		pthread_mutex_unlock(&module_mutex);
		goto err_free;
	}
	taint_kernel(info.lm);
	list_add_tail(&info.lm->list, &modules);
	pthread_mutex_unlock(&module_mutex);
	*ret = info.lm;
	info.lm = NULL;
	goto out;

err_free:
	if (info.lm)
		free_module_record(info.lm);
out:
	/* The mapping lives on in the module; the tables of the load do not. */
	kfree(info.values);
	kfree(info.layout.sec_addr);
	kfree(info.layout.got_slot);
	kfree(info.layout.stub_slot);
	return error;
}

/* Load a module from the runtime's copy of its image, and run its init. */
static int load_and_init_module(const void *image, unsigned long len, const char *args)
{
	struct ldm_module *lm = NULL;
	int error;

	error = load_module(image, len, args, &lm);
	if (error)
		return error;
	error = do_init_module(lm);
	if (error) {
		set_state(lm, MODULE_STATE_GOING);
		remove_module(lm);
		return error;
	}
	pthread_mutex_lock(&module_mutex);
	set_state(lm, MODULE_STATE_LIVE);
	pthread_mutex_unlock(&module_mutex);
	return 0;
}

static int image_too_large(void)
{
	printk(KERN_ERR "module: image is larger than %lu bytes\n", MODULE_SIZE_MAX);
	return -EFBIG;
}

/**
 * ldm_init_module - load a module, as the init_module system call
 * @image: the .ko file's contents, copied (as from user space)
 * @len: their length
 * @args: "name=value ..." for its parameters, or NULL
 *
 * Return: 0; -ENOEXEC for a malformed image, a wrong version magic or a
 * relocation that cannot be applied; -ENOENT for a symbol that is not
 * exported, or GPL-only and the module not GPL-compatible (the log names
 * each); -EPERM for GPL-only use mixed with a proprietary module's exports;
 * -EEXIST if a module of that name is loaded; -ENOEXEC if it exports a
 * symbol that is exported already;
 * -EBUSY if it needs a module whose init is still running; -EFBIG for an
 * image over 64 MiB; the error of the module's init, after which nothing
 * of it is left.
 */
int ldm_init_module(const void *image, unsigned long len, const char *args)
{
	void *copy;
	int error;

	if (!image)
		return -EINVAL;
	if (len > MODULE_SIZE_MAX)
		return image_too_large();
	/* The runtime's own, aligned copy: the caller's may change or be unaligned. */
	copy = kmalloc(len ? len : 1, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, image, len);
	error = load_and_init_module(copy, len, args);
	kfree(copy);
	return error;
}

/* Replace a compressed image by what it holds, as finit_module does. */
static int decompress_image(void **image, ssize_t *len)
{
	char why[128];
	void *out;
	size_t outlen;
	int error;

	if (module_compression(*image, (size_t)*len) == LDM_MODFILE_PLAIN) {
		printk(KERN_ERR "module: MODULE_INIT_COMPRESSED_FILE, but the file is not "
				"compressed with xz, zstd or gzip\n");
		return -EINVAL;
	}
	error = module_decompress(*image, (size_t)*len, true, MODULE_SIZE_MAX, &out, &outlen, why,
				  sizeof(why));
	if (error) {
		printk(KERN_ERR "module: cannot decompress: %s\n", why);
		return error == -EFBIG ? image_too_large() : error;
	}
	kfree(*image);
	*image = out;
	*len = (ssize_t)outlen;
	return 0;
}

/**
 * ldm_finit_module - load a module from an open file, as the finit_module
 * system call: the file is read once, into the runtime's own memory
 * @fd: the .ko file, open for reading; a regular file
 * @args: "name=value ..." for its parameters, or NULL
 * @flags: 0, or LDM_MODULE_INIT_COMPRESSED_FILE for a file compressed with
 *	   xz, zstd or gzip, which is decompressed first (as Linux 6.4+)
 *
 * Return: as ldm_init_module(); -EINVAL for a file that is not regular, an
 * unknown flag, or LDM_MODULE_INIT_COMPRESSED_FILE on a file that is not
 * compressed; -ENOEXEC for compressed data that is corrupt or truncated;
 * -EBADF for a bad @fd, or the error of reading.
 */
int ldm_finit_module(int fd, const char *args, int flags)
{
	void *image;
	ssize_t len;
	int error;

	if (flags & ~LDM_MODULE_INIT_COMPRESSED_FILE)
		return -EINVAL;
	len = kernel_read_file_from_fd(fd, &image, MODULE_SIZE_MAX);
	if (len == -EFBIG)
		return image_too_large();
	if (len < 0)
		return (int)len;
	error = 0;
	if (flags & LDM_MODULE_INIT_COMPRESSED_FILE)
		error = decompress_image(&image, &len);
	/* An empty file is a truncated image, as one of a single byte is. */
	if (!error)
		error = load_and_init_module(image, (unsigned long)len, args);
	kfree(image);
	return error;
}

/**
 * ldm_module_compressed - whether an open file starts as a .ko.xz, .ko.zst
 * or .ko.gz does, so that ldm_finit_module() wants
 * LDM_MODULE_INIT_COMPRESSED_FILE for it (as kmod's insmod decides)
 * @fd: the file, open for reading
 */
bool ldm_module_compressed(int fd)
{
	unsigned char magic[6];
	ssize_t n = pread(fd, magic, sizeof(magic), 0);

	return n > 0 && module_compression(magic, (size_t)n) != LDM_MODFILE_PLAIN;
}

/**
 * ldm_insmod - load a module from a file, as kmod's insmod does
 * @path: the .ko file, or a .ko.xz, .ko.zst or .ko.gz (known by its first
 *	  bytes, whatever its name)
 * @args: its parameters, or NULL
 *
 * Return: as ldm_finit_module(), or the error of opening the file. A FIFO or
 * other file that would block is refused (-EINVAL), not waited on.
 */
int ldm_insmod(const char *path, const char *args)
{
	int fd, error;

	if (!path)
		return -EINVAL;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -errno;
	error = ldm_finit_module(fd, args,
				 ldm_module_compressed(fd) ? LDM_MODULE_INIT_COMPRESSED_FILE : 0);
	close(fd);
	return error;
}

/* The count of a module being unloaded: try_module_get() fails from then on. */
#define REFCNT_DEAD (-1)

/*
 * Take the count from 0 to REFCNT_DEAD, or fail if a reference is held
 * (forced: take it whatever it is). A test of the count followed by a
 * store would let a try_module_get() slip in between.
 */
static bool claim_refcnt(struct ldm_module *lm, bool forced)
{
	int zero = 0;

	if (forced) {
		atomic_set(&lm->refcnt, REFCNT_DEAD);
		return true;
	}
	return __atomic_compare_exchange_n(&lm->refcnt.counter, &zero, REFCNT_DEAD, false,
					   __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

/**
 * ldm_delete_module - unload a module, as the delete_module system call;
 * never waits
 * @name: the module's name
 * @flags: O_TRUNC forces the unload of a module whose try_module_get()
 *         references remain or that has an init but no exit (tainting 'F');
 *         O_NONBLOCK is implied
 *
 * Return: 0; -ENOENT if no such module is loaded; -EWOULDBLOCK while other
 * modules use it (forced or not, as Linux) or references from
 * try_module_get() remain; -EBUSY if it is still initializing, or has an
 * init function but no exit function (unless forced); a module with neither
 * (a library of exports) goes, as in 2.6.9.
 */
int ldm_delete_module(const char *name, unsigned int flags)
{
	struct ldm_module *lm;
	bool forced = flags & O_TRUNC;

	if (!name)
		return -EINVAL;
	pthread_mutex_lock(&module_mutex);
	lm = find_module_locked(name);
	if (!lm) {
		pthread_mutex_unlock(&module_mutex);
		return -ENOENT;
	}
	if (get_state(lm) != MODULE_STATE_LIVE) {
		pthread_mutex_unlock(&module_mutex);
		return -EBUSY;
	}
	/* Not even forced: its users would be left calling into nothing. */
	if (!list_empty(&lm->users)) {
		pthread_mutex_unlock(&module_mutex);
		return -EWOULDBLOCK;
	}
	/* As 2.6.9: only a module that has an init but no exit is permanent. */
	if (!forced && lm->mod->init && !lm->mod->exit) {
		pthread_mutex_unlock(&module_mutex);
		return -EBUSY;
	}
	/* From 0 references to none possible, in one step: see try_module_get(). */
	if (!claim_refcnt(lm, forced)) {
		pthread_mutex_unlock(&module_mutex);
		return -EWOULDBLOCK;
	}
	set_state(lm, MODULE_STATE_GOING);
	pthread_mutex_unlock(&module_mutex);
	if (forced) {
		printk(KERN_WARNING "%s: forced unload\n", lm->name);
		add_taint(TAINT_FORCED_MODULE);
	}
	if (lm->mod->exit)
		lm->mod->exit();
	remove_module(lm);
	return 0;
}

/**
 * ldm_modules_unload_all - unload every module, users before what they use
 * (ldm_exit); modules still referenced are unloaded anyway
 */
void ldm_modules_unload_all(void)
{
	struct ldm_module *lm, *victim;

	for (;;) {
		victim = NULL;
		pthread_mutex_lock(&module_mutex);
		list_for_each_entry_reverse(lm, &modules, list) {
			if (list_empty(&lm->users)) {
				victim = lm;
				break;
			}
		}
		if (!victim && !list_empty(&modules))
			victim = list_last_entry(&modules, struct ldm_module, list);
		if (victim)
			set_state(victim, MODULE_STATE_GOING);
		pthread_mutex_unlock(&module_mutex);
		if (!victim)
			return;
		if (victim->mod->exit)
			victim->mod->exit();
		remove_module(victim);
	}
}

/**
 * try_module_get - take a reference on a module, so it cannot be unloaded
 * @module: the module, or NULL for code of the runtime itself
 *
 * Return: 1, or 0 if the module is being unloaded.
 */
int try_module_get(struct module *module)
{
	atomic_t *refcnt;
	int v;

	if (!module)
		return 1;
	refcnt = &module->ldm->refcnt;
	v = atomic_read(refcnt);
	do {
		if (v < 0 ||
		    __atomic_load_n(&module->state, __ATOMIC_ACQUIRE) == MODULE_STATE_GOING)
			return 0;
	} while (!__atomic_compare_exchange_n(&refcnt->counter, &v, v + 1, false, __ATOMIC_SEQ_CST,
					      __ATOMIC_SEQ_CST));
	return 1;
}
EXPORT_SYMBOL(try_module_get);

/**
 * __module_get - take a reference on a module known to be live
 * @module: the module, or NULL
 */
void __module_get(struct module *module)
{
	if (module)
		atomic_inc(&module->ldm->refcnt);
}
EXPORT_SYMBOL(__module_get);

/**
 * module_put - drop a reference taken with try_module_get()
 * @module: the module, or NULL
 */
void module_put(struct module *module)
{
	/* A forced unload dropped the count: its holders' puts are not unbalanced. */
	if (module)
		WARN_ON(atomic_dec_return(&module->ldm->refcnt) < 0 &&
			__atomic_load_n(&module->state, __ATOMIC_ACQUIRE) != MODULE_STATE_GOING);
}
EXPORT_SYMBOL(module_put);

/**
 * module_refcount - the references taken on a module
 * @module: the module
 */
unsigned int module_refcount(struct module *module)
{
	int v = module ? atomic_read(&module->ldm->refcnt) : 0;

	return v > 0 ? (unsigned int)v : 0;
}
EXPORT_SYMBOL(module_refcount);

/* One /proc/modules line for @lm; under module_mutex. */
static int format_module(struct ldm_module *lm, char *buf, size_t size)
{
	static const char *const states[] = {
		[MODULE_STATE_LIVE] = "Live",
		[MODULE_STATE_COMING] = "Loading",
		[MODULE_STATE_GOING] = "Unloading",
	};
	bool permanent = lm->mod && lm->mod->init && !lm->mod->exit;
	unsigned int users = 0;
	struct module_use *use;
	char flags[16], taints[20] = "";
	size_t n;
	int len;

	list_for_each_entry(use, &lm->users, source_list)
		users++;
	len = snprintf(buf, size, "%s %zu %u ", lm->name, lm->size,
		       module_refcount(lm->mod) + users);
	n = len > 0 ? (size_t)len : 0;
	list_for_each_entry(use, &lm->users, source_list)
		n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s,", use->source->name);
	/* As Linux: an init without an exit cannot be unloaded but by force. */
	if (permanent)
		n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "[permanent],");
	module_taint_string(lm->taints, flags, sizeof(flags));
	if (*flags)
		snprintf(taints, sizeof(taints), " (%s)", flags);
	n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s %s 0x%016lx%s\n",
			      users || permanent ? "" : "-", states[get_state(lm)], 0UL, taints);
	return (int)n;
}

/**
 * ldm_proc_modules - the loaded modules, in the format of /proc/modules
 *
 * Return: a string to free() with free(), or NULL when out of memory.
 */
char *ldm_proc_modules(void)
{
	struct ldm_module *lm;
	size_t size = 4096, used;
	char *buf = NULL;

	for (;;) {
		char *nb = krealloc(buf, size, GFP_KERNEL);

		if (!nb) {
			kfree(buf);
			return NULL;
		}
		buf = nb;
		buf[0] = '\0';
		used = 0;
		pthread_mutex_lock(&module_mutex);
		list_for_each_entry(lm, &modules, list)
			used += (size_t)format_module(lm, buf + used,
						      used < size ? size - used : 0);
		pthread_mutex_unlock(&module_mutex);
		if (used < size)
			return buf;
		size = used + 4096;
	}
}
