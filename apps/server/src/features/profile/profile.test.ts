import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MeDto } from '@music-review/core/api';
import type { AuthSession } from '@music-review/core/auth';
import { PROFILE_MESSAGES, type ProfileDto, type SessionDto } from '@music-review/core/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1 } from '../../platform/storage/test-media.ts';
import {
  adminWithLabel,
  authHeader,
  getMe,
  memberOf,
  refreshRaw,
  signInRaw,
  uniqueIp,
  uploadViaPresignedUrl,
} from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mr-profile-'));
  server = await createTestServer({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Headers = { authorization: string };
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

const me = async (token: string) => (await getMe(server.app, token)).json<MeDto>();

/** Signs in from a browser (user agent) and an address, like a second device. */
async function signInFrom(email: string, password: string, userAgent: string, ip = uniqueIp()) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/auth/v1/token',
    query: { grant_type: 'password' },
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { session: res.json<AuthSession>(), ip };
}

const sessionIdOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).session_id as string;

describe('PATCH /api/v1/profile', () => {
  it('changes the name the label sees, trimmed', async () => {
    const admin = await adminWithLabel(server.app);
    const res = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/profile',
      headers: admin.headers,
      payload: { name: '  Nova Quinn  ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProfileDto>()).toEqual({
      id: admin.reviewer.id,
      name: 'Nova Quinn',
      email: admin.email,
      avatar_key: null,
    });
    expect((await me(admin.token)).reviewer?.name).toBe('Nova Quinn');
    const user = await server.app.inject({ method: 'GET', url: '/auth/v1/user', headers: admin.headers });
    expect(user.json().user_metadata).toMatchObject({ name: 'Nova Quinn', full_name: 'Nova Quinn' });
  });

  it('refuses an empty or too long name with the message to show', async () => {
    const admin = await adminWithLabel(server.app);
    for (const [name, message] of [
      ['   ', PROFILE_MESSAGES.nameEmpty],
      ['x'.repeat(101), PROFILE_MESSAGES.nameTooLong],
    ]) {
      const res = await server.app.inject({
        method: 'PATCH',
        url: '/api/v1/profile',
        headers: admin.headers,
        payload: { name },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'validation_failed', message, fields: { name: message } },
      });
    }
  });
});

describe('the avatar', () => {
  const upload = (headers: Headers, reviewerId: string, filename = 'me.png') =>
    uploadViaPresignedUrl(
      server.app,
      { authorization: headers.authorization },
      {
        type: 'images',
        id: `avatar-${reviewerId}`,
        filename,
        contentType: 'image/png',
        body: PNG_1X1,
      },
    );
  const setAvatar = (headers: Headers, key: string) =>
    server.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/avatar',
      headers,
      payload: { avatar_key: key },
    });
  const signedUrl = (headers: Headers, fileKey: string) =>
    server.app.inject({ method: 'POST', url: '/functions/v1/get-signed-url', headers, payload: { fileKey } });

  it('uses an uploaded image as the photo, replaces it (the old file goes) and removes it', async () => {
    const admin = await adminWithLabel(server.app);
    const first = await upload(admin.headers, admin.reviewer.id, 'first.png');
    const res = await setAvatar(admin.headers, first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProfileDto>().avatar_key).toBe(first);
    expect((await me(admin.token)).reviewer?.avatar_key).toBe(first);
    expect((await signedUrl(admin.headers, first)).statusCode).toBe(200);

    // The team sees it too.
    const member = await memberOf(server.app, admin.inviteCode);
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/v1/reviewers',
      headers: member.headers,
    });
    expect(list.json().find((r: { id: string }) => r.id === admin.reviewer.id).avatar_key).toBe(first);

    const second = await upload(admin.headers, admin.reviewer.id, 'second.png');
    expect((await setAvatar(admin.headers, second)).json<ProfileDto>().avatar_key).toBe(second);
    expect((await signedUrl(admin.headers, first)).statusCode).toBe(404);

    const removed = await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/profile/avatar',
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<ProfileDto>().avatar_key).toBeNull();
    expect((await me(admin.token)).reviewer?.avatar_key).toBeNull();
    expect((await signedUrl(admin.headers, second)).statusCode).toBe(404);
  });

  it("refuses another member's image, another label's key and a missing file", async () => {
    const admin = await adminWithLabel(server.app);
    const member = await memberOf(server.app, admin.inviteCode);
    const other = await adminWithLabel(server.app);

    const adminPhoto = await upload(admin.headers, admin.reviewer.id);
    const stolen = await setAvatar(member.headers, adminPhoto);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.message).toBe(PROFILE_MESSAGES.avatarNotYours);

    const otherPhoto = await upload(other.headers, other.reviewer.id);
    const crossLabel = await setAvatar(admin.headers, otherPhoto);
    expect(crossLabel.statusCode).toBe(404);

    const missing = await setAvatar(
      admin.headers,
      `${admin.organization.id}/images/avatar-${admin.reviewer.id}/never-uploaded.png`,
    );
    expect(missing.statusCode).toBe(404);
    expect((await me(admin.token)).reviewer?.avatar_key).toBeNull();
    expect((await me(other.token)).reviewer?.avatar_key).toBeNull();
  });
});

