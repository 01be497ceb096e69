#!/bin/bash
# make fuzz / make check: build the libFuzzer targets (VARIANT=fuzz: clang,
# ASan, UBSan) and run each from a seed corpus for a fixed number of runs
# with a fixed seed, printing TAP.  A crash, a sanitizer report or a broken
# invariant fails the target; libFuzzer leaves the input under build/fuzz/.
#
# Usage: scripts/fuzz.sh [SCALE]   (runs per target: SCALE x its own count,
#                                   default 1: about a minute each)
#        FUZZ_TIME=SECONDS scripts/fuzz.sh   (run each target this long)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
scale=${1:-1}
out=$top/build/fuzz
mkdir -p "$out"

if ! make -s -C userspace-device VARIANT=fuzz -j2 fuzzers >"$out/build.log" 2>&1; then
	echo "not ok - fuzz@build (see build/fuzz/build.log)"
	tail -n 20 "$out/build.log" | sed 's/^/#   /'
	exit 1
fi

# Seeds: every kernel the project ships, assembled by the release gensim-as.
seeds=$out/seeds/eu
mkdir -p "$seeds"
for s in userspace-device/examples/*.s; do
	build/release/bin/gensim-as -o "$seeds/$(basename "$s" .s).bin" "$s" 2>/dev/null
	build/release/bin/gensim-as --compact -o "$seeds/$(basename "$s" .s).cbin" "$s" 2>/dev/null
done

# Seeds for the command streamers: byte 0 the engine, then batch dwords
# (fuzz/fuzz_cs_batch.c; its data page is PPGTT 0x100000008000).
cs_seeds=$out/seeds/cs
mkdir -p "$cs_seeds"
python3 - "$cs_seeds" <<'PY'
import struct, sys
d = sys.argv[1]
DATA = 0x100000008000
lo, hi = DATA & 0xffffffff, DATA >> 32
seeds = {
    # MI_STORE_DATA_IMM, MI_NOOP, MI_ARB_CHECK
    "rcs-sdi": (0, [0x10000002, lo, hi, 0x1234, 0, 0x05 << 23]),
    # MI_LOAD_REGISTER_IMM GPR0 (whitelisted), MI_MATH LOAD/ADD/STORE, SRM
    "vcs-math": (2, [0x11000001, 0x12600, 7, 0x1a000003, 0x08000000 | 0x20 << 10,
                     0x08000000 | 0x21 << 10 | 1, 0x20000100, 0x18000000 | 0x20 << 10 | 0x2,
                     0x24000002, 0x12600, lo, hi]),
    # XY_COLOR_BLT 32 bpp over the data page, then XY_SRC_COPY_BLT onto itself
    "bcs-blit": (1, [0x54300005, 0x03f00400, 0, 0x00040100, lo, hi, 0x5a5a5a5a,
                     0x54f00008, 0x03cc0400, 0, 0x00020080, lo, hi, 0x00020000, 0x400, lo, hi]),
    # MI_SEMAPHORE_WAIT (poll) that never passes
    "vecs-sem": (3, [0x0e008002, 0xffffffff, lo, hi]),
    # MI_BATCH_BUFFER_START back to itself
    "vcs-loop": (2, [0x18800101, 0x4000, hi]),
    # PIPELINE_SELECT GPGPU, MEDIA_VFE_STATE, MEDIA_STATE_FLUSH
    "rcs-gpgpu": (0, [0x69040302 & ~0x300, 0x70000007, 0, 0, 0x000f0000, 0, 0, 0, 0, 0,
                      0x70040000, 0]),
}
for name, (eng, dws) in seeds.items():
    with open(f"{d}/{name}", "wb") as f:
        f.write(bytes([eng]) + struct.pack(f"<{len(dws)}I", *dws))
PY

status=0
for f in "$out"/fuzz/fuzz_*; do
	[ -x "$f" ] || continue
	name=$(basename "$f")
	corpus=$out/corpus/$name
	mkdir -p "$corpus"
	# Runs per target: about a minute each on two cores.  A command-stream
	# input that hangs costs the 50 ms the target waits before a reset.
	case $name in
	fuzz_eu_*) seed_dir=$seeds runs=150000 ;;
	fuzz_cs_*) seed_dir=$cs_seeds runs=1000 ;;
	*) seed_dir= runs=10000 ;;
	esac
	if [ -n "${FUZZ_TIME:-}" ]; then limit=-max_total_time=$FUZZ_TIME; else limit=-runs=$((runs * scale)); fi
	# shellcheck disable=SC2086
	(cd "$out" && "$f" -seed=1 $limit -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
		-print_final_stats=1 "$corpus" $seed_dir) >"$out/$name.log" 2>&1
	rc=$?
	done_runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/$name.log" | grep -o '[0-9]*$')
	if [ $rc = 0 ]; then
		echo "ok - fuzz@$name (${done_runs:-?} inputs, no crash)"
	else
		echo "not ok - fuzz@$name (exit $rc, see build/fuzz/$name.log)"
		grep -E 'ERROR|runtime error|SUMMARY|Test unit written' "$out/$name.log" | head -n 8 | sed 's/^/#   /'
		status=1
	fi
done
exit $status
