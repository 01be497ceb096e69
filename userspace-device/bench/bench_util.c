// SPDX-License-Identifier: MIT
/*
 * The native benchmarks' helpers (bench_util.h).
 *
 * Why pin: this machine's CPUs are virtual.  A thread that wakes one on
 * another CPU pays for an inter-processor interrupt, and when that CPU is
 * halted, for the hypervisor waking it: a two-thread pipe ping-pong takes
 * 4 us when both threads share a CPU and 30-40 us when they do not, and
 * which one a run gets depends on where the scheduler happened to put
 * them.  Medians then move by a factor of several between two runs of
 * the same binary.  On one CPU every wake-up is a context switch there:
 * the figures measure the work and the wake-up itself, the same in every
 * run.  The idlest CPU is taken so that another program's steady load is
 * not shared.  Nothing the pinned benchmarks measure relies on two host
 * threads running at once (bench_eu's worker scaling does, and does not
 * pin).
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench_util.h"

double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

struct bench_fig bench_figure(double *v, unsigned int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return (struct bench_fig){ .med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2,
				   .min = v[0], .max = v[n - 1] };
}

#define MAX_CPUS	256

/* Each CPU's idle + iowait ticks from /proc/stat into @idle; the highest CPU number + 1. */
static int idle_ticks(unsigned long long *idle)
{
	char line[512];
	int max = 0;
	FILE *f = fopen("/proc/stat", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long t[5];
		int cpu;

		if (sscanf(line, "cpu%d %llu %llu %llu %llu %llu", &cpu, &t[0], &t[1], &t[2], &t[3],
			   &t[4]) != 6 || cpu < 0 || cpu >= MAX_CPUS)
			continue;
		idle[cpu] = t[3] + t[4];
		if (cpu + 1 > max)
			max = cpu + 1;
	}
	fclose(f);
	return max;
}

int bench_pin(void)
{
	unsigned long long before[MAX_CPUS] = { 0 }, after[MAX_CPUS] = { 0 };
	struct timespec pause = { 0, 200000000 };
	cpu_set_t allowed, one;
	int n, best = -1;

	if (getenv("GENSIM_BENCH_NO_PIN") || sched_getaffinity(0, sizeof(allowed), &allowed) ||
	    CPU_COUNT(&allowed) < 2)
		return -1;
	idle_ticks(before);
	nanosleep(&pause, NULL);
	n = idle_ticks(after);
	for (int cpu = 0; cpu < n; cpu++)
		if (CPU_ISSET(cpu, &allowed) &&
		    (best < 0 || after[cpu] - before[cpu] > after[best] - before[best]))
			best = cpu;
	if (best < 0)
		return -1;
	CPU_ZERO(&one);
	CPU_SET(best, &one);
	return sched_setaffinity(0, sizeof(one), &one) ? -1 : best;
}

/* The machine's busy time (user, nice, system, irq, softirq, steal), in seconds. */
static double machine_busy(void)
{
	unsigned long long t[8];
	FILE *f = fopen("/proc/stat", "r");
	int n;

	if (!f)
		return 0;
	n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &t[0], &t[1], &t[2], &t[3],
		   &t[4], &t[5], &t[6], &t[7]);
	fclose(f);
	if (n != 8)
		return 0;
	return (double)(t[0] + t[1] + t[2] + t[5] + t[6] + t[7]) / (double)sysconf(_SC_CLK_TCK);
}

static double own_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void bench_load_start(struct bench_load *l)
{
	l->busy = machine_busy();
	l->own = own_cpu();
	l->wall = bench_now();
}

void bench_load_report(const char *prog, const struct bench_load *l)
{
	double wall = bench_now() - l->wall;
	double others = (machine_busy() - l->busy - (own_cpu() - l->own)) / wall;

	/* Ticks are coarse: a few hundredths either way are noise. */
	if (others < 0)
		others = 0;
	printf("%s: meanwhile other programs kept %.2f CPUs busy over %.1f s%s\n", prog, others,
	       wall, others > 0.2 ? ": the machine was not idle, compare only the ratios" : "");
}

long bench_status_kib(const char *field)
{
	char line[256];
	size_t len = strlen(field);
	long kib = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, field, len) && line[len] == ':') {
			kib = strtol(line + len + 1, NULL, 10);
			break;
		}
	fclose(f);
	return kib;
}
