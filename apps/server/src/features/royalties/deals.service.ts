/**
 * The "Contracts" tab (issue 16, sections 3 and 4; decision 0029): a signed contract's royalty terms
 * set up from its own fields (rate, advance, payees from the master split), edited, and its ledger.
 */
import { currencyExponent, fromScaled, sumDecimals, toScaled } from '@music-review/core/money';
import { PERIOD_MESSAGES } from '@music-review/core/royalties';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import { parseKey } from '../../platform/storage/keys.ts';
import { requireCatalogue } from '../catalogue/catalogue.access.ts';
import * as repo from './deals.repo.ts';
import { dealBalances } from './ledger.ts';
import { type SongFile, songFileTree } from './receipts.ts';

const str = (v: bigint) => v.toString();

function toDealDto(deal: repo.DealRow, entries: readonly repo.EntryRow[]) {
  return {
    id: deal.id,
    contract_id: deal.contract_id,
    contract_title: deal.contract_title,
    artist_name: deal.artist_name,
    song_title: deal.song_title,
    kind: deal.kind,
    basis: deal.basis,
    default_rate: deal.default_rate,
    rates: deal.rates,
    profit_share: deal.profit_share,
    reserve_rate: deal.reserve_rate,
    cross_collateralize: deal.cross_collateralize,
    payees: deal.payees,
    recordings: deal.recordings,
    balances: dealBalances(deal, entries).map((b) => ({
      ...b,
      balance_minor: str(b.balance_minor),
      advances_minor: str(b.advances_minor),
      costs_minor: str(b.costs_minor),
      earnings_minor: str(b.earnings_minor),
      recouped_minor: str(b.recouped_minor),
    })),
    row_version: deal.row_version,
  };
}

/** Field messages of an entry's receipt. */
export const RECEIPT_MESSAGES = {
  /** Not a file key of the label at all (another label's, or made up). */
  notTheLabels: 'Choose a file of your project folder.',
  /** One of the label's keys, but not a file the song's project folder shows. */
  notTheSongs: (songTitle: string) => `Choose a file of the project folder of “${songTitle}”.`,
};

/** How long a receipt's link opens the file (the project folder's links last as long). */
const RECEIPT_URL_SECONDS = 3600;

type ReceiptDto = { name: string; url: string | null; deleted: boolean };

function toEntryDto(e: repo.EntryRow, receipt: ReceiptDto | null) {
  return {
    id: e.id,
    kind: e.kind as 'opening',
    payee_id: e.payee_id,
    payee_name: e.payee_name,
    amount: e.amount,
    currency: e.currency,
    entry_date: e.entry_date,
    recoupable: e.recoupable,
    reason: e.reason,
    period_id: e.period_id,
    locked: e.locked,
    created_by: e.created_by,
    created_at: new Date(e.created_at).toISOString(),
    receipt,
  };
}

/** Shares as exact percent strings must total 100 exactly. */
const sharesTotal100 = (shares: readonly string[]) => toScaled(sumDecimals(shares), 4) === 1_000_000n;

