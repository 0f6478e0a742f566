import { Moon, Sun } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { BrandingEditor } from '../../features/branding';
import { NotificationPreferences } from '../../features/notifications';
import {
  AccountSection,
  MfaSection,
  PasswordSection,
  SessionsSection,
  TeamAdmin,
} from '../../features/profile';
import { cn } from '../../lib/cn';
import { useMe } from '../../lib/me';
import { useTheme } from '../../lib/theme/theme-context';

/** Dark or light, remembered on this device. */
function AppearanceCard() {
  const { mode, setMode } = useTheme();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Appearance</CardTitle>
        <CardDescription>Remembered on this device.</CardDescription>
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
  );
}

/**
 * /profile, with the #settings anchor: the account (photo, name), password, sessions and two-factor
 * authentication; then settings: appearance, notification emails and, for admins, the team and
 * the label's branding.
 */
export function ProfilePage() {
  const me = useMe();
  const { hash } = useLocation();
  const isLoaded = !!me.data;

  // Once the page has its content, so the anchor lands where it will stay.
  useEffect(() => {
    if (!isLoaded || !hash) return;
    document.getElementById(hash.slice(1))?.scrollIntoView?.({ block: 'start' });
  }, [hash, isLoaded]);

  const isAdmin = me.data?.reviewer?.is_admin === true;

  return (
    <div className="flex flex-col gap-8">
      <PageHeader title="Profile" subtitle="Your account, security and settings." />

      {me.data ? (
        <AccountSection me={me.data} />
      ) : me.isError ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{me.error.message || 'Failed to load your account.'}</span>
            <Button size="sm" variant="outline" onClick={() => me.refetch()}>
              Try again
            </Button>
          </div>
        </Alert>
      ) : (
        <Card>
          <CardContent className="flex flex-col gap-4" role="status" aria-label="Loading your account">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-5 w-full max-w-md" />
            ))}
          </CardContent>
        </Card>
      )}
      <PasswordSection
        accountWords={[me.data?.reviewer?.email, me.data?.reviewer?.name].filter((w): w is string => !!w)}
      />
      <SessionsSection />
      <MfaSection />

      <section id="settings" aria-labelledby="settings-heading" className="flex scroll-mt-24 flex-col gap-6">
        <h2 id="settings-heading" className="text-xl font-semibold tracking-tight text-foreground">
          Settings
        </h2>
        <AppearanceCard />
        <NotificationPreferences />
        {isAdmin && me.data?.organization ? (
          <>
            <TeamAdmin labelName={me.data.organization.name} />
            <BrandingEditor />
          </>
        ) : null}
      </section>
    </div>
  );
}
