# Benchmarks: programs that print measurements and ratios against a
# baseline measured in the same run; they assert nothing about speed.
BENCHES :=
$(eval $(call program,bench_channel,bench/bench_channel.c))
