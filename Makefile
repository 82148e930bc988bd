# SPDX-License-Identifier: GPL-2.0-or-later
#
# A thin front to Meson. The two commands the README promises:
#   make demo    install what is missing, build, run the demo
#   make check   install what is missing, build, run every test suite
# and beside them: make check-tsan, make check-stress, make lint,
# make update-golden, make install, make bench, make fuzz, make clean.

PREFIX ?= /usr/local
DESTDIR ?=
CC ?= cc

# Sanitizer runs stop at the first error, and leaks count as errors.
export ASAN_OPTIONS ?= detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=1
export UBSAN_OPTIONS ?= halt_on_error=1:print_stacktrace=1
export TSAN_OPTIONS ?= halt_on_error=1:second_deadlock_stack=1

LOGS := build-logs

# meson-dir DIR OPTIONS: configure DIR, or reconfigure it with OPTIONS.
# OPTIONS with commas must come through a variable: call splits on commas.
define meson-dir
	@if [ -f $(1)/build.ninja ]; then \
		meson setup --reconfigure $(1) $(2) >/dev/null; \
	else \
		meson setup $(1) $(2) >/dev/null; \
	fi
endef

.PHONY: all deps demo check check-asan check-tsan check-stress check-clang check-install \
	lint update-golden install bench fuzz clean

all: deps
	$(call meson-dir,build,--prefix=$(abspath $(PREFIX)) --libdir=lib)
	ninja -C build

deps:
	@scripts/install-deps

demo: all
	scripts/demo build

# Every suite writes its TAP to $(LOGS); sum-tests adds up the closing lines.
check: deps
	@rm -rf $(LOGS) && mkdir -p $(LOGS)
	-@$(MAKE) --no-print-directory check-asan 2>&1 | tee $(LOGS)/asan.log
	-@$(MAKE) --no-print-directory check-tsan 2>&1 | tee $(LOGS)/tsan.log
	-@$(MAKE) --no-print-directory check-clang 2>&1 | tee $(LOGS)/clang.log
	-@$(MAKE) --no-print-directory check-install 2>&1 | tee $(LOGS)/install.log
	-@$(MAKE) --no-print-directory fuzz FUZZ_LIMIT=runs=$(FUZZ_CHECK_RUNS) 2>&1 | tee $(LOGS)/fuzz.log
	-@$(MAKE) --no-print-directory lint 2>&1 | tee $(LOGS)/lint.log
	@scripts/sum-tests $(LOGS)/asan.log $(LOGS)/tsan.log $(LOGS)/clang.log \
		$(LOGS)/install.log $(LOGS)/fuzz.log $(LOGS)/lint.log

# All tests, gcc, AddressSanitizer + UndefinedBehaviorSanitizer + LeakSanitizer,
# with allocation-failure injection compiled in.
ASAN_SETUP := -Db_sanitize=address,undefined -Db_lundef=false -Dfault_injection=true \
	-Dc_args=-fno-sanitize-recover=all
TSAN_SETUP := -Db_sanitize=thread -Db_lundef=false -Dfault_injection=true
FUZZ_SETUP := -Dfuzz=true -Db_sanitize=address -Db_lundef=false

check-asan: deps
	$(call meson-dir,build-asan,$(ASAN_SETUP))
	ninja -C build-asan
	./build-asan/tests/ldm-test

# The concurrency tests under ThreadSanitizer.
check-tsan: deps
	$(call meson-dir,build-tsan,$(TSAN_SETUP))
	ninja -C build-tsan
	./build-tsan/tests/ldm-test --concurrency

# Not part of check: the concurrency, timer, workqueue and ldmd-thread
# tests STRESS_RUNS times, AddressSanitizer build, beside a CPU hog the
# script starts and stops (docs/testing.md).
STRESS_RUNS ?= 20
check-stress: deps
	$(call meson-dir,build-asan,$(ASAN_SETUP))
	ninja -C build-asan
	tests/check-stress build-asan $(STRESS_RUNS)

# Everything built with clang too (-Werror), and the tests run unsanitized.
check-clang: deps
	@if [ -f build-clang/build.ninja ]; then \
		meson setup --reconfigure build-clang -Dfault_injection=true >/dev/null; \
	else \
		CC=clang meson setup build-clang -Dfault_injection=true >/dev/null; \
	fi
	ninja -C build-clang
	./build-clang/tests/ldm-test

# Install into a scratch DESTDIR and build programs against it as a user would.
check-install: deps
	tests/install/check-install

# After a change of output that is meant: rewrite tests/golden/ from what
# the programs print now, then read `git diff tests/golden` before committing.
update-golden: all
	LDM_GOLDEN_UPDATE=1 ./build/tests/ldm-test $$(./build/tests/ldm-test --list | grep golden)

# clang-format, cppcheck and the layer rule (docs/architecture.md).
lint: all
	scripts/lint build

install: all
	DESTDIR=$(DESTDIR) meson install -C build --no-rebuild

# Each benchmark prints its goals beside its figures, "ok" or "MISSED", and
# exits 1 on a miss; all of them run, then bench fails if one missed
# (docs/bench.md). Never part of check: tests do not measure time.
BENCHES := bench-kobject bench-platform bench-hw bench-module bench-ldmd bench-audit
bench: all
	@uptime
	@missed=; for b in $(BENCHES); do \
		echo "== $$b"; ./build/bench/$$b || missed="$$missed $$b"; \
	done; \
	if [ -n "$$missed" ]; then echo "bench: goals MISSED in:$$missed"; exit 1; fi; \
	echo "bench: every goal ok"

# The libFuzzer targets, clang + AddressSanitizer: the module loader's from
# the .ko files the build makes, the board parser's from its .dtb files, the
# control protocol's from a request of each kind; a crash or a leak fails it
# and leaves its input in $(FUZZ_DIR)/fuzz/ (docs/modules.md, docs/boards.md).
# `make fuzz` explores, each for FUZZ_TIME seconds from a random seed; check
# runs FUZZ_CHECK_RUNS inputs each from a fixed seed and the build's seeds
# alone, the same inputs on any machine, so that its verdict is not luck.
FUZZ_TIME ?= 60
FUZZ_CHECK_RUNS ?= 300000
FUZZ_LIMIT ?= $(FUZZ_TIME)
FUZZ_DIR ?= build-fuzz
fuzz: deps
	@if [ -f $(FUZZ_DIR)/build.ninja ]; then \
		meson setup --reconfigure $(FUZZ_DIR) $(FUZZ_SETUP) >/dev/null; \
	else \
		CC=clang meson setup $(FUZZ_DIR) $(FUZZ_SETUP) >/dev/null; \
	fi
	ninja -C $(FUZZ_DIR) fuzz/fuzz-module fuzz/fuzz-board fuzz/fuzz-control fuzz-seeds
	fuzz/run-fuzz $(FUZZ_DIR) $(FUZZ_LIMIT)

clean:
	rm -rf build build-asan build-tsan build-clang build-install build-fuzz $(LOGS)
