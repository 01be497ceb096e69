// SPDX-License-Identifier: MIT
/*
 * gensim-device: the GPU.  Attaches to the gensim driver through its UIO
 * device, puts its registers at their reset values, tells the driver it is
 * ready and then serves the driver's register writes until SIGTERM or
 * SIGINT.  Exiting (or dying) detaches: the driver unplugs its DRM device.
 *
 * Tracing (core/trace.h, Documentation/gpu/gensim/trace-timeline.rst):
 * --trace FILE records from the start; SIGUSR1 starts a new recording (to
 * FILE, or /tmp/gensim-device-PID.trace.jsonl without --trace) and SIGUSR2
 * ends it.  A thread of its own takes the two signals, which every other
 * thread blocks.
 */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "channel/chan.h"
#include "core/device.h"
#include "core/log.h"
#include "core/trace.h"
#include "device/device.h"

static struct gs_device *the_device;
static const char *trace_file;
static char trace_default[64];
static atomic_bool trace_ctl_quit;

static void on_signal(int sig)
{
	(void)sig;
	if (the_device)
		gs_device_stop(the_device);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: gensim-device [options]\n"
		"  --uio-name NAME      UIO device to attach to (default \"" GENSIM_UIO_NAME "\")\n"
		"  --device-id ID       PCI device id (default 0x1616, Broadwell GT2)\n"
		"  --revision REV       PCI revision (default 0x09)\n"
		"  --engines LIST       rcs0,bcs0,vcs0,vecs0 or \"all\" (default all)\n"
		"  --slices N           1..3 (default 1)\n"
		"  --subslices N        per slice, 1..3 (default 3)\n"
		"  --eus N              per subslice, 1..8 (default 8)\n"
		"  --threads N          per EU, 1..16 (default 7)\n"
		"  --ggms N             GGTT PTE space 2^N MiB, 1..3 (default 3: 4 GiB GGTT)\n"
		"  --workers N          host threads running the EU array's hardware threads,\n"
		"                       1..256 (default 0: one per online CPU)\n"
		"  --trace FILE         record a device trace (JSON lines) from the start; SIGUSR1\n"
		"                       starts a new recording, SIGUSR2 ends it (without --trace:\n"
		"                       to /tmp/gensim-device-PID.trace.jsonl; scripts/gensim-trace)\n"
		"  --list-registers     print the register table for this configuration and exit\n"
		"  -v                   log what the device does; -vv logs every register write\n"
		"  -h, --help           this text\n");
}

static int parse_uint(const char *s, unsigned long max, unsigned long *out)
{
	char *end;

	errno = 0;
	*out = strtoul(s, &end, 0);
	return errno || *end || end == s || *out > max ? -EINVAL : 0;
}

static bool list_registers;

