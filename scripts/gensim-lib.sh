# Shared by gensim-load and gensim-unload (sourced, POSIX sh).

die() {
	echo "gensim: $*" >&2
	exit 1
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

gensim_uio_node() {
	for n in /sys/class/uio/uio*; do
		[ -e "$n/name" ] && [ "$(cat "$n/name")" = gensim ] && basename "$n"
	done
}

# wait_gone PID TENTHS: wait for a process to exit.
wait_gone() {
	i=0
	while kill -0 "$1" 2>/dev/null; do
		[ "$i" -ge "$2" ] && return 1
		sleep 0.1
		i=$((i + 1))
	done
	return 0
}
