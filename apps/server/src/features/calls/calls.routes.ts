import * as calls from '@music-review/core/contracts/calls';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createCallsService } from './calls.service.ts';

/** The video calls endpoints (contracts: packages/core/src/contracts/calls.ts). */
export async function callsRoutes(app: App, ctx: AppContext) {
  const service = createCallsService(ctx);

  route(app, ctx, calls.listIceServers, async () => service.iceServers());

  route(app, ctx, calls.startCall, async ({ member, params, reply }) => {
    const { call, created } = await service.startCall(member, params.id);
    reply.status(created ? 201 : 200);
    return call;
  });

  route(app, ctx, calls.getCall, ({ member, params }) => service.getCall(member, params.id));

  route(app, ctx, calls.joinCall, ({ member, params }) => service.join(member, params.id));

  // The 204 answers carry no body: the handler sends the empty reply (the route set the status).
  route(app, ctx, calls.leaveCall, async ({ member, params, body, reply }) => {
    await service.leave(member, params.id, body?.joined_at);
    return reply.send();
  });

  route(app, ctx, calls.sendCallHeartbeat, async ({ member, params, reply }) => {
    await service.heartbeat(member, params.id);
    return reply.send();
  });

  route(app, ctx, calls.sendCallSignal, ({ member, params, body }) =>
    service.sendSignal(member, params.id, body),
  );

  route(app, ctx, calls.listCallSignals, ({ member, params, query }) =>
    service.listSignals(member, params.id, query.after),
  );
}
