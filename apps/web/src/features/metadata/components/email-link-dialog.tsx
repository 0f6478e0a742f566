import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { inputClasses, TextField } from '../../../components/ui/text-field';

/** Mails the form's link to the artist, with an optional note; what was typed is kept when it closes. */
export function EmailLinkDialog({
  formId,
  open,
  onClose,
  isSending,
  error,
  onSend,
}: {
  formId: string;
  open: boolean;
  onClose: () => void;
  isSending: boolean;
  error: string | null;
  /** Called with the trimmed address and note (empty when none). */
  onSend: (email: string, note: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Email the form to the artist"
      description="They get the link by email; their answers save as they type."
    >
      <form
        className="mt-4 flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          onSend(email.trim(), note.trim());
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
          <label htmlFor={`note-${formId}`} className="text-sm font-medium">
            Note (optional)
          </label>
          <textarea
            id={`note-${formId}`}
            value={note}
            maxLength={2000}
            rows={3}
            onChange={(e) => setNote(e.target.value)}
            className={`${inputClasses} h-auto py-2`}
          />
        </div>
        {error ? <Alert>{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isSending} disabled={!email.trim()}>
            Send email
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
