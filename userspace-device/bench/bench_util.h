/* SPDX-License-Identifier: MIT */
/*
 * What the native benchmarks share: a clock, a figure's median [min-max]
 * over its rounds, pinning to one CPU, and the process's memory.
 */
#ifndef GS_BENCH_UTIL_H
#define GS_BENCH_UTIL_H

#define BENCH_MAX_ROUNDS	31

struct bench_fig {
	double med, min, max;
};

/* CLOCK_MONOTONIC, in seconds. */
double bench_now(void);

/* The median and range of @v[0..@n) (sorted in place). */
struct bench_fig bench_figure(double *v, unsigned int n);

/*
 * Pin this thread, and so every thread it creates afterwards (the device
 * model's among them), to the allowed CPU that was idlest over the last
 * 0.2 s; call it before the device starts.  Returns that CPU, or -1 when
 * GENSIM_BENCH_NO_PIN is set or there is one CPU only.
 */
int bench_pin(void);

/*
 * Other programs' load: bench_load_start() when the measurements start,
 * bench_load_report() prints how many CPUs the rest of the machine kept
 * busy meanwhile (the machine's busy time, steal included, less this
 * process's CPU time, over the wall time), so that a run on a busy
 * machine says so.
 */
struct bench_load {
	double busy;		/* the machine's busy seconds (/proc/stat) */
	double own;		/* this process's CPU seconds */
	double wall;
};

void bench_load_start(struct bench_load *l);
void bench_load_report(const char *prog, const struct bench_load *l);

/* "VmRSS" or "VmHWM"... of /proc/self/status, in KiB; -1 if absent. */
long bench_status_kib(const char *field);

#endif
