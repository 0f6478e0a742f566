import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/**
 * One titled part of a release's distribution page (Readiness, Deal terms, Stores…): a card whose
 * heading names it for screen readers and in-page links (`id` on the section).
 */
export function PageSection({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <section id={id} aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 scroll-mt-20">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2
            id={`${id}-heading`}
            tabIndex={-1}
            className="text-lg font-semibold tracking-tight text-foreground outline-none"
          >
            {title}
          </h2>
          {actions}
        </div>
        {children}
      </section>
    </Card>
  );
}
