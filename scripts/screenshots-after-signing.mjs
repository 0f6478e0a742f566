// npm run screenshots:after-signing: issue 6's screens (Signed Songs, every tab of a signed song and
// every public token page) in dark and light, at 375 px and 1280 px, into ./screenshots/ (git-ignored)
// as <screen>-<theme>-<width>.png, plus <screen>-full-... for the long pages. Needs the app running:
// BASE_URL (default http://localhost:3000), with the demo data ('Harbour Lights', 'Paper Moons',
// 'Summer Static'). Public tokens are shown once, so the script makes new links through the API as
// the admin (each run withdraws the links made before it; the label copy is generated when it was
// not yet).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM } from './ensure-chromium.mjs';
import { ROOT } from './lib.mjs';

const BASE = process.env.BASE_URL ?? 'http://localhost:3000';
const OUT = join(ROOT, 'screenshots');
mkdirSync(OUT, { recursive: true });

const ADMIN = { email: 'admin@demo.test', password: 'demo-password' };
const TABS = [
  'overview',
  'contracts',
  'release-assets',
  'artist-assets',
  'marketing',
  'label-copy',
  'project-folder',
  'chat',
  'metadata',
];

// ---- the API, as the admin ----------------------------------------------------------------------

const session = await (
  await fetch(`${BASE}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
).json();
if (!session.access_token) throw new Error(`Could not sign in as ${ADMIN.email}: ${JSON.stringify(session)}`);

async function api(method, path, body) {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${session.access_token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const { songs } = await api('GET', '/api/v1/signed-songs?limit=100');
const song = (title) => {
  const found = songs.find((s) => s.title === title);
  if (!found) throw new Error(`The demo song '${title}' is missing: run the app with SEED_DEMO=true.`);
  return found;
};
const harbour = song('Harbour Lights');
const paper = song('Paper Moons');
const summer = song('Summer Static');

/** Every public page with a valid link, as { name: path }, plus one made-up token. */
async function publicLinks() {
  const links = {};
  // Contract signing and declining: a contract still out for signature (Paper Moons' in the demo).
  let contracts = [harbour, paper, summer].map((s) => s.id);
  contracts = (await Promise.all(contracts.map((id) => api('GET', `/api/v1/songs/${id}/contracts`)))).flat();
  const open = contracts.find((c) => c.status === 'sent' && c.signers.some((s) => s.status === 'pending'));
  if (open) {
    const signer = open.signers.find((s) => s.status === 'pending');
    const made = await api('POST', `/api/v1/contracts/${open.id}/signers/${signer.id}/links`);
    links['public-contract-signing'] = new URL(made.sign_url).pathname + new URL(made.sign_url).search;
    links['public-deny-signing'] = new URL(made.decline_url).pathname;
  } else console.warn('No contract waiting for a signature: the signing pages are left out.');

  // The metadata form as the artist fills it in (a draft: the first run adds one to Paper Moons, a
  // second recording version, and later runs reuse it) and as sent (locked, Paper Moons' own).
  const forms = (
    await Promise.all([paper, harbour].map((s) => api('GET', `/api/v1/songs/${s.id}/metadata-forms`)))
  ).flatMap((r) => r.forms);
  const draftForm =
    forms.find((f) => f.status === 'draft') ??
    (await api('POST', `/api/v1/songs/${paper.id}/metadata-forms`)).form;
  const draftPath = (await api('POST', `/api/v1/metadata-forms/${draftForm.id}/link`)).path;
  links['public-metadata'] = draftPath;
  const sentForm = forms.find((f) => f.status === 'submitted') ?? forms.find((f) => f.status === 'confirmed');
  // Half filled in, as an artist leaves it: the sent form's people, no codes or details yet.
  if (sentForm) {
    const { title, primary_artists, featured_artists, writers, publishers } = sentForm.data;
    const data = { ...draftForm.data, title, primary_artists, featured_artists, writers, publishers };
    const token = draftPath.split('/').pop();
    const saved = await fetch(`${BASE}/api/v1/public/metadata-forms/${token}/draft`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data }),
    });
    if (!saved.ok)
      console.warn(`Could not fill in the metadata draft: ${saved.status} ${await saved.text()}`);
  }
  if (sentForm)
    links['public-metadata-submitted'] = (
      await api('POST', `/api/v1/metadata-forms/${sentForm.id}/link`)
    ).path;

  // Label copy: the artist's form needs a copy that is not final; the share and the generator
  // views use the final one (generated first when it was not yet).
  const copies = (
    await Promise.all([paper, harbour].map((s) => api('GET', `/api/v1/songs/${s.id}/label-copy`)))
  )
    .map((r) => r.label_copy)
    .filter(Boolean);
  const draft = copies.find((c) => c.status !== 'final');
  const final = copies.find((c) => c.status === 'final') ?? copies[0];
  const copyLink = async (copy, purpose) =>
    (await api('POST', `/api/v1/label-copies/${copy.id}/links`, { purpose })).path;
  if (draft) links['public-label-copy-form'] = await copyLink(draft, 'label_copy_form');
  if (final) {
    links['public-label-copy'] = await copyLink(final, 'label_copy_share');
    if (!final.generated_at) await api('POST', `/api/v1/label-copies/${final.id}/generate`);
    links['public-label-copy-generator'] = await copyLink(final, 'label_copy_generator');
  }

  // Marketing: the song's questionnaire and the label-wide intake.
  const questionnaire = await api('POST', `/api/v1/songs/${harbour.id}/marketing/questionnaire/links`);
  links['public-marketing'] = questionnaire.path ?? new URL(questionnaire.url).pathname;
  const general = await api('POST', '/api/v1/marketing/general/links');
  links['public-marketing-general'] = general.path ?? new URL(general.url).pathname;

  links['public-dead-link'] = '/metadata/this-link-does-not-exist';
  return links;
}

// ---- the shots ----------------------------------------------------------------------------------

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

async function signIn(page) {
  await page.goto(`${BASE}/`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}

/** Lets the page's requests and lazy chunks settle (never fails: realtime keeps a socket open). */
async function settle(page, ms = 700) {
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  await page.waitForTimeout(ms);
}

const links = await publicLinks();
for (const theme of ['dark', 'light']) {
  for (const width of [375, 1280]) {
    const viewport = { width, height: width < 768 ? 812 : 800 };
    const context = await browser.newContext({ viewport });
    await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
    /** The viewport and, with `full`, the whole page too, as `<name>[-full]-<theme>-<width>.png`. */
    const shot = async (name, { full = true } = {}) => {
      await settle(page);
      await page.screenshot({ path: join(OUT, `${name}-${theme}-${width}.png`) });
      if (full)
        await page.screenshot({ path: join(OUT, `${name}-full-${theme}-${width}.png`), fullPage: true });
    };

    await signIn(page);
    await page.goto(`${BASE}/signed-songs`);
    await page.getByRole('heading', { name: 'Signed Songs' }).waitFor();
    await shot('signed-songs');
    await page.goto(`${BASE}/signed-songs?stage=contract`);
    await page.getByRole('heading', { name: 'Signed Songs' }).waitFor();
    await shot('signed-songs-stage-contract');
    await page.goto(`${BASE}/signed-songs/metadata`);
    await shot('signed-songs-metadata');

    for (const tab of TABS) {
      await page.goto(`${BASE}/signed-songs/${harbour.id}/${tab}`);
      await page.getByRole('heading', { name: 'Harbour Lights' }).first().waitFor();
      await shot(`harbour-lights-${tab}`);
    }
    for (const tab of ['overview', 'contracts']) {
      await page.goto(`${BASE}/signed-songs/${summer.id}/${tab}`);
      await page.getByRole('heading', { name: 'Summer Static' }).first().waitFor();
      await shot(`summer-static-${tab}`);
    }
    await context.close();

    // The outsider's side: the public pages, signed out.
    const outsider = await browser.newContext({ viewport });
    await outsider.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
    const publicPage = await outsider.newPage();
    for (const [name, path] of Object.entries(links)) {
      await publicPage.goto(`${BASE}${path}`);
      await publicPage.getByRole('heading').first().waitFor();
      await settle(publicPage);
      await publicPage.screenshot({ path: join(OUT, `${name}-${theme}-${width}.png`) });
      await publicPage.screenshot({ path: join(OUT, `${name}-full-${theme}-${width}.png`), fullPage: true });
    }
    await outsider.close();
  }
}
await browser.close();
console.info(`Screenshots in ${OUT}`);
