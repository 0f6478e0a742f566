import { ORGANIZATION_MESSAGES as M } from '@music-review/core/organization';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminWithLabel,
  authHeader,
  createLabel,
  createLabelRaw,
  getMe,
  joinLabel,
  joinLabelRaw,
  memberOf,
  signUpConfirmed,
  type TestUser,
} from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const getOrganization = (token: string) =>
  server.app.inject({ method: 'GET', url: '/api/v1/organization', headers: authHeader(token) });

describe('GET /api/v1/me', () => {
  it('shows the user and reviewer with no organization before a label, then the label on Starter', async () => {
    const user = await signUpConfirmed(server.app, { name: 'Mona Me' });

    const before = await getMe(server.app, user.token);
    expect(before.statusCode).toBe(200);
    const me = before.json();
    expect(me.user).toMatchObject({ id: user.user.id, email: user.email, factors: [] });
    expect(me.reviewer).toMatchObject({
      user_id: user.user.id,
      name: 'Mona Me',
      email: user.email,
      organization_id: null,
      is_admin: false,
    });
    expect(me.organization).toBeNull();

    const created = await createLabel(server.app, user.token, 'Mona Music');
    const after = (await getMe(server.app, user.token)).json();
    expect(after.reviewer).toMatchObject({ organization_id: created.organization.id, is_admin: true });
    expect(after.organization).toEqual({
      id: created.organization.id,
      name: 'Mona Music',
      logo_url: null,
      plan_name: 'Starter',
      user_limit: 3,
      track_limit: 25,
      member_count: 1,
      // Starter's flags (migration 0001): the shell shows the Pro badge on Contact Support.
      has_label_copy_generator: false,
      has_contract_generator: false,
      has_chat_functionality: false,
      has_catalogue: false,
      has_email_support: false,
      invite_code: expect.stringMatching(/^[A-Z0-9]{6,}$/),
    });
  });
});

describe('POST /api/v1/organizations (create a label)', () => {
  // Refused names change nothing, so one user tries them all (each test checks it is still label-less).
  let refusedUser: TestUser;
  beforeAll(async () => {
    refusedUser = await signUpConfirmed(server.app);
  });

  it.each([
    ['empty', '', M.labelNameEmpty],
    ['whitespace only', '    ', M.labelNameEmpty],
    ['one character', 'A', M.labelNameTooShort],
    ['one character after trimming', '  A  ', M.labelNameTooShort],
    ['51 characters', 'L'.repeat(51), M.labelNameTooLong],
    ['a slash', 'a/b', M.labelNameChars],
    ['an exclamation mark', 'Hi!', M.labelNameChars],
    ['an at sign', 'Label @ Home', M.labelNameChars],
    ['an emoji', 'Beats 🎵', M.labelNameChars],
  ])('refuses a name that is %s with the spec message', async (_label, name, message) => {
    const res = await createLabelRaw(server.app, refusedUser.token, name);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_failed', message } });
    // Refused names leave the user without a label.
    expect((await getMe(server.app, refusedUser.token)).json().organization).toBeNull();
  });

  it.each([
    ['trimmed', ' Ab ', 'Ab'],
    ['exactly 50 characters', 'x'.repeat(50), 'x'.repeat(50)],
    ['with - _ & .', 'Rock & Roll - Co_op. Records', 'Rock & Roll - Co_op. Records'],
    ['with non-ASCII letters and digits', 'Música Ñandú 東京 2024', 'Música Ñandú 東京 2024'],
  ])('accepts a name %s', async (_label, name, stored) => {
    const user = await signUpConfirmed(server.app);
    const res = await createLabelRaw(server.app, user.token, name);
    expect(res.statusCode).toBe(201);
    expect(res.json().organization.name).toBe(stored);
  });

  it('makes the creator its admin on the Starter plan', async () => {
    const user = await signUpConfirmed(server.app);
    const res = await createLabelRaw(server.app, user.token, 'First Label');
    expect(res.statusCode).toBe(201);
    const { organization, reviewer } = res.json();
    expect(reviewer).toMatchObject({
      user_id: user.user.id,
      organization_id: organization.id,
      is_admin: true,
    });
    expect(organization).toMatchObject({
      name: 'First Label',
      plan_name: 'Starter',
      user_limit: 3,
      track_limit: 25,
      member_count: 1,
    });
    expect(organization.invite_code).toEqual(expect.any(String));
  });

  it('refuses a second label with 409 already_member', async () => {
    const admin = await adminWithLabel(server.app, 'Only Label');
    const res = await createLabelRaw(server.app, admin.token, 'Second Label');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'already_member', message: M.alreadyMember } });
    expect((await getMe(server.app, admin.token)).json().organization.name).toBe('Only Label');
  });
});

