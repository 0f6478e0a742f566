import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** An honest empty state for a section whose feature is not built yet. */
export function NotAvailableYet({
  children = 'This part of Music Review is still being built. It will appear here in an upcoming release.',
  className,
}: {
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label="Not available yet"
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border border-dashed border-input px-6 py-16 text-center',
        className,
      )}
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Construction aria-hidden="true" className="size-5" />
      </span>
      <h2 className="mt-4 text-sm font-semibold text-foreground">Not available yet</h2>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">{children}</p>
    </section>
  );
}
