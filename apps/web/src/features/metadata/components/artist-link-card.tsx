import type { IssuedMetadataLinkDto, MetadataFormDto } from '@music-review/core/metadata-forms';
import { Copy, Link2, Link2Off, Mail, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { inputClasses } from '../../../components/ui/text-field';
import { useEmailMetadataFormLink } from '../api/email-metadata-form-link';
import { useIssueMetadataFormLink } from '../api/issue-metadata-form-link';
import { usePostMetadataFormLinkToChat } from '../api/post-metadata-form-link-to-chat';
import { useRevokeMetadataFormLinks } from '../api/revoke-metadata-form-links';
import { EmailLinkDialog } from './email-link-dialog';
import { formatDate, messageOf } from './format';

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

/** The artist's link to the form: copy it (once made), email it, post it to the chat, renew or revoke it. */
export function ArtistLinkCard({
  form,
  issued,
  onIssued,
}: {
  form: MetadataFormDto;
  issued: IssuedMetadataLinkDto | null;
  onIssued: (link: IssuedMetadataLinkDto) => void;
}) {
  const newLink = useIssueMetadataFormLink(form.id);
  const email = useEmailMetadataFormLink(form.id);
  const chat = usePostMetadataFormLinkToChat(form.id);
  const revoke = useRevokeMetadataFormLinks(form.id);
  const [emailOpen, setEmailOpen] = useState(false);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const [confirmNew, setConfirmNew] = useState(false);
  const isActive = form.link?.state === 'active';
  // A link held from this visit still works only while the newest link is active.
  const held = isActive ? issued : null;
  const token = held ? { token: held.token } : {};

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
  // Email and chat are one "share" to the label: starting either drops the other's outcome.
  const sendToChat = () => {
    email.reset();
    chat.mutate(token, {
      onSuccess: (result) => {
        afterShare(result);
        toast.success('Link sent to the song’s chat');
      },
    });
  };
  const sendEmail = (address: string, note: string) => {
    chat.reset();
    email.mutate(
      { email: address, ...(note ? { note } : {}), ...token },
      {
        onSuccess: (result) => {
          afterShare(result);
          setEmailOpen(false);
          toast.success(`Sent to ${address}`);
        },
      },
    );
  };
  const error = newLink.error ?? email.error ?? chat.error ?? revoke.error;

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
        <Button variant="outline" size="sm" isLoading={chat.isPending} onClick={sendToChat}>
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

      <EmailLinkDialog
        formId={form.id}
        open={emailOpen}
        onClose={() => setEmailOpen(false)}
        isSending={email.isPending || chat.isPending}
        error={email.isError ? messageOf(email.error, 'The email could not be sent.') : null}
        onSend={sendEmail}
      />

      <ConfirmDialog
        open={confirmRevoke}
        onClose={() => setConfirmRevoke(false)}
        title="Revoke the artist's link?"
        description="The link stops working at once; the artist sees that it was withdrawn. What they saved stays. You can make a new link at any time."
        confirmLabel="Revoke link"
        isPending={revoke.isPending}
        onConfirm={() => revoke.mutate(undefined, { onSettled: () => setConfirmRevoke(false) })}
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
