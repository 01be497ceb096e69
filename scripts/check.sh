#!/bin/bash
# make check: every quality gate and every test, each reported as TAP, and
# a last line "N passed, M failed".  Logs and TAP files: build/check/.
#
# Gates: the module builds with W=1 and sparse (C=2) without a warning;
# checkpatch --strict is clean on the driver and uapi; the device code
# builds with -Wall -Wextra -Werror in three variants.  Tests: the native
# tests (release, ASan+UBSan, TSan) and the IGT-style tests in the VM.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
out=$top/build/check
rm -rf "$out"
mkdir -p "$out"
kver=$(scripts/kver)
kdir=/lib/modules/$kver/build
start=$SECONDS

gate() {	# gate NAME LOGFILE RC
	if [ "$3" = 0 ]; then
		echo "ok - gate@$1" | tee -a "$out/gates.tap"
	else
		echo "not ok - gate@$1 (see ${2#"$top"/})" | tee -a "$out/gates.tap"
		tail -n 20 "$2" | sed 's/^/#   /'
	fi
}

step() { echo "### $* ($((SECONDS - start)) s)"; }

step "prerequisites"
missing=
for c in qemu-system-x86_64 sparse pkg-config clang; do
	command -v $c >/dev/null || missing="$missing $c"
done
[ -d "$kdir" ] || missing="$missing linux-headers-6.12"
[ -f /usr/src/linux-source-6.12.tar.xz ] || missing="$missing linux-source-6.12"
pkg-config --exists libdrm || missing="$missing libdrm-dev"
fuzzer_rt=$(clang -print-file-name=libclang_rt.fuzzer-x86_64.a 2>/dev/null)
[ -f "$fuzzer_rt" ] || missing="$missing libclang-rt-14-dev"
python3 -c 'import docutils' 2>/dev/null || missing="$missing python3-docutils"
if [ -n "$missing" ]; then
	echo "make check: missing:$missing (run scripts/install-deps as root)"
	echo "0 passed, 1 failed"
	exit 1
fi

step "module: W=1 and sparse"
log=$out/module-w1-sparse.log
# Recompile every driver file (W=1 warns only while compiling).  Not the
# kbuild "clean": with M= it deletes every *.[aios] file under the checkout.
rm -f drivers/gpu/drm/gensim/*.o drivers/gpu/drm/gensim/.*.cmd
make -C "$kdir" M="$top" W=1 C=2 modules >"$log" 2>&1
rc=$?
# Anything but the build's own progress lines is a warning.
if [ $rc = 0 ] && grep -v -E '^make|^  (CC|CHECK|LD|MODPOST|BTF|AR)|^Skipping BTF|^$' "$log" >"$out/module-warnings.txt"; then
	rc=1
	cat "$out/module-warnings.txt" >>"$log"
fi
gate "module-W1-sparse" "$log" $rc

step "checkpatch --strict"
cp_dir=$top/build/checkpatch
if [ ! -f "$cp_dir/checkpatch.pl" ]; then
	mkdir -p "$cp_dir"
	tar -xJf /usr/src/linux-source-6.12.tar.xz -C "$cp_dir" --strip-components=2 \
		--wildcards '*/scripts/checkpatch.pl' '*/scripts/spelling.txt' \
		'*/scripts/const_structs.checkpatch' '*/scripts/kernel-doc'
fi
log=$out/checkpatch.log
files=$(ls drivers/gpu/drm/gensim/*.[ch] uapi/*.h uapi/drm/*.h 2>/dev/null | grep -v '\.mod\.c$')
# shellcheck disable=SC2086
perl "$cp_dir/checkpatch.pl" --strict --no-tree --terse --show-types -f $files >"$log" 2>&1
grep -q -E ': (ERROR|WARNING|CHECK):' "$log"
gate "checkpatch-strict" "$log" $((1 - $?))

step "kernel-doc"
log=$out/kernel-doc.log
perl "$cp_dir/kernel-doc" -none -Wall drivers/gpu/drm/gensim/*.[ch] uapi/drm/*.h >"$log" 2>&1
[ -s "$log" ]
gate "kernel-doc" "$log" $((1 - $?))

step "docs: rst"
log=$out/rst.log
python3 scripts/check-rst.py Documentation/gpu/gensim/*.rst >"$log" 2>&1
gate "docs-rst" "$log" $?

for v in release asan tsan; do
	step "device: $v build"
	log=$out/device-$v.log
	make -C userspace-device VARIANT=$v -j2 all tests >"$log" 2>&1
	gate "device-build-$v" "$log" $?
done

step "fuzz: libFuzzer targets (EU decoder and interpreter, command streamers)"
scripts/fuzz.sh | tee "$out/fuzz.tap" | grep -E '^not ok|^#'

step "docs: the spec's register table is the device's"
log=$out/registers-doc.log
build/release/bin/gensim-device --list-registers >"$out/registers.txt" 2>"$log" &&
	diff -u Documentation/gpu/gensim/registers.txt "$out/registers.txt" >>"$log" 2>&1
gate "hw-spec-register-table" "$log" $?

step "igt-tests build"
log=$out/igt-build.log
make -C igt-tests -j2 >"$log" 2>&1
gate "igt-build" "$log" $?

for v in release asan tsan; do
	step "native tests ($v)"
	for t in build/$v/tests/*; do
		[ -x "$t" ] && [ -f "$t" ] || continue
		name=$(basename "$t")
		# Prefix each TAP line with the variant so the summary names it.
		timeout 600 "$t" 2>"$out/$v-$name.stderr" |
			sed -E "s/^(ok|not ok) ([0-9]+) - /\1 \2 - $v\/$name: /" | tee "$out/$v-$name.tap" |
			grep -E '^not ok|^#'
		if ! grep -q '^1\.\.' "$out/$v-$name.tap"; then
			echo "not ok - $v/$name: crashed or timed out" | tee -a "$out/$v-$name.tap"
			tail -n 20 "$out/$v-$name.stderr" | sed 's/^/#   /'
		fi
	done
done

step "VM: IGT-style tests"
make -s all >"$out/build-all.log" 2>&1 || echo "not ok - gate@build-all" | tee -a "$out/gates.tap"
scripts/vm-run --timeout 2400 --results "$out/vm" -- igt-tests/run-in-vm.sh >"$out/vm-console.log" 2>&1
rc=$?
grep -E '^(ok|not ok)|^# [^s=]' "$out/vm-console.log"
if [ $rc = 124 ] || [ $rc = 125 ]; then
	echo "not ok - vm@run (vm-run exit $rc, see build/check/vm-console.log)" | tee "$out/vm-run.tap"
fi

step "summary"
pass=$(cat "$out"/*.tap "$out"/vm/*.tap 2>/dev/null | grep -c '^ok')
fail=$(cat "$out"/*.tap "$out"/vm/*.tap 2>/dev/null | grep -c '^not ok')
skip=$(cat "$out"/*.tap "$out"/vm/*.tap 2>/dev/null | grep -c '^ok.*# SKIP')
if [ "$fail" != 0 ]; then
	echo "failed:"
	cat "$out"/*.tap "$out"/vm/*.tap 2>/dev/null | grep '^not ok' | sed 's/^/  /'
fi
echo "make check took $((SECONDS - start)) s; $skip of the passes are skips"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
