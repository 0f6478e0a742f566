import { formatDateTime, formatValue } from './format';

export interface AuditEntry {
  at: string;
  by: string | null;
  action: string;
  changes: Record<string, unknown>;
}

/** A change's [before, after] pair, if it is one. */
const beforeAfter = (value: unknown): [unknown, unknown] | null =>
  Array.isArray(value) && value.length === 2 ? [value[0], value[1]] : null;

/** Who changed what and when, newest first: each field with its value before and after. */
export function AuditLog({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">No changes recorded yet.</p>;
  return (
    <ol className="flex flex-col gap-3" aria-label="Audit log">
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in stored order; two changes may share a time
        <li key={`${entry.at}-${index}`} className="rounded-lg border border-border p-3 text-sm">
          <p className="text-foreground">
            <span className="font-medium">{entry.action}</span>
            <span className="text-muted-foreground">
              {' '}
              · {entry.by ?? 'System'} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </span>
          </p>
          {Object.keys(entry.changes).length > 0 ? (
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
              {Object.entries(entry.changes).map(([field, change]) => {
                const pair = beforeAfter(change);
                return (
                  <div key={field} className="contents">
                    <dt className="text-muted-foreground">{field}</dt>
                    <dd className="min-w-0 break-words text-foreground">
                      {pair ? `${formatValue(pair[0])} → ${formatValue(pair[1])}` : formatValue(change)}
                    </dd>
                  </div>
                );
              })}
            </dl>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
