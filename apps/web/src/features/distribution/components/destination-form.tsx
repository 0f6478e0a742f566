import {
  DESTINATION_KIND_LABELS,
  DESTINATION_KINDS,
  type DestinationKind,
  STORE_LABELS,
  STORES,
} from '@music-review/core/distribution';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useSaveDestination } from '../api/save-destination';
import type { DestinationDto } from '../distribution-types';
import {
  byField,
  checkDestination,
  type DestinationField,
  type DestinationValues,
  NEW_DESTINATION,
  valuesOf,
} from './destination-form-values';

const STORED_SECRET = 'Stored — leave empty to keep';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-t border-border pt-4">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-sm font-semibold text-foreground">{title}</legend>
        {children}
      </fieldset>
    </div>
  );
}

/**
 * Adds a destination or edits one (admins): its name and DDEX recipient, the stores it serves (the
 * known ones ticked, the label's own typed), and its connection by kind. Secrets are never shown:
 * an edit says which are stored and keeps them when their field is left empty. A refused save keeps
 * everything typed and puts each of the server's problems beside its field.
 */
export function DestinationForm({
  stored,
  onDone,
  onCancel,
  onReload,
}: {
  /** The destination edited; null to add one. */
  stored: DestinationDto | null;
  onDone: (saved: DestinationDto) => void;
  onCancel: () => void;
  /** Reads the destinations again (after someone else changed this one). */
  onReload: () => Promise<unknown>;
}) {
  const save = useSaveDestination();
  const [values, setValues] = useState<DestinationValues>(() =>
    stored ? valuesOf(stored) : NEW_DESTINATION,
  );
  const [attempted, setAttempted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [isReloading, setIsReloading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const storesErrorId = useId();

  useEffect(() => headingRef.current?.focus(), []);
  // After a refused save, the first field to fix gets the focus.
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const checked = checkDestination(values, stored);
  const serverErrors = isApiError(save.error)
    ? byField(Object.entries(save.error.fields).map(([path, message]) => ({ path, message })))
    : {};
  const errors: Partial<Record<DestinationField, string>> = {
    ...(attempted && !checked.ok ? checked.errors : {}),
    ...serverErrors,
  };
  const namesFields = Object.keys(serverErrors).length > 0;
  const isStale = isApiError(save.error) && save.error.code === 'conflict' && !namesFields;

  const change = (patch: Partial<DestinationValues>) => {
    if (save.isError) save.reset();
    setValues((previous) => ({ ...previous, ...patch }));
  };
  const toggleStore = (store: string, isOn: boolean) =>
    change({ stores: isOn ? [...values.stores, store] : values.stores.filter((s) => s !== store) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!checked.ok) {
      setFocusRequest((n) => n + 1);
      return;
    }
    save.mutate(
      stored
        ? { id: stored.id, body: { ...checked.body, row_version: stored.row_version } }
        : { id: null, body: checked.body },
      {
        onSuccess: (saved) => {
          toast.success(stored ? 'Destination saved' : 'Destination added');
          onDone(saved);
        },
        onError: () => setFocusRequest((n) => n + 1),
      },
    );
  };
  const reload = async () => {
    setIsReloading(true);
    try {
      await onReload();
    } finally {
      setIsReloading(false);
    }
    save.reset();
  };

  const text = (name: DestinationField & keyof DestinationValues, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={values[name] as string}
      onChange={(event) => change({ [name]: event.target.value })}
      error={errors[name]}
      {...extra}
    />
  );
  const secret = (name: 'password' | 'secret_access_key' | 'passphrase', label: string, hint?: string) => (
    <TextField
      label={label}
      type="password"
      // A destination's secret, not the member's own login: no saved password offered or saved.
      autoComplete="new-password"
      value={values[name]}
      onChange={(event) => change({ [name]: event.target.value })}
      error={errors[name]}
      hint={hint}
    />
  );
  const kept = stored !== null && stored.kind === values.kind ? stored : null;

  return (
    <Card className="p-5 sm:p-6">
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        aria-labelledby={headingId}
        className="flex flex-col gap-5"
      >
        <h2
          ref={headingRef}
          id={headingId}
          tabIndex={-1}
          className="text-lg font-semibold tracking-tight text-foreground outline-none"
        >
          {stored ? `Edit “${stored.name}”` : 'Add destination'}
        </h2>

        <div className="grid gap-4 sm:grid-cols-2">
          {text('name', 'Name', { placeholder: 'Our distributor', maxLength: 80 })}
          {text('recipient_name', 'Recipient name', {
            hint: 'The distributor’s name in the DDEX messages',
            maxLength: 120,
          })}
          {text('recipient_dpid', 'Recipient DPID', {
            placeholder: 'PADPIDA2007050901U',
            hint: 'The distributor’s DDEX party id',
            autoCapitalize: 'characters',
            spellCheck: false,
          })}
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-foreground">
            <input
              type="checkbox"
              checked={values.enabled}
              onChange={(event) => change({ enabled: event.target.checked })}
              className="size-4 cursor-pointer rounded accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
            Enabled: “Deliver” sends to it
          </label>
        </div>

        <fieldset
          className="flex flex-col gap-3"
          aria-describedby={errors.stores ? storesErrorId : undefined}
        >
          <legend className="mb-2 text-sm font-medium text-foreground">Stores</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {STORES.map((store) => (
              <label key={store} className="flex items-center gap-2 text-sm text-foreground">
                <input
                  type="checkbox"
                  checked={values.stores.includes(store)}
                  onChange={(event) => toggleStore(store, event.target.checked)}
                  aria-invalid={errors.stores ? true : undefined}
                  className="size-4 cursor-pointer rounded accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring"
                />
                {STORE_LABELS[store]}
              </label>
            ))}
          </div>
          {errors.stores ? (
            <p id={storesErrorId} role="alert" className="text-sm text-destructive">
              {errors.stores}
            </p>
          ) : null}
          {text('own_stores', 'Other stores', {
            hint: 'Stores of your own, separated by commas',
            placeholder: 'Label Shop, Club Pool',
          })}
        </fieldset>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-foreground">Connection</legend>
          <div className="flex flex-col gap-1 rounded-lg bg-muted p-1 sm:inline-flex sm:flex-row sm:self-start">
            {DESTINATION_KINDS.map((kind: DestinationKind) => (
              <label
                key={kind}
                className={cn(
                  'relative flex cursor-pointer items-center justify-center rounded-md px-4 py-1.5 text-sm font-medium transition-colors',
                  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  values.kind === kind
                    ? 'bg-background text-foreground shadow-sm'
                    : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <input
                  type="radio"
                  name={`${headingId}-kind`}
                  value={kind}
                  checked={values.kind === kind}
                  onChange={() => change({ kind })}
                  // Over the whole pill, invisible: the pill is the radio's look and its target.
                  className="absolute inset-0 cursor-pointer appearance-none rounded-md opacity-0"
                />
                {DESTINATION_KIND_LABELS[kind]}
              </label>
            ))}
          </div>
          {errors.kind ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.kind}
            </p>
          ) : null}
        </fieldset>

        {values.kind === 'sftp' ? (
          <Section title={DESTINATION_KIND_LABELS.sftp}>
            <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
              {text('host', 'Host', { placeholder: 'sftp.distributor.com', spellCheck: false })}
              {text('port', 'Port', { inputMode: 'numeric' })}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {text('username', 'Username', { autoComplete: 'off', spellCheck: false })}
              {secret(
                'password',
                'Password',
                kept?.has_password ? STORED_SECRET : 'Or give a private key below',
              )}
            </div>
            <TextAreaField
              label="Private key"
              rows={4}
              spellCheck={false}
              autoComplete="off"
              placeholder="-----BEGIN OPENSSH PRIVATE KEY-----"
              value={values.private_key}
              onChange={(event) => change({ private_key: event.target.value })}
              error={errors.private_key}
              hint={
                kept?.has_private_key
                  ? STORED_SECRET
                  : 'Instead of a password: the key in OpenSSH or PEM form'
              }
              controlClassName="font-mono text-xs"
            />
            <div className="grid gap-4 sm:grid-cols-2">
              {secret(
                'passphrase',
                'Key passphrase',
                kept?.has_private_key
                  ? 'Only for an encrypted key; leave empty to keep the stored one'
                  : 'Only for an encrypted key',
              )}
              {text('host_key_sha256', 'Host key fingerprint', {
                placeholder: 'SHA256:…',
                hint: 'From ssh-keyscan host | ssh-keygen -lf -. Without it, any server answering at this address is trusted.',
                spellCheck: false,
              })}
              {text('remote_folder', 'Remote folder', {
                placeholder: 'incoming',
                hint: 'Empty for the home folder',
              })}
              {text('ack_folder', 'Acknowledgement folder')}
            </div>
          </Section>
        ) : values.kind === 's3' ? (
          <Section title={DESTINATION_KIND_LABELS.s3}>
            <div className="grid gap-4 sm:grid-cols-2">
              {text('bucket', 'Bucket', { spellCheck: false })}
              {text('region', 'Region')}
              {text('endpoint', 'Endpoint', {
                type: 'url',
                placeholder: 'https://s3.example.com',
                hint: 'Empty for Amazon S3',
              })}
              {text('prefix', 'Prefix', { placeholder: 'incoming', hint: 'The folder inside the bucket' })}
              {text('ack_prefix', 'Acknowledgement prefix')}
              {text('access_key_id', 'Access key ID', { autoComplete: 'off', spellCheck: false })}
              {secret(
                'secret_access_key',
                'Secret access key',
                kept?.has_secret_access_key ? STORED_SECRET : undefined,
              )}
            </div>
          </Section>
        ) : (
          <Section title={DESTINATION_KIND_LABELS.folder}>
            <div className="grid gap-4 sm:grid-cols-2">
              {text('folder', 'Folder name', {
                placeholder: 'test-deliveries',
                hint: 'Kept under the server’s data folder, in distribution/',
              })}
              {text('ack_folder', 'Acknowledgement folder')}
            </div>
          </Section>
        )}

        {isStale ? (
          <Alert>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>{save.error?.message}</span>
              <Button size="sm" variant="outline" onClick={() => void reload()} isLoading={isReloading}>
                Reload
              </Button>
            </div>
          </Alert>
        ) : save.isError && !namesFields ? (
          <Alert>{save.error.message}</Alert>
        ) : null}
        {attempted && Object.keys(errors).length > 0 ? (
          <p role="status" className="text-sm text-destructive">
            Fix the fields marked above to save.
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" isLoading={save.isPending}>
            Save destination
          </Button>
        </div>
      </form>
    </Card>
  );
}
