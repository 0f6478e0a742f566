import type { ReactNode } from 'react';
import { NotAvailableYet } from './not-available-yet';
import { StandaloneLayout } from './standalone-layout';

/** A public (token link) page whose form comes later: its title and an honest note. */
export function PublicPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <StandaloneLayout width="wide" align="top">
      <div className="flex flex-col gap-8">
        <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
        {children ?? (
          <NotAvailableYet>
            This page is not available yet. Please try the link again later, or contact the label that sent it
            to you.
          </NotAvailableYet>
        )}
      </div>
    </StandaloneLayout>
  );
}
