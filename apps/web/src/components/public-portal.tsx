import type { UseQueryResult } from '@tanstack/react-query';
import { Link2Off, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { isApiError, NETWORK_ERROR_MESSAGE } from '../lib/api-client';
import { StandaloneLayout } from './standalone-layout';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { LoadingState } from './ui/spinner';

/**
 * The frame of every public token page (spec section 2, public routes): the artist or partner has
 * no account, so these pages stand alone (no app shell, no login screen), and a link that cannot be
 * used gets a clear page of its own.
 */

/** 404 (unknown, malformed, another record's) and 410 (expired, used, withdrawn): the server says why. */
export function isDeadLink(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 410);
}

export function publicErrorMessage(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  if (isApiError(error) && error.isNetworkError) return NETWORK_ERROR_MESSAGE;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export function PortalCard({
  icon,
  eyebrow,
  title,
  description,
  children,
}: {
  icon?: ReactNode;
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="p-6 sm:p-8">
      <div className="flex flex-col gap-2">
        {icon ? (
          <span className="mb-2 flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground [&_svg]:size-5">
            {icon}
          </span>
        ) : null}
        {eyebrow ? <p className="text-sm font-medium text-link">{eyebrow}</p> : null}
        <h1 className="text-xl font-semibold tracking-tight text-balance text-foreground">{title}</h1>
        {description ? <div className="text-sm text-muted-foreground">{description}</div> : null}
      </div>
      {children ? <div className="mt-6 flex flex-col gap-5">{children}</div> : null}
    </Card>
  );
}

/** The page for a link that cannot be used: the server's reason (PUBLIC_LINK_MESSAGES) and what to do. */
export function DeadLink({ message, hint }: { message: string; hint?: string }) {
  return (
    <PortalCard icon={<Link2Off aria-hidden="true" />} title="This link can’t be used">
      <Alert>{message}</Alert>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
    </PortalCard>
  );
}

/**
 * A public page's loading, dead-link, error (with retry) and ready states around the link's data.
 * `width`: 'medium' for forms, 'wide' for documents.
 */
export function PublicLinkPage<T>({
  query,
  loadingLabel = 'Checking your link…',
  width = 'medium',
  deadLinkHint,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel?: string;
  width?: 'medium' | 'wide';
  deadLinkHint?: string;
  children: (data: T) => ReactNode;
}) {
  let content: ReactNode;
  if (query.isPending) {
    content = <LoadingState label={loadingLabel} className="py-16" />;
  } else if (query.isError) {
    content = isDeadLink(query.error) ? (
      <DeadLink message={query.error.message} hint={deadLinkHint} />
    ) : (
      <PortalCard icon={<Link2Off aria-hidden="true" />} title="We could not open this link">
        <Alert>{publicErrorMessage(query.error)}</Alert>
        <Button variant="outline" onClick={() => void query.refetch()} isLoading={query.isFetching}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </PortalCard>
    );
  } else {
    content = children(query.data);
  }
  return (
    <StandaloneLayout width={width} align="top">
      {content}
    </StandaloneLayout>
  );
}
