import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Every error code the API can answer, with its HTTP status. The one place statuses are decided. */
export const ERROR_STATUS = {
  validation_failed: 400,
  bad_request: 400,
  email_not_confirmed: 400,
  invalid_credentials: 400,
  invalid_grant: 400,
  weak_password: 422,
  mfa_verification_failed: 422,
  mfa_challenge_expired: 422,
  unauthorized: 401,
  session_expired: 401,
  forbidden: 403,
  plan_limit_reached: 403,
  // A feature the label's plan lacks (support chat without has_chat_functionality or its trial).
  plan_required: 403,
  insufficient_aal: 403,
  // An aal1 session of an account with a verified factor, anywhere but /auth.
  mfa_required: 403,
  not_found: 404,
  user_not_found: 404,
  conflict: 409,
  already_member: 409,
  user_limit_reached: 409,
  invalid_invite_code: 404,
  // A public link (revision upload) that was valid once: used up, or past its expiry.
  link_used: 410,
  link_expired: 410,
  link_revoked: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

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
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);

export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

/** Maps anything thrown in a request to the one error shape; never leaks internals. */
export function handleError(err: FastifyError | AppError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
    return reply.status(err.status).send(errorBody(err.code, err.message));
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    // Our schemas' own messages are the spec's texts and go out as they are; zod's defaults name
    // the field (see the error map below).
    const message = err.validation[0]?.message ?? 'Invalid request';
    return reply.status(400).send(errorBody('validation_failed', message));
  }
  if (isResponseSerializationError(err)) {
    req.log.error({ err }, 'response did not match its schema');
    return reply.status(500).send(errorBody('internal', 'An unexpected error occurred. Please try again.'));
  }
  const fe = err as FastifyError;
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return reply.status(fe.statusCode).send(errorBody(fe.code?.toLowerCase() ?? 'bad_request', fe.message));
  }
  req.log.error({ err }, 'unhandled error');
  return reply.status(500).send(errorBody('internal', 'An unexpected error occurred. Please try again.'));
}
