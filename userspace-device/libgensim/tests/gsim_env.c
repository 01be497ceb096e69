// SPDX-License-Identifier: MIT
/* libgensim's tests' environment (gsim_env.h). */
#include <stdio.h>
#include <stdlib.h>

#include "gsim_env.h"

struct gsim_device *ge_open(uint32_t workers, uint32_t timeout_ms)
{
	struct gsim_inprocess_config cfg;
	struct gsim_device *dev;
	const char *v = getenv("GS_VERBOSE");

	gsim_inprocess_config_init(&cfg);
	cfg.eu_workers = workers;
	cfg.job_timeout_ms = timeout_ms;
	cfg.log_level = v ? atoi(v) : 0;
	OK(gsim_open_inprocess(&cfg, &dev));
	return dev;
}

uint32_t ge_vm(struct gsim_device *dev, uint32_t flags)
{
	uint32_t vm;

	OK(gsim_vm_create(dev, flags, &vm));
	return vm;
}

uint32_t ge_queue(struct gsim_device *dev, uint32_t engine_class, uint32_t vm)
{
	uint32_t q;

	OK(gsim_queue_create(dev, engine_class, 0, vm, GSIM_PRIORITY_NORMAL, &q));
	return q;
}

void ge_buffer(struct gsim_device *dev, uint32_t vm, uint64_t va, uint64_t size,
	       struct gsim_buffer *buf)
{
	OK(gsim_buffer_create(dev, vm, va, size, 0, buf));
}

void ge_batch(struct gsim_buffer *buf, struct gsim_batch *b)
{
	OK(gsim_batch_init(b, buf->cpu, buf->va, buf->size));
}

int ge_run(struct gsim_device *dev, uint32_t queue, struct gsim_batch *b)
{
	OK(gsim_batch_end(b));
	return gsim_exec_wait(dev, queue, b->va, WAIT_MS, NULL);
}

void ge_asm(const char *text, struct gseu_asm_result *res)
{
	struct gseu_error err;

	if (gseu_assemble(text, NULL, res, &err))
		tap_fail(__FILE__, __LINE__, "assembler: line %u col %u: %s", err.line, err.col,
			 err.msg);
}

char *ge_example(const char *name)
{
	char path[512], *text;
	FILE *f;
	long n;

	snprintf(path, sizeof(path), "%s/%s", GSIM_EXAMPLES, name);
	f = fopen(path, "r");
	CHECK_MSG(f, "%s: cannot open", path);
	CHECK(!fseek(f, 0, SEEK_END) && (n = ftell(f)) >= 0 && !fseek(f, 0, SEEK_SET));
	text = malloc((size_t)n + 1);
	CHECK(text && fread(text, 1, (size_t)n, f) == (size_t)n);
	text[n] = 0;
	fclose(f);
	return text;
}
