#!/bin/sh
# Build the VM rig's initramfs: busybox (static), the init script and the
# four modules the kernel needs to mount a 9p root (decompressed, because
# busybox insmod does not read .ko.xz).  --no-modules: no modules, for a
# kernel with 9p built in (scripts/debug-kernel's); init then loads none.
# usage: mkinitramfs.sh KERNEL_VERSION OUTPUT
#        mkinitramfs.sh --no-modules OUTPUT
set -eu
kver=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
mods=/lib/modules/$kver/kernel

[ -x /bin/busybox ] || { echo "mkinitramfs: /bin/busybox missing (apt install busybox-static)" >&2; exit 1; }
ldd /bin/busybox 2>&1 | grep -q 'not a dynamic' ||
	{ echo "mkinitramfs: /bin/busybox is not static (apt install busybox-static)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/lib/modules" "$tmp/proc" "$tmp/sys" "$tmp/dev"
cp /bin/busybox "$tmp/bin/busybox"
cp "$here/init" "$tmp/init"
chmod 755 "$tmp/init"
[ "$kver" = --no-modules ] ||
for m in fs/netfs/netfs net/9p/9pnet net/9p/9pnet_virtio fs/9p/9p; do
	src=$mods/$m.ko.xz
	[ -f "$src" ] || { echo "mkinitramfs: $src missing" >&2; exit 1; }
	xz -dc "$src" >"$tmp/lib/modules/$(basename "$m").ko"
done
mkdir -p "$(dirname "$out")"
(cd "$tmp" && find . | cpio -o -H newc --quiet | gzip -1) >"$out.tmp"
mv "$out.tmp" "$out"
