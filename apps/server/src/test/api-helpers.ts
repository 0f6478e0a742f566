/**
 * Shared helpers for HTTP integration tests: drive the real app through app.inject().
 * Helpers named for an outcome (signUp, signIn, createLabel...) expect success and throw with the
 * response body otherwise; the *Raw ones return the response for the test to judge.
 */

import type { OrganizationDto, ReviewerDto } from '@music-review/core/api';
import type { AuthSession, AuthUser } from '@music-review/core/auth';
import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/index.ts';
import type { App } from '../platform/http.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export interface Membership {
  organization: OrganizationDto;
  reviewer: ReviewerDto;
}

export const DEFAULT_PASSWORD = 'correct-horse-battery';

let counter = 0;
/** A unique email for this test run, e.g. user-1-k3j2@example.test. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** Address the next request comes from; each call gives a fresh one so per-address limits stay apart. */
let ipCounter = 0;
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export const authHeader = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

function fail(what: string, res: { statusCode: number; body: string }): never {
  throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
}

export interface SignUpInput {
  email?: string;
  password?: string;
  name?: string;
  remoteAddress?: string;
}

/** POST /auth/v1/signup; returns the created (unconfirmed) user and the credentials used. */
export async function signUp(app: App, input: SignUpInput = {}) {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? DEFAULT_PASSWORD;
  const name = input.name ?? `Tester ${email.split('@')[0]}`;
  const res = await app.inject({
    method: 'POST',
    url: '/auth/v1/signup',
    payload: { email, password, name },
    remoteAddress: input.remoteAddress ?? uniqueIp(),
  });
  if (res.statusCode !== 200) fail(`sign-up of ${email}`, res);
  return { user: res.json<{ user: AuthUser }>().user, email, password, name };
}

/** GET /api/dev/mailbox, newest first; optionally only mail to one address. */
export async function mailbox(app: App, to?: string): Promise<Mail[]> {
  const res = await app.inject({ method: 'GET', url: '/api/dev/mailbox', query: to ? { to } : {} });
  if (res.statusCode !== 200) fail('reading the dev mailbox', res);
  return res.json<Mail[]>();
}

/** The newest emailed auth link of a type for an address, or null when there is none. */
export async function latestLink(
  app: App,
  email: string,
  type: 'signup' | 'recovery' = 'signup',
): Promise<string | null> {
  for (const mail of await mailbox(app, email)) {
    const match = mail.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/);
    if (match && new URL(match[0]).searchParams.get('type') === type) return match[0];
  }
  return null;
}

/** The path + query of an emailed link, ready for app.inject(). */
export function linkPath(link: string): string {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
}

/** Opens an emailed link like a browser would; returns the raw response (a redirect). */
export async function openLink(app: App, link: string, remoteAddress = uniqueIp()) {
  return app.inject({ method: 'GET', url: linkPath(link), remoteAddress });
}

/** Opens the newest link emailed to the address (signup by default); returns the refresh cookie. */
export async function confirmFromMailbox(
  app: App,
  email: string,
  type: 'signup' | 'recovery' = 'signup',
): Promise<{ location: string; refreshCookie: string }> {
  const link = await latestLink(app, email, type);
  if (!link) throw new Error(`no ${type} link mailed to ${email}`);
  const res = await openLink(app, link);
  const cookie = res.cookies.find((c) => c.name === 'mr_refresh');
  if (res.statusCode !== 302 || !cookie) fail(`opening the ${type} link of ${email}`, res);
  return { location: String(res.headers.location), refreshCookie: cookie.value };
}

/** POST /auth/v1/token?grant_type=password; returns the raw response. */
export async function signInRaw(app: App, email: string, password: string, remoteAddress = uniqueIp()) {
  return app.inject({
    method: 'POST',
    url: '/auth/v1/token',
    query: { grant_type: 'password' },
    payload: { email, password },
    remoteAddress,
  });
}

/** Signs in and returns the session (expects 200). */
export async function signIn(app: App, email: string, password = DEFAULT_PASSWORD): Promise<AuthSession> {
  const res = await signInRaw(app, email, password);
  if (res.statusCode !== 200) fail(`sign-in of ${email}`, res);
  return res.json<AuthSession>();
}

/** POST /auth/v1/token?grant_type=refresh_token with a body token; returns the raw response. */
export async function refreshRaw(app: App, refreshToken: string, remoteAddress = uniqueIp()) {
  return app.inject({
    method: 'POST',
    url: '/auth/v1/token',
    query: { grant_type: 'refresh_token' },
    payload: { refresh_token: refreshToken },
    remoteAddress,
  });
}

