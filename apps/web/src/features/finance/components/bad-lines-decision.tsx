import { FINANCE_TEXTS } from '@music-review/core/royalties';
import { Check, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAcceptStatementImport } from '../api/accept-statement-import';
import { useDiscardStatementImport } from '../api/discard-statement-import';
import type { ImportDto } from '../finance-types';
import { countLabel } from './format';

/**
 * An import that found bad lines: each with its line number, column and reason (the first ones the
 * server kept, then how many more), and the member's two choices: import the good lines, or discard
 * the file (after a confirmation).
 */
export function BadLinesDecision({ row }: { row: ImportDto }) {
  const accept = useAcceptStatementImport();
  const discard = useDiscardStatementImport();
  const [isConfirmingDiscard, setIsConfirmingDiscard] = useState(false);
  const more = row.bad_line_count - row.bad_lines.length;
  const goodLines = Math.max(0, row.line_count - row.bad_line_count);
  const th = 'border-b border-border bg-muted px-3 py-1.5 text-left font-medium whitespace-nowrap';
  const td = 'border-b border-border px-3 py-1.5 align-top';

  return (
    <section aria-label={`Bad lines in ${row.file_name}`} className="flex flex-col gap-3">
      <p className="text-sm text-foreground">
        {countLabel(row.bad_line_count, 'line', 'lines')} of {row.file_name} could not be read. Import the{' '}
        {countLabel(goodLines, 'good line', 'good lines')} without them, or discard the file, fix it and
        import it again.
      </p>
      {row.bad_lines.length > 0 ? (
        // biome-ignore lint/a11y/useSemanticElements: a named scroll box around the table, not a section of the page's outline
        <div
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box itself must be reachable by keyboard
          tabIndex={0}
          role="region"
          aria-label={`Bad lines of ${row.file_name}, scrollable`}
          className="max-h-64 overflow-auto rounded-lg border border-border bg-background outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <table className="w-full border-separate border-spacing-0 text-sm">
            <caption className="sr-only">Bad lines of {row.file_name}</caption>
            <thead className="sticky top-0 text-muted-foreground">
              <tr>
                <th scope="col" className={th}>
                  Line
                </th>
                <th scope="col" className={th}>
                  Column
                </th>
                <th scope="col" className={th}>
                  Why
                </th>
              </tr>
            </thead>
            <tbody>
              {row.bad_lines.map((bad) => (
                <tr key={`${bad.line}-${bad.column}`}>
                  <td className={`${td} tabular-nums whitespace-nowrap`}>
                    {bad.line.toLocaleString('en-US')}
                  </td>
                  <td className={`${td} [overflow-wrap:anywhere]`}>{bad.column}</td>
                  <td className={`${td} [overflow-wrap:anywhere]`}>{bad.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {more > 0 ? (
        <p className="text-sm text-muted-foreground">
          and {countLabel(more, 'more bad line', 'more bad lines')}
        </p>
      ) : null}
      {accept.isError ? <Alert>{accept.error.message}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          isLoading={accept.isPending}
          disabled={discard.isPending}
          onClick={() =>
            accept.mutate(row.id, {
              onSuccess: () => toast.success(`Importing the good lines of ${row.file_name}`),
            })
          }
        >
          <Check aria-hidden="true" />
          {FINANCE_TEXTS.importGoodLines}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={accept.isPending}
          onClick={() => {
            discard.reset();
            setIsConfirmingDiscard(true);
          }}
        >
          <Trash2 aria-hidden="true" />
          {FINANCE_TEXTS.discardImport}
        </Button>
      </div>
      <ConfirmDialog
        open={isConfirmingDiscard}
        title={`Discard “${row.file_name}”?`}
        description="None of its lines is imported. Fix the bad lines in the file and import it again."
        confirmLabel={FINANCE_TEXTS.discardImport}
        isPending={discard.isPending}
        error={discard.error}
        onConfirm={() =>
          discard.mutate(row.id, {
            onSuccess: () => {
              setIsConfirmingDiscard(false);
              toast.success(`${row.file_name} was discarded`);
            },
          })
        }
        onClose={() => setIsConfirmingDiscard(false)}
      />
    </section>
  );
}
