/**
 * A published statement as documents (issue 16): its PDF (what a reader extracts: the figures, a
 * Cyrillic payee and a Japanese track title in the Unicode fonts), its "All sales" CSV (one row per
 * line, a formula-like title made inert), and the payee's public link: issued and mailed after
 * publishing (once), opened signed out, refused when unknown or withdrawn. PGlite and PostgreSQL.
 *
 * The worked example: receipts USD 50.00 + 30.00 (星の海) + 20.00 (=HYPERLINK…) =
 * 100.00 under two contracts (one per song) at 50 % of net, royalty 50.00; Пётр Иванов 60 % =
 * 30.00 (24.00 + 6.00), Producer Co 40 % = 20.00; no advance.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createContext } from '../../context.ts';
import { loadConfig } from '../../platform/config.ts';
import { queryRows } from '../../platform/db/index.ts';
import { createJobQueue } from '../../platform/jobs/queue.ts';
import { createMailer } from '../../platform/mail/mailer.ts';
import { mailbox } from '../../test/api-helpers.ts';
import { createTestDatabase, type TestServer } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { insertSignedSong } from '../../test/songs.ts';
import { defineRoyaltyImportJob } from './import-job.ts';
import { defineRoyaltyRunJob } from './periods.service.ts';
import { DISTROKID_HEADER, financeApi, financeLabel, tableText } from './royalties-test-helpers.ts';
import { statementDocumentRoutes } from './statement-docs.routes.ts';
import { afterPublish } from './statement-links.ts';

type Label = Awaited<ReturnType<typeof financeLabel>>;
type Line = { track_title: string; store: string; territory: string; earnings_minor: string };

const JAPANESE = '星の海';
const FORMULA = '=HYPERLINK("http://evil.test","x")';
const CYRILLIC = 'Пётр Иванов';
const ISRC_A = 'JPWEX2600001';
const ISRC_B = 'JPWEX2600002';
const UPC = '036000291452';

const dk = (month: string, store: string, isrc: string, country: string, net: string) => [
  `${month}-28`,
  month,
  store,
  'Ada Wex',
  'any',
  isrc,
  UPC,
  '1000',
  '100%',
  'Song',
  country,
  '0',
  net,
];

/**
 * The real app with the import and run jobs, and this file's routes when the app does not register
 * them yet (the lead adds them to app.ts; then they are already there).
 */
async function createServer(): Promise<TestServer> {
  const db = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://app.test',
    SEED_DEMO: 'false',
    RATE_LIMIT_PUBLIC_LINK_PER_IP: '100000',
  });
  const ctx = await createContext(config, db);
  const app = await buildApp(ctx, { serveWeb: false, logger: false });
  if (!app.hasRoute({ method: 'GET', url: '/api/v1/public/statements/:token' }))
    await statementDocumentRoutes(app, ctx);
  await app.ready();
  ctx.jobs = createJobQueue(db, {
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    sweepIntervalSeconds: 1,
  });
  defineRoyaltyImportJob(ctx);
  defineRoyaltyRunJob(ctx);
  await ctx.jobs.start();
  return {
    app,
    ctx,
    database: db,
    async close() {
      await ctx.jobs.stop();
      await app.close();
      await db.close();
    },
  };
}

