import type { ReactNode } from 'react';

/** A record's fields as a description list: label, then value ("Not set" when empty). */
export function DetailList({ children }: { children: ReactNode }) {
  // Label beside value when the card is wide enough (a drawer), one above the other when narrow
  // (the person page's side column, a phone): the card's width decides, not the window's.
  return (
    <div className="@container">
      <dl className="divide-y divide-border">{children}</dl>
    </div>
  );
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  const isEmpty = children === null || children === undefined || children === '';
  return (
    <div className="grid gap-0.5 py-2.5 @sm:grid-cols-[10rem_1fr] @sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm text-foreground [overflow-wrap:anywhere]">
        {isEmpty ? <span className="text-muted-foreground">Not set</span> : children}
      </dd>
    </div>
  );
}
