# SPDX-License-Identifier: MIT
#
# libgensim, the userspace driver library (include/gensim/gensim.h;
# Documentation/gpu/gensim/libgensim.rst), built two ways into $(O):
#   libgensim.a          everything: the driver backend and the in-process
#                        one.  A program that calls gsim_open_inprocess()
#                        links $(LIB) (libgsdev.a, the device model) after
#                        it; one that does not never pulls the model in.
#   libgensim.so.0.1.0   the driver backend only (soname libgensim.so.0,
#                        exports exactly libgensim.map), linked against libc
#                        alone; its gsim_open_inprocess() says -ENOTSUP.
# The driver backend needs the libdrm headers (drm.h, which the uapi
# includes), not libdrm: without them drm_none.c stands in.

GSIM_INC := $(CURDIR)/libgensim/include
ALL_CFLAGS += -I$(GSIM_INC)

GSIM_SRCS := \
	libgensim/error.c \
	libgensim/device.c \
	libgensim/query.c \
	libgensim/memory.c \
	libgensim/submit.c \
	libgensim/fd.c \
	libgensim/batch.c \
	libgensim/batch_gpgpu.c \
	libgensim/batch_blt.c \
	libgensim/batch_3d.c \
	libgensim/dispatch.c \
	libgensim/dispatch_run.c
LIBDRM_CFLAGS := $(shell pkg-config --cflags libdrm 2>/dev/null)
ifneq ($(LIBDRM_CFLAGS),)
GSIM_SRCS += libgensim/drm_node.c libgensim/drm_backend.c libgensim/drm_sync.c
else
GSIM_SRCS += libgensim/drm_none.c
endif
GSIM_INPROC_SRCS := \
	libgensim/inproc.c \
	libgensim/inproc_mem.c \
	libgensim/inproc_engine.c \
	libgensim/inproc_exec.c \
	libgensim/inproc_sync.c
# The OpenCL binary loader (gensim/ocl.h): in libgensim.a for gensim-run and
# the ocl/ tests; not yet exported by the shared library (libgensim.map).
GSIM_OCL_SRCS := \
	libgensim/ocl_bin.c \
	libgensim/ocl_run.c

# One set of objects for both libraries: position-independent.
$(O)/libgensim/%.o: ALL_CFLAGS += -fPIC $(LIBDRM_CFLAGS) -I$(TOP)/uapi/drm

GSIM_VERSION := 0.1.0
GSIM_SONAME := libgensim.so.0
GSIM_A := $(O)/libgensim.a
GSIM_SO := $(O)/libgensim.so.$(GSIM_VERSION)
GSIM_MAP := $(CURDIR)/libgensim/libgensim.map
# Release: every symbol resolved at link time, so the shared library
# provably needs nothing of the device model.  Sanitizer runtimes come
# from the program instead.
ifeq ($(VARIANT),release)
GSIM_SO_LDFLAGS := -Wl,-z,defs
endif

$(GSIM_A): $(patsubst %.c,$(O)/%.o,$(GSIM_SRCS) $(GSIM_INPROC_SRCS) $(GSIM_OCL_SRCS))
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

$(GSIM_SO): $(patsubst %.c,$(O)/%.o,$(GSIM_SRCS) libgensim/inproc_none.c) $(GSIM_MAP)
	@mkdir -p $(dir $@)
	$(CC) -shared -Wl,-soname,$(GSIM_SONAME) -Wl,--version-script=$(GSIM_MAP) \
		$(GSIM_SO_LDFLAGS) $(LDFLAGS_ALL) -o $@ $(filter %.o,$^)
	ln -sf $(notdir $@) $(O)/$(GSIM_SONAME)
	ln -sf $(GSIM_SONAME) $(O)/libgensim.so

# The pkg-config file of a default install; make install would substitute its own.
$(O)/libgensim.pc: libgensim/libgensim.pc.in
	@mkdir -p $(dir $@)
	sed -e 's|@prefix@|/usr/local|' -e 's|@libdir@|$${prefix}/lib|' \
		-e 's|@includedir@|$${prefix}/include|' -e 's|@version@|$(GSIM_VERSION)|' $< >$@

all: $(GSIM_A) $(GSIM_SO) $(O)/libgensim.pc

# $(call gsim_program,name,sources): a program in $(O)/bin linked with
# libgensim.a, then the device library for the in-process backend.
define gsim_program
BINS += $(O)/bin/$(1)
$(O)/bin/$(1): $(patsubst %.c,$(O)/%.o,$(2)) $(GSIM_A) $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(LDFLAGS_ALL) -o $$@ $$(filter %.o,$$^) $(GSIM_A) $(LIB) $$(LDLIBS)
endef

# $(call gsim_test,name,sources): the same, a TAP test in $(O)/tests.
define gsim_test
TESTS += $(O)/tests/$(1)
$(O)/tests/$(1): $(patsubst %.c,$(O)/%.o,$(2)) $(GSIM_A) $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(LDFLAGS_ALL) -o $$@ $$(filter %.o,$$^) $(GSIM_A) $(LIB) $$(LDLIBS)
endef

# The library's own tests: the in-process backend end to end, the shared
# library's exports, and the public headers as C11 and C++.
GSIM_TEST_COMMON := libgensim/tests/gsim_env.c tests/tap.c
$(O)/libgensim/tests/%.o: ALL_CFLAGS += -I$(CURDIR)/tests \
	-DGSIM_EXAMPLES='"$(CURDIR)/examples"'
$(eval $(call gsim_test,test_libgensim_objects,libgensim/tests/test_objects.c \
	$(GSIM_TEST_COMMON)))
$(eval $(call gsim_test,test_libgensim_dispatch,libgensim/tests/test_dispatch.c \
	$(GSIM_TEST_COMMON)))
$(eval $(call gsim_test,test_libgensim_blit,libgensim/tests/test_blit.c $(GSIM_TEST_COMMON)))

# Linked against the shared library alone: what a client of it sees.
TESTS += $(O)/tests/test_libgensim_shared
$(O)/libgensim/tests/test_shared.o: ALL_CFLAGS += -DGSIM_SO='"$(GSIM_SO)"' \
	-DGSIM_HEADERS='"$(GSIM_INC)/gensim"'
$(O)/tests/test_libgensim_shared: $(O)/libgensim/tests/test_shared.o $(O)/tests/tap.o $(GSIM_SO)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $(filter %.o,$^) -L$(O) -lgensim -Wl,-rpath,$(O)

# The headers through the compilers, at run time (they are the test's input).
CXX ?= c++
TESTS += $(O)/tests/test_libgensim_headers
$(O)/libgensim/tests/test_headers.o: ALL_CFLAGS += -DGSIM_CC='"$(CC)"' -DGSIM_CXX='"$(CXX)"' \
	-DGSIM_INCLUDE='"$(GSIM_INC)"'
$(O)/tests/test_libgensim_headers: $(O)/libgensim/tests/test_headers.o $(O)/tests/tap.o
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $(filter %.o,$^)
