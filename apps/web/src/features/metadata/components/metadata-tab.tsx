import {
  type FullMetadataDraft,
  type IssuedMetadataLinkDto,
  METADATA_STATUS_LABELS,
  type MetadataFieldErrors,
  type MetadataFormDto,
  type MetadataFormStatus,
  orderedErrorPaths,
  validateMetadataSubmission,
} from '@music-review/core/metadata-forms';
import { Copy, FilePlus2, Link2, Link2Off, Mail, MessageSquare, Pencil, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { inputClasses, TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import {
  useCreateMetadataForm,
  useFormAction,
  useNewMetadataLink,
  useShareMetadataLink,
  useSongMetadataForms,
} from '../api/label-forms';
import { MetadataFields } from './metadata-fields';
import { MetadataSummary } from './metadata-summary';

const STATUS_VARIANT: Record<MetadataFormStatus, BadgeVariant> = {
  draft: 'neutral',
  submitted: 'warning',
  confirmed: 'success',
};

export function MetadataStatusBadge({ status }: { status: MetadataFormStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{METADATA_STATUS_LABELS[status]}</Badge>;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '');
const messageOf = (error: unknown, fallback: string) =>
  isApiError(error) || error instanceof Error ? error.message || fallback : fallback;

/** The signed song's metadata tab (issue 6): its forms, the artist's link, review, edit and confirm. */
export function MetadataTab({ songId }: { songId: string }) {
  const query = useSongMetadataForms(songId);
  const create = useCreateMetadataForm(songId);
  const [params, setParams] = useSearchParams();
  // Links are shown once (only their hash is kept): the ones issued on this visit, per form.
  const [issued, setIssued] = useState<Record<string, IssuedMetadataLinkDto>>({});

  const createForm = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setIssued((held) => ({ ...held, [created.form.id]: created.link }));
        setParams((p) => {
          p.set('form', created.form.id);
          return p;
        });
      },
    });

  if (query.isPending)
    return (
      <div className="flex flex-col gap-3" role="status" aria-label="Loading metadata forms">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  if (query.isError)
    return (
      <Alert>
        {messageOf(query.error, 'The metadata forms could not be loaded.')}{' '}
        <Button variant="link" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );

  const forms = query.data;
  const createError = create.isError ? (
    <Alert>{messageOf(create.error, 'The form could not be created.')}</Alert>
  ) : null;
  if (forms.length === 0)
    return (
      <Card className="flex flex-col items-start gap-3 p-6">
        <h3 className="text-base font-semibold">No metadata form yet</h3>
        <p className="max-w-prose text-sm text-muted-foreground">
          Send the artist a form for the track's metadata: writers and publishers with their shares, ISRC,
          ISWC, genre, language and lyrics. Their answers save as they type; you review and confirm them here.
        </p>
        {createError}
        <Button onClick={createForm} isLoading={create.isPending}>
          <FilePlus2 aria-hidden="true" />
          Create metadata form
        </Button>
      </Card>
    );

  // The form asked for, else the first one waiting for the label, else the newest.
  const selected =
    forms.find((f) => f.id === params.get('form')) ??
    forms.find((f) => f.status === 'submitted') ??
    forms[0]!;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {forms.length > 1 ? (
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Metadata forms of this song</legend>
            {forms.map((form) => (
              <Button
                key={form.id}
                size="sm"
                variant={form.id === selected.id ? 'secondary' : 'ghost'}
                aria-pressed={form.id === selected.id}
                onClick={() =>
                  setParams((p) => {
                    p.set('form', form.id);
                    return p;
                  })
                }
              >
                {form.data.version.trim() || 'Original'} · {METADATA_STATUS_LABELS[form.status]}
                <span className="sr-only">, created {formatDate(form.created_at)}</span>
              </Button>
            ))}
          </fieldset>
        ) : (
          <span />
        )}
        <Button variant="outline" size="sm" onClick={createForm} isLoading={create.isPending}>
          <FilePlus2 aria-hidden="true" />
          New metadata form
        </Button>
      </div>
      {createError}
      <FormPanel
        key={selected.id}
        form={selected}
        issued={issued[selected.id] ?? null}
        onIssued={(link) => setIssued((held) => ({ ...held, [selected.id]: link }))}
      />
    </div>
  );
}

function linkStateText(form: MetadataFormDto) {
  const link = form.link;
  if (!link) return 'No link yet.';
  switch (link.state) {
    case 'active':
      return `The artist's link works until ${formatDate(link.expires_at)}.`;
    case 'expired':
      return 'The artist’s link has expired.';
    case 'revoked':
      return 'The artist’s link was revoked.';
    default:
      return 'The artist’s link has been used.';
  }
}

