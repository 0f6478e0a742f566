import type {
  ConversationDto,
  ConversationReadDto,
  ConversationSummaryDto,
  MessageDto,
  MessagePageDto,
  TypingDto,
} from '@music-review/core/messages';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { adminWithLabel, authHeader, memberOf } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

/** Anyone signed in with a label (adminWithLabel / memberOf answers fit). */
export type Person = { token: string; reviewer: { id: string }; organization: { id: string } };

/** The messaging API driven through app.inject(); `*Raw` answer the response, the others expect success. */
export function chatApi(server: TestServer) {
  const inject = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    server.app.inject({
      method,
      url,
      headers: authHeader(who.token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const api = {
    inject,
    openRaw: (who: Person, body: unknown) => inject(who, 'POST', '/api/v1/conversations', body),
    async open(who: Person, body: unknown): Promise<ConversationDto> {
      const res = await api.openRaw(who, body);
      expect([200, 201], res.body).toContain(res.statusCode);
      return res.json<ConversationDto>();
    },
    dm: (who: Person, other: Person) => api.open(who, { type: 'dm', user_id: other.reviewer.id }),
    songChat: (who: Person, songId: string) => api.open(who, { type: 'song_chat', song_id: songId }),
    support: (who: Person) => api.open(who, { type: 'support' }),

    async list(who: Person): Promise<ConversationSummaryDto[]> {
      const res = await inject(who, 'GET', '/api/v1/conversations');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ConversationSummaryDto[]>();
    },
    getRaw: (who: Person, id: string) => inject(who, 'GET', `/api/v1/conversations/${id}`),
    async get(who: Person, id: string): Promise<ConversationSummaryDto> {
      const res = await api.getRaw(who, id);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ConversationSummaryDto>();
    },

    pageRaw: (who: Person, id: string, query = '') =>
      inject(who, 'GET', `/api/v1/conversations/${id}/messages${query ? `?${query}` : ''}`),
    async page(who: Person, id: string, query = ''): Promise<MessagePageDto> {
      const res = await api.pageRaw(who, id, query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<MessagePageDto>();
    },

    sendRaw: (who: Person, id: string, body: unknown) =>
      inject(who, 'POST', `/api/v1/conversations/${id}/messages`, body),
    async send(
      who: Person,
      id: string,
      text: string,
      extra: Record<string, unknown> = {},
    ): Promise<MessageDto> {
      const res = await api.sendRaw(who, id, { message_text: text, ...extra });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<MessageDto>();
    },

    removeRaw: (who: Person, messageId: string) => inject(who, 'DELETE', `/api/v1/messages/${messageId}`),

    readRaw: (who: Person, id: string, upTo: unknown) =>
      inject(who, 'POST', `/api/v1/conversations/${id}/read`, { up_to_sequence: upTo }),
    async read(who: Person, id: string, upTo: number): Promise<number> {
      const res = await api.readRaw(who, id, upTo);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ unread_count: number }>().unread_count;
    },
    readsRaw: (who: Person, id: string) => inject(who, 'GET', `/api/v1/conversations/${id}/reads`),
    async reads(who: Person, id: string): Promise<ConversationReadDto[]> {
      const res = await api.readsRaw(who, id);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ConversationReadDto[]>();
    },

    typingRaw: (who: Person, id: string, method: 'GET' | 'PUT' | 'DELETE') =>
      inject(who, method, `/api/v1/conversations/${id}/typing`),
    async typing(who: Person, id: string): Promise<TypingDto[]> {
      const res = await api.typingRaw(who, id, 'GET');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TypingDto[]>();
    },

    async unread(who: Person): Promise<number> {
      const res = await inject(who, 'GET', '/api/v1/messages/unread-count');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ count: number }>().count;
    },
  };
  return api;
}

/**
 * Every route of one conversation as `who`, each answer's status: a conversation someone may not
 * see must be 404 on all of them.
 */
export async function statusesOnEveryRoute(server: TestServer, who: Person, conversationId: string) {
  const api = chatApi(server);
  const calls = {
    get: api.getRaw(who, conversationId),
    messages: api.pageRaw(who, conversationId),
    send: api.sendRaw(who, conversationId, { message_text: 'let me in' }),
    read: api.readRaw(who, conversationId, 100),
    reads: api.readsRaw(who, conversationId),
    typing_put: api.typingRaw(who, conversationId, 'PUT'),
    typing_get: api.typingRaw(who, conversationId, 'GET'),
    typing_delete: api.typingRaw(who, conversationId, 'DELETE'),
  };
  const out: Record<string, number> = {};
  for (const [name, call] of Object.entries(calls)) out[name] = (await call).statusCode;
  return out;
}

export const ALL_NOT_FOUND = {
  get: 404,
  messages: 404,
  send: 404,
  read: 404,
  reads: 404,
  typing_put: 404,
  typing_get: 404,
  typing_delete: 404,
};

/** Moves a label to another plan (Starter, Pro, Label, or one a test added). */
export async function setPlan(server: TestServer, organizationId: string, planName: string) {
  await server.database.global.execute(
    sql`update organizations set subscription_plan_id = (select id from subscription_plans where name = ${planName})
        where id = ${organizationId}`,
  );
}

/** A fresh test server with one label: its admin (ada) and two members (ben, cy), and the chat API. */
export async function chatTeam(labelName: string) {
  const server = await createTestServer();
  const ada = await adminWithLabel(server.app, labelName);
  const ben = await memberOf(server.app, ada.inviteCode);
  const cy = await memberOf(server.app, ada.inviteCode);
  return { server, api: chatApi(server), ada, ben, cy };
}
