import { LEDGER_ENTRY_LABELS } from '@music-review/core/royalties';
import { Lock } from 'lucide-react';
import { ListSkeleton, LoadError } from '../../../components/list-states';
import type { LedgerEntryDto, LedgerReceiptDto, PayeeBalanceDto } from '../accounting-types';
import type { useLedger } from '../api/list-ledger';
import { chargesOf, forecastText, formatDay, formatMinorText, minorOf } from './accounting-format';
import { BalanceText } from './deal-list';
import { formatDateTime, formatMoney } from './format';

const th = 'border-b border-border bg-muted px-3 py-2 text-left font-medium whitespace-nowrap';
const td = 'border-b border-border px-3 py-2 align-top';

/** Who added an entry: a member, the period run (earnings, reserves), or a member since gone. */
const addedBy = (entry: LedgerEntryDto) =>
  entry.created_by ?? (entry.period_id ? 'The period run' : 'A former member');

/**
 * An entry's receipt: "Receipt", a link that opens the file (signed, valid an hour; the ledger is
 * read again before then), with the file's name; said when the project folder no longer has it.
 */
function Receipt({ receipt }: { receipt: LedgerReceiptDto }) {
  if (!receipt.url) {
    return (
      <span className="text-xs text-muted-foreground">
        Receipt {receipt.name}: removed from the project folder
      </span>
    );
  }
  return (
    <span className="flex flex-col">
      <a
        href={receipt.url}
        target="_blank"
        rel="noopener noreferrer"
        className="w-fit font-medium text-primary underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        Receipt
      </a>
      <span className="text-xs text-muted-foreground">
        {receipt.name}
        {receipt.deleted ? ' (in the project folder’s Recently deleted)' : ''}
      </span>
    </span>
  );
}

function EntriesTable({ entries, title }: { entries: readonly LedgerEntryDto[]; title: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named scroll box around the table, not a section of the page's outline
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box itself must be reachable by keyboard
      tabIndex={0}
      role="region"
      aria-label="Ledger entries"
      className="max-h-96 overflow-auto rounded-xl border border-border bg-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">Ledger of {title}</caption>
        <thead className="sticky top-0 text-muted-foreground">
          <tr>
            {['Date', 'Entry', 'Payee', 'Amount', 'Reason', 'Added'].map((column) => (
              <th key={column} scope="col" className={th}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className={`${td} whitespace-nowrap`}>{formatDay(entry.entry_date)}</td>
              <th scope="row" className={`${td} text-left font-normal`}>
                <span className="flex flex-col">
                  <span className="whitespace-nowrap">{LEDGER_ENTRY_LABELS[entry.kind]}</span>
                  {entry.locked ? (
                    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                      <Lock aria-hidden="true" className="size-3" />
                      Locked
                    </span>
                  ) : null}
                </span>
              </th>
              <td className={td}>{entry.payee_name ?? 'All payees by share'}</td>
              <td className={`${td} text-right`}>
                <span className="flex flex-col items-end">
                  <span className="tabular-nums whitespace-nowrap">
                    {formatMoney({ currency: entry.currency, net: entry.amount })}
                  </span>
                  {entry.kind === 'cost' && !entry.recoupable ? (
                    <span className="text-xs text-muted-foreground whitespace-nowrap">Not recoupable</span>
                  ) : null}
                </span>
              </td>
              <td className={`${td} min-w-40 [overflow-wrap:anywhere]`}>
                <span className="flex flex-col gap-1">
                  {entry.reason ? <span>{entry.reason}</span> : null}
                  {entry.receipt ? <Receipt receipt={entry.receipt} /> : null}
                </span>
              </td>
              <td className={td}>
                <span className="flex flex-col">
                  <span>{addedBy(entry)}</span>
                  <span className="text-xs text-muted-foreground whitespace-nowrap">
                    {formatDateTime(entry.created_at)}
                  </span>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One payee's recoupment waterfall: advances and recoupable costs, what earnings recouped of them,
 * and what remains. Exact minor units throughout; the bar is only a picture of the figures beside it.
 */
function Waterfall({ balance }: { balance: PayeeBalanceDto }) {
  const charges = chargesOf(balance);
  const recouped = minorOf(balance.recouped_minor) ?? 0n;
  const remaining = charges > recouped ? charges - recouped : 0n;
  const money = (units: bigint | string) => formatMinorText(units, balance.currency);
  const forecast = forecastText(balance);
  const share = charges > 0n ? Number((recouped * 100n) / charges) : 100;
  return (
    <section
      aria-label={`Recoupment of ${balance.name}`}
      className="flex flex-col gap-2 rounded-lg border border-border p-3"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h4 className="font-medium text-foreground [overflow-wrap:anywhere]">{balance.name}</h4>
        <BalanceText balance={balance} />
      </div>
      {forecast ? <p className="text-sm text-muted-foreground">{forecast}</p> : null}
      {charges > 0n ? (
        <>
          <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
            <div className="h-full rounded-full bg-success" style={{ width: `${share}%` }} />
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-xs text-muted-foreground">Advances</dt>
              <dd className="tabular-nums">{money(balance.advances_minor)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Recoupable costs</dt>
              <dd className="tabular-nums">{money(balance.costs_minor)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Recouped</dt>
              <dd className="tabular-nums">{money(recouped)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Remaining</dt>
              <dd className="tabular-nums">{money(remaining)}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">No advance or cost to recoup.</p>
      )}
    </section>
  );
}

/** A contract's ledger: every entry (locked ones marked), then each payee's balance and waterfall. */
export function LedgerSection({ ledger, title }: { ledger: ReturnType<typeof useLedger>; title: string }) {
  if (ledger.isPending) return <ListSkeleton label="Loading the ledger" rows={2} />;
  if (ledger.isError) {
    return (
      <LoadError
        message={ledger.error.message || 'The ledger could not be loaded.'}
        onRetry={() => void ledger.refetch()}
      />
    );
  }
  const { entries, balances } = ledger.data;
  return (
    <div className="flex flex-col gap-4">
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No entries yet. Add the advance, a recoupable cost or an opening balance below; each published
          period adds its earnings.
        </p>
      ) : (
        <EntriesTable entries={entries} title={title} />
      )}
      <div className="flex flex-col gap-2">
        {balances.map((balance) => (
          <Waterfall key={balance.payee_id} balance={balance} />
        ))}
      </div>
    </div>
  );
}