describe('POST /api/v1/organizations/join', () => {
  // Refused codes change nothing, so one user tries them all.
  let refusedUser: TestUser;
  beforeAll(async () => {
    refusedUser = await signUpConfirmed(server.app);
  });
  afterEach(async () => {
    expect((await getMe(server.app, refusedUser.token)).json().organization).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['whitespace', '   '],
  ])('refuses an %s code with the spec message', async (_label, code) => {
    const res = await joinLabelRaw(server.app, refusedUser.token, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_failed', message: M.inviteCodeEmpty } });
  });

  it('refuses an unknown code with 404 and the spec message', async () => {
    const res = await joinLabelRaw(server.app, refusedUser.token, 'NOSUCHCODE');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'invalid_invite_code', message: M.invalidInviteCode } });
  });

  it('makes a non-admin member who does not see the invitation code', async () => {
    const admin = await adminWithLabel(server.app);
    const member = await signUpConfirmed(server.app);

    const res = await joinLabelRaw(server.app, member.token, admin.inviteCode);
    expect(res.statusCode).toBe(200);
    const joined = res.json();
    expect(joined.reviewer).toMatchObject({
      user_id: member.user.id,
      organization_id: admin.organization.id,
      is_admin: false,
    });
    expect(joined.organization).toMatchObject({ id: admin.organization.id, member_count: 2 });
    expect(joined.organization).not.toHaveProperty('invite_code');

    const seenByMember = await getOrganization(member.token);
    expect(seenByMember.statusCode).toBe(200);
    expect(seenByMember.json()).toMatchObject({ id: admin.organization.id, member_count: 2 });
    expect(seenByMember.json()).not.toHaveProperty('invite_code');
    expect((await getMe(server.app, member.token)).json().organization).not.toHaveProperty('invite_code');

    // The admin still sees it.
    expect((await getOrganization(admin.token)).json().invite_code).toBe(admin.inviteCode);
  });

  it('accepts the code in any letter case with surrounding spaces', async () => {
    const admin = await adminWithLabel(server.app);
    const member = await signUpConfirmed(server.app);
    const joined = await joinLabel(server.app, member.token, `  ${admin.inviteCode.toLowerCase()}\t `);
    expect(joined.organization.id).toBe(admin.organization.id);
  });

  it('refuses a member of an organization with 409 already_member', async () => {
    const admin = await adminWithLabel(server.app);
    const other = await adminWithLabel(server.app);
    const member = await memberOf(server.app, admin.inviteCode);

    for (const [token, code] of [
      [member.token, other.inviteCode],
      [member.token, admin.inviteCode],
      [admin.token, other.inviteCode],
    ] as const) {
      const res = await joinLabelRaw(server.app, token, code);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: { code: 'already_member', message: M.alreadyMember } });
    }
    expect((await getMe(server.app, member.token)).json().organization.id).toBe(admin.organization.id);
  });

  it('refuses the 4th user of a Starter label with the exact user-limit message', async () => {
    const admin = await adminWithLabel(server.app);
    await memberOf(server.app, admin.inviteCode);
    await memberOf(server.app, admin.inviteCode);
    expect((await getOrganization(admin.token)).json().member_count).toBe(3);

    const fourth = await signUpConfirmed(server.app);
    const res = await joinLabelRaw(server.app, fourth.token, admin.inviteCode);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('user_limit_reached');
    expect(res.json().error.message).toBe(
      'This organization has reached its user limit (3 users). Please contact the organization admin to upgrade their plan.',
    );
    expect((await getMe(server.app, fourth.token)).json().organization).toBeNull();
    expect((await getOrganization(admin.token)).json().member_count).toBe(3);
  });
});
