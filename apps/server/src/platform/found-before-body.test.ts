/**
 * Issue 12, item 20: routes that used to check the body before ownership answer 404 for another
 * label's (or account's) ids whatever the body, so a request cannot learn from a 400 that an id is
 * real, and the answer does not depend on what was sent.
 */
import type { ContractDetailDto, SentContractDto } from '@music-review/core/contracts';
import type { CreatedLabelCopyLinkDto, LabelCopyDto } from '@music-review/core/label-copy';
import type { CreatedMetadataFormDto } from '@music-review/core/metadata-forms';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel, authHeader, uniqueIp } from '../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../test/harness.ts';
import { insertSignedSong } from '../test/songs.ts';

type Label = Awaited<ReturnType<typeof adminWithLabel>>;
let server: TestServer;
let mine: Label;
let theirs: Label;
const their: Record<string, string> = {};

const api = (who: Label, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url,
    headers: authHeader(who.token),
    remoteAddress: uniqueIp(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  server = await createTestServer();
  [mine, theirs] = await Promise.all([
    adminWithLabel(server.app, 'Mine'),
    adminWithLabel(server.app, 'Theirs'),
  ]);
  await server.database.global.execute(
    sql`update organizations set subscription_plan_id = (select id from subscription_plans where name = 'Pro')
        where id in (${mine.organization.id}, ${theirs.organization.id})`,
  );
  const song = await insertSignedSong(server, theirs.organization.id, {
    title: 'Their Song',
    artist: 'Mara Lind',
  });
  their.song = song.id;
  const terms = {
    parties: [
      { name: 'Theirs', role: 'Label', email: 'legal@label.test' },
      { name: 'Mara Lind', role: 'Artist', email: 'mara@artist.test' },
    ],
    artist_name: 'Mara Lind',
    term: '3 years',
    territory: 'Worldwide',
    royalty_rate: 18,
    advance_cents: 0,
    currency: 'EUR',
    writers: [{ name: 'Mara Lind', share: 100 }],
    effective_date: '2026-03-01',
  };
  const draft = (await api(theirs, 'POST', `/api/v1/songs/${song.id}/contracts`, {
    template_id: 'default-recording_agreement',
    title: 'Recording agreement',
    terms,
  })) as { statusCode: number; body: string; json: <T>() => T };
  expect(draft.statusCode, draft.body).toBe(201);
  their.draftContract = draft.json<ContractDetailDto>().id;
  const second = await api(theirs, 'POST', `/api/v1/songs/${song.id}/contracts`, {
    template_id: 'default-recording_agreement',
    title: 'Second agreement',
    terms,
  });
  const sentId = second.json<ContractDetailDto>().id;
  const sent = await api(theirs, 'POST', `/api/v1/contracts/${sentId}/send`, {
    signers: [{ name: 'Mara Lind', email: 'mara@artist.test', role: 'Artist' }],
  });
  expect(sent.statusCode, sent.body).toBe(200);
  their.sentContract = sentId;
  their.signUrl = sent.json<SentContractDto>().links[0]?.sign_url ?? '';
  const form = await api(theirs, 'POST', `/api/v1/songs/${song.id}/metadata-forms`);
  expect(form.statusCode, form.body).toBe(201);
  their.metadataForm = form.json<CreatedMetadataFormDto>().form.id;
  const copy = await api(theirs, 'POST', `/api/v1/songs/${song.id}/label-copy`);
  expect(copy.statusCode, copy.body).toBe(201);
  their.labelCopy = copy.json<LabelCopyDto>().id;
  const link = await api(theirs, 'POST', `/api/v1/label-copies/${their.labelCopy}/links`, {
    purpose: 'label_copy_share',
  });
  expect(link.statusCode, link.body).toBe(201);
  their.labelCopyLink = link.json<CreatedLabelCopyLinkDto>().id;
  const factor = await server.app.inject({
    method: 'POST',
    url: '/auth/v1/factors',
    headers: authHeader(theirs.token),
    payload: { factor_type: 'totp' },
  });
  expect(factor.statusCode, factor.body).toBe(200);
  their.factor = factor.json<{ id: string }>().id;
});
afterAll(async () => {
  await server?.close();
});

const INVALID = { nonsense: true, terms: 'not an object', data: 42, key: 7, signers: 'x', code: [] };

describe("another label's ids answer 404 whatever the body", () => {
  const cases: [string, () => Promise<{ statusCode: number; body: string }>][] = [
    ['contract create', () => api(mine, 'POST', `/api/v1/songs/${their.song}/contracts`, INVALID)],
    ['contract edit', () => api(mine, 'PUT', `/api/v1/contracts/${their.draftContract}`, INVALID)],
    ['contract send', () => api(mine, 'POST', `/api/v1/contracts/${their.draftContract}/send`, INVALID)],
    ['metadata-form edit', () => api(mine, 'PUT', `/api/v1/metadata-forms/${their.metadataForm}`, INVALID)],
    [
      'asset upload (presign)',
      () => api(mine, 'POST', `/api/v1/songs/${their.song}/assets/uploads`, INVALID),
    ],
    ['asset upload (confirm)', () => api(mine, 'POST', `/api/v1/songs/${their.song}/assets`, INVALID)],
    [
      'label-copy link delete',
      () => api(mine, 'DELETE', `/api/v1/label-copies/${their.labelCopy}/links/not-a-uuid`),
    ],
    [
      'MFA verify',
      () =>
        server.app.inject({
          method: 'POST',
          url: `/auth/v1/factors/${their.factor}/verify`,
          headers: authHeader(mine.token),
          payload: INVALID,
          remoteAddress: uniqueIp(),
        }),
    ],
    [
      'public sign (a token of another contract)',
      () =>
        server.app.inject({
          method: 'POST',
          url: `/api/v1/public/contracts/${their.draftContract}/sign`,
          payload: { ...INVALID, token: new URL(their.signUrl ?? '').searchParams.get('token') ?? 'x' },
          remoteAddress: uniqueIp(),
        }),
    ],
  ];
  for (const [name, send] of cases) {
    it(`${name}: 404`, async () => {
      const res = await send();
      expect(res.statusCode, res.body).toBe(404);
    });
  }

  it('the owner with the same invalid body still gets the 400 that names the field', async () => {
    const res = await api(theirs, 'PUT', `/api/v1/contracts/${their.draftContract}`, INVALID);
    expect(res.statusCode).toBe(400);
    const own = await api(theirs, 'PUT', `/api/v1/metadata-forms/${their.metadataForm}`, INVALID);
    expect(own.statusCode).toBe(400);
    const link = await api(theirs, 'DELETE', `/api/v1/label-copies/${their.labelCopy}/links/not-a-uuid`);
    expect(link.statusCode).toBe(400);
  });

  it('the label-copy link of another label is 404 even with a valid link id', async () => {
    const res = await api(
      mine,
      'DELETE',
      `/api/v1/label-copies/${their.labelCopy}/links/${their.labelCopyLink}`,
    );
    expect(res.statusCode).toBe(404);
  });
});
