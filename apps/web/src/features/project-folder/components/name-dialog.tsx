import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { useSubmit } from './use-submit';

/** Asks for a name: a new folder's, or a folder's or file's new one. Sends it trimmed. */
export function NameDialog(props: {
  title: string;
  label: string;
  submitLabel: string;
  initial: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const [name, setName] = useState(props.initial);
  const { error, isPending, submit } = useSubmit(() => props.onSubmit(name.trim()));
  return (
    <Dialog open onClose={props.onClose} title={props.title}>
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <TextField
          label={props.label}
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
          error={error ?? undefined}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!name.trim()} isLoading={isPending}>
            {props.submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
