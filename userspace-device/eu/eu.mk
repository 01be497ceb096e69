# SPDX-License-Identifier: MIT
#
# The Gen8 EU instruction layer (Documentation/gpu/gensim/eu-isa.rst):
# one instruction table (include/gseu/eu_insns.def) and one field table
# (eu/eu_fields.def) drive the decoder, encoder, compaction codec,
# disassembler and assembler.

LIB_SRCS += \
	eu/eu_tables.c \
	eu/eu_error.c \
	eu/eu_form.c \
	eu/eu_decode.c \
	eu/eu_encode.c \
	eu/eu_compact_tables.c \
	eu/eu_compact.c \
	eu/eu_syntax.c \
	eu/eu_print.c \
	eu/eu_lex.c \
	eu/eu_operand.c \
	eu/eu_parse.c \
	eu/eu_asm.c

# Tests find their input files (eu/tests/*.gsa) through this path (the
# GSEU_TESTDATA environment variable overrides it) and tap.h in tests/.
EU_TESTDATA_CFLAGS := -DGSEU_TESTDATA='"$(CURDIR)/eu/tests"' -I$(CURDIR)/tests
$(O)/eu/tests/%.o: ALL_CFLAGS += $(EU_TESTDATA_CFLAGS)

EU_TEST_COMMON := eu/tests/eu_test_util.c tests/tap.c

$(eval $(call test,test_eu_table,eu/tests/test_eu_table.c $(EU_TEST_COMMON)))
$(eval $(call test,test_eu_codec,eu/tests/test_eu_codec.c $(EU_TEST_COMMON)))
$(eval $(call test,test_eu_compact,eu/tests/test_eu_compact.c $(EU_TEST_COMMON)))
$(eval $(call test,test_eu_asm,eu/tests/test_eu_asm.c $(EU_TEST_COMMON)))
$(eval $(call test,test_eu_gen4asm,eu/tests/test_eu_gen4asm.c $(EU_TEST_COMMON)))
$(eval $(call test,test_eu_fuzz,eu/tests/test_eu_fuzz.c $(EU_TEST_COMMON)))
$(eval $(call test,test_eu_tools,eu/tests/test_eu_tools.c $(EU_TEST_COMMON)))

# test_eu_tools runs the programs of tools/tools.mk.
$(O)/eu/tests/test_eu_tools.o: ALL_CFLAGS += -DGSEU_BINDIR='"$(O)/bin"'
$(O)/tests/test_eu_tools: $(O)/bin/gensim-as $(O)/bin/gensim-dis
include eu/interp/interp.mk