static int parse_args(int argc, char **argv, struct gs_config *cfg, const char **uio_name)
{
	static const struct option opts[] = {
		{ "uio-name", required_argument, NULL, 'n' },
		{ "device-id", required_argument, NULL, 'd' },
		{ "revision", required_argument, NULL, 'r' },
		{ "engines", required_argument, NULL, 'e' },
		{ "slices", required_argument, NULL, 's' },
		{ "subslices", required_argument, NULL, 'S' },
		{ "eus", required_argument, NULL, 'u' },
		{ "threads", required_argument, NULL, 't' },
		{ "ggms", required_argument, NULL, 'g' },
		{ "workers", required_argument, NULL, 'w' },
		{ "list-registers", no_argument, NULL, 'L' },
		{ "trace", required_argument, NULL, 'T' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	unsigned long v;
	int c;

	while ((c = getopt_long(argc, argv, "vh", opts, NULL)) != -1) {
		int bad = 0;

		switch (c) {
		case 'n': *uio_name = optarg; break;
		case 'd': bad = parse_uint(optarg, 0xffff, &v); cfg->device_id = v; break;
		case 'r': bad = parse_uint(optarg, 0xff, &v); cfg->revision = v; break;
		case 'e': bad = gs_config_parse_engines(optarg, &cfg->engine_mask); break;
		case 's': bad = parse_uint(optarg, 16, &v); cfg->slices = v; break;
		case 'S': bad = parse_uint(optarg, 16, &v); cfg->subslices = v; break;
		case 'u': bad = parse_uint(optarg, 16, &v); cfg->eus = v; break;
		case 't': bad = parse_uint(optarg, 64, &v); cfg->threads = v; break;
		case 'g': bad = parse_uint(optarg, 16, &v); cfg->ggms = v; break;
		case 'w': bad = parse_uint(optarg, 1024, &v); cfg->eu_workers = v; break;
		case 'v': gs_log_verbosity++; break;
		case 'L': list_registers = true; break;
		case 'T': trace_file = optarg; break;
		case 'h': usage(stdout); exit(0);
		default: usage(stderr); return -EINVAL;
		}
		if (bad) {
			fprintf(stderr, "gensim-device: bad value \"%s\"\n", optarg);
			return -EINVAL;
		}
	}
	if (optind != argc) {
		usage(stderr);
		return -EINVAL;
	}
	return 0;
}

/* SIGUSR1: record (again) from now on; SIGUSR2: stop.  Polls the quit flag. */
static void *trace_control(void *arg)
{
	const sigset_t *set = arg;

	while (!atomic_load(&trace_ctl_quit)) {
		struct timespec timeout = { .tv_nsec = 200 * 1000 * 1000 };
		int sig = sigtimedwait(set, NULL, &timeout);

		if (sig == SIGUSR1)
			gs_trace_start(trace_file ? trace_file : trace_default);
		else if (sig == SIGUSR2)
			gs_trace_stop(NULL);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	static sigset_t trace_sigs;
	pthread_t trace_thread;
	bool trace_thread_started = false;
	struct sigaction sa = { .sa_handler = on_signal };
	const char *uio_name = GENSIM_UIO_NAME;
	struct gs_config cfg;
	struct gs_chan chan;
	char why[160];
	int ret;

	gs_config_defaults(&cfg);
	if (parse_args(argc, argv, &cfg, &uio_name))
		return 2;
	if (gs_config_validate(&cfg, why, sizeof(why))) {
		fprintf(stderr, "gensim-device: %s\n", why);
		return 2;
	}

	if (list_registers) {
		struct gs_device dev = { .cfg = cfg };

		if (gs_regfile_init(&dev.rf, cfg.engine_mask, why, sizeof(why))) {
			fprintf(stderr, "gensim-device: register table: %s\n", why);
			return 1;
		}
		gs_regfile_dump(&dev, stdout);
		gs_regfile_fini(&dev.rf);
		return 0;
	}

	/* No SA_RESTART: the signal interrupts poll() so the loop sees stop at once. */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);

	/*
	 * The trace signals go to the control thread alone: every thread
	 * inherits the block.  It blocks the termination signals too, which
	 * must interrupt this thread's poll().
	 */
	snprintf(trace_default, sizeof(trace_default), "/tmp/gensim-device-%d.trace.jsonl",
		 (int)getpid());
	sigemptyset(&trace_sigs);
	sigaddset(&trace_sigs, SIGUSR1);
	sigaddset(&trace_sigs, SIGUSR2);
	pthread_sigmask(SIG_BLOCK, &trace_sigs, NULL);

	ret = gs_chan_open_uio(&chan, uio_name);
	if (ret)
		return 1;
	if (trace_file && gs_trace_start(trace_file)) {
		gs_chan_close(&chan);
		return 1;
	}
	{
		sigset_t term, old;

		sigemptyset(&term);
		sigaddset(&term, SIGTERM);
		sigaddset(&term, SIGINT);
		sigaddset(&term, SIGHUP);
		pthread_sigmask(SIG_BLOCK, &term, &old);
		trace_thread_started = !pthread_create(&trace_thread, NULL, trace_control,
						       &trace_sigs);
		pthread_sigmask(SIG_SETMASK, &old, NULL);
	}
	the_device = gs_device_create(&cfg, &chan);
	if (!the_device) {
		ret = -1;
		goto out;
	}
	gs_device_reset(the_device);
	gs_info("device %04x rev %#04x: engines %#x, %u x %u x %u EUs, %u threads, GGMS %u",
		cfg.device_id, cfg.revision, cfg.engine_mask, cfg.slices, cfg.subslices, cfg.eus,
		cfg.threads, cfg.ggms);

	/* Registers hold their reset values: the driver may probe. */
	ret = gs_chan_send(&chan, GENSIM_MSG_READY);
	if (!ret)
		ret = gs_device_run(the_device);

	gs_info("stopping: %llu register writes applied, %llu interrupts sent, %llu unclaimed",
		(unsigned long long)the_device->writes_applied,
		(unsigned long long)the_device->irqs_sent,
		(unsigned long long)the_device->unclaimed);
	gs_device_destroy(the_device);
	the_device = NULL;
out:
	gs_chan_close(&chan);
	atomic_store(&trace_ctl_quit, true);
	if (trace_thread_started)
		pthread_join(trace_thread, NULL);
	gs_trace_stop(NULL);
	return ret ? 1 : 0;
}
