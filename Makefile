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

# ---------------------------------------------------------------------------
# Installing it like a real driver (Documentation/gpu/gensim/install.rst):
#   make install [PREFIX=/usr/local] [DESTDIR=]   the device process, the tools,
#                   the uapi header, libgensim, pkg-config files, man pages,
#                   the udev rule, the systemd unit, sysusers.d and modprobe.d
#                   files; with no DESTDIR, as root, it then creates the gensim
#                   user and reloads ldconfig, systemd and udev
#   make uninstall  the same PREFIX and DESTDIR: removes exactly those files
#   make dkms-install    the module sources to /usr/src/gensim-$(GENSIM_VERSION),
#                   then dkms add and dkms install for every installed kernel
#                   with headers (dkms.conf); make dkms-uninstall undoes it
#   make dkms-source DESTDIR=...   only the copy of the sources (packaging)
#   scripts/test-install           checks all of it without touching the system

# DRIVER_MAJOR.DRIVER_MINOR of gensim_drv.h and dkms.conf's PACKAGE_VERSION
# (scripts/test-install checks that they agree).
GENSIM_VERSION := 0.1
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
SBINDIR ?= $(PREFIX)/sbin
INCLUDEDIR ?= $(PREFIX)/include
# Debian's multiarch directory for PREFIX=/usr: LIBDIR=/usr/lib/x86_64-linux-gnu
LIBDIR ?= $(PREFIX)/lib
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
MANDIR ?= $(PREFIX)/share/man
# udev, systemd, systemd-sysusers and modprobe read these under /usr/lib and
# /usr/local/lib alike (systemd 252, kmod 30).
UDEVRULESDIR ?= $(PREFIX)/lib/udev/rules.d
SYSTEMDUNITDIR ?= $(PREFIX)/lib/systemd/system
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
MODPROBEDIR ?= $(PREFIX)/lib/modprobe.d
DKMSSRCDIR ?= /usr/src/gensim-$(GENSIM_VERSION)
INSTALL ?= install

RELEASE_BIN := build/release/bin
INSTALL_BINS := gensim-run gensim-draw gensim-as gensim-dis
INSTALL_SBINS := gensim-device
INSTALL_MAN1 := man/gensim-run.1 man/gensim-draw.1 man/gensim-as.1 man/gensim-dis.1
INSTALL_MAN8 := man/gensim-device.8

