import { type ReactNode, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';

/** How many rows a credits section shows before "Show all". */
const FIRST_ROWS = 20;

/** A person page section: a card headed by its title (h2) and, when it lists things, their count. */
export function Section({
  id,
  title,
  count,
  children,
  action,
}: {
  id: string;
  title: string;
  count?: number;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card>
      <section aria-labelledby={id} className="flex flex-col gap-3 p-5">
        <div className="flex items-center justify-between gap-3">
          <h2 id={id} className="text-base font-semibold tracking-tight text-foreground">
            {title}
            {count !== undefined ? (
              <span className="ml-2 text-sm font-normal text-muted-foreground tabular-nums">
                {count.toLocaleString()}
              </span>
            ) : null}
          </h2>
          {action}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** A list of a person's records: the first 20, then all on request; `empty` when there are none. */
export function RecordList<T>({
  label,
  items,
  empty,
  render,
}: {
  label: string;
  items: T[];
  empty: string;
  render: (item: T, index: number) => { key: string; content: ReactNode };
}) {
  const [showAll, setShowAll] = useState(false);
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  const shown = showAll ? items : items.slice(0, FIRST_ROWS);
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={label} className="flex flex-col divide-y divide-border">
        {shown.map((item, index) => {
          const { key, content } = render(item, index);
          return (
            <li key={key} className="py-2.5 first:pt-0 last:pb-0">
              {content}
            </li>
          );
        })}
      </ul>
      {items.length > FIRST_ROWS ? (
        <Button variant="ghost" size="sm" className="self-start" onClick={() => setShowAll((v) => !v)}>
          {showAll ? 'Show fewer' : `Show all ${items.length.toLocaleString()}`}
        </Button>
      ) : null}
    </div>
  );
}
