import type {
  GeneralIntakeDto,
  IssuedLinkDto,
  MarketingCampaignDto,
  MarketingTaskDto,
  PublicQuestionnaireDto,
  SongMarketingDto,
} from '@music-review/core/marketing';
import type { NotificationListDto } from '@music-review/core/notifications';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel, memberOf, uniqueIp } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertSignedSong } from '../../test/songs.ts';
import { insertSong } from '../songs/songs.factory.ts';
import { seedMarketingDemo } from './marketing.demo.ts';

type Headers = { authorization: string };
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('marketing', () => {
  let server: TestServer;
  let label: Awaited<ReturnType<typeof adminWithLabel>>;
  let alex: Awaited<ReturnType<typeof memberOf>>;
  let other: Awaited<ReturnType<typeof adminWithLabel>>;
  let songId: string;
  let otherSongId: string;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    headers?: Headers,
    payload?: Record<string, unknown>,
  ) => server.app.inject({ method, url, headers, remoteAddress: uniqueIp(), payload });
  const tab = async (headers: Headers, id = songId) => {
    const res = await call('GET', `/api/v1/songs/${id}/marketing`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SongMarketingDto>();
  };
  const createCampaign = async (payload: Record<string, unknown>, headers: Headers = label.headers) => {
    const res = await call('POST', `/api/v1/songs/${songId}/marketing/campaigns`, headers, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<MarketingCampaignDto>();
  };
  const createTask = async (
    campaignId: string,
    payload: Record<string, unknown>,
    headers: Headers = label.headers,
  ) => {
    const res = await call('POST', `/api/v1/marketing/campaigns/${campaignId}/tasks`, headers, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<MarketingTaskDto>();
  };
  const bell = async (headers: Headers) =>
    (await call('GET', '/api/v1/notifications', headers)).json<NotificationListDto>().notifications;

  beforeAll(async () => {
    server = await createTestServer();
    label = await adminWithLabel(server.app, 'Marketing Lab');
    alex = await memberOf(server.app, label.inviteCode);
    other = await adminWithLabel(server.app, 'Other Marketing Lab');
    const song = await insertSignedSong(server, label.organization.id, {
      title: 'Summer Static',
      artist: 'Juno Park',
    });
    songId = song.id;
    const foreign = await insertSignedSong(server, other.organization.id, {
      title: 'Not Yours',
      artist: 'Elsewhere',
    });
    otherSongId = foreign.id;
  });
  afterAll(() => server.close());

  it('creates, edits and deletes a campaign, refusing bad input with the field named', async () => {
    expect((await tab(label.headers)).campaigns).toEqual([]);
    const campaign = await createCampaign({
      name: '  Summer single launch ',
      status: 'active',
      budget_cents: 250_000,
      currency: 'EUR',
      start_date: '2026-06-01',
      end_date: '2026-07-15',
      channels: ['Spotify editorial pitch', 'TikTok', 'tiktok', 'Local radio tour'],
      notes: 'Lead with the TikTok teaser.',
    });
    expect(campaign).toMatchObject({
      name: 'Summer single launch',
      status: 'active',
      budget_cents: 250_000,
      currency: 'EUR',
      start_date: '2026-06-01',
      end_date: '2026-07-15',
      channels: ['Spotify editorial pitch', 'TikTok', 'Local radio tour'],
      tasks: [],
    });

    const bad = [
      [{ name: '' }, 'name: give the campaign a name'],
      [
        { name: 'X', start_date: '2026-06-10', end_date: '2026-06-01' },
        'end_date: the campaign cannot end before it starts',
      ],
      [{ name: 'X', budget_cents: -1 }, 'budget_cents'],
      [{ name: 'X', budget_cents: 10.5 }, 'budget_cents'],
      [{ name: 'X', currency: 'XXX' }, 'currency'],
      [{ name: 'X', start_date: '2026-02-30' }, 'start_date'],
      [{ name: 'X', status: 'someday' }, 'status'],
    ] as const;
    for (const [payload, message] of bad) {
      const res = await call('POST', `/api/v1/songs/${songId}/marketing/campaigns`, label.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }

    // A patch is checked against the stored dates: ending before the stored start is refused.
    const early = await call('PATCH', `/api/v1/marketing/campaigns/${campaign.id}`, label.headers, {
      end_date: '2026-05-01',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe('end_date: the campaign cannot end before it starts');
    const edited = await call('PATCH', `/api/v1/marketing/campaigns/${campaign.id}`, alex.headers, {
      status: 'completed',
      budget_cents: 300_000,
      end_date: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      status: 'completed',
      budget_cents: 300_000,
      end_date: null,
      name: 'Summer single launch',
    });

    const del = await call('DELETE', `/api/v1/marketing/campaigns/${campaign.id}`, label.headers);
    expect(del.statusCode).toBe(204);
    expect((await tab(label.headers)).campaigns).toEqual([]);
    expect(
      (await call('DELETE', `/api/v1/marketing/campaigns/${campaign.id}`, label.headers)).statusCode,
    ).toBe(404);
  });

  it('adds, edits, checks off and deletes tasks; assigning notifies the assignee, never yourself', async () => {
    const campaign = await createCampaign({ name: 'Launch' });
    const mine = await createTask(campaign.id, {
      title: 'Book radio plugger',
      assignee_id: label.reviewer.id,
      due_date: '2026-06-05',
    });
    expect(mine).toMatchObject({
      title: 'Book radio plugger',
      assignee_name: label.reviewer.name,
      status: 'todo',
    });
    expect((await bell(label.headers)).filter((n) => n.type === 'campaign_task_assigned')).toEqual([]);

    const task = await createTask(campaign.id, {
      title: 'Pitch to Spotify editorial',
      assignee_id: alex.reviewer.id,
      due_date: '2026-06-02',
    });
    let alexBell = (await bell(alex.headers)).filter((n) => n.type === 'campaign_task_assigned');
    expect(alexBell).toHaveLength(1);
    expect(alexBell[0]).toMatchObject({
      song_id: songId,
      sender_name: label.reviewer.name,
      message: 'assigned you "Pitch to Spotify editorial" for Summer Static, due 2026-06-02',
    });

    // Editing other fields, or re-saving the same assignee, sends nothing new.
    const done = await call('PATCH', `/api/v1/marketing/tasks/${task.id}`, alex.headers, {
      status: 'done',
      assignee_id: alex.reviewer.id,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', assignee_id: alex.reviewer.id });
    // Moving the self-assigned task to Alex notifies Alex.
    const moved = await call('PATCH', `/api/v1/marketing/tasks/${mine.id}`, label.headers, {
      assignee_id: alex.reviewer.id,
    });
    expect(moved.statusCode).toBe(200);
    alexBell = (await bell(alex.headers)).filter((n) => n.type === 'campaign_task_assigned');
    expect(alexBell.map((n) => n.message)).toEqual([
      'assigned you "Book radio plugger" for Summer Static, due 2026-06-05',
      'assigned you "Pitch to Spotify editorial" for Summer Static, due 2026-06-02',
    ]);

    // Someone outside the label cannot be assigned.
    const outsider = await call('POST', `/api/v1/marketing/campaigns/${campaign.id}/tasks`, label.headers, {
      title: 'Leak',
      assignee_id: other.reviewer.id,
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.message).toBe('assignee_id: choose a member of your label');
    expect(
      (await call('POST', `/api/v1/marketing/campaigns/${campaign.id}/tasks`, label.headers, { title: ' ' }))
        .statusCode,
    ).toBe(400);

    const listed = (await tab(alex.headers)).campaigns.find((c) => c.id === campaign.id)!;
    expect(listed.tasks.map((t) => [t.title, t.status])).toEqual([
      ['Pitch to Spotify editorial', 'done'],
      ['Book radio plugger', 'todo'],
    ]);
    expect((await call('DELETE', `/api/v1/marketing/tasks/${task.id}`, label.headers)).statusCode).toBe(204);
    expect(
      (await call('PATCH', `/api/v1/marketing/tasks/${task.id}`, label.headers, { status: 'todo' }))
        .statusCode,
    ).toBe(404);
  });

  it("answers 404 for another label's songs, campaigns, tasks and links, and for ids that are not ids", async () => {
    const campaign = await createCampaign({ name: 'Private plan' });
    const task = await createTask(campaign.id, { title: 'Secret' });
    const link = (
      await call('POST', `/api/v1/songs/${songId}/marketing/questionnaire/links`, label.headers)
    ).json<IssuedLinkDto>();
    const h = other.headers;
    const attempts = [
      call('GET', `/api/v1/songs/${songId}/marketing`, h),
      call('POST', `/api/v1/songs/${songId}/marketing/campaigns`, h, { name: 'Hijack' }),
      call('PATCH', `/api/v1/marketing/campaigns/${campaign.id}`, h, { name: 'Hijack' }),
      call('DELETE', `/api/v1/marketing/campaigns/${campaign.id}`, h),
      call('POST', `/api/v1/marketing/campaigns/${campaign.id}/tasks`, h, { title: 'Hijack' }),
      call('PATCH', `/api/v1/marketing/tasks/${task.id}`, h, { status: 'done' }),
      call('DELETE', `/api/v1/marketing/tasks/${task.id}`, h),
      call('POST', `/api/v1/songs/${songId}/marketing/questionnaire/links`, h),
      call('DELETE', `/api/v1/marketing/links/${link.link.id}`, h),
      call('GET', `/api/v1/songs/${otherSongId}/marketing`, label.headers),
      call('GET', `/api/v1/songs/${MISSING}/marketing`, label.headers),
      call('GET', '/api/v1/songs/not-a-uuid/marketing', label.headers),
      call('PATCH', '/api/v1/marketing/tasks/1;drop', label.headers, { status: 'done' }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(404);
    // Nothing changed for the owner.
    const mine = (await tab(label.headers)).campaigns.find((c) => c.id === campaign.id)!;
    expect(mine).toMatchObject({
      name: 'Private plan',
      tasks: [expect.objectContaining({ title: 'Secret', status: 'todo' })],
    });
    expect((await call('GET', `/api/v1/public/marketing-forms/${link.token}`)).statusCode).toBe(200);
    // Without a session the member routes are closed.
    expect((await call('GET', `/api/v1/songs/${songId}/marketing`)).statusCode).toBe(401);
  });

  it('runs the questionnaire link: open, autosave, submit once; used, revoked, expired, foreign and malformed refused', async () => {
    const issued = (
      await call('POST', `/api/v1/songs/${songId}/marketing/questionnaire/links`, label.headers)
    ).json<IssuedLinkDto>();
    expect(issued.url).toBe(`http://app.test/marketing/${issued.token}`);
    const base = `/api/v1/public/marketing-forms/${issued.token}`;

    const opened = await call('GET', base);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<PublicQuestionnaireDto>()).toMatchObject({
      label_name: 'Marketing Lab',
      song_title: 'Summer Static',
      artist: 'Juno Park',
      status: 'draft',
      data: { bio_short: '', pitch: '' },
    });

    const draft = await call('PUT', base, undefined, {
      data: {
        bio_short: 'Juno Park makes bright synth-pop.',
        socials: { instagram: 'instagram.com/junopark' },
      },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const badUrl = await call('PUT', base, undefined, { data: { socials: { tiktok: 'not a url' } } });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().error.message).toBe('socials.tiktok: must be a web address (https://...)');
    const longPitch = await call('PUT', base, undefined, { data: { pitch: 'x'.repeat(501) } });
    expect(longPitch.json().error.message).toBe('pitch: at most 500 characters');
    const reopened = (await call('GET', base)).json<PublicQuestionnaireDto>();
    expect(reopened.data.socials.instagram).toBe('https://instagram.com/junopark');

    // The label sees the draft in the tab.
    let q = (await tab(label.headers)).questionnaire;
    expect(q).toMatchObject({ status: 'draft', data: { bio_short: 'Juno Park makes bright synth-pop.' } });
    expect(q.links[0]).toMatchObject({ id: issued.link.id, state: 'active' });

    const incomplete = await call('POST', `${base}/submit`, undefined, { data: { bio_short: 'Short bio' } });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.message).toBe('pitch: please write a pitch for the release');

    const answers = {
      bio_short: 'Juno Park makes bright synth-pop.',
      bio_long: 'Raised in Busan, based in Berlin.',
      press_photos: [{ url: 'https://example.com/juno.jpg', caption: 'By Mina Cho' }],
      socials: { instagram: 'https://instagram.com/junopark', spotify: 'https://open.spotify.com/artist/1' },
      pitch: 'A sunlit synth-pop single about a summer that will not end.',
      similar_artists: 'CHVRCHES, Robyn',
      playlists: 'Fresh Finds',
      release_story: 'Written in one night.',
    };
    const [first, second] = await Promise.all([
      call('POST', `${base}/submit`, undefined, { data: answers }),
      call('POST', `${base}/submit`, undefined, { data: answers }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 410]);
    const used = await call('GET', base);
    expect(used.statusCode).toBe(410);
    expect(used.json().error).toEqual({ code: 'link_used', message: PUBLIC_LINK_MESSAGES.used });
    expect((await call('PUT', base, undefined, { data: {} })).statusCode).toBe(410);

    q = (await tab(label.headers)).questionnaire;
    expect(q).toMatchObject({
      status: 'submitted',
      data: { pitch: answers.pitch, press_photos: answers.press_photos },
    });
    expect(q.submitted_at).not.toBeNull();
    expect(q.links[0]!.state).toBe('used');

    // A new link reopens the form with the answers kept; revoking it closes it.
    const again = (
      await call('POST', `/api/v1/songs/${songId}/marketing/questionnaire/links`, label.headers)
    ).json<IssuedLinkDto>();
    const reopenedForm = (
      await call('GET', `/api/v1/public/marketing-forms/${again.token}`)
    ).json<PublicQuestionnaireDto>();
    expect(reopenedForm).toMatchObject({ status: 'draft', data: { pitch: answers.pitch } });
    expect((await call('DELETE', `/api/v1/marketing/links/${again.link.id}`, label.headers)).statusCode).toBe(
      204,
    );
    const revoked = await call('GET', `/api/v1/public/marketing-forms/${again.token}`);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().error.code).toBe('link_revoked');

    // A newer link withdraws the older one; an expired link says so.
    const third = (
      await call('POST', `/api/v1/songs/${songId}/marketing/questionnaire/links`, label.headers)
    ).json<IssuedLinkDto>();
    const fourth = (
      await call('POST', `/api/v1/songs/${songId}/marketing/questionnaire/links`, label.headers)
    ).json<IssuedLinkDto>();
    expect((await call('GET', `/api/v1/public/marketing-forms/${third.token}`)).json().error.code).toBe(
      'link_revoked',
    );
    await server.database.global.execute(
      sql`update public_links set expires_at = now() - interval '1 minute' where id = ${fourth.link.id}`,
    );
    const expired = await call('POST', `/api/v1/public/marketing-forms/${fourth.token}/submit`, undefined, {
      data: answers,
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toEqual({ code: 'link_expired', message: PUBLIC_LINK_MESSAGES.expired });

    // Malformed, unknown and another purpose's tokens read as not found.
    const general = (
      await call('POST', '/api/v1/marketing/general/links', label.headers)
    ).json<IssuedLinkDto>();
    for (const token of ['short', 'A'.repeat(43), general.token, `${fourth.token}x`]) {
      const res = await call('GET', `/api/v1/public/marketing-forms/${encodeURIComponent(token)}`);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().error.message).toBe(PUBLIC_LINK_MESSAGES.not_found);
    }
    // Another label's link opens only its own label's form.
    const foreign = (
      await call('POST', `/api/v1/songs/${otherSongId}/marketing/questionnaire/links`, other.headers)
    ).json<IssuedLinkDto>();
    const foreignForm = (
      await call('GET', `/api/v1/public/marketing-forms/${foreign.token}`)
    ).json<PublicQuestionnaireDto>();
    expect(foreignForm).toMatchObject({
      label_name: 'Other Marketing Lab',
      song_title: 'Not Yours',
      data: { pitch: '' },
    });
  });

  it('takes many label-wide intake submissions through one link until it is withdrawn', async () => {
    const issued = (
      await call('POST', '/api/v1/marketing/general/links', label.headers)
    ).json<IssuedLinkDto>();
    expect(issued.url).toBe(`http://app.test/marketing-general/${issued.token}`);
    const base = `/api/v1/public/marketing-general/${issued.token}`;
    expect((await call('GET', base)).json()).toMatchObject({ label_name: 'Marketing Lab' });

    const bad = await call('POST', `${base}/submit`, undefined, {
      data: { project_name: 'Oda', contact_email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('contact_email: must be an email address');
    for (const name of ['Oda', 'Fennick']) {
      const res = await call('POST', `${base}/submit`, undefined, {
        data: {
          project_name: name,
          contact_email: `${name.toLowerCase()}@artists.test`,
          release_plans: 'EP in autumn',
          budget_range: '$1,000 - $5,000',
          channels: ['TikTok', 'Press'],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const intake = (await call('GET', '/api/v1/marketing/general', alex.headers)).json<GeneralIntakeDto>();
    expect(intake.submissions.map((s) => s.data.project_name)).toEqual(['Fennick', 'Oda']);
    expect(intake.links[0]).toMatchObject({ id: issued.link.id, state: 'active' });
    // Another label sees none of it.
    const theirs = (await call('GET', '/api/v1/marketing/general', other.headers)).json<GeneralIntakeDto>();
    expect(theirs.submissions).toEqual([]);

    expect(
      (await call('DELETE', `/api/v1/marketing/links/${issued.link.id}`, label.headers)).statusCode,
    ).toBe(204);
    const after = await call('POST', `${base}/submit`, undefined, {
      data: { project_name: 'Late', contact_email: 'late@artists.test' },
    });
    expect(after.statusCode).toBe(410);
    expect(after.json().error.code).toBe('link_revoked');
  });

  it('seeds a demo campaign with tasks around today and a submitted questionnaire', async () => {
    const org = label.organization.id;
    const song = await server.database.withOrg(org, async (tx) => {
      const row = await insertSong(tx, {
        organizationId: org,
        title: 'Demo Song',
        artist: 'Demo Artist',
        status: 'signed',
      });
      await seedMarketingDemo(tx, {
        organizationId: org,
        songs: [{ id: row.id, title: row.title, artist: row.artist }],
        reviewers: [label.reviewer, alex.reviewer],
      });
      return row;
    });
    const seeded = await tab(label.headers, song.id);
    expect(seeded.campaigns).toHaveLength(1);
    expect(seeded.campaigns[0]!.tasks).toHaveLength(5);
    expect(new Set(seeded.campaigns[0]!.tasks.map((t) => t.assignee_id))).toEqual(
      new Set([label.reviewer.id, alex.reviewer.id]),
    );
    expect(seeded.questionnaire).toMatchObject({
      status: 'submitted',
      data: { similar_artists: expect.stringContaining('Robyn') },
    });
  });
});
