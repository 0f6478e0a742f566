import { IDENTIFIER_KIND_LABELS } from '@music-review/core/royalties';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, type ReactNode, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { useIsDesktop } from '../../../lib/use-media-query';
import type { UnmatchedGroupDto } from '../finance-types';
import { countLabel, formatMoney, formatMonths } from './format';
import { GroupLines } from './group-lines';
import { groupKey, groupTitle, targetText } from './unmatched-format';

export interface UnmatchedListProps {
  rows: UnmatchedGroupDto[];
  /** The groups whose suggestion is ticked, by groupKey. */
  selected: ReadonlySet<string>;
  onToggle: (group: UnmatchedGroupDto, isSelected: boolean) => void;
  onToggleAll: (isSelected: boolean) => void;
  /** The groups whose lines are shown, by groupKey. */
  expanded: ReadonlySet<string>;
  onExpand: (group: UnmatchedGroupDto, isExpanded: boolean) => void;
  onResolve: (group: UnmatchedGroupDto) => void;
}

/** The identifier (its kind above it) and the source it is an alias of once resolved. */
function Identifier({ group }: { group: UnmatchedGroupDto }) {
  return (
    <span className="flex min-w-28 flex-col">
      <span className="text-xs text-muted-foreground">{IDENTIFIER_KIND_LABELS[group.identifier_kind]}</span>
      <span className="font-mono text-xs [overflow-wrap:anywhere]">{group.identifier}</span>
      <span className="text-muted-foreground">{group.source_name}</span>
    </span>
  );
}

/** The title as the statement named it, its artist under it. */
function Title({ group }: { group: UnmatchedGroupDto }) {
  return (
    <span className="flex min-w-28 flex-col break-words">
      <span>{groupTitle(group)}</span>
      <span className="text-muted-foreground">{group.artist ?? 'No artist'}</span>
    </span>
  );
}

function Amounts({ group }: { group: UnmatchedGroupDto }) {
  return (
    <span className="flex flex-col">
      {group.amounts.map((amount) => (
        <span key={amount.currency} className="tabular-nums whitespace-nowrap">
          {formatMoney(amount)}
        </span>
      ))}
    </span>
  );
}