/** Refresh using only the mr_refresh cookie (no body), as the browser does. */
export async function refreshWithCookie(app: App, refreshToken: string, remoteAddress = uniqueIp()) {
  return app.inject({
    method: 'POST',
    url: '/auth/v1/token',
    query: { grant_type: 'refresh_token' },
    cookies: { mr_refresh: refreshToken },
    remoteAddress,
  });
}

/** The mr_refresh cookie a response sets, if any. */
export function refreshCookieOf<C extends { name: string; value: string }>(res: { cookies: C[] }) {
  return res.cookies.find((c) => c.name === 'mr_refresh');
}

/** GET /api/v1/me; returns the raw response. */
export async function getMe(app: App, token: string) {
  return app.inject({ method: 'GET', url: '/api/v1/me', headers: authHeader(token) });
}

export interface TestUser {
  user: AuthUser;
  email: string;
  password: string;
  name: string;
  session: AuthSession;
  token: string;
  headers: { authorization: string };
}

/** Signs up, confirms via the mailed link, and signs in: a ready-to-use account. */
export async function signUpConfirmed(app: App, input: SignUpInput = {}): Promise<TestUser> {
  const created = await signUp(app, input);
  await confirmFromMailbox(app, created.email);
  const session = await signIn(app, created.email, created.password);
  return {
    ...created,
    user: session.user,
    session,
    token: session.access_token,
    headers: authHeader(session.access_token),
  };
}

/** POST /api/v1/organizations; returns the raw response. */
export async function createLabelRaw(app: App, token: string, name: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: authHeader(token),
    payload: { name },
  });
}

/** Creates a label (expects 201); the caller becomes its admin. */
export async function createLabel(app: App, token: string, name = `Label ${++counter}`): Promise<Membership> {
  const res = await createLabelRaw(app, token, name);
  if (res.statusCode !== 201) fail(`creating label ${name}`, res);
  return res.json<Membership>();
}

/** POST /api/v1/organizations/join; returns the raw response. */
export async function joinLabelRaw(app: App, token: string, inviteCode: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/organizations/join',
    headers: authHeader(token),
    payload: { invite_code: inviteCode },
  });
}

/** Joins a label by invite code (expects 200). */
export async function joinLabel(app: App, token: string, inviteCode: string): Promise<Membership> {
  const res = await joinLabelRaw(app, token, inviteCode);
  if (res.statusCode !== 200) fail(`joining with code ${inviteCode}`, res);
  return res.json<Membership>();
}

/** A confirmed, signed-in admin of a new label. */
export async function adminWithLabel(app: App, labelName?: string) {
  const admin = await signUpConfirmed(app);
  const membership = await createLabel(app, admin.token, labelName);
  return { ...admin, ...membership, inviteCode: membership.organization.invite_code! };
}

/** A confirmed, signed-in member who joined the label with the invite code. */
export async function memberOf(app: App, inviteCode: string) {
  const member = await signUpConfirmed(app);
  const membership = await joinLabel(app, member.token, inviteCode);
  return { ...member, ...membership };
}

/** Uploads a file the way the web app does: presign, then PUT to the signed URL. Returns the key. */
export async function uploadViaPresignedUrl(
  app: App,
  headers: { authorization: string },
  input: { type: string; id: string; filename: string; contentType: string; body: Buffer },
) {
  const presign = await app.inject({
    method: 'POST',
    url: '/functions/v1/generate-presigned-url',
    headers,
    payload: {
      orgName: 'Label',
      type: input.type,
      id: input.id,
      filename: input.filename,
      contentType: input.contentType,
    },
  });
  if (presign.statusCode !== 200) fail('presigning an upload', presign);
  const { presignedUrl, key } = presign.json<{ data: { presignedUrl: string; key: string } }>().data;
  const url = new URL(presignedUrl);
  const put = await app.inject({
    method: 'PUT',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': input.contentType },
    payload: input.body,
  });
  if (put.statusCode !== 200) fail('uploading through the presigned URL', put);
  return key;
}

/** Moves a label to a plan (Starter, Pro, Label): tests of gated features (the catalogue...). */
export async function setPlan(database: Database, organizationId: string, plan: 'Starter' | 'Pro' | 'Label') {
  await database.asOwner('tests move a label to another plan').execute(
    sql`update organizations set subscription_plan_id = (select id from subscription_plans where name = ${plan})
          where id = ${organizationId}`,
  );
}
