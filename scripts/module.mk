# SPDX-License-Identifier: GPL-2.0-or-later
#
# module.mk - build ldm modules the Kbuild way. In a module's Makefile:
#
#   obj-m := foo.o bar.o
#   foo-objs := foo_main.o foo_hw.o      # optional: foo.o from several files
#   include $(shell pkg-config --variable=modulemk ldm-module)
#
# then `make` builds foo.ko and bar.ko, and `make clean` removes what it
# built. Each module is compiled with -DMODULE -fPIC (every reference to the
# runtime goes through the GOT or a call stub the loader makes), linked
# with ld -r, checked by `ldm modpost` (a GPL-incompatible module using a
# GPL-only symbol, or an unresolved symbol, fails the build;
# LDM_MODPOST_WARN=1 makes those warnings), and linked with its generated
# .mod.o into the .ko.
#
# As kbuild does, a module is compiled with -D__KERNEL__ and finds 2.6.9's
# <linux/...> and <asm/...> names (include/compat, which forwards to
# <ldm/...>), so an unchanged 2.6.9 file compiles; <ldm/...> works too.
#
# Like kbuild, the fragment reads the Makefile twice: the first time only
# to run make again on it with $(src) (and $(obj)) set to the Makefile's
# directory, so that a Makefile may say, before the include,
#
#   ccflags-y := -I$(src)/include        # the module's own headers
#   CFLAGS_foo_main.o := -DFOO_DEBUG     # flags of one object
#
# Variables: LDM (the ldm command), LDM_CFLAGS (where <ldm/...> is),
# LDM_COMPAT_CFLAGS (where the compat <linux/...> is), CC, LD, ccflags-y
# and EXTRA_CFLAGS (added to every compile, in that order),
# CFLAGS_<object>.o, LDM_MODPOST_WARN.

LDM ?= $(shell pkg-config --variable=ldm ldm-module)
LDM_CFLAGS ?= $(shell pkg-config --cflags ldm-module)
# The installed compat directory, or a source tree's include/compat beside
# the <ldm/...> of LDM_CFLAGS.
ldm_compat_dir := $(shell pkg-config --variable=compatdir ldm-module 2>/dev/null)
ldm_compat_dir += $(patsubst %/linux,%,$(wildcard $(patsubst -I%,%/compat/linux,$(filter -I%,$(LDM_CFLAGS)))))
LDM_COMPAT_CFLAGS ?= $(addprefix -I,$(firstword $(wildcard $(ldm_compat_dir))))
CC ?= cc
LD ?= ld
# The list of absent headers, beside the compat headers.
ldm_absent_list = $(firstword $(wildcard $(patsubst -I%,%/absent.txt,$(filter -I%,$(LDM_COMPAT_CFLAGS)))))

ifeq ($(origin src),undefined)
# The first reading: run make again on the Makefile, with $(src) set.
ldm_makefile := $(abspath $(firstword $(MAKEFILE_LIST)))
ldm_goals := $(if $(MAKECMDGOALS),$(MAKECMDGOALS),modules)
.PHONY: $(ldm_goals)
$(firstword $(ldm_goals)):
	@$(MAKE) --no-print-directory -f $(ldm_makefile) src=$(patsubst %/,%,$(dir $(ldm_makefile))) \
		obj=$(patsubst %/,%,$(dir $(ldm_makefile))) $(ldm_goals)
$(filter-out $(firstword $(ldm_goals)),$(ldm_goals)):
	@:
else

LDM_MODULE_CFLAGS := -DMODULE -D__KERNEL__ -include ldm/prelude.h -fPIC -fno-common -fno-stack-protector \
	-fno-asynchronous-unwind-tables -fno-strict-aliasing -O2 -std=gnu11 \
	-Wall -Wno-unused-function

# MODULE_PARM() by name, as 2.6.9 resolved it at load (<ldm/moduleparam.h>):
# with a compiler that then keeps each static variable in memory, unfolded
# and present even if unused (gcc); others take the variable's address.
ldm_obsparm_flags := -fno-ipa-reference-addressable -fno-toplevel-reorder
LDM_MODULE_CFLAGS += $(if $(shell $(CC) -Werror $(ldm_obsparm_flags) -x c -c /dev/null \
	-o /dev/null 2>/dev/null && echo y),$(ldm_obsparm_flags) -DLDM_OBSPARM_BY_NAME)

ldm_absent := $(obj)/.ldm-absent
ldm_modules := $(obj-m:.o=.ko)
ldm_composites := $(foreach m,$(obj-m:.o=),$(if $($(m)-objs),$(m)))
ldm_parts := $(foreach m,$(ldm_composites),$($(m)-objs))

.PHONY: modules clean
modules: $(ldm_modules)

define ldm_composite_rule
$(1).o: $$($(1)-objs)
	$$(LD) -r -o $$@ $$^
endef
$(foreach m,$(ldm_composites),$(eval $(call ldm_composite_rule,$(m))))

# One header per line of absent.txt: "#error <NAME>: REASON (docs/compat.md)".
$(ldm_absent)/.stamp: $(ldm_absent_list)
	@rm -rf $(ldm_absent)
	@mkdir -p $(ldm_absent)
	@test -z "$(ldm_absent_list)" || awk -F '\t' -v dir=$(ldm_absent) \
		'/^#/ || NF < 2 { next } \
		 { f = dir "/" $$1; d = f; sub("/[^/]*$$", "", d); \
		   if (!(d in made)) { system("mkdir -p \"" d "\""); made[d] = 1 } \
		   printf "#error \"<%s>: %s (docs/compat.md)\"\n", $$1, $$2 > f; close(f) }' \
		$(ldm_absent_list)
	@touch $@

$(filter-out $(obj-m),$(ldm_parts)) $(filter-out $(ldm_composites:=.o),$(obj-m)): %.o: %.c \
		| $(ldm_absent)/.stamp
	$(CC) $(LDM_MODULE_CFLAGS) $(LDM_CFLAGS) $(LDM_COMPAT_CFLAGS) -I$(ldm_absent) $(ccflags-y) \
		$(EXTRA_CFLAGS) $(CFLAGS_$@) -c -o $@ $<

# One modpost run sees every module of the build, for exports between them.
# It runs again when the list of modules changes (.ldm-modules keeps it),
# not only when an object does: a module added to obj-m later gets its
# .mod.c too.
ldm_modlist := $(strip $(obj-m))
ifneq ($(ldm_modlist),$(strip $(file <.ldm-modules)))
.ldm-modpost: .ldm-modules-changed
.PHONY: .ldm-modules-changed
endif
.ldm-modpost: $(obj-m)
	$(LDM) modpost $(if $(filter 1,$(LDM_MODPOST_WARN)),--warn) $(obj-m)
	@echo '$(ldm_modlist)' >.ldm-modules
	@touch $@

%.mod.c: .ldm-modpost
	@test -f $@

%.mod.o: %.mod.c | $(ldm_absent)/.stamp
	$(CC) $(LDM_MODULE_CFLAGS) $(LDM_CFLAGS) $(LDM_COMPAT_CFLAGS) -I$(ldm_absent) -c -o $@ $<

%.ko: %.o %.mod.o
	$(LD) -r -o $@ $^

clean:
	rm -f $(ldm_modules) $(obj-m) $(ldm_parts) $(obj-m:.o=.mod.c) $(obj-m:.o=.mod.o) \
		.ldm-modpost .ldm-modules
	rm -rf $(ldm_absent)

.SECONDARY:

endif
