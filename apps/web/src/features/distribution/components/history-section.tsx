import { DISTRIBUTION_TEXTS, STORE_STATUS_LABELS, storeLabel } from '@music-review/core/distribution';
import type { HistoryEntryDto } from '../distribution-types';
import { formatDateTime } from './format';
import { PageSection } from './section';

/** A status as its label ("Taken down"), or as it came for anything else. */
const statusText = (status: string) => (STORE_STATUS_LABELS as Record<string, string>)[status] ?? status;

function Entry({ entry }: { entry: HistoryEntryDto }) {
  const where = [entry.store ? storeLabel(entry.store) : null, entry.destination_name]
    .filter(Boolean)
    .join(' at ');
  const change =
    entry.from_status && entry.to_status && entry.kind !== 'validation'
      ? `${statusText(entry.from_status)} → ${statusText(entry.to_status)}`
      : entry.to_status && entry.kind !== 'validation'
        ? statusText(entry.to_status)
        : null;
  return (
    <li className="flex flex-col gap-0.5 border-l-2 border-border py-1 pl-3">
      <p className="text-sm text-foreground [overflow-wrap:anywhere]">
        {entry.message ?? change ?? entry.kind}
      </p>
      <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        {where ? <span>{where}</span> : null}
        {entry.message && change ? <span>{change}</span> : null}
        {entry.by ? <span>by {entry.by}</span> : null}
      </p>
    </li>
  );
}

/** What happened to the release's distribution, newest first. */
export function HistorySection({ history }: { history: HistoryEntryDto[] }) {
  const newestFirst = [...history].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <PageSection id="history" title={DISTRIBUTION_TEXTS.history}>
      {newestFirst.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing happened yet.</p>
      ) : (
        <ol aria-label={DISTRIBUTION_TEXTS.history} className="flex flex-col gap-2">
          {newestFirst.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </PageSection>
  );
}
