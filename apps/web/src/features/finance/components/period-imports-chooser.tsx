import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { useImportChoices } from '../api/list-import-choices';
import type { ImportDto } from '../finance-types';
import { countLabel, formatMonths } from './format';

/**
 * Which imports a run uses: the server's default (every imported statement with sales in the
 * period's months), or the ones ticked.
 */
export type ImportChoice = { mode: 'all' } | { mode: 'chosen'; ids: ReadonlySet<string> };

/**
 * The choice a period starts with: the imports it holds (the server fills them in when the period is
 * added, with the imported statements that have sales in its months, and keeps each run's), else the
 * server's default.
 */
export const importChoiceOf = (importIds: readonly string[]): ImportChoice =>
  importIds.length > 0 ? { mode: 'chosen', ids: new Set(importIds) } : { mode: 'all' };

/** The months of a period, to tell which imports have sales in it. */
export interface PeriodMonths {
  start_month: string;
  end_month: string;
}

/** Whether an import's sales months meet the period's ("2025-02" between "2025-01" and "2025-03"). */
export function hasSalesIn(
  row: Pick<ImportDto, 'first_month' | 'last_month'>,
  period: PeriodMonths,
): boolean {
  if (!row.first_month || !row.last_month) return false;
  return row.first_month.slice(0, 7) <= period.end_month && row.last_month.slice(0, 7) >= period.start_month;
}

function ImportLabel({ row, period }: { row: ImportDto; period: PeriodMonths }) {
  return (
    <span className="flex min-w-0 flex-col">
      <span className="font-medium text-foreground [overflow-wrap:anywhere]">{row.file_name}</span>
      <span className="text-xs text-muted-foreground">
        {row.source_name} · {formatMonths(row.first_month, row.last_month)}
        {hasSalesIn(row, period) ? '' : ' · no sales in this period'}
      </span>
    </span>
  );
}

/**
 * The imports a period run reads: every imported statement with sales in its months, or only the
 * ones ticked (a multi-select of the imported statements, newest first). Read-only once published.
 */
export function PeriodImportsChooser({
  period,
  choice,
  onChange,
  isReadOnly,
  problem,
}: {
  period: PeriodMonths;
  choice: ImportChoice;
  onChange: (choice: ImportChoice) => void;
  isReadOnly: boolean;
  problem: string | null;
}) {
  const imports = useImportChoices();
  const name = useId();
  const rows = imports.data ?? [];
  const chosen = choice.mode === 'chosen' ? choice.ids : new Set<string>();
  const inPeriod = rows.filter((row) => hasSalesIn(row, period));

  if (imports.isPending) return <p className="text-sm text-muted-foreground">Loading the imports…</p>;
  if (imports.isError) return <Alert>{imports.error.message || 'The imports could not be loaded.'}</Alert>;
  if (isReadOnly) {
    const used = rows.filter((row) => chosen.has(row.id));
    return choice.mode === 'all' ? (
      <p className="text-sm text-foreground">Every imported statement with sales in this period.</p>
    ) : (
      <ul aria-label="Imports used" className="flex flex-col gap-1 text-sm">
        {used.map((row) => (
          <li key={row.id}>
            <ImportLabel row={row} period={period} />
          </li>
        ))}
      </ul>
    );
  }
  if (rows.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No statement imported yet: import your distributors’ statements on the Imports tab first.
      </p>
    );
  }

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">Imports used</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name={`${name}-mode`}
          checked={choice.mode === 'all'}
          onChange={() => onChange({ mode: 'all' })}
          className="size-4 accent-primary"
        />
        Every imported statement with sales in this period ({inPeriod.length.toLocaleString('en-US')})
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name={`${name}-mode`}
          checked={choice.mode === 'chosen'}
          onChange={() => onChange({ mode: 'chosen', ids: chosen })}
          className="size-4 accent-primary"
        />
        Only the ones I choose
        {choice.mode === 'chosen' ? ` (${countLabel(chosen.size, 'chosen', 'chosen')})` : ''}
      </label>
      {choice.mode === 'chosen' ? (
        <fieldset className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-lg border border-border p-2">
          <legend className="sr-only">Imported statements</legend>
          {rows.map((row) => (
            <label
              key={row.id}
              className="flex cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted"
            >
              <input
                type="checkbox"
                checked={chosen.has(row.id)}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(row.id);
                  else next.delete(row.id);
                  onChange({ mode: 'chosen', ids: next });
                }}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <ImportLabel row={row} period={period} />
            </label>
          ))}
        </fieldset>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
