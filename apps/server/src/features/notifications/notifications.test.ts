import { randomUUID } from 'node:crypto';
import {
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationListDto,
  type NotificationPreferencesDto,
} from '@music-review/core/notifications';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel, mailbox, memberOf } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertSong } from '../songs/songs.factory.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';

type Headers = { authorization: string };

describe('notifications', () => {
  let server: TestServer;
  let service: NotificationsService;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let alex: Awaited<ReturnType<typeof memberOf>>;
  let sam: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;
  let songId: string;

  const list = async (headers: Headers, query: Record<string, string> = {}) => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/notifications', headers, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<NotificationListDto>();
  };
  const markRead = (headers: Headers, id: string) =>
    server.app.inject({ method: 'POST', url: `/api/v1/notifications/${id}/read`, headers });
  /** The notification emails to an address (its sign-up mail left out), newest first. */
  const notificationMails = async (to: string) =>
    (await mailbox(server.app, to)).filter((mail) => mail.text.includes('notification settings'));
  const putPreferences = (headers: Headers, preferences: unknown) =>
    server.app.inject({
      method: 'PUT',
      url: '/api/v1/notification-preferences',
      headers,
      payload: { preferences },
    });

  beforeAll(async () => {
    server = await createTestServer();
    service = createNotificationsService(server.ctx);
    admin = await adminWithLabel(server.app, 'Bell Records');
    alex = await memberOf(server.app, admin.inviteCode);
    sam = await memberOf(server.app, admin.inviteCode);
    outsider = await adminWithLabel(server.app, 'Other Label');
    const song = await insertSong(server.database.asOwner('tests build rows directly'), {
      organizationId: admin.organization.id,
      title: 'Night Drive',
      artist: 'Nova',
    });
    songId = song.id;
  });

  afterAll(async () => {
    await server?.close();
  });

  it('asks for a session', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/notifications' });
    expect(res.statusCode).toBe(401);
  });

  it('notifies through the service: the other members get it, newest first, with the sender’s name', async () => {
    const first = await service.notifyNow({
      organizationId: admin.organization.id,
      recipients: 'other_members',
      senderId: admin.reviewer.id,
      type: 'track_added',
      songId,
      message: `${admin.name} added "Night Drive"`,
    });
    expect(first.sort()).toEqual([alex.reviewer.id, sam.reviewer.id].sort());
    await service.notifyNow({
      organizationId: admin.organization.id,
      recipients: [alex.reviewer.id],
      senderId: sam.reviewer.id,
      type: 'review_request',
      songId,
      message: 'Please review "Night Drive"',
    });

    const page = await list(alex.headers);
    expect(page.unread_count).toBe(2);
    expect(page.next_cursor).toBeNull();
    expect(page.notifications.map((n) => [n.type, n.sender_name, n.read])).toEqual([
      ['review_request', sam.name, false],
      ['track_added', admin.name, false],
    ]);
    expect(page.notifications[1]).toMatchObject({
      message: `${admin.name} added "Night Drive"`,
      song_id: songId,
      sender_id: admin.reviewer.id,
    });
    expect(Date.parse(page.notifications[0]!.created_at)).toBeGreaterThanOrEqual(
      Date.parse(page.notifications[1]!.created_at),
    );
    // The sender gets nothing of their own; sam only the track.
    expect((await list(admin.headers)).notifications).toEqual([]);
    expect((await list(sam.headers)).notifications.map((n) => n.type)).toEqual(['track_added']);
  });

  it('never notifies someone outside the organization, even when named', async () => {
    const recipients = await service.notifyNow({
      organizationId: admin.organization.id,
      recipients: [outsider.reviewer.id, randomUUID()],
      senderId: outsider.reviewer.id,
      type: 'track_added',
      message: 'Should go nowhere',
    });
    expect(recipients).toEqual([]);
    expect((await list(outsider.headers)).notifications).toEqual([]);
  });

  it('pages newest first with a cursor', async () => {
    for (let i = 1; i <= 3; i++) {
      await service.notifyNow({
        organizationId: outsider.organization.id,
        recipients: 'all_members',
        senderId: null,
        type: 'track_added',
        message: `Track ${i}`,
      });
    }
    const first = await list(outsider.headers, { limit: '2' });
    expect(first.notifications.map((n) => n.message)).toEqual(['Track 3', 'Track 2']);
    expect(first.notifications[0]!.sender_name).toBeNull();
    expect(first.unread_count).toBe(3);
    expect(first.next_cursor).toBeTruthy();
    const second = await list(outsider.headers, { limit: '2', cursor: first.next_cursor! });
    expect(second.notifications.map((n) => n.message)).toEqual(['Track 1']);
    expect(second.next_cursor).toBeNull();

    const bad = await server.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: outsider.headers,
      query: { cursor: 'not-a-cursor' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('cursor: the page cursor is not valid');
    const tooMany = await server.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: outsider.headers,
      query: { limit: '500' },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('marks one read (it never reverts) and answers the new unread count', async () => {
    const before = await list(alex.headers);
    const target = before.notifications.find((n) => !n.read)!;
    const res = await markRead(alex.headers, target.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 1, unread_count: before.unread_count - 1 });
    const again = await markRead(alex.headers, target.id);
    expect(again.json()).toEqual({ updated: 0, unread_count: before.unread_count - 1 });
    const after = await list(alex.headers);
    expect(after.notifications.find((n) => n.id === target.id)?.read).toBe(true);
  });

  it('answers 404 for another reviewer’s or another label’s notification, and leaves it unread', async () => {
    const samsOwn = (await list(sam.headers)).notifications[0]!;
    const outsidersOwn = (await list(outsider.headers)).notifications[0]!;

    for (const id of [samsOwn.id, outsidersOwn.id, randomUUID()]) {
      const res = await markRead(alex.headers, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const crossLabel = await markRead(admin.headers, outsidersOwn.id);
    expect(crossLabel.statusCode).toBe(404);
    expect((await markRead(alex.headers, 'not-a-uuid')).statusCode).toBe(400);

    expect((await list(sam.headers)).notifications[0]).toMatchObject({ id: samsOwn.id, read: false });
    expect((await list(outsider.headers)).notifications[0]).toMatchObject({
      id: outsidersOwn.id,
      read: false,
    });
  });

  it('marks all of the caller’s notifications read, no one else’s', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read-all',
      headers: alex.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 1, unread_count: 0 });
    const after = await list(alex.headers);
    expect(after.unread_count).toBe(0);
    expect(after.notifications.every((n) => n.read)).toBe(true);
    expect((await list(sam.headers)).unread_count).toBe(1);
    expect((await list(outsider.headers)).unread_count).toBe(3);
  });

  it('lists every type with its label, email off by default', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/notification-preferences',
      headers: sam.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<NotificationPreferencesDto>().preferences).toEqual(
      NOTIFICATION_TYPES.map((type) => ({ type, label: NOTIFICATION_TYPE_LABELS[type], email: false })),
    );
  });

  it('stores the email choices of the caller only, and refuses unknown types with a clear message', async () => {
    const res = await putPreferences(alex.headers, [
      { type: 'track_added', email: true },
      { type: 'review_request', email: true },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const stored = res.json<NotificationPreferencesDto>().preferences;
    expect(stored.filter((p) => p.email).map((p) => p.type)).toEqual(['review_request', 'track_added']);

    const off = await putPreferences(alex.headers, [{ type: 'review_request', email: false }]);
    expect(
      off
        .json<NotificationPreferencesDto>()
        .preferences.filter((p) => p.email)
        .map((p) => p.type),
    ).toEqual(['track_added']);

    const sams = await server.app.inject({
      method: 'GET',
      url: '/api/v1/notification-preferences',
      headers: sam.headers,
    });
    expect(sams.json<NotificationPreferencesDto>().preferences.every((p) => !p.email)).toBe(true);

    const bad = await putPreferences(alex.headers, [{ type: 'everything', email: true }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(`type: must be one of ${NOTIFICATION_TYPES.join(', ')}`);
    const notBoolean = await putPreferences(alex.headers, [{ type: 'track_added', email: 'yes' }]);
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().error.message).toBe('email: must be true or false');
  });

  it('emails the recipients who opted in for the type, with a link to where the bell leads', async () => {
    await service.notifyNow({
      organizationId: admin.organization.id,
      recipients: 'other_members',
      senderId: admin.reviewer.id,
      type: 'track_added',
      songId,
      message: `${admin.name} added "Night Drive"`,
    });
    const mails = await notificationMails(alex.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`New tracks added: ${admin.name} added "Night Drive"`);
    expect(mails[0]!.text).toContain('http://app.test/overview');
    expect(mails[0]!.text).toContain(`${admin.name}: ${admin.name} added "Night Drive"`);
    // Sam did not opt in: the bell only.
    expect(await notificationMails(sam.email)).toHaveLength(0);

    // A type alex turned off again sends no mail.
    await service.notifyNow({
      organizationId: admin.organization.id,
      recipients: [alex.reviewer.id],
      senderId: admin.reviewer.id,
      type: 'review_request',
      songId,
      message: 'Please review',
    });
    expect(await notificationMails(alex.email)).toHaveLength(1);
  });

  it('sends no email when the transaction that notified is rolled back', async () => {
    await expect(
      server.database.withOrg(admin.organization.id, async (tx) => {
        await service.notify(tx, {
          organizationId: admin.organization.id,
          recipients: [alex.reviewer.id],
          senderId: admin.reviewer.id,
          type: 'track_added',
          message: 'Rolled back',
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await server.database
      .asOwner('tests build rows directly')
      .execute(sql`select 1 from notifications where message = 'Rolled back'`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    expect(await notificationMails(alex.email)).toHaveLength(1);
  });

  it('mails a review request (a new version) with a link to the review page', async () => {
    await putPreferences(sam.headers, [{ type: 'review_request', email: true }]);
    await service.notifyNow({
      organizationId: admin.organization.id,
      recipients: 'all_members',
      senderId: alex.reviewer.id,
      type: 'review_request',
      songId,
      message: '"Night Drive" has a new version (v2) to review',
    });
    const [mail] = await notificationMails(sam.email);
    expect(mail?.subject).toBe('Review requests: "Night Drive" has a new version (v2) to review');
    expect(mail?.text).toContain(`http://app.test/review/${songId}`);
  });
});
