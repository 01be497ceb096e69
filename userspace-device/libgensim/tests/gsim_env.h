/* SPDX-License-Identifier: MIT */
/*
 * libgensim's tests: an in-process device, and CHECKs that say what the
 * library said (gsim_last_error()) when a call does not return what was
 * expected.
 */
#ifndef GSIM_ENV_H
#define GSIM_ENV_H

#include <string.h>

#include <gensim/gensim.h>

#include "gseu/eu.h"
#include "tap.h"

#define WAIT_MS		20000	/* sanitizer builds are slow; every wait is still bounded */

/* @expr returns 0. */
#define OK(expr) do {								\
	int r_ = (expr);							\
	CHECK_MSG(!r_, "%s: %d (%s): %s", #expr, r_, strerror(-r_), gsim_last_error()); \
} while (0)

/* @expr returns the negative errno @err. */
#define FAILS(expr, err) do {							\
	int r_ = (expr);							\
	CHECK_MSG(r_ == (err), "%s: %d, expected %s: %s", #expr, r_, #err,	\
		  gsim_last_error());						\
} while (0)

/* The device model in process: @workers EU threads, batches bounded by @timeout_ms. */
struct gsim_device *ge_open(uint32_t workers, uint32_t timeout_ms);
uint32_t ge_vm(struct gsim_device *dev, uint32_t flags);
uint32_t ge_queue(struct gsim_device *dev, uint32_t engine_class, uint32_t vm);
/* A buffer at @va of @vm, and a batch in it. */
void ge_buffer(struct gsim_device *dev, uint32_t vm, uint64_t va, uint64_t size,
	       struct gsim_buffer *buf);
void ge_batch(struct gsim_buffer *buf, struct gsim_batch *b);
/* Run @b (ended here) on @queue; the job's result: 0 or its fence error. */
int ge_run(struct gsim_device *dev, uint32_t queue, struct gsim_batch *b);
void ge_asm(const char *text, struct gseu_asm_result *res);
/* userspace-device/examples/@name's text (malloc'd). */
char *ge_example(const char *name);

#endif
