import { fromScaled } from '@music-review/core/money';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/** Royalty terms of contracts (royalty_deals, royalty_deal_payees) and their ledger (decision 0029). */

export type DealRow = {
  id: string;
  contract_id: string;
  contract_title: string;
  artist_name: string;
  song_id: string;
  song_title: string;
  kind: 'royalty' | 'profit_share';
  basis: 'net' | 'gross';
  default_rate: string;
  rates: Array<{ sale_type: string | null; territory: string | null; rate: string }>;
  profit_share: string | null;
  reserve_rate: string;
  cross_collateralize: boolean;
  row_version: number;
  payees: Array<{ payee_id: string; name: string; currency: string; share: string }>;
  recordings: Array<{ id: string; title: string; isrc: string | null }>;
};

const SELECT_DEAL = sql`select d.id, d.contract_id, coalesce(nullif(c.title, ''), 'Contract') as contract_title,
    c.artist_name, c.song_id, s.title as song_title, d.kind, d.basis, d.default_rate::text as default_rate, d.rates,
    d.profit_share::text as profit_share, d.reserve_rate::text as reserve_rate, d.cross_collateralize, d.row_version,
    coalesce((select jsonb_agg(jsonb_build_object('payee_id', p.id, 'name', p.name, 'currency', p.currency,
        'share', dp.share::text) order by dp.share desc, p.name)
      from royalty_deal_payees dp join payees p on p.id = dp.payee_id where dp.deal_id = d.id), '[]') as payees,
    coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'title', r.title, 'isrc', r.isrc) order by r.title)
      from recordings r where r.organization_id = d.organization_id and r.song_id = c.song_id), '[]') as recordings
  from royalty_deals d
  join contracts c on c.id = d.contract_id
  join songs s on s.id = c.song_id`;

export async function listDeals(tx: OrgTx, org: string) {
  return queryRows<DealRow>(
    tx,
    sql`${SELECT_DEAL} where d.organization_id = ${org} order by c.artist_name, s.title, d.id`,
  );
}

export async function findDeal(tx: OrgTx, org: string, id: string) {
  const [row] = await queryRows<DealRow>(
    tx,
    sql`${SELECT_DEAL} where d.organization_id = ${org} and d.id = ${id}`,
  );
  return row;
}

/** Signed contracts that have no royalty terms yet. */
export async function contractsWithoutTerms(tx: OrgTx, org: string) {
  return queryRows<{ contract_id: string; title: string; artist_name: string; song_title: string }>(
    tx,
    sql`select c.id as contract_id, coalesce(nullif(c.title, ''), 'Contract') as title, c.artist_name, s.title as song_title
        from contracts c join songs s on s.id = c.song_id
        where c.organization_id = ${org} and c.status = 'signed'
          and not exists (select 1 from royalty_deals d where d.contract_id = c.id)
        order by c.artist_name, s.title`,
  );
}

export type ContractForTerms = {
  id: string;
  status: string;
  song_id: string;
  artist_name: string;
  terms: { royalty_rate?: number; advance_cents?: number; currency?: string };
  completed_at: string | null;
};

export async function findContract(tx: OrgTx, org: string, id: string) {
  const [row] = await queryRows<ContractForTerms>(
    tx,
    sql`select id, status, song_id, artist_name, terms, completed_at from contracts
        where organization_id = ${org} and id = ${id}`,
  );
  return row;
}

/**
 * Who a contract's song pays: the master split of its recording (shares in basis points), else the
 * payee of the party credited under the contract's artist name.
 */
