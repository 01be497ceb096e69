#!/bin/sh
# Run the IGT-style tests inside the VM (scripts/vm-run runs this as root).
# Each test binary's TAP goes to the console as it arrives and to
# $GENSIM_RESULTS/<test>.tap; between binaries the stack is unloaded so each
# starts from a clean kernel.
#
# usage: igt-tests/run-in-vm.sh [TEST...]
#   TESTs: the arguments, else $GENSIM_VM_TESTS, else all of them (TESTS in
#   igt-tests/Makefile).
#
# Each binary runs under scripts/run-tap.sh: its output goes to a file, not
# through a pipe, so its exit status is its own; a binary that outlives
# $GENSIM_TEST_TIMEOUT seconds (default 1800, 3600 on a debug kernel) is
# killed and reported "not ok - <binary>@<subtest> # TIMEOUT: killed after
# S s" with the subtest it was in, and one that dies or exits without its
# TAP plan is a failure too.  IGT_SUBTEST_TIMEOUT (default 1200 s, 2400 on
# a debug kernel) is the harness's own limit for one subtest (igt_core.c).
# The limits catch hangs, not slowness: under TCG on a loaded 2-core host
# gensim_lifecycle@load-unload alone has taken more than 600 s.
#
# After the tests: the kernel log of the run must hold none of the lines
# igt-tests/dmesg-bad-patterns lists (vm@dmesg-clean); on a kernel with
# kmemleak (the debug kernel), the stack is unloaded, kmemleak scans, and a
# leak whose report mentions gensim fails vm@kmemleak.
# This is /bin/sh (dash): no pipefail, no bashisms.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
out=${GENSIM_RESULTS:-/tmp}
export GENSIM_TOP="$top"
# All of them: igt-tests/Makefile's TESTS, in this order first.
order="gensim_uio gensim_lifecycle gensim_core gensim_gem gensim_vm gensim_prime gensim_exec gensim_blt gensim_compute gensim_ioctl_fuzz"
mk=$(sed -n 's/^TESTS[[:space:]]*[:+]*=//p' "$top/igt-tests/Makefile" 2>/dev/null | tr '\n\t' '  ')
all=
for t in $order $mk; do
	case " $mk " in *" $t "*) ;; *) continue ;; esac
	case " $all " in *" $t "*) ;; *) all="$all $t" ;; esac
done
[ -n "$all" ] || all=$order
if [ $# -gt 0 ]; then
	tests=$*
else
	tests=${GENSIM_VM_TESTS:-$all}
fi
patterns=$top/igt-tests/dmesg-bad-patterns
kmemleak=/sys/kernel/debug/kmemleak
status=0

# A debug kernel (KASAN, lockdep, kmemleak) runs everything several times
# slower: longer limits.
case $(uname -r) in
*-gensim-debug) debug=1 ;;
*) debug=0 ;;
esac
[ -e "$kmemleak" ] || [ -e /proc/lockdep ] && debug=1
if [ $debug = 1 ]; then
	limit=${GENSIM_TEST_TIMEOUT:-3600}
	export IGT_SUBTEST_TIMEOUT="${IGT_SUBTEST_TIMEOUT:-2400}"
	# Loops that repeat an operation for strength (load/unload cycles,
	# churn and race iterations, fuzz calls) run 40 % of their count: the
	# checkers see every path on the first iterations, and the stock
	# kernel's runs keep the full counts.
	export IGT_ITERATION_PERCENT="${IGT_ITERATION_PERCENT:-40}"
else
	limit=${GENSIM_TEST_TIMEOUT:-1800}
	export IGT_SUBTEST_TIMEOUT="${IGT_SUBTEST_TIMEOUT:-1200}"
fi
echo "# kernel $(uname -r)$([ $debug = 1 ] && echo ' (debug)'); limits: $limit s a binary," \
	"$([ "$IGT_SUBTEST_TIMEOUT" = 0 ] && echo none || echo "$IGT_SUBTEST_TIMEOUT s") a subtest," \
	"loops at ${IGT_ITERATION_PERCENT:-100} %"

# Marks in the kernel log (info level: not on the console): which binary
# ran when a report appeared.
kmark() {
	echo "<6>gensim-igt: $*" >/dev/kmsg 2>/dev/null
}
run_id="run-in-vm.sh starts ($$ $(date +%s))"
kmark "$run_id"

for t in $tests; do
	echo "# === $t"
	kmark "=== $t"
	t0=$(date +%s)
	"$top/scripts/run-tap.sh" --timeout "$limit" --name "$t@harness" \
		"$out/$t.tap" -- "$top/build/igt/$t" || status=1
	echo "# === $t ($(($(date +%s) - t0)) s)"
	make -s -C "$top" unload >/dev/null 2>&1
done
kmark "=== tests done"

# The patterns file: fixed strings; "!" lines are exceptions.
bad=$out/.dmesg-bad
okpat=$out/.dmesg-ok
grep -v -e '^#' -e '^!' -e '^[[:space:]]*$' "$patterns" >"$bad"
sed -n 's/^!//p' "$patterns" >"$okpat"

