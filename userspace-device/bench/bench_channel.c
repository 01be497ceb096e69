// SPDX-License-Identifier: MIT
/*
 * bench_channel: the cost of one register write followed by a posting read
 * through the channel (write log, doorbell, device thread, DRAINED), over
 * the loopback transport, beside its floor measured in the same process: a
 * ping-pong between two threads over a pair of pipes (one wake-up each
 * way, as a doorbell and a DRAINED message are).  Each figure is measured
 * in ROUNDS rounds, the floor and the channel interleaved (alternating
 * which goes first), and printed as the median with the min-max range;
 * the ratio is of the medians.  Every thread runs on one CPU, the idlest
 * (bench_util.c says why; GENSIM_BENCH_NO_PIN=1: not).  Asserts nothing
 * about speed.
 *
 *   bench_channel [iterations [rounds]]
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench_util.h"
#include "core/device.h"
#include "device/loopback.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int ping[2], pong[2];

static void *ponger(void *arg)
{
	char c;

	(void)arg;
	while (read(ping[0], &c, 1) == 1 && c)
		if (write(pong[1], &c, 1) != 1)
			break;
	return NULL;
}

static double pipe_pingpong_ns(int iters)
{
	pthread_t t;
	char c = 1;
	double t0;

	if (pipe(ping) || pipe(pong) || pthread_create(&t, NULL, ponger, NULL))
		exit(1);
	t0 = now();
	for (int i = 0; i < iters; i++)
		if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1)
			exit(1);
	t0 = now() - t0;
	c = 0;
	if (write(ping[1], &c, 1) != 1)
		exit(1);
	pthread_join(t, NULL);
	return t0 * 1e9 / iters;
}

static double channel_roundtrip_ns(struct gs_loop *loop, int iters)
{
	double t0 = now();

	for (int i = 0; i < iters; i++) {
		gs_loop_write(loop, GENSIM_SCRATCH, i);
		if (gs_loop_read(loop, GENSIM_SCRATCH) != (uint32_t)i)
			exit(1);
	}
	return (now() - t0) * 1e9 / iters;
}

static double channel_writes_ns(struct gs_loop *loop, int iters)
{
	double t0 = now();

	for (int i = 0; i < iters; i++)
		gs_loop_write(loop, GENSIM_SCRATCH, i);
	if (gs_loop_read(loop, GENSIM_SCRATCH) != (uint32_t)(iters - 1))
		exit(1);
	return (now() - t0) * 1e9 / iters;
}

#define MAX_ROUNDS	31

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

struct fig {
	double med, min, max;
};

static struct fig figure(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return (struct fig){ .med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2,
			     .min = v[0], .max = v[n - 1] };
}

static void line(const char *what, struct fig f, const char *tail)
{
	printf("  %-36s %8.0f ns [%8.0f-%8.0f]  %s\n", what, f.med, f.min, f.max, tail);
}

static int usage(FILE *f, int ret)
{
	fprintf(f, "usage: bench_channel [iterations [rounds]]\n"
		   "Channel round trips beside a pipe ping-pong; prints only.\n"
		   "  iterations  per round, at least 10 (default 20000)\n"
		   "  rounds      1..%d (default 7)\n", MAX_ROUNDS);
	return ret;
}

int main(int argc, char **argv)
{
	int iters = 20000, rounds = 7;
	double floor_ns[MAX_ROUNDS], rt_ns[MAX_ROUNDS], wr_ns[MAX_ROUNDS];
	struct fig ff, fr, fw;
	struct gs_config cfg;
	struct gs_loop *loop;
	struct bench_load load;
	char tail[64];
	int cpu;

	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")))
		return usage(stdout, 0);
	if (argc > 3 || (argc > 1 && (iters = atoi(argv[1])) < 10) ||
	    (argc > 2 && ((rounds = atoi(argv[2])) < 1 || rounds > MAX_ROUNDS)))
		return usage(stderr, 2);
	/* Before the device's thread exists: it inherits the CPU. */
	cpu = bench_pin();
	gs_config_defaults(&cfg);
	loop = gs_loop_create(&cfg);
	if (!loop || !gs_loop_wait_msgs(loop, GENSIM_MSG_READY, 5000))
		return 1;
	bench_load_start(&load);
	/* warm up both paths, then measure */
	pipe_pingpong_ns(iters / 10);
	channel_roundtrip_ns(loop, iters / 10);
	for (int r = 0; r < rounds; r++) {
		if (r % 2) {
			rt_ns[r] = channel_roundtrip_ns(loop, iters);
			floor_ns[r] = pipe_pingpong_ns(iters);
		} else {
			floor_ns[r] = pipe_pingpong_ns(iters);
			rt_ns[r] = channel_roundtrip_ns(loop, iters);
		}
		wr_ns[r] = channel_writes_ns(loop, iters * 10);
	}
	gs_loop_destroy(loop);
	ff = figure(floor_ns, rounds);
	fr = figure(rt_ns, rounds);
	fw = figure(wr_ns, rounds);

	if (cpu >= 0)
		printf("bench_channel: every thread on CPU %d (the idlest; GENSIM_BENCH_NO_PIN=1: "
		       "not)\n", cpu);
	printf("bench_channel: loopback, %d iterations x %d rounds, median [min-max],\n"
	       "  lower is better; the floor is measured interleaved in this process\n",
	       iters, rounds);
	line("pipe ping-pong between two threads", ff, "(the floor: two wake-ups; lower is better)");
	snprintf(tail, sizeof(tail), "ratio %.2f x floor (lower is better)", fr.med / ff.med);
	line("register write + posting read", fr, tail);
	line("pipelined register writes, each", fw, "(then one posting read; lower is better)");
	bench_load_report("bench_channel", &load);
	return 0;
}
