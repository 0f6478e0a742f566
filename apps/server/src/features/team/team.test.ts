import type { MeDto } from '@music-review/core/api';
import { ORGANIZATION_MESSAGES } from '@music-review/core/organization';
import { TEAM_MESSAGES, type TeamDto, type TeamMemberDto } from '@music-review/core/team';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminWithLabel,
  getMe,
  joinLabel,
  joinLabelRaw,
  mailbox,
  memberOf,
  signUpConfirmed,
  uniqueEmail,
} from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Headers = { headers: { authorization: string } };

const getTeam = (user: Headers) =>
  server.app.inject({ method: 'GET', url: '/api/v1/team', headers: user.headers });
const setRole = (user: Headers, id: string, isAdmin: boolean) =>
  server.app.inject({
    method: 'PATCH',
    url: `/api/v1/team/members/${id}`,
    headers: user.headers,
    payload: { is_admin: isAdmin },
  });
const removeMember = (user: Headers, id: string) =>
  server.app.inject({ method: 'DELETE', url: `/api/v1/team/members/${id}`, headers: user.headers });
const regenerate = (user: Headers) =>
  server.app.inject({ method: 'POST', url: '/api/v1/team/invite-code', headers: user.headers });
const invite = (user: Headers, email: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/team/invitations',
    headers: user.headers,
    payload: { email },
  });
const me = async (user: { token: string }) => (await getMe(server.app, user.token)).json<MeDto>();

describe('GET /api/v1/team', () => {
  it('shows an admin the members with their roles, the invitation code and the plan usage', async () => {
    const admin = await adminWithLabel(server.app, 'Team View Records');
    const member = await memberOf(server.app, admin.inviteCode);

    const res = await getTeam(admin);
    expect(res.statusCode, res.body).toBe(200);
    const team = res.json<TeamDto>();
    expect(team.invite_code).toBe(admin.inviteCode);
    expect(team.plan).toEqual({
      plan_name: 'Starter',
      track_limit: 25,
      tracks_last_30_days: 0,
      user_limit: 3,
      member_count: 2,
    });
    // Admins first.
    expect(team.members.map((m) => [m.id, m.is_admin, m.is_me])).toEqual([
      [admin.reviewer.id, true, true],
      [member.reviewer.id, false, false],
    ]);
    expect(team.members[1]).toMatchObject({ name: member.name, email: member.email, avatar_key: null });
  });
});

