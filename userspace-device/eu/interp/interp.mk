# SPDX-License-Identifier: MIT
#
# The Gen8 EU interpreter (Documentation/gpu/gensim/eu-interpreter.rst):
# one hardware thread's state (include/gseu/eu_thread.h) and the predecoded
# executor that runs Gen8 machine code on it.

LIB_SRCS += \
	eu/interp/interp_program.c \
	eu/interp/interp_run.c \
	eu/interp/interp_exec.c \
	eu/interp/interp_fast.c \
	eu/interp/interp_convert.c \
	eu/interp/interp_flow.c \
	eu/interp/interp_insns.c

# The semantics of each instruction, one file per family: the names in
# the semantics column of include/gseu/eu_insns.def (GSI_SEM in each).
LIB_SRCS += \
	eu/interp/insns/alu_move.c \
	eu/interp/insns/alu_logic.c \
	eu/interp/insns/alu_cmp.c \
	eu/interp/insns/alu_arith.c \
	eu/interp/insns/alu_bits.c \
	eu/interp/insns/alu_vec.c \
	eu/interp/insns/math.c \
	eu/interp/insns/macro.c \
	eu/interp/insns/flow_struct.c \
	eu/interp/insns/flow_jump.c \
	eu/interp/insns/flow_goto.c \
	eu/interp/insns/flow_branch.c \
	eu/interp/insns/send.c \
	eu/interp/insns/wait.c \
	eu/interp/insns/nop.c

# Float kernels run under the rounding mode cr0 selects (fesetround):
# keep the compiler from assuming round-to-nearest there.  The register
# file is read and written at every element type (the fast path reads a
# register written as uint32_t lanes as floats): no type-based aliasing.
$(O)/eu/interp/interp_convert.o $(O)/eu/interp/interp_exec.o \
$(O)/eu/interp/interp_fast.o: ALL_CFLAGS += -frounding-math -fno-strict-aliasing
$(O)/eu/interp/insns/%.o: ALL_CFLAGS += -frounding-math -fno-strict-aliasing

LDLIBS += -lm

$(O)/eu/interp/tests/%.o: ALL_CFLAGS += -I$(CURDIR)/tests -I$(CURDIR)/eu/interp/tests

# The macro test's host reference divides under the mode it sets.
$(O)/eu/interp/tests/test_interp_macro.o: ALL_CFLAGS += -frounding-math

INTERP_TEST_COMMON := eu/interp/tests/it_util.c tests/tap.c

$(eval $(call test,test_interp_alu,eu/interp/tests/test_interp_alu.c $(INTERP_TEST_COMMON)))
$(eval $(call test,test_interp_float,eu/interp/tests/test_interp_float.c $(INTERP_TEST_COMMON)))
$(eval $(call test,test_interp_region,eu/interp/tests/test_interp_region.c $(INTERP_TEST_COMMON)))
$(eval $(call test,test_interp_flow,eu/interp/tests/test_interp_flow.c $(INTERP_TEST_COMMON)))
$(eval $(call test,test_interp_goto,eu/interp/tests/test_interp_goto.c $(INTERP_TEST_COMMON)))
$(eval $(call test,test_interp_math,eu/interp/tests/test_interp_math.c $(INTERP_TEST_COMMON)))
$(eval $(call test,test_interp_kernels,eu/interp/tests/test_interp_kernels.c $(INTERP_TEST_COMMON)))
$(eval $(call test,test_interp_table,eu/interp/tests/test_interp_table.c $(INTERP_TEST_COMMON)))
$(eval $(call test,test_interp_macro,eu/interp/tests/test_interp_macro.c $(INTERP_TEST_COMMON)))
$(eval $(call test,test_interp_fast,eu/interp/tests/test_interp_fast.c $(INTERP_TEST_COMMON)))