export async function defaultPayees(tx: OrgTx, org: string, songId: string, artistName: string) {
  // The label's own share of the split is not a royalty it pays: its payee (named like the label or
  // its label name in the catalogue settings) is left out, the others' shares count out of the rest.
  const split = await queryRows<{ payee_id: string; share_bp: number; currency: string }>(
    tx,
    sql`select ms.payee_id, sum(ms.share_bp)::int as share_bp, min(p.currency) as currency
        from master_splits ms join recordings r on r.id = ms.recording_id join payees p on p.id = ms.payee_id
        where ms.organization_id = ${org} and r.song_id = ${songId}
          and not exists (
            select 1 from organizations o left join catalogue_settings cs on cs.organization_id = o.id
            where o.id = ${org}
              and (lower(p.name) like lower(o.name) || '%' or (cs.label_name is not null and lower(p.name) like lower(cs.label_name) || '%'))
          )
        group by ms.payee_id order by 2 desc`,
  );
  if (split.length > 0) return split;
  return queryRows<{ payee_id: string; share_bp: number; currency: string }>(
    tx,
    sql`select p.id as payee_id, 10000 as share_bp, p.currency
        from parties pa join payees p on p.id = pa.payee_id
        where pa.organization_id = ${org}
          and (lower(pa.name) = lower(${artistName}) or lower(${artistName}) = any(select lower(a) from unnest(pa.aliases) a))
        order by pa.created_at limit 1`,
  );
}

/** A deal's payees as defaultPayees gives them: each share out of their total, to 2 decimals. */
export async function setSplitPayees(
  tx: OrgTx,
  org: string,
  dealId: string,
  payees: ReadonlyArray<{ payee_id: string; share_bp: number }>,
) {
  const total = payees.reduce((n, p) => n + p.share_bp, 0);
  await setDealPayees(
    tx,
    org,
    dealId,
    payees.map((p) => ({
      payee_id: p.payee_id,
      share: fromScaled(BigInt(Math.round((p.share_bp * 10_000) / total)), 2),
    })),
  );
}

export async function insertDeal(
  tx: OrgTx,
  org: string,
  values: { contractId: string; defaultRate: string; createdBy: string; crossCollateralize?: boolean },
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into royalty_deals (organization_id, contract_id, default_rate, cross_collateralize, created_by)
        values (${org}, ${values.contractId}, ${values.defaultRate}, ${values.crossCollateralize ?? false}, ${values.createdBy})
        on conflict (contract_id) do nothing
        returning id`,
  );
  return row?.id;
}

export async function updateDeal(
  tx: OrgTx,
  org: string,
  id: string,
  rowVersion: number,
  values: {
    kind: string;
    basis: string;
    default_rate: string;
    rates: unknown[];
    profit_share: string | null;
    reserve_rate: string;
    cross_collateralize: boolean;
  },
) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update royalty_deals set kind = ${values.kind}, basis = ${values.basis}, default_rate = ${values.default_rate},
          rates = ${JSON.stringify(values.rates)}::jsonb, profit_share = ${values.profit_share},
          reserve_rate = ${values.reserve_rate}, cross_collateralize = ${values.cross_collateralize},
          row_version = row_version + 1, updated_at = now()
        where organization_id = ${org} and id = ${id} and row_version = ${rowVersion}
        returning id`,
  );
  return rows.length === 1;
}

export async function setDealPayees(
  tx: OrgTx,
  org: string,
  dealId: string,
  payees: Array<{ payee_id: string; share: string }>,
) {
  await tx.execute(
    sql`delete from royalty_deal_payees where organization_id = ${org} and deal_id = ${dealId}`,
  );
  for (const p of payees)
    await tx.execute(
      sql`insert into royalty_deal_payees (organization_id, deal_id, payee_id, share)
          values (${org}, ${dealId}, ${p.payee_id}, ${p.share})`,
    );
}

export async function labelPayees(tx: OrgTx, org: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return queryRows<{ id: string; name: string; currency: string }>(
    tx,
    sql`select id, name, currency from payees where organization_id = ${org}
        and id = any(array[${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}])`,
  );
}

// ---- Ledger ----

export type EntryRow = {
  id: string;
  deal_id: string;
  kind: string;
  payee_id: string | null;
  payee_name: string | null;
  amount: string;
  currency: string;
  entry_date: string;
  recoupable: boolean;
  reason: string | null;
  period_id: string | null;
  locked: boolean;
  created_by: string | null;
  created_at: string;
  receipt_key: string | null;
};

