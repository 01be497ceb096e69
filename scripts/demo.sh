#!/bin/sh
# make demo: install what is missing, build, boot Debian's 6.12 kernel in
# QEMU and bring the whole stack up there, explaining each step
# (scripts/demo-in-vm.sh: a compute kernel, a 3D scene drawn into
# build/demo/gensim-draw.png), then tear it down.
set -eu
cd "$(dirname "$0")/.."
say() { printf '\n== %s\n' "$*"; }

say "1. Packages (Debian 12): kernel 6.12 + headers, QEMU, busybox-static, sparse, libdrm"
if [ "$(id -u)" = 0 ]; then
	scripts/install-deps
else
	echo "not root: skipping the package check (run scripts/install-deps as root if the build fails)"
fi

say "2. Build: gensim.ko against the 6.12 headers, gensim-device, tools and tests"
make -s all
echo "built drivers/gpu/drm/gensim/gensim.ko for $(scripts/kver)"

say "3. Boot Debian's $(scripts/kver) under QEMU (TCG), this checkout visible read-only"
# build/demo is the VM's $GENSIM_RESULTS: gensim-draw's PNG comes out there.
results=$PWD/build/demo
rc=0
rm -f "$results/gensim-draw.png"
scripts/vm-run --timeout 600 --results "$results" -- scripts/demo-in-vm.sh || rc=$?
if [ -f "$results/gensim-draw.png" ]; then
	say "The 3D scene gensim-draw drew through the driver in the VM: $results/gensim-draw.png"
fi
exit $rc
