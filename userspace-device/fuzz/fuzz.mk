# SPDX-License-Identifier: MIT
#
# libFuzzer targets: make VARIANT=fuzz fuzzers, then scripts/fuzz.sh runs
# each for a bounded time (make check runs them for a minute between them).
# Each target says in its header what it feeds where and which invariants
# it checks; a crash, a sanitizer report or a broken invariant fails it.

FUZZERS :=

# $(call fuzzer,name,sources): a libFuzzer binary in $(O)/fuzz
define fuzzer
FUZZERS += $(O)/fuzz/$(1)
$(O)/fuzz/$(1): $(patsubst %.c,$(O)/%.o,$(2)) $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(LDFLAGS_ALL) -fsanitize=fuzzer -o $$@ $$(filter %.o,$$^) $(LIB) -lm
endef

$(O)/fuzz/%.o: ALL_CFLAGS += -I$(CURDIR)/eu -I$(CURDIR)/tests

$(eval $(call fuzzer,fuzz_eu_decode,fuzz/fuzz_eu_decode.c))
$(eval $(call fuzzer,fuzz_cs_batch,fuzz/fuzz_cs_batch.c tests/engine_env.c tests/gtt_env.c))

.PHONY: fuzzers
fuzzers: $(FUZZERS)
