/**
 * "Payments" (issue 16, section 6; decision 0029): who is owed what by published statements (above
 * their minimum payout or not, and whether their payment details are missing), payments recorded
 * into the ledger of the contracts that owed them (largest balance first), and a bank CSV.
 */
import { toCsv } from '@music-review/core/csv';
import { currencyExponent, formatMinor, fromScaled, toScaled } from '@music-review/core/money';
import { PAYMENT_MESSAGES, type PeriodCadence, periodName } from '@music-review/core/royalties';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { requireCatalogue } from '../catalogue/catalogue.access.ts';
import * as deals from './deals.repo.ts';
import { dealBalances } from './ledger.ts';

type PayeeInfo = {
  id: string;
  name: string;
  currency: string;
  email: string | null;
  minimum_payout_minor: number;
  payment_method: string | null;
  payment_details_encrypted: string | null;
};

async function payeesOf(tx: OrgTx, org: string) {
  return queryRows<PayeeInfo>(
    tx,
    sql`select id, name, currency, email, minimum_payout_minor, payment_method, payment_details_encrypted
        from payees where organization_id = ${org}`,
  );
}

/** What each payee is owed now, per contract (only contracts that owe: balance above 0). */
async function owed(tx: OrgTx, org: string) {
  const dealRows = await deals.listDeals(tx, org);
  const entries = await deals.listEntries(tx, org, null);
  const byPayee = new Map<string, Array<{ dealId: string; minor: bigint }>>();
  for (const deal of dealRows)
    for (const b of dealBalances(deal, entries))
      if (b.balance_minor > 0n)
        byPayee.set(b.payee_id, [
          ...(byPayee.get(b.payee_id) ?? []),
          { dealId: deal.id, minor: b.balance_minor },
        ]);
  return byPayee;
}

const total = (parts: Array<{ minor: bigint }> | undefined) =>
  (parts ?? []).reduce((n, p) => n + p.minor, 0n);