/** The ledger of some deals (all of the label's when `dealIds` is null), oldest first. */
export async function listEntries(tx: OrgTx, org: string, dealIds: readonly string[] | null) {
  return queryRows<EntryRow>(
    tx,
    sql`select e.id, e.deal_id, e.kind, e.payee_id, p.name as payee_name, e.amount::text as amount, e.currency,
          to_char(e.entry_date, 'YYYY-MM-DD') as entry_date, e.recoupable, e.reason, e.period_id,
          (e.period_id is not null or exists (select 1 from royalty_periods rp where rp.organization_id = e.organization_id
            and rp.status = 'published' and e.entry_date <= (rp.end_month + interval '1 month' - interval '1 day')::date)) as locked,
          rv.name as created_by, e.created_at, e.receipt_key
        from ledger_entries e
        left join payees p on p.id = e.payee_id
        left join reviewers rv on rv.id = e.created_by
        where e.organization_id = ${org}
          ${
            dealIds
              ? sql`and e.deal_id = any(array[${sql.join(
                  dealIds.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )}]::uuid[])`
              : sql``
          }
        order by e.entry_date, e.created_at, p.name nulls first, e.kind, e.id`,
  );
}

export type NewEntry = {
  dealId: string;
  payeeId: string | null;
  kind: string;
  amount: string;
  currency: string;
  entryDate: string;
  recoupable: boolean;
  reason: string | null;
  receiptKey: string | null;
  periodId: string | null;
  paymentId?: string | null;
  createdBy: string | null;
};

const entryValues = (org: string, v: NewEntry) =>
  sql`(${org}, ${v.dealId}, ${v.payeeId}, ${v.kind}, ${v.amount}, ${v.currency}, ${v.entryDate}, ${v.recoupable},
    ${v.reason}, ${v.receiptKey}, ${v.periodId}, ${v.paymentId ?? null}, ${v.createdBy})`;

const ENTRY_COLUMNS = sql`(organization_id, deal_id, payee_id, kind, amount, currency, entry_date, recoupable, reason,
  receipt_key, period_id, payment_id, created_by)`;

export async function insertEntry(tx: OrgTx, org: string, values: NewEntry) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into ledger_entries ${ENTRY_COLUMNS} values ${entryValues(org, values)} returning id`,
  );
  return row!.id;
}

/** Many entries (a published period's), a few hundred to a statement. */
export async function insertEntries(tx: OrgTx, org: string, rows: readonly NewEntry[]) {
  for (let i = 0; i < rows.length; i += 500)
    await tx.execute(
      sql`insert into ledger_entries ${ENTRY_COLUMNS} values ${sql.join(
        rows.slice(i, i + 500).map((r) => entryValues(org, r)),
        sql`, `,
      )}`,
    );
}

/** The last day of the label's latest published period ('YYYY-MM-DD'), or null. */
export async function lockedUntil(tx: OrgTx, org: string) {
  const [row] = await queryRows<{ until: string | null }>(
    tx,
    sql`select to_char(max((end_month + interval '1 month' - interval '1 day')::date), 'YYYY-MM-DD') as until
        from royalty_periods where organization_id = ${org} and status = 'published'`,
  );
  return row?.until ?? null;
}

// ---- Receipts: files of the project folder of a deal's song ----

export type ReceiptFolderRow = {
  id: string;
  parent_id: string | null;
  name: string;
  deleted_at: Date | string | null;
};

export type ReceiptFileRow = {
  file_key: string;
  folder_id: string | null;
  name: string;
  content_type: string;
  size_bytes: string | number;
  created_at: Date | string;
  deleted_at: Date | string | null;
};

/** Every folder of the song's project folder, deleted ones too (receipts.ts decides what is visible). */
export async function songFolders(tx: OrgTx, org: string, songId: string) {
  return queryRows<ReceiptFolderRow>(
    tx,
    sql`select id, parent_id, name, deleted_at from project_folders
        where organization_id = ${org} and song_id = ${songId}`,
  );
}

/** Every file of the song's project folder, deleted ones too (until they are purged). */
export async function songFiles(tx: OrgTx, org: string, songId: string) {
  return queryRows<ReceiptFileRow>(
    tx,
    sql`select file_key, folder_id, name, content_type, size_bytes, created_at, deleted_at from project_files
        where organization_id = ${org} and song_id = ${songId}
        order by created_at desc, lower(name), id`,
  );
}
