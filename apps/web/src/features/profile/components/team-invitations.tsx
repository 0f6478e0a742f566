import { inviteBody, TEAM_MESSAGES } from '@music-review/core/team';
import { Check, Copy, RefreshCw, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { useCopyInviteCode } from '../../../lib/use-copy-invite-code';
import { useRegenerateInviteCode } from '../api/regenerate-invite-code';
import { useSendInvitation } from '../api/send-invitation';

/** The invitation code: copy it, or replace it (the old one stops working). */
export function InviteCodePanel({ code }: { code: string }) {
  const regenerate = useRegenerateInviteCode();
  const { isCopied, copy } = useCopyInviteCode(code);
  const [isConfirming, setIsConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    setError(null);
    regenerate.mutate(undefined, {
      onSuccess: () => toast.success(TEAM_MESSAGES.codeRegenerated),
      onError: (err) => setError(err.message),
      onSettled: () => setIsConfirming(false),
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <code className="flex h-10 min-w-[9.5rem] flex-1 items-center truncate rounded-lg border border-border bg-muted px-3 font-mono text-sm tracking-wider text-foreground select-all sm:max-w-xs">
          {code}
        </code>
        <Button
          variant="outline"
          size="icon"
          onClick={copy}
          aria-label={isCopied ? 'Invitation code copied' : 'Copy invitation code'}
          title="Copy invitation code"
        >
          {isCopied ? <Check aria-hidden="true" className="text-success" /> : <Copy aria-hidden="true" />}
        </Button>
        <Button variant="outline" onClick={() => setIsConfirming(true)}>
          <RefreshCw aria-hidden="true" />
          Regenerate code
        </Button>
      </div>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <Dialog
        open={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Regenerate the invitation code?"
        description="The current code stops working at once. Anyone who has not joined yet will need the new code."
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setIsConfirming(false)} disabled={regenerate.isPending}>
            Cancel
          </Button>
          <Button isLoading={regenerate.isPending} onClick={confirm}>
            Regenerate code
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** Invite by email: the server mails the code with a link to the join screen. */
export function InviteByEmailForm() {
  const send = useSendInvitation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inviteBody.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? TEAM_MESSAGES.inviteEmailInvalid);
      return;
    }
    setError(null);
    send.mutate(parsed.data.email, {
      onSuccess: ({ sent_to }) => {
        setEmail('');
        toast.success(TEAM_MESSAGES.inviteSent(sent_to));
      },
      // The address stays in the field to correct or retry.
      onError: (err) => setError(err.message),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        label="Email address"
        name="invite-email"
        type="email"
        autoComplete="off"
        placeholder="name@example.com"
        className="w-full sm:max-w-sm"
        hint="They get the invitation code and a link to join."
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <Button type="submit" className="sm:mt-[1.625rem]" isLoading={send.isPending}>
        {send.isPending ? null : <Send aria-hidden="true" />}
        Send invitation
      </Button>
    </form>
  );
}
