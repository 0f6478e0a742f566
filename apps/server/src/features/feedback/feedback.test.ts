import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FeedbackDto } from '@music-review/core/feedback';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWav, PNG_1X1 } from '../../platform/storage/test-media.ts';
import { adminWithLabel, authHeader, memberOf, uploadViaPresignedUrl } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) FeedbackTest/1.0';

describe('feedback: POST and GET /api/v1/feedback', () => {
  let server: TestServer;
  let dataDir: string;
  let ada: Awaited<ReturnType<typeof adminWithLabel>>;
  let ben: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;

  const sendRaw = (who: { token: string }, payload: Record<string, unknown>) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/feedback',
      headers: { ...authHeader(who.token), 'user-agent': UA },
      payload,
    });
  const list = async (who: { token: string }) => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/feedback',
      headers: authHeader(who.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FeedbackDto[]>();
  };
  const screenshot = (
    who: { headers: { authorization: string } },
    body = PNG_1X1,
    contentType = 'image/png',
  ) =>
    uploadViaPresignedUrl(server.app, who.headers, {
      type: 'images',
      id: crypto.randomUUID(),
      filename: 'screenshot.png',
      contentType,
      body,
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mr-feedback-'));
    server = await createTestServer({ DATA_DIR: dataDir });
    ada = await adminWithLabel(server.app, 'Feedback Label');
    ben = await memberOf(server.app, ada.inviteCode);
    outsider = await adminWithLabel(server.app, 'Feedback Elsewhere');
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a bug with the page address and the browser, and a screenshot', async () => {
    const key = await screenshot(ada);
    const res = await sendRaw(ada, {
      kind: 'bug',
      message: '  The play button does nothing on /overview  ',
      page_url: 'http://app.test/overview?status=pending',
      screenshot_key: key,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<FeedbackDto>()).toMatchObject({
      kind: 'bug',
      message: 'The play button does nothing on /overview',
      page_url: 'http://app.test/overview?status=pending',
      screenshot_key: key,
      user_agent: UA,
    });
  });

  it('lists what the caller sent, newest first, and nobody else’s', async () => {
    const idea = await sendRaw(ada, { kind: 'idea', message: 'A dark waveform theme' });
    expect(idea.statusCode).toBe(201);
    const bens = await sendRaw(ben, { kind: 'idea', message: 'Ben’s idea' });
    expect(bens.statusCode).toBe(201);

    const mine = await list(ada);
    expect(mine.map((f) => [f.kind, f.message])).toEqual([
      ['idea', 'A dark waveform theme'],
      ['bug', 'The play button does nothing on /overview'],
    ]);
    expect(mine[0]).toMatchObject({ screenshot_key: null, page_url: null });
    expect((await list(ben)).map((f) => f.message)).toEqual(['Ben’s idea']);
    expect(await list(outsider)).toEqual([]);
  });

  it('validates the kind, the text and the page address with clear messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'rant', message: 'x' }, 'Choose Bug or Idea'],
      [{ message: 'x' }, 'Choose Bug or Idea'],
      [{ kind: 'bug', message: '   ' }, 'Please describe the bug or your idea'],
      [{ kind: 'bug' }, 'Please describe the bug or your idea'],
      [{ kind: 'bug', message: 'x'.repeat(5001) }, 'Feedback can be at most 5000 characters'],
      [
        { kind: 'bug', message: 'x', page_url: 'javascript:alert(1)' },
        'page_url: must be an http or https address',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await sendRaw(ada, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const { error } = res.json();
      // The message as before; the field it is about named in \`fields\` (decision 0020).
      expect(error).toEqual({ code: 'validation_failed', message, fields: expect.any(Object) });
      expect(Object.keys(error.fields)).toHaveLength(1);
    }
  });

  it("refuses another label's screenshot (404), a file that is not an image, and a missing file", async () => {
    const theirs = await screenshot(outsider);
    const foreign = await sendRaw(ada, { kind: 'bug', message: 'x', screenshot_key: theirs });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Screenshot not found. Please attach it again.');

    const audio = await uploadViaPresignedUrl(server.app, ada.headers, {
      type: 'audio',
      id: crypto.randomUUID(),
      filename: 'a.wav',
      contentType: 'audio/wav',
      body: makeWav(),
    });
    const notImage = await sendRaw(ada, { kind: 'bug', message: 'x', screenshot_key: audio });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error.message).toBe('The screenshot must be a PNG, JPEG or WebP image');

    const missing = await sendRaw(ada, {
      kind: 'bug',
      message: 'x',
      screenshot_key: `${ada.organization.id}/images/${crypto.randomUUID()}/gone.png`,
    });
    expect(missing.statusCode).toBe(404);
    // Nothing was stored by the refused requests.
    expect((await list(ada)).every((f) => f.message !== 'x')).toBe(true);
  });

  it('needs a session and a label', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/feedback' })).statusCode).toBe(401);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/feedback',
      payload: { kind: 'bug' },
    });
    expect(res.statusCode).toBe(401);
  });
});
