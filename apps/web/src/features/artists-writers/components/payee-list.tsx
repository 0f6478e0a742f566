import { PAYMENT_METHOD_LABELS } from '@music-review/core/catalogue';
import type { PayeeRowDto } from '@music-review/core/contracts/parties';
import { Link } from 'react-router';
import { countLabel } from '../lib/format';
import { payeeHref } from '../lib/links';
import { formatMinor } from '../lib/money';

function PayeeRow({ payee }: { payee: PayeeRowDto }) {
  const titleId = `payee-${payee.id}`;
  const method = payee.payment_method ? PAYMENT_METHOD_LABELS[payee.payment_method] : 'No payment method';
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-card transition-colors hover:border-primary/50 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="text-base leading-tight font-semibold [overflow-wrap:anywhere]">
          <Link to={payeeHref(payee.id)} className="text-foreground hover:underline">
            {payee.name}
          </Link>
        </h2>
        <p className="mt-0.5 text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {payee.email ?? 'No email'} · {method}
          {payee.has_payment_details ? '' : ' · No payment details on file'}
        </p>
      </div>
      <dl className="grid shrink-0 grid-cols-3 gap-3 text-sm sm:w-96">
        <div>
          <dt className="text-xs text-muted-foreground">Currency</dt>
          <dd className="font-medium text-foreground">{payee.currency}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Minimum payout</dt>
          <dd className="font-medium tabular-nums text-foreground">
            {payee.minimum_payout_minor === 0
              ? 'None'
              : formatMinor(payee.minimum_payout_minor, payee.currency)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Paying into it</dt>
          <dd className="font-medium text-foreground">{countLabel(payee.party_count, 'person', 'people')}</dd>
        </div>
      </dl>
    </article>
  );
}

/** A page of payees; each opens its drawer. */
export function PayeeList({ payees }: { payees: PayeeRowDto[] }) {
  return (
    <ul aria-label="Payees" className="flex flex-col gap-2">
      {payees.map((payee) => (
        <li key={payee.id}>
          <PayeeRow payee={payee} />
        </li>
      ))}
    </ul>
  );
}
