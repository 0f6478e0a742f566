import { PARTY_ROLE_LABELS, PARTY_TYPE_LABELS } from '@music-review/core/catalogue';
import type { PartyDto } from '@music-review/core/contracts/parties';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../../components/ui/button';
import { useUpdateParty } from '../../api/update-party';
import {
  checkPartyEdit,
  formFieldOf,
  PARTY_FIELDS,
  type PartyField,
  type PartyFormValues,
  partyFormFrom,
  sameValue,
} from '../../lib/party-form';
import { useRecordForm } from '../../lib/use-record-form';
import { ConflictNotice } from '../conflict-notice';
import { FormProblems } from '../form-problems';
import { PartyFormFields, type TheirValues } from '../party-form-fields';
import { Section } from './person-sections';

/** What a colleague saved in a field, as text beside it. */
function shown(field: PartyField, values: Partial<PartyFormValues>): string {
  if (field === 'roles') return (values.roles ?? []).map((role) => PARTY_ROLE_LABELS[role]).join(', ');
  if (field === 'payee') return values.payee?.name ?? '';
  if (field === 'party_type') return values.party_type ? PARTY_TYPE_LABELS[values.party_type] : '';
  return String(values[field] ?? '');
}

/**
 * The person's details edited in place. Sends only what changed, on the version read; when a
 * colleague saved first, says so, offers a reload and keeps what was typed.
 */
export function PersonEditForm({
  party,
  reload,
  onDone,
}: {
  party: PartyDto;
  reload: () => Promise<PartyDto | undefined>;
  onDone: () => void;
}) {
  const update = useUpdateParty(party.id);
  const [isReloading, setIsReloading] = useState(false);
  const form = useRecordForm({
    initial: { values: partyFormFrom(party), rowVersion: party.row_version },
    fields: PARTY_FIELDS,
    same: sameValue,
    fieldOf: formFieldOf,
  });
  const theirs: TheirValues = Object.fromEntries(
    Object.keys(form.theirs).map((field) => [field, shown(field as PartyField, form.theirs)]),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPartyEdit(form.values, form.base.values, form.base.rowVersion);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    form.setErrors({});
    if (Object.keys(checked.body).length === 1) {
      onDone(); // Nothing changed: nothing to save.
      return;
    }
    try {
      await update.mutateAsync(checked.body);
      toast.success('Saved');
      onDone();
    } catch (error) {
      form.showFailure(error, 'The changes could not be saved. Please try again.');
    }
  };

  const onReload = async () => {
    setIsReloading(true);
    try {
      const fresh = await reload();
      if (fresh) form.rebase({ values: partyFormFrom(fresh), rowVersion: fresh.row_version });
    } finally {
      setIsReloading(false);
    }
  };

  return (
    <Section id="person-details" title="Edit details">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {form.isConflict ? (
          <ConflictNotice onReload={() => void onReload()} isReloading={isReloading} />
        ) : null}
        <PartyFormFields values={form.values} set={form.set} errors={form.errors} theirs={theirs} withNotes />
        <FormProblems errors={form.errors} placed={PARTY_FIELDS} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" isLoading={update.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </Section>
  );
}
