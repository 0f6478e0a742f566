import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { authHeader, getMe, signIn } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { seedDemo } from './demo.seed.ts';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mr-demo-'));
  server = await createTestServer({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('seedDemo', () => {
  it("creates 'Demo Records' on the Label plan with a confirmed admin and two members", async () => {
    expect(await seedDemo(server.database)).toBe(true);

    const expected = [
      { email: 'admin@demo.test', isAdmin: true },
      { email: 'alex@demo.test', isAdmin: false },
      { email: 'sam@demo.test', isAdmin: false },
    ];
    let organizationId: string | undefined;
    for (const { email, isAdmin } of expected) {
      const session = await signIn(server.app, email, 'demo-password');
      expect(session.user.email_confirmed_at).not.toBeNull();

      const me = (await getMe(server.app, session.access_token)).json();
      expect(me.reviewer).toMatchObject({ email, is_admin: isAdmin });
      expect(me.organization).toMatchObject({
        name: 'Demo Records',
        plan_name: 'Label',
        track_limit: -1,
        member_count: 3,
      });
      expect(me.organization.invite_code !== undefined).toBe(isAdmin);
      organizationId ??= me.organization.id;
      expect(me.organization.id).toBe(organizationId);

      const members = await server.app.inject({
        method: 'GET',
        url: '/api/v1/reviewers',
        headers: authHeader(session.access_token),
      });
      expect(
        members
          .json()
          .map((r: { email: string }) => r.email)
          .sort(),
      ).toEqual(expected.map((e) => e.email).sort());
    }
  });

  it('does nothing when run again', async () => {
    const count = async () =>
      (
        await queryRows<{ users: number; orgs: number; support_orgs: number; reviewers: number }>(
          server.database.global,
          sql`select
            (select count(*)::int from users where email like '%@demo.test') as users,
            (select count(*)::int from organizations where name = 'Demo Records') as orgs,
            (select count(*)::int from organizations where name = 'Music Review Support') as support_orgs,
            (select count(*)::int from reviewers where email like '%@demo.test') as reviewers`,
        )
      )[0];
    await seedDemo(server.database);
    const before = await count();
    expect(before).toEqual({ users: 4, orgs: 1, support_orgs: 1, reviewers: 4 });

    expect(await seedDemo(server.database)).toBe(false);
    expect(await count()).toEqual(before);
  });
});

describe('the demo support desk', () => {
  it("adds support@demo.test in its own 'Music Review Support' organization", async () => {
    await seedDemo(server.database);
    const session = await signIn(server.app, 'support@demo.test', 'demo-password');
    const me = (await getMe(server.app, session.access_token)).json();
    expect(me.reviewer).toMatchObject({ email: 'support@demo.test', name: 'Music Review Support' });
    expect(me.organization).toMatchObject({ name: 'Music Review Support', member_count: 1 });
  });
});

describe('the demo catalogue', () => {
  it('adds twelve songs with real audio and waveforms: reviewed ones, an expired one, a second version and three signed ones', async () => {
    await seedDemo(server.database, server.ctx.storage.driver);
    const alex = await signIn(server.app, 'alex@demo.test', 'demo-password');
    const all = await server.app.inject({
      method: 'GET',
      url: '/api/v1/songs?include_signed=true',
      headers: authHeader(alex.access_token),
    });
    const list = all.json().songs as Array<{
      title: string;
      status: string;
      current_version_number: number;
      audio_file_key: string;
      waveform_file_key: string;
    }>;
    expect(list).toHaveLength(12);
    expect(list.filter((s) => s.status === 'signed').map((s) => s.title)).toEqual([
      'Summer Static',
      'Paper Moons',
      'Harbour Lights',
    ]);
    expect(list.find((s) => s.title === 'Runaway Signal')?.current_version_number).toBe(2);

    // Every song's audio is a real WAV and its waveform a valid file, both readable through signed URLs.
    for (const song of list) {
      const audio = await server.ctx.storage.driver.head(song.audio_file_key);
      expect(audio?.contentType, song.title).toBe('audio/wav');
      const wave = await server.ctx.storage.driver.getStream(song.waveform_file_key);
      const chunks: Buffer[] = [];
      for await (const c of wave!.body) chunks.push(c as Buffer);
      const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      expect(json).toMatchObject({ version: 1, bits: 8 });
      expect(json.data.length).toBe(json.length * 2);
    }

    const dash = (
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/review-dashboard',
        headers: authHeader(alex.access_token),
      })
    ).json();
    const titles = (cards: Array<{ title: string }>) => cards.map((c) => c.title);
    expect(titles(dash.reviewed).sort()).toEqual(['Concrete Bloom', 'Slow Tide']);
    expect(titles(dash.pending)).not.toContain('Quiet Engines'); // expired
    expect(titles(dash.pending)).not.toContain('Summer Static'); // signed
    expect(titles(dash.pending)).toContain('Runaway Signal');

    // A second run adds nothing.
    await seedDemo(server.database, server.ctx.storage.driver);
    const again = await server.app.inject({
      method: 'GET',
      url: '/api/v1/songs?include_signed=true',
      headers: authHeader(alex.access_token),
    });
    expect(again.json().songs).toHaveLength(12);
  });
});
