import type { MarketingCampaignDto, MarketingTaskDto } from '@music-review/core/marketing';
import type { NotificationListDto } from '@music-review/core/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineBackgroundWork } from '../../background.ts';
import { type AppContext, createContext } from '../../context.ts';
import { createJobQueue } from '../../platform/jobs/queue.ts';
import { adminWithLabel, memberOf } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertSignedSong } from '../../test/songs.ts';
import { runDueReminders } from './reminders.ts';

const FAST_QUEUE = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 };

type Headers = { authorization: string };

/**
 * The deadline reminder job. Each test uses its own far-future dates: the job scans every label in
 * the file's database, so a test only ever sees its own tasks come due.
 */
describe('campaign task deadline reminders', () => {
  let server: TestServer;
  let secondCopy: AppContext;
  let label: Awaited<ReturnType<typeof adminWithLabel>>;
  let alex: Awaited<ReturnType<typeof memberOf>>;
  let other: Awaited<ReturnType<typeof adminWithLabel>>;
  let otherMember: Awaited<ReturnType<typeof memberOf>>;
  let campaignId: string;
  let otherCampaignId: string;

  const at = (iso: string) => new Date(iso);
  const addTask = async (
    payload: { title: string; due_date: string | null; assignee_id?: string | null; status?: string },
    headers: Headers = label.headers,
    campaign = campaignId,
  ) => {
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/marketing/campaigns/${campaign}/tasks`,
      headers,
      payload: { assignee_id: alex.reviewer.id, ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<MarketingTaskDto>();
  };
  const patchTask = async (id: string, payload: Record<string, unknown>) => {
    const res = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/marketing/tasks/${id}`,
      headers: label.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const reminders = async (headers: Headers, title: string) => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/notifications?limit=100', headers });
    return res
      .json<NotificationListDto>()
      .notifications.filter(
        (n) => n.type.startsWith('campaign_task_deadline') && n.message.includes(`"${title}"`),
      )
      .map((n) => ({ type: n.type, message: n.message, song_id: n.song_id }));
  };
  const newCampaign = async (headers: Headers, songId: string) => {
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/songs/${songId}/marketing/campaigns`,
      headers,
      payload: { name: 'Launch' },
    });
    return res.json<MarketingCampaignDto>().id;
  };

  let songId: string;

  beforeAll(async () => {
    server = await createTestServer();
    // A second server copy on the same database: its own context, as another process would have.
    secondCopy = await createContext(server.ctx.config, server.database);
    label = await adminWithLabel(server.app, 'Reminder Lab');
    alex = await memberOf(server.app, label.inviteCode);
    other = await adminWithLabel(server.app, 'Other Reminder Lab');
    otherMember = await memberOf(server.app, other.inviteCode);
    const song = await insertSignedSong(server, label.organization.id, {
      title: 'Summer Static',
      artist: 'Juno Park',
    });
    songId = song.id;
    const otherSong = await insertSignedSong(server, other.organization.id, {
      title: 'Night Bus',
      artist: 'Oda',
    });
    campaignId = await newCampaign(label.headers, songId);
    otherCampaignId = await newCampaign(other.headers, otherSong.id);
  });
  afterAll(() => server.close());

  it('sends each reminder once, even with two server copies running the job at the same time, and again and again', async () => {
    await addTask({ title: 'Pitch deck', due_date: '2031-03-04' });
    const theirs = await addTask(
      { title: 'Their pitch', due_date: '2031-03-04', assignee_id: otherMember.reviewer.id },
      other.headers,
      otherCampaignId,
    );
    expect(theirs.assignee_id).toBe(otherMember.reviewer.id);

    const now = at('2031-03-01T09:00:00Z');
    const sent = await Promise.all([
      runDueReminders(server.ctx, now),
      runDueReminders(secondCopy, now),
      runDueReminders(server.ctx, now),
      runDueReminders(secondCopy, now),
    ]);
    // Two tasks (one per label), each sent by exactly one of the four runs.
    expect(sent.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await runDueReminders(server.ctx, at('2031-03-01T23:59:00Z'))).toBe(0);
    expect(await runDueReminders(secondCopy, now)).toBe(0);

    expect(await reminders(alex.headers, 'Pitch deck')).toEqual([
      {
        type: 'campaign_task_deadline_3days',
        message: '"Pitch deck" for Summer Static is due in 3 days',
        song_id: songId,
      },
    ]);
    expect(await reminders(otherMember.headers, 'Their pitch')).toEqual([
      {
        type: 'campaign_task_deadline_3days',
        message: '"Their pitch" for Night Bus is due in 3 days',
        song_id: expect.any(String),
      },
    ]);
    // Nobody else in either label got them.
    expect(await reminders(label.headers, 'Pitch deck')).toEqual([]);
    expect(await reminders(alex.headers, 'Their pitch')).toEqual([]);

    // 1 day before and on the day, once each.
    for (const [iso, type] of [
      ['2031-03-03T00:00:00Z', 'campaign_task_deadline_1day'],
      ['2031-03-04T18:30:00Z', 'campaign_task_deadline_today'],
    ] as const) {
      const results = await Promise.all([
        runDueReminders(server.ctx, at(iso)),
        runDueReminders(secondCopy, at(iso)),
      ]);
      expect(results.reduce((a, b) => a + b, 0)).toBe(2);
      expect((await reminders(alex.headers, 'Pitch deck'))[0]!.type).toBe(type);
    }
    expect((await reminders(alex.headers, 'Pitch deck')).map((r) => r.type)).toEqual([
      'campaign_task_deadline_today',
      'campaign_task_deadline_1day',
      'campaign_task_deadline_3days',
    ]);
    // After the day nothing more.
    expect(await runDueReminders(server.ctx, at('2031-03-05T08:00:00Z'))).toBe(0);
  });

  it('counts UTC days, skips a mark that passed, and leaves done or unassigned tasks alone', async () => {
    const task = await addTask({ title: 'Press release', due_date: '2031-05-10' });
    await addTask({ title: 'Already done', due_date: '2031-05-10', status: 'done' });
    await addTask({ title: 'Nobody yet', due_date: '2031-05-10', assignee_id: null });

    // 2031-05-06 23:59 UTC is 4 days before: nothing. A minute later it is 3 days before.
    expect(await runDueReminders(server.ctx, at('2031-05-06T23:59:59Z'))).toBe(0);
    // The server was down through the 3-day mark; 2 days before sends nothing stale...
    expect(await runDueReminders(server.ctx, at('2031-05-08T12:00:00Z'))).toBe(0);
    // ...and 1 day before sends only the current reminder.
    expect(await runDueReminders(server.ctx, at('2031-05-09T00:00:01Z'))).toBe(1);
    expect((await reminders(alex.headers, 'Press release')).map((r) => r.type)).toEqual([
      'campaign_task_deadline_1day',
    ]);
    expect(await reminders(alex.headers, 'Already done')).toEqual([]);

    // Checked off before the day: no "due today".
    await patchTask(task.id, { status: 'done' });
    expect(await runDueReminders(server.ctx, at('2031-05-10T06:00:00Z'))).toBe(0);
  });

  it('re-arms the reminders when the due date moves, and follows the task as it is now', async () => {
    const task = await addTask({ title: 'TikTok teaser', due_date: '2031-07-10' });
    expect(await runDueReminders(server.ctx, at('2031-07-07T10:00:00Z'))).toBe(1);

    // Moved a week later: the 3-day reminder for the new date goes out too.
    await patchTask(task.id, { due_date: '2031-07-17' });
    expect(await runDueReminders(server.ctx, at('2031-07-14T10:00:00Z'))).toBe(1);
    expect(await runDueReminders(server.ctx, at('2031-07-14T11:00:00Z'))).toBe(0);
    // Reassigned: the next reminder goes to the new assignee only.
    await patchTask(task.id, { assignee_id: label.reviewer.id });
    expect(await runDueReminders(server.ctx, at('2031-07-16T10:00:00Z'))).toBe(1);
    expect((await reminders(alex.headers, 'TikTok teaser')).map((r) => r.type)).toEqual([
      'campaign_task_deadline_3days',
      'campaign_task_deadline_3days',
    ]);
    expect((await reminders(label.headers, 'TikTok teaser')).map((r) => r.type)).toEqual([
      'campaign_task_deadline_1day',
    ]);
  });

  it('runs on the job queue once per interval across two copies, and stops with the queue', async () => {
    // A task due in 3 days from today (the queue's runs use the real clock).
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await addTask({ title: 'Playlist outreach', due_date: inThreeDays });
    const config = { ...server.ctx.config, REMINDER_INTERVAL_SECONDS: 1 };
    const runs: number[] = [];
    const copies = [
      await createContext(config, server.database, { jobs: createJobQueue(server.database, FAST_QUEUE) }),
      await createContext(config, server.database, { jobs: createJobQueue(server.database, FAST_QUEUE) }),
    ];
    for (const copy of copies) {
      // What background.ts declares, counted.
      copy.jobs.every('marketing-reminders', 1, async () => {
        runs.push(await runDueReminders(copy, new Date()));
      });
      await copy.jobs.start();
    }
    try {
      await expect.poll(() => runs.includes(1), { timeout: 15_000 }).toBe(true);
      const started = Date.now();
      await new Promise((r) => setTimeout(r, 3_000));
      const seconds = (Date.now() - started) / 1000;
      // Once per interval in all, though both copies offer every run.
      expect(runs.length).toBeLessThanOrEqual(Math.ceil(seconds) + 3);
    } finally {
      for (const copy of copies) await copy.jobs.stop();
    }
    const after = runs.length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(runs.length).toBe(after);
    expect((await reminders(alex.headers, 'Playlist outreach')).map((r) => r.type)).toEqual([
      'campaign_task_deadline_3days',
    ]);
  });
  it('is what the server declares on its queue', () => {
    const declared: string[] = [];
    defineBackgroundWork({
      ...server.ctx,
      jobs: { ...server.ctx.jobs, every: (name: string) => declared.push(name) },
    } as AppContext);
    expect(declared).toContain('marketing-reminders');
  });
});
