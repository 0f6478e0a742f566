import { CALL_SIGNAL_KINDS } from '@music-review/core/calls';
import { leaveCallBody, listCallSignalsQuery, sendCallSignalBody } from '@music-review/core/calls-schemas';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createCallsService } from './calls.service.ts';

const security = [{ bearer: [] }];
const tags = ['calls'];

const callParams = z.object({ id: z.uuid({ message: 'id: must be a call id' }) });

const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

const participantSchema = z.object({
  reviewer_id: z.string(),
  name: z.string(),
  avatar_key: z.string().nullable(),
  joined_at: z.string(),
});

const callSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  conversation_type: z.enum(['dm', 'song_chat']),
  title: z.string(),
  started_by: z.string().nullable(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  participants: z.array(participantSchema),
});

const startedCallSchema = z.object({ id: z.string(), conversation_id: z.string(), join_url: z.string() });

const signalSchema = z.object({
  id: z.string(),
  sequence: z.number(),
  call_id: z.string(),
  sender_id: z.string(),
  recipient_id: z.string(),
  kind: z.enum(CALL_SIGNAL_KINDS),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

export async function callsRoutes(app: App, ctx: AppContext) {
  const service = createCallsService(ctx);

  app.get(
    '/api/v1/calls/ice-servers',
    { schema: { tags, security, response: { 200: z.array(iceServerSchema) } } },
    async (req) => {
      await ctx.auth.requireMember(req);
      return service.iceServers();
    },
  );

  app.post(
    '/api/v1/conversations/:id/calls',
    {
      schema: {
        tags,
        security,
        params: z.object({ id: z.uuid({ message: 'id: must be a conversation id' }) }),
        response: { 200: startedCallSchema, 201: startedCallSchema },
      },
    },
    async (req, reply) => {
      const member = await ctx.auth.requireMember(req);
      const { call, created } = await service.startCall(member, req.params.id);
      return reply.status(created ? 201 : 200).send(call);
    },
  );

  app.get(
    '/api/v1/calls/:id',
    { schema: { tags, security, params: callParams, response: { 200: callSchema } } },
    async (req) => service.getCall(await ctx.auth.requireMember(req), req.params.id),
  );

  app.post(
    '/api/v1/calls/:id/join',
    {
      schema: {
        tags,
        security,
        params: callParams,
        response: { 200: callSchema.extend({ signal_cursor: z.number() }) },
      },
    },
    async (req) => service.join(await ctx.auth.requireMember(req), req.params.id),
  );

  app.post(
    '/api/v1/calls/:id/leave',
    { schema: { tags, security, params: callParams, body: leaveCallBody } },
    async (req, reply) => {
      await service.leave(await ctx.auth.requireMember(req), req.params.id, req.body?.joined_at);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/calls/:id/heartbeat',
    { schema: { tags, security, params: callParams } },
    async (req, reply) => {
      await service.heartbeat(await ctx.auth.requireMember(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/calls/:id/signals',
    {
      schema: {
        tags,
        security,
        params: callParams,
        body: sendCallSignalBody,
        response: { 201: signalSchema },
      },
    },
    async (req, reply) => {
      const member = await ctx.auth.requireMember(req);
      return reply.status(201).send(await service.sendSignal(member, req.params.id, req.body));
    },
  );

  app.get(
    '/api/v1/calls/:id/signals',
    {
      schema: {
        tags,
        security,
        params: callParams,
        querystring: listCallSignalsQuery,
        response: { 200: z.array(signalSchema) },
      },
    },
    async (req) => service.listSignals(await ctx.auth.requireMember(req), req.params.id, req.query.after),
  );
}
