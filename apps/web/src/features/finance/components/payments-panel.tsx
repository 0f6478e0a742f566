import { PAYMENT_TEXTS } from '@music-review/core/royalties';
import { Download, HandCoins } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyState, ListSkeleton, LoadError } from '../../../components/list-states';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useExportBankCsv } from '../api/export-bank-csv';
import { usePayments } from '../api/list-payments';
import type { usePaymentsDue } from '../api/list-payments-due';
import { usePeriods } from '../api/list-periods';
import type { PaymentDueDto, PaymentsDueDto } from '../payments-types';
import { formatMinorText } from './accounting-format';
import { countLabel } from './format';
import { PaymentHistory } from './payment-history';
import { PaymentsDueList } from './payments-due-list';
import { defaultSelection, selectionTotals } from './payments-format';
import { RecordPaymentsDialog } from './record-payments-dialog';

export const NOBODY_OWED = 'Nobody is owed anything yet: publish a period’s statements first.';
export const ADMINS_ONLY =
  'Only admins can export the bank file: it holds the payees’ account details. Ask an admin of your label.';
export const CHOOSE_PAYEES = 'Tick the payees to pay first.';
export const REFERENCE_NEEDED = 'Enter a reference for the bank transfers, like “Royalties 2026-Q3”.';

/** "2 payees chosen: USD 1,250.40 · EUR 80.00", per currency, never summed across them. */
function selectionText(rows: readonly PaymentDueDto[], selected: ReadonlySet<string>) {
  const count = rows.filter((row) => selected.has(row.payee_id)).length;
  if (count === 0) return 'No payee chosen';
  const totals = selectionTotals(rows, selected)
    .map((total) => formatMinorText(total.minor, total.currency))
    .join(' · ');
  return `${countLabel(count, 'payee', 'payees')} chosen: ${totals}`;
}

/**
 * The Payments tab: a payment run. Who published statements leave owed money (those above their
 * minimum payout and with payment details ticked), what the ticked ones come to per currency, a
 * reference for the run, "Record payments" and, for admins, "Export bank CSV"; under it, the
 * payments recorded so far.
 */
export function PaymentsPanel({
  due,
  isAdmin,
}: {
  due: ReturnType<typeof usePaymentsDue>;
  isAdmin: boolean;
}) {
  const payments = usePayments();
  const periods = usePeriods();
  const bankCsv = useExportBankCsv();
  // The member's ticks hold for the list they were made on; a new list (a payment recorded) starts
  // again from the default choice.
  const [picked, setPicked] = useState<{ data: PaymentsDueDto; ids: ReadonlySet<string> } | null>(null);
  const [typedReference, setTypedReference] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ field: 'selection' | 'reference'; message: string } | null>(null);
  const [recording, setRecording] = useState<readonly PaymentDueDto[] | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const rows = due.data?.rows ?? [];
  const selected =
    due.data && picked?.data === due.data ? picked.ids : defaultSelection(due.data?.rows ?? []);
  const chosen = rows.filter((row) => selected.has(row.payee_id));
  const published = periods.data?.rows.find((period) => period.status === 'published');
  const reference = typedReference ?? (published ? `Royalties ${published.name}` : '');

  const toggle = (payeeId: string, isSelected: boolean) => {
    if (!due.data) return;
    const ids = new Set(selected);
    if (isSelected) ids.add(payeeId);
    else ids.delete(payeeId);
    setPicked({ data: due.data, ids });
    setProblem(null);
  };

  /** What stops a run before anything is sent: nobody ticked, no reference. */
  const check = (needsReference: boolean) => {
    if (chosen.length === 0) {
      setProblem({ field: 'selection', message: CHOOSE_PAYEES });
      return false;
    }
    if (needsReference && !reference.trim()) {
      setProblem({ field: 'reference', message: REFERENCE_NEEDED });
      return false;
    }
    setProblem(null);
    return true;
  };

  const exportCsv = () => {
    setAnnouncement('');
    if (!check(true)) return;
    bankCsv.mutate(
      { payee_ids: chosen.map((row) => row.payee_id), reference: reference.trim() },
      {
        onSuccess: () =>
          setAnnouncement(`Bank file for ${countLabel(chosen.length, 'payee', 'payees')} downloaded.`),
      },
    );
  };

  let content: ReactNode;
  if (due.isPending) {
    content = <ListSkeleton label="Loading what is owed" />;
  } else if (due.isError) {
    content = (
      <LoadError
        message={due.error.message || 'What is owed could not be loaded.'}
        onRetry={() => void due.refetch()}
      />
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState icon={HandCoins} title="Nothing to pay yet">
        {NOBODY_OWED}
      </EmptyState>
    );
  } else {
    content = (
      <div className="flex flex-col gap-4">
        <PaymentsDueList rows={rows} selected={selected} onToggle={toggle} />
        <p
          aria-live="polite"
          className="text-sm font-medium tabular-nums text-foreground [overflow-wrap:anywhere]"
        >
          {selectionText(rows, selected)}
        </p>
        <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
          <TextField
            label="Reference"
            className="md:w-80"
            value={reference}
            maxLength={140}
            placeholder="Royalties 2026-Q3"
            hint="On the bank file and on each payment recorded."
            error={problem?.field === 'reference' ? problem.message : null}
            onChange={(event) => {
              setTypedReference(event.target.value);
              if (problem?.field === 'reference') setProblem(null);
            }}
          />
          <div className="flex flex-col gap-2 md:items-end md:pt-7">
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button
                variant="outline"
                disabled={!isAdmin}
                isLoading={bankCsv.isPending}
                aria-describedby={isAdmin ? undefined : 'bank-csv-admins-only'}
                onClick={exportCsv}
              >
                <Download aria-hidden="true" />
                {PAYMENT_TEXTS.bankCsv}
              </Button>
              <Button
                onClick={() => {
                  setAnnouncement('');
                  if (check(false)) setRecording(chosen);
                }}
              >
                {PAYMENT_TEXTS.recordPayments}
              </Button>
            </div>
            {isAdmin ? null : (
              <p id="bank-csv-admins-only" className="max-w-sm text-sm text-muted-foreground md:text-right">
                {ADMINS_ONLY}
              </p>
            )}
          </div>
        </div>
        {problem?.field === 'selection' ? <Alert>{problem.message}</Alert> : null}
        {bankCsv.isError ? (
          <Alert>{bankCsv.error.message || 'The bank file could not be made. Please try again.'}</Alert>
        ) : null}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="payments-due" className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="payments-due" className="text-base font-semibold text-foreground">
            Owed now
          </h2>
          <p className="text-sm text-muted-foreground">
            What published statements leave owed to each payee. Those above their minimum payout with payment
            details are ticked.
          </p>
        </div>
        {content}
      </section>
      <p role="status" className="text-sm font-medium text-foreground empty:hidden">
        {announcement}
      </p>
      <section aria-labelledby="payments-history" className="flex flex-col gap-3">
        <h2 id="payments-history" className="text-base font-semibold text-foreground">
          Payments recorded
        </h2>
        <PaymentHistory payments={payments} />
      </section>
      {recording ? (
        <RecordPaymentsDialog
          rows={recording}
          defaultReference={reference.trim()}
          onClose={() => setRecording(null)}
          onRecorded={(count) => {
            setRecording(null);
            setAnnouncement(
              `${countLabel(count, 'payment', 'payments')} recorded. What is owed now shows above.`,
            );
          }}
        />
      ) : null}
    </div>
  );
}