export function createPaymentsService(ctx: AppContext) {
  const { database } = ctx;

  return {
    async due(member: Member) {
      requireCatalogue(member);
      return database.withOrg(member.organizationId, async (tx) => {
        const org = member.organizationId;
        const byPayee = await owed(tx, org);
        const payees = new Map((await payeesOf(tx, org)).map((p) => [p.id, p]));
        const rows = [...byPayee.entries()]
          .map(([id, parts]) => ({ payee: payees.get(id)!, payable: total(parts) }))
          .filter((r) => r.payee && r.payable > 0n)
          .sort((a, b) =>
            a.payable === b.payable
              ? a.payee.name.localeCompare(b.payee.name)
              : a.payable > b.payable
                ? -1
                : 1,
          )
          .map(({ payee, payable }) => ({
            payee_id: payee.id,
            name: payee.name,
            currency: payee.currency,
            payable_minor: payable.toString(),
            minimum_payout_minor: String(payee.minimum_payout_minor),
            above_minimum: payable >= BigInt(payee.minimum_payout_minor),
            missing_details: !payee.payment_method || !payee.payment_details_encrypted,
            has_email: Boolean(payee.email),
          }));
        const totals = new Map<string, bigint>();
        for (const r of rows)
          if (r.above_minimum)
            totals.set(r.currency, (totals.get(r.currency) ?? 0n) + BigInt(r.payable_minor));
        return {
          rows,
          totals: [...totals.entries()]
            .sort()
            .map(([currency, minor]) => ({ currency, minor: minor.toString() })),
        };
      });
    },

    /** Each payment: at most what is owed, in the payee's currency, spread over the contracts that owe. */
    async record(
      member: Member,
      items: Array<{
        payee_id: string;
        amount: string;
        currency: string;
        paid_on: string;
        reference: string;
      }>,
    ) {
      requireCatalogue(member);
      return database.withOrg(member.organizationId, async (tx) => {
        const org = member.organizationId;
        const byPayee = await owed(tx, org);
        const payees = new Map((await payeesOf(tx, org)).map((p) => [p.id, p]));
        const until = await deals.lockedUntil(tx, org);
        const problems: Record<string, string> = {};
        items.forEach((item, i) => {
          const payee = payees.get(item.payee_id);
          if (!payee) return;
          const exponent = currencyExponent(payee.currency);
          const owes = total(byPayee.get(item.payee_id));
          if (item.currency !== payee.currency)
            problems[`items.${i}.currency`] = PAYMENT_MESSAGES.currency(payee.currency);
          else if ((item.amount.split('.')[1]?.length ?? 0) > exponent)
            problems[`items.${i}.amount`] = `${payee.currency} has ${exponent} decimals.`;
          else if (owes === 0n) problems[`items.${i}.amount`] = PAYMENT_MESSAGES.nothingOwed;
          else if (toScaled(item.amount, exponent) > owes)
            problems[`items.${i}.amount`] = PAYMENT_MESSAGES.moreThanOwed(formatMinor(owes, payee.currency));
          if (until && item.paid_on <= until)
            problems[`items.${i}.paid_on`] = 'Date it after the last published period.';
        });
        if (items.some((i) => !payees.has(i.payee_id))) throw notFound(PAYMENT_MESSAGES.payeeNotFound);
        if (Object.keys(problems).length > 0) throw validationError(problems);
        for (const item of items) {
          const payee = payees.get(item.payee_id)!;
          const exponent = currencyExponent(payee.currency);
          const [payment] = await queryRows<{ id: string }>(
            tx,
            sql`insert into royalty_payments (organization_id, payee_id, amount, currency, paid_on, reference, created_by)
                values (${org}, ${payee.id}, ${item.amount}, ${payee.currency}, ${item.paid_on}, ${item.reference},
                  ${member.reviewer.id}) returning id`,
          );
          let left = toScaled(item.amount, exponent);
          const parts = [...(byPayee.get(payee.id) ?? [])].sort((a, b) =>
            a.minor === b.minor ? 0 : a.minor > b.minor ? -1 : 1,
          );
          for (const part of parts) {
            if (left === 0n) break;
            const take = part.minor < left ? part.minor : left;
            left -= take;
            part.minor -= take;
            await deals.insertEntry(tx, org, {
              dealId: part.dealId,
              payeeId: payee.id,
              kind: 'payment',
              amount: fromScaled(take, exponent),
              currency: payee.currency,
              entryDate: item.paid_on,
              recoupable: true,
              reason: item.reference,
              receiptKey: null,
              periodId: null,
              paymentId: payment!.id,
              createdBy: member.reviewer.id,
            });
          }
        }
        return { payments: items.length };
      });
    },

    async list(member: Member, query: { limit: number; offset: number }) {
      requireCatalogue(member);
      return database.withOrg(member.organizationId, async (tx) => {
        const org = member.organizationId;
        const rows = await queryRows<{
          id: string;
          payee_id: string;
          payee_name: string;
          amount: string;
          currency: string;
          paid_on: string;
          reference: string;
          created_by: string | null;
          created_at: string;
        }>(
          tx,
          sql`select pm.id, pm.payee_id, p.name as payee_name, pm.amount::text as amount, pm.currency,
                to_char(pm.paid_on, 'YYYY-MM-DD') as paid_on, pm.reference, rv.name as created_by, pm.created_at
              from royalty_payments pm join payees p on p.id = pm.payee_id left join reviewers rv on rv.id = pm.created_by
              where pm.organization_id = ${org}
              order by pm.paid_on desc, pm.created_at desc limit ${query.limit} offset ${query.offset}`,
        );
        const [count] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from royalty_payments where organization_id = ${org}`,
        );
        return {
          rows: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
          total: count?.n ?? 0,
        };
      });
    },

    /** The bank file: what is owed to each chosen payee, with their payment details (opened here only). */
    async bankCsv(member: Member, body: { payee_ids: string[]; reference: string }) {
      requireCatalogue(member);
      return database.withOrg(member.organizationId, async (tx) => {
        const org = member.organizationId;
        const byPayee = await owed(tx, org);
        const payees = new Map((await payeesOf(tx, org)).map((p) => [p.id, p]));
        if (body.payee_ids.some((id) => !payees.has(id))) throw notFound(PAYMENT_MESSAGES.payeeNotFound);
        const rows = body.payee_ids.map((id) => {
          const p = payees.get(id)!;
          const amount = total(byPayee.get(id));
          const details = p.payment_details_encrypted ? ctx.secrets.open(p.payment_details_encrypted) : '';
          return [
            p.name,
            p.payment_method ?? '',
            details,
            fromScaled(amount, currencyExponent(p.currency)),
            p.currency,
            body.reference,
          ];
        });
        const text = toCsv(
          [['Payee', 'Method', 'Account details', 'Amount', 'Currency', 'Reference'], ...rows],
          { bom: true },
        );
        return { text, fileName: `payments-${new Date().toISOString().slice(0, 10)}.csv` };
      });
    },
  };
}

/** GET /api/v1/finance/payees/:id/account: what Artists & Writers shows of a payee's royalties. */
export function createPayeeAccountService(ctx: AppContext) {
  return {
    async account(member: Member, payeeId: string) {
      requireCatalogue(member);
      return ctx.database.withOrg(member.organizationId, async (tx) => {
        const org = member.organizationId;
        const [payee] = (await payeesOf(tx, org)).filter((p) => p.id === payeeId);
        if (!payee) throw notFound(PAYMENT_MESSAGES.payeeNotFound);
        const entries = await deals.listEntries(tx, org, null);
        const contracts = (await deals.listDeals(tx, org)).flatMap((deal) =>
          dealBalances(deal, entries)
            .filter((b) => b.payee_id === payeeId)
            .map((b) => ({ deal, b })),
        );
        const statements = await queryRows<{
          id: string;
          period_id: string;
          start_month: string;
          status: 'open' | 'running' | 'computed' | 'approved' | 'published';
          closing_minor: string;
          payable_minor: string;
          cadence: string | null;
        }>(
          tx,
          sql`select s.id, s.period_id, to_char(p.start_month, 'YYYY-MM') as start_month, p.status,
                s.closing_minor::text as closing_minor, s.payable_minor::text as payable_minor, fs.period_cadence as cadence
              from royalty_statements s join royalty_periods p on p.id = s.period_id
              left join finance_settings fs on fs.organization_id = s.organization_id
              where s.organization_id = ${org} and s.payee_id = ${payeeId}
              order by p.start_month desc`,
        );
        const payments = await queryRows<{
          id: string;
          amount: string;
          currency: string;
          paid_on: string;
          reference: string;
        }>(
          tx,
          sql`select id, amount::text as amount, currency, to_char(paid_on, 'YYYY-MM-DD') as paid_on, reference
              from royalty_payments where organization_id = ${org} and payee_id = ${payeeId}
              order by paid_on desc, created_at desc`,
        );
        const balance = contracts.reduce((n, c) => n + c.b.balance_minor, 0n);
        const payable = contracts.reduce((n, c) => n + (c.b.balance_minor > 0n ? c.b.balance_minor : 0n), 0n);
        return {
          payee_id: payee.id,
          name: payee.name,
          currency: payee.currency,
          balance_minor: balance.toString(),
          payable_minor: payable.toString(),
          contracts: contracts.map(({ deal, b }) => ({
            ...b,
            deal_id: deal.id,
            contract_title: deal.contract_title,
            balance_minor: b.balance_minor.toString(),
            advances_minor: b.advances_minor.toString(),
            costs_minor: b.costs_minor.toString(),
            earnings_minor: b.earnings_minor.toString(),
            recouped_minor: b.recouped_minor.toString(),
          })),
          statements: statements.map((s) => ({
            id: s.id,
            period_id: s.period_id,
            period_name: periodName(s.start_month, (s.cadence ?? 'quarterly') as PeriodCadence),
            status: s.status,
            closing_minor: s.closing_minor,
            payable_minor: s.payable_minor,
          })),
          payments,
        };
      });
    },
  };
}
