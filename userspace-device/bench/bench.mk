# Benchmarks: programs that print measurements and ratios against a
# baseline measured in the same run; they assert nothing about speed.
# bench_util.c: the clock, medians, CPU pinning and /proc/self/status.
BENCHES :=
$(eval $(call program,bench_channel,bench/bench_channel.c bench/bench_util.c))
# bench_blt and bench_cs drive engines with the tests' in-process driver
# (tests/engine_env.c).
$(O)/bench/bench_blt.o $(O)/bench/bench_cs.o: ALL_CFLAGS += -I$(CURDIR)/tests
$(eval $(call program,bench_blt,bench/bench_blt.c bench/bench_util.c tests/engine_env.c \
	tests/gtt_env.c tests/tap.c))
$(eval $(call program,bench_cs,bench/bench_cs.c bench/bench_util.c tests/engine_env.c \
	tests/gtt_env.c tests/tap.c))
# bench_mem runs examples/matmul.s through libgensim's in-process device.
$(O)/bench/bench_mem.o: ALL_CFLAGS += -DGSIM_EXAMPLES='"$(CURDIR)/examples"'
$(eval $(call gsim_program,bench_mem,bench/bench_mem.c bench/bench_util.c))
