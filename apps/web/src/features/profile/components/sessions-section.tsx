import { PROFILE_MESSAGES, type SessionDto } from '@music-review/core/profile';
import { Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSessions } from '../api/get-sessions';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';
import { useSignOutSession } from '../api/sign-out-session';

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "Active just now", "Active 5 minutes ago", "Active yesterday". */
export function lastActiveText(iso: string, now = Date.now()): string {
  const elapsed = now - Date.parse(iso);
  if (!Number.isFinite(elapsed) || elapsed < 60_000) return 'Active just now';
  for (const [unit, ms] of STEPS) {
    if (elapsed >= ms) return `Active ${relative.format(-Math.floor(elapsed / ms), unit)}`;
  }
  return 'Active just now';
}

const isMobile = (device: string) => /iPhone|iPad|Android/.test(device);

function SessionRow({
  session,
  onSignOut,
  isSigningOut,
}: {
  session: SessionDto;
  onSignOut: () => void;
  isSigningOut: boolean;
}) {
  const Icon = isMobile(session.device) ? Smartphone : Monitor;
  return (
    <li className="flex items-center gap-3 py-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-foreground">
          {session.device}
          {session.is_current ? <Badge variant="success">This device</Badge> : null}
        </p>
        <p
          className="text-xs text-muted-foreground [overflow-wrap:anywhere]"
          title={session.user_agent ?? undefined}
        >
          {[session.ip, lastActiveText(session.last_active_at)].filter(Boolean).join(' · ')}
        </p>
      </div>
      {session.is_current ? null : (
        <Button variant="outline" size="sm" onClick={onSignOut} isLoading={isSigningOut}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Where the account is signed in, with a way to end any other session. */
export function SessionsSection() {
  const sessions = useSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const [error, setError] = useState<string | null>(null);
  const others = sessions.data?.filter((s) => !s.is_current) ?? [];

  const endSession = (id: string) => {
    setError(null);
    signOut.mutate(id, {
      onSuccess: () => toast.success(PROFILE_MESSAGES.sessionSignedOut),
      onError: (err) => setError(err.message),
    });
  };
  const endOthers = () => {
    setError(null);
    signOutOthers.mutate(undefined, {
      onSuccess: () => toast.success(PROFILE_MESSAGES.otherSessionsSignedOut),
      onError: (err) => setError(err.message),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>Where you're signed in. Sign out of any device you don't recognise.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {error ? <Alert variant="error">{error}</Alert> : null}
        {sessions.data ? (
          <ul aria-label="Sessions" className="divide-y divide-border">
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                onSignOut={() => endSession(session.id)}
                isSigningOut={signOut.isPending && signOut.variables === session.id}
              />
            ))}
          </ul>
        ) : sessions.isError ? (
          <Alert variant="error">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>{sessions.error.message || 'Failed to load your sessions.'}</span>
              <Button size="sm" variant="outline" onClick={() => sessions.refetch()}>
                Try again
              </Button>
            </div>
          </Alert>
        ) : (
          <div className="flex flex-col gap-3" role="status" aria-label="Loading your sessions">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        )}
        {others.length > 0 ? (
          <div>
            <Button variant="outline" onClick={endOthers} isLoading={signOutOthers.isPending}>
              Sign out of all other sessions
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
