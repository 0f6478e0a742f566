/**
 * Distribution end to end through the API (issue 15): a release checked from its data and files,
 * a folder destination configured by an admin (secrets never answered), a delivery as a job that
 * leaves the DDEX batch layout with checksums, an ERN that passes the XSD, acknowledgements that
 * turn stores live or into errors, and another label's ids answering 404.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import type { PresignedUploadDto } from '@music-review/core/assets';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { createJobQueue } from '../../platform/jobs/queue.ts';
import { makePng } from '../../platform/storage/test-media.ts';
import { adminWithLabel, memberOf, setPlan } from '../../test/api-helpers.ts';
import { createFileTestServer, putPresigned } from '../../test/file-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { makePcmWav } from '../../test/media-generators.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { defineDistributionJobs, pollAcknowledgements } from './distribution.jobs.ts';
import { createErnValidator, locateErnSchemaDir } from './ern/ern-validate.ts';
import { buildAcknowledgement } from './transports/ack-parse.ts';
import { startSftpTestServer } from './transports/sftp-test-server.ts';

type Who = { headers: { authorization: string } };
type Json = Record<string, any>;

const DPID = 'PADPIDA2026112601Q';

describe('distribution', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let colleague: Who;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;
  let releaseId: string;
  let destinationId: string;

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    who: Who = admin,
  ) => {
    const res = await server.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    let body: Json = {};
    try {
      body = res.json();
    } catch {
      body = { raw: res.body };
    }
    return { status: res.statusCode, body, raw: res.body, headers: res.headers };
  };
  const created = async (url: string, payload: unknown, who: Who = admin) => {
    const res = await call('POST', url, payload, who);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  async function upload(path: string, filename: string, contentType: string, bytes: Buffer) {
    const presign = await call('POST', `${path}/presign`, {
      filename,
      content_type: contentType,
      size_bytes: bytes.length,
    });
    expect(presign.status, JSON.stringify(presign.body)).toBe(200);
    const put = await putPresigned(server, presign.body as PresignedUploadDto, bytes);
    expect(put.statusCode, put.body).toBe(200);
    const attach = await call('POST', path, { key: presign.body.key });
    expect(attach.status, JSON.stringify(attach.body)).toBe(200);
  }
  const detail = async (id = releaseId, who: Who = admin) => {
    const res = await call('GET', `/api/v1/distribution/releases/${id}`, undefined, who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** Waits until the background inspection has read every file. */
  const checked = async (id = releaseId) => {
    await expect
      .poll(async () => (await detail(id)).readiness.checking, { timeout: 20_000, interval: 200 })
      .toBe(0);
    return detail(id);
  };
  const folder = () => join(server.ctx.config.DATA_DIR, 'distribution', 'outbox');
  const owner = () => server.database.asOwner('tests read rows directly');

  beforeAll(async () => {
    server = await createFileTestServer('distribution');
    server.ctx.jobs = createJobQueue(server.database, {
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
      sweepIntervalSeconds: 1,
    });
    defineDistributionJobs(server.ctx);
    await server.ctx.jobs.start();
    admin = await adminWithLabel(server.app, 'Distribution Label');
    await setPlan(server.database, admin.organization.id, 'Pro');
    colleague = await memberOf(server.app, admin.inviteCode);
    outsider = await adminWithLabel(server.app, 'Elsewhere');
    await setPlan(server.database, outsider.organization.id, 'Pro');

    const settings = await call('GET', '/api/v1/catalogue/settings');
    const saved = await call('PATCH', '/api/v1/catalogue/settings', {
      ddex_dpid: DPID,
      label_name: 'Distribution Label',
      row_version: settings.body.row_version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const writer = await created('/api/v1/parties', { name: '山田 花子', roles: ['writer'] });
    const artist = await created('/api/v1/parties', { name: 'Nova Lane', roles: ['artist'] });
    const work = await created('/api/v1/catalogue/works', {
      title: 'Paper Moons',
      writers: [{ party_id: writer.id, role: 'composer_lyricist', share: 100 }],
    });
    const tracks = [];
    for (const [title, isrc] of [
      ['Paper Moons', 'GBE2X2600001'],
      ['Glass Rivers', 'GBE2X2600002'],
    ] as const) {
      const recording = await created('/api/v1/catalogue/recordings', {
        title,
        display_artist: 'Nova Lane',
        isrc,
        language: 'en',
        genre: 'Electronic',
        p_line_year: 2026,
        p_line_owner: 'Distribution Label',
        work_id: work.id,
        artists: [{ party_id: artist.id, role: 'primary' }],
      });
      await upload(
        `/api/v1/catalogue/recordings/${recording.id}/master`,
        `${title}.wav`,
        'audio/wav',
        makePcmWav({
          seconds: 2,
          sampleRate: 48_000,
          bitDepth: 24,
          channels: 2,
          leadingSilence: 0.2,
          trailingSilence: 0.3,
        }),
      );
      tracks.push({ recording_id: recording.id });
    }
    const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const release = await created('/api/v1/catalogue/releases', {
      title: 'Paper Moons',
      display_artist: 'Nova Lane',
      release_type: 'ep',
      upc: '5012345678900',
      label_name: 'Distribution Label',
      release_date: inAMonth,
      p_line_year: 2026,
      p_line_owner: 'Distribution Label',
      c_line_year: 2026,
      c_line_owner: 'Distribution Label',
      genre: 'Electronic',
      tracks,
    });
    releaseId = release.id;
    await upload(
      `/api/v1/catalogue/releases/${releaseId}/artwork`,
      'cover.png',
      'image/png',
      makePng(3000, 3000),
    );
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('checks a release from its data and its files: blocking errors and warnings, each linked to its fix', async () => {
    const bare = await created('/api/v1/catalogue/releases', {
      title: 'Untitled feat. Someone',
      display_artist: 'Nova Lane',
    });
    const first = await checked(bare.id);
    const codes = first.readiness.errors.map((p: Json) => p.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'upc_missing',
        'genre_missing',
        'p_line_missing',
        'c_line_missing',
        'release_date_missing',
        'artwork_missing',
        'no_tracks',
        'title_feat',
      ]),
    );
    expect(first.readiness.errors.find((p: Json) => p.code === 'upc_missing').fix).toEqual({
      kind: 'release',
      id: bare.id,
    });

    const ready = await checked();
    expect(ready.readiness.errors).toEqual([]);
    // No master split yet: a warning, linked to each recording.
    expect(ready.readiness.warnings.map((p: Json) => p.code)).toEqual([
      'master_split_missing',
      'master_split_missing',
    ]);
    expect(ready.readiness.warnings[0].fix.kind).toBe('recording');
  });

  it('keeps destinations for admins, with their secrets sealed and never answered', async () => {
    const sftp = {
      name: 'Distributor SFTP',
      recipient_dpid: 'PADPIDA2007050901U',
      recipient_name: 'A Distributor',
      stores: ['spotify', 'apple_music'],
      connection: { kind: 'sftp', host: 'sftp.example.com', username: 'label', password: 'hunter2-secret' },
    };
    expect((await call('POST', '/api/v1/distribution/destinations', sftp, colleague)).status).toBe(403);
    const made = await created('/api/v1/distribution/destinations', sftp);
    expect(made.has_password).toBe(true);
    expect(JSON.stringify(made)).not.toContain('hunter2-secret');
    const listed = await call('GET', '/api/v1/distribution/destinations', undefined, colleague);
    expect(listed.status).toBe(200);
    expect(listed.raw).not.toContain('hunter2-secret');
    const [stored] = await queryRows<{ secret_sealed: string }>(
      owner(),
      sql`select secret_sealed from distribution_destinations where id = ${made.id}`,
    );
    expect(stored!.secret_sealed).not.toContain('hunter2-secret');
    // A name taken, a field wrong: said per field.
    const again = await call('POST', '/api/v1/distribution/destinations', sftp);
    expect(again.status).toBe(409);
    const bad = await call('POST', '/api/v1/distribution/destinations', {
      ...sftp,
      name: 'X',
      recipient_dpid: 'nope',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.recipient_dpid).toMatch(/DDEX party id/);
    expect((await call('DELETE', `/api/v1/distribution/destinations/${made.id}`)).status).toBe(200);

    const outbox = await created('/api/v1/distribution/destinations', {
      name: 'Outbox',
      recipient_dpid: 'PADPIDA2007050901U',
      recipient_name: 'A Distributor',
      stores: ['spotify', 'deezer'],
      connection: { kind: 'folder', folder: 'outbox' },
    });
    destinationId = outbox.id;
  });

  it('delivers the batch as distributors expect it, then follows each store through acknowledgements', async () => {
    const sent = await call('POST', `/api/v1/distribution/releases/${releaseId}/deliver`, { kind: 'new' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const [delivery] = sent.body.deliveries;
    expect(delivery.status).toMatch(/queued|sending/);
    // While it runs, a second delivery is refused.
    const twice = await call('POST', `/api/v1/distribution/releases/${releaseId}/deliver`, { kind: 'new' });
    expect([409, 202]).toContain(twice.status);

    await expect
      .poll(
        async () => {
          const d = (await detail()).deliveries.find((x: Json) => x.id === delivery.id);
          return d?.status === 'failed' ? `failed: ${d.error}` : d?.status;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe('delivered');
    const after = await detail();
    expect(after.stores.map((s: Json) => [s.store, s.status])).toEqual([
      ['deezer', 'delivered'],
      ['spotify', 'delivered'],
    ]);

    // The batch: <batch>/<batch>.xml, resources/, and the completion marker.
    const batch = delivery.message_id;
    const root = join(folder(), batch);
    expect(readdirSync(root).sort()).toEqual([`${batch}.xml`, `BatchComplete_${batch}.xml`, 'resources']);
    expect(readdirSync(join(root, 'resources')).sort()).toEqual([
      '5012345678900_01_001.wav',
      '5012345678900_01_002.wav',
      '5012345678900_cover.png',
    ]);
    const done = after.deliveries.find((d: Json) => d.id === delivery.id);
    for (const file of done.files) {
      const bytes = readFileSync(join(root, file.path));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
      expect(createHash('md5').update(bytes).digest('hex')).toBe(file.md5);
    }
    // The ERN as sent passes DDEX's schema and names the UPC.
    const xml = readFileSync(join(root, `${batch}.xml`), 'utf8');
    const schemaDir = locateErnSchemaDir();
    expect(schemaDir, 'DDEX ERN 4.3 schema not found: set DDEX_ERN43_SCHEMA_DIR').not.toBeNull();
    expect(createErnValidator(schemaDir!).validate(xml)).toEqual({ valid: true });
    expect(xml).toContain('<ICPN>5012345678900</ICPN>');
    const download = await call('GET', `/api/v1/distribution/deliveries/${delivery.id}/ern`);
    expect(download.status).toBe(200);
    expect(download.raw).toBe(xml);

    // The distributor acknowledges: live.
    const acks = join(folder(), 'acknowledgements');
    mkdirSync(acks, { recursive: true });
    const ack = (file: string, status: string, errors: string[] = []) =>
      buildAcknowledgement({
        messageId: `ACK-${file}`,
        senderPartyId: 'PADPIDA2007050901U',
        recipientPartyId: DPID,
        acknowledgedFile: `${batch}/${batch}.xml`,
        fileStatus: status,
        errors,
      });
    writeFileSync(join(acks, 'ack-1.xml'), ack('1', 'FileOK'));
    writeFileSync(
      join(acks, 'unknown.xml'),
      ack('2', 'FileOK').replace(new RegExp(batch, 'g'), '19990101000000000'),
    );
    writeFileSync(join(acks, 'broken.xml'), '<not-an-ack/>');
    await pollAcknowledgements(server.ctx, createNotificationsService(server.ctx));
    const live = await detail();
    expect(live.stores.map((s: Json) => s.status)).toEqual(['live', 'live']);
    expect(live.stores[0].live_at).not.toBeNull();
    expect(existsSync(join(acks, 'processed', 'ack-1.xml'))).toBe(true);
    const destinations = await call('GET', '/api/v1/distribution/destinations');
    const outbox = destinations.body.destinations.find((d: Json) => d.id === destinationId);
    expect(outbox.unmatched_acks.map((a: Json) => a.outcome).sort()).toEqual([
      'malformed',
      'unknown_message',
    ]);

    // An update the distributor refuses: the stores say error, with its text, and nobody is told "live".
    const update = await call('POST', `/api/v1/distribution/releases/${releaseId}/deliver`, {
      kind: 'update',
    });
    expect(update.status, JSON.stringify(update.body)).toBe(202);
    const updateBatch = update.body.deliveries[0].message_id;
    await expect
      .poll(async () => (await detail()).deliveries.find((d: Json) => d.message_id === updateBatch)?.status, {
        timeout: 30_000,
      })
      .toBe('delivered');
    writeFileSync(
      join(acks, 'ack-2.xml'),
      ack('3', 'FileRejected', ['Artwork text does not match the metadata']).replace(
        new RegExp(batch, 'g'),
        updateBatch,
      ),
    );
    await pollAcknowledgements(server.ctx, createNotificationsService(server.ctx));
    const refused = await detail();
    expect(refused.stores.map((s: Json) => [s.status, s.note])).toEqual([
      ['error', 'Artwork text does not match the metadata'],
      ['error', 'Artwork text does not match the metadata'],
    ]);
    expect(refused.history.some((e: Json) => e.kind === 'acknowledgement' && /refused/.test(e.message))).toBe(
      true,
    );
    // The bell says both: live, then refused.
    const bell = await call('GET', '/api/v1/notifications?limit=20', undefined, colleague);
    const told = (bell.body.notifications as Json[]).map((n) => [n.type, n.message]);
    expect(told).toEqual(
      expect.arrayContaining([
        ['store_live', '“Paper Moons” is live on Deezer, Spotify.'],
        ['delivery_failed', '“Paper Moons” was refused by Outbox: Artwork text does not match the metadata'],
      ]),
    );

    // A member sets a store by hand, with a note.
    const manual = await call(
      'POST',
      `/api/v1/distribution/releases/${releaseId}/store-status`,
      {
        destination_id: destinationId,
        store: 'spotify',
        status: 'live',
        note: 'Checked in Spotify for Artists',
      },
      colleague,
    );
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    expect(manual.body.stores.find((s: Json) => s.store === 'spotify').status).toBe('live');
  }, 90_000);

  it('delivers to a real SFTP server once, though two server copies run the queue', async () => {
    await checked();
    const root = mkdtempSync(join(tmpdir(), 'mr-sftp-'));
    const sftp = await startSftpTestServer({ root, username: 'label', password: 'sftp-pass' });
    const second = { ...server.ctx, jobs: createJobQueue(server.database, { pollingIntervalSeconds: 0.5 }) };
    defineDistributionJobs(second);
    await second.jobs.start();
    try {
      const destination = await created('/api/v1/distribution/destinations', {
        name: 'Distributor SFTP',
        recipient_dpid: 'PADPIDA2007050901U',
        recipient_name: 'A Distributor',
        stores: ['youtube_music'],
        connection: {
          kind: 'sftp',
          host: '127.0.0.1',
          port: sftp.port,
          username: 'label',
          password: 'sftp-pass',
          remote_folder: 'inbox',
          host_key_sha256: sftp.hostKeySha256,
        },
      });
      const test = await call('POST', `/api/v1/distribution/destinations/${destination.id}/test`);
      expect(test.body).toEqual({
        ok: true,
        message: 'Connected. The acknowledgement folder holds 0 files.',
      });
      const before = sftp.bytesWritten;
      const sent = await call('POST', `/api/v1/distribution/releases/${releaseId}/deliver`, {
        kind: 'update',
        destination_ids: [destination.id],
      });
      // Never delivered there: an update is refused; a new delivery goes.
      expect(sent.status).toBe(409);
      const fresh = await call('POST', `/api/v1/distribution/releases/${releaseId}/deliver`, {
        kind: 'new',
        destination_ids: [destination.id],
      });
      expect(fresh.status, JSON.stringify(fresh.body)).toBe(202);
      const batch = fresh.body.deliveries[0].message_id;
      await expect
        .poll(async () => (await detail()).deliveries.find((d: Json) => d.message_id === batch)?.status, {
          timeout: 30_000,
        })
        .toBe('delivered');
      expect(readdirSync(join(root, 'inbox', batch)).sort()).toEqual([
        `${batch}.xml`,
        `BatchComplete_${batch}.xml`,
        'resources',
      ]);
      expect(readdirSync(join(root, 'inbox', batch, 'resources'))).toHaveLength(3);
      // Written once: the batch's files and the small completion marker, not twice by two copies.
      const files = (await detail()).deliveries.find((d: Json) => d.message_id === batch).files as Json[];
      const marker = sftp.bytesWritten - before - files.reduce((sum, f) => sum + f.bytes, 0);
      expect(marker).toBeGreaterThan(0);
      expect(marker).toBeLessThan(200);
      const [job] = await queryRows<{ attempts: number }>(
        owner(),
        sql`select j.attempts from jobs j join distribution_deliveries d on d.job_id = j.id where d.message_id = ${batch}`,
      );
      expect(job!.attempts).toBe(1);
      const youtube = (await detail()).stores.find((s: Json) => s.store === 'youtube_music');
      expect(youtube.status).toBe('delivered');

      // Every log line from here on, to prove no password reaches one.
      const logged: string[] = [];
      const capture = (...args: unknown[]) => {
        logged.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 8 }))).join(' '));
      };
      const spies = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error'), vi.spyOn(console, 'info')];
      for (const spy of spies) spy.mockImplementation(capture);
      // A connection dropped mid-upload: the attempt fails, the retry sends only what is missing.
      sftp.setFaults({ dropAfterBytes: 400_000 });
      const resent = await call('POST', `/api/v1/distribution/releases/${releaseId}/deliver`, {
        kind: 'update',
        destination_ids: [destination.id],
      });
      expect(resent.status, JSON.stringify(resent.body)).toBe(202);
      const again = resent.body.deliveries[0].message_id;
      await expect
        .poll(async () => (await detail()).deliveries.find((d: Json) => d.message_id === again)?.status, {
          timeout: 40_000,
          interval: 500,
        })
        .toBe('delivered');
      expect(readdirSync(join(root, 'inbox', again, 'resources'))).toHaveLength(3);
      const [retried] = await queryRows<{ attempts: number }>(
        owner(),
        sql`select j.attempts from jobs j join distribution_deliveries d on d.job_id = j.id where d.message_id = ${again}`,
      );
      expect(retried!.attempts).toBe(2);
      const history = (await detail()).history.map((e: Json) => e.message);
      expect(
        history.some((m: string) =>
          /^Attempt 1 failed: The connection to the SFTP server at .+ was lost\. It will be tried again\.$/.test(
            m,
          ),
        ),
      ).toBe(true);

      // A login the server refuses: no retry, the stores say why, and none is marked live; the
      // password is in no answer and no log line.
      const wrong = await created('/api/v1/distribution/destinations', {
        name: 'Wrong login',
        recipient_dpid: 'PADPIDA2007050901U',
        recipient_name: 'A Distributor',
        stores: ['tidal'],
        connection: {
          kind: 'sftp',
          host: '127.0.0.1',
          port: sftp.port,
          username: 'label',
          password: 'not-it',
        },
      });
      const refused = await call('POST', `/api/v1/distribution/releases/${releaseId}/deliver`, {
        kind: 'new',
        destination_ids: [wrong.id],
      });
      expect(refused.status, JSON.stringify(refused.body)).toBe(202);
      await expect
        .poll(async () => (await detail()).stores.find((s: Json) => s.store === 'tidal')?.status, {
          timeout: 20_000,
        })
        .toBe('error');
      const tidal = (await detail()).stores.find((s: Json) => s.store === 'tidal');
      expect(tidal.note).toMatch(/refused the login/);
      expect(tidal.note).not.toContain('not-it');
      expect(tidal.live_at).toBeNull();
      for (const spy of spies) spy.mockRestore();
      // The dropped connection was logged (so the capture works), with no password in any line.
      expect(logged.some((line) => line.includes('distribution-deliver'))).toBe(true);
      expect(logged.join('\n')).not.toContain('not-it');
      expect(logged.join('\n')).not.toContain('sftp-pass');
      expect(JSON.stringify(await detail())).not.toContain('not-it');
    } finally {
      await second.jobs.stop();
      await sftp.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);

  it('locks the release and its recordings for edits while a delivery of it is in flight', async () => {
    const [delivery] = await queryRows<{ id: string }>(
      owner(),
      sql`select id from distribution_deliveries where release_id = ${releaseId} order by created_at limit 1`,
    );
    await owner().execute(
      sql`update distribution_deliveries set status = 'sending' where id = ${delivery!.id}`,
    );
    try {
      const release = await call('GET', `/api/v1/catalogue/releases/${releaseId}`);
      const edit = await call('PATCH', `/api/v1/catalogue/releases/${releaseId}`, {
        genre: 'House',
        row_version: release.body.row_version,
      });
      expect(edit.status).toBe(409);
      expect(edit.body.error.message).toMatch(
        /^This release is being delivered to .+: edits wait until the delivery ends\.$/,
      );
      const recordingId = release.body.tracks[0].recording_id ?? release.body.tracks[0].id;
      const recording = await call('GET', `/api/v1/catalogue/recordings/${recordingId}`);
      const editTrack = await call('PATCH', `/api/v1/catalogue/recordings/${recordingId}`, {
        title: 'Paper Moons (Edit)',
        row_version: recording.body.row_version,
      });
      expect(editTrack.status).toBe(409);
      expect(
        (await call('POST', `/api/v1/distribution/releases/${releaseId}/deliver`, { kind: 'update' })).status,
      ).toBe(409);
    } finally {
      await owner().execute(
        sql`update distribution_deliveries set status = 'delivered' where id = ${delivery!.id}`,
      );
    }
    const release = await call('GET', `/api/v1/catalogue/releases/${releaseId}`);
    const edit = await call('PATCH', `/api/v1/catalogue/releases/${releaseId}`, {
      genre: 'Electronic',
      row_version: release.body.row_version,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  });

  it('never sends a message that fails the ERN 4.3 schema, and shows why', async () => {
    const broken = await created('/api/v1/distribution/destinations', {
      name: 'Legacy distributor',
      recipient_dpid: 'PADPIDA2007050901U',
      recipient_name: 'Legacy',
      stores: ['beatport'],
      connection: { kind: 'folder', folder: 'legacy' },
    });
    // A party id saved before ids were checked: DDEX's schema wants PADPIDA and letters or digits.
    await owner().execute(
      sql`update distribution_destinations set recipient_dpid = 'LEGACY-0042' where id = ${broken.id}`,
    );
    const before = (await detail()).deliveries.length;
    const sent = await call('POST', `/api/v1/distribution/releases/${releaseId}/deliver`, {
      kind: 'new',
      destination_ids: [broken.id],
    });
    expect(sent.status).toBe(422);
    expect(sent.body.error).toEqual({
      code: 'ern_invalid',
      message:
        'The DDEX message did not pass the ERN 4.3 schema, so nothing was sent. The errors are under "Last validation".',
    });
    const after = await detail();
    expect(after.deliveries).toHaveLength(before);
    expect(after.stores.some((s: Json) => s.store === 'beatport')).toBe(false);
    expect(after.last_validation).toMatchObject({ kind: 'new', valid: false });
    expect(after.last_validation.errors[0].line).toBeGreaterThan(0);
    expect(after.last_validation.errors[0].message).toMatch(/PartyId/);
    expect(existsSync(join(server.ctx.config.DATA_DIR, 'distribution', 'legacy'))).toBe(false);
    await call('DELETE', `/api/v1/distribution/destinations/${broken.id}`);
  });

  it('lists releases with their pipeline status and counts, filtered', async () => {
    const all = await call('GET', '/api/v1/distribution/releases');
    expect(all.status).toBe(200);
    const row = all.body.rows.find((r: Json) => r.id === releaseId);
    expect(row.pipeline_status).toBe('error');
    // Deezer refused the update; Tidal's destination refused the login (Spotify was set live by hand).
    expect(all.body.counts).toMatchObject({ stores_in_error: 2, releases_in_error: 1 });
    const errors = await call('GET', '/api/v1/distribution/releases?status=error');
    expect(errors.body.rows.map((r: Json) => r.id)).toEqual([releaseId]);
    const blocked = await call('GET', '/api/v1/distribution/releases?status=blocked');
    expect(blocked.body.rows.map((r: Json) => r.title)).toEqual(['Untitled feat. Someone']);
  });

  it("answers 404 for another label's releases, deliveries and destinations, and 403 without the catalogue plan", async () => {
    const other = outsider;
    expect((await call('GET', `/api/v1/distribution/releases/${releaseId}`, undefined, other)).status).toBe(
      404,
    );
    expect(
      (await call('POST', `/api/v1/distribution/releases/${releaseId}/deliver`, { kind: 'new' }, other))
        .status,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/v1/distribution/destinations/${destinationId}`, undefined, other)).status,
    ).toBe(404);
    const [d] = (await detail()).deliveries;
    expect((await call('GET', `/api/v1/distribution/deliveries/${d.id}/ern`, undefined, other)).status).toBe(
      404,
    );
    await setPlan(server.database, other.organization.id, 'Starter');
    expect((await call('GET', '/api/v1/distribution/releases', undefined, other)).status).toBe(403);
  });
});