/** The catalogue entry that looks most alike, with the box that accepts it; or a dash. */
function Suggestion({
  group,
  isSelected,
  onToggle,
}: {
  group: UnmatchedGroupDto;
  isSelected: boolean;
  onToggle: (group: UnmatchedGroupDto, isSelected: boolean) => void;
}) {
  if (!group.suggestion) return <span className="text-muted-foreground">No suggestion</span>;
  return (
    <label className="flex cursor-pointer items-start gap-2">
      <input
        type="checkbox"
        checked={isSelected}
        onChange={(event) => onToggle(group, event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      <span className="min-w-0 break-words">
        Looks like: {targetText(group.suggestion)}
        <span className="sr-only"> (accept for {group.identifier})</span>
      </span>
    </label>
  );
}

function RowActions({
  group,
  isExpanded,
  linesId,
  onExpand,
  onResolve,
}: {
  group: UnmatchedGroupDto;
  isExpanded: boolean;
  linesId: string;
  onExpand: UnmatchedListProps['onExpand'];
  onResolve: UnmatchedListProps['onResolve'];
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => onResolve(group)}>
        Resolve
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-expanded={isExpanded}
        aria-controls={isExpanded ? linesId : undefined}
        onClick={() => onExpand(group, !isExpanded)}
      >
        {isExpanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
        {isExpanded ? 'Hide lines' : 'Show lines'}
      </Button>
    </div>
  );
}

// Source under the identifier and artist under the title: seven columns fit beside the sidebar.
const COLUMNS = ['Identifier', 'Title', 'Lines', 'Amount', 'Months', 'Suggestion', 'Actions'];

function UnmatchedTable(props: UnmatchedListProps) {
  const { rows, selected, expanded } = props;
  const baseId = useId();
  const th = 'border-b border-border bg-muted px-3 py-2 text-left font-medium whitespace-nowrap';
  const td = 'border-b border-border px-3 py-2 align-top';
  const withSuggestion = rows.filter((row) => row.suggestion);
  const isAllSelected =
    withSuggestion.length > 0 && withSuggestion.every((row) => selected.has(groupKey(row)));
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named scroll box around the table, not a section of the page's outline
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box itself must be reachable by keyboard
      tabIndex={0}
      role="region"
      aria-label="Unmatched table"
      className="overflow-x-auto rounded-xl border border-border bg-card shadow-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">Unmatched lines by identifier, largest amount first</caption>
        <thead className="text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={th}>
                {column === 'Suggestion' && withSuggestion.length > 0 ? (
                  <label className="flex cursor-pointer items-center gap-2">
                    <input
                      type="checkbox"
                      checked={isAllSelected}
                      onChange={(event) => props.onToggleAll(event.target.checked)}
                      className="size-4 accent-primary"
                    />
                    Suggestion
                    <span className="sr-only"> (select every suggestion)</span>
                  </label>
                ) : (
                  column
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((group, index) => {
            const key = groupKey(group);
            const isExpanded = expanded.has(key);
            const linesId = `${baseId}-lines-${index}`;
            return (
              <Fragment key={key}>
                <tr>
                  <th scope="row" className={`${td} text-left font-normal`}>
                    <Identifier group={group} />
                  </th>
                  <td className={td}>
                    <Title group={group} />
                  </td>
                  <td className={`${td} tabular-nums`}>{group.lines.toLocaleString('en-US')}</td>
                  <td className={td}>
                    <Amounts group={group} />
                  </td>
                  <td className={`${td} min-w-24`}>{formatMonths(group.first_month, group.last_month)}</td>
                  <td className={`${td} min-w-40`}>
                    <Suggestion group={group} isSelected={selected.has(key)} onToggle={props.onToggle} />
                  </td>
                  <td className={td}>
                    <RowActions
                      group={group}
                      isExpanded={isExpanded}
                      linesId={linesId}
                      onExpand={props.onExpand}
                      onResolve={props.onResolve}
                    />
                  </td>
                </tr>
                {isExpanded ? (
                  <tr>
                    <td colSpan={COLUMNS.length} className={`${td} bg-muted/40`}>
                      {/* Zero wide to the table's layout, then the cell's width: the lines scroll in their own box instead of widening every column. */}
                      <div className="w-0 min-w-full">
                        <GroupLines group={group} id={linesId} />
                      </div>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function UnmatchedCards(props: UnmatchedListProps) {
  const baseId = useId();
  return (
    <ul aria-label="Unmatched lines" className="flex flex-col gap-2">
      {props.rows.map((group, index) => {
        const key = groupKey(group);
        const isExpanded = props.expanded.has(key);
        const linesId = `${baseId}-lines-${index}`;
        return (
          <li key={key}>
            <article
              aria-labelledby={`${baseId}-title-${index}`}
              className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-card"
            >
              <div className="min-w-0">
                <h2
                  id={`${baseId}-title-${index}`}
                  className="text-base font-medium leading-tight [overflow-wrap:anywhere]"
                >
                  {groupTitle(group)}
                </h2>
                <p className="mt-0.5 text-sm text-muted-foreground [overflow-wrap:anywhere]">
                  {group.artist ?? 'No artist'} · {group.source_name}
                </p>
              </div>
              <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                <Fact term={IDENTIFIER_KIND_LABELS[group.identifier_kind]}>
                  <span className="font-mono text-xs [overflow-wrap:anywhere]">{group.identifier}</span>
                </Fact>
                <Fact term="Lines">{countLabel(group.lines, 'line', 'lines')}</Fact>
                <Fact term="Amount">
                  <Amounts group={group} />
                </Fact>
                <Fact term="Months">{formatMonths(group.first_month, group.last_month)}</Fact>
              </dl>
              <div className="text-sm">
                <Suggestion group={group} isSelected={props.selected.has(key)} onToggle={props.onToggle} />
              </div>
              <RowActions
                group={group}
                isExpanded={isExpanded}
                linesId={linesId}
                onExpand={props.onExpand}
                onResolve={props.onResolve}
              />
              {isExpanded ? <GroupLines group={group} id={linesId} /> : null}
            </article>
          </li>
        );
      })}
    </ul>
  );
}

/** The unmatched groups: a table on a desktop, cards on a phone (below 768 px). */
export function UnmatchedList(props: UnmatchedListProps) {
  const isDesktop = useIsDesktop();
  return isDesktop ? <UnmatchedTable {...props} /> : <UnmatchedCards {...props} />;
}
