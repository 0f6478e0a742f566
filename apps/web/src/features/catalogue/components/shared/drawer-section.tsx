import type { ReactNode } from 'react';
import { cn } from '../../../../lib/cn';

/** One titled part of a record's drawer (Credits, Master splits, Lineage, Audit log…). */
export function DrawerSection({
  title,
  actions,
  children,
  className,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-label={title} className={cn('flex flex-col gap-3 border-t border-border pt-5', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-foreground">{title}</h3>
        {actions}
      </div>
      {children}
    </section>
  );
}
