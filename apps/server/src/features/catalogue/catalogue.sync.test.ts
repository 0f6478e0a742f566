import { CATALOGUE_MESSAGES, upcRange } from '@music-review/core/catalogue';
import type { CreatedLabelCopyLinkDto, LabelCopyData, LabelCopyDto } from '@music-review/core/label-copy';
import type { CreatedMetadataFormDto, MetadataFormDto } from '@music-review/core/metadata-forms';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, authHeader, memberOf, uniqueIp } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertSong } from '../songs/songs.factory.ts';

/**
 * One source of truth for signed songs (decision 0025): signing makes the recording, confirming a
 * metadata form and saving a label copy write into the catalogue, and reading them shows what the
 * catalogue holds. Asserted through the database as the owner and through the label's own API.
 */

type Who = { token: string };
type Label = Awaited<ReturnType<typeof adminWithLabel>>;
type Res = { statusCode: number; body: string; json: <U>() => U };

const FORM = {
  title: 'Night Drive',
  version: 'Radio Edit',
  primary_artists: ['Nova Lane'],
  featured_artists: ['kite'],
  remixers: ['DJ Ferro'],
  writers: [
    { name: 'Nova Lane', role: 'composer_lyricist', pro: 'PRS', ipi: '00052210040', share: 60 },
    { name: 'Sam Reed', role: 'composer', pro: 'ASCAP', ipi: '00614553212', share: 40 },
  ],
  publishers: [{ name: 'Dome Publishing', pro: 'PRS', ipi: '00398120471', share: 100 }],
  isrc: 'GB-ABC-26-00001',
  iswc: 'T-034.524.680-1',
  genre: 'Synth-pop',
  language: 'en',
  explicit: true,
  bpm: 118.4,
  key: 'A minor',
  lyrics: 'Night drive, night drive',
};

