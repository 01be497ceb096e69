/* SPDX-License-Identifier: MIT */
/*
 * A device trace file (core/trace.c) as its tests read it: every line
 * checked to be one JSON object (RFC 8259, strictly), the start line first
 * and the stop line last, each record after its thread's line and not
 * before the session; its "ev", "ts" and "tid" at hand.
 */
#ifndef GS_TRACE_FILE_H
#define GS_TRACE_FILE_H

#include <stdbool.h>
#include <stddef.h>

struct line {
	char *text;
	char ev[24];
	unsigned long long ts;
	int tid;
};

struct session {
	struct line *l;
	size_t n, cap;
	unsigned long long written, dropped;
};

bool json_object(const char *line);
bool field_u64(const char *line, const char *key, unsigned long long *v);
bool field_str(const char *line, const char *key, char *out, size_t len);
bool tf_has(const struct line *l, const char *text);
/* Read @path into @s, checking it (CHECK: a failure ends the test). */
void session_read(const char *path, struct session *s);
size_t session_count(const struct session *s, const char *ev);
void session_free(struct session *s);
/* A new empty file in $TMPDIR or /tmp; its name in @buf. */
char *tmp_path(char *buf, size_t len);

#endif
