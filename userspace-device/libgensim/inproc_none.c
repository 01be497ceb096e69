// SPDX-License-Identifier: MIT
/*
 * The shared library has no in-process backend: it would carry the whole
 * device model (libgsdev.a) into every program that only wants the
 * driver.  Programs that run the model link libgensim.a and libgsdev.a;
 * this tells the others so at run time rather than with a missing symbol.
 */
#include <errno.h>

#include "priv.h"

int gsim_open_inprocess(const struct gsim_inprocess_config *cfg, struct gsim_device **dev)
{
	(void)cfg;
	if (dev)
		*dev = NULL;
	return lgsim_fail(-ENOTSUP, "the shared libgensim has no in-process backend: "
			  "link libgensim.a and libgsdev.a");
}
