import type { NotificationPreferenceDto } from '@music-review/core/notifications';
import { useId } from 'react';
import toast from 'react-hot-toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreference } from '../api/update-notification-preferences';

function PreferenceRow({
  preference,
  isSaving,
  onChange,
}: {
  preference: NotificationPreferenceDto;
  isSaving: boolean;
  onChange: (email: boolean) => void;
}) {
  const labelId = useId();
  const isOn = preference.email;
  return (
    // A list item holds the row's group: a list may only hold items (role="group" on the <li> breaks the list).
    <li className="py-3">
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would need a legend; the row only names its switch's group */}
      <div role="group" aria-labelledby={labelId} className="flex items-center justify-between gap-4">
        <span id={labelId} className="text-sm font-medium text-foreground">
          {preference.label}
        </span>
        <span className="flex shrink-0 items-center gap-2.5 text-sm whitespace-nowrap text-muted-foreground">
          <span aria-hidden="true">Email me</span>
          <button
            type="button"
            role="switch"
            aria-checked={isOn}
            aria-label="Email me"
            aria-busy={isSaving || undefined}
            disabled={isSaving}
            onClick={() => onChange(!isOn)}
            className={cn(
              'relative h-6 w-11 shrink-0 rounded-full outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:opacity-60',
              isOn ? 'bg-primary' : 'bg-input',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-0.5 size-5 rounded-full bg-white shadow transition-[left]',
                isOn ? 'left-[1.375rem]' : 'left-0.5',
              )}
            />
          </button>
        </span>
      </div>
    </li>
  );
}

/**
 * The profile page's notification settings: every notification type with an "Email me" switch.
 * The bell always shows every notification; the switch adds an email for that type.
 */
export function NotificationPreferences() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreference();
  const savingType = update.isPending ? update.variables?.type : undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          Every notification appears under the bell. Choose which ones are also sent to you by email.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isPending ? (
          <div role="status" aria-label="Loading notification settings" className="flex flex-col gap-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-6 w-full max-w-md" />
            ))}
          </div>
        ) : preferences.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {preferences.error.message}
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {preferences.data.preferences.map((preference) => (
              <PreferenceRow
                key={preference.type}
                preference={preference}
                isSaving={savingType === preference.type}
                onChange={(email) =>
                  update.mutate(
                    { type: preference.type, email },
                    { onError: (error) => toast.error(error.message) },
                  )
                }
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
