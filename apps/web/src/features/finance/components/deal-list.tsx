import { DEAL_KIND_LABELS } from '@music-review/core/royalties';
import { Layers } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import type { DealDto, PayeeBalanceDto } from '../accounting-types';
import {
  balanceText,
  forecastText,
  minorOf,
  percentText,
  rateSummary,
  recoupedText,
} from './accounting-format';

/** A balance in words, amber while unrecouped, green when something is owed. */
export function BalanceText({ balance, className }: { balance: PayeeBalanceDto; className?: string }) {
  const units = minorOf(balance.balance_minor) ?? 0n;
  return (
    <span
      className={cn(
        'font-medium tabular-nums',
        units < 0n ? 'text-warning' : units > 0n ? 'text-success' : 'text-muted-foreground',
        className,
      )}
    >
      {balanceText(balance)}
    </span>
  );
}

/** Each payee's balance, what is recouped so far, and when the rest should be. */
export function BalanceList({ balances, label }: { balances: readonly PayeeBalanceDto[]; label: string }) {
  if (balances.length === 0) return <p className="text-sm text-muted-foreground">No payee yet.</p>;
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-border">
      {balances.map((balance) => {
        const forecast = forecastText(balance);
        return (
          <li key={balance.payee_id} className="flex flex-col gap-0.5 py-2 first:pt-0 last:pb-0">
            <span className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium text-foreground [overflow-wrap:anywhere]">{balance.name}</span>
              <BalanceText balance={balance} />
            </span>
            <span className="text-sm text-muted-foreground">{recoupedText(balance)}</span>
            {forecast ? <span className="text-sm text-muted-foreground">{forecast}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The contracts with royalty terms, one card each (they fit a phone as they are): its title (which
 * opens its terms and ledger), artist and song, kind and rates, payees with shares, and each
 * payee's balance.
 */
export function DealList({ rows, onOpen }: { rows: readonly DealDto[]; onOpen: (deal: DealDto) => void }) {
  return (
    <ul aria-label="Contracts with royalty terms" className="grid gap-3 lg:grid-cols-2">
      {rows.map((deal) => (
        <li key={deal.id} className="min-w-0">
          <article
            aria-labelledby={`deal-${deal.id}`}
            className="flex h-full flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-card"
          >
            <div className="flex flex-col gap-1">
              <h3 id={`deal-${deal.id}`} className="text-base font-medium leading-tight">
                <button
                  type="button"
                  onClick={() => onOpen(deal)}
                  className="text-left text-link underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring [overflow-wrap:anywhere]"
                >
                  {deal.contract_title}
                </button>
              </h3>
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                {deal.artist_name} · {deal.song_title}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="primary">{DEAL_KIND_LABELS[deal.kind]}</Badge>
              <span className="text-sm text-foreground">{rateSummary(deal)}</span>
              {deal.cross_collateralize ? (
                <Badge>
                  <Layers aria-hidden="true" className="size-3" />
                  Cross-collateralised
                </Badge>
              ) : null}
            </div>
            <div className="flex flex-col gap-1">
              <h4 className="text-xs font-medium text-muted-foreground">Payees</h4>
              <ul
                aria-label={`Payees of ${deal.contract_title}`}
                className="flex flex-wrap gap-x-4 gap-y-1 text-sm"
              >
                {deal.payees.map((payee) => (
                  <li key={payee.payee_id}>
                    {payee.name}{' '}
                    <span className="tabular-nums text-muted-foreground">{percentText(payee.share)}</span>
                  </li>
                ))}
              </ul>
            </div>
            <div className="flex flex-col gap-1">
              <h4 className="text-xs font-medium text-muted-foreground">Balances</h4>
              <BalanceList balances={deal.balances} label={`Balances of ${deal.contract_title}`} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
