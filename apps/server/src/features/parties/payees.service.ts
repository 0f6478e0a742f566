import { bpToPercent } from '@music-review/core/catalogue';
import type { createPayeeBody, updatePayeeBody } from '@music-review/core/catalogue-schemas';
import type { PayeeDto, PayeeRowDto } from '@music-review/core/contracts/parties';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { iso } from '../../platform/dates.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { notFound } from '../../platform/errors.ts';
import { diff, writeAudit } from '../catalogue/audit.repo.ts';
import { changedSinceRead, requireCatalogue } from '../catalogue/catalogue.access.ts';
import * as repo from './payees.repo.ts';

type CreateBody = z.output<typeof createPayeeBody>;
type UpdateBody = z.output<typeof updatePayeeBody>;

const payeeNotFound = () => notFound('Payee not found');
const HIDDEN = '••••';

/** Payment details as answers show them: only their last 4 characters ("•••• 1234"). */
export function maskPaymentDetails(plain: string | null): string | null {
  if (plain === null) return null;
  const compact = plain.replace(/\s+/g, '');
  return compact.length > 4 ? `${HIDDEN} ${compact.slice(-4)}` : HIDDEN;
}

/** The plain fields of a body, without the ones left out; '' clears a field. */
function fieldsOf(body: Partial<CreateBody>): repo.PayeeValues {
  const values: repo.PayeeValues = {};
  for (const field of [
    'name',
    'email',
    'currency',
    'tax_id',
    'payment_method',
    'minimum_payout_minor',
  ] as const) {
    const value = body[field];
    if (value !== undefined) values[field] = value === '' ? null : value;
  }
  return values;
}

export function createPayeesService(ctx: AppContext) {
  const { database, secrets } = ctx;

  /** The stored details opened; null when there are none or they cannot be opened (another key). */
  function openDetails(sealed: string | null): string | null {
    if (sealed === null) return null;
    try {
      return secrets.open(sealed);
    } catch {
      return HIDDEN;
    }
  }

  function rowDto(row: repo.PayeeListRow): PayeeRowDto {
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      currency: row.currency,
      payment_method: row.payment_method as PayeeRowDto['payment_method'],
      has_payment_details: row.has_payment_details,
      minimum_payout_minor: Number(row.minimum_payout_minor),
      party_count: row.party_count,
      updated_at: iso(row.updated_at),
      row_version: row.row_version,
    };
  }

  async function readDetail(tx: OrgTx, organizationId: string, id: string): Promise<PayeeDto> {
    const row = await repo.findPayee(tx, organizationId, id);
    if (!row) throw payeeNotFound();
    const parties = await repo.payeeParties(tx, organizationId, id);
    const splits = await repo.payeeMasterSplits(tx, organizationId, id);
    return {
      ...rowDto(row),
      tax_id: row.tax_id,
      payment_details_masked: maskPaymentDetails(openDetails(row.payment_details_encrypted)),
      parties,
      master_splits: splits.map((s) => ({
        recording_id: s.recording_id,
        title: s.title,
        display_artist: s.display_artist,
        share: bpToPercent(s.share_bp),
      })),
      created_at: iso(row.created_at),
    };
  }

  /**
   * The sealed column for new details, and the audit's view of the change (masked: the log never
   * holds the details either). Unchanged details are not sealed again.
   */
  function detailsChange(before: string | null, next: string | null | undefined) {
    if (next === undefined) return null;
    const after = next === '' ? null : next;
    const previous = openDetails(before);
    if (previous === after) return null;
    return {
      sealed: after === null ? null : secrets.seal(after),
      audit: [maskPaymentDetails(previous), maskPaymentDetails(after)],
    };
  }

  return {
    /** GET /api/v1/payees */
    async list(member: Member, query: { q?: string | undefined; limit: number; offset: number }) {
      const org = member.organizationId;
      const { rows, total } = await database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        return repo.listPayees(tx, org, query);
      });
      return { rows: rows.map(rowDto), total };
    },

    /** GET /api/v1/payees/{id} */
    async get(member: Member, id: string) {
      const org = member.organizationId;
      return database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        return readDetail(tx, org, id);
      });
    },

    /** POST /api/v1/payees: the payment details are sealed before they reach the database. */
    async create(member: Member, body: CreateBody) {
      const org = member.organizationId;
      return database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        const values = fieldsOf(body);
        const changes: Record<string, unknown> = diff({}, values);
        const details = detailsChange(null, body.payment_details);
        if (details) {
          values.payment_details_encrypted = details.sealed;
          changes.payment_details = details.audit;
        }
        const id = await repo.insertPayee(tx, org, values);
        await writeAudit(tx, org, [
          { entityKind: 'payee', entityId: id, action: 'create', changes, reviewerId: member.reviewer.id },
        ]);
        return readDetail(tx, org, id);
      });
    },

    /** PATCH /api/v1/payees/{id} */
    async update(member: Member, id: string, body: UpdateBody) {
      const org = member.organizationId;
      return database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        const before = await repo.lockPayee(tx, org, id);
        if (!before) throw payeeNotFound();
        if (before.row_version !== body.row_version) throw changedSinceRead();
        const values = fieldsOf(body);
        const changes: Record<string, unknown> = diff(
          { ...before, minimum_payout_minor: Number(before.minimum_payout_minor) },
          values,
        );
        const changed = Object.fromEntries(
          Object.entries(values).filter(([field]) => field in changes),
        ) as repo.PayeeValues;
        const details = detailsChange(before.payment_details_encrypted, body.payment_details);
        if (details) {
          changed.payment_details_encrypted = details.sealed;
          changes.payment_details = details.audit;
        }
        if (Object.keys(changes).length === 0) return readDetail(tx, org, id);
        await repo.updatePayee(tx, org, id, changed);
        await writeAudit(tx, org, [
          { entityKind: 'payee', entityId: id, action: 'update', changes, reviewerId: member.reviewer.id },
        ]);
        return readDetail(tx, org, id);
      });
    },
  };
}
