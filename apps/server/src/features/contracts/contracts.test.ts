import { createHash, randomUUID } from 'node:crypto';
import type { ContractDetailDto, ContractTerms, SentContractDto } from '@music-review/core/contracts';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, authHeader, mailbox, memberOf, uniqueIp } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { insertSignedSong } from '../../test/songs.ts';
import { insertSong } from '../songs/songs.factory.ts';
import { seedContractsDemo } from './contracts.demo.ts';
import { signedKey, stepKey } from './contracts.service.ts';

type Label = Awaited<ReturnType<typeof adminWithLabel>>;

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const terms = (overrides: Partial<ContractTerms> = {}): ContractTerms => ({
  parties: [
    { name: 'Test Label', role: 'Label', email: 'legal@label.test' },
    { name: 'Mara Lind', role: 'Artist', email: 'mara@artist.test' },
  ],
  artist_name: 'Mara Lind',
  term: '3 years',
  territory: 'Worldwide',
  royalty_rate: 18,
  advance_cents: 250000,
  currency: 'EUR',
  writers: [
    { name: 'Mara Lind', share: 60 },
    { name: 'Jon Hale', share: 40 },
  ],
  effective_date: '2026-03-01',
  ...overrides,
});

describe('contracts', () => {
  let server: TestServer;
  let pro: Label;
  let starter: Label;
  let proMember: Awaited<ReturnType<typeof memberOf>>;

  const api = (
    label: { token: string },
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => server.app.inject({ method, url, headers: authHeader(label.token), ...(payload ? { payload } : {}) });
  const pub = (method: 'GET' | 'POST', url: string, payload?: unknown, ip = uniqueIp()) =>
    server.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { 'user-agent': `Signer browser ${ip}` },
      ...(payload ? { payload } : {}),
    });
  const signedSong = (label: Label, title = 'Night Drive') =>
    insertSignedSong(server, label.organization.id, { title, artist: 'Mara Lind' });
  const generate = async (label: Label, songId: string, body: Record<string, unknown> = {}) =>
    api(label, 'POST', `/api/v1/songs/${songId}/contracts`, {
      template_id: 'default-recording_agreement',
      title: 'Recording agreement',
      terms: terms(),
      ...body,
    });
  const bytesAt = async (url: string) => {
    const u = new URL(url);
    const res = await server.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
    expect(res.statusCode).toBe(200);
    return new Uint8Array(res.rawPayload);
  };
  const stored = async (key: string) => {
    const { url } = await server.ctx.storage.driver.signedGetUrl(key, 60);
    return bytesAt(url);
  };
  const tokenOf = (url: string) =>
    new URL(url).searchParams.get('token') ?? new URL(url).pathname.split('/').pop()!;
  const sendTo = async (label: Label, contractId: string, count: number) => {
    const res = await api(label, 'POST', `/api/v1/contracts/${contractId}/send`, {
      signers: Array.from({ length: count }, (_, i) => ({
        name: `Signer ${i + 1}`,
        email: `signer${i + 1}.${contractId.slice(0, 8)}@artist.test`,
        role: i === 0 ? 'Artist' : 'Producer',
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SentContractDto>();
  };
  const draft = async (label: Label) => {
    const song = await signedSong(label);
    const res = await generate(label, song.id);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ContractDetailDto>();
  };
  const sign = (contractId: string, token: string, ip = uniqueIp(), extra: Record<string, unknown> = {}) =>
    pub(
      'POST',
      `/api/v1/public/contracts/${contractId}/sign`,
      { token, signature_kind: 'typed', signature_text: 'Signer', agree: true, ...extra },
      ip,
    );

  beforeAll(async () => {
    server = await createTestServer();
    [pro, starter] = await Promise.all([
      adminWithLabel(server.app, 'Pro Records'),
      adminWithLabel(server.app, 'Starter Records'),
    ]);
    proMember = await memberOf(server.app, pro.inviteCode);
    await server.database.global.execute(
      sql`update organizations set subscription_plan_id = (select id from subscription_plans where name = 'Pro')
          where id = ${pro.organization.id}`,
    );
  });
  afterAll(() => server.close());

  it('lists the built-in templates, saves the label’s own, and reports unknown placeholders', async () => {
    const list = await api(pro, 'GET', '/api/v1/contract-templates');
    expect(list.json().map((t: { id: string }) => t.id)).toEqual([
      'default-recording_agreement',
      'default-license',
      'default-split_sheet',
    ]);
    const bad = await api(pro, 'POST', '/api/v1/contract-templates', {
      kind: 'license',
      name: 'Short license',
      body: 'Pay {{royality_rate}} to {{artist_name}}',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^body: unknown placeholders \{\{royality_rate\}\}/);

    const created = await api(pro, 'POST', '/api/v1/contract-templates', {
      kind: 'license',
      name: 'Short license',
      body: '{{label_name}} licenses "{{song_title}}" from {{artist_name}} at {{royalty_rate}}.',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const edited = await api(pro, 'PUT', `/api/v1/contract-templates/${id}`, {
      kind: 'license',
      name: 'Short license v2',
      body: '{{label_name}} licenses "{{song_title}}" from {{artist_name}} at {{royalty_rate}} for {{term}}.',
    });
    expect(edited.json().name).toBe('Short license v2');

    // The label's own template fills in.
    const song = await signedSong(pro, 'Glass Hours');
    const made = await generate(pro, song.id, { template_id: id, title: 'License' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().body_text).toBe(
      'Pro Records licenses "Glass Hours" from Mara Lind at 18% for 3 years.',
    );

    // Another label can neither see, change nor delete it.
    expect((await api(starter, 'GET', '/api/v1/contract-templates')).json()).toHaveLength(3);
    expect((await api(starter, 'PUT', `/api/v1/contract-templates/${id}`, edited.json())).statusCode).toBe(
      404,
    );
    expect((await api(starter, 'DELETE', `/api/v1/contract-templates/${id}`)).statusCode).toBe(404);
    expect((await api(pro, 'DELETE', `/api/v1/contract-templates/${id}`)).statusCode).toBe(204);
  });

  it('generates only for a signed song, with shares totalling 100, and keeps other labels out', async () => {
    const pending = await server.database.withOrg(pro.organization.id, (tx) =>
      insertSong(tx, { organizationId: pro.organization.id, title: 'Demo', artist: 'X' }),
    );
    const unsigned = await generate(pro, pending.id);
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().error.message).toMatch(/not signed yet/);

    const song = await signedSong(pro);
    const shares = await generate(pro, song.id, {
      terms: terms({
        writers: [
          { name: 'A', share: 50 },
          { name: 'B', share: 45 },
        ],
      }),
    });
    expect(shares.statusCode).toBe(400);
    expect(shares.json().error.message).toBe('terms.writers: Shares must total 100%; they total 95%');
    const royalty = await generate(pro, song.id, { terms: terms({ royalty_rate: 120 }) });
    expect(royalty.json().error.message).toMatch(/^terms\.royalty_rate: /);

    const contract = (await generate(pro, song.id)).json<ContractDetailDto>();
    expect(contract.status).toBe('draft');
    expect(contract.body_text).toContain('royalty of 18% of the Label');
    expect(contract.body_text).toContain('- Jon Hale: 40%');
    expect(contract.events.map((e) => e.action)).toEqual(['created']);
    const pdf = await stored(`${pro.organization.id}/documents/${contract.id}/contract.pdf`);
    expect(sha(pdf)).toBe(contract.document_sha256);

    // Another label: 404 for the song, the contract and every action on it.
    expect((await generate(starter, song.id)).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', `/api/v1/contracts/${contract.id}`],
      ['GET', `/api/v1/songs/${song.id}/contracts`],
      ['PUT', `/api/v1/contracts/${contract.id}`],
      ['DELETE', `/api/v1/contracts/${contract.id}`],
      ['POST', `/api/v1/contracts/${contract.id}/send`],
      ['POST', `/api/v1/contracts/${contract.id}/void`],
      ['GET', `/api/v1/contracts/${contract.id}/download`],
    ] as const) {
      const payload =
        method === 'PUT'
          ? { template_id: 'default-license', title: 'T', terms: terms() }
          : url.endsWith('/send')
            ? { signers: [{ name: 'X', email: 'x@x.test', role: 'Artist' }] }
            : undefined;
      const res = await api(starter, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // The draft is edited by its own label: text and PDF rendered again.
    const edited = await api(pro, 'PUT', `/api/v1/contracts/${contract.id}`, {
      template_id: 'default-split_sheet',
      title: 'Split sheet',
      terms: terms(),
    });
    expect(edited.json().kind).toBe('split_sheet');
    expect(edited.json().events.map((e: { action: string }) => e.action)).toEqual(['created', 'edited']);
  });

  it('gives Starter one contract, then refuses; Pro generates freely', async () => {
    const access = await api(starter, 'GET', '/api/v1/contracts/generator');
    expect(access.json()).toMatchObject({
      allowed: true,
      is_trial: true,
      message: 'Starter plan: 1 free contract. Upgrade for unlimited contracts.',
    });
    const song = await signedSong(starter);
    expect((await generate(starter, song.id)).statusCode).toBe(201);
    const refused = await generate(starter, song.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'plan_required',
      message: expect.stringMatching(/Upgrade your plan/),
    });
    expect((await api(starter, 'GET', '/api/v1/contracts/generator')).json()).toMatchObject({
      allowed: false,
    });

    const proSong = await signedSong(pro);
    for (let i = 0; i < 3; i++) expect((await generate(pro, proSong.id)).statusCode).toBe(201);
    expect((await api(pro, 'GET', `/api/v1/songs/${proSong.id}/contracts`)).json()).toHaveLength(3);
  });

  it('is signed by two signers into a PDF whose hash chain verifies, with a certificate page', async () => {
    const contract = await draft(pro);
    const sent = await sendTo(pro, contract.id, 2);
    expect(sent.contract.status).toBe('sent');
    expect(sent.links).toHaveLength(2);
    // Each signer is mailed their own signing and decline links.
    const mail = await mailbox(server.app, sent.links[0]!.email);
    expect(mail[0]!.text).toContain(sent.links[0]!.sign_url);
    expect(mail[0]!.text).toContain(sent.links[0]!.decline_url);
    expect(sent.links[0]!.sign_url).toMatch(new RegExp(`^http://app.test/contracts/${contract.id}\\?token=`));

    const [first, second] = sent.links.map((l) => tokenOf(l.sign_url)) as [string, string];
    const view = await pub('GET', `/api/v1/public/contracts/${contract.id}?token=${first}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      label_name: 'Pro Records',
      song_title: 'Night Drive',
      signer: { name: 'Signer 1', status: 'pending' },
      signers: [{ name: 'Signer 1' }, { name: 'Signer 2' }],
    });
    expect(sha(await bytesAt(view.json().document_url))).toBe(sent.contract.document_sha256);

    const one = await sign(contract.id, first, '198.51.100.1');
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ status: 'partially_signed', signed_document_url: null });
    const two = await sign(contract.id, second, '198.51.100.2', {
      signature_kind: 'drawn',
      signature_text: undefined,
      signature_image: PNG,
    });
    expect(two.json().status).toBe('signed');
    expect(two.json().signed_document_url).toMatch(/^http:\/\/app.test\//);

    const done = (await api(pro, 'GET', `/api/v1/contracts/${contract.id}`)).json<ContractDetailDto>();
    expect(done.status).toBe('signed');
    expect(done.completed_at).not.toBeNull();
    expect(done.signers.map((s) => [s.status, s.signature_kind])).toEqual([
      ['signed', 'typed'],
      ['signed', 'drawn'],
    ]);
    // The audit trail: every step, signers with their address and browser.
    expect(done.events.map((e) => e.action)).toEqual([
      'created',
      'sent',
      'viewed',
      'signed',
      'signed',
      'completed',
    ]);
    const signedEvents = done.events.filter((e) => e.action === 'signed');
    expect(signedEvents.map((e) => [e.actor_name, e.ip, e.user_agent])).toEqual([
      ['Signer 1', '198.51.100.1', 'Signer browser 198.51.100.1'],
      ['Signer 2', '198.51.100.2', 'Signer browser 198.51.100.2'],
    ]);
    // The chain: starts at the document as sent; each step starts where the previous ended.
    const chain = done.events.filter((e) => e.action === 'signed' || e.action === 'completed');
    expect(chain[0]!.hash_before).toBe(done.document_sha256);
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.hash_before).toBe(chain[i - 1]!.hash_after);
    const org = pro.organization.id;
    expect(sha(await stored(stepKey(org, contract.id, 1)))).toBe(chain[0]!.hash_after);
    expect(sha(await stored(stepKey(org, contract.id, 2)))).toBe(chain[1]!.hash_after);
    // The signed PDF: its stored hash, the last step, and one more page (the certificate).
    const signedPdf = await stored(signedKey(org, contract.id));
    expect(sha(signedPdf)).toBe(done.signed_sha256);
    expect(chain.at(-1)!.hash_after).toBe(done.signed_sha256);
    expect(sha(await bytesAt(two.json().signed_document_url))).toBe(done.signed_sha256);
    const stepPages = (await PDFDocument.load(await stored(stepKey(org, contract.id, 2)))).getPageCount();
    const signedDoc = await PDFDocument.load(signedPdf);
    expect(signedDoc.getPageCount()).toBeGreaterThan(stepPages);
    const { pages } = await pdfText(signedPdf);
    const certificate = pages.slice(stepPages).join('\n');
    for (const text of ['Certificate of completion', 'Signer 2 <signer2.', '198.51.100.2']) {
      expect(certificate, text).toContain(text);
    }
    // Every hash of the chain is printed whole, on a line of its own.
    const lines = certificate.split('\n');
    for (const hash of [done.document_sha256!, ...chain.slice(0, -1).map((e) => e.hash_after!)]) {
      expect(lines, hash).toContain(hash);
    }

    // The label's members (and the creator) were told of each signature.
    const bell = await queryRows<{ recipient_id: string; message: string }>(
      server.database.global,
      sql`select recipient_id, message from notifications where organization_id = ${org} and type = 'contract_signed'
          and song_id = ${done.song_id} order by created_at`,
    );
    expect(bell.map((n) => n.message)).toEqual(
      expect.arrayContaining([
        'Signer 1 signed "Recording agreement" (1 of 2)',
        'Signer 2 signed "Recording agreement": every signer has signed',
      ]),
    );
    expect(new Set(bell.map((n) => n.recipient_id))).toEqual(
      new Set([pro.reviewer.id, proMember.reviewer.id]),
    );

    // A used link is gone, and the download URLs are the label's.
    expect((await sign(contract.id, first)).statusCode).toBe(410);
    const download = await api(pro, 'GET', `/api/v1/contracts/${contract.id}/download?which=signed`);
    expect(sha(await bytesAt(download.json().url))).toBe(done.signed_sha256);
  });

  it('prints names in any script exactly, in the contract, its signature page, certificate and title', async () => {
    const artist = '山田 花子 & Grzegorz Brzęczyszczykiewicz';
    const song = await insertSignedSong(server, pro.organization.id, { title: 'Ночь', artist });
    const title = `Recording agreement: ${artist}`;
    const res = await generate(pro, song.id, {
      title,
      terms: terms({
        artist_name: artist,
        parties: [
          { name: 'Σωκράτης', role: 'Label', email: 'label@label.test' },
          { name: artist, role: 'Artist', email: 'hanako@artist.test' },
        ],
        writers: [
          { name: 'Пётр Чайковский', share: 60 },
          { name: '山田 花子', share: 40 },
        ],
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const contract = res.json<ContractDetailDto>();
    const sent = await api(pro, 'POST', `/api/v1/contracts/${contract.id}/send`, {
      signers: [
        { name: artist, email: 'hanako@artist.test', role: 'Artist' },
        { name: 'Пётр Чайковский', email: 'petr@artist.test', role: 'Producer' },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [hanako, petr] = sent.json<SentContractDto>().links.map((l) => tokenOf(l.sign_url)) as [
      string,
      string,
    ];
    expect((await sign(contract.id, hanako, uniqueIp(), { signature_text: '山田 花子' })).statusCode).toBe(
      200,
    );
    const last = await sign(contract.id, petr, uniqueIp(), { signature_text: 'Пётр Чайковский' });
    expect(last.statusCode, last.body).toBe(200);

    const done = (await api(pro, 'GET', `/api/v1/contracts/${contract.id}`)).json<ContractDetailDto>();
    const signedPdf = await stored(signedKey(pro.organization.id, contract.id));
    const { pages, title: pdfTitle } = await pdfText(signedPdf);
    expect(pdfTitle).toBe(title);
    const all = pages.join('\n');
    for (const name of [artist, 'Σωκράτης', 'Пётр Чайковский', '山田 花子', 'Ночь']) {
      expect(all, name).toContain(name);
    }
    // The signature page: both typed signatures and captions.
    const signaturePage = pages.find((p) => p.startsWith('Signatures'))!;
    expect(signaturePage).toContain(`${artist} (Artist) · hanako@artist.test`);
    expect(signaturePage.split('\n')).toEqual(expect.arrayContaining(['山田 花子', 'Пётр Чайковский']));
    // The certificate: the signers by name, every hash unbroken on its own line.
    const certificate = pages
      .slice(pages.findIndex((p) => p.startsWith('Certificate of completion')))
      .join('\n');
    expect(certificate).toContain(`${artist} <hanako@artist.test>`);
    const lines = certificate.split('\n');
    const hashes = done.events.flatMap((e) => [e.hash_before, e.hash_after]).filter((h) => h !== null);
    const printed = hashes.filter((h) => h !== done.signed_sha256);
    expect(printed.length).toBeGreaterThan(4);
    for (const hash of printed) expect(lines, hash).toContain(hash);
    // Fonts are embedded as subsets: the signed contract stays small.
    expect(signedPdf.length).toBeLessThan(300_000);
  });

  it('the public signing page and its answers name no internal id of the label', async () => {
    const contract = await draft(pro);
    const sent = await sendTo(pro, contract.id, 2);
    const [first, second] = sent.links.map((l) => tokenOf(l.sign_url)) as [string, string];
    const org = pro.organization.id;
    const signerIds = (await api(pro, 'GET', `/api/v1/contracts/${contract.id}`))
      .json<ContractDetailDto>()
      .signers.map((s) => s.id);
    const internal = [org, ...signerIds, pro.reviewer.id];
    const leaks = (body: string) => internal.filter((id) => body.includes(id));

    const view = await pub('GET', `/api/v1/public/contracts/${contract.id}?token=${first}`);
    expect(view.statusCode).toBe(200);
    expect(leaks(view.body)).toEqual([]);
    // The document still downloads, whole, from the link the page gives.
    expect(sha(await bytesAt(view.json().document_url))).toBe(sent.contract.document_sha256);
    expect((await sign(contract.id, first)).statusCode).toBe(200);
    const last = await sign(contract.id, second);
    expect(last.statusCode).toBe(200);
    expect(leaks(last.body)).toEqual([]);
    const done = (await api(pro, 'GET', `/api/v1/contracts/${contract.id}`)).json<ContractDetailDto>();
    expect(sha(await bytesAt(last.json().signed_document_url))).toBe(done.signed_sha256);
    // A link to one contract's file does not open another's, and a tampered one opens nothing.
    const url = new URL(last.json().signed_document_url);
    const other = await draft(pro);
    const forged = await server.app.inject({
      method: 'GET',
      url: `${url.pathname.replace(contract.id, other.id)}${url.search}`,
    });
    expect(forged.statusCode).toBe(403);
    url.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 60));
    expect((await server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(
      403,
    );
  });

  it('is declined with a reason; the label is told and the signing links stop working', async () => {
    const contract = await draft(pro);
    const sent = await sendTo(pro, contract.id, 2);
    const declineToken = tokenOf(sent.links[0]!.decline_url);
    const open = await pub('GET', `/api/v1/public/contract-declines/${declineToken}`);
    expect(open.json()).toMatchObject({
      title: 'Recording agreement',
      label_name: 'Pro Records',
      signer_name: 'Signer 1',
    });
    const empty = await pub('POST', `/api/v1/public/contract-declines/${declineToken}`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/^reason: /);
    const declined = await pub('POST', `/api/v1/public/contract-declines/${declineToken}`, {
      reason: 'The advance is too low.',
    });
    expect(declined.statusCode, declined.body).toBe(200);

    const after = (await api(pro, 'GET', `/api/v1/contracts/${contract.id}`)).json<ContractDetailDto>();
    expect(after).toMatchObject({ status: 'declined', decline_reason: 'The advance is too low.' });
    expect(after.events.at(-1)).toMatchObject({ action: 'declined', actor_name: 'Signer 1' });
    for (const link of sent.links) {
      const res = await sign(contract.id, tokenOf(link.sign_url));
      expect(res.statusCode).toBe(410);
      expect(res.json().error.code).toBe('link_revoked');
    }
    expect(
      (await pub('POST', `/api/v1/public/contract-declines/${declineToken}`, { reason: 'again' })).statusCode,
    ).toBe(410);
    const bell = await queryRows<{ message: string }>(
      server.database.global,
      sql`select message from notifications where organization_id = ${pro.organization.id} and type = 'contract_declined'`,
    );
    expect(bell.map((n) => n.message)).toContain(
      'Signer 1 declined to sign "Recording agreement": The advance is too low.',
    );
  });

  it('answers valid, expired, used, foreign and malformed tokens on every public route', async () => {
    const a = await draft(pro);
    const b = await draft(pro);
    const sentA = await sendTo(pro, a.id, 2);
    const sentB = await sendTo(pro, b.id, 1);
    const signA = tokenOf(sentA.links[0]!.sign_url);
    const declineA = tokenOf(sentA.links[0]!.decline_url);
    const signB = tokenOf(sentB.links[0]!.sign_url);

    const view = (contractId: string, token: string) =>
      pub('GET', `/api/v1/public/contracts/${contractId}?token=${encodeURIComponent(token)}`);
    // Valid.
    expect((await view(a.id, signA)).statusCode).toBe(200);
    expect((await pub('GET', `/api/v1/public/contract-declines/${declineA}`)).statusCode).toBe(200);
    // Foreign: another contract's token on this contract, a decline token as a signing token.
    expect((await view(a.id, signB)).statusCode).toBe(404);
    expect((await sign(a.id, signB)).statusCode).toBe(404);
    expect((await view(a.id, declineA)).statusCode).toBe(404);
    expect((await pub('GET', `/api/v1/public/contract-declines/${signA}`)).statusCode).toBe(404);
    // Malformed and unknown.
    for (const bad of ['', 'short', 'x'.repeat(43), `${signA}x`]) {
      const res = await view(a.id, bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().error.message).toMatch(/This link is not valid/);
    }
    expect((await view('not-a-uuid', signA)).statusCode).toBe(404);
    expect((await pub('GET', '/api/v1/public/contract-declines/%20')).statusCode).toBe(404);
    // Another label's contract id with this label's token: the same dead link.
    expect((await view(randomUUID(), signA)).statusCode).toBe(404);
    // Expired.
    await server.database.global.execute(
      sql`update public_links set expires_at = now() - interval '1 second'
          where organization_id = ${pro.organization.id} and record_id = ${sentB.links[0]!.signer_id}`,
    );
    const expired = await view(b.id, signB);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('link_expired');
    expect((await sign(b.id, signB)).statusCode).toBe(410);
    // Used: signed once, then the link and the signer's decline link are spent or withdrawn.
    expect((await sign(a.id, signA)).statusCode).toBe(200);
    const used = await view(a.id, signA);
    expect(used.statusCode).toBe(410);
    expect(used.json().error.code).toBe('link_used');
    expect((await pub('GET', `/api/v1/public/contract-declines/${declineA}`)).statusCode).toBe(410);
    // Voiding withdraws the other signer's links.
    expect((await api(pro, 'POST', `/api/v1/contracts/${a.id}/void`)).json().status).toBe('voided');
    expect((await view(a.id, tokenOf(sentA.links[1]!.sign_url))).statusCode).toBe(410);
    // Agreement is required; a drawn signature must be a PNG.
    const c = await draft(pro);
    const sentC = await sendTo(pro, c.id, 1);
    const noAgree = await sign(c.id, tokenOf(sentC.links[0]!.sign_url), uniqueIp(), { agree: false });
    expect(noAgree.statusCode).toBe(400);
    expect(noAgree.json().error.message).toMatch(/^agree: /);
    // A signer's fresh link replaces the old one.
    const fresh = await api(
      pro,
      'POST',
      `/api/v1/contracts/${c.id}/signers/${sentC.links[0]!.signer_id}/links`,
    );
    expect((await view(c.id, tokenOf(sentC.links[0]!.sign_url))).statusCode).toBe(410);
    expect((await view(c.id, tokenOf(fresh.json().sign_url))).statusCode).toBe(200);
  });

  it('seeds a signed demo contract with its PDFs and a sent one', async () => {
    const label = await adminWithLabel(server.app, 'Demo Seed Records');
    const org = label.organization.id;
    const songs = [await signedSong(label, 'First Light'), await signedSong(label, 'Second Wind')];
    await server.database.withOrg(org, (tx) =>
      seedContractsDemo(
        tx,
        {
          organizationId: org,
          songs: songs.map((s) => ({ id: s.id, title: s.title, artist: s.artist })),
          reviewers: [{ id: label.reviewer.id, name: 'Admin' }],
        },
        server.ctx.storage.driver,
      ),
    );
    const [signed] = (await api(label, 'GET', `/api/v1/songs/${songs[0]!.id}/contracts`)).json<
      ContractDetailDto[]
    >();
    const [sent] = (await api(label, 'GET', `/api/v1/songs/${songs[1]!.id}/contracts`)).json<
      ContractDetailDto[]
    >();
    expect([signed!.status, sent!.status]).toEqual(['signed', 'sent']);
    expect(sha(await stored(signedKey(org, signed!.id)))).toBe(signed!.signed_sha256);
    const events = (await api(label, 'GET', `/api/v1/contracts/${signed!.id}`)).json<ContractDetailDto>()
      .events;
    const chain = events.filter((e) => e.hash_before);
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.hash_before).toBe(chain[i - 1]!.hash_after);
  });
});
