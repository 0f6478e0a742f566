import type { ReactNode } from 'react';
import { NotAvailableYet } from './not-available-yet';
import { PageHeader } from './page-header';

/** A signed-in page whose feature comes later: its proper title and an honest note, nothing more. */
export function FeaturePage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={title} subtitle={subtitle} />
      {children ?? <NotAvailableYet />}
    </div>
  );
}
