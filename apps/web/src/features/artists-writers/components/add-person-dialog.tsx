import type { FieldErrors } from '@music-review/core/api-errors';
import { CATALOGUE_TEXTS, type PartyRole } from '@music-review/core/catalogue';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { serverFieldErrors } from '../../../lib/api-client';
import { useCreateParty } from '../api/create-party';
import {
  checkNewParty,
  emptyPartyForm,
  formFieldOf,
  PARTY_FIELDS,
  type PartyFormValues,
} from '../lib/party-form';
import { FormProblems } from './form-problems';
import { PartyFormFields, type SetPartyField } from './party-form-fields';

/**
 * "Add person": checked with the API's schema as the member submits, then created; the server's
 * problems appear under their fields and everything typed stays. A new person opens on their page.
 */
export function AddPersonDialog({ onClose, roles }: { onClose: () => void; roles: PartyRole[] }) {
  const [values, setValues] = useState<PartyFormValues>(() => emptyPartyForm(roles));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateParty();
  const navigate = useNavigate();
  const set: SetPartyField = (field, value) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkNewParty(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const party = await create.mutateAsync(checked.body);
      toast.success(`${party.name} was added`);
      onClose();
      navigate(paths.person.href(party.id));
    } catch (error) {
      const fields = serverFieldErrors(error, formFieldOf);
      setErrors(
        Object.keys(fields).length > 0
          ? fields
          : {
              '': error instanceof Error ? error.message : 'The person could not be added. Please try again.',
            },
      );
    }
  };

  return (
    <Dialog open onClose={onClose} title={CATALOGUE_TEXTS.addPerson}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <div className="-mx-1 flex max-h-[65vh] flex-col gap-4 overflow-y-auto px-1 pb-1">
          <PartyFormFields values={values} set={set} errors={errors} />
        </div>
        <FormProblems errors={errors} placed={PARTY_FIELDS.filter((field) => field !== 'notes')} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={create.isPending}>
            {CATALOGUE_TEXTS.addPerson}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
