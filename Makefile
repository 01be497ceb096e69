# SPDX-License-Identifier: GPL-2.0
#
# gensim top level.
#   make            build the module (against the installed 6.12 headers) and the device
#   make demo       install what is missing, build, boot the VM, bring the stack up, explain
#   make check      every gate and every test; ends with "N passed, M failed"
#   make bench      benchmarks (ratios against a baseline measured in the same run)
#   make fuzz       the libFuzzer targets, each for a minute (FUZZ_TIME=s for longer)
#   make load       on a root host running the kernel the module was built for:
#                   insmod, start gensim-device, wait for the render node
#   make unload     the reverse; leaves no module, process or device node
#   make vm-run CMD="..."   run a command as root in the VM rig
#   make debug-kernel   build the debugging 6.12 kernel (KASAN, lockdep, UBSAN,
#                   kmemleak...) for scripts/vm-run --kernel debug; 6 min on an idle
#                   2-CPU machine the first time, cached afterwards
#   make debug-module   build gensim.ko against it into build/debug-module/
#   make device-map     the device's blocks and the includes between them
#                   (scripts/device-layers; DOT=1 for Graphviz)

# The kernel to build for: the running one if it is a 6.12, else the newest
# installed 6.12.
KVER ?= $(shell scripts/kver)
KDIR ?= /lib/modules/$(KVER)/build

KO := drivers/gpu/drm/gensim/gensim.ko
KSRCS := Kbuild drivers/gpu/drm/gensim/Makefile $(wildcard drivers/gpu/drm/gensim/*.[ch] uapi/*.h uapi/drm/*.h)
DEVICE := build/release/bin/gensim-device
# Deferred (=): only rules that need them pay for the find.
DEVICE_SRCS = $(shell find userspace-device -name '*.[ch]' -o -name '*.mk' -o -name '*.def' -o -name Makefile 2>/dev/null) \
	$(wildcard uapi/*.h drivers/gpu/drm/gensim/gensim_regs.h)
IGT_SRCS = $(shell find igt-tests -name '*.[ch]' -o -name Makefile 2>/dev/null)
IGT_STAMP := build/igt/.built

.PHONY: all module device igt check bench fuzz load unload demo vm-run deps clean device-map \
	debug-kernel debug-module
all: module device igt

module: $(KO)
$(KO): $(KSRCS)
	@test -d "$(KDIR)" || { echo "no kernel headers for $(KVER) (apt install linux-headers-6.12-amd64)"; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR) W=1 modules

device: $(DEVICE)
$(DEVICE): $(DEVICE_SRCS)
	$(MAKE) -C userspace-device
	@touch $@

igt: $(IGT_STAMP)
$(IGT_STAMP): $(IGT_SRCS) $(wildcard uapi/*.h uapi/drm/*.h) $(DEVICE)
	$(MAKE) -C igt-tests
	@touch $@

check:
	@scripts/check.sh

bench: all
	@scripts/bench.sh

fuzz: device
	@scripts/fuzz.sh

# Inside the VM rig the checkout is read-only: load what the host built.
ifeq ($(GENSIM_IN_VM),1)
load:
else
load: $(KO) $(DEVICE)
endif
	@scripts/gensim-load

unload:
	@scripts/gensim-unload

demo:
	@scripts/demo.sh

vm-run: all
	scripts/vm-run -- $(CMD)

deps:
	scripts/install-deps

# Cached in ${GENSIM_CACHE:-/var/cache/gensim}/debug-kernel/<key>/: a no-op
# that prints the directory once built.
device-map:
	@scripts/device-layers $(if $(DOT),--dot)

debug-kernel:
	@scripts/debug-kernel

# kbuild cannot put an external module's objects elsewhere: this builds a
# copy of the sources, so the stock and the debug gensim.ko coexist.
debug-module: debug-kernel
	@scripts/debug-kernel --module

# Not the kbuild clean: with M= it deletes every *.[aios] file in the checkout.
clean:
	rm -rf build
	rm -f Module.symvers modules.order .module-common.o
	cd drivers/gpu/drm/gensim && rm -f *.o *.ko *.mod *.mod.c .*.cmd modules.order
