import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { SHELL_CLASSES } from './shell-classes';

export function PageHeader({
  title,
  subtitle,
  actions,
  className,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <header className={cn(SHELL_CLASSES.pageHeader, className)}>
      <div className="min-w-0">
        <h1 className={SHELL_CLASSES.pageTitle}>{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </header>
  );
}