describe('the catalogue follows signed songs, metadata forms and label copies', () => {
  let server: TestServer;
  let label: Label;
  let member: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Label;

  const call = (who: Who | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      headers: who ? authHeader(who.token) : {},
      remoteAddress: uniqueIp(),
      ...(payload === undefined ? {} : { payload }),
    }) as unknown as Promise<Res>;
  const ok = async <T>(res: Promise<Res>, status = 200) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
    return r.json<T>();
  };
  const rows = <T>(query: ReturnType<typeof sql>) =>
    queryRows<T>(server.database.asOwner('tests build rows directly'), query);
  const exec = (query: ReturnType<typeof sql>) =>
    server.database.asOwner('tests build rows directly').execute(query);

  const pendingSong = (orgId: string, title: string, artist = 'Nova Lane') =>
    insertSong(server.database.asOwner('tests build rows directly'), {
      organizationId: orgId,
      title,
      artist,
    });
  /** A song the admin signs through the API. */
  const signedSong = async (who: Label, title: string, artist = 'Nova Lane') => {
    const song = await pendingSong(who.organization.id, title, artist);
    await ok(call(who, 'POST', `/api/v1/songs/${song.id}/sign`));
    return song;
  };
  const recordingOf = async (songId: string) =>
    (
      await rows<{
        id: string;
        organization_id: string;
        title: string;
        version: string | null;
        display_artist: string;
        isrc: string | null;
        duration_seconds: number | null;
        explicit: boolean;
        genre: string | null;
        language: string | null;
        bpm: number | null;
        musical_key: string | null;
        origin: string;
        work_id: string | null;
        created_by: string | null;
        row_version: number;
      }>(sql`select * from recordings where song_id = ${songId}`)
    )[0];
  const releaseOf = async (songId: string) =>
    (
      await rows<{
        id: string;
        title: string;
        version: string | null;
        display_artist: string;
        release_type: string;
        status: string;
        upc: string | null;
        catalogue_number: string | null;
        label_name: string | null;
        release_date: string | null;
        original_release_date: string | null;
        genre: string | null;
        p_line_year: number | null;
        p_line_owner: string | null;
        c_line_year: number | null;
        c_line_owner: string | null;
        row_version: number;
      }>(
        sql`select id, title, version, display_artist, release_type, status, upc, catalogue_number, label_name,
              release_date::text as release_date, original_release_date::text as original_release_date, genre,
              p_line_year, p_line_owner, c_line_year, c_line_owner, row_version
            from releases where song_id = ${songId}`,
      )
    )[0];
  const createForm = (who: Who, songId: string) =>
    ok<CreatedMetadataFormDto>(call(who, 'POST', `/api/v1/songs/${songId}/metadata-forms`), 201);
  const createCopy = (who: Who, songId: string) =>
    ok<LabelCopyDto>(call(who, 'POST', `/api/v1/songs/${songId}/label-copy`), 201);

  beforeAll(async () => {
    server = await createTestServer();
    label = await adminWithLabel(server.app, 'Dome Records');
    member = await memberOf(server.app, label.inviteCode);
    outsider = await adminWithLabel(server.app, 'Elsewhere Music');
  });
  afterAll(() => server.close());

  describe('signing', () => {
    it('makes the song a recording (origin demo) in the same step, once', async () => {
      const song = await signedSong(label, 'First Light', 'Ivy Hart');
      const recording = await recordingOf(song.id);
      expect(recording).toMatchObject({
        organization_id: label.organization.id,
        title: 'First Light',
        display_artist: 'Ivy Hart',
        origin: 'demo',
        created_by: label.reviewer.id,
        isrc: null,
      });
      const [audit] = await rows<{ action: string; changes: Record<string, unknown> }>(
        sql`select action, changes from catalogue_audit where entity_id = ${recording!.id}`,
      );
      expect(audit).toMatchObject({ action: 'create', changes: { origin: [null, 'demo'] } });

      // Signing again (or passing and signing again) keeps the one recording.
      await ok(call(label, 'POST', `/api/v1/songs/${song.id}/pass`));
      await ok(call(label, 'POST', `/api/v1/songs/${song.id}/sign`));
      const [{ count }] = (await rows<{ count: number }>(
        sql`select count(*)::int as count from recordings where song_id = ${song.id}`,
      )) as [{ count: number }];
      expect(count).toBe(1);
    });

    it('bulk decisions sign into recordings too; passing makes none; another label’s song is 404', async () => {
      const a = await pendingSong(label.organization.id, 'Bulk A');
      const b = await pendingSong(label.organization.id, 'Bulk B');
      const passed = await pendingSong(label.organization.id, 'Bulk C');
      const decided = await ok<{ updated: string[] }>(
        call(label, 'POST', '/api/v1/songs/decisions', { song_ids: [a.id, b.id], status: 'signed' }),
      );
      expect(decided.updated.sort()).toEqual([a.id, b.id].sort());
      expect(await recordingOf(a.id)).toMatchObject({ title: 'Bulk A', origin: 'demo' });
      expect(await recordingOf(b.id)).toMatchObject({ title: 'Bulk B', origin: 'demo' });
      await ok(call(label, 'POST', '/api/v1/songs/decisions', { song_ids: [passed.id], status: 'passed' }));
      expect(await recordingOf(passed.id)).toBeUndefined();

      const theirs = await pendingSong(outsider.organization.id, 'Not Yours');
      expect((await call(label, 'POST', `/api/v1/songs/${theirs.id}/sign`)).statusCode).toBe(404);
      expect(await recordingOf(theirs.id)).toBeUndefined();
    });
  });

  describe('confirming a metadata form', () => {
    it('fills the recording, its credited artists, its work, writers and publishers', async () => {
      const orgId = label.organization.id;
      // Already known people: a producer without IPI, and a group credited as "Kite" (another name).
      await exec(
        sql`insert into parties (organization_id, name, roles, pro) values (${orgId}, 'Sam Reed', '{producer}', 'GEMA')`,
      );
      const [kite] = await rows<{
        id: string;
      }>(sql`insert into parties (organization_id, name, aliases, party_type, roles)
        values (${orgId}, 'The Kites', '{Kite}', 'group', '{artist}') returning id`);
      // A party of the same name in another label is not this label's.
      await exec(
        sql`insert into parties (organization_id, name, roles) values (${outsider.organization.id}, 'Nova Lane', '{artist}')`,
      );

      const song = await signedSong(label, 'Night Drive');
      const { form } = await createForm(member, song.id);
      const confirmed = await ok<MetadataFormDto>(
        call(member, 'POST', `/api/v1/metadata-forms/${form.id}/confirm`, { data: FORM }),
      );
      expect(confirmed.status).toBe('confirmed');

      const recording = await recordingOf(song.id);
      expect(recording).toMatchObject({
        title: 'Night Drive',
        version: 'Radio Edit',
        display_artist: 'Nova Lane',
        isrc: 'GBABC2600001',
        explicit: true,
        genre: 'Synth-pop',
        language: 'en',
        bpm: 118,
        musical_key: 'A minor',
        origin: 'demo',
      });
      expect(recording!.row_version).toBeGreaterThan(1);

      const credits = await rows<{ name: string; role: string; position: number; party_id: string }>(
        sql`select p.name, ra.role, ra.position, ra.party_id from recording_artists ra join parties p on p.id = ra.party_id
            where ra.recording_id = ${recording!.id} order by ra.position`,
      );
      expect(credits.map((c) => [c.name, c.role, c.position])).toEqual([
        ['Nova Lane', 'primary', 0],
        ['The Kites', 'featured', 1],
        ['DJ Ferro', 'remixer', 2],
      ]);
      expect(credits[1]!.party_id).toBe(kite!.id);

      const [work] = await rows<{ id: string; title: string; iswc: string | null }>(
        sql`select id, title, iswc from works where id = ${recording!.work_id}`,
      );
      expect(work).toMatchObject({ title: 'Night Drive', iswc: 'T0345246801' });
      const writers = await rows<{ name: string; role: string; share_bp: number; publisher: string | null }>(
        sql`select p.name, w.role, w.share_bp, pub.name as publisher from work_writers w
            join parties p on p.id = w.party_id left join parties pub on pub.id = w.publisher_id
            where w.work_id = ${work!.id} order by w.position`,
      );
      expect(writers).toEqual([
        { name: 'Nova Lane', role: 'composer_lyricist', share_bp: 6000, publisher: 'Dome Publishing' },
        { name: 'Sam Reed', role: 'composer', share_bp: 4000, publisher: 'Dome Publishing' },
      ]);

      const people = await rows<{
        name: string;
        roles: string[];
        ipi: string | null;
        pro: string | null;
        party_type: string;
      }>(
        sql`select name, roles, ipi, pro, party_type from parties where organization_id = ${orgId} order by name`,
      );
      const byName = new Map(people.map((p) => [p.name, p]));
      // One Nova Lane: found again as writer, not created twice; her IPI and PRO from the form.
      expect(people.filter((p) => p.name === 'Nova Lane')).toHaveLength(1);
      expect(byName.get('Nova Lane')).toMatchObject({
        roles: ['artist', 'writer'],
        ipi: '00052210040',
        pro: 'PRS',
      });
      // Sam Reed's empty IPI is filled; his PRO on file is kept; he is now a writer too.
      expect(byName.get('Sam Reed')).toMatchObject({
        roles: ['producer', 'writer'],
        ipi: '00614553212',
        pro: 'GEMA',
      });
      expect(byName.get('Dome Publishing')).toMatchObject({
        roles: ['publisher'],
        party_type: 'company',
        ipi: '00398120471',
      });
      expect(byName.get('DJ Ferro')).toMatchObject({ roles: ['artist'] });

      const versions = await rows<{
        version: number;
        kind: string;
        shares: Array<{ name: string; share_bp: number }>;
      }>(sql`select version, kind, shares from split_versions where subject_id = ${work!.id}`);
      expect(versions).toHaveLength(1);
      expect(versions[0]).toMatchObject({ version: 1, kind: 'writer' });
      expect(versions[0]!.shares.map((s) => [s.name, s.share_bp])).toEqual([
        ['Nova Lane', 6000],
        ['Sam Reed', 4000],
      ]);
      const audit = await rows<{ entity_kind: string; action: string }>(
        sql`select entity_kind, action from catalogue_audit where entity_id in (${recording!.id}, ${work!.id})
              and action = 'sync_metadata' order by entity_kind`,
      );
      expect(audit.map((a) => a.entity_kind)).toEqual(['recording', 'work']);

      // Reopened and confirmed again with other shares: the work keeps its id, a second split version.
      await ok(call(member, 'POST', `/api/v1/metadata-forms/${form.id}/reopen`));
      const reshared = {
        ...FORM,
        writers: [
          { ...FORM.writers[0]!, share: 50 },
          { ...FORM.writers[1]!, share: 50 },
        ],
      };
      await ok(call(member, 'POST', `/api/v1/metadata-forms/${form.id}/confirm`, { data: reshared }));
      expect((await recordingOf(song.id))!.work_id).toBe(work!.id);
      const again = await rows<{ version: number }>(
        sql`select version from split_versions where subject_id = ${work!.id} order by version`,
      );
      expect(again.map((v) => v.version)).toEqual([1, 2]);
      // Unchanged writers add no version.
      await ok(call(member, 'POST', `/api/v1/metadata-forms/${form.id}/reopen`));
      await ok(call(member, 'POST', `/api/v1/metadata-forms/${form.id}/confirm`, { data: reshared }));
      expect(await rows(sql`select version from split_versions where subject_id = ${work!.id}`)).toHaveLength(
        2,
      );
    });

    it('confirms when another recording has the ISRC: the recording keeps its own, the form keeps the typed one', async () => {
      const holder = await signedSong(label, 'Holder');
      await exec(sql`update recordings set isrc = 'GBABC2600077' where song_id = ${holder.id}`);
      const song = await signedSong(label, 'Second Take');
      const { form } = await createForm(member, song.id);
      const confirmed = await ok<MetadataFormDto>(
        call(member, 'POST', `/api/v1/metadata-forms/${form.id}/confirm`, {
          data: { ...FORM, title: 'Second Take', isrc: 'GBABC2600077' },
        }),
      );
      expect(confirmed).toMatchObject({ status: 'confirmed', data: { isrc: 'GBABC2600077' } });
      const recording = await recordingOf(song.id);
      expect(recording).toMatchObject({ title: 'Second Take', isrc: null, genre: 'Synth-pop' });
      const [audit] = await rows<{ changes: Record<string, unknown> }>(
        sql`select changes from catalogue_audit where entity_id = ${recording!.id} and action = 'sync_metadata'`,
      );
      expect(audit!.changes.isrc_in_use).toMatchObject({ isrc: 'GBABC2600077', title: 'Holder' });
    });

    it('shows the recording’s ISRC in an empty ISRC box, and refuses another label’s form', async () => {
      const song = await signedSong(label, 'Empty Box');
      const { form } = await createForm(member, song.id);
      expect(form.data.isrc).toBe('');
      await exec(sql`update recordings set isrc = 'GBABC2600088' where song_id = ${song.id}`);
      const read = await ok<MetadataFormDto>(call(member, 'GET', `/api/v1/metadata-forms/${form.id}`));
      expect(read.data.isrc).toBe('GBABC2600088');

      const confirm = await call(outsider, 'POST', `/api/v1/metadata-forms/${form.id}/confirm`, {
        data: FORM,
      });
      expect(confirm.statusCode).toBe(404);
      expect((await recordingOf(song.id))!.title).toBe('Empty Box');
    });
  });

  describe('label copy', () => {
    /** Everything "Mark as final" needs; the n-th label copy gets its own codes. */
    const complete = (data: LabelCopyData, title: string, n: number): LabelCopyData => ({
      ...data,
      release_title: title,
      release_version: 'Deluxe',
      primary_artist: 'Nova Lane',
      label: 'Dome Records Ltd',
      catalogue_number: `DOME-00${n}`,
      upc: upcRange('05012345000', 10)![n]!,
      release_date: '2026-06-05',
      original_release_date: '2026-05-01',
      genre: 'Synth-pop',
      p_line: { year: 2026, owner: 'Dome Records Ltd' },
      c_line: { year: 2026, owner: 'Dome Publishing' },
      credits: { ...data.credits, producer: 'Sam Reed' },
      tracks: [
        {
          title,
          version: 'Album Mix',
          artists: 'Nova Lane',
          isrc: `GB-ABC-26-00${n}01`,
          duration_seconds: 205,
          explicit: true,
        },
        {
          title,
          version: 'Instrumental',
          artists: 'Nova Lane',
          isrc: `GBABC2600${n}02`,
          duration_seconds: 205,
          explicit: false,
        },
      ],
    });

    it('a save makes the song’s release (its recording as track 1) and writes the first track into the recording', async () => {
      const song = await signedSong(label, 'Harbour');
      const copy = await createCopy(member, song.id);
      expect(await releaseOf(song.id)).toBeUndefined(); // made on the first save

      const saved = await ok<LabelCopyDto>(
        call(member, 'PUT', `/api/v1/label-copies/${copy.id}`, { data: complete(copy.data, 'Harbour', 1) }),
      );
      expect(saved.missing).toEqual([]);
      const release = await releaseOf(song.id);
      expect(release).toMatchObject({
        title: 'Harbour',
        version: 'Deluxe',
        display_artist: 'Nova Lane',
        release_type: 'single',
        status: 'draft',
        upc: '050123450015',
        catalogue_number: 'DOME-001',
        label_name: 'Dome Records Ltd',
        release_date: '2026-06-05',
        original_release_date: '2026-05-01',
        genre: 'Synth-pop',
        p_line_year: 2026,
        p_line_owner: 'Dome Records Ltd',
        c_line_year: 2026,
        c_line_owner: 'Dome Publishing',
      });
      const recording = await recordingOf(song.id);
      expect(recording).toMatchObject({
        title: 'Harbour',
        version: 'Album Mix',
        isrc: 'GBABC2600101',
        duration_seconds: 205,
        explicit: true,
      });
      const tracks = await rows<{ recording_id: string; disc_number: number; track_number: number }>(
        sql`select recording_id, disc_number, track_number from release_tracks where release_id = ${release!.id}`,
      );
      expect(tracks).toEqual([{ recording_id: recording!.id, disc_number: 1, track_number: 1 }]);

      // A second save updates the same release (its next version); "Mark as final" keeps them in step.
      const data = { ...complete(copy.data, 'Harbour', 1), release_title: 'Harbour (Remastered)' };
      await ok(call(member, 'PUT', `/api/v1/label-copies/${copy.id}`, { data }));
      const updated = await releaseOf(song.id);
      expect(updated).toMatchObject({ id: release!.id, title: 'Harbour (Remastered)' });
      expect(updated!.row_version).toBe(release!.row_version + 1);
      const final = await ok<LabelCopyDto>(call(member, 'POST', `/api/v1/label-copies/${copy.id}/final`));
      expect(final).toMatchObject({
        status: 'final',
        missing: [],
        data: { release_title: 'Harbour (Remastered)' },
      });
      expect((await releaseOf(song.id))!.title).toBe('Harbour (Remastered)');
      const audit = await rows<{ action: string }>(
        sql`select action from catalogue_audit where entity_id = ${release!.id} order by created_at`,
      );
      expect(audit.map((a) => a.action)).toEqual(['sync_label_copy', 'sync_label_copy']);
      // Another label cannot save it.
      const foreign = await call(outsider, 'PUT', `/api/v1/label-copies/${copy.id}`, {
        data: complete(copy.data, 'Stolen', 9),
      });
      expect(foreign.statusCode).toBe(404);
      expect((await releaseOf(song.id))!.title).toBe('Harbour (Remastered)');
    });

    it('keeps a code another release has out of the catalogue, shows it as typed, and names the other release', async () => {
      const orgId = label.organization.id;
      await exec(sql`insert into releases (organization_id, title, display_artist, upc, catalogue_number)
        values (${orgId}, 'Older Release', 'Someone', '012345678905', 'DOME-900')`);
      const song = await signedSong(label, 'Taken Codes');
      const copy = await createCopy(member, song.id);
      const data = {
        ...complete(copy.data, 'Taken Codes', 2),
        upc: '012345678905',
        catalogue_number: 'dome-900',
      };
      data.tracks = [{ ...data.tracks[0]!, isrc: 'GBABC2600555' }];
      const saved = await ok<LabelCopyDto>(call(member, 'PUT', `/api/v1/label-copies/${copy.id}`, { data }));
      expect(saved.data).toMatchObject({ upc: '012345678905', catalogue_number: 'dome-900' });
      expect(saved.missing).toEqual([
        { field: 'upc', label: 'UPC/EAN', message: CATALOGUE_MESSAGES.upcTaken('Older Release') },
        {
          field: 'catalogue_number',
          label: 'Catalogue number',
          message: CATALOGUE_MESSAGES.catalogueNumberTaken('Older Release'),
        },
      ]);
      expect(await releaseOf(song.id)).toMatchObject({
        title: 'Taken Codes',
        upc: null,
        catalogue_number: null,
      });
      const refused = await call(member, 'POST', `/api/v1/label-copies/${copy.id}/final`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ error: { message: string } }>().error.message).toContain(
        'This UPC/EAN is already used by the release “Older Release”',
      );
    });

    it('an edit in the catalogue shows in the label copy (the label’s and the public pages); the artist’s edits still show', async () => {
      const song = await signedSong(label, 'Lighthouse');
      const copy = await createCopy(member, song.id);
      await ok(
        call(member, 'PUT', `/api/v1/label-copies/${copy.id}`, {
          data: complete(copy.data, 'Lighthouse', 3),
        }),
      );
      const release = await releaseOf(song.id);

      // Someone edits the release and the recording in the catalogue.
      await exec(sql`update releases set title = 'Lighthouse (Deluxe)', upc = '4006381333931', release_date = '2026-07-10',
          row_version = row_version + 1 where id = ${release!.id}`);
      await exec(sql`update recordings set isrc = 'GBABC2600999', duration_seconds = 211, title = 'Lighthouse Keeper'
          where song_id = ${song.id}`);
      const read = await ok<LabelCopyDto>(call(member, 'GET', `/api/v1/label-copies/${copy.id}`));
      expect(read.data).toMatchObject({
        release_title: 'Lighthouse (Deluxe)',
        upc: '4006381333931',
        release_date: '2026-07-10',
        release_version: 'Deluxe',
        catalogue_number: 'DOME-003',
      });
      expect(read.data.tracks[0]).toMatchObject({
        title: 'Lighthouse Keeper',
        isrc: 'GBABC2600999',
        duration_seconds: 211,
      });
      // The second track is the label copy's own.
      expect(read.data.tracks[1]).toMatchObject({ version: 'Instrumental', isrc: 'GBABC2600302' });
      const song_ = await ok<{ label_copy: LabelCopyDto }>(
        call(member, 'GET', `/api/v1/songs/${song.id}/label-copy`),
      );
      expect(song_.label_copy.data.release_title).toBe('Lighthouse (Deluxe)');

      const share = await ok<CreatedLabelCopyLinkDto>(
        call(member, 'POST', `/api/v1/label-copies/${copy.id}/links`, { purpose: 'label_copy_share' }),
        201,
      );
      const shared = await ok<{ data: LabelCopyData }>(
        call(null, 'GET', `/api/v1/public/label-copies/${share.token}`),
      );
      expect(shared.data).toMatchObject({ release_title: 'Lighthouse (Deluxe)', upc: '4006381333931' });

      // The artist's form shows the catalogue's values and keeps the artist's own edit.
      const link = await ok<CreatedLabelCopyLinkDto>(
        call(member, 'POST', `/api/v1/label-copies/${copy.id}/links`, { purpose: 'label_copy_form' }),
        201,
      );
      const url = `/api/v1/public/label-copy-forms/${link.token}`;
      const opened = await ok<{ data: LabelCopyData }>(call(null, 'GET', url));
      expect(opened.data.release_title).toBe('Lighthouse (Deluxe)');
      await ok(call(null, 'PUT', url, { data: { ...opened.data, release_version: 'Anniversary Edition' } }));
      const afterArtist = await ok<LabelCopyDto>(call(member, 'GET', `/api/v1/label-copies/${copy.id}`));
      expect(afterArtist.data).toMatchObject({
        release_version: 'Anniversary Edition',
        release_title: 'Lighthouse (Deluxe)',
      });
      // The artist's edit reaches the catalogue when the label saves.
      expect((await releaseOf(song.id))!.version).toBe('Deluxe');
      await ok(call(member, 'PUT', `/api/v1/label-copies/${copy.id}`, { data: afterArtist.data }));
      expect(await releaseOf(song.id)).toMatchObject({
        version: 'Anniversary Edition',
        title: 'Lighthouse (Deluxe)',
      });

      // A confirmed metadata form changes the recording: the label copy's first track follows.
      const { form } = await createForm(member, song.id);
      await ok(
        call(member, 'POST', `/api/v1/metadata-forms/${form.id}/confirm`, {
          data: { ...FORM, title: 'Lighthouse', version: 'Single Edit', isrc: 'GBABC2600999' },
        }),
      );
      const afterForm = await ok<LabelCopyDto>(call(member, 'GET', `/api/v1/label-copies/${copy.id}`));
      expect(afterForm.data.tracks[0]).toMatchObject({
        title: 'Lighthouse',
        version: 'Single Edit',
        isrc: 'GBABC2600999',
      });
    });

    it('an empty code box keeps the catalogue’s code; a new label copy starts from what the catalogue holds', async () => {
      const song = await signedSong(label, 'Assigned');
      await exec(
        sql`update recordings set isrc = 'GBABC2600321', duration_seconds = 190 where song_id = ${song.id}`,
      );
      const copy = await createCopy(member, song.id);
      expect(copy.data.tracks[0]).toMatchObject({ isrc: 'GBABC2600321', duration_seconds: 190 });
      const blank = { ...copy.data, tracks: [{ ...copy.data.tracks[0]!, isrc: '', duration_seconds: null }] };
      const saved = await ok<LabelCopyDto>(
        call(member, 'PUT', `/api/v1/label-copies/${copy.id}`, { data: blank }),
      );
      expect(saved.data.tracks[0]).toMatchObject({ isrc: 'GBABC2600321', duration_seconds: 190 });
      expect(await recordingOf(song.id)).toMatchObject({ isrc: 'GBABC2600321', duration_seconds: 190 });
    });
  });
});