# Every bad line of the kernel log, "<binary>: <line>" (the binary that ran
# then; "boot" before the tests started).
# Without the start mark (the log wrapped, or /dev/kmsg refused it), every
# line counts as the tests'.
dmesg >"$out/dmesg.txt"
marked=0
grep -q -F "gensim-igt: $run_id" "$out/dmesg.txt" && marked=1
awk -v id="gensim-igt: $run_id" -v marked=$marked '
	BEGIN { if (!marked) { started = 1; who = "unknown" } }
	index($0, id) { started = 1; who = "start" }
	started && /gensim-igt: === / { who = $0; sub(/.*gensim-igt: === /, "", who) }
	{ print (started ? who : "boot") ": " $0 }' "$out/dmesg.txt" |
	grep -F -f "$bad" | grep -v -F -f "$okpat" >"$out/dmesg-bad.txt"
# Reports from before the tests started are the kernel's own (the debug
# kernel under TCG, say): listed, not failed.
grep '^boot: ' "$out/dmesg-bad.txt" >"$out/dmesg-bad-boot.txt"
grep -v '^boot: ' "$out/dmesg-bad.txt" >"$out/dmesg-bad-run.txt"
if [ -s "$out/dmesg-bad-run.txt" ]; then
	n=$(wc -l <"$out/dmesg-bad-run.txt")
	{
		echo "not ok - vm@dmesg-clean # $n kernel log reports during the tests:"
		head -n 50 "$out/dmesg-bad-run.txt" | sed 's/^/# /'
	} >"$out/vm-dmesg.tap"
	status=1
else
	echo "ok - vm@dmesg-clean" >"$out/vm-dmesg.tap"
fi
if [ -s "$out/dmesg-bad-boot.txt" ]; then
	echo "# the kernel log had reports before the tests started (not gensim's):" >>"$out/vm-dmesg.tap"
	head -n 20 "$out/dmesg-bad-boot.txt" | sed 's/^/# /' >>"$out/vm-dmesg.tap"
fi
cat "$out/vm-dmesg.tap"

# kmemleak (debug kernel only): with the stack unloaded, what gensim
# allocated and never freed is unreferenced.  An object is reported after
# two scans.  A report "mentions gensim" by its allocating task (comm
# "gensim-device", "gensim_exec", ...) or a gensim function; once the module
# is unloaded its frames cannot be symbolized and print as a bare address
# ("[<...>] 0xffffffffc0...") which is counted as gensim's too.
if [ -e "$kmemleak" ]; then
	make -s -C "$top" unload >/dev/null 2>&1
	rm -f "$out/kmemleak-gensim.txt" "$out/kmemleak-other.txt"
	t0=$(date +%s)
	scan_err=
	for i in 1 2; do
		[ $i = 1 ] || sleep 5
		if ! timeout 900 sh -c "echo scan >$kmemleak" 2>"$out/.kmemleak-err"; then
			scan_err="scan $i failed or timed out: $(tr '\n' ' ' <"$out/.kmemleak-err")"
		fi
	done
	cat "$kmemleak" >"$out/kmemleak.txt" 2>&1
	awk -v gensim_out="$out/kmemleak-gensim.txt" -v other_out="$out/kmemleak-other.txt" '
		function flush() {
			if (blk == "")
				return
			if (is_gensim) {
				ng++
				printf "%s", blk >gensim_out
			} else {
				no++
				printf "%s", blk >other_out
			}
			blk = ""
		}
		/^unreferenced object/ { flush(); is_gensim = 0 }
		/gensim/ || /\] 0x[0-9a-f]+$/ { is_gensim = 1 }
		{ blk = blk $0 "\n" }
		END { flush(); printf "%d %d\n", ng, no }' "$out/kmemleak.txt" >"$out/.kmemleak-counts"
	read -r ng no <"$out/.kmemleak-counts"
	{
		if [ -n "$scan_err" ] && [ "$ng" = 0 ]; then
			echo "ok - vm@kmemleak # SKIP kmemleak did not scan: $scan_err"
		elif [ "$ng" -gt 0 ]; then
			echo "not ok - vm@kmemleak # $ng leaks attributed to gensim (the first below; all in kmemleak.txt)"
			awk 'NR > 1 && /^unreferenced object/ { exit } { print "# " $0 }' \
				"$out/kmemleak-gensim.txt"
		else
			echo "ok - vm@kmemleak"
		fi
		if [ "$no" -gt 0 ]; then
			echo "# $no other leaks (not gensim's), first lines:"
			grep -E '^unreferenced object|^  comm ' "$out/kmemleak-other.txt" |
				head -n 40 | sed 's/^/# /'
		fi
		echo "# kmemleak scans took $(($(date +%s) - t0)) s"
	} >"$out/vm-kmemleak.tap"
	[ "$ng" = 0 ] || status=1
	cat "$out/vm-kmemleak.tap"
fi
rm -f "$bad" "$okpat" "$out/.kmemleak-counts" "$out/.kmemleak-err"
exit $status
