import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NEAR_DUPLICATE_SECONDS, normalizeForDuplicates } from '@music-review/core/catalogue';
import {
  validateCatalogueNumber,
  validateIpi,
  validateIsrc,
  validateIsrcPrefix,
  validateIswc,
  validateUpcEan,
} from '@music-review/core/music-codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { seedDemo } from '../demo/demo.seed.ts';
import { DEMO_PAYEES } from './catalogue.demo-data.ts';

/** The demo label's back catalogue (catalogue.demo.ts), seeded by the demo seed, read back as the owner. */
describe('the demo back catalogue', () => {
  let server: TestServer;
  let dataDir: string;
  let orgId: string;

  const rows = <T>(query: ReturnType<typeof sql>) =>
    queryRows<T>(server.database.asOwner('tests build rows directly'), query);
  const counts = async () =>
    (
      await rows<Record<string, number>>(sql`select
        (select count(*)::int from recordings where organization_id = ${orgId}) as recordings,
        (select count(*)::int from releases where organization_id = ${orgId}) as releases,
        (select count(*)::int from release_tracks where organization_id = ${orgId}) as tracks,
        (select count(*)::int from works where organization_id = ${orgId}) as works,
        (select count(*)::int from work_writers where organization_id = ${orgId}) as writers,
        (select count(*)::int from parties where organization_id = ${orgId}) as parties,
        (select count(*)::int from payees where organization_id = ${orgId}) as payees,
        (select count(*)::int from master_splits where organization_id = ${orgId}) as splits,
        (select count(*)::int from split_versions where organization_id = ${orgId}) as versions,
        (select count(*)::int from upc_pool where organization_id = ${orgId}) as pool,
        (select count(*)::int from catalogue_settings where organization_id = ${orgId}) as settings,
        (select count(*)::int from catalogue_audit where organization_id = ${orgId}) as audit`)
    )[0]!;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mr-catalogue-demo-'));
    server = await createTestServer({ DATA_DIR: dataDir });
    await seedDemo(server.database, undefined, server.ctx.secrets);
    const [org] = await rows<{ id: string }>(sql`select id from organizations where name = 'Demo Records'`);
    orgId = org!.id;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds about 40 recordings over 12 releases (singles, EPs, two albums) from 2019 to 2026', async () => {
    const recordings = await rows<{ origin: string; isrc: string | null; duration_seconds: number }>(
      sql`select origin, isrc, duration_seconds from recordings where organization_id = ${orgId}`,
    );
    expect(recordings).toHaveLength(41);
    expect(new Set(recordings.map((r) => r.origin))).toEqual(new Set(['imported']));
    for (const r of recordings)
      if (r.isrc) expect(validateIsrc(r.isrc), r.isrc).toEqual({ ok: true, value: r.isrc });

    const releases = await rows<{
      release_type: string;
      status: string;
      upc: string;
      catalogue_number: string;
      release_date: string | null;
      tracks: number;
    }>(
      sql`select r.release_type, r.status, r.upc, r.catalogue_number, r.release_date::text as release_date,
            (select count(*)::int from release_tracks t where t.release_id = r.id) as tracks
          from releases r where r.organization_id = ${orgId} order by r.catalogue_number`,
    );
    expect(releases.map((r) => r.catalogue_number)).toEqual(
      Array.from({ length: 12 }, (_, i) => `DMR${String(i + 1).padStart(3, '0')}`),
    );
    const byType = (type: string) => releases.filter((r) => r.release_type === type).length;
    expect([byType('single'), byType('ep'), byType('album')]).toEqual([7, 3, 2]);
    expect(new Set(releases.map((r) => r.status))).toEqual(new Set(['released', 'scheduled', 'draft']));
    const years = releases.flatMap((r) => (r.release_date ? [Number(r.release_date.slice(0, 4))] : []));
    expect([Math.min(...years), Math.max(...years)]).toEqual([2019, 2026]);
    for (const r of releases) {
      expect(validateUpcEan(r.upc).ok, r.upc).toBe(true);
      expect(validateCatalogueNumber(r.catalogue_number).ok).toBe(true);
      expect(r.tracks).toBeGreaterThan(0);
    }
    expect(releases.reduce((sum, r) => sum + r.tracks, 0)).toBe(40);

    // The UPC pool: 50 codes with their check digits, the releases' taken.
    const pool = await rows<{ code: string; release_id: string | null }>(
      sql`select code, release_id from upc_pool where organization_id = ${orgId}`,
    );
    expect(pool).toHaveLength(50);
    expect(pool.every((p) => validateUpcEan(p.code).ok)).toBe(true);
    expect(
      pool
        .filter((p) => p.release_id)
        .map((p) => p.code)
        .sort(),
    ).toEqual(releases.map((r) => r.upc).sort());
  });

  it('has people (a group, a non-Latin name), payees with sealed payment details, works with writers and publishers', async () => {
    const parties = await rows<{
      name: string;
      party_type: string;
      roles: string[];
      ipi: string | null;
      payee: string | null;
    }>(
      sql`select p.name, p.party_type, p.roles, p.ipi, y.name as payee
          from parties p left join payees y on y.id = p.payee_id where p.organization_id = ${orgId}`,
    );
    expect(parties.length).toBeGreaterThanOrEqual(20);
    expect(parties.find((p) => p.name === '山田 花子')).toMatchObject({
      party_type: 'person',
      payee: '山田 花子',
    });
    expect(parties.filter((p) => p.party_type === 'group').map((p) => p.name)).toContain('The Static Hearts');
    for (const role of ['artist', 'writer', 'producer', 'publisher'])
      expect(
        parties.some((p) => p.roles.includes(role)),
        role,
      ).toBe(true);
    for (const p of parties) if (p.ipi) expect(validateIpi(p.ipi).ok, p.name).toBe(true);

    const payees = await rows<{ name: string; payment_details_encrypted: string | null }>(
      sql`select name, payment_details_encrypted from payees where organization_id = ${orgId} order by name`,
    );
    expect(payees).toHaveLength(8);
    for (const payee of payees) {
      const demo = DEMO_PAYEES.find((p) => p.name === payee.name)!;
      expect(payee.payment_details_encrypted).not.toContain(demo.details);
      expect(server.ctx.secrets.open(payee.payment_details_encrypted!)).toBe(demo.details);
    }

    const works = await rows<{ iswc: string | null; writers: number; publishers: number }>(
      sql`select w.iswc, count(ww.id)::int as writers, count(ww.publisher_id)::int as publishers
          from works w join work_writers ww on ww.work_id = w.id where w.organization_id = ${orgId} group by w.id`,
    );
    expect(works.length).toBeGreaterThanOrEqual(30);
    expect(works.every((w) => w.writers > 0 && w.publishers > 0)).toBe(true);
    for (const w of works) if (w.iswc) expect(validateIswc(w.iswc).ok, w.iswc).toBe(true);
    const [settings] = await rows<{
      isrc_prefix: string;
      label_name: string;
      default_p_owner: string;
      isrc_next_number: number;
    }>(
      sql`select isrc_prefix, label_name, default_p_owner, isrc_next_number from catalogue_settings where organization_id = ${orgId}`,
    );
    expect(validateIsrcPrefix(settings!.isrc_prefix).ok).toBe(true);
    expect(settings).toMatchObject({ label_name: 'Demo Records', default_p_owner: 'Demo Records' });
    // The next ISRC of this year follows the ones the back catalogue used.
    const year = String(new Date().getUTCFullYear() % 100);
    const [used] = await rows<{ n: number }>(
      sql`select count(*)::int as n from recordings where organization_id = ${orgId} and isrc like ${`${settings!.isrc_prefix}${year}%`}`,
    );
    expect(settings!.isrc_next_number).toBe(used!.n + 1);
  });

  it('has each deliberate problem for "Needs attention", once', async () => {
    const duplicateIsrcs = await rows<{ isrc: string; n: number }>(
      sql`select isrc, count(*)::int as n from recordings where organization_id = ${orgId} and isrc is not null
          group by isrc having count(*) > 1`,
    );
    expect(duplicateIsrcs).toHaveLength(1);
    expect(duplicateIsrcs[0]!.n).toBe(2);

    const recordings = await rows<{
      id: string;
      title: string;
      display_artist: string;
      duration_seconds: number;
    }>(
      sql`select id, title, display_artist, duration_seconds from recordings where organization_id = ${orgId}`,
    );
    const near: string[] = [];
    for (const [i, a] of recordings.entries())
      for (const b of recordings.slice(i + 1))
        if (
          normalizeForDuplicates(a.title) === normalizeForDuplicates(b.title) &&
          normalizeForDuplicates(a.display_artist) === normalizeForDuplicates(b.display_artist) &&
          Math.abs(a.duration_seconds - b.duration_seconds) <= NEAR_DUPLICATE_SECONDS
        )
          near.push(`${a.title} ${a.duration_seconds}/${b.duration_seconds}`);
    expect(near).toEqual([expect.stringMatching(/^Northern Static (214\/215|215\/214)$/)]);

    const missingIsrc = await rows<{ title: string }>(
      sql`select distinct rel.title from releases rel join release_tracks t on t.release_id = rel.id
          join recordings r on r.id = t.recording_id where rel.organization_id = ${orgId} and r.isrc is null`,
    );
    expect(missingIsrc.map((r) => r.title)).toEqual(['Seoul Lights']);

    const incompleteWriters = await rows<{ name: string }>(
      sql`select distinct p.name from work_writers w join parties p on p.id = w.party_id
          where w.organization_id = ${orgId} and (p.ipi is null or p.pro is null)`,
    );
    expect(incompleteWriters.map((w) => w.name)).toEqual(['Jonah Reyes']);

    const totals = await rows<{ title: string; total: number }>(
      sql`select w.title, sum(ww.share_bp)::int as total from works w join work_writers ww on ww.work_id = w.id
          where w.organization_id = ${orgId} group by w.id, w.title having sum(ww.share_bp) <> 10000`,
    );
    expect(totals).toEqual([{ title: 'Lanterns', total: 9000 }]);

    const unsplit = await rows<{ title: string }>(
      sql`select r.title from recordings r where r.organization_id = ${orgId}
          and not exists (select 1 from master_splits m where m.recording_id = r.id) order by r.title`,
    );
    expect(unsplit).toHaveLength(2);
    const splitTotals = await rows<{ total: number }>(
      sql`select sum(share_bp)::int as total from master_splits where organization_id = ${orgId} group by recording_id`,
    );
    expect(splitTotals.every((s) => s.total === 10000)).toBe(true);
  });

  it('adds nothing when the seed runs again', async () => {
    const before = await counts();
    expect(before).toMatchObject({ recordings: 41, releases: 12, payees: 8, pool: 50, settings: 1 });
    await seedDemo(server.database, undefined, server.ctx.secrets);
    await seedDemo(server.database);
    expect(await counts()).toEqual(before);
  });

  it('with the demo songs: signed songs are recordings, the confirmed form and label copies reach the catalogue', async () => {
    await seedDemo(server.database, server.ctx.storage.driver, server.ctx.secrets);
    const signed = await rows<{
      title: string;
      origin: string | null;
      work: string | null;
      release: string | null;
    }>(
      sql`select s.title, r.origin, w.title as work, rel.catalogue_number as release
          from songs s left join recordings r on r.song_id = s.id left join works w on w.id = r.work_id
          left join releases rel on rel.song_id = s.id
          where s.organization_id = ${orgId} and s.status = 'signed' order by s.title`,
    );
    expect(signed).toEqual([
      { title: 'Harbour Lights', origin: 'demo', work: 'Harbour Lights', release: 'DEMO001' },
      { title: 'Paper Moons', origin: 'demo', work: null, release: null },
      { title: 'Summer Static', origin: 'demo', work: null, release: null },
    ]);
    // Paper Moons' draft label copy made its release too (no catalogue number yet).
    const [paper] = await rows<{ title: string; status: string }>(
      sql`select rel.title, rel.status from releases rel join songs s on s.id = rel.song_id
          where s.organization_id = ${orgId} and s.title = 'Paper Moons'`,
    );
    expect(paper).toEqual({ title: 'Paper Moons', status: 'draft' });
    // The form's writer Lumen Vale is the back catalogue's, not a second person of that name.
    const lumen = await rows(
      sql`select id from parties where organization_id = ${orgId} and lower(name) = 'lumen vale'`,
    );
    expect(lumen).toHaveLength(1);

    const before = await counts();
    await seedDemo(server.database, server.ctx.storage.driver, server.ctx.secrets);
    expect(await counts()).toEqual(before);
  });
});
