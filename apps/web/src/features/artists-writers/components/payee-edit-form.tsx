import type { PayeeDto } from '@music-review/core/contracts/parties';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { useUpdatePayee } from '../api/update-payee';
import { checkPayeeEdit, type PayeeField, payeeFieldOf, payeeFormFrom } from '../lib/payee-form';
import { useRecordForm } from '../lib/use-record-form';
import { ConflictNotice } from './conflict-notice';
import { FormProblems } from './form-problems';
import { PAYEE_FIELDS, PayeeFormFields } from './payee-form-fields';

/** A payee's edit in its drawer; `reload` fetches the payee again after a conflict. */
export function PayeeEditForm({
  payee,
  reload,
  onDone,
}: {
  payee: PayeeDto;
  reload: () => Promise<PayeeDto | undefined>;
  onDone: () => void;
}) {
  const update = useUpdatePayee(payee.id);
  const [isReloading, setIsReloading] = useState(false);
  const form = useRecordForm({
    initial: { values: payeeFormFrom(payee), rowVersion: payee.row_version },
    fields: PAYEE_FIELDS as PayeeField[],
    same: (field, a, b) => a[field].trim() === b[field].trim(),
    fieldOf: payeeFieldOf,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPayeeEdit(form.values, form.base.values, form.base.rowVersion);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    form.setErrors({});
    try {
      await update.mutateAsync(checked.body);
      toast.success('Payee saved');
      onDone();
    } catch (error) {
      form.showFailure(error, 'The payee could not be saved. Please try again.');
    }
  };

  const onReload = async () => {
    setIsReloading(true);
    try {
      const fresh = await reload();
      if (fresh) form.rebase({ values: payeeFormFrom(fresh), rowVersion: fresh.row_version });
    } finally {
      setIsReloading(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {form.isConflict ? <ConflictNotice onReload={() => void onReload()} isReloading={isReloading} /> : null}
      <PayeeFormFields
        values={form.values}
        set={form.set}
        errors={form.errors}
        savedDetails={payee.payment_details_masked}
      />
      <FormProblems errors={form.errors} placed={PAYEE_FIELDS} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isLoading={update.isPending}>
          Save payee
        </Button>
      </div>
    </form>
  );
}
