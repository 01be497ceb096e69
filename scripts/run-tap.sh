#!/bin/sh
# run-tap.sh: run one TAP-printing test binary under a time limit, keep its
# output in a file and never lose its exit status (no pipe: the binary
# writes the file, the file is streamed to stdout as it grows).  Then judge
# what the binary left and append a verdict line to the file, and to stdout:
#
#   killed by the time limit   not ok - <where> # TIMEOUT: killed after LIMIT s
#   died (signal or non-zero exit) without printing its plan
#                              not ok - <where> # crashed (exit N | signal N, NAME)
#   exited 0 without its plan  not ok - <where> # exited 0 without a TAP plan
#   the plan says N, M results not ok - <where> # plan 1..N but M results
#   exited non-zero, yet no "not ok" line
#                              not ok - <where> # exit N but no failed subtest
#
# <where> is the subtest it was in, "<binary>@<subtest>" from its last
# "# running: <binary>@<subtest>" line (igt_core.c prints one before every
# subtest) when no result followed that line; else --name, with the last
# result it printed ("(after X)") or "(before its first result)".
#
# usage: scripts/run-tap.sh [--timeout S] [--name NAME] [--prefix P]
#                           [--stderr FILE] [--quiet] OUT -- COMMAND [ARG...]
#   --timeout S    limit (default 900 s); SIGTERM, then SIGKILL 10 s later
#   --name NAME    what the verdict calls the binary when no subtest is known
#                  (default: the command's base name)
#   --prefix P     afterwards, "ok N - X" becomes "ok N - PX" in OUT (and
#                  "not ok N - X" likewise): names the native tests' variant
#   --stderr FILE  the command's stderr goes there (default: into OUT)
#   --quiet        print nothing; OUT holds everything
# Exit status: 0 when the command exited 0 and no verdict line was needed,
# else the command's non-zero status (124: timed out), else 1.
# POSIX sh: it runs under dash inside the VM.
set -u

limit=900
name=
prefix=
errfile=
quiet=0
while [ $# -gt 0 ]; do
	case $1 in
	--timeout) limit=$2; shift 2 ;;
	--name) name=$2; shift 2 ;;
	--prefix) prefix=$2; shift 2 ;;
	--stderr) errfile=$2; shift 2 ;;
	--quiet) quiet=1; shift ;;
	--) shift; break ;;
	-*) echo "run-tap.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
if [ $# -lt 3 ] || [ "$2" != -- ]; then
	echo "usage: run-tap.sh [--timeout S] [--name NAME] [--prefix P] [--stderr FILE] [--quiet] OUT -- COMMAND [ARG...]" >&2
	exit 2
fi
out=$1
shift 2
[ -n "$name" ] || name=$(basename "$1")
[ -n "$errfile" ] || errfile=$out

say() {	# a line for OUT and, unless --quiet, stdout
	printf '%s\n' "$*" >>"$out"
	[ "$quiet" = 1 ] || printf '%s\n' "$*"
}

: >"$out"
t0=$(date +%s)
# timeout(1) puts the command in a process group of its own and signals
# the group: children the binary started are stopped with it.
if [ "$errfile" = "$out" ]; then
	timeout -k 10 "$limit" "$@" >>"$out" 2>&1 &
else
	timeout -k 10 "$limit" "$@" >>"$out" 2>"$errfile" &
fi
pid=$!
if [ "$quiet" = 0 ]; then
	# Returns once $pid is gone, after printing what it wrote last.
	tail -n +1 -f --pid="$pid" "$out" 2>/dev/null
fi
wait "$pid"
rc=$?
elapsed=$(($(date +%s) - t0))

plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' "$out" | tail -n 1)
results=$(grep -c -E '^(not )?ok( |$)' "$out")
failed=$(grep -c '^not ok' "$out")
# The subtest that was running: a "# running:" line no result followed.
running=$(awk '/^# running: /{ r = substr($0, 12); done = 0; next }
	/^(not )?ok( |$)/{ done = 1 }
	END { if (r != "" && !done) print r }' "$out")
last=$(awk '/^(not )?ok( |$)/{ l = $0; sub(/^(not )?ok [0-9]* *(- )?/, "", l); sub(/ # .*/, "", l) }
	END { print l }' "$out")
if [ -n "$running" ]; then
	where=$running
elif [ -n "$last" ]; then
	where="$name (after $last)"
else
	where="$name (before its first result)"
fi

if [ -n "$prefix" ]; then
	awk -v p="$prefix" '{
		if (match($0, /^(not )?ok [0-9]+ - /))
			$0 = substr($0, 1, RLENGTH) p substr($0, RLENGTH + 1)
		print
	}' "$out" >"$out.tmp" && mv "$out.tmp" "$out"
fi

verdict=
if { [ "$rc" = 124 ] || [ "$rc" = 137 ]; } && [ "$elapsed" -ge "$limit" ]; then
	verdict="TIMEOUT: killed after $limit s"
elif [ "$rc" != 0 ] && [ -z "$plan" ]; then
	if [ "$rc" -gt 128 ]; then
		verdict="crashed (signal $((rc - 128)), $(kill -l $((rc - 128)) 2>/dev/null || echo '?'))"
	else
		verdict="crashed (exit $rc)"
	fi
elif [ -z "$plan" ]; then
	verdict="exited 0 without a TAP plan"
elif [ "$plan" != "$results" ]; then
	verdict="plan 1..$plan but $results results (exit $rc)"
elif [ "$rc" != 0 ] && [ "$failed" = 0 ]; then
	verdict="exit $rc but no failed subtest"
fi
if [ -n "$verdict" ]; then
	say "not ok - $where # $verdict"
	[ "$rc" = 0 ] && rc=1
fi
exit "$rc"
