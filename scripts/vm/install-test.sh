#!/bin/sh
# install-test.sh: the part of scripts/test-install that needs the gensim
# module loaded, run inside the VM rig (scripts/test-install --vm runs it
# with scripts/vm-run).  The rig's init is a busybox script, not systemd,
# and no udevd runs: what can be checked is the udev rule against the real
# gensim devices (udevadm test applies it) and gensim-device run the way
# gensim-device@.service runs it - its own user, no capabilities, no new
# privileges - with its system calls, mappings, sockets and files compared
# with what the unit allows.  That systemd starts the unit when the UIO
# device appears, and that modprobe -r stops it, need a systemd machine
# (Documentation/gpu/gensim/install.rst).  TAP lines "ok - install@vm-...".
# POSIX sh: it runs under dash in the VM.
set -u
R=${GENSIM_RESULTS:-/tmp}
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
# shellcheck source=scripts/gensim-lib.sh
. "$top/scripts/gensim-lib.sh"
dev=$top/build/release/bin/gensim-device
run=$top/build/release/bin/gensim-run
inst=/tmp/gensim-install

n=0
failed=0
pass() { n=$((n + 1)); echo "ok - install@vm-$1${2:+ # $2}"; }
fail() {
	n=$((n + 1)); failed=$((failed + 1))
	echo "not ok - install@vm-$1 # $2"
	[ $# -ge 3 ] && [ -s "$3" ] && tail -n 20 "$3" | sed 's/^/#   /'
}
finish() {
	pids=$(gensim_device_pids)
	# shellcheck disable=SC2086 # a list of pids
	[ -n "$pids" ] && kill -KILL $pids 2>/dev/null
	sleep 0.5
	module_loaded && rmmod gensim 2>/dev/null
	echo "1..$n"
	[ "$failed" = 0 ]
	exit $?
}

if [ "${GENSIM_IN_VM:-}" != 1 ] || [ "$(id -u)" != 0 ]; then
	echo "install-test.sh: runs as root in the VM rig (scripts/test-install --vm)" >&2
	exit 2
fi

if make -s install-files DESTDIR=$inst >"$R/install.log" 2>&1; then
	pass install-files
else
	fail install-files "make install-files failed" "$R/install.log"
	finish
fi
# The gensim user of sysusers.d/gensim.conf: the root file system is the
# host's, read-only, so passwd and group are copies bound over them.
if ! cp /etc/passwd /tmp/passwd || ! cp /etc/group /tmp/group; then
	fail user "cannot copy /etc/passwd and /etc/group"
	finish
fi
grep -q '^gensim:' /tmp/passwd || echo 'gensim:x:990:990:gensim GPU device process:/:/usr/sbin/nologin' >>/tmp/passwd
grep -q '^gensim:' /tmp/group || echo 'gensim:x:990:' >>/tmp/group
if ! mount --bind /tmp/passwd /etc/passwd || ! mount --bind /tmp/group /etc/group; then
	fail user "cannot bind a passwd with the gensim user"
	finish
fi
gensim_uid=$(id -u gensim)
render_gid=$(getent group render | cut -d: -f3)
mkdir -p /run/udev/rules.d
cp $inst/usr/local/lib/udev/rules.d/70-gensim.rules /run/udev/rules.d/

if ! "$top/scripts/gensim-insmod" >"$R/insmod.log" 2>&1; then
	fail insmod "insmod gensim.ko failed" "$R/insmod.log"
	finish
fi
uio=$(gensim_uio_node)

# The UIO node: the gensim user's, 0600, a systemd device that wants the
# service.  udevadm test applies OWNER, GROUP and MODE to the node.
udevadm test --action=add "/sys/class/uio/$uio" >"$R/udev-uio.log" 2>&1
if grep -q "^SYSTEMD_WANTS=gensim-device@$uio.service$" "$R/udev-uio.log" &&
	grep -q '^TAGS=.*:systemd:' "$R/udev-uio.log" &&
	grep -q "70-gensim.rules:[0-9]* OWNER $gensim_uid" "$R/udev-uio.log" &&
	[ "$(stat -c '%U %G %a' "/dev/$uio")" = "gensim gensim 600" ]; then
	pass udev-uio "/dev/$uio gensim:gensim 0600, SYSTEMD_WANTS=gensim-device@$uio.service"
else
	ls -l "/dev/$uio" >>"$R/udev-uio.log"
	fail udev-uio "the rule did not give /dev/$uio to gensim or ask for the service" "$R/udev-uio.log"
fi

# gensim-device as the unit runs it, under strace when there is one.
strace=
command -v strace >/dev/null && strace="strace -f -qq -o /tmp/device.strace"
# shellcheck disable=SC2086
setpriv --reuid=gensim --regid=gensim --clear-groups --inh-caps=-all --bounding-set=-all \
	--no-new-privs -- $strace "$dev" --uio-name gensim --workers 2 -v >"$R/device.log" 2>&1 &
devjob=$!
i=0
node=
while [ "$i" -lt 600 ]; do
	node=$(gensim_render_node_up)
	[ -n "$node" ] && break
	[ "$i" -gt 30 ] && [ -z "$(gensim_device_pids)" ] && break
	sleep 0.1
	i=$((i + 1))
done
if [ -n "$node" ]; then
	pass least-privilege "gensim-device as gensim, no capabilities, no new privileges: /dev/dri/$node"
else
	dmesg | grep -i gensim | tail -n 10 >>"$R/device.log"
	fail least-privilege "no render node with the device process unprivileged" "$R/device.log"
	finish
fi

# Why modprobe.d/gensim.conf stops the service before removing the module.
if rmmod gensim 2>"$R/rmmod-busy.log"; then
	fail uio-pins-module "rmmod succeeded with the UIO node open: the modprobe.d remove hook is not needed"
	finish
else
	pass uio-pins-module "the open UIO node holds the module: $(cat "$R/rmmod-busy.log")"
fi

udevadm test --action=add "/sys/class/drm/$node" >"$R/udev-render.log" 2>&1
if grep -q "70-gensim.rules:[0-9]* GROUP $render_gid" "$R/udev-render.log" &&
	[ "$(stat -c %G "/dev/dri/$node")" = render ]; then
	pass udev-render "/dev/dri/$node $(stat -c '%U:%G %a' "/dev/dri/$node")"
else
	ls -l /dev/dri >>"$R/udev-render.log"
	fail udev-render "the rule did not give /dev/dri/$node to the render group" "$R/udev-render.log"
fi

# A client in the render group, not root, runs a kernel through the node.
if setpriv --reuid=nobody --regid=nogroup --groups="$render_gid" --inh-caps=-all --bounding-set=-all \
	--no-new-privs -- "$run" --drm="/dev/dri/$node" --kernel userspace-device/examples/vector_add.s \
	--simd 16 --groups 4 --group-size 2 --buffer 0:8K:fiota --buffer 1:8K:fiota --buffer 2:8K \
	--curbe 2000 --dump 2:f32:8 >"$R/client.log" 2>&1 && grep -q '0 2 4 6 8 10 12 14' "$R/client.log"; then
	pass render-client "vector_add through /dev/dri/$node as nobody in group render"
else
	fail render-client "gensim-run --drm as a render group member failed" "$R/client.log"
fi

# Stop it as systemd does (SIGTERM): it exits 0, the DRM device goes.
pid=$(pgrep -x gensim-device | head -n 1)
kill -TERM "$pid"
wait_gone "$pid" 300
wait "$devjob"
rc=$?
i=0
while [ -n "$(gensim_render_node)" ] && [ "$i" -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
if [ "$rc" = 0 ] && [ -z "$(gensim_render_node)" ] && rmmod gensim 2>>"$R/device.log"; then
	pass stop "SIGTERM: exit 0, render node gone, rmmod"
else
	fail stop "after SIGTERM: exit $rc, render node '$(gensim_render_node)'" "$R/device.log"
fi

# The unit's filters against what the process did.
if [ -z "$strace" ]; then
	n=$((n + 1))
	echo "ok - install@vm-syscalls # SKIP no strace (apt install strace)"
	finish
fi
cp /tmp/device.strace "$R/device.strace"
# Every syscall group at once (one systemd-analyze: it is slow under TCG).
systemd-analyze syscall-filter 2>/dev/null >"$R/syscall-groups"
expand() {	# expand GROUP...: their system calls, nested groups expanded
	awk -v want=" $* " '
		/^@/ { g = $1; next }
		/^ +[@a-z0-9_]/ { members[g] = members[g] " " $1 }
		function walk(x,   n, i, m) {
			if (seen[x]++) return
			n = split(members[x], m, " ")
			for (i = 1; i <= n; i++)
				if (m[i] ~ /^@/) walk(m[i]); else print m[i]
		}
		END { n = split(want, w, " "); for (i = 1; i <= n; i++) walk(w[i]) }
	' "$R/syscall-groups" | sort -u
}
sed -n 's/^[0-9]* *\([a-z0-9_]*\)(.*/\1/p; s/^[0-9]* *<\.\.\. \([a-z0-9_]*\) resumed>.*/\1/p' \
	"$R/device.strace" | sort -u >"$R/syscalls.used"
expand @system-service >"$R/syscalls.allowed"
expand @privileged @resources >"$R/syscalls.denied"
{
	comm -23 "$R/syscalls.used" "$R/syscalls.allowed" | sed 's/^/not in @system-service: /'
	comm -12 "$R/syscalls.used" "$R/syscalls.denied" | sed 's/^/in ~@privileged @resources: /'
	# MemoryDenyWriteExecute: no writable+executable mapping, no mprotect to executable.
	grep -E 'PROT_WRITE\|PROT_EXEC|PROT_EXEC\|PROT_WRITE|mprotect\(.*PROT_EXEC' "$R/device.strace" |
		sed 's/^/W^X: /'
	# RestrictAddressFamilies=none
	grep -E '^[0-9]* +socket(pair)?\(' "$R/device.strace" | sed 's/^/socket: /'
	# DeviceAllow= the UIO node only; ProtectSystem=strict: nothing opened for writing but it.
	sed -n 's/^[0-9]* *openat([^"]*"\([^"]*\)".*/\1/p' "$R/device.strace" | sort -u |
		grep -v -E "^(/dev/$uio|/sys/class/uio(/.*)?|/etc/ld\.so\.(cache|preload)|/(usr/)?lib/.*\.so(\.[0-9]+)*)$" |
		sed 's/^/opened: /'
	grep -E 'openat\(.*O_(WRONLY|RDWR)' "$R/device.strace" | grep -v "\"/dev/$uio\"" | sed 's/^/opened for writing: /'
} >"$R/syscalls.problems"
if [ -s "$R/syscalls.problems" ]; then
	fail syscalls "the process did what the unit forbids" "$R/syscalls.problems"
else
	pass syscalls "$(wc -l <"$R/syscalls.used") system calls, all in @system-service, none in @privileged or @resources; no W+X mapping, no socket; opened /dev/$uio, /sys/class/uio, its libraries"
fi
finish
