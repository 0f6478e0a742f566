import type { PublicStatementDto } from '@music-review/core/contracts/royalty-statements';
import { formatMinor, isCurrency, roundToMinor } from '@music-review/core/money';
import {
  monthsText,
  STATEMENT_FIGURES,
  STATEMENT_PAGE_LINES,
  STATEMENT_SALE_TYPE_LABELS,
  STATEMENT_TEXTS,
} from '@music-review/core/royalty-statements';
import { Download, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PortalCard, PublicLinkPage, publicErrorMessage } from '../../../components/public-portal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { downloadPublicStatement } from '../api/download-statement';
import { usePublicStatement } from '../api/open-statement';

/** Minor units as text for people ("USD 1,234.56"); what the client cannot read is shown as sent. */
function money(minor: string, currency: string) {
  return /^-?\d+$/.test(minor) && isCurrency(currency)
    ? formatMinor(BigInt(minor), currency)
    : `${currency} ${minor}`;
}

/** An exact decimal rounded for display with the one rounding rule (decision 0028). */
function decimal(value: string, currency: string) {
  try {
    return formatMinor(roundToMinor(value, currency), currency);
  } catch {
    return value;
  }
}

const th = 'border-b border-border px-2 py-2 font-medium text-muted-foreground whitespace-nowrap';
const td = 'border-b border-border px-2 py-2 align-top text-foreground';
const num = `${td} text-right tabular-nums whitespace-nowrap`;

function DownloadButtons({ token }: { token: string }) {
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (format: 'pdf' | 'csv') => {
    setBusy(format);
    setError(null);
    try {
      await downloadPublicStatement(token, format);
    } catch (e) {
      setError(publicErrorMessage(e, STATEMENT_TEXTS.downloadFailed));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void run('pdf')} isLoading={busy === 'pdf'} disabled={busy !== null}>
          <Download aria-hidden="true" />
          {STATEMENT_TEXTS.downloadPdf}
        </Button>
        <Button
          variant="outline"
          onClick={() => void run('csv')}
          isLoading={busy === 'csv'}
          disabled={busy !== null}
        >
          <Download aria-hidden="true" />
          {STATEMENT_TEXTS.downloadCsv}
        </Button>
      </div>
      {error ? <Alert>{error}</Alert> : null}
    </div>
  );
}

function Figures({ statement }: { statement: PublicStatementDto }) {
  const c = statement.currency;
  return (
    <section aria-labelledby="statement-summary" className="flex flex-col gap-2">
      <h2 id="statement-summary" className="text-base font-semibold text-foreground">
        Summary
      </h2>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 text-sm">
        {STATEMENT_FIGURES.map(([field, label]) => (
          <div key={field} className="contents">
            <dt className="border-b border-border py-1.5 text-muted-foreground">{label}</dt>
            <dd className="border-b border-border py-1.5 text-right tabular-nums text-foreground">
              {money(statement[field], c)}
            </dd>
          </div>
        ))}
        <dt className="py-1.5 font-semibold text-foreground">{STATEMENT_TEXTS.payable}</dt>
        <dd className="py-1.5 text-right font-semibold tabular-nums text-foreground">
          {money(statement.payable_minor, c)}
        </dd>
      </dl>
    </section>
  );
}

function Contracts({ statement }: { statement: PublicStatementDto }) {
  const c = statement.currency;
  if (statement.deals.length === 0) return null;
  return (
    <section aria-labelledby="statement-contracts" className="flex flex-col gap-2">
      <h2 id="statement-contracts" className="text-base font-semibold text-foreground">
        {STATEMENT_TEXTS.contracts}
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead>
            <tr>
              <th className={th}>Contract</th>
              {STATEMENT_FIGURES.map(([field, label]) => (
                <th key={field} className={`${th} text-right`}>
                  {label}
                </th>
              ))}
              <th className={`${th} text-right`}>{STATEMENT_TEXTS.payable}</th>
            </tr>
          </thead>
          <tbody>
            {statement.deals.map((deal, index) => (
              // Two contracts may share a title; their order is the statement's.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the page's life
              <tr key={index}>
                <td className={td}>{deal.contract_title}</td>
                {STATEMENT_FIGURES.map(([field]) => (
                  <td key={field} className={num}>
                    {money(deal[field], c)}
                  </td>
                ))}
                <td className={num}>{money(deal.payable_minor, c)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Earnings({ statement }: { statement: PublicStatementDto }) {
  const c = statement.currency;
  const [shown, setShown] = useState(STATEMENT_PAGE_LINES);
  const lines = statement.lines.slice(0, shown);
  return (
    <section aria-labelledby="statement-earnings" className="flex flex-col gap-2">
      <h2 id="statement-earnings" className="text-base font-semibold text-foreground">
        {STATEMENT_TEXTS.earnings}
      </h2>
      {statement.lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">{STATEMENT_TEXTS.noLines}</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[44rem] text-left text-sm">
              <thead>
                <tr>
                  <th className={th}>Release</th>
                  <th className={th}>Track</th>
                  <th className={th}>Store</th>
                  <th className={th}>Territory</th>
                  <th className={th}>Type</th>
                  <th className={`${th} text-right`}>Quantity</th>
                  <th className={`${th} text-right`}>Receipts</th>
                  <th className={`${th} text-right`}>Earnings</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line, index) => (
                  // Lines have no id of their own; their order is fixed.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at its end
                  <tr key={index}>
                    <td className={td}>{line.release_title ?? '—'}</td>
                    <td className={td}>
                      {line.track_title ?? '—'}
                      {line.isrc ? (
                        <span className="block text-xs text-muted-foreground">{line.isrc}</span>
                      ) : null}
                    </td>
                    <td className={td}>{line.store ?? '—'}</td>
                    <td className={td}>{line.territory ?? '—'}</td>
                    <td className={td}>{STATEMENT_SALE_TYPE_LABELS[line.sale_type] ?? line.sale_type}</td>
                    <td className={num}>{line.quantity.toLocaleString('en')}</td>
                    <td className={num}>{decimal(line.receipts, c)}</td>
                    <td className={num}>{money(line.earnings_minor, c)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm text-muted-foreground">
            Showing {lines.length.toLocaleString('en')} of {statement.lines.length.toLocaleString('en')}{' '}
            lines.
          </p>
          {shown < statement.lines.length ? (
            <Button
              variant="outline"
              className="self-start"
              onClick={() => setShown((n) => n + STATEMENT_PAGE_LINES)}
            >
              {STATEMENT_TEXTS.showMore}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * /statements/{token} (public, no sign-in): a payee's published royalty statement: the figures, per
 * contract, the earnings by release, track, store and territory, and the PDF and "All sales" CSV.
 */
export function PayeeStatementPage() {
  const { token = '' } = useParams();
  const query = usePublicStatement(token);
  return (
    <PublicLinkPage query={query} width="wide" loadingLabel={STATEMENT_TEXTS.opening}>
      {(statement) => (
        <PortalCard
          icon={<ReceiptText aria-hidden="true" />}
          eyebrow={statement.label_name}
          title={`Royalty statement ${statement.period_name}`}
          description={
            <span>
              {statement.payee_name} · {monthsText(statement.start_month, statement.end_month)} ·{' '}
              {statement.currency}
            </span>
          }
        >
          <DownloadButtons token={token} />
          <Figures statement={statement} />
          <Contracts statement={statement} />
          <Earnings statement={statement} />
        </PortalCard>
      )}
    </PublicLinkPage>
  );
}
