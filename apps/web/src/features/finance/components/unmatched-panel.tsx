import { FINANCE_TEXTS, ROYALTY_LIMITS } from '@music-review/core/royalties';
import { CheckCheck, FileSpreadsheet, RefreshCw, SearchX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyState, ListSkeleton, LoadError, ShowMore } from '../../../components/list-states';
import { SearchField } from '../../../components/search-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { pagedRows } from '../../../lib/paged-rows';
import type { useUnmatched } from '../api/list-unmatched';
import { useRematchUnmatched } from '../api/rematch-unmatched';
import { useResolveUnmatched } from '../api/resolve-unmatched';
import type { UnmatchedGroupDto } from '../finance-types';
import { countLabel, formatAmounts } from './format';
import { ResolveDialog } from './resolve-dialog';
import { groupKey, resolutionOf } from './unmatched-format';
import { UnmatchedList } from './unmatched-list';

/** "12 lines matched." — what a resolution or a new matching did, for the live region. */
const matchedText = (lines: number) =>
  lines === 0 ? 'No line matched.' : `${countLabel(lines, 'line', 'lines')} matched.`;

/** A set with `key` in or out. */
function toggled(set: ReadonlySet<string>, key: string, isIn: boolean): Set<string> {
  const next = new Set(set);
  if (isIn) next.add(key);
  else next.delete(key);
  return next;
}

/**
 * The Unmatched tab: the lines that matched nothing, grouped by source and identifier, largest
 * amount first. A group is resolved to its suggestion (ticked, then "Accept suggestions" for all of
 * them at once) or to a recording or release picked in the catalogue ("Resolve"); "Match again" runs
 * the matching again after codes were added. What each did is said in a polite live region.
 */
export function UnmatchedPanel({
  unmatched,
  q,
  onSearch,
  hasImports,
  onShowImports,
}: {
  unmatched: ReturnType<typeof useUnmatched>;
  q: string;
  onSearch: (q: string) => void;
  /** Whether any statement was imported (the empty list then means every line matched). */
  hasImports: boolean;
  onShowImports: () => void;
}) {
  const { rows, total } = pagedRows(unmatched.data);
  const totals = unmatched.data?.pages[0];
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [resolving, setResolving] = useState<UnmatchedGroupDto | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const resolve = useResolveUnmatched();
  const rematch = useRematchUnmatched();

  // Only what is still listed counts: a group resolved by someone else leaves the selection.
  const chosen = rows.filter((row) => row.suggestion && selected.has(groupKey(row)));
  const acceptSuggestions = () => {
    const batch = chosen.slice(0, ROYALTY_LIMITS.resolveBatch);
    setAnnouncement('');
    resolve.mutate(
      batch.map((row) => resolutionOf(row, row.suggestion!)),
      {
        onSuccess: ({ lines }) => {
          setSelected(new Set());
          setAnnouncement(matchedText(lines));
        },
      },
    );
  };
  const matchAgain = () => {
    setAnnouncement('');
    rematch.mutate(undefined, {
      onSuccess: ({ lines }) =>
        setAnnouncement(
          lines === 0
            ? 'Matched again: no more line matched. Add the missing codes in the catalogue, or resolve the lines below.'
            : `Matched again: ${matchedText(lines)}`,
        ),
    });
  };

  let content: ReactNode;
  if (unmatched.isPending) {
    content = <ListSkeleton label="Loading unmatched lines" />;
  } else if (unmatched.isError && rows.length === 0) {
    content = (
      <LoadError
        message={unmatched.error.message || 'The unmatched lines could not be loaded.'}
        onRetry={() => void unmatched.refetch()}
      />
    );
  } else if (rows.length === 0 && q) {
    content = (
      <EmptyState
        icon={SearchX}
        title={`No unmatched lines match “${q}”`}
        actions={
          <Button variant="outline" onClick={() => onSearch('')}>
            Clear search
          </Button>
        }
      >
        Search looks at identifiers, titles, artists and sources.
      </EmptyState>
    );
  } else if (rows.length === 0 && hasImports) {
    content = (
      <EmptyState icon={CheckCheck} title="Every imported line matched your catalogue.">
        Lines whose ISRC, UPC/EAN or catalogue number is not in your catalogue wait here until you resolve
        them.
      </EmptyState>
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState
        icon={FileSpreadsheet}
        title="Nothing imported yet"
        actions={<Button onClick={onShowImports}>Go to {FINANCE_TEXTS.importsTab}</Button>}
      >
        Import a statement first: the lines that match nothing in your catalogue wait here.
      </EmptyState>
    );
  } else {
    content = (
      <div className="flex flex-col gap-3">
        <UnmatchedList
          rows={rows}
          selected={selected}
          onToggle={(group, isIn) => setSelected((current) => toggled(current, groupKey(group), isIn))}
          onToggleAll={(isIn) =>
            setSelected(isIn ? new Set(rows.filter((row) => row.suggestion).map(groupKey)) : new Set())
          }
          expanded={expanded}
          onExpand={(group, isIn) => setExpanded((current) => toggled(current, groupKey(group), isIn))}
          onResolve={(group) => {
            setAnnouncement('');
            setResolving(group);
          }}
        />
        <ShowMore
          list={unmatched}
          shown={rows.length}
          total={total}
          errorMessage="More unmatched lines could not be loaded. Try again."
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <SearchField
          role="search"
          label="Search unmatched lines"
          value={q}
          onSearch={onSearch}
          placeholder="ISRC, UPC, title, artist or source"
          className="min-w-0 md:max-w-sm md:flex-1"
        />
        <div className="flex flex-wrap gap-2">
          <Button onClick={acceptSuggestions} disabled={chosen.length === 0} isLoading={resolve.isPending}>
            <CheckCheck aria-hidden="true" />
            {FINANCE_TEXTS.acceptSuggestions}
          </Button>
          <Button variant="outline" onClick={matchAgain} isLoading={rematch.isPending}>
            <RefreshCw aria-hidden="true" />
            {FINANCE_TEXTS.matchAgain}
          </Button>
        </div>
      </div>
      {totals && totals.total > 0 ? (
        <p className="text-sm text-muted-foreground">
          {countLabel(totals.total, 'identifier', 'identifiers')} ·{' '}
          {countLabel(totals.lines, 'line', 'lines')} · {formatAmounts(totals.amounts)}
          {q ? ' match this search' : ''}
          {chosen.length > 0 ? ` · ${countLabel(chosen.length, 'suggestion', 'suggestions')} ticked` : ''}
        </p>
      ) : null}
      <p role="status" className="text-sm font-medium text-foreground empty:hidden">
        {announcement}
      </p>
      {resolve.isError ? <Alert>{resolve.error.message}</Alert> : null}
      {rematch.isError ? <Alert>{rematch.error.message}</Alert> : null}
      {content}
      {resolving ? (
        <ResolveDialog
          group={resolving}
          onClose={() => setResolving(null)}
          onResolved={(lines) => {
            setResolving(null);
            setAnnouncement(matchedText(lines));
          }}
        />
      ) : null}
    </div>
  );
}
