#!/bin/sh
# Run the IGT-style tests inside the VM (scripts/vm-run runs this as root).
# Each test binary's TAP goes to the console and to $GENSIM_RESULTS/<test>.tap;
# between binaries the stack is unloaded so each starts from a clean kernel.
# usage: igt-tests/run-in-vm.sh [TEST...]     (default: all)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
out=${GENSIM_RESULTS:-/tmp}
export GENSIM_TOP=$top
tests=${*:-gensim_uio gensim_lifecycle gensim_core gensim_gem gensim_vm gensim_prime gensim_exec gensim_blt gensim_compute gensim_ioctl_fuzz}
status=0

for t in $tests; do
	echo "# === $t"
	timeout -k 10 900 "$top/build/igt/$t" | tee "$out/$t.tap"
	rc=$?
	grep -q '^1\.\.' "$out/$t.tap" || {
		echo "not ok - $t@harness # exited ($rc) before finishing" | tee -a "$out/$t.tap"
		status=1
	}
	[ "$rc" = 0 ] || status=1
	make -s -C "$top" unload >/dev/null 2>&1
done

# The whole run must leave a kernel log without warnings.
if dmesg | grep -E 'WARNING:|BUG:|Oops|lockdep|KASAN|refcount_t:|sleeping function called|general protection' >"$out/dmesg-bad.txt"; then
	echo "not ok - vm@dmesg # kernel log reports:"
	sed 's/^/# /' "$out/dmesg-bad.txt"
	echo "not ok - vm@dmesg-clean" >"$out/vm-dmesg.tap"
	status=1
else
	echo "ok - vm@dmesg-clean" | tee "$out/vm-dmesg.tap"
fi
dmesg >"$out/dmesg.txt"
exit $status