function FormPanel({
  form,
  issued,
  onIssued,
}: {
  form: MetadataFormDto;
  issued: IssuedMetadataLinkDto | null;
  onIssued: (link: IssuedMetadataLinkDto) => void;
}) {
  const action = useFormAction(form.id);
  const [isEditing, setIsEditing] = useState(false);
  const [edit, setEdit] = useState<FullMetadataDraft>(form.data);
  const [errors, setErrors] = useState<MetadataFieldErrors>({});
  const [confirmReopen, setConfirmReopen] = useState(false);
  const actionError = action.isError ? messageOf(action.error, 'That did not work. Please try again.') : null;

  const startEditing = () => {
    setEdit(form.data);
    setErrors({});
    action.reset();
    setIsEditing(true);
  };
  const checked = (data: FullMetadataDraft) => {
    const result = validateMetadataSubmission(data);
    setErrors(result.ok ? {} : result.errors);
    return result.ok;
  };
  const save = () => {
    if (!checked(edit)) return;
    action.mutate(
      { action: 'save', data: edit },
      {
        onSuccess: () => {
          setIsEditing(false);
          toast.success('Metadata saved');
        },
      },
    );
  };
  const confirm = () => {
    const data = isEditing ? edit : form.data;
    if (!checked(data)) {
      if (!isEditing) startEditingWith(data);
      return;
    }
    action.mutate(
      { action: 'confirm', ...(isEditing ? { data } : {}) },
      {
        onSuccess: () => {
          setIsEditing(false);
          toast.success('Metadata confirmed');
        },
      },
    );
  };
  // Confirming data with problems opens the editor with them marked.
  const startEditingWith = (data: FullMetadataDraft) => {
    setEdit(data);
    setIsEditing(true);
  };

  const errorCount = orderedErrorPaths(errors).length;
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-base font-semibold">
                {form.song_title}
                {form.data.version.trim() ? ` (${form.data.version.trim()})` : ''}
              </h3>
              <MetadataStatusBadge status={form.status} />
            </div>
            <p className="text-sm text-muted-foreground">
              {form.status === 'draft'
                ? `Waiting for the artist · last change ${formatDate(form.updated_at)}`
                : form.status === 'submitted'
                  ? `Submitted by the artist ${formatDate(form.submitted_at)}: review it, then confirm.`
                  : `Confirmed${form.confirmed_by_name ? ` by ${form.confirmed_by_name}` : ''} ${formatDate(form.confirmed_at)}`}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {form.status !== 'draft' ? (
              <Button variant="outline" size="sm" onClick={() => setConfirmReopen(true)}>
                <RotateCcw aria-hidden="true" />
                Reopen for the artist
              </Button>
            ) : null}
            {form.status !== 'confirmed' ? (
              <Button
                size="sm"
                onClick={confirm}
                isLoading={action.isPending && action.variables?.action === 'confirm'}
              >
                Confirm metadata
              </Button>
            ) : null}
          </div>
        </div>
        {actionError && !isEditing ? <Alert>{actionError}</Alert> : null}
      </Card>

      <ArtistLink form={form} issued={issued} onIssued={onIssued} />

      <Card className="flex flex-col gap-4 p-5">
        <div className="flex items-center justify-between gap-3">
          <h3 className="text-base font-semibold">{isEditing ? 'Edit metadata' : 'Metadata'}</h3>
          {!isEditing ? (
            <Button variant="outline" size="sm" onClick={startEditing}>
              <Pencil aria-hidden="true" />
              Edit metadata
            </Button>
          ) : null}
        </div>
        {isEditing ? (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              save();
            }}
            className="flex flex-col gap-5"
          >
            <MetadataFields
              value={edit}
              onChange={(next) => {
                setEdit(next);
                if (errorCount > 0) checked(next);
              }}
              errors={errors}
            />
            {errorCount > 0 ? (
              <Alert>
                {errorCount === 1 ? 'One field needs' : `${errorCount} fields need`} attention: see the
                messages beside them.
              </Alert>
            ) : null}
            {actionError ? <Alert>{actionError}</Alert> : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="ghost" onClick={() => setIsEditing(false)}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant="outline"
                isLoading={action.isPending && action.variables?.action === 'save'}
              >
                Save changes
              </Button>
            </div>
          </form>
        ) : (
          <MetadataSummary data={form.data} />
        )}
      </Card>

      <Dialog
        open={confirmReopen}
        onClose={() => setConfirmReopen(false)}
        title="Reopen for the artist?"
        description="The form goes back to draft: the artist can change it again with a valid link and must submit it again. Its confirmation is withdrawn."
      >
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirmReopen(false)}>
            Cancel
          </Button>
          <Button
            isLoading={action.isPending}
            onClick={() => action.mutate({ action: 'reopen' }, { onSettled: () => setConfirmReopen(false) })}
          >
            Reopen
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function ArtistLink({
  form,
  issued,
  onIssued,
}: {
  form: MetadataFormDto;
  issued: IssuedMetadataLinkDto | null;
  onIssued: (link: IssuedMetadataLinkDto) => void;
}) {
  const newLink = useNewMetadataLink(form.id);
  const share = useShareMetadataLink(form.id);
  const revoke = useFormAction(form.id);
  const [emailOpen, setEmailOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const [confirmNew, setConfirmNew] = useState(false);
  const isActive = form.link?.state === 'active';
  // A link held from this visit still works only while the newest link is active.
  const held = isActive ? issued : null;

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy the link. Select it and copy it by hand.');
    }
  };
  const issue = () =>
    newLink.mutate(undefined, {
      onSuccess: (link) => {
        onIssued(link);
        setConfirmNew(false);
      },
    });
  const afterShare = (result: { link: IssuedMetadataLinkDto | null }) => {
    if (result.link) onIssued(result.link);
  };
  const error = newLink.error ?? share.error ?? revoke.error;

  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex flex-col gap-1">
        <h3 className="flex items-center gap-2 text-base font-semibold">
          <Link2 aria-hidden="true" className="size-4" />
          Artist link
        </h3>
        <p className="text-sm text-muted-foreground">
          {linkStateText(form)}{' '}
          {form.status !== 'draft' ? 'The form is locked while submitted or confirmed.' : ''}
        </p>
      </div>
      {held ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          <label className="sr-only" htmlFor={`link-${form.id}`}>
            Link for the artist
          </label>
          <input
            id={`link-${form.id}`}
            readOnly
            value={held.url}
            onFocus={(e) => e.currentTarget.select()}
            className={`${inputClasses} font-mono text-xs`}
          />
          <Button variant="outline" onClick={() => void copy(held.url)}>
            <Copy aria-hidden="true" />
            Copy link
          </Button>
        </div>
      ) : isActive ? (
        <p className="text-sm text-muted-foreground">
          For safety a link is shown only when it is made. Make a new link to copy it (the current one then
          stops working), or send it by email or to the chat.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setEmailOpen(true)}>
          <Mail aria-hidden="true" />
          Email to artist
        </Button>
        <Button
          variant="outline"
          size="sm"
          isLoading={share.isPending && share.variables?.via === 'chat'}
          onClick={() =>
            share.mutate(
              { via: 'chat', ...(held ? { token: held.token } : {}) },
              {
                onSuccess: (result) => {
                  afterShare(result);
                  toast.success('Link sent to the song’s chat');
                },
              },
            )
          }
        >
          <MessageSquare aria-hidden="true" />
          Send to chat
        </Button>
        <Button
          variant="outline"
          size="sm"
          isLoading={newLink.isPending}
          onClick={() => (isActive ? setConfirmNew(true) : issue())}
        >
          <Link2 aria-hidden="true" />
          New link
        </Button>
        {isActive ? (
          <Button variant="ghost" size="sm" onClick={() => setConfirmRevoke(true)}>
            <Link2Off aria-hidden="true" />
            Revoke link
          </Button>
        ) : null}
      </div>
      {error ? <Alert>{messageOf(error, 'That did not work. Please try again.')}</Alert> : null}

      <Dialog
        open={emailOpen}
        onClose={() => setEmailOpen(false)}
        title="Email the form to the artist"
        description="They get the link by email; their answers save as they type."
      >
        <form
          className="mt-4 flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            share.mutate(
              {
                via: 'email',
                email: email.trim(),
                ...(note.trim() ? { note: note.trim() } : {}),
                ...(held ? { token: held.token } : {}),
              },
              {
                onSuccess: (result) => {
                  afterShare(result);
                  setEmailOpen(false);
                  toast.success(`Sent to ${email.trim()}`);
                },
              },
            );
          }}
        >
          <TextField
            label="Artist's email"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="off"
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`note-${form.id}`} className="text-sm font-medium">
              Note (optional)
            </label>
            <textarea
              id={`note-${form.id}`}
              value={note}
              maxLength={2000}
              rows={3}
              onChange={(e) => setNote(e.target.value)}
              className={`${inputClasses} h-auto py-2`}
            />
          </div>
          {share.isError && share.variables?.via === 'email' ? (
            <Alert>{messageOf(share.error, 'The email could not be sent.')}</Alert>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setEmailOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" isLoading={share.isPending} disabled={!email.trim()}>
              Send email
            </Button>
          </div>
        </form>
      </Dialog>

      <ConfirmDialog
        open={confirmRevoke}
        onClose={() => setConfirmRevoke(false)}
        title="Revoke the artist's link?"
        description="The link stops working at once; the artist sees that it was withdrawn. What they saved stays. You can make a new link at any time."
        confirmLabel="Revoke link"
        isPending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate({ action: 'revoke-link' }, { onSettled: () => setConfirmRevoke(false) })
        }
      />

      <ConfirmDialog
        open={confirmNew}
        onClose={() => setConfirmNew(false)}
        title="Make a new link?"
        description="The current link stops working: send the new one to the artist. What they saved stays."
        confirmLabel="Make new link"
        destructive={false}
        isPending={newLink.isPending}
        onConfirm={issue}
      />
    </Card>
  );
}
