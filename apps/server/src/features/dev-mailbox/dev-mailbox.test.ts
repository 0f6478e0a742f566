import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '../../platform/db/schema.ts';
import { mailbox, signUp, uniqueEmail, uniqueIp } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

describe('the dev mailbox (no SMTP_URL, not production)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists sent mail newest first as {to, subject, text, html, createdAt}', async () => {
    const first = await signUp(server.app, { email: uniqueEmail('first') });
    const second = await signUp(server.app, { email: uniqueEmail('second') });
    await server.app.inject({
      method: 'POST',
      url: '/auth/v1/recover',
      payload: { email: first.email },
      remoteAddress: uniqueIp(),
    });

    const res = await server.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const mails = res.json();
    expect(mails.slice(0, 3).map((m: { to: string }) => m.to)).toEqual([
      first.email,
      second.email,
      first.email,
    ]);
    expect(mails[0].subject).toMatch(/reset/i);
    expect(mails[2].subject).toMatch(/confirm/i);
    for (const mail of mails) {
      expect(Object.keys(mail).sort()).toEqual(['createdAt', 'html', 'subject', 'text', 'to']);
      expect(new Date(mail.createdAt).toISOString()).toBe(mail.createdAt);
      expect(mail.html).toMatch(/^<!doctype html>/i);
      expect(mail.text).toContain('http://app.test/auth/v1/verify?');
    }
    const times = mails.map((m: { createdAt: string }) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // Filtered by recipient, in any letter case.
    const onlyFirst = await mailbox(server.app, first.email.toUpperCase());
    expect(onlyFirst).toHaveLength(2);
    expect(onlyFirst.every((m) => m.to === first.email)).toBe(true);
  });

  it('filters by recipient before limiting, so older mail to that address is still found', async () => {
    const target = await signUp(server.app, { email: uniqueEmail('older') });
    for (let i = 0; i < 3; i++) await signUp(server.app, { email: uniqueEmail('newer') });

    const res = await server.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      query: { to: target.email, limit: '2' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { to: string }) => m.to)).toEqual([target.email]);

    const newest = await server.app.inject({ method: 'GET', url: '/api/dev/mailbox', query: { limit: '2' } });
    expect(newest.json()).toHaveLength(2);
  });

  it('shows the mail as an HTML page with clickable links, escaping what it shows', async () => {
    const { email } = await signUp(server.app, { email: uniqueEmail('page') });
    const res = await server.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/^<!doctype html>/i);
    expect(res.body).toContain(email);
    expect(res.body).toMatch(/<a href="http:\/\/app\.test\/auth\/v1\/verify\?type=signup&amp;token=[^"]+">/);
  });
});

describe('who the dev mailbox is served to', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 404 to a client that is not on this machine, without a word of the mail', async () => {
    const { email } = await signUp(server.app, { email: uniqueEmail('remote') });
    for (const remoteAddress of ['10.1.2.3', '192.168.1.20', '2001:db8::1', '::ffff:10.1.2.3']) {
      for (const url of ['/api/dev/mailbox', '/dev/mailbox', `/api/dev/mailbox?to=${email}`]) {
        const res = await server.app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${remoteAddress} ${url}`).toBe(404);
        expect(res.json()).toEqual({ error: expect.objectContaining({ code: 'not_found' }) });
        expect(res.body).not.toContain(email);
      }
    }
  });

  it('serves loopback clients: 127.0.0.0/8, ::1 and IPv4-mapped 127.x', async () => {
    const { email } = await signUp(server.app, { email: uniqueEmail('local') });
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/dev/mailbox?to=${email}`,
        remoteAddress,
      });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.json().map((m: { to: string }) => m.to)).toEqual([email]);
      const page = await server.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress });
      expect(page.statusCode, remoteAddress).toBe(200);
    }
  });

  it('does not take a forwarded address for the client without TRUST_PROXY', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the dev mailbox behind a proxy (TRUST_PROXY=true)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('judges the forwarded client: a remote browser through a local proxy gets 404', async () => {
    const remote = await server.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(remote.statusCode).toBe(404);
    const local = await server.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(local.statusCode).toBe(200);
  });
});

describe('the dev mailbox with SMTP configured (not production)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ SMTP_URL: 'smtp://127.0.0.1:2525' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is not served, not even to loopback clients', async () => {
    for (const url of ['/api/dev/mailbox', '/dev/mailbox']) {
      const res = await server.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('the dev mailbox in production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is not served: both addresses answer 404', async () => {
    // Mail left in the table (say, from before SMTP was configured) must still not be served.
    const email = uniqueEmail('prod');
    await server.database.global
      .insert(devMailbox)
      .values({ to: email, subject: 'Secret link', text: `link for ${email}`, html: '<p>link</p>' });
    for (const url of ['/api/dev/mailbox', '/dev/mailbox', `/api/dev/mailbox?to=${email}`]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(email);
    }
  });
});
