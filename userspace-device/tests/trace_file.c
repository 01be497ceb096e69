// SPDX-License-Identifier: MIT
/*
 * The trace recorder's files, for its tests (trace_file.h): a strict JSON
 * checker and a session file read line by line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "trace_file.h"

/* ------------------------------------------------------------------ */
/* A JSON checker: one value, strictly (RFC 8259), nothing after it.     */

static const char *ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

static const char *value(const char *p, int depth);

static const char *string(const char *p)
{
	if (*p++ != '"')
		return NULL;
	while (*p != '"') {
		if ((unsigned char)*p < 0x20)
			return NULL;
		if (*p == '\\') {
			p++;
			if (*p == 'u') {
				for (int i = 1; i <= 4; i++)
					if (!strchr("0123456789abcdefABCDEF", p[i]) || !p[i])
						return NULL;
				p += 4;
			} else if (!*p || !strchr("\"\\/bfnrt", *p)) {
				return NULL;
			}
		}
		p++;
	}
	return p + 1;
}

static const char *number(const char *p)
{
	const char *s;

	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (*p >= '1' && *p <= '9')
		while (*p >= '0' && *p <= '9')
			p++;
	else
		return NULL;
	if (*p == '.') {
		s = ++p;
		while (*p >= '0' && *p <= '9')
			p++;
		if (p == s)
			return NULL;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		s = p;
		while (*p >= '0' && *p <= '9')
			p++;
		if (p == s)
			return NULL;
	}
	return p;
}

static const char *value(const char *p, int depth)
{
	if (depth > 32)
		return NULL;
	p = ws(p);
	if (*p == '{' || *p == '[') {
		char close = *p == '{' ? '}' : ']';

		p = ws(p + 1);
		if (*p == close)
			return p + 1;
		for (;;) {
			if (close == '}') {
				p = string(ws(p));
				if (!p)
					return NULL;
				p = ws(p);
				if (*p++ != ':')
					return NULL;
			}
			p = value(p, depth + 1);
			if (!p)
				return NULL;
			p = ws(p);
			if (*p == close)
				return p + 1;
			if (*p++ != ',')
				return NULL;
		}
	}
	if (*p == '"')
		return string(p);
	if (!strncmp(p, "true", 4))
		return p + 4;
	if (!strncmp(p, "false", 5))
		return p + 5;
	if (!strncmp(p, "null", 4))
		return p + 4;
	return number(p);
}

bool json_object(const char *line)
{
	const char *end;

	if (*ws(line) != '{')
		return false;
	end = value(line, 0);
	return end && !*ws(end);
}

/* ------------------------------------------------------------------ */
/* A session's file                                                      */

bool field_u64(const char *line, const char *key, unsigned long long *v)
{
	char k[64];
	const char *p;

	snprintf(k, sizeof(k), "\"%s\":", key);
	p = strstr(line, k);
	if (!p)
		return false;
	*v = strtoull(p + strlen(k), NULL, 10);
	return true;
}

bool field_str(const char *line, const char *key, char *out, size_t len)
{
	char k[64];
	const char *p, *e;

	snprintf(k, sizeof(k), "\"%s\":\"", key);
	p = strstr(line, k);
	if (!p)
		return false;
	p += strlen(k);
	e = strchr(p, '"');
	if (!e || (size_t)(e - p) >= len)
		return false;
	memcpy(out, p, (size_t)(e - p));
	out[e - p] = 0;
	return true;
}

bool tf_has(const struct line *l, const char *text)
{
	return strstr(l->text, text) != NULL;
}

/* Read and check a session's file: every line an object, start first, stop last. */
void session_read(const char *path, struct session *s)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0;
	ssize_t len;

	CHECK_MSG(f, "%s", path);
	memset(s, 0, sizeof(*s));
	while ((len = getline(&buf, &cap, f)) > 0) {
		struct line *l;
		unsigned long long v;

		CHECK_MSG(buf[len - 1] == '\n', "line %zu not terminated", s->n + 1);
		buf[len - 1] = 0;
		CHECK_MSG(json_object(buf), "line %zu is not a JSON object: %s", s->n + 1, buf);
		if (s->n == s->cap) {
			s->cap = s->cap ? 2 * s->cap : 1024;
			s->l = realloc(s->l, s->cap * sizeof(*s->l));
			CHECK(s->l);
		}
		l = &s->l[s->n++];
		memset(l, 0, sizeof(*l));
		l->text = strdup(buf);
		CHECK(field_str(buf, "ev", l->ev, sizeof(l->ev)));
		field_u64(buf, "ts", &l->ts);
		if (field_u64(buf, "tid", &v))
			l->tid = (int)v;
	}
	free(buf);
	fclose(f);
	CHECK(s->n >= 2);
	CHECK_MSG(!strcmp(s->l[0].ev, "start"), "first line: %s", s->l[0].text);
	CHECK(tf_has(&s->l[0], "\"clock\":\"CLOCK_MONOTONIC\""));
	CHECK_MSG(!strcmp(s->l[s->n - 1].ev, "stop"), "last line: %s", s->l[s->n - 1].text);
	CHECK(field_u64(s->l[s->n - 1].text, "written", &s->written));
	CHECK(field_u64(s->l[s->n - 1].text, "dropped", &s->dropped));
	/* A thread's line comes before its records; no record before the start. */
	for (size_t i = 1, nnamed = 0; i + 1 < s->n; i++) {
		static int named[256];
		const struct line *l = &s->l[i];
		size_t k;

		if (!strcmp(l->ev, "thread")) {
			CHECK(nnamed < 256);
			named[nnamed++] = l->tid;
			continue;
		}
		CHECK_MSG(l->ts >= s->l[0].ts, "record before the session: %s", l->text);
		for (k = 0; k < nnamed && named[k] != l->tid; k++)
			;
		CHECK_MSG(k < nnamed, "no thread line before %s", l->text);
	}
}

size_t session_count(const struct session *s, const char *ev)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n; i++)
		n += !strcmp(s->l[i].ev, ev);
	return n;
}

void session_free(struct session *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->l[i].text);
	free(s->l);
	memset(s, 0, sizeof(*s));
}

char *tmp_path(char *buf, size_t len)
{
	const char *dir = getenv("TMPDIR");
	int fd;

	snprintf(buf, len, "%s/gs-trace-test.XXXXXX", dir && *dir ? dir : "/tmp");
	fd = mkstemp(buf);
	CHECK(fd >= 0);
	close(fd);
	return buf;
}