describe('changing the password', () => {
  const changePassword = (token: string, payload: Record<string, unknown>) =>
    server.app.inject({ method: 'PUT', url: '/auth/v1/user', headers: authHeader(token), payload });

  it('requires the current password, and refuses a wrong one', async () => {
    const admin = await adminWithLabel(server.app);
    const missing = await changePassword(admin.token, { password: 'a-new-password-1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: { code: 'validation_failed', message: PROFILE_MESSAGES.currentPasswordMissing },
    });

    const wrong = await changePassword(admin.token, {
      password: 'a-new-password-1',
      current_password: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: { code: 'invalid_credentials', message: PROFILE_MESSAGES.currentPasswordWrong },
    });
    // Nothing changed: the old password still signs in.
    expect((await signInRaw(server.app, admin.email, admin.password)).statusCode).toBe(200);
  });

  it('changes it with the current password and signs out the other sessions only', async () => {
    const admin = await adminWithLabel(server.app);
    const other = await signInFrom(admin.email, admin.password, FIREFOX_WINDOWS);

    const res = await changePassword(admin.token, {
      password: 'a-new-password-2',
      current_password: admin.password,
    });
    expect(res.statusCode, res.body).toBe(200);

    expect((await signInRaw(server.app, admin.email, 'a-new-password-2')).statusCode).toBe(200);
    expect((await signInRaw(server.app, admin.email, admin.password)).statusCode).toBe(400);
    // The other device is out, access and refresh alike; this one goes on.
    expect((await getMe(server.app, other.session.access_token)).statusCode).toBe(401);
    expect((await refreshRaw(server.app, other.session.refresh_token)).json().error.code).toBe(
      'invalid_grant',
    );
    expect((await getMe(server.app, admin.token)).statusCode).toBe(200);
    expect((await refreshRaw(server.app, admin.session.refresh_token)).statusCode).toBe(200);
  });

  it('refuses the current password as the new one', async () => {
    const admin = await adminWithLabel(server.app);
    const res = await changePassword(admin.token, {
      password: admin.password,
      current_password: admin.password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(PROFILE_MESSAGES.passwordSameAsCurrent);
  });
});

describe('sessions', () => {
  const listSessions = (token: string) =>
    server.app.inject({ method: 'GET', url: '/api/v1/profile/sessions', headers: authHeader(token) });
  const signOut = (token: string, id: string) =>
    server.app.inject({
      method: 'DELETE',
      url: `/api/v1/profile/sessions/${id}`,
      headers: authHeader(token),
    });

  it('lists where the account is signed in: device, address, last activity, this device first', async () => {
    const admin = await adminWithLabel(server.app);
    const laptop = await signInFrom(admin.email, admin.password, CHROME_MAC, '203.0.113.7');
    const pc = await signInFrom(admin.email, admin.password, FIREFOX_WINDOWS, '198.51.100.4');

    const res = await listSessions(laptop.session.access_token);
    expect(res.statusCode, res.body).toBe(200);
    const sessions = res.json<SessionDto[]>();
    // The confirmation link's and the helper's sign-in sessions, then the laptop and the PC.
    expect(sessions).toHaveLength(4);
    expect(sessions[0]).toMatchObject({
      id: sessionIdOf(laptop.session.access_token),
      device: 'Chrome on macOS',
      ip: '203.0.113.7',
      user_agent: CHROME_MAC,
      is_current: true,
    });
    expect(sessions.find((s) => s.id === sessionIdOf(pc.session.access_token))).toMatchObject({
      device: 'Firefox on Windows',
      ip: '198.51.100.4',
      is_current: false,
    });
    for (const s of sessions) expect(Date.parse(s.last_active_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('signs out another session: its access token and its refresh token stop working', async () => {
    const admin = await adminWithLabel(server.app);
    const phone = await signInFrom(admin.email, admin.password, FIREFOX_WINDOWS);
    const phoneId = sessionIdOf(phone.session.access_token);

    const res = await signOut(admin.token, phoneId);
    expect(res.statusCode, res.body).toBe(204);

    const refreshed = await refreshRaw(server.app, phone.session.refresh_token);
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error.code).toBe('invalid_grant');
    expect((await getMe(server.app, phone.session.access_token)).statusCode).toBe(401);
    expect((await listSessions(admin.token)).json<SessionDto[]>().map((s) => s.id)).not.toContain(phoneId);
    // Signing out a session twice: it is gone.
    expect((await signOut(admin.token, phoneId)).statusCode).toBe(404);
  });

  it("refuses this session (use Sign Out) and answers 404 for another user's session", async () => {
    const admin = await adminWithLabel(server.app);
    const stranger = await adminWithLabel(server.app);

    const own = await signOut(admin.token, sessionIdOf(admin.token));
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(PROFILE_MESSAGES.sessionIsCurrent);

    const theirs = await signOut(admin.token, sessionIdOf(stranger.token));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({
      error: { code: 'not_found', message: PROFILE_MESSAGES.sessionNotFound },
    });
    expect((await getMe(server.app, stranger.token)).statusCode).toBe(200);
  });

  it('signs out of all other sessions at once', async () => {
    const admin = await adminWithLabel(server.app);
    const before = (await listSessions(admin.token)).json<SessionDto[]>().length;
    const a = await signInFrom(admin.email, admin.password, CHROME_MAC);
    const b = await signInFrom(admin.email, admin.password, FIREFOX_WINDOWS);

    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/profile/sessions/sign-out-others',
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ signed_out: before - 1 + 2 });
    for (const other of [a, b]) {
      expect((await refreshRaw(server.app, other.session.refresh_token)).statusCode).toBe(400);
    }
    const left = (await listSessions(admin.token)).json<SessionDto[]>();
    expect(left.map((s) => [s.id, s.is_current])).toEqual([[sessionIdOf(admin.token), true]]);
  });
});
