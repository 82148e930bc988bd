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
# Variables: LDM (the ldm command), LDM_CFLAGS (where <ldm/...> is), CC, LD,
# EXTRA_CFLAGS (added to every compile), LDM_MODPOST_WARN.

LDM ?= $(shell pkg-config --variable=ldm ldm-module)
LDM_CFLAGS ?= $(shell pkg-config --cflags ldm-module)
CC ?= cc
LD ?= ld

LDM_MODULE_CFLAGS := -DMODULE -fPIC -fno-common -fno-stack-protector \
	-fno-asynchronous-unwind-tables -O2 -std=gnu11 \
	-Wall -Wno-unused-function

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

$(filter-out $(obj-m),$(ldm_parts)) $(filter-out $(ldm_composites:=.o),$(obj-m)): %.o: %.c
	$(CC) $(LDM_MODULE_CFLAGS) $(LDM_CFLAGS) $(EXTRA_CFLAGS) -c -o $@ $<

# One modpost run sees every module of the build, for exports between them.
.ldm-modpost: $(obj-m)
	$(LDM) modpost $(if $(filter 1,$(LDM_MODPOST_WARN)),--warn) $(obj-m)
	@touch $@

%.mod.c: .ldm-modpost
	@test -f $@

%.mod.o: %.mod.c
	$(CC) $(LDM_MODULE_CFLAGS) $(LDM_CFLAGS) -c -o $@ $<

%.ko: %.o %.mod.o
	$(LD) -r -o $@ $^

clean:
	rm -f $(ldm_modules) $(obj-m) $(ldm_parts) $(obj-m:.o=.mod.c) $(obj-m:.o=.mod.o) \
		.ldm-modpost

.SECONDARY:
