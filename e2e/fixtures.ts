import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

let counter = 0;
/** A unique address per call, so tests never collide (also across workers and runs). */
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.test`;
}

export const PASSWORD = 'correct-horse-9';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to an address from the dev mailbox, waiting briefly for it to arrive. */
export async function latestMail(request: APIRequestContext, to: string, subject?: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
      const mails = (await res.json()) as Mail[];
      found = mails.find((m) => !subject || subject.test(m.subject));
      return !!found;
    })
    .toBe(true);
  return found!;
}

export function linkIn(mail: Mail): string {
  const match = mail.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/);
  if (!match) throw new Error(`no link in mail: ${mail.text}`);
  return match[0];
}

/** Creates an account through the API; confirmed unless asked otherwise. */
export async function createAccount(
  request: APIRequestContext,
  options: { email?: string; name?: string; confirmed?: boolean } = {},
) {
  const email = options.email ?? uniqueEmail();
  const name = options.name ?? 'Riley Tester';
  const res = await request.post('/auth/v1/signup', { data: { email, password: PASSWORD, name } });
  expect(res.status(), await res.text()).toBe(200);
  if (options.confirmed !== false) {
    const link = linkIn(await latestMail(request, email));
    // Confirm without following the redirect (the API context keeps no browser session).
    const confirm = await request.get(link, { maxRedirects: 0 });
    expect(confirm.status()).toBe(302);
  }
  return { email, name, password: PASSWORD };
}

/** Signs in through the API and returns the access token. */
export async function apiSignIn(request: APIRequestContext, email: string, password = PASSWORD) {
  const res = await request.post('/auth/v1/token?grant_type=password', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Creates a label owned by a new confirmed account; returns its invite code. */
export async function createLabelViaApi(request: APIRequestContext, name = 'Fixture Label') {
  const owner = await createAccount(request);
  const token = await apiSignIn(request, owner.email);
  const res = await request.post('/api/v1/organizations', {
    data: { name },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { organization: { invite_code: string; id: string } };
  return { owner, inviteCode: body.organization.invite_code, organizationId: body.organization.id };
}

/** Signs in through the login screen. */
export async function signInThroughUi(page: Page, email: string, password = PASSWORD) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export const test = base;
export { expect };
