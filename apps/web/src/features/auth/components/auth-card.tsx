import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** The card every signed-out form sits in: an optional icon, the heading, a line of help. */
export function AuthCard({
  title,
  description,
  icon,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <Card className="p-6 sm:p-8">
        <div className="mb-6 flex flex-col gap-2">
          {icon ? (
            <span className="mb-2 flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground [&_svg]:size-5">
              {icon}
            </span>
          ) : null}
          <h1 className="text-xl font-semibold tracking-tight text-foreground">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {children}
      </Card>
      {footer ? <div className="text-center text-sm text-muted-foreground">{footer}</div> : null}
    </div>
  );
}
