#!/bin/sh
# make bench: every benchmark prints its measurements beside a baseline
# measured in the same run, and the ratio.  Nothing here asserts a speed.
set -eu
cd "$(dirname "$0")/.."
make -s -C userspace-device -j2 all
echo "== native (this machine)"
build/release/bin/bench_channel
