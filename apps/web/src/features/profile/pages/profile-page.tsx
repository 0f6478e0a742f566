import { Moon, Sun } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useMe } from '../../../lib/me';
import { useTheme } from '../../../lib/theme/theme-context';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium text-foreground sm:col-span-2 break-words">{children}</dd>
    </div>
  );
}

/** /profile, with the #settings anchor. */
export function ProfilePage() {
  const me = useMe();
  const { mode, setMode } = useTheme();
  const { hash } = useLocation();

  useEffect(() => {
    if (hash === '#settings') document.getElementById('settings')?.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  const reviewer = me.data?.reviewer;
  const organization = me.data?.organization;

  return (
    <div className="flex flex-col gap-8">
      <PageHeader title="Profile" subtitle="Your account and preferences." />

      <Card>
        <CardHeader>
          <CardTitle>Account</CardTitle>
        </CardHeader>
        <CardContent>
          {me.data ? (
            <dl className="divide-y divide-border">
              <Row label="Name">{reviewer?.name ?? '—'}</Row>
              <Row label="Email">{me.data.user.email}</Row>
              <Row label="Label">{organization?.name ?? '—'}</Row>
              <Row label="Role">{reviewer?.is_admin ? 'Admin' : 'Member'}</Row>
            </dl>
          ) : (
            <div className="flex flex-col gap-4" role="status" aria-label="Loading your account">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-5 w-full max-w-md" />
              ))}
            </div>
          )}
        </CardContent>
      </Card>

      <Card id="settings" className="scroll-mt-24">
        <CardHeader>
          <CardTitle>Settings</CardTitle>
          <CardDescription>Appearance is remembered on this device.</CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset>
            <legend className="mb-3 text-sm font-medium text-foreground">Theme</legend>
            <div className="grid max-w-md grid-cols-2 gap-3">
              {(['dark', 'light'] as const).map((option) => (
                <label
                  key={option}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    mode === option
                      ? 'border-primary bg-accent text-accent-foreground'
                      : 'border-border hover:bg-muted',
                  )}
                >
                  <input
                    type="radio"
                    name="theme"
                    value={option}
                    checked={mode === option}
                    onChange={() => setMode(option)}
                    className="sr-only"
                  />
                  {option === 'dark' ? (
                    <Moon aria-hidden="true" className="size-4" />
                  ) : (
                    <Sun aria-hidden="true" className="size-4" />
                  )}
                  {option === 'dark' ? 'Dark' : 'Light'}
                </label>
              ))}
            </div>
          </fieldset>
        </CardContent>
      </Card>
    </div>
  );
}
