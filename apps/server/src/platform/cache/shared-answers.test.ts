// Database-independent: a Fastify app of its own with the product's serializer wrapping (the PostgreSQL pass skips it; vitest.config.ts).
/**
 * Shared (cached) answers are checked and turned into JSON once per route; every other answer at
 * every request.
 */
import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { markShared, serializeOnce } from './shared-answers.ts';

describe('shared answers', () => {
  it('serializes a shared answer once per route, any other answer every time', () => {
    const calls: unknown[] = [];
    const serialize = (data: unknown) => {
      calls.push(data);
      return JSON.stringify(data);
    };
    const first = serializeOnce(serialize);
    const second = serializeOnce(serialize);
    const cached = markShared({ total: '12.50' });
    const fresh = { total: '3' };

    expect(first(cached)).toBe('{"total":"12.50"}');
    expect(first(cached)).toBe('{"total":"12.50"}');
    expect(first(fresh)).toBe('{"total":"3"}');
    expect(first(fresh)).toBe('{"total":"3"}');
    // Another route (another schema) makes its own JSON of the same answer.
    expect(second(cached)).toBe('{"total":"12.50"}');
    expect(calls).toEqual([cached, fresh, fresh, cached]);
    // Not objects: as they are.
    expect(markShared(null)).toBeNull();
    expect(first(null)).toBe('null');
  });

  it('sends the same body again through the response schema, which runs once', async () => {
    const app = Fastify();
    let checks = 0;
    app.setSerializerCompiler((route) =>
      serializeOnce(serializerCompiler(route as Parameters<typeof serializerCompiler>[0])),
    );
    const body = z.object({
      income: z.string().refine(() => {
        checks++;
        return true;
      }),
    });
    const answer = markShared({ income: '41.62', internal: 'not in the schema' });
    app.get('/cached', { schema: { response: { 200: body } } }, async () => answer);
    app.get('/computed', { schema: { response: { 200: body } } }, async () => ({ income: '1.00' }));
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'GET', url: '/cached' });
      expect(res.statusCode).toBe(200);
      // The schema still shapes what is sent: the field it does not name is left out.
      expect(res.json()).toEqual({ income: '41.62' });
    }
    expect(checks).toBe(1);
    for (let i = 0; i < 2; i++) await app.inject({ method: 'GET', url: '/computed' });
    expect(checks).toBe(3);
    await app.close();
  });
});
