// SPDX-License-Identifier: MIT
#include <stdarg.h>
#include <stdio.h>

#include "core/log.h"

atomic_int gs_log_verbosity;

void gs_log(enum gs_log_level level, const char *fmt, ...)
{
	static const char *const tag[] = { "error: ", "", "trace: " };
	char line[1024];
	va_list ap;

	if ((int)level > atomic_load_explicit(&gs_log_verbosity, memory_order_relaxed) &&
	    level != GS_LOG_ERROR)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	/* One write per line, so lines from different threads do not interleave. */
	fprintf(stderr, "gensim-device: %s%s\n", tag[level], line);
}
