#!/bin/sh
# make bench: every benchmark prints its measurements beside a baseline
# measured in the same run, and the ratio.  Nothing here asserts a speed.
#
#   native: the device channel (bench_channel: register round trips beside
#           a pipe ping-pong), the blitter (bench_blt: XY_SRC_COPY_BLT and
#           XY_COLOR_BLT of 64 MiB beside memcpy/memset of the same bytes)
#           and the EU array (bench_eu: interpreter vs a native C loop,
#           1..N workers);
#   VM:     exec-nop latency and throughput per engine beside a pipe
#           ping-pong, and blit bandwidth beside memcpy (gensim_bench),
#           all measured inside the same TCG guest.
#
# bench_channel and bench_blt measure each figure over several rounds with
# the baseline interleaved, and print the median [min-max]; every line
# says which direction is better.  The machine's other load moves single
# figures a lot: read the medians and the ratios.
set -eu
cd "$(dirname "$0")/.."
make -s all
echo "== native (this machine, $(nproc) cores)"
build/release/bin/bench_channel
build/release/bin/bench_blt | grep -v '^ok\|^1\.\.'
build/release/bin/bench_eu | grep -v '^ok\|^1\.\.'
echo "== in the VM (QEMU TCG: every number is slower than native, the ratios are what to read)"
scripts/vm-run --timeout 1200 -- build/igt/gensim_bench 2>&1 |
	grep -E '^# [^s=]|^not ok|^ok' | sed 's/^# //'
