# Benchmarks: programs that print measurements and ratios against a
# baseline measured in the same run; they assert nothing about speed.
BENCHES :=
$(eval $(call program,bench_channel,bench/bench_channel.c))
# bench_blt drives bcs0 with the tests' in-process driver (tests/engine_env.c).
$(O)/bench/bench_blt.o: ALL_CFLAGS += -I$(CURDIR)/tests
$(eval $(call program,bench_blt,bench/bench_blt.c tests/engine_env.c tests/gtt_env.c tests/tap.c))
