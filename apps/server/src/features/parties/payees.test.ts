import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import type { PayeeDto, PayeeRowDto } from '@music-review/core/contracts/parties';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnerScope, queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, setPlan } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

type Admin = Awaited<ReturnType<typeof adminWithLabel>>;
type Answer = PayeeDto & { error: { code: string; message: string; fields?: Record<string, string> } };

const IBAN = 'DE89 3704 0044 0532 0130 00';
const NEW_IBAN = 'GB33BUKB20201555555555';

describe('Payees: who is paid, with payment details sealed at rest and never shown', () => {
  let server: TestServer;
  let db: OwnerScope;
  let admin: Admin;
  let outsider: Admin;
  let starter: Admin;
  let theirs: string;
  /** Every response body of the file, to check none carries the details. */
  const bodies: string[] = [];

  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, who = admin) => {
    const res = await server.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    bodies.push(res.body);
    return { status: res.statusCode, body: res.json<Answer>() };
  };
  const stored = async (id: string) =>
    (
      await queryRows<{
        payment_details_encrypted: string | null;
        currency: string;
        minimum_payout_minor: string | number;
      }>(
        db,
        sql`select payment_details_encrypted, currency, minimum_payout_minor from payees where id = ${id}`,
      )
    )[0]!;

  beforeAll(async () => {
    server = await createTestServer();
    db = server.database.asOwner('tests build rows directly');
    [admin, outsider, starter] = await Promise.all([
      adminWithLabel(server.app, 'Pay Lab'),
      adminWithLabel(server.app, 'Other Label'),
      adminWithLabel(server.app, 'Small Label'),
    ]);
    await setPlan(server.database, admin.organization.id, 'Label');
    await setPlan(server.database, outsider.organization.id, 'Pro');
    await setPlan(server.database, starter.organization.id, 'Starter');
    const res = await call(
      'POST',
      '/api/v1/payees',
      { name: 'Their Payee', payment_details: 'XX00 1111' },
      outsider,
    );
    theirs = res.body.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  let payee: string;

  it('adds a payee, sealing the payment details and showing only their last 4 characters', async () => {
    const { status, body } = await call('POST', '/api/v1/payees', {
      name: 'Lane Music Ltd',
      email: 'pay@lane.test',
      currency: 'gbp',
      tax_id: 'GB123456789',
      payment_method: 'bank_transfer',
      payment_details: IBAN,
      minimum_payout_minor: 5000,
    });
    expect(status).toBe(201);
    payee = body.id;
    expect(body).toMatchObject({
      name: 'Lane Music Ltd',
      currency: 'GBP',
      tax_id: 'GB123456789',
      payment_method: 'bank_transfer',
      has_payment_details: true,
      payment_details_masked: '•••• 3000',
      minimum_payout_minor: 5000,
      party_count: 0,
      parties: [],
      master_splits: [],
      row_version: 1,
    });
    expect(body).not.toHaveProperty('payment_details');

    const row = await stored(payee);
    expect(row.payment_details_encrypted).not.toBeNull();
    expect(server.ctx.secrets.isSealed(row.payment_details_encrypted!)).toBe(true);
    expect(row.payment_details_encrypted).not.toContain('3704');
    expect(server.ctx.secrets.open(row.payment_details_encrypted!)).toBe(IBAN);
    expect(row.currency).toBe('GBP');
    expect(Number(row.minimum_payout_minor)).toBe(5000);

    const plain = await call('POST', '/api/v1/payees', { name: 'No Details Co' });
    expect(plain.body).toMatchObject({
      currency: 'EUR',
      has_payment_details: false,
      payment_details_masked: null,
    });
  });

  it('refuses a currency that is not 3 letters and a minimum payout that is not whole minor units', async () => {
    const currency = await call('POST', '/api/v1/payees', { name: 'X', currency: 'EURO' });
    expect(currency.status).toBe(400);
    expect(currency.body.error.message).toBe(CATALOGUE_MESSAGES.currencyInvalid);
    expect(currency.body.error.fields).toEqual({ currency: CATALOGUE_MESSAGES.currencyInvalid });
    const payout = await call('POST', '/api/v1/payees', { name: 'X', minimum_payout_minor: 10.5 });
    expect(payout.status).toBe(400);
    expect(Object.keys(payout.body.error.fields ?? {})).toEqual(['minimum_payout_minor']);
    const noName = await call('POST', '/api/v1/payees', { name: '' });
    expect(noName.body.error.fields).toEqual({ name: CATALOGUE_MESSAGES.nameRequired });
  });

  it('shows who pays into a payee and the master shares it is owed', async () => {
    const org = admin.organization.id;
    for (const name of ['Nova Lane', 'N. Lane Duo']) {
      const res = await call('POST', '/api/v1/parties', { name, payee_id: payee });
      expect(res.status).toBe(201);
    }
    const [recording] = await queryRows<{ id: string }>(
      db,
      sql`insert into recordings (organization_id, title, display_artist) values (${org}, 'Blue Hour', 'Nova Lane') returning id`,
    );
    await db.execute(sql`insert into master_splits (organization_id, recording_id, payee_id, share_bp)
      values (${org}, ${recording!.id}, ${payee}, 6250)`);
    const { status, body } = await call('GET', `/api/v1/payees/${payee}`);
    expect(status).toBe(200);
    expect(body.parties.map((p) => p.name)).toEqual(['N. Lane Duo', 'Nova Lane']);
    expect(body.party_count).toBe(2);
    expect(body.master_splits).toEqual([
      { recording_id: recording!.id, title: 'Blue Hour', display_artist: 'Nova Lane', share: 62.5 },
    ]);
  });

  it('lists the label’s payees with search and paging, never with the details', async () => {
    const page = await call('GET', '/api/v1/payees');
    const rows = (page.body as unknown as { rows: PayeeRowDto[]; total: number }).rows;
    expect(rows.map((r) => [r.name, r.has_payment_details, r.party_count])).toEqual([
      ['Lane Music Ltd', true, 2],
      ['No Details Co', false, 0],
    ]);
    expect(rows[0]).not.toHaveProperty('payment_details_masked');
    const found = await call('GET', '/api/v1/payees?q=GB1234');
    expect((found.body as unknown as { rows: PayeeRowDto[] }).rows.map((r) => r.name)).toEqual([
      'Lane Music Ltd',
    ]);
    const second = await call('GET', '/api/v1/payees?limit=1&offset=1');
    expect(second.body).toMatchObject({ rows: [{ name: 'No Details Co' }], total: 2 });
  });

  it('edits with the version read, re-seals changed details and logs the change masked', async () => {
    const stale = await call('PATCH', `/api/v1/payees/${payee}`, { row_version: 9, name: 'Late' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(CATALOGUE_MESSAGES.changedSinceRead);

    const edited = await call('PATCH', `/api/v1/payees/${payee}`, {
      row_version: 1,
      payment_details: NEW_IBAN,
      currency: 'eur',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      payment_details_masked: '•••• 5555',
      currency: 'EUR',
      row_version: 2,
    });
    expect(server.ctx.secrets.open((await stored(payee)).payment_details_encrypted!)).toBe(NEW_IBAN);

    // The same details again change nothing: no new version.
    const same = await call('PATCH', `/api/v1/payees/${payee}`, {
      row_version: 2,
      payment_details: NEW_IBAN,
    });
    expect(same.body.row_version).toBe(2);

    const cleared = await call('PATCH', `/api/v1/payees/${payee}`, { row_version: 2, payment_details: null });
    expect(cleared.body).toMatchObject({
      has_payment_details: false,
      payment_details_masked: null,
      row_version: 3,
    });
    expect((await stored(payee)).payment_details_encrypted).toBeNull();

    const audit = await queryRows<{ action: string; changes: Record<string, unknown> }>(
      db,
      sql`select action, changes from catalogue_audit where entity_id = ${payee} order by created_at`,
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update']);
    expect(audit[1]!.changes).toEqual({
      currency: ['GBP', 'EUR'],
      payment_details: ['•••• 3000', '•••• 5555'],
    });
    expect(audit[2]!.changes).toEqual({ payment_details: ['•••• 5555', null] });
  });

  it('answers 404 for another label’s payee and 403 on a plan without the catalogue', async () => {
    expect((await call('GET', `/api/v1/payees/${theirs}`)).status).toBe(404);
    expect((await call('PATCH', `/api/v1/payees/${theirs}`, { row_version: 1, name: 'Mine' })).status).toBe(
      404,
    );
    const list = await call('GET', '/api/v1/payees', undefined, outsider);
    expect(list.body).toMatchObject({ rows: [{ name: 'Their Payee', has_payment_details: true }], total: 1 });
    for (const [method, url, payload] of [
      ['GET', '/api/v1/payees', undefined],
      ['GET', `/api/v1/payees/${payee}`, undefined],
      ['POST', '/api/v1/payees', { name: 'Nope' }],
      ['PATCH', `/api/v1/payees/${payee}`, { row_version: 3, name: 'Nope' }],
    ] as const) {
      const res = await call(method, url, payload, starter);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.error.code).toBe('plan_required');
    }
  });

  it('never answers the plain payment details, nor logs them', async () => {
    expect(bodies.length).toBeGreaterThan(15);
    for (const body of bodies) {
      for (const secret of [IBAN, IBAN.replace(/\s/g, ''), '3704 0044', NEW_IBAN, '20201555', 'XX00 1111']) {
        expect(body).not.toContain(secret);
      }
    }
    const [audit] = await queryRows<{ text: string }>(
      db,
      sql`select coalesce(string_agg(changes::text, ' '), '') as text from catalogue_audit`,
    );
    expect(audit!.text).not.toContain('3704');
    expect(audit!.text).not.toContain('20201555');
  });
});
