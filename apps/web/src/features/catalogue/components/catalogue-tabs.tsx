import { CATALOGUE_TAB_LABELS, CATALOGUE_TABS, type CatalogueTab } from '@music-review/core/catalogue';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '../../../lib/cn';

/**
 * The tabs "Recordings", "Releases", "Works" (WAI-ARIA tabs: arrow keys, Home and End move between
 * them) over the panel of the current one. The tab lives in the URL, so Back returns to the last.
 */
export function CatalogueTabs({
  tab,
  onChange,
  children,
}: {
  tab: CatalogueTab;
  onChange: (tab: CatalogueTab) => void;
  children: ReactNode;
}) {
  const baseId = useId();
  const refs = useRef<Partial<Record<CatalogueTab, HTMLButtonElement | null>>>({});
  const go = (next: CatalogueTab) => {
    onChange(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = CATALOGUE_TABS.indexOf(tab);
    const last = CATALOGUE_TABS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? CATALOGUE_TABS[index === last ? 0 : index + 1]
        : event.key === 'ArrowLeft'
          ? CATALOGUE_TABS[index === 0 ? last : index - 1]
          : event.key === 'Home'
            ? CATALOGUE_TABS[0]
            : event.key === 'End'
              ? CATALOGUE_TABS[last]
              : undefined;
    if (!target) return;
    event.preventDefault();
    go(target);
  };
  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label="Catalogue"
        onKeyDown={onKeyDown}
        className="inline-flex w-full gap-1 self-start rounded-lg bg-muted p-1 sm:w-auto"
      >
        {CATALOGUE_TABS.map((value) => {
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
              {CATALOGUE_TAB_LABELS[value]}
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
