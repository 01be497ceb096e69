// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The gensim authors
 */

#define CREATE_TRACE_POINTS
#include "gensim_trace.h"
