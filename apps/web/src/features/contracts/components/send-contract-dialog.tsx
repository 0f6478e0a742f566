import { type ContractDto, type SentContractDto, sendContractBody } from '@music-review/core/contracts';
import { Plus, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { useSendContract } from '../api/send-contract';
import { LinkRow } from './copy-button';

interface SignerRow {
  key: number;
  name: string;
  email: string;
  role: string;
}
let nextKey = 1;

/** Names the signers; after sending shows each one's signing link to copy (shown this once). */
export function SendContractDialog({
  open,
  onClose,
  contract,
}: {
  open: boolean;
  onClose: () => void;
  contract: ContractDto;
}) {
  const fromParties = contract.terms.parties
    .filter((p) => p.role.toLowerCase() !== 'label')
    .map((p) => ({ key: nextKey++, name: p.name, email: p.email, role: p.role }));
  const [signers, setSigners] = useState<SignerRow[]>(
    fromParties.length > 0
      ? fromParties
      : [{ key: nextKey++, name: contract.artist_name, email: '', role: 'Artist' }],
  );
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<SentContractDto | null>(null);
  const send = useSendContract();
  const setRow = (key: number, patch: Partial<SignerRow>) =>
    setSigners((list) => list.map((s) => (s.key === key ? { ...s, ...patch } : s)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body = sendContractBody.safeParse({
      signers: signers.map(({ name, email, role }) => ({ name, email, role })),
      message: message.trim() || undefined,
    });
    if (!body.success) {
      const issue = body.error.issues[0];
      const index = typeof issue?.path[1] === 'number' ? issue.path[1] : null;
      setError(
        index === null ? (issue?.message ?? 'Check the signers') : `Signer ${index + 1}: ${issue?.message}`,
      );
      return;
    }
    try {
      setSent(await send.mutateAsync({ id: contract.id, body: body.data }));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The contract could not be sent. Please try again.');
    }
  };

  if (sent) {
    return (
      <Dialog
        open={open}
        onClose={onClose}
        title="Sent for signature"
        description="Each signer has been emailed their own link. You can also copy a link and pass it on yourself; it works once, for 30 days."
      >
        <div className="flex max-h-[65vh] flex-col gap-3 overflow-y-auto">
          {sent.mail_failed.length > 0 ? (
            <Alert>
              We could not email {sent.mail_failed.join(', ')}. Copy their link and send it yourself.
            </Alert>
          ) : null}
          {sent.links.map((link) => (
            <LinkRow
              key={link.signer_id}
              who={`${link.name} · ${link.email}`}
              url={link.sign_url}
              label={`Copy signing link for ${link.name}`}
            />
          ))}
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Send for signature"
      description={`"${contract.title}" goes to each signer by email with a link to sign or decline. The text can no longer be changed once sent.`}
    >
      <form
        onSubmit={submit}
        noValidate
        className="-mx-1 flex max-h-[65vh] flex-col gap-4 overflow-y-auto px-1"
      >
        {signers.map((s, i) => (
          <fieldset key={s.key} className="grid grid-cols-2 gap-2 rounded-lg border border-border p-3">
            <legend className="px-1 text-sm font-semibold">Signer {i + 1}</legend>
            <TextField
              label={`Signer ${i + 1} name`}
              value={s.name}
              onChange={(e) => setRow(s.key, { name: e.target.value })}
            />
            <TextField
              label={`Signer ${i + 1} role`}
              value={s.role}
              onChange={(e) => setRow(s.key, { role: e.target.value })}
            />
            <TextField
              className="col-span-2"
              label={`Signer ${i + 1} email`}
              type="email"
              value={s.email}
              onChange={(e) => setRow(s.key, { email: e.target.value })}
            />
            {signers.length > 1 ? (
              <Button
                variant="ghost"
                size="sm"
                className="col-span-2 justify-self-start"
                onClick={() => setSigners((list) => list.filter((x) => x.key !== s.key))}
              >
                <Trash2 aria-hidden="true" />
                Remove signer {i + 1}
              </Button>
            ) : null}
          </fieldset>
        ))}
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() =>
            setSigners((list) => [...list, { key: nextKey++, name: '', email: '', role: 'Artist' }])
          }
        >
          <Plus aria-hidden="true" />
          Add signer
        </Button>
        <TextAreaField
          label="Message to the signers (optional)"
          rows={3}
          value={message}
          maxLength={2000}
          onChange={(e) => setMessage(e.target.value)}
        />
        {error ? <Alert>{error}</Alert> : null}
        <div className="sticky bottom-0 flex justify-end gap-2 bg-popover pt-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={send.isPending}>
            <Send aria-hidden="true" />
            Send for signature
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
