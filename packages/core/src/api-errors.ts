/**
 * The API's one error shape, shared by the server (which answers it) and the web (which reads it):
 *
 *   { "error": { "code": "validation_failed", "message": "title: Enter a title",
 *                "fields": { "title": "Enter a title", "parties.1.email": "Enter a valid email" } } }
 *
 * `message` is one sentence for a toast or an alert (the first problem when there are several);
 * `fields`, when the request had problems with named fields, holds every one of them by the field's
 * path (dots between object keys and list indexes), each message without the path in front, so a
 * form shows it beside its field without reading the message text (docs/decisions/0020).
 */

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
  // Distribution: a release with blocking readiness problems, an ERN the schema refused.
  not_ready: 422,
  ern_invalid: 422,
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

/** Problems by field path ('title', 'terms.parties.1.email'), one message each. */
export type FieldErrors = Record<string, string>;

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: FieldErrors };
}

/** The dotted path of a schema issue: ['parties', 1, 'email'] -> 'parties.1.email'. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/**
 * A message without the path in front that some messages carry for the one-line form ("title:
 * enter a title" -> "Enter a title"; "terms.artist_name: enter the artist" for the field
 * 'artist_name' too), its first letter then in capitals. A message whose front names another
 * field, or none, is left exactly as written.
 */
export function withoutFieldPath(message: string, path: string): string {
  let text = message;
  const colon = text.indexOf(': ');
  if (colon > 0) {
    const front = text.slice(0, colon);
    const last = path.split('.').pop() ?? '';
    const namesThisField =
      front === path || front.endsWith(`.${path}`) || (last !== '' && front.split('.').pop() === last);
    if (namesThisField && /^[\w.]+$/.test(front)) {
      text = text.slice(colon + 2);
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
  }
  return text;
}

/**
 * Every problem of a validation by field, the first message per field; issues about the whole
 * input (an empty path) name no field and are left to the error's message.
 */
export function fieldErrorsFrom(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = fieldPath(issue.path);
    if (path === '' || path in fields) continue;
    fields[path] = withoutFieldPath(issue.message, path);
  }
  return fields;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
