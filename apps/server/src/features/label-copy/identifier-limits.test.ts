/**
 * Issue 12, item 20: one set of identifier rules from core (music codes) at every entry. What the
 * artist's public metadata form keeps, label copy accepts; a stored value a later step refuses is
 * shown to the member to fix, never a 500.
 */
import type { LabelCopyDto } from '@music-review/core/label-copy';
import type { CreatedMetadataFormDto } from '@music-review/core/metadata-forms';
import { MUSIC_CODE_MESSAGES } from '@music-review/core/music-codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel, authHeader, uniqueIp } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertSong } from '../songs/songs.factory.ts';

let server: TestServer;
let label: Awaited<ReturnType<typeof adminWithLabel>>;
beforeAll(async () => {
  server = await createTestServer();
  label = await adminWithLabel(server.app, 'Codes Records');
});
afterAll(async () => {
  await server?.close();
});

const signedSong = (title: string) =>
  server.database.withOrg(label.organization.id, (tx) =>
    insertSong(tx, { organizationId: label.organization.id, title, artist: 'Nova Lane', status: 'signed' }),
  );

async function publicFormToken(songId: string) {
  const created = await server.app.inject({
    method: 'POST',
    url: `/api/v1/songs/${songId}/metadata-forms`,
    headers: authHeader(label.token),
  });
  expect(created.statusCode, created.body).toBe(201);
  const { form, link } = created.json<CreatedMetadataFormDto>();
  return { formId: form.id, token: link.token };
}

const FORTY = 'A'.repeat(40);

describe('identifier limits agree between the metadata form and label copy', () => {
  it("refuses a 40-character ISRC, ISWC or IPI in the artist's public draft, naming the field", async () => {
    const song = await signedSong('Forty Characters');
    const { token } = await publicFormToken(song.id);
    const save = (data: object) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/v1/public/metadata-forms/${token}/draft`,
        payload: { data },
        remoteAddress: uniqueIp(),
      });
    const isrc = await save({ isrc: FORTY });
    expect(isrc.statusCode).toBe(400);
    expect(isrc.json().error.message).toMatch(/^data\.isrc: /);
    const iswc = await save({ iswc: FORTY });
    expect(iswc.statusCode).toBe(400);
    expect(iswc.json().error.message).toMatch(/^data\.iswc: /);
    const ipi = await save({ writers: [{ name: 'Ann Writer', ipi: '1'.repeat(40), share: 100 }] });
    expect(ipi.statusCode).toBe(400);
    expect(ipi.json().error.message).toMatch(/^data\.writers\.0\.ipi: /);
    // A half-typed code within the limit is kept as typed.
    const half = await save({ isrc: 'GB-ABC-2' });
    expect(half.statusCode, half.body).toBe(200);
  });

  it('creates label copy from a stored 40-character ISRC (and IPI, PRO, share) and shows them to fix', async () => {
    const song = await signedSong('Stored Before The Rule');
    // Stored before the rule existed: the draft then accepted up to 80 characters.
    await server.database.withOrg(label.organization.id, (tx) =>
      tx.execute(sql`insert into metadata_forms (organization_id, song_id, status, data)
        values (${label.organization.id}, ${song.id}, 'draft', ${JSON.stringify({
          isrc: FORTY,
          writers: [
            { name: 'Ann Writer', role: 'composer', pro: 'P'.repeat(70), ipi: '1'.repeat(40), share: 150 },
          ],
          primary_artists: Array.from({ length: 30 }, (_, i) => `Artist number ${i} ${'x'.repeat(150)}`),
        })}::jsonb)`),
    );
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/songs/${song.id}/label-copy`,
      headers: authHeader(label.token),
    });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<LabelCopyDto>();
    expect(copy.data.tracks[0]?.isrc.startsWith('AAAA')).toBe(true);
    const issue = (field: string) => copy.missing.find((i) => i.field === field);
    expect(issue('tracks.0.isrc')).toMatchObject({
      label: 'Track 1 ISRC',
      message: MUSIC_CODE_MESSAGES.isrcLength,
    });
    expect(issue('writers.0.ipi')).toMatchObject({ message: MUSIC_CODE_MESSAGES.ipiLength });
    expect(copy.data.writers[0]).toMatchObject({ name: 'Ann Writer' });
    expect(copy.data.writers[0]!.share).toBeLessThanOrEqual(100);

    // The member fixes the ISRC and the IPI in the label copy and saves: accepted.
    const fixed = {
      ...copy.data,
      tracks: copy.data.tracks.map((t) => ({ ...t, isrc: 'GB-ABC-26-00001' })),
      writers: copy.data.writers.map((w) => ({ ...w, ipi: '00052210040', share: 100 })),
    };
    const saved = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/label-copies/${copy.id}`,
      headers: authHeader(label.token),
      payload: { data: fixed },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json<LabelCopyDto>();
    expect(after.missing.find((i) => i.field === 'tracks.0.isrc')).toBeUndefined();
    expect(after.missing.find((i) => i.field === 'writers.0.ipi')).toBeUndefined();
  });

  it('label copy accepts every ISRC and IPI the metadata form accepts (same maximum as typed)', async () => {
    const song = await signedSong('Typed With Separators');
    const { token } = await publicFormToken(song.id);
    // The longest typed forms the rules accept: a leading "ISRC:" / "IPI:" and separators.
    const isrc = 'ISRC: GB - ABC - 26 - 00001';
    const ipi = 'IPI: 000 - 522 - 100 - 40';
    const draft = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/public/metadata-forms/${token}/draft`,
      payload: { data: { isrc, writers: [{ name: 'Ann Writer', role: 'composer', ipi, share: 100 }] } },
      remoteAddress: uniqueIp(),
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const created = await server.app.inject({
      method: 'POST',
      url: `/api/v1/songs/${song.id}/label-copy`,
      headers: authHeader(label.token),
    });
    expect(created.statusCode, created.body).toBe(201);
    const copy = created.json<LabelCopyDto>();
    expect(copy.data.tracks[0]?.isrc).toBe('GBABC2600001');
    expect(copy.data.writers[0]?.ipi).toBe(ipi);
    expect(copy.missing.find((i) => i.field === 'writers.0.ipi')).toBeUndefined();
  });
});