/** An RFC 4180 CSV read back into rows (quotes, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

describe('statement documents and payee links', () => {
  let server: TestServer;
  let api: ReturnType<typeof financeApi>;
  let label: Label;
  let other: Label;
  let periodId: string;
  let statementA: string;
  let token = '';

  beforeAll(async () => {
    server = await createServer();
    api = financeApi(server);
    label = await financeLabel(server, 'Tide Records');
    other = await financeLabel(server, 'Someone Else Records');
    const org = label.organization.id;
    const song = await insertSignedSong(server, org, { title: JAPANESE, artist: 'Ada Wex' });
    const song2 = await insertSignedSong(server, org, { title: 'Second Song', artist: 'Ada Wex' });
    await server.database.withOrg(org, async (tx) => {
      const [a] = await queryRows<{ id: string }>(
        tx,
        sql`insert into payees (organization_id, name, email, currency)
            values (${org}, ${CYRILLIC}, 'petr@example.test', 'USD') returning id`,
      );
      const [b] = await queryRows<{ id: string }>(
        tx,
        sql`insert into payees (organization_id, name, currency) values (${org}, 'Producer Co', 'USD') returning id`,
      );
      const [recA] = await queryRows<{ id: string }>(
        tx,
        sql`insert into recordings (organization_id, title, display_artist, isrc, origin, song_id)
            values (${org}, ${JAPANESE}, 'Ada Wex', ${ISRC_A}, 'demo', ${song.id}) returning id`,
      );
      const [recB] = await queryRows<{ id: string }>(
        tx,
        sql`insert into recordings (organization_id, title, display_artist, isrc, origin, song_id)
            values (${org}, ${FORMULA}, 'Ada Wex', ${ISRC_B}, 'demo', ${song2.id}) returning id`,
      );
      await tx.execute(
        sql`insert into releases (organization_id, title, display_artist, upc) values (${org}, 'Night Tides', 'Ada Wex', ${UPC})`,
      );
      await tx.execute(
        sql`insert into master_splits (organization_id, recording_id, payee_id, share_bp)
            values (${org}, ${recA!.id}, ${a!.id}, 6000), (${org}, ${recA!.id}, ${b!.id}, 4000),
              (${org}, ${recB!.id}, ${a!.id}, 6000), (${org}, ${recB!.id}, ${b!.id}, 4000)`,
      );
      for (const [songId, title] of [
        [song.id, 'Recording agreement'],
        [song2.id, 'Second agreement'],
      ] as const)
        await tx.execute(
          sql`insert into contracts (organization_id, song_id, artist_name, status, title, terms, completed_at)
              values (${org}, ${songId}, 'Ada Wex', 'signed', ${title},
                ${JSON.stringify({ royalty_rate: 50, currency: 'USD' })}::jsonb, '2025-12-15T10:00:00Z')`,
        );
    });
    const deals = (await api.get(label.headers, '/api/v1/finance/deals')).json();
    for (const contract of deals.without_terms) {
      const deal = await api.post(label.headers, '/api/v1/finance/deals', {
        contract_id: contract.contract_id,
      });
      expect(deal.statusCode, deal.body).toBe(201);
    }
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('issues no link before the period is published', async () => {
    const imported = await api.importFile(
      label.headers,
      tableText([
        DISTROKID_HEADER,
        dk('2026-01', 'Spotify', ISRC_A, 'US', '50.00'),
        dk('2026-02', 'Apple Music', ISRC_A, 'JP', '30.00'),
        dk('2026-03', 'Spotify', ISRC_B, 'US', '20.00'),
      ]),
      'dk-2026q1.tsv',
    );
    expect(imported.status).toBe('imported');
    const period = await api.post(label.headers, '/api/v1/finance/periods', { month: '2026-01' });
    expect(period.statusCode, period.body).toBe(201);
    periodId = period.json().id;
    expect((await api.post(label.headers, `/api/v1/finance/periods/${periodId}/run`, {})).statusCode).toBe(
      202,
    );
    await expect
      .poll(async () => (await api.get(label.headers, `/api/v1/finance/periods/${periodId}`)).json().status, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('computed');
    const computed = (await api.get(label.headers, `/api/v1/finance/periods/${periodId}`)).json();
    statementA = computed.statement_rows.find((s: { payee_name: string }) => s.payee_name === CYRILLIC).id;

    expect(await afterPublish(server.ctx, label.organization.id, periodId)).toEqual({
      links: 0,
      mailed: 0,
      without_email: 0,
      mail_failed: [],
    });
    expect(await mailbox(server.app, 'petr@example.test')).toEqual([]);
  }, 60_000);

  it('after publishing, links each statement and mails the payees with an email, once', async () => {
    expect((await api.post(label.headers, `/api/v1/finance/periods/${periodId}/approve`)).statusCode).toBe(
      200,
    );
    expect((await api.post(label.headers, `/api/v1/finance/periods/${periodId}/publish`)).statusCode).toBe(
      200,
    );

    // Publishing issued a link per statement and mailed the payee who has an email (the other has none).
    const links = await server.database.withOrg(label.organization.id, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from public_links where purpose = 'royalty_statement'`,
      ),
    );
    expect(links[0]!.n).toBe(2);
    const mails = await mailbox(server.app, 'petr@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Tide Records: your royalty statement for 2026-Q1');
    const link = mails[0]!.text.match(/http:\/\/app\.test\/statements\/([A-Za-z0-9_-]{43})/);
    expect(link).not.toBeNull();
    token = link![1]!;

    // Again: nothing new, nobody mailed twice.
    expect(await afterPublish(server.ctx, label.organization.id, periodId)).toEqual({
      links: 0,
      mailed: 0,
      without_email: 0,
      mail_failed: [],
    });
    expect(await mailbox(server.app, 'petr@example.test')).toHaveLength(1);
  });

  it('opens the statement by its link, signed out: the figures and lines, nothing else of the label', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/v1/public/statements/${token}` });
    expect(res.statusCode, res.body).toBe(200);
    const st = res.json();
    expect(st).toMatchObject({
      label_name: 'Tide Records',
      payee_name: CYRILLIC,
      currency: 'USD',
      period_name: '2026-Q1',
      start_month: '2026-01',
      end_month: '2026-03',
      opening_minor: '0',
      earnings_minor: '3000',
      closing_minor: '3000',
      payable_minor: '3000',
    });
    expect(st.published_at).toEqual(expect.any(String));
    expect(Object.keys(st)).not.toEqual(
      expect.arrayContaining(['id', 'organization_id', 'period_id', 'look']),
    );
    expect(st.deals).toHaveLength(2);
    expect(st.deals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ contract_title: 'Recording agreement', earnings_minor: '2400' }),
        expect.objectContaining({ contract_title: 'Second agreement', earnings_minor: '600' }),
      ]),
    );
    expect(st.lines.map((l: Line) => [l.track_title, l.store, l.territory, l.earnings_minor])).toEqual([
      [FORMULA, 'Spotify', 'US', '600'],
      [JAPANESE, 'Apple Music', 'JP', '900'],
      [JAPANESE, 'Spotify', 'US', '1500'],
    ]);
    expect(st.lines[0]).toMatchObject({ release_title: 'Night Tides', upc: UPC, rate: '50', share: '60' });

    const pdf = await server.app.inject({ method: 'GET', url: `/api/v1/public/statements/${token}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await server.app.inject({ method: 'GET', url: `/api/v1/public/statements/${token}/csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(encodeURIComponent(CYRILLIC));
  });

  it('refuses an unknown, malformed or withdrawn link like the other link pages', async () => {
    const unknown = await server.app.inject({
      method: 'GET',
      url: `/api/v1/public/statements/${'A'.repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/This link is not valid/);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/v1/public/statements/nope/pdf' })).statusCode,
    ).toBe(404);
    const org = label.organization.id;
    // Withdraw Producer Co's link: its statement is gone for whoever holds it (410).
    await server.database.withOrg(org, async (tx) => {
      await tx.execute(
        sql`update public_links set revoked_at = now()
            where organization_id = ${org} and purpose = 'royalty_statement' and record_id <> ${statementA}`,
      );
    });
    expect(await afterPublish(server.ctx, org, periodId)).toMatchObject({ links: 0 });
    const [revoked] = await queryRows<{ n: number }>(
      server.database.global,
      sql`select count(*)::int as n from public_links where purpose = 'royalty_statement' and revoked_at is not null`,
    );
    expect(revoked!.n).toBe(1);
  });

  it('the PDF shows the label, the payee, the figures and every line in any script', async () => {
    const res = await api.get(label.headers, `/api/v1/finance/statements/${statementA}/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment;');
    const { pages, title } = await pdfText(res.rawPayload);
    const text = pages.join('\n');
    expect(title).toBe(`Royalty statement 2026-Q1: ${CYRILLIC}`);
    for (const seen of [
      'Tide Records',
      'Royalty statement 2026-Q1',
      CYRILLIC,
      '2026-Q1 (2026-01 to 2026-03)',
      'Opening balance',
      'USD 0.00',
      'Earnings',
      'USD 30.00',
      'Closing balance',
      'Payable',
      'Recording agreement',
      `Night Tides · UPC ${UPC}`,
      `${JAPANESE} (${ISRC_A})`,
      'Apple Music',
      'Release total: USD 30.00',
      '15.00',
      '9.00',
      '6.00',
    ])
      expect(text).toContain(seen);
  });

  it('the "All sales" CSV has one row per line, exact amounts, and a formula title made inert', async () => {
    const res = await api.get(label.headers, `/api/v1/finance/statements/${statementA}/csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([
      'Sale months',
      'Store',
      'Territory',
      'ISRC',
      'UPC',
      'Release',
      'Track',
      'Sale type',
      'Quantity',
      'Receipts',
      'Currency',
      'Rate %',
      'Share %',
      'Earnings',
    ]);
    expect(rows.slice(1)).toEqual([
      [
        '2026-01 to 2026-03',
        'Spotify',
        'US',
        ISRC_B,
        UPC,
        'Night Tides',
        `'${FORMULA}`,
        'Stream',
        '1000',
        '20',
        'USD',
        '50',
        '60',
        '6',
      ],
      [
        '2026-01 to 2026-03',
        'Apple Music',
        'JP',
        ISRC_A,
        UPC,
        'Night Tides',
        JAPANESE,
        'Stream',
        '1000',
        '30',
        'USD',
        '50',
        '60',
        '9',
      ],
      [
        '2026-01 to 2026-03',
        'Spotify',
        'US',
        ISRC_A,
        UPC,
        'Night Tides',
        JAPANESE,
        'Stream',
        '1000',
        '50',
        'USD',
        '50',
        '60',
        '15',
      ],
    ]);
  });

  it("answers 404 for another label's statement, an unknown id and a malformed one", async () => {
    for (const format of ['pdf', 'csv']) {
      expect(
        (await api.get(other.headers, `/api/v1/finance/statements/${statementA}/${format}`)).statusCode,
      ).toBe(404);
      expect(
        (
          await api.get(
            label.headers,
            `/api/v1/finance/statements/6b1f4c1e-1111-4a4a-8a8a-000000000001/${format}`,
          )
        ).statusCode,
      ).toBe(404);
      expect((await api.get(label.headers, `/api/v1/finance/statements/nope/${format}`)).statusCode).toBe(
        404,
      );
      expect(
        (
          await server.app.inject({
            method: 'GET',
            url: `/api/v1/finance/statements/${statementA}/${format}`,
          })
        ).statusCode,
      ).toBe(401);
    }
  });

  it('publishing still succeeds when the mail cannot be sent, and each statement has its link', async () => {
    // The next quarter, published while SMTP is unreachable (a real SMTP client to a closed port).
    const imported = await api.importFile(
      label.headers,
      tableText([DISTROKID_HEADER, dk('2026-04', 'Spotify', ISRC_A, 'US', '10.00')]),
      'dk-2026q2.tsv',
    );
    expect(imported.status).toBe('imported');
    const created = await api.post(label.headers, '/api/v1/finance/periods', { month: '2026-04' });
    expect(created.statusCode, created.body).toBe(201);
    const next = created.json().id as string;
    expect((await api.post(label.headers, `/api/v1/finance/periods/${next}/run`, {})).statusCode).toBe(202);
    await expect
      .poll(async () => (await api.get(label.headers, `/api/v1/finance/periods/${next}`)).json().status, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('computed');
    expect((await api.post(label.headers, `/api/v1/finance/periods/${next}/approve`)).statusCode).toBe(200);

    const working = server.ctx.mailer;
    server.ctx.mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'label@app.test',
      database: server.database,
    });
    try {
      const published = await api.post(label.headers, `/api/v1/finance/periods/${next}/publish`);
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json().status).toBe('published');
    } finally {
      server.ctx.mailer = working;
    }
    const links = await server.database.withOrg(label.organization.id, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from public_links where purpose = 'royalty_statement'`,
      ),
    );
    expect(links[0]!.n).toBe(4);
    expect(await mailbox(server.app, 'petr@example.test')).toHaveLength(1);
  }, 60_000);
});
