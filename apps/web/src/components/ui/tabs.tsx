import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from '../../lib/cn';

/** The tab an arrow key, Home or End moves to from `current` (round the ends), or none for other keys. */
function tabForKey<T extends string>(tabs: readonly T[], current: T, key: string): T | undefined {
  const index = tabs.indexOf(current);
  const last = tabs.length - 1;
  if (key === 'ArrowRight') return tabs[index === last ? 0 : index + 1];
  if (key === 'ArrowLeft') return tabs[index <= 0 ? last : index - 1];
  if (key === 'Home') return tabs[0];
  if (key === 'End') return tabs[last];
  return undefined;
}

/**
 * A strip of tabs over the current one's panel (WAI-ARIA tabs: arrow keys, Home and End move between
 * them and take the focus along; only the current tab is in the Tab order). The caller keeps which
 * tab is current, usually in the URL, so Back returns to the last one.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  labels,
  tab,
  onChange,
  children,
}: {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly T[];
  labels: Readonly<Record<T, string>>;
  tab: T;
  onChange: (tab: T) => void;
  /** The current tab's panel. */
  children: ReactNode;
}) {
  const baseId = useId();
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const listRef = useRef<HTMLDivElement>(null);
  // A strip wider than the screen scrolls sideways: the current tab is brought into it (the strip
  // alone scrolls, never the page).
  useEffect(() => {
    const list = listRef.current;
    const current = refs.current[tab];
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - list.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [tab]);
  const onKeyDown = (event: KeyboardEvent) => {
    const target = tabForKey(tabs, tab, event.key);
    if (!target) return;
    event.preventDefault();
    onChange(target);
    refs.current[target]?.focus();
  };
  return (
    <div className="flex flex-col gap-4">
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="inline-flex w-full max-w-full gap-1 self-start overflow-x-auto rounded-lg bg-muted p-1 sm:w-auto"
      >
        {tabs.map((value) => {
          const isSelected = value === tab;
          return (
            <button
              key={value}
              ref={(el) => {
                refs.current[value] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-${value}-tab`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onChange(value)}
              className={cn(
                'inline-flex flex-1 items-center justify-center whitespace-nowrap rounded-md px-4 py-1.5 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring sm:flex-none',
                isSelected
                  ? 'bg-background text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {labels[value]}
            </button>
          );
        })}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${tab}-tab`}>
        {children}
      </div>
    </div>
  );
}
