import { PEOPLE_TAB_LABELS, PEOPLE_TABS, type PeopleTab } from '@music-review/core/catalogue';
import { type KeyboardEvent, useRef } from 'react';
import { cn } from '../../../lib/cn';

export const tabId = (baseId: string, tab: PeopleTab) => `${baseId}-${tab}-tab`;
export const panelId = (baseId: string) => `${baseId}-panel`;

/** "Artists", "Writers", "Payees" (WAI-ARIA tabs: arrow keys, Home and End move between them). */
export function PeopleTabs({
  baseId,
  tab,
  onSelect,
}: {
  baseId: string;
  tab: PeopleTab;
  onSelect: (tab: PeopleTab) => void;
}) {
  const refs = useRef<Partial<Record<PeopleTab, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const index = PEOPLE_TABS.indexOf(tab);
    const last = PEOPLE_TABS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const next = PEOPLE_TABS[target]!;
    onSelect(next);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="People"
      className="inline-flex w-full gap-1 self-start rounded-lg bg-muted p-1 sm:w-auto"
      onKeyDown={onKeyDown}
    >
      {PEOPLE_TABS.map((t) => {
        const isSelected = t === tab;
        return (
          <button
            key={t}
            ref={(el) => {
              refs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={tabId(baseId, t)}
            aria-selected={isSelected}
            aria-controls={panelId(baseId)}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(t)}
            className={cn(
              'inline-flex flex-1 items-center justify-center whitespace-nowrap rounded-md px-4 py-1.5 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring sm:flex-none',
              isSelected
                ? 'bg-background text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {PEOPLE_TAB_LABELS[t]}
          </button>
        );
      })}
    </div>
  );
}
