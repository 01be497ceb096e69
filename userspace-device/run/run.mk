# SPDX-License-Identifier: MIT
#
# gensim-run and its library (include/gsrun/gsrun.h): a GPGPU job as GPU
# memory and one batch, run in process on a loopback device or through the
# gensim render node with libdrm.  The tool, the native tests and the IGT
# compute test build their batches with the same run/gsr_batch.c.

GSRUN_SRCS := run/gsr_batch.c run/gsr_loop.c
LIBDRM_CFLAGS := $(shell pkg-config --cflags libdrm 2>/dev/null)
LIBDRM_LIBS := $(shell pkg-config --libs libdrm 2>/dev/null)
ifneq ($(LIBDRM_LIBS),)
GSRUN_DRM := run/gsr_drm.c
$(O)/run/gsr_drm.o: ALL_CFLAGS += $(LIBDRM_CFLAGS) -I$(TOP)/uapi/drm
$(O)/bin/gensim-run: LDLIBS += $(LIBDRM_LIBS)
else
# Without libdrm, --drm says so (run/gsr_nodrm.c).
GSRUN_DRM := run/gsr_nodrm.c
endif

$(eval $(call program,gensim-run,tools/gensim-run.c $(GSRUN_SRCS) $(GSRUN_DRM)))

# The examples through gensim-run, in process (tests/test_gensim_run.c).
$(eval $(call test,test_gensim_run,tests/test_gensim_run.c tests/tap.c))
$(O)/tests/test_gensim_run.o: ALL_CFLAGS += -I$(CURDIR)/tests \
	-DGSRUN_BIN='"$(O)/bin/gensim-run"' -DGSRUN_EXAMPLES='"$(CURDIR)/examples"'
$(O)/tests/test_gensim_run: $(O)/bin/gensim-run
