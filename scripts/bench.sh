#!/bin/sh
# make bench: every benchmark prints its measurements beside a baseline
# measured in the same run, and the ratio.  Nothing here asserts a speed
# (README.md, "Benchmarks", says what each number means).
#
#   native: the device channel (bench_channel: register round trips beside
#           a pipe ping-pong), the command streamers and execlists
#           (bench_cs: MI_NOOP and MI_STORE_DATA_IMM streams beside a C
#           walk of the same batch, batch round trips and batches back to
#           back beside a pipe ping-pong, per engine), the blitter
#           (bench_blt: XY_SRC_COPY_BLT and XY_COLOR_BLT of 64 MiB beside
#           memcpy/memset of the same bytes), the device's resident memory
#           idle and with the EU array at work (bench_mem) and the EU array
#           (bench_eu: interpreter vs a native C loop, 1..N workers);
#   VM:     exec-nop latency and throughput per engine beside a pipe
#           ping-pong, blit bandwidth beside memcpy/memset on the same
#           buffers, the device process's memory and what a VM and a
#           queue cost the kernel (gensim_bench), all measured inside the
#           same TCG guest.
#
# Every timed figure is measured over several rounds with its baseline
# interleaved, and printed as the median [min-max]; every line says which
# direction is better.  Read the medians and the ratios.
#
#   scripts/bench.sh [--native]   (--native: skip the VM)
set -eu
cd "$(dirname "$0")/.."
native_only=0
case ${1:-} in
--native) native_only=1 ;;
"") ;;
*) echo "usage: scripts/bench.sh [--native]" >&2; exit 2 ;;
esac
if [ $native_only = 1 ]; then
	make -s -C userspace-device VARIANT=release all
else
	make -s all
fi
echo "== native (this machine, $(nproc) cores)"
build/release/bin/bench_channel
build/release/bin/bench_cs | grep -v '^ok\|^1\.\.'
build/release/bin/bench_blt | grep -v '^ok\|^1\.\.'
build/release/bin/bench_mem
build/release/bin/bench_eu | grep -v '^ok\|^1\.\.'
[ $native_only = 1 ] && exit 0
echo "== in the VM (QEMU TCG: every number is an emulated machine's, the ratios are what to read)"
scripts/vm-run --timeout 1200 -- build/igt/gensim_bench 2>&1 |
	grep -E '^# [^s=]|^not ok|^ok' | sed 's/^# //'
