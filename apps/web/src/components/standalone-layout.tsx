import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

/**
 * The frame of every screen outside the application shell (login, onboarding, reset password,
 * public forms): the logo, the dark-mode toggle in the corner, and the content centred.
 */
export function StandaloneLayout({
  children,
  headerActions,
  width = 'narrow',
  align = 'center',
}: {
  children: ReactNode;
  headerActions?: ReactNode;
  width?: 'narrow' | 'medium' | 'wide';
  align?: 'center' | 'top';
}) {
  return (
    <div className="relative isolate flex min-h-dvh flex-col bg-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[28rem] bg-[radial-gradient(60%_60%_at_50%_0%,color-mix(in_oklch,var(--primary)_16%,transparent),transparent)]"
      />
      <header className="flex h-16 items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <div className="flex items-center gap-1">
          {headerActions}
          <ThemeToggle />
        </div>
      </header>
      <main
        className={cn(
          'flex flex-1 justify-center px-4 pb-16',
          align === 'center' ? 'items-center pt-4' : 'items-start pt-10 sm:pt-16',
        )}
      >
        <div
          className={cn(
            'w-full',
            width === 'narrow' && 'max-w-[26rem]',
            width === 'medium' && 'max-w-xl',
            width === 'wide' && 'max-w-3xl',
          )}
        >
          {children}
        </div>
      </main>
    </div>
  );
}
