# Shared by gensim-load, gensim-insmod and gensim-unload (sourced, POSIX sh;
# $top is the checkout).

die() {
	echo "gensim: $*" >&2
	exit 1
}

# The gensim.ko for the running kernel: the build against scripts/debug-kernel's
# kernel (make debug-module) when that runs, else the stock one (make).
# shellcheck disable=SC2154 # $top is the sourcing script's
gensim_ko() {
	case $(uname -r) in
	*-gensim-debug) echo "$top/build/debug-module/drivers/gpu/drm/gensim/gensim.ko" ;;
	*) echo "$top/drivers/gpu/drm/gensim/gensim.ko" ;;
	esac
}

module_loaded() {
	grep -q '^gensim ' /proc/modules
}

# The render node whose parent device is bound to the gensim driver.
gensim_render_node() {
	for n in /sys/class/drm/renderD*; do
		[ -e "$n/device/driver" ] || continue
		[ "$(basename "$(readlink "$n/device/driver")")" = gensim ] || continue
		basename "$n"
		return 0
	done
}

# Up means registered and openable: drm_dev_register() creates the node a
# moment before the minor can be opened.
gensim_render_node_up() {
	n=$(gensim_render_node)
	[ -n "$n" ] && { : <>"/dev/dri/$n"; } 2>/dev/null && echo "$n"
}

# Live gensim-device processes (zombies of a parent that did not reap are gone).
gensim_device_pids() {
	for p in $(pgrep -x gensim-device); do
		alive "$p" && echo "$p"
	done
}

gensim_uio_node() {
	for n in /sys/class/uio/uio*; do
		[ -e "$n/name" ] && [ "$(cat "$n/name")" = gensim ] && basename "$n"
	done
}

alive() {
	case $(ps -o stat= -p "$1" 2>/dev/null) in
	Z*|"") return 1 ;;
	*) return 0 ;;
	esac
}

# wait_gone PID TENTHS: wait for a process to exit (a zombie has exited).
wait_gone() {
	i=0
	while alive "$1"; do
		[ "$i" -ge "$2" ] && return 1
		sleep 0.1
		i=$((i + 1))
	done
	return 0
}