describe('permissions', () => {
  it('refuses a member every team action with 403, and changes nothing', async () => {
    const admin = await adminWithLabel(server.app);
    const member = await memberOf(server.app, admin.inviteCode);
    const forbidden = { error: { code: 'forbidden', message: 'Only an admin of your label can do this.' } };

    for (const res of [
      await getTeam(member),
      await setRole(member, member.reviewer.id, true),
      await setRole(member, admin.reviewer.id, false),
      await removeMember(member, admin.reviewer.id),
      await regenerate(member),
      await invite(member, uniqueEmail('friend')),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    expect((await me(member)).reviewer?.is_admin).toBe(false);
    expect((await me(admin)).reviewer).toMatchObject({
      is_admin: true,
      organization_id: admin.organization.id,
    });
    expect((await me(admin)).organization?.invite_code).toBe(admin.inviteCode);
  });

  it('lets an admin promote a member, who can then administer the team, and demote them again', async () => {
    const admin = await adminWithLabel(server.app);
    const member = await memberOf(server.app, admin.inviteCode);

    const promoted = await setRole(admin, member.reviewer.id, true);
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json<TeamMemberDto>()).toMatchObject({
      id: member.reviewer.id,
      is_admin: true,
      is_me: false,
    });
    expect((await me(member)).reviewer?.is_admin).toBe(true);
    expect((await getTeam(member)).statusCode).toBe(200);

    const demoted = await setRole(admin, member.reviewer.id, false);
    expect(demoted.statusCode).toBe(200);
    expect((await me(member)).reviewer?.is_admin).toBe(false);
    expect((await getTeam(member)).statusCode).toBe(403);
  });

  it('refuses a bad body with a clear message', async () => {
    const admin = await adminWithLabel(server.app);
    const res = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/team/members/${admin.reviewer.id}`,
      headers: admin.headers,
      payload: { is_admin: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('is_admin: must be true or false');
  });
});

describe('the last admin', () => {
  it('cannot be demoted or removed while nobody else is an admin', async () => {
    const admin = await adminWithLabel(server.app);
    const member = await memberOf(server.app, admin.inviteCode);
    const lastAdmin = { error: { code: 'conflict', message: TEAM_MESSAGES.lastAdmin } };

    const demote = await setRole(admin, admin.reviewer.id, false);
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual(lastAdmin);
    const remove = await removeMember(admin, admin.reviewer.id);
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toEqual(lastAdmin);
    expect((await me(admin)).reviewer).toMatchObject({
      is_admin: true,
      organization_id: admin.organization.id,
    });

    // With a second admin, the first may step down, and the second is then the last.
    expect((await setRole(admin, member.reviewer.id, true)).statusCode).toBe(200);
    expect((await setRole(admin, admin.reviewer.id, false)).statusCode).toBe(200);
    expect((await setRole(member, member.reviewer.id, false)).json()).toEqual(lastAdmin);
  });

  it('survives two admins demoting each other at the same moment', async () => {
    const first = await adminWithLabel(server.app);
    const second = await memberOf(server.app, first.inviteCode);
    expect((await setRole(first, second.reviewer.id, true)).statusCode).toBe(200);

    const results = await Promise.all([
      setRole(first, second.reviewer.id, false),
      setRole(second, first.reviewer.id, false),
    ]);
    // One wins; the other is refused as no longer an admin (403) or as the last admin (409),
    // depending on which check it reaches first.
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const team = (await getTeam(results[0]!.statusCode === 200 ? first : second)).json<TeamDto>();
    expect(team.members.filter((m) => m.is_admin)).toHaveLength(1);
  });
});

describe('removing a member', () => {
  it('takes their access at once: no label in /me, 403 on label data, a free seat', async () => {
    const admin = await adminWithLabel(server.app);
    const member = await memberOf(server.app, admin.inviteCode);

    const res = await removeMember(admin, member.reviewer.id);
    expect(res.statusCode, res.body).toBe(204);

    const after = await me(member);
    expect(after.reviewer).toMatchObject({ id: member.reviewer.id, organization_id: null, is_admin: false });
    expect(after.organization).toBeNull();
    const labelData = await server.app.inject({
      method: 'GET',
      url: '/api/v1/reviewers',
      headers: member.headers,
    });
    expect(labelData.statusCode).toBe(403);

    const team = (await getTeam(admin)).json<TeamDto>();
    expect(team.members.map((m) => m.id)).toEqual([admin.reviewer.id]);
    expect(team.plan.member_count).toBe(1);

    // Back on onboarding, they may join again (or another label).
    expect((await joinLabel(server.app, member.token, admin.inviteCode)).reviewer.is_admin).toBe(false);
  });

  it('lets an admin remove another admin', async () => {
    const admin = await adminWithLabel(server.app);
    const other = await memberOf(server.app, admin.inviteCode);
    expect((await setRole(admin, other.reviewer.id, true)).statusCode).toBe(200);
    expect((await removeMember(admin, other.reviewer.id)).statusCode).toBe(204);
    expect((await me(other)).organization).toBeNull();
  });
});

describe("another label's members", () => {
  it('answer 404 and stay as they are', async () => {
    const admin = await adminWithLabel(server.app, 'Home Label');
    const otherAdmin = await adminWithLabel(server.app, 'Other Label');
    const otherMember = await memberOf(server.app, otherAdmin.inviteCode);
    const notFound = { error: { code: 'not_found', message: TEAM_MESSAGES.memberNotFound } };

    for (const id of [otherMember.reviewer.id, otherAdmin.reviewer.id]) {
      const promote = await setRole(admin, id, true);
      expect(promote.statusCode).toBe(404);
      expect(promote.json()).toEqual(notFound);
      const demote = await setRole(admin, id, false);
      expect(demote.statusCode).toBe(404);
      const remove = await removeMember(admin, id);
      expect(remove.statusCode).toBe(404);
      expect(remove.json()).toEqual(notFound);
    }
    expect((await me(otherMember)).reviewer).toMatchObject({
      organization_id: otherAdmin.organization.id,
      is_admin: false,
    });
    expect((await me(otherAdmin)).reviewer?.is_admin).toBe(true);
    expect((await getTeam(admin)).json<TeamDto>().members).toHaveLength(1);
  });
});

describe('the invitation code', () => {
  it('is replaced by a new one: the old code no longer joins, the new one does', async () => {
    const admin = await adminWithLabel(server.app);
    const oldCode = admin.inviteCode;

    const res = await regenerate(admin);
    expect(res.statusCode, res.body).toBe(200);
    const newCode = res.json<{ invite_code: string }>().invite_code;
    expect(newCode).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect(newCode).not.toBe(oldCode);
    expect((await getTeam(admin)).json<TeamDto>().invite_code).toBe(newCode);
    expect((await me(admin)).organization?.invite_code).toBe(newCode);

    const joiner = await signUpConfirmed(server.app);
    const refused = await joinLabelRaw(server.app, joiner.token, oldCode);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      error: { code: 'invalid_invite_code', message: ORGANIZATION_MESSAGES.invalidInviteCode },
    });
    const joined = await joinLabel(server.app, joiner.token, newCode);
    expect(joined.organization.id).toBe(admin.organization.id);
  });
});

describe('invitations by email', () => {
  it('mails the code and a join link (dev mailbox)', async () => {
    const admin = await adminWithLabel(server.app, 'Invite Records');
    const email = uniqueEmail('invitee');

    const res = await invite(admin, `  ${email} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent_to: email });

    const [mail] = await mailbox(server.app, email);
    expect(mail?.subject).toBe('Join Invite Records on Music Review');
    expect(mail?.text).toContain(`Your invitation code is ${admin.inviteCode}.`);
    expect(mail?.text).toContain(`http://app.test/organization-setup?invite_code=${admin.inviteCode}`);
    expect(mail?.html).toContain(admin.inviteCode);
  });

  it('refuses an invalid address, a current member and a full label, without mail', async () => {
    const admin = await adminWithLabel(server.app);
    const member = await memberOf(server.app, admin.inviteCode);

    const invalid = await invite(admin, 'not-an-address');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(TEAM_MESSAGES.inviteEmailInvalid);
    const blank = await invite(admin, '   ');
    expect(blank.json().error.message).toBe(TEAM_MESSAGES.inviteEmailMissing);

    const mailsBefore = (await mailbox(server.app, member.email)).length;
    const existing = await invite(admin, member.email.toUpperCase());
    expect(existing.statusCode).toBe(409);
    expect(existing.json().error.message).toBe(TEAM_MESSAGES.alreadyMember(member.email.toUpperCase()));
    expect(await mailbox(server.app, member.email)).toHaveLength(mailsBefore);

    await memberOf(server.app, admin.inviteCode); // Starter: 3 seats, now all taken
    const email = uniqueEmail('late');
    const full = await invite(admin, email);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({
      error: { code: 'user_limit_reached', message: TEAM_MESSAGES.labelFull(3) },
    });
    expect(await mailbox(server.app, email)).toHaveLength(0);
  });
});
