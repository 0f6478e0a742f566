import type { MeDto } from '@music-review/core/api';
import {
  AVATAR_CONTENT_TYPES,
  avatarFileError,
  PROFILE_MESSAGES,
  profileNameSchema,
} from '@music-review/core/profile';
import { ImageUp, Trash2 } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { UserAvatar } from '../../../components/user-avatar';
import { cn } from '../../../lib/cn';
import { useRemoveAvatar } from '../api/remove-avatar';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadAvatar } from '../api/upload-avatar';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium text-foreground sm:col-span-2 break-words">{children}</dd>
    </div>
  );
}

/** The photo: upload (PNG, JPEG or WebP) or remove; initials while there is none. */
function AvatarEditor({ me }: { me: MeDto }) {
  const reviewer = me.reviewer;
  const upload = useUploadAvatar(reviewer?.id);
  const remove = useRemoveAvatar();
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const isBusy = upload.isPending || remove.isPending;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again after an error must fire a change again.
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileError(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    upload.mutate(file, {
      onSuccess: () => toast.success(PROFILE_MESSAGES.avatarSaved),
      onError: (err) => setError(err.message),
    });
  };

  const onRemove = () => {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: () => toast.success(PROFILE_MESSAGES.avatarRemoved),
      onError: (err) => setError(err.message),
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4">
        <UserAvatar
          name={reviewer?.name || me.user.email}
          avatarKey={reviewer?.avatar_key}
          className="size-20 text-2xl"
          label={reviewer?.avatar_key ? 'Your photo' : 'Your initials'}
        />
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <label
              className={cn(
                buttonClasses({ variant: 'outline', size: 'sm' }),
                'cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-background',
                isBusy && 'pointer-events-none opacity-50',
              )}
            >
              <input
                type="file"
                accept={AVATAR_CONTENT_TYPES.join(',')}
                className="sr-only"
                disabled={isBusy}
                aria-describedby={hintId}
                onChange={onFile}
              />
              {upload.isPending ? <Spinner className="size-4" /> : <ImageUp aria-hidden="true" />}
              Upload photo
            </label>
            {reviewer?.avatar_key ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={onRemove}
                isLoading={remove.isPending}
                disabled={isBusy}
              >
                {remove.isPending ? null : <Trash2 aria-hidden="true" />}
                Remove photo
              </Button>
            ) : null}
          </div>
          <p id={hintId} className="text-xs text-muted-foreground">
            PNG, JPEG or WebP, up to 5 MB. Your team sees it beside your name.
          </p>
        </div>
      </div>
      {error ? <Alert variant="error">{error}</Alert> : null}
    </div>
  );
}

/** The name the label sees; the typed text stays when saving fails. */
function NameForm({ currentName }: { currentName: string }) {
  const update = useUpdateProfile();
  const [name, setName] = useState(currentName);
  const [error, setError] = useState<string | null>(null);
  const isChanged = name.trim() !== currentName;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PROFILE_MESSAGES.nameEmpty);
      return;
    }
    setError(null);
    update.mutate(
      { name: parsed.data },
      {
        onSuccess: (profile) => {
          setName(profile.name);
          toast.success(PROFILE_MESSAGES.nameSaved);
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        maxLength={200}
        className="w-full sm:max-w-sm"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error}
      />
      <Button type="submit" className="sm:mt-[1.625rem]" isLoading={update.isPending} disabled={!isChanged}>
        Save name
      </Button>
    </form>
  );
}

/** Account: photo, name, and what the account is (email, label, role). */
export function AccountSection({ me }: { me: MeDto }) {
  const reviewer = me.reviewer;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>Your photo and name are what your team sees.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <AvatarEditor me={me} />
        {/* Keyed by the saved name: a change from elsewhere (another tab) resets the field. */}
        <NameForm key={reviewer?.name ?? ''} currentName={reviewer?.name ?? ''} />
        <dl className="divide-y divide-border border-t border-border">
          <Detail label="Email">{me.user.email}</Detail>
          <Detail label="Label">{me.organization?.name ?? '—'}</Detail>
          <Detail label="Role">{reviewer?.is_admin ? 'Admin' : 'Member'}</Detail>
        </dl>
      </CardContent>
    </Card>
  );
}
