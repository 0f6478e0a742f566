import { DISTRIBUTION_TEXTS } from '@music-review/core/distribution';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '../../../lib/cn';
import { DISTRIBUTION_TABS, type DistributionTab } from '../distribution-url';

const LABELS: Record<DistributionTab, string> = {
  releases: 'Releases',
  destinations: DISTRIBUTION_TEXTS.destinations,
};

/**
 * The tabs "Releases" and "Destinations" (WAI-ARIA tabs: arrow keys, Home and End move between
 * them) over the current one's panel. The tab lives in the URL, so Back returns to the last.
 */
export function DistributionTabs({
  tab,
  onChange,
  children,
}: {
  tab: DistributionTab;
  onChange: (tab: DistributionTab) => void;
  children: ReactNode;
}) {
  const baseId = useId();
  const refs = useRef<Partial<Record<DistributionTab, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const index = DISTRIBUTION_TABS.indexOf(tab);
    const last = DISTRIBUTION_TABS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? DISTRIBUTION_TABS[index === last ? 0 : index + 1]
        : event.key === 'ArrowLeft'
          ? DISTRIBUTION_TABS[index === 0 ? last : index - 1]
          : event.key === 'Home'
            ? DISTRIBUTION_TABS[0]
            : event.key === 'End'
              ? DISTRIBUTION_TABS[last]
              : undefined;
    if (!target) return;
    event.preventDefault();
    onChange(target);
    refs.current[target]?.focus();
  };
  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label={DISTRIBUTION_TEXTS.heading}
        onKeyDown={onKeyDown}
        className="inline-flex w-full gap-1 self-start rounded-lg bg-muted p-1 sm:w-auto"
      >
        {DISTRIBUTION_TABS.map((value) => {
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
              {LABELS[value]}
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
