/**
 * Registers a route from its contract (packages/core/src/endpoint.ts; decision 0022): the schemas
 * validate the request and the answer, the access is checked by a pre-handler before the handler
 * runs, and OpenAPI gets the operationId, summary, tag, security and every answer, errors included.
 * The handler gets the parsed input and, for member and admin endpoints, the member: services take
 * the member or the link visitor, never the HTTP request.
 */
import { ERROR_STATUS, type ErrorCode } from '@music-review/core/api-errors';
import {
  type Access,
  commonErrors,
  type Endpoint,
  type ParsedBodyOf,
  type ParsedParamsOf,
  type ParsedQueryOf,
  type ResponseOf,
} from '@music-review/core/endpoint';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller, Member, RequestAuth } from './auth/request-auth.ts';
import type { App } from './http.ts';

const ALL_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The error body of one status, listing the codes the endpoint declares for it. */
function errorResponse(codes: ErrorCode[]) {
  return z
    .object({
      error: z.object({
        // Any code passes at run time (an undeclared one must not turn into a 500); the reference
        // lists the declared ones.
        code: z.enum(ALL_CODES),
        message: z.string(),
        fields: z.record(z.string(), z.string()).optional(),
      }),
    })
    .meta({ description: codes.join(', ') });
}

/** Each declared error status with its error body (what OpenAPI documents). */
export function errorResponses(endpoint: Endpoint) {
  const hasInput = Boolean(endpoint.params || endpoint.query || endpoint.body);
  const codes = [...new Set([...commonErrors(endpoint.access, hasInput), ...endpoint.errors])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries([...byStatus].map(([status, list]) => [status, errorResponse(list)]));
}

type WhoCalls<A extends Access> = A extends 'member' | 'admin'
  ? { member: Member }
  : A extends 'signed-in' | 'session'
    ? { caller: Caller }
    : Record<never, never>;

export type HandlerInput<E extends Endpoint> = {
  params: ParsedParamsOf<E>;
  query: ParsedQueryOf<E>;
  body: ParsedBodyOf<E>;
  /** For what only HTTP has (the client's address, a header): services never receive it. */
  req: FastifyRequest;
  /** To choose among the declared success statuses (`reply.status(201)`). */
  reply: FastifyReply;
} & WhoCalls<E['access']>;

/**
 * Answers the declared success body; or the reply itself, once the handler has sent it (a file, a
 * stream, a redirect).
 */
export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<ResponseOf<E> | FastifyReply>;

const callers = new WeakMap<FastifyRequest, Caller>();

function accessCheck(ctx: { auth: RequestAuth }, access: Access) {
  switch (access) {
    case 'member':
      return (req: FastifyRequest) => ctx.auth.requireMember(req);
    case 'admin':
      return (req: FastifyRequest) => ctx.auth.requireAdmin(req);
    case 'signed-in':
      return (req: FastifyRequest) => ctx.auth.requireCaller(req);
    case 'session':
      return (req: FastifyRequest) => ctx.auth.requireSession(req);
    default:
      return null;
  }
}

export function securityOf(access: Access) {
  return access === 'anonymous' || access === 'public-link' ? [] : [{ bearer: [] }];
}

/** Registers the route of `endpoint`; its handler runs only once the access check has passed. */
export function route<E extends Endpoint>(
  app: App,
  ctx: { auth: RequestAuth },
  endpoint: E,
  handler: Handler<E>,
) {
  const check = accessCheck(ctx, endpoint.access);
  const success = Object.entries(endpoint.responses) as [string, z.ZodType | null][];
  const onlyStatus = success.length === 1 ? Number(success[0]![0]) : null;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      security: securityOf(endpoint.access),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: {
        ...Object.fromEntries(
          success.map(([status, schema]) => [status, schema ?? z.null().meta({ description: 'No content' })]),
        ),
        ...errorResponses(endpoint),
      },
    },
    ...(check
      ? {
          preHandler: async (req: FastifyRequest) => {
            callers.set(req, await check(req));
          },
        }
      : {}),
    handler: async (req, reply) => {
      if (onlyStatus !== null && onlyStatus !== 200) reply.status(onlyStatus);
      const caller = callers.get(req);
      const input = {
        params: req.params,
        query: req.query,
        body: req.body,
        req,
        reply,
        ...(caller ? { member: caller, caller } : {}),
      } as unknown as HandlerInput<E>;
      return handler(input);
    },
  });
}
