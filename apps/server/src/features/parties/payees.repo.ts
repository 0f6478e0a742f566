import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/** The columns a member sets on a payee; payment details arrive sealed (payees.service.ts). */
export const PAYEE_FIELDS = [
  'name',
  'email',
  'currency',
  'tax_id',
  'payment_method',
  'payment_details_encrypted',
  'minimum_payout_minor',
] as const;
export type PayeeField = (typeof PAYEE_FIELDS)[number];
export type PayeeValues = Partial<Record<PayeeField, string | number | null>>;

export type PayeeListRow = {
  id: string;
  name: string;
  email: string | null;
  currency: string;
  payment_method: string | null;
  has_payment_details: boolean;
  minimum_payout_minor: number;
  party_count: number;
  updated_at: Date | string;
  row_version: number;
};

export type PayeeRecord = PayeeListRow & {
  tax_id: string | null;
  payment_details_encrypted: string | null;
  created_at: Date | string;
};

const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// bigint comes back as text from node-postgres: the minimum payout is read as float8 (exact far
// beyond the 100,000,000 the schema allows).
const rowColumns = sql`y.id, y.name, y.email, y.currency, y.payment_method,
  y.payment_details_encrypted is not null as has_payment_details, y.minimum_payout_minor::float8 as minimum_payout_minor,
  (select count(*)::int from parties p where p.organization_id = y.organization_id and p.payee_id = y.id) as party_count,
  y.updated_at, y.row_version`;

/** A page of the label's payees by name, and how many match (name, email or tax id contains q). */
export async function listPayees(
  tx: OrgTx,
  organizationId: string,
  query: { q?: string | undefined; limit: number; offset: number },
) {
  const parts: SQL[] = [sql`y.organization_id = ${organizationId}`];
  if (query.q) {
    const p = containsPattern(query.q);
    parts.push(sql`(y.name ilike ${p} or y.email ilike ${p} or y.tax_id ilike ${p})`);
  }
  const where = sql.join(parts, sql` and `);
  const rows = await queryRows<PayeeListRow>(
    tx,
    sql`select ${rowColumns} from payees y where ${where}
        order by lower(y.name) collate "C", y.id limit ${query.limit} offset ${query.offset}`,
  );
  const [counted] = await queryRows<{ total: number }>(
    tx,
    sql`select count(*)::int as total from payees y where ${where}`,
  );
  return { rows, total: counted?.total ?? 0 };
}

const recordSql = (organizationId: string, id: string, lock: boolean) => sql`
  select ${rowColumns}, y.tax_id, y.payment_details_encrypted, y.created_at from payees y
  where y.organization_id = ${organizationId} and y.id = ${id} ${lock ? sql`for update` : sql``}`;

export async function findPayee(tx: OrgTx, organizationId: string, id: string) {
  const [row] = await queryRows<PayeeRecord>(tx, recordSql(organizationId, id, false));
  return row;
}

/** The same, locked until the transaction ends (an edit reads the version it compares). */
export async function lockPayee(tx: OrgTx, organizationId: string, id: string) {
  const [row] = await queryRows<PayeeRecord>(tx, recordSql(organizationId, id, true));
  return row;
}

/** The people paying into the payee. */
export async function payeeParties(tx: OrgTx, organizationId: string, id: string) {
  return queryRows<{ id: string; name: string }>(
    tx,
    sql`select id, name from parties where organization_id = ${organizationId} and payee_id = ${id}
        order by lower(name), id`,
  );
}

/** The master shares owed to the payee, by recording. */
export async function payeeMasterSplits(tx: OrgTx, organizationId: string, id: string) {
  return queryRows<{ recording_id: string; title: string; display_artist: string; share_bp: number }>(
    tx,
    sql`select r.id as recording_id, r.title, r.display_artist, m.share_bp
        from master_splits m join recordings r on r.id = m.recording_id
        where m.organization_id = ${organizationId} and m.payee_id = ${id}
        order by lower(r.title), r.id`,
  );
}

function assignments(values: PayeeValues) {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ({ column: sql.identifier(k), value: v }));
}

export async function insertPayee(tx: OrgTx, organizationId: string, values: PayeeValues) {
  const set = assignments(values);
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into payees (organization_id, ${sql.join(
      set.map((s) => s.column),
      sql`, `,
    )})
        values (${organizationId}, ${sql.join(
          set.map((s) => sql`${s.value}`),
          sql`, `,
        )}) returning id`,
  );
  return row!.id;
}

/** Sets the fields given, and counts the change: row_version + 1, updated_at now. */
export async function updatePayee(tx: OrgTx, organizationId: string, id: string, values: PayeeValues) {
  const set = assignments(values).map((s) => sql`${s.column} = ${s.value}`);
  await tx.execute(
    sql`update payees set ${sql.join([...set, sql`row_version = row_version + 1`, sql`updated_at = now()`], sql`, `)}
        where organization_id = ${organizationId} and id = ${id}`,
  );
}
