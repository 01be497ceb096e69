#!/bin/sh
# The part of make demo that runs inside the VM: load, look, kill, re-attach,
# unload, and say in plain words what happened.
set -u
cd "$(dirname "$0")/.."
top=$(pwd)
say() { printf '\n== %s\n' "$*"; }
trace=/sys/kernel/tracing

say "4. Load: insmod gensim.ko, start gensim-device, wait for the render node"
echo "(register accesses are traced through the gensim tracepoints while the driver probes)"
GENSIM_TRACE=1 GENSIM_DEVICE_ARGS=-v make -s load || exit 1
echo 0 >"$trace/events/gensim/enable"

say "5. The device process's side (gensim-device -v)"
sed 's/^/   /' /run/gensim/device.log

say "6. The driver's side (dmesg)"
dmesg | grep -E 'gensim|\[drm\]' | grep -v -E 'taints|verification' | sed 's/^/   /'

say "7. How the driver probed: its first register accesses, by name"
# Offsets as bare hex without leading zeros, so both sides compare as strings.
build/release/bin/gensim-device --list-registers |
	sed -E 's/^0x0*([0-9a-f]+) +((rcs0|bcs0|vcs0|vecs0) )?([A-Za-z0-9_]+(\[[0-9]+\])?).*/\1 \2\4/' >/tmp/regnames
grep gensim_reg_ "$trace/trace" |
	sed -E 's/.*gensim_reg_(read|write):.*reg=0x0*([0-9a-f]+) val=(0x[0-9a-f]+|0).*/\1 \2 \3/' |
	awk 'NR == FNR { k = $1; $1 = ""; name[k] = substr($0, 2); next }
	     { printf "   %-5s %-26s %s %s\n", $1, ($2 in name) ? name[$2] : "0x" $2,
		      $1 == "read" ? "->" : "<-", $3 }' /tmp/regnames - | head -n 40
echo "   ... $(grep -c gensim_reg_ "$trace/trace" 2>/dev/null) accesses in all"

node=$(ls /sys/class/drm | grep renderD | head -n 1)
say "8. What a DRM client sees on /dev/dri/$node"
build/igt/tools/gensim-drm-info "/dev/dri/$node" | sed 's/^/   /'

say "9. What the driver found, in plain words"
minor=$(ls -d /sys/class/drm/card* | head -n 1 | sed 's/.*card//')
info=/sys/kernel/debug/dri/$minor/info
get() { sed -n "s/^$1: //p" "$info"; }
echo "   An Intel GPU (PCI $(get 'pci id'))."
echo "   Engines: $(get engines)."
echo "   $(get 'eu total') execution units, $(get 'threads per eu') hardware threads each,"
echo "   in slice mask $(get 'slice mask'), subslice mask $(get 'subslice mask')."
echo "   A $(get 'ggtt size') global GTT; channel ABI $(get 'channel abi')."
echo "   Its interrupt line works ($(get 'interrupts')); the DMA window self-test passed."

say "10. A batch on every engine (build/igt/tools/gensim-hello: EXEC -> ring -> batch -> fence)"
log_lines=$(wc -l </run/gensim/device.log)
build/igt/tools/gensim-hello "/dev/dri/$node" | sed 's/^/   /'
echo "   What the copy engine did for it, from the device log (gensim-device -v):"
tail -n +"$((log_lines + 1))" /run/gensim/device.log | grep -E 'bcs0' | head -n 14 | sed 's/^/   /'
echo "   The driver's view of the engines (debugfs engines):"
cat "/sys/kernel/debug/dri/$minor/engines" | sed 's/^/   /'

say "11. A compute kernel on the EU array, through the driver (gensim-run --drm)"
echo "   userspace-device/examples/vector_add.s: c[i] = a[i] + b[i], a[i] = b[i] = i, 2000 floats,"
echo "   4 thread groups of 2 SIMD16 threads, launched by GPGPU_WALKER from a batch on rcs0:"
log_lines=$(wc -l </run/gensim/device.log)
build/release/bin/gensim-run --drm --kernel userspace-device/examples/vector_add.s \
	--simd 16 --groups 4 --group-size 2 --buffer 0:8K:fiota --buffer 1:8K:fiota --buffer 2:8K \
	--curbe 2000 --dump 2:f32:8 -v | grep -v 'not visible' | sed 's/^/   /'
echo "   (c[i] = 2i, computed by the EU array.)  The render engine's GPGPU commands, from the device log:"
tail -n +"$((log_lines + 1))" /run/gensim/device.log |
	grep -E 'rcs0: (PIPELINE_SELECT|STATE_BASE_ADDRESS|MEDIA_|GPGPU_WALKER|PIPE_CONTROL)' |
	cut -c1-110 | head -n 10 | sed 's/^/   /'

say "12. A 3D scene through the driver (gensim-draw): triangles on the render engine, into a PNG"
echo "   PIPELINE_SELECT 3D, a pass-through vertex shader, an interpolated-colour pixel shader,"
echo "   a depth test, one 3DPRIMITIVE a topology; the render target read back and written as a PNG:"
log_lines=$(wc -l </run/gensim/device.log)
png=${GENSIM_RESULTS:-/tmp}/gensim-draw.png
if ! build/release/bin/gensim-draw --node "/dev/dri/$node" -o "$png" >/tmp/draw.log 2>&1; then
	sed 's/^/   /' /tmp/draw.log
	echo "   gensim-draw failed"
	exit 1
fi
sed 's/^/   /' /tmp/draw.log
echo "   What the render engine drew, from the device log (one line a 3DPRIMITIVE):"
tail -n +"$((log_lines + 1))" /run/gensim/device.log |
	grep -E 'rcs0: (PIPELINE_SELECT|3DPRIMITIVE [A-Z])' |
	sed 's/^gensim-device: //' | cut -c1-120 | head -n 6 | sed 's/^/   /'
echo "   (the picture is make demo's build/demo/gensim-draw.png on the host)"

say "13. Kill the device process (SIGKILL) while a client holds the render node"
build/igt/tools/gensim-drm-info "/dev/dri/$node" --hold-then-check-enodev 3 &
client=$!
sleep 1
kill -KILL "$(cat /run/gensim/device.pid)"
wait "$client" && echo "   the client got errors, not a hang"
dmesg | grep -E 'detached' | tail -n 1 | sed 's/^/   /'

say "14. A new device process attaches (two slices this time) and is probed afresh"
build/release/bin/gensim-device --slices 2 --subslices 2 --eus 6 >/tmp/dev2.log 2>&1 &
dev2=$!
echo "$dev2" >/run/gensim/device.pid
for i in $(seq 100); do
	ls /sys/class/drm | grep -q renderD && break
	sleep 0.1
done
dmesg | grep 'Gen8 GPU' | tail -n 1 | sed 's/^/   /'

say "15. Unload: stop the device, rmmod, check nothing is left"
make -s unload || exit 1
lsmod | grep -q '^gensim ' && echo "   module still loaded!" || echo "   no gensim module"
pgrep -x gensim-device >/dev/null && echo "   device process still running!" || echo "   no gensim-device process"
ls /dev/dri 2>/dev/null | grep -q . && echo "   DRM nodes remain: $(ls /dev/dri)" || echo "   no DRM device nodes"
if dmesg | grep -E 'WARNING:|BUG:|Oops|refcount_t:|sleeping function called'; then
	echo "   the kernel log has warnings: see above"
	exit 1
fi
echo "   a clean kernel log: no WARN, BUG, Oops or refcount reports"
