// SPDX-License-Identifier: MIT
/*
 * bench_channel: the cost of one register write followed by a posting read
 * through the channel (write log, doorbell, device thread, DRAINED), over
 * the loopback transport, beside its floor measured in the same process: a
 * ping-pong between two threads over a pair of pipes (one wake-up each
 * way, as a doorbell and a DRAINED message are).  Prints both and the
 * ratio; asserts nothing about speed.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

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

int main(int argc, char **argv)
{
	int iters = argc > 1 ? atoi(argv[1]) : 20000;
	struct gs_config cfg;
	struct gs_loop *loop;
	double floor_ns, rt_ns, wr_ns;

	gs_config_defaults(&cfg);
	loop = gs_loop_create(&cfg);
	if (!loop || !gs_loop_wait_msgs(loop, GENSIM_MSG_READY, 5000))
		return 1;
	/* warm up both paths, then measure */
	pipe_pingpong_ns(iters / 10);
	channel_roundtrip_ns(loop, iters / 10);
	floor_ns = pipe_pingpong_ns(iters);
	rt_ns = channel_roundtrip_ns(loop, iters);
	wr_ns = channel_writes_ns(loop, iters * 10);
	gs_loop_destroy(loop);

	printf("bench_channel (loopback, %d iterations, same process):\n", iters);
	printf("  pipe ping-pong between two threads   %8.0f ns   (floor: two wake-ups)\n", floor_ns);
	printf("  register write + posting read        %8.0f ns   ratio %.2f x floor\n", rt_ns,
	       rt_ns / floor_ns);
	printf("  pipelined register writes            %8.0f ns each (then one posting read)\n",
	       wr_ns);
	return 0;
}
