import { Copy, Link2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { inputClasses } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import {
  REVISION_MESSAGE_MAX,
  revisionRequestInputSchema,
  useRequestRevision,
} from '../api/request-revision';
import type { RevisionRequestDto } from '../api/types';

const expiryFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatExpiry(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : expiryFormat.format(date);
}

/** The link as the artist opens it: this app's address and the path the server gave. */
function fullLink(path: string): string {
  return new URL(path, window.location.origin).toString();
}

function CreatedLink({ request, onDone }: { request: RevisionRequestDto; onDone: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const link = fullLink(request.path);

  // The form's button is gone: focus moves to the link, selected, ready to copy by hand too.
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Link copied');
    } catch {
      // No clipboard (an insecure context, or the permission refused): leave the text selected.
      inputRef.current?.select();
      toast.error('Could not copy the link. Select it and copy it yourself.');
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-link`} className="text-sm font-medium text-foreground">
          Upload link
        </label>
        <div className="flex gap-2">
          <input
            ref={inputRef}
            id={`${id}-link`}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className={cn(inputClasses, 'font-mono text-xs')}
          />
          <Button variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copy link
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          Expires <time dateTime={request.expires_at}>{formatExpiry(request.expires_at)}</time>. It works
          once.
        </p>
      </div>
      {request.mailed_to ? (
        <Alert variant="success">Emailed to {request.mailed_to}</Alert>
      ) : (
        <Alert variant="info">No submitter email is known: send this link to the artist yourself.</Alert>
      )}
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

function RequestForm({
  songId,
  onCreated,
  onCancel,
}: {
  songId: string;
  onCreated: (request: RevisionRequestDto) => void;
  onCancel: () => void;
}) {
  const request = useRequestRevision(songId);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = revisionRequestInputSchema.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the message');
      return;
    }
    setError(null);
    request.mutate(parsed.data, {
      onSuccess: onCreated,
      // The typed message stays in the field so the user can try again.
      onError: (requestError) => setError(requestError.message || 'Failed to create the link'),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-message`} className="text-sm font-medium text-foreground">
          Message to the artist
        </label>
        <textarea
          id={`${id}-message`}
          rows={4}
          maxLength={REVISION_MESSAGE_MAX}
          value={message}
          placeholder="Optional: what should change in the new version?"
          onChange={(event) => setMessage(event.target.value)}
          className={cn(inputClasses, 'h-auto min-h-24 py-2 leading-6')}
        />
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={request.isPending}>
          <Link2 aria-hidden="true" />
          Create link
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Request revision': creates a single-use link where the artist uploads a new version. The link
 * (its token) is shown once, here; the server mails it to the submitter when it knows the address.
 */
export function RequestRevisionDialog({
  songId,
  songTitle,
  open,
  onClose,
}: {
  songId: string;
  songTitle: string;
  open: boolean;
  onClose: () => void;
}) {
  const [created, setCreated] = useState<RevisionRequestDto | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={created ? 'Revision link created' : 'Request a revision'}
      description={
        created
          ? `The artist can upload a new version of “${songTitle}” through this link.`
          : `Create a link where the artist can upload a new version of “${songTitle}”.`
      }
    >
      {created ? (
        <CreatedLink request={created} onDone={close} />
      ) : (
        <RequestForm songId={songId} onCreated={setCreated} onCancel={close} />
      )}
    </Dialog>
  );
}