# libgensim, the userspace driver library (userspace-device/libgensim/):
# its shared library, public headers and libgensim.pc are installed when
# LIBGENSIM is 1, its default when the library is in the tree.  The static
# libgensim.a is not installed (its in-process backend needs the device
# library, which is not either).
LIBGENSIM_DIR := userspace-device/libgensim
LIBGENSIM ?= $(if $(wildcard $(LIBGENSIM_DIR)/libgensim.mk),1,0)
LIBGENSIM_VERSION = $(shell sed -n 's/^GSIM_VERSION := *//p' $(LIBGENSIM_DIR)/libgensim.mk)
LIBGENSIM_HEADERS = $(notdir $(wildcard $(LIBGENSIM_DIR)/include/gensim/*.h))

# pkg-config variables relative to ${prefix} when they are under PREFIX.
pc_rel = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))
PC_SED = -e 's|@prefix@|$(PREFIX)|g' -e 's|@libdir@|$(call pc_rel,$(LIBDIR))|g' \
	-e 's|@includedir@|$(call pc_rel,$(INCLUDEDIR))|g'

# Every file make install writes (make uninstall removes these).
INSTALLED_FILES = \
	$(addprefix $(BINDIR)/,$(INSTALL_BINS)) \
	$(addprefix $(SBINDIR)/,$(INSTALL_SBINS)) \
	$(INCLUDEDIR)/drm/gensim_drm.h \
	$(PKGCONFIGDIR)/gensim-drm.pc \
	$(addprefix $(MANDIR)/man1/,$(notdir $(INSTALL_MAN1))) \
	$(addprefix $(MANDIR)/man8/,$(notdir $(INSTALL_MAN8))) \
	$(UDEVRULESDIR)/70-gensim.rules \
	$(SYSTEMDUNITDIR)/gensim-device@.service \
	$(SYSUSERSDIR)/gensim.conf \
	$(MODPROBEDIR)/gensim.conf
ifeq ($(LIBGENSIM),1)
INSTALLED_FILES += \
	$(LIBDIR)/libgensim.so.$(LIBGENSIM_VERSION) $(LIBDIR)/libgensim.so.0 $(LIBDIR)/libgensim.so \
	$(addprefix $(INCLUDEDIR)/gensim/,$(LIBGENSIM_HEADERS)) \
	$(PKGCONFIGDIR)/libgensim.pc
endif

.PHONY: install install-files install-activate uninstall install-manifest \
	dkms-source dkms-install dkms-uninstall

# Builds what it installs (the device, its tools and libgensim), not the
# module: that is DKMS's (make dkms-install).
install: device
	@$(MAKE) --no-print-directory install-files
ifeq ($(DESTDIR),)
	@$(MAKE) --no-print-directory install-activate
endif

install-files:
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(SBINDIR) $(DESTDIR)$(INCLUDEDIR)/drm \
		$(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man8 \
		$(DESTDIR)$(UDEVRULESDIR) $(DESTDIR)$(SYSTEMDUNITDIR) $(DESTDIR)$(SYSUSERSDIR) \
		$(DESTDIR)$(MODPROBEDIR)
	$(INSTALL) -m 755 $(addprefix $(RELEASE_BIN)/,$(INSTALL_BINS)) $(DESTDIR)$(BINDIR)/
	$(INSTALL) -m 755 $(addprefix $(RELEASE_BIN)/,$(INSTALL_SBINS)) $(DESTDIR)$(SBINDIR)/
	$(INSTALL) -m 644 uapi/drm/gensim_drm.h $(DESTDIR)$(INCLUDEDIR)/drm/
	sed $(PC_SED) -e 's|@version@|$(GENSIM_VERSION)|g' dist/gensim-drm.pc.in \
		>$(DESTDIR)$(PKGCONFIGDIR)/gensim-drm.pc
	$(INSTALL) -m 644 $(INSTALL_MAN1) $(DESTDIR)$(MANDIR)/man1/
	$(INSTALL) -m 644 $(INSTALL_MAN8) $(DESTDIR)$(MANDIR)/man8/
	$(INSTALL) -m 644 dist/70-gensim.rules $(DESTDIR)$(UDEVRULESDIR)/70-gensim.rules
	sed -e 's|@SBINDIR@|$(SBINDIR)|g' dist/gensim-device@.service.in \
		>$(DESTDIR)$(SYSTEMDUNITDIR)/gensim-device@.service
	$(INSTALL) -m 644 dist/gensim.sysusers $(DESTDIR)$(SYSUSERSDIR)/gensim.conf
	$(INSTALL) -m 644 dist/gensim.modprobe $(DESTDIR)$(MODPROBEDIR)/gensim.conf
ifeq ($(LIBGENSIM),1)
	$(INSTALL) -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR)/gensim
	$(INSTALL) -m 755 build/release/libgensim.so.$(LIBGENSIM_VERSION) $(DESTDIR)$(LIBDIR)/
	ln -sf libgensim.so.$(LIBGENSIM_VERSION) $(DESTDIR)$(LIBDIR)/libgensim.so.0
	ln -sf libgensim.so.0 $(DESTDIR)$(LIBDIR)/libgensim.so
	$(INSTALL) -m 644 $(addprefix $(LIBGENSIM_DIR)/include/gensim/,$(LIBGENSIM_HEADERS)) \
		$(DESTDIR)$(INCLUDEDIR)/gensim/
	sed $(PC_SED) -e 's|@version@|$(LIBGENSIM_VERSION)|g' $(LIBGENSIM_DIR)/libgensim.pc.in \
		>$(DESTDIR)$(PKGCONFIGDIR)/libgensim.pc
endif

# On the running system (no DESTDIR), as root: what a package's postinst
# does.  Each step is skipped, saying so, where its tool or daemon is absent.
install-activate:
	@if [ "$$(id -u)" != 0 ]; then \
		echo "install: not root: run systemd-sysusers, ldconfig, systemctl daemon-reload and udevadm control --reload yourself"; \
		exit 0; \
	fi; \
	if command -v systemd-sysusers >/dev/null; then \
		echo "systemd-sysusers $(SYSUSERSDIR)/gensim.conf"; systemd-sysusers $(SYSUSERSDIR)/gensim.conf; \
	else echo "install: no systemd-sysusers: create the system user gensim yourself"; fi; \
	if [ "$(LIBGENSIM)" = 1 ]; then echo ldconfig; ldconfig; fi; \
	if [ -d /run/systemd/system ]; then echo "systemctl daemon-reload"; systemctl daemon-reload; \
	else echo "install: systemd is not running: no daemon-reload"; fi; \
	if udevadm control --ping 2>/dev/null; then echo "udevadm control --reload"; udevadm control --reload; \
	else echo "install: udevd is not running: no rules reload"; fi

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED_FILES))
	-rmdir $(DESTDIR)$(INCLUDEDIR)/gensim 2>/dev/null
ifeq ($(DESTDIR),)
	@if [ "$$(id -u)" = 0 ]; then \
		[ "$(LIBGENSIM)" != 1 ] || ldconfig; \
		[ ! -d /run/systemd/system ] || systemctl daemon-reload; \
		! udevadm control --ping 2>/dev/null || udevadm control --reload; \
	fi
	@echo "uninstall: the gensim user is left in place (userdel gensim removes it)"
endif

# One path a line, without DESTDIR: what make install writes.
install-manifest:
	@printf '%s\n' $(INSTALLED_FILES)

# The module's sources, no more: what kbuild needs (Kbuild, the driver, the
# uapi headers) and dkms.conf; generated files are left out.
DKMS_SRCS = Kbuild dkms.conf drivers/gpu/drm/gensim/Makefile \
	$(filter-out %.mod.c,$(wildcard drivers/gpu/drm/gensim/*.[ch])) \
	$(wildcard uapi/*.h uapi/drm/*.h)

dkms-source:
	rm -rf $(DESTDIR)$(DKMSSRCDIR)
	@echo "install: $(words $(DKMS_SRCS)) module source files to $(DESTDIR)$(DKMSSRCDIR)"
	@for f in $(DKMS_SRCS); do \
		$(INSTALL) -D -m 644 $$f $(DESTDIR)$(DKMSSRCDIR)/$$f || exit 1; \
	done

# dkms install for every kernel with headers; dkms skips (exit 77) the
# kernels dkms.conf's BUILD_EXCLUSIVE_* rule out.
dkms-install:
	@[ "$$(id -u)" = 0 ] || { echo "dkms-install: needs root"; exit 1; }
	@command -v dkms >/dev/null || { echo "dkms-install: apt install dkms"; exit 1; }
	@if dkms status -m gensim -v $(GENSIM_VERSION) | grep -q .; then \
		echo "dkms remove gensim/$(GENSIM_VERSION) --all"; \
		dkms remove gensim/$(GENSIM_VERSION) --all || exit 1; \
	fi
	@$(MAKE) --no-print-directory dkms-source DESTDIR=
	dkms add gensim/$(GENSIM_VERSION)
	@for k in $$(ls /lib/modules); do \
		[ -e /lib/modules/$$k/build/Makefile ] || continue; \
		echo "dkms install gensim/$(GENSIM_VERSION) -k $$k"; \
		dkms install gensim/$(GENSIM_VERSION) -k $$k; rc=$$?; \
		[ $$rc = 0 ] || [ $$rc = 77 ] || exit $$rc; \
	done

dkms-uninstall:
	@[ "$$(id -u)" = 0 ] || { echo "dkms-uninstall: needs root"; exit 1; }
	@if dkms status -m gensim -v $(GENSIM_VERSION) | grep -q .; then \
		echo "dkms remove gensim/$(GENSIM_VERSION) --all"; \
		dkms remove gensim/$(GENSIM_VERSION) --all || exit 1; \
	fi
	rm -rf $(DKMSSRCDIR)

# ---------------------------------------------------------------------------
# make htmldocs: the book (Documentation/gpu/gensim/) as HTML in
# build/htmldocs/, with the driver's kernel-doc comments pulled in by the
# kernel's own kernel-doc Sphinx extension (scripts/htmldocs extracts it
# from linux-source-6.12 into build/htmldocs-tools/).  Debian's
# python3-sphinx; every warning, Sphinx's or kernel-doc's, is an error.
.PHONY: htmldocs
htmldocs:
	@scripts/htmldocs
