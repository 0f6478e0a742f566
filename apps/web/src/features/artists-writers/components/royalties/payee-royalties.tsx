import type { getPayeeAccount } from '@music-review/core/contracts/royalties';
import type { ResponseOf } from '@music-review/core/endpoint';
import { PERIOD_STATUS_LABELS, type PeriodStatus } from '@music-review/core/royalties';
import { Download } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../../components/list-states';
import { Alert } from '../../../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { LoadingState } from '../../../../components/ui/spinner';
import { paths } from '../../../../config/paths';
import { isApiError } from '../../../../lib/api-client';
import { useDownloadStatementPdf } from '../../api/download-statement-pdf';
import { usePayeeAccount } from '../../api/get-payee-account';
import { balanceWords, dayText, decimalText, minorText } from '../../lib/royalties-format';
import { isPlanRequired } from '../plan-required';

type PayeeAccount = ResponseOf<typeof getPayeeAccount>;
type HeadingTag = 'h3' | 'h4';

/** Where the contracts' terms, advances and costs are set up. */
export const FINANCE_CONTRACTS_HREF = `${paths.finance.href()}?tab=contracts`;

export const ROYALTIES_TEXTS = {
  empty: 'No royalty account yet: set up a contract’s terms in Finance.',
  notOnPlan: 'Royalty accounts are part of the Pro and Label plans.',
  failed: 'The royalty account could not be loaded. Try again.',
} as const;

// The app's tokens only (as Finance colours a period), so both themes keep their contrast.
const STATUS_VARIANTS: Record<PeriodStatus, BadgeVariant> = {
  open: 'neutral',
  running: 'primary',
  computed: 'warning',
  approved: 'primary',
  published: 'success',
};

function OpenInFinance() {
  return (
    <Link to={FINANCE_CONTRACTS_HREF} className="self-start text-sm font-medium text-link hover:underline">
      Open in Finance
    </Link>
  );
}

/** A part of the account: its heading at the level the host page needs, then its rows. */
function Part({ as: Heading, title, children }: { as: HeadingTag; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <Heading id={id} className="text-sm font-semibold text-foreground">
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** Label and value on one line, wrapping under each other when the column is narrow (375 px). */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="tabular-nums text-foreground">{children}</dd>
    </div>
  );
}

function Contracts({ account, as }: { account: PayeeAccount; as: HeadingTag }) {
  return (
    <Part as={as} title="Per contract">
      {account.contracts.length === 0 ? (
        <p className="text-sm text-muted-foreground">No contract pays this payee yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {account.contracts.map((contract) => (
            <li
              key={contract.deal_id}
              aria-label={contract.contract_title}
              className="flex flex-col gap-1.5 py-2.5"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="min-w-0 text-sm font-medium text-foreground [overflow-wrap:anywhere]">
                  {contract.contract_title}
                </span>
                <span className="text-sm tabular-nums text-foreground">
                  {balanceWords(contract.balance_minor, contract.currency)}
                </span>
              </div>
              <dl className="grid gap-x-4 gap-y-0.5 text-xs sm:grid-cols-3">
                <Figure label="Advances">{minorText(contract.advances_minor, contract.currency)}</Figure>
                <Figure label="Costs">{minorText(contract.costs_minor, contract.currency)}</Figure>
                <Figure label="Recouped">{minorText(contract.recouped_minor, contract.currency)}</Figure>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}

function Statements({ account, as }: { account: PayeeAccount; as: HeadingTag }) {
  const download = useDownloadStatementPdf();
  const downloading = download.isPending ? download.variables?.statementId : null;
  return (
    <Part as={as} title="Statements">
      {download.isError ? <Alert>{download.error.message}</Alert> : null}
      {account.statements.length === 0 ? (
        <p className="text-sm text-muted-foreground">No statements yet: they appear once a period is run.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {account.statements.map((statement) => (
            <li
              key={statement.id}
              aria-label={statement.period_name}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-2.5"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-medium text-foreground">{statement.period_name}</span>
                  <Badge variant={STATUS_VARIANTS[statement.status]}>
                    {PERIOD_STATUS_LABELS[statement.status]}
                  </Badge>
                </span>
                <span className="text-xs tabular-nums text-muted-foreground">
                  Closing {minorText(statement.closing_minor, account.currency)} · Payable{' '}
                  {minorText(statement.payable_minor, account.currency)}
                </span>
              </div>
              <Button
                variant="outline"
                size="sm"
                isLoading={downloading === statement.id}
                // Each row has one: the period tells them apart (the visible words stay first).
                aria-label={`Download PDF of ${statement.period_name}`}
                onClick={() =>
                  download.mutate({ statementId: statement.id, periodName: statement.period_name })
                }
              >
                {downloading === statement.id ? null : <Download aria-hidden="true" />}
                Download PDF
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}

function Payments({ account, as }: { account: PayeeAccount; as: HeadingTag }) {
  return (
    <Part as={as} title="Payments received">
      {account.payments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No payments recorded yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {account.payments.map((payment) => (
            <li
              key={payment.id}
              className="flex flex-wrap items-baseline justify-between gap-x-3 py-2.5 text-sm"
            >
              <span className="flex min-w-0 flex-col">
                <span className="text-foreground">{dayText(payment.paid_on)}</span>
                <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                  {payment.reference || 'No reference'}
                </span>
              </span>
              <span className="tabular-nums text-foreground">
                {decimalText(payment.amount, payment.currency)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}

/**
 * A payee's royalties (issue 16), for their drawer and the page of a person paid through them: the
 * balance in words, each contract's balance, advances, costs and recouped, the statements with their
 * PDFs, and the payments received. `headingLevel` is the level of its parts' headings under the host's.
 */
export function PayeeRoyalties({ payeeId, headingLevel }: { payeeId: string; headingLevel: HeadingTag }) {
  const account = usePayeeAccount(payeeId);

  if (account.isPending) return <LoadingState label="Loading royalties" className="py-6" />;
  if (account.isError) {
    // The page around still works outside the plan: a short note, not the plan card.
    if (isPlanRequired(account.error)) {
      return <p className="text-sm text-muted-foreground">{ROYALTIES_TEXTS.notOnPlan}</p>;
    }
    if (isApiError(account.error) && account.error.status === 404) {
      return <p className="text-sm text-muted-foreground">This payee no longer exists.</p>;
    }
    return (
      <LoadError
        message={account.error.message || ROYALTIES_TEXTS.failed}
        onRetry={() => void account.refetch()}
      />
    );
  }

  const data = account.data;
  if (data.contracts.length === 0 && data.statements.length === 0 && data.payments.length === 0) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">{ROYALTIES_TEXTS.empty}</p>
        <OpenInFinance />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <dl className="flex flex-col gap-1 text-sm">
          <Figure label="Balance">
            <span className="font-semibold">{balanceWords(data.balance_minor, data.currency)}</span>
          </Figure>
          <Figure label="Payable now">{minorText(data.payable_minor, data.currency)}</Figure>
        </dl>
        <OpenInFinance />
      </div>
      <Contracts account={data} as={headingLevel} />
      <Statements account={data} as={headingLevel} />
      <Payments account={data} as={headingLevel} />
    </div>
  );
}
