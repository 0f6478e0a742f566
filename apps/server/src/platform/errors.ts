import {
  ERROR_STATUS,
  type ErrorCode,
  type FieldErrors,
  fieldErrorsFrom,
} from '@music-review/core/api-errors';
import { NOT_FOUND_PARAM_PREFIX } from '@music-review/core/contract-schemas';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

// The codes, their statuses and the error shape live in core, shared with the web (api-errors.ts).
export { ERROR_STATUS, type ErrorCode, type FieldErrors } from '@music-review/core/api-errors';

// zod's default messages ("Invalid input...") say nothing of which field: prefix the field's path.
// Messages written in a schema bypass this map, so a spec text reaches the user unchanged.
z.config({
  customError: (issue) => {
    const base = z.locales.en().localeError(issue);
    const text = typeof base === 'string' ? base : base?.message;
    if (!text) return undefined;
    return issue.path?.length ? `${issue.path.join('.')}: ${text}` : text;
  },
});

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Every field at fault by its path, each message without the path (core/api-errors.ts). */
    readonly fields: FieldErrors = {},
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);

/** The one error shape; `fields` only when the problem names fields. */
export function errorBody(code: string, message: string, fields: FieldErrors = {}) {
  return Object.keys(fields).length > 0 ? { error: { code, message, fields } } : { error: { code, message } };
}

/** A validation error naming every field at fault; its message is the first problem, in one line. */
export function validationError(fields: FieldErrors, message?: string) {
  const [first] = Object.entries(fields);
  return new AppError(
    'validation_failed',
    message ?? (first ? `${first[0]}: ${first[1]}` : 'Invalid request'),
    {},
    fields,
  );
}

/** Maps anything thrown in a request to the one error shape; never leaks internals. */
/** Our code for each status Fastify refuses a request with by itself. */
const FASTIFY_STATUS_CODE: Partial<Record<number, ErrorCode>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'rate_limited',
};

export function handleError(err: FastifyError | AppError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
    return reply.status(err.status).send(errorBody(err.code, err.message, err.fields));
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    // A path id declared with uuidOr404 that is not a UUID names no record: 404, like an unknown one.
    const notFound = err.validation.find((issue) => issue.message?.startsWith(NOT_FOUND_PARAM_PREFIX));
    if (notFound && err.validationContext === 'params') {
      const text = notFound.message?.slice(NOT_FOUND_PARAM_PREFIX.length) || 'Not found';
      return reply.status(404).send(errorBody('not_found', text));
    }
    // Our schemas' own messages are the spec's texts and go out as they are; zod's defaults name
    // the field (see the error map above). `fields` lists every problem, by field.
    const message = err.validation[0]?.message ?? 'Invalid request';
    const fields = fieldErrorsFrom(
      err.validation.map((issue) => ({
        path: issue.instancePath.split('/').filter((part) => part !== ''),
        message: issue.message ?? '',
      })),
    );
    return reply.status(400).send(errorBody('validation_failed', message, fields));
  }
  if (isResponseSerializationError(err)) {
    req.log.error({ err }, 'response did not match its schema');
    return reply.status(500).send(errorBody('internal', 'An unexpected error occurred. Please try again.'));
  }
  const fe = err as FastifyError;
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    // Fastify's own refusals (malformed JSON, a body too large, an unknown media type) answer with
    // one of our codes, so clients see only the codes of ERROR_STATUS (and the contracts' error
    // schemas accept them).
    return reply
      .status(fe.statusCode)
      .send(errorBody(FASTIFY_STATUS_CODE[fe.statusCode] ?? 'bad_request', fe.message));
  }
  req.log.error({ err }, 'unhandled error');
  return reply.status(500).send(errorBody('internal', 'An unexpected error occurred. Please try again.'));
}
