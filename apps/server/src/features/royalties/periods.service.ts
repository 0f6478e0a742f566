/**
 * The "Statements" tab (issue 16, section 5; decision 0029): the label's periods, their exchange
 * rates, "Run period" as a job (every payee's statement from the chosen imports, with what changed
 * since the previous run), then approve and publish: publishing writes the period's earnings,
 * reserves and cross-collateral moves into the ledger and locks the period.
 */
import { currencyExponent, fromScaled } from '@music-review/core/money';
import {
  PERIOD_MESSAGES,
  type PeriodCadence,
  type PeriodStatus,
  periodEndOf,
  periodName,
  periodStartOf,
  ROYALTY_RUN_JOB,
} from '@music-review/core/royalties';
import {
  computePeriod,
  diffStatements,
  type EngineEntry,
  type EngineInput,
  type PayeeStatement,
  parseStatement,
  serializeStatement,
} from '@music-review/core/royalty-engine';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { Database, OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { requireCatalogue } from '../catalogue/catalogue.access.ts';
import * as deals from './deals.repo.ts';
import { signOf, splitEntry } from './ledger.ts';
import * as repo from './periods.repo.ts';
import { afterPublish } from './statement-links.ts';

export type RunInput = { period_id: string };

const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

function toPeriodDto(row: repo.PeriodRow, cadence: PeriodCadence) {
  return {
    id: row.id,
    name: periodName(row.start_month, cadence),
    start_month: row.start_month,
    end_month: row.end_month,
    status: row.status as PeriodStatus,
    import_ids: row.import_ids,
    rates: row.rates,
    statements: row.summary.statements ?? 0,
    payable: row.summary.payable ?? [],
    uncontracted: row.summary.uncontracted ?? [],
    error: row.error,
    run_at: row.run_at ? new Date(row.run_at).toISOString() : null,
    approved_at: row.approved_at ? new Date(row.approved_at).toISOString() : null,
    published_at: row.published_at ? new Date(row.published_at).toISOString() : null,
  };
}

/** The figures a statement row of the list shows, from the engine's statement. */
function figuresOf(s: PayeeStatement) {
  return {
    opening_minor: s.opening_minor.toString(),
    earnings_minor: s.earnings_minor.toString(),
    advances_minor: s.advances_minor.toString(),
    costs_minor: s.costs_minor.toString(),
    reserves_held_minor: s.reserves_held_minor.toString(),
    reserves_released_minor: s.reserves_released_minor.toString(),
    payments_minor: s.payments_minor.toString(),
    adjustments_minor: s.adjustments_minor.toString(),
    closing_minor: s.closing_minor.toString(),
  };
}

/**
 * What the engine is given for a period: each deal and payee's opening (every entry dated before
 * the period), the reserves the previous published period held (released now), the member's
 * entries dated in the period, the terms, the payees and the period's rates. Pure: the run and the
 * period-run benchmark build it alike.
 */
export function buildEngineInput(
  periodId: string,
  period: repo.PeriodRow,
  dealRows: deals.DealRow[],
  entries: deals.EntryRow[],
  receipts: repo.ReceiptRow[],
  previousPublished: repo.PeriodRow | undefined,
): EngineInput {
  const start = period.start_month;
  const startDate = `${start}-01`;
  const endDate = lastDayOf(period.end_month);
  const openings = new Map<string, bigint>();
  const releases = new Map<string, bigint>();
  const periodEntries: EngineEntry[] = [];
  const dealById = new Map(dealRows.map((d) => [d.id, d]));
  for (const e of entries) {
    const deal = dealById.get(e.deal_id);
    if (!deal) continue;
    if (e.entry_date < startDate) {
      for (const part of splitEntry(deal, e)) {
        const key = `${e.deal_id}:${part.payee_id}`;
        openings.set(key, (openings.get(key) ?? 0n) + part.amount_minor * signOf(e));
      }
      if (e.kind === 'reserve_held' && previousPublished && e.period_id === previousPublished.id)
        for (const part of splitEntry(deal, e)) {
          const key = `${e.deal_id}:${part.payee_id}`;
          releases.set(key, (releases.get(key) ?? 0n) + part.amount_minor);
        }
    } else if (e.entry_date <= endDate && e.period_id === null) {
      periodEntries.push({
        deal_id: e.deal_id,
        payee_id: e.payee_id,
        kind: e.kind === 'opening' ? 'adjustment' : (e.kind as EngineEntry['kind']),
        amount: e.amount,
        currency: e.currency,
        recoupable: e.recoupable,
      });
    }
  }
  const payees = new Map<string, { id: string; name: string; currency: string }>();
  for (const d of dealRows)
    for (const p of d.payees) payees.set(p.payee_id, { id: p.payee_id, name: p.name, currency: p.currency });
  const keyed = (map: Map<string, bigint>) =>
    [...map.entries()].map(([key, value]) => {
      const [deal_id, payee_id] = key.split(':') as [string, string];
      return { deal_id, payee_id, value };
    });

  return {
    period: { id: periodId, start, end: period.end_month },
    deals: dealRows.map((d) => ({
      id: d.id,
      name: d.contract_title,
      kind: d.kind,
      basis: d.basis,
      default_rate: d.default_rate,
      rates: d.rates.map((r) => ({
        sale_type: r.sale_type as never,
        territory: r.territory,
        rate: r.rate,
      })),
      profit_share: d.profit_share,
      reserve_rate: d.reserve_rate,
      cross_collateral_group: d.cross_collateralize ? `artist:${d.artist_name.trim().toLowerCase()}` : null,
      recording_ids: d.recordings.map((r) => r.id),
      payees: d.payees.map((p) => ({ payee_id: p.payee_id, share: p.share })),
    })),
    payees: [...payees.values()],
    receipts,
    rates: period.rates,
    openings: keyed(openings).map(({ deal_id, payee_id, value }) => ({
      deal_id,
      payee_id,
      balance_minor: value,
    })),
    reserves_to_release: keyed(releases).map(({ deal_id, payee_id, value }) => ({
      deal_id,
      payee_id,
      amount_minor: value,
    })),
    entries: periodEntries,
  };
}

/**
 * A run: everything the engine needs, read in one transaction; the statements replaced in the
 * same. A missing exchange rate stops the run with a message naming the pair; nothing changes.
 */
export async function runPeriodWork(database: Database, org: string, periodId: string) {
  return database.withOrg(org, async (tx) => {
    const period = await repo.findPeriod(tx, org, periodId, true);
    if (!period || period.status !== 'running') return { skipped: true };
    // The receipts' sum sorts about a million rows: in memory rather than on disk.
    if (database.kind === 'postgres') await tx.execute(sql`set local work_mem = '64MB'`);
    const cadence = await repo.cadenceOf(tx, org);
    const start = period.start_month;
    const end = period.end_month;
    const dealRows = await deals.listDeals(tx, org);
    const entries = await deals.listEntries(tx, org, null);
    const receipts = await repo.periodReceipts(tx, org, period.import_ids, start, end);
    const previousPublished = (await repo.listPeriods(tx, org)).find(
      (p) => p.status === 'published' && p.end_month < start,
    );

    const result = computePeriod(
      buildEngineInput(periodId, period, dealRows, entries, receipts, previousPublished),
    );

    const name = periodName(start, cadence);
    if (result.missing_rates.length > 0) {
      const [first] = result.missing_rates;
      await repo.updatePeriod(tx, org, periodId, {
        status: (period.summary.statements ?? 0) > 0 ? 'computed' : 'open',
        error: PERIOD_MESSAGES.missingRate(first!.from, first!.to, name),
      });
      return { missing_rates: result.missing_rates.length };
    }

    const before = (await repo.statementFigures(tx, org, periodId)).map(parseStatement);
    const hadRun = before.length > 0;
    const changes = new Map(diffStatements(before, result.statements).map((d) => [d.payee_id, d]));
    await repo.replaceStatements(
      tx,
      org,
      periodId,
      result.statements.map((s) => ({
        payeeId: s.payee_id,
        currency: s.currency,
        opening: s.opening_minor,
        earnings: s.earnings_minor,
        closing: s.closing_minor,
        payable: s.payable_minor,
        detail: serializeStatement(s),
        changes: hadRun
          ? (changes.get(s.payee_id)?.changes ?? []).map((c) => ({
              field: c.field,
              before: c.before.toString(),
              after: c.after.toString(),
            }))
          : null,
      })),
    );
    const payable = new Map<string, bigint>();
    for (const s of result.statements)
      payable.set(s.currency, (payable.get(s.currency) ?? 0n) + s.payable_minor);
    await repo.updatePeriod(tx, org, periodId, {
      status: 'computed',
      error: null,
      summary: {
        statements: result.statements.length,
        payable: [...payable.entries()]
          .sort()
          .map(([currency, minor]) => ({ currency, minor: minor.toString() })),
        uncontracted: result.uncontracted,
      },
    });
    return { statements: result.statements.length };
  });
}

/** Publishes an approved period: its statements' moves become ledger entries; the period is locked. */
export async function publishPeriodWork(tx: OrgTx, org: string, id: string, reviewerId: string) {
  const row = await repo.findPeriod(tx, org, id, true);
  if (!row) throw notFound(PERIOD_MESSAGES.periodNotFound);
  if (row.status === 'published') throw new AppError('conflict', PERIOD_MESSAGES.locked);
  if (row.status !== 'approved') throw new AppError('conflict', PERIOD_MESSAGES.notApproved);
  const date = lastDayOf(row.end_month);
  const entries: deals.NewEntry[] = [];
  for (const s of await repo.listStatements(tx, org, id)) {
    const st = parseStatement(s.detail);
    const exponent = currencyExponent(st.currency);
    for (const d of st.deals) {
      const moves: Array<[string, bigint]> = [
        ['earnings', d.earnings_minor],
        ['reserve_held', d.reserves_held_minor],
        ['reserve_released', d.reserves_released_minor],
        ['cross_collateral', d.cross_collateral_minor],
      ];
      for (const [kind, minor] of moves)
        if (minor !== 0n)
          entries.push({
            dealId: d.deal_id,
            payeeId: st.payee_id,
            kind,
            amount: fromScaled(minor, exponent),
            currency: st.currency,
            entryDate: date,
            recoupable: true,
            reason: null,
            receiptKey: null,
            periodId: id,
            createdBy: reviewerId,
          });
    }
  }
  await deals.insertEntries(tx, org, entries);
  await repo.updatePeriod(tx, org, id, { status: 'published', publishedBy: reviewerId });
}

export function defineRoyaltyRunJob(ctx: AppContext) {
  ctx.jobs.define<RunInput>(
    ROYALTY_RUN_JOB,
    async (run) => {
      try {
        return await runPeriodWork(ctx.database, run.organizationId, run.input.period_id);
      } catch (error) {
        // The period must not stay "running": it says the run failed, and may be run again.
        await ctx.database.withOrg(run.organizationId, (tx) =>
          repo.updatePeriod(tx, run.organizationId, run.input.period_id, {
            status: 'open',
            error: 'The run stopped on an error; nothing changed. Run it again.',
          }),
        );
        throw error;
      }
    },
    { retryLimit: 0, expireInSeconds: 30 * 60 },
  );
}

export function createPeriodsService(ctx: AppContext) {
  const { database } = ctx;

  async function periodDto(tx: OrgTx, org: string, id: string) {
    const row = await repo.findPeriod(tx, org, id);
    if (!row) throw notFound(PERIOD_MESSAGES.periodNotFound);
    return toPeriodDto(row, await repo.cadenceOf(tx, org));
  }

  async function locked(
    member: Member,
    id: string,
    allowed: PeriodStatus[],
    work: (tx: OrgTx, row: repo.PeriodRow) => Promise<void>,
  ) {
    return database.withOrg(member.organizationId, async (tx) => {
      const row = await repo.findPeriod(tx, member.organizationId, id, true);
      if (!row) throw notFound(PERIOD_MESSAGES.periodNotFound);
      if (row.status === 'published') throw new AppError('conflict', PERIOD_MESSAGES.locked);
      if (!allowed.includes(row.status as PeriodStatus))
        throw new AppError(
          'conflict',
          row.status === 'running' ? 'The period is running; wait for its end.' : PERIOD_MESSAGES.notComputed,
        );
      await work(tx, row);
      return periodDto(tx, member.organizationId, id);
    });
  }

  return {
    async settings(member: Member) {
      requireCatalogue(member);
      return database.withOrg(member.organizationId, async (tx) => ({
        period_cadence: await repo.cadenceOf(tx, member.organizationId),
        reporting_currency: await repo.reportingCurrencyOf(tx, member.organizationId),
      }));
    },

    /**
     * The cadence decides how periods are cut: it changes only before the first period. The
     * reporting currency (analytics, decision 0030) may change at any time: it converts nothing stored.
     */
    async saveSettings(
      member: Member,
      body: { period_cadence?: PeriodCadence | undefined; reporting_currency?: string | undefined },
    ) {
      requireCatalogue(member);
      return database.withOrg(member.organizationId, async (tx) => {
        const org = member.organizationId;
        const current = await repo.cadenceOf(tx, org);
        if (body.period_cadence !== undefined && current !== body.period_cadence) {
          if ((await repo.countPeriods(tx, org)) > 0)
            throw new AppError(
              'conflict',
              'The period length can change only before the first period is added.',
            );
          await repo.saveCadence(tx, org, body.period_cadence);
        }
        if (body.reporting_currency !== undefined)
          await repo.saveReportingCurrency(tx, org, body.reporting_currency);
        return {
          period_cadence: body.period_cadence ?? current,
          reporting_currency: await repo.reportingCurrencyOf(tx, org),
        };
      });
    },

    async list(member: Member) {
      requireCatalogue(member);
      return database.withOrg(member.organizationId, async (tx) => {
        const cadence = await repo.cadenceOf(tx, member.organizationId);
        const rows = await repo.listPeriods(tx, member.organizationId);
        return { rows: rows.map((r) => toPeriodDto(r, cadence)), cadence };
      });
    },

    async create(member: Member, body: { month: string }) {
      requireCatalogue(member);
      return database.withOrg(member.organizationId, async (tx) => {
        const org = member.organizationId;
        const cadence = await repo.cadenceOf(tx, org);
        const start = periodStartOf(body.month, cadence);
        const end = periodEndOf(start, cadence);
        if (await repo.overlapping(tx, org, start, end))
          throw new AppError('conflict', PERIOD_MESSAGES.periodExists);
        // Its first choice of imports: every imported one with sales in its months.
        const id = await repo.insertPeriod(tx, org, start, end);
        await repo.updatePeriod(tx, org, id, { importIds: await repo.importsWithSales(tx, org, start, end) });
        return periodDto(tx, org, id);
      });
    },

    saveRates(
      member: Member,
      id: string,
      body: { rates: Array<{ from: string; to: string; rate: string }> },
    ) {
      requireCatalogue(member);
      return locked(member, id, ['open', 'computed', 'approved'], async (tx) => {
        const seen = new Set<string>();
        for (const r of body.rates) {
          const key = `${r.from}>${r.to}`;
          if (r.from === r.to || seen.has(key))
            throw new AppError(
              'validation_failed',
              `One rate per pair of different currencies (${r.from} → ${r.to}).`,
            );
          seen.add(key);
        }
        await repo.updatePeriod(tx, member.organizationId, id, { rates: body.rates });
      });
    },

    /** "Run period": a job; the period says "running" until it ends. */
    async run(member: Member, id: string, body: { import_ids?: string[] | undefined }) {
      requireCatalogue(member);
      const dto = await locked(member, id, ['open', 'computed', 'approved'], async (tx, row) => {
        const org = member.organizationId;
        const chosen = body.import_ids
          ? await repo.importedIds(tx, org, body.import_ids)
          : row.import_ids.length > 0
            ? await repo.importedIds(tx, org, row.import_ids)
            : await repo.importsWithSales(tx, org, row.start_month, row.end_month);
        if (body.import_ids && chosen.length !== body.import_ids.length)
          throw new AppError(
            'validation_failed',
            'Choose imports that are imported.',
            {},
            { import_ids: 'Choose imports that are imported.' },
          );
        await repo.updatePeriod(tx, org, id, {
          status: 'running',
          importIds: chosen,
          error: null,
          runBy: member.reviewer.id,
        });
      });
      const job = await ctx.jobs.enqueue(member.organizationId, member.reviewer.id, ROYALTY_RUN_JOB, {
        period_id: id,
      });
      await database.withOrg(member.organizationId, (tx) =>
        repo.updatePeriod(tx, member.organizationId, id, { jobId: job.id }),
      );
      return { ...dto, status: 'running' as const };
    },

    async get(member: Member, id: string) {
      requireCatalogue(member);
      return database.withOrg(member.organizationId, async (tx) => {
        const dto = await periodDto(tx, member.organizationId, id);
        const statements = await repo.listStatements(tx, member.organizationId, id);
        return {
          ...dto,
          statement_rows: statements.map((s) => {
            const st = parseStatement(s.detail);
            return {
              id: s.id,
              payee_id: s.payee_id,
              payee_name: s.payee_name,
              currency: s.currency,
              ...figuresOf(st),
              payable_minor: st.payable_minor.toString(),
              changes: s.changes,
            };
          }),
        };
      });
    },

    approve(member: Member, id: string) {
      requireCatalogue(member);
      return locked(member, id, ['computed'], async (tx) => {
        await repo.updatePeriod(tx, member.organizationId, id, {
          status: 'approved',
          approvedBy: member.reviewer.id,
        });
      });
    },

    /** Publishing writes the run's entries into the ledger, dated the period's last day, and locks it. */
    async publish(member: Member, id: string) {
      requireCatalogue(member);
      const dto = await database.withOrg(member.organizationId, async (tx) => {
        await publishPeriodWork(tx, member.organizationId, id, member.reviewer.id);
        return periodDto(tx, member.organizationId, id);
      });
      // After the commit: each payee's link, emailed (statement-links.ts).
      await afterPublish(ctx, member.organizationId, id);
      return dto;
    },

    async statement(member: Member, id: string) {
      requireCatalogue(member);
      return database.withOrg(member.organizationId, async (tx) => {
        const org = member.organizationId;
        const row = await repo.findStatement(tx, org, id);
        if (!row) throw notFound('Statement not found');
        const period = await periodDto(tx, org, row.period_id);
        const st = parseStatement(row.detail);
        const dealRows = new Map((await deals.listDeals(tx, org)).map((d) => [d.id, d]));
        const titles = await repo.titlesOf(
          tx,
          org,
          [...new Set(st.lines.map((l) => l.recording_id))],
          [...new Set(st.lines.flatMap((l) => (l.release_id ? [l.release_id] : [])))],
        );
        return {
          id: row.id,
          payee_id: row.payee_id,
          payee_name: row.payee_name,
          currency: row.currency,
          ...figuresOf(st),
          payable_minor: st.payable_minor.toString(),
          changes: row.changes,
          period_id: row.period_id,
          period_name: period.name,
          deals: st.deals.map((d) => ({
            deal_id: d.deal_id,
            contract_title: dealRows.get(d.deal_id)?.contract_title ?? 'Contract',
            opening_minor: d.opening_minor.toString(),
            earnings_minor: d.earnings_minor.toString(),
            advances_minor: d.advances_minor.toString(),
            costs_minor: d.costs_minor.toString(),
            reserves_held_minor: d.reserves_held_minor.toString(),
            reserves_released_minor: d.reserves_released_minor.toString(),
            payments_minor: d.payments_minor.toString(),
            adjustments_minor: d.adjustments_minor.toString(),
            closing_minor: d.closing_minor.toString(),
            cross_collateral_minor: d.cross_collateral_minor.toString(),
          })),
          lines: st.lines.map((l) => ({
            release_title: l.release_id ? (titles.releases.get(l.release_id)?.title ?? null) : null,
            track_title: titles.recordings.get(l.recording_id)?.title ?? null,
            isrc: titles.recordings.get(l.recording_id)?.isrc ?? null,
            store: l.store,
            territory: l.territory,
            sale_type: l.sale_type,
            quantity: l.quantity,
            receipts: l.receipts,
            earnings_minor: l.earnings_minor.toString(),
          })),
        };
      });
    },
  };
}
