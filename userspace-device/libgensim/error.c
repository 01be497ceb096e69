// SPDX-License-Identifier: MIT
/*
 * Error messages: the library returns -errno and never prints, so the
 * caller needs the why somewhere.  It is per thread, as errno and
 * dlerror() are, so concurrent callers each see their own.
 */
#include <stdarg.h>
#include <stdio.h>

#include "priv.h"

static _Thread_local char message[256];

int lgsim_fail(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(message, sizeof(message), fmt, ap);
	va_end(ap);
	return err;
}

void lgsim_clear_error(void)
{
	message[0] = 0;
}

const char *gsim_last_error(void)
{
	return message;
}
