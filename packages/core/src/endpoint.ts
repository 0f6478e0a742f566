/**
 * One declaration per HTTP endpoint (docs/decisions/0022-one-contract-per-endpoint.md): its method
 * and path, what it reads (params, query, body), what it answers on success (by status) and which
 * error codes it may answer, with a stable operationId, a summary and who may call it. The server
 * registers its route from it (validation, serialisation, the access check, OpenAPI), the web
 * calls it with `api.call(endpoint, …)`, and every type on both sides is inferred from its schemas.
 *
 * Declarations live in `packages/core/src/contracts/<feature>.ts`, which export nothing else: the
 * web build replaces those modules with their method, path and operationId only (no zod in the
 * browser's bundles; apps/web/vite.config.ts), so a schema a form also needs lives in a
 * `<feature>-schemas.ts` module the contract imports.
 */
import type { z } from 'zod';
import type { ErrorCode } from './api-errors.ts';

/**
 * Who may call an endpoint; the server's route enforces it before the handler runs.
 * - `anonymous`: anyone (sign-in, sign-up, health).
 * - `public-link`: anyone holding a valid link token (in the path); the handler checks the token.
 * - `session`: any open session, an aal1 one awaiting its code step and a password-reset one included
 *   (the auth API's own endpoints: the code step, the new password, sign-out).
 * - `signed-in`: a session past any code step, with or without a label yet (the account, onboarding).
 * - `member`: a session of a member of a label; the handler receives the member.
 * - `admin`: a member who is an admin of the label.
 */
export type Access = 'anonymous' | 'public-link' | 'session' | 'signed-in' | 'member' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The answers an endpoint declares beside its errors: successes, partial content, redirects. */
export type SuccessStatus = 200 | 201 | 202 | 204 | 206 | 302 | 303;

export interface Endpoint {
  /** Stable, camelCase, unique in the API (OpenAPI's operationId; the web's name for the call). */
  operationId: string;
  /** One line for the API's reference. */
  summary: string;
  /** The feature it belongs to (OpenAPI tag). */
  tag: string;
  method: HttpMethod;
  /** Fastify's syntax: `/api/v1/songs/:id/reviews`. */
  path: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The success answers by status; `null` for one without a body (204, a redirect). A file or a
   * stream is declared with `fileResponse` (contract-schemas.ts).
   */
  responses: Partial<Record<SuccessStatus, z.ZodType | null>>;
  /** The error codes it may answer beyond those every endpoint of its access may (see `commonErrors`). */
  errors: readonly ErrorCode[];
}

/** Declares an endpoint; the literal types are kept, so what it reads and answers is typed from it. */
export function endpoint<const E extends Endpoint>(declaration: E): E {
  return declaration;
}

/** The error codes any endpoint of an access may answer, whatever it declares. */
export function commonErrors(access: Access, hasInput: boolean): ErrorCode[] {
  const codes: ErrorCode[] = hasInput ? ['validation_failed'] : [];
  if (access === 'session' || access === 'signed-in' || access === 'member' || access === 'admin') {
    codes.push('unauthorized');
  }
  if (access === 'member' || access === 'admin') codes.push('forbidden', 'mfa_required');
  codes.push('rate_limited', 'internal');
  return codes;
}

type Output<S> = S extends z.ZodType ? z.output<S> : never;
type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What the handler and the client pass as path parameters. */
export type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodType ? Input<E['params']> : undefined;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? Input<E['query']> : undefined;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? Input<E['body']> : undefined;

/** The same, after validation (defaults applied, strings parsed): what the server's handler gets. */
export type ParsedParamsOf<E extends Endpoint> = E['params'] extends z.ZodType
  ? Output<E['params']>
  : undefined;
export type ParsedQueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? Output<E['query']> : undefined;
export type ParsedBodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? Output<E['body']> : undefined;

/** The body of any of its success answers (undefined for a 204). */
export type ResponseOf<E extends Endpoint> = {
  [S in keyof E['responses']]: E['responses'][S] extends z.ZodType ? Output<E['responses'][S]> : undefined;
}[keyof E['responses']];

/** The path with its parameters filled in: `/api/v1/songs/:id` with { id } -> `/api/v1/songs/<id>`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${path}: the path parameter "${name}" is missing`);
    }
    return encodeURIComponent(String(value));
  });
}
