# SPDX-License-Identifier: MIT
#
# The EU array and the shared functions (Documentation/gpu/gensim/
# hw-spec-compute.rst): GPGPU walker dispatch onto a pool of host
# workers, the data port, sampler, message gateway and thread spawner.
# Headers: compute/eu_array.h and compute/dispatch.h (the array's API),
# compute/array_priv.h (private).

LIB_SRCS += \
	compute/array.c \
	compute/pool.c \
	compute/sched.c \
	compute/walker.c \
	compute/validate.c \
	compute/kernel.c \
	compute/dispatch.c \
	compute/sfid.c \
	compute/ts.c \
	compute/gateway.c \
	compute/gpumem.c \
	compute/surface.c \
	compute/dp_table.c \
	compute/dp_untyped.c \
	compute/dp_atomic.c \
	compute/dp_scattered.c \
	compute/dp_a64_scattered.c \
	compute/dp_block.c \
	compute/dp_scratch.c \
	compute/dp_a64_block.c \
	compute/dp_media.c \
	compute/dp_typed.c \
	compute/formats.c \
	compute/sampler_state.c \
	compute/texel.c \
	compute/sampler.c \
	compute/urb_msg.c \
	compute/dp_rc.c \
	compute/rc_blend.c

# Tests use the GTT tests' environment (tests/gtt_env.c) and tap.h.
$(O)/compute/tests/%.o $(O)/compute/bench/%.o: ALL_CFLAGS += -I$(CURDIR)/tests \
	-I$(CURDIR)/compute/tests

COMPUTE_TEST_COMMON := compute/tests/compute_env.c tests/gtt_env.c tests/tap.c

$(eval $(call test,test_compute_walker,compute/tests/test_compute_walker.c $(COMPUTE_TEST_COMMON)))
$(eval $(call test,test_compute_dataport,compute/tests/test_compute_dataport.c $(COMPUTE_TEST_COMMON)))
$(eval $(call test,test_compute_atomic,compute/tests/test_compute_atomic.c $(COMPUTE_TEST_COMMON)))
$(eval $(call test,test_compute_barrier,compute/tests/test_compute_barrier.c $(COMPUTE_TEST_COMMON)))
$(eval $(call test,test_compute_kernels,compute/tests/test_compute_kernels.c $(COMPUTE_TEST_COMMON)))
$(eval $(call test,test_compute_sampler,compute/tests/test_compute_sampler.c $(COMPUTE_TEST_COMMON)))
$(eval $(call test,test_compute_errors,compute/tests/test_compute_errors.c $(COMPUTE_TEST_COMMON)))
$(eval $(call test,test_compute_typed,compute/tests/test_compute_typed.c $(COMPUTE_TEST_COMMON)))
$(eval $(call test,test_compute_a64,compute/tests/test_compute_a64.c $(COMPUTE_TEST_COMMON)))
$(eval $(call test,test_compute_scratch,compute/tests/test_compute_scratch.c $(COMPUTE_TEST_COMMON)))
$(eval $(call test,test_compute_igc,compute/tests/test_compute_igc.c compute/tests/igc_bin.c \
	$(COMPUTE_TEST_COMMON)))

# test_compute_igc reads IGC's output from the source tree (compute/tests/data/README).
$(O)/compute/tests/test_compute_igc.o: ALL_CFLAGS += -DCSE_DATA_DIR='"$(CURDIR)/compute/tests/data"'
$(O)/compute/tests/test_compute_igc.o: compute/compute.mk

$(eval $(call program,bench_eu,compute/bench/bench_eu.c compute/tests/compute_env.c \
	tests/gtt_env.c tests/tap.c))
