// SPDX-License-Identifier: MIT
/*
 * Error reporting for the EU layer.  Every rejection carries a code and a
 * message naming the field (with its bit range, from eu_fields.def) and
 * the offending value, so a bad kernel can be diagnosed from the message
 * alone (project rule: loud, specific errors).  The fields and their bit
 * ranges are those of Mesa src/intel/compiler/brw_inst.h; IGT
 * assembler/gen8_instruction.h.
 */
#include <stdio.h>
#include <string.h>

#include "eu_priv.h"

const char *gseu_err_name(enum gseu_err code)
{
	switch (code) {
	case GSEU_OK: return "ok";
	case GSEU_E_TRUNCATED: return "truncated";
	case GSEU_E_OPCODE: return "unsupported opcode";
	case GSEU_E_RESERVED: return "reserved bit set";
	case GSEU_E_FIELD: return "bad field value";
	case GSEU_E_OPERAND: return "bad operand";
	case GSEU_E_COMPACT: return "compaction";
	case GSEU_E_SYNTAX: return "syntax error";
	case GSEU_E_LABEL: return "label";
	case GSEU_E_RANGE: return "out of range";
	case GSEU_E_NOMEM: return "out of memory";
	}
	return "?";
}

int gseu_fail(struct gseu_error *err, enum gseu_err code, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return -1;
	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return -1;
}

int gseu_fail_field(struct gseu_error *err, enum gseu_err code,
		    enum gseu_field f, uint64_t value, const char *why)
{
	const struct gseu_field_desc *d = &gseu_fields[f];

	if (d->hi == d->lo)
		return gseu_fail(err, code, "%sfield %s (bit %u) = %llu: %s",
				 d->compact ? "compacted " : "", d->name, d->hi,
				 (unsigned long long)value, why);
	return gseu_fail(err, code, "%sfield %s (bits %u:%u) = %#llx: %s",
			 d->compact ? "compacted " : "", d->name, d->hi, d->lo,
			 (unsigned long long)value, why);
}
