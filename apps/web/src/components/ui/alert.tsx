import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type AlertVariant = 'error' | 'success' | 'info';

const styles: Record<AlertVariant, string> = {
  error: 'border-destructive/30 bg-destructive-soft text-destructive',
  success: 'border-success/30 bg-success-soft text-success',
  info: 'border-border bg-muted text-foreground',
};
const icons = { error: CircleAlert, success: CircleCheck, info: Info };

/** A message box. Errors are announced at once (role="alert"), the others politely (role="status"). */
export function Alert({
  variant = 'error',
  children,
  className,
}: {
  variant?: AlertVariant;
  children: ReactNode;
  className?: string;
}) {
  const Icon = icons[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm',
        styles[variant],
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-px size-4 shrink-0" />
      <div className="min-w-0 flex-1 leading-5">{children}</div>
    </div>
  );
}