export function createDealsService(ctx: AppContext) {
  const { database } = ctx;
  const { driver } = ctx.storage;

  /** The files of the song's project folder by key, with what the folder shows of them. */
  async function songTree(tx: OrgTx, org: string, songId: string) {
    return songFileTree(await repo.songFolders(tx, org, songId), await repo.songFiles(tx, org, songId));
  }

  /**
   * Each receipt of the entries, by key: its name and a signed link while the file exists (deleted
   * ones too, until purged); a file purged since keeps the name its key was made from, without a link.
   */
  async function receiptsOf(entries: readonly repo.EntryRow[], files: ReadonlyMap<string, SongFile>) {
    const keys = [...new Set(entries.flatMap((e) => (e.receipt_key ? [e.receipt_key] : [])))];
    const receipts = await Promise.all(
      keys.map(async (key): Promise<[string, ReceiptDto]> => {
        const file = files.get(key);
        if (!file) return [key, { name: parseKey(key)?.filename ?? 'Receipt', url: null, deleted: true }];
        const { url } = await driver.signedGetUrl(key, RECEIPT_URL_SECONDS);
        return [key, { name: file.name, url, deleted: file.isDeleted }];
      }),
    );
    return new Map(receipts);
  }

  async function dealDto(member: Member, id: string) {
    return database.withOrg(member.organizationId, async (tx) => {
      const deal = await repo.findDeal(tx, member.organizationId, id);
      if (!deal) throw notFound(PERIOD_MESSAGES.dealNotFound);
      return toDealDto(deal, await repo.listEntries(tx, member.organizationId, [deal.id]));
    });
  }

  return {
    async list(member: Member) {
      requireCatalogue(member);
      return database.withOrg(member.organizationId, async (tx) => {
        const org = member.organizationId;
        const [deals, entries, without] = [
          await repo.listDeals(tx, org),
          await repo.listEntries(tx, org, null),
          await repo.contractsWithoutTerms(tx, org),
        ];
        return { rows: deals.map((d) => toDealDto(d, entries)), without_terms: without };
      });
    },

    /**
     * "Set up terms": the contract's royalty rate of net receipts, its payees from the recording's
     * master split (else the artist's payee), and its advance as a ledger entry dated at signing,
     * when the advance is in the payee's currency (the ledger never converts; else it is left to enter).
     */
    async create(member: Member, contractId: string) {
      requireCatalogue(member);
      const id = await database.withOrg(member.organizationId, async (tx) => {
        const org = member.organizationId;
        const contract = await repo.findContract(tx, org, contractId);
        if (!contract) throw notFound('Contract not found');
        if (contract.status !== 'signed') throw new AppError('conflict', PERIOD_MESSAGES.contractNotSigned);
        const payees = await repo.defaultPayees(tx, org, contract.song_id, contract.artist_name);
        if (payees.length === 0)
          throw validationError({ contract_id: PERIOD_MESSAGES.noPayee }, PERIOD_MESSAGES.noPayee);
        const rate = String(contract.terms.royalty_rate ?? 0);
        const dealId = await repo.insertDeal(tx, org, {
          contractId,
          defaultRate: rate,
          createdBy: member.reviewer.id,
        });
        if (!dealId) throw new AppError('conflict', PERIOD_MESSAGES.dealExists);
        await repo.setSplitPayees(tx, org, dealId, payees);
        const advance = contract.terms.advance_cents ?? 0;
        const currency = contract.terms.currency ?? '';
        const first = payees[0]!;
        if (advance > 0 && currency === first.currency)
          await repo.insertEntry(tx, org, {
            dealId,
            payeeId: first.payee_id,
            kind: 'advance',
            amount: fromScaled(BigInt(advance), 2),
            currency,
            entryDate: (contract.completed_at ? new Date(contract.completed_at) : new Date())
              .toISOString()
              .slice(0, 10),
            recoupable: true,
            reason: 'Advance on signature (from the contract)',
            receiptKey: null,
            periodId: null,
            createdBy: member.reviewer.id,
          });
        return dealId;
      });
      return dealDto(member, id);
    },

    async update(
      member: Member,
      id: string,
      body: {
        kind: 'royalty' | 'profit_share';
        basis: 'net' | 'gross';
        default_rate: string;
        rates: Array<{ sale_type: string | null; territory: string | null; rate: string }>;
        profit_share: string | null;
        reserve_rate: string;
        cross_collateralize: boolean;
        payees: Array<{ payee_id: string; share: string }>;
        row_version: number;
      },
    ) {
      requireCatalogue(member);
      const problems: Record<string, string> = {};
      if (!sharesTotal100(body.payees.map((p) => p.share))) problems.payees = PERIOD_MESSAGES.sharesTotal;
      if (new Set(body.payees.map((p) => p.payee_id)).size !== body.payees.length)
        problems.payees = 'Each payee once.';
      if (body.kind === 'profit_share' && body.profit_share === null)
        problems.profit_share = 'A profit-share deal needs its percentage.';
      if (Object.keys(problems).length > 0) throw validationError(problems);
      await database.withOrg(member.organizationId, async (tx) => {
        const org = member.organizationId;
        const deal = await repo.findDeal(tx, org, id);
        if (!deal) throw notFound(PERIOD_MESSAGES.dealNotFound);
        const found = await repo.labelPayees(
          tx,
          org,
          body.payees.map((p) => p.payee_id),
        );
        if (found.length !== body.payees.length) throw notFound('Payee not found');
        const updated = await repo.updateDeal(tx, org, id, body.row_version, {
          kind: body.kind,
          basis: body.basis,
          default_rate: body.default_rate,
          rates: body.rates,
          profit_share: body.kind === 'profit_share' ? body.profit_share : null,
          reserve_rate: body.reserve_rate,
          cross_collateralize: body.cross_collateralize,
        });
        if (!updated)
          throw new AppError(
            'conflict',
            'These terms changed since you opened them. Reload to see the change.',
          );
        await repo.setDealPayees(tx, org, id, body.payees);
      });
      return dealDto(member, id);
    },

    async ledger(member: Member, id: string) {
      requireCatalogue(member);
      const org = member.organizationId;
      const { deal, entries, files } = await database.withOrg(org, async (tx) => {
        const deal = await repo.findDeal(tx, org, id);
        if (!deal) throw notFound(PERIOD_MESSAGES.dealNotFound);
        const entries = await repo.listEntries(tx, org, [id]);
        // Receipts are files of this deal's song only (addEntry checks it): its folder is enough.
        const files = entries.some((e) => e.receipt_key)
          ? await songTree(tx, org, deal.song_id)
          : new Map<string, SongFile>();
        return { deal, entries, files };
      });
      // Links are signed after the transaction: with S3 signing may take a moment.
      const receipts = await receiptsOf(entries, files);
      return {
        entries: entries.map((e) =>
          toEntryDto(e, e.receipt_key ? (receipts.get(e.receipt_key) ?? null) : null),
        ),
        balances: toDealDto(deal, entries).balances,
      };
    },

    /**
     * The files an entry's receipt may be: those the project folder of the contract's song shows
     * (none deleted), newest first, with the song to upload a new one into.
     */
    async receiptFiles(member: Member, id: string) {
      requireCatalogue(member);
      const org = member.organizationId;
      return database.withOrg(org, async (tx) => {
        const deal = await repo.findDeal(tx, org, id);
        if (!deal) throw notFound(PERIOD_MESSAGES.dealNotFound);
        const files = [...(await songTree(tx, org, deal.song_id)).values()].filter((f) => !f.isDeleted);
        return {
          song_id: deal.song_id,
          song_title: deal.song_title,
          files: files.map((f) => ({
            key: f.key,
            name: f.name,
            folder_path: f.folderPath,
            content_type: f.contentType,
            size_bytes: f.sizeBytes,
            created_at: f.createdAt,
          })),
        };
      });
    },

    /** An entry dated after the last published period, in its payee's currency (every payee's, when split). */
    async addEntry(
      member: Member,
      id: string,
      body: {
        kind: 'opening' | 'advance' | 'cost' | 'adjustment';
        payee_id: string | null;
        amount: string;
        currency: string;
        entry_date: string;
        recoupable: boolean;
        reason: string | null;
        receipt_key: string | null;
      },
    ) {
      requireCatalogue(member);
      const entryId = await database.withOrg(member.organizationId, async (tx) => {
        const org = member.organizationId;
        const deal = await repo.findDeal(tx, org, id);
        if (!deal) throw notFound(PERIOD_MESSAGES.dealNotFound);
        const problems: Record<string, string> = {};
        const payees = body.payee_id ? deal.payees.filter((p) => p.payee_id === body.payee_id) : deal.payees;
        if (body.payee_id && payees.length === 0) problems.payee_id = 'Choose one of this contract’s payees.';
        if (payees.some((p) => p.currency !== body.currency))
          problems.currency = `Enter it in the payee’s currency (${payees.map((p) => p.currency).join(', ')}).`;
        const decimals = body.amount.split('.')[1]?.length ?? 0;
        if (decimals > currencyExponent(body.currency))
          problems.amount = `${body.currency} has ${currencyExponent(body.currency)} decimals.`;
        if (!body.amount.startsWith('-') && toScaled(body.amount, 6) === 0n)
          problems.amount = 'Enter an amount.';
        if (['advance', 'cost'].includes(body.kind) && body.amount.startsWith('-'))
          problems.amount = 'Enter the amount paid, without a minus sign.';
        if (body.kind === 'adjustment' && !body.reason)
          problems.reason = 'Say why: an adjustment needs a reason.';
        // A receipt is a file the project folder of the deal's own song shows; another label's key
        // gets the same answer as a made-up one.
        if (body.receipt_key) {
          if (parseKey(body.receipt_key)?.organizationId !== org)
            problems.receipt_key = RECEIPT_MESSAGES.notTheLabels;
          else {
            const file = (await songTree(tx, org, deal.song_id)).get(body.receipt_key);
            if (!file || file.isDeleted) problems.receipt_key = RECEIPT_MESSAGES.notTheSongs(deal.song_title);
          }
        }
        if (Object.keys(problems).length > 0) throw validationError(problems);
        const until = await repo.lockedUntil(tx, org);
        if (until && body.entry_date <= until)
          throw validationError(
            { entry_date: PERIOD_MESSAGES.entryInLockedPeriod },
            PERIOD_MESSAGES.entryInLockedPeriod,
          );
        return repo.insertEntry(tx, org, {
          dealId: id,
          payeeId: body.payee_id,
          kind: body.kind,
          amount: body.amount,
          currency: body.currency,
          entryDate: body.entry_date,
          recoupable: body.kind === 'cost' ? body.recoupable : true,
          reason: body.reason,
          receiptKey: body.receipt_key,
          periodId: null,
          createdBy: member.reviewer.id,
        });
      });
      const { entries } = await this.ledger(member, id);
      return entries.find((e) => e.id === entryId)!;
    },
  };
}
