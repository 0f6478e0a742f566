import type { ContractDto } from '@music-review/core/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ContractPartiesFieldset } from './contract-parties-fieldset';
import { ContractTermsFields } from './contract-terms-fields';
import { useContractForm } from './use-contract-form';
import { WritersSharesFieldset } from './writers-shares-fieldset';

/** The generator (and a draft's editor): template, title, terms and the writers' shares. */
export function GenerateContractDialog({
  open,
  onClose,
  songId,
  song,
  labelName,
  labelEmail,
  contract,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  songId: string;
  song: { title: string; artist: string };
  labelName: string;
  /** Prefilled as the label party's email. */
  labelEmail: string;
  /** A draft to edit; null to generate a new contract. */
  contract: ContractDto | null;
  onSaved: (contract: ContractDto) => void;
}) {
  const { form, errors, unplaced, total, set, setRow, addRow, removeRow, submit, isSaving } = useContractForm(
    { songId, song, labelName, labelEmail, contract, onSaved, onClose },
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={contract ? 'Edit draft contract' : 'Generate contract'}
      description={`For "${song.title}" by ${song.artist}. The text is filled in from the template; you can preview it before sending.`}
    >
      <form
        onSubmit={submit}
        noValidate
        className="-mx-1 flex max-h-[65vh] flex-col gap-4 overflow-y-auto px-1"
      >
        <ContractTermsFields form={form} errors={errors} set={set} />
        <ContractPartiesFieldset
          parties={form.parties}
          errors={errors}
          onChange={(key, patch) => setRow('parties', key, patch)}
          onAdd={() => addRow('parties')}
          onRemove={(key) => removeRow('parties', key)}
        />
        <WritersSharesFieldset
          writers={form.writers}
          total={total}
          errors={errors}
          onChange={(key, patch) => setRow('writers', key, patch)}
          onAdd={() => addRow('writers')}
          onRemove={(key) => removeRow('writers', key)}
        />

        {unplaced.length > 0 ? (
          <Alert>
            {unplaced.length === 1 ? (
              unplaced[0]
            ) : (
              <ul className="list-disc pl-4">
                {unplaced.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )}
          </Alert>
        ) : Object.keys(errors).length > 0 ? (
          <Alert>Some fields need fixing: see the messages above.</Alert>
        ) : null}
        <div className="sticky bottom-0 flex justify-end gap-2 bg-popover pt-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isSaving}>
            {contract ? 'Save draft' : 'Generate contract'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
