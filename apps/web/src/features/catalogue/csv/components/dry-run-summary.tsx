import { CSV_LIMITS, type CsvDryRunResult } from '@music-review/core/catalogue-csv';
import { Alert } from '../../../../components/ui/alert';

const n = (value: number) => value.toLocaleString('en-US');

/** What the dry run found: the counts, then each problem by row and column. */
export function DryRunSummary({ result }: { result: CsvDryRunResult }) {
  const listedRows = new Set(result.errors.map((e) => e.row)).size;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-lg border border-border p-2.5">
          <dt className="text-muted-foreground">New</dt>
          <dd className="text-lg font-semibold tabular-nums">{n(result.create)}</dd>
        </div>
        <div className="rounded-lg border border-border p-2.5">
          <dt className="text-muted-foreground">To update</dt>
          <dd className="text-lg font-semibold tabular-nums">{n(result.update)}</dd>
        </div>
        <div className="rounded-lg border border-border p-2.5">
          <dt className="text-muted-foreground">Unchanged</dt>
          <dd className="text-lg font-semibold tabular-nums">{n(result.unchanged)}</dd>
        </div>
        <div className="rounded-lg border border-border p-2.5">
          <dt className="text-muted-foreground">With problems</dt>
          <dd className="text-lg font-semibold tabular-nums">{n(result.failed)}</dd>
        </div>
      </dl>
      {result.failed === 0 ? (
        <Alert variant="success">Every row can be imported.</Alert>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            These rows will not be imported. After the import you can download them, with the reason of each,
            to fix and import again.
          </p>
          <ul
            aria-label="Problems found"
            className="flex max-h-56 flex-col gap-1.5 overflow-y-auto rounded-lg border border-border p-2.5 text-sm"
          >
            {result.errors.map((error) => (
              <li key={`${error.row}-${error.column ?? ''}-${error.message}`}>
                <span className="font-medium">
                  Row {n(error.row)}
                  {error.column ? ` · ${error.column}` : ''}
                </span>
                : {error.message}
              </li>
            ))}
          </ul>
          {result.failed > listedRows ? (
            <p className="text-xs text-muted-foreground">
              The first {CSV_LIMITS.errorsListed} problems are listed; {n(result.failed)} rows have problems.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
