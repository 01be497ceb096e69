/* SPDX-License-Identifier: MIT */
/*
 * Device logging: errors always, info at -v, trace (every register write)
 * at -vv.  Messages go to stderr prefixed with "gensim-device".
 */
#ifndef GSDEV_LOG_H
#define GSDEV_LOG_H

#include <stdatomic.h>

enum gs_log_level {
	GS_LOG_ERROR,
	GS_LOG_INFO,
	GS_LOG_TRACE,
};

/*
 * The level: set by the process (or an in-process device's opener) while
 * other devices' threads may be logging, hence atomic (relaxed: a level
 * change need not order anything else).
 */
extern atomic_int gs_log_verbosity;

void gs_log(enum gs_log_level level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#define gs_err(...)	gs_log(GS_LOG_ERROR, __VA_ARGS__)
#define gs_info(...)	gs_log(GS_LOG_INFO, __VA_ARGS__)
#define gs_trace(...)	gs_log(GS_LOG_TRACE, __VA_ARGS__)

#endif
