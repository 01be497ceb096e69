#!/bin/sh
# make bench: every benchmark prints its measurements beside a baseline
# measured in the same run, and the ratio.  Nothing here asserts a speed.
#
#   native: the device channel (bench_channel) and the EU array
#           (bench_eu: interpreter vs a native C loop, 1..N workers);
#   VM:     exec-nop latency and throughput per engine beside a pipe
#           ping-pong, and blit bandwidth beside memcpy (gensim_bench),
#           all measured inside the same TCG guest.
set -eu
cd "$(dirname "$0")/.."
make -s all
echo "== native (this machine, $(nproc) cores)"
build/release/bin/bench_channel
build/release/bin/bench_eu | grep -v '^ok\|^1\.\.'
echo "== in the VM (QEMU TCG: every number is slower than native, the ratios are what to read)"
scripts/vm-run --timeout 1200 -- build/igt/gensim_bench 2>&1 |
	grep -E '^# [^s=]|^not ok|^ok' | sed 's/^# //'
