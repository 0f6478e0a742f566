import type { FieldErrors } from '@music-review/core/api-errors';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { serverFieldErrors } from '../../../lib/api-client';
import { useCreatePayee } from '../api/create-payee';
import { checkNewPayee, emptyPayeeForm, type PayeeFormValues, payeeFieldOf } from '../lib/payee-form';
import { FormProblems } from './form-problems';
import { PAYEE_FIELDS, PayeeFormFields, type SetPayeeField } from './payee-form-fields';

/**
 * "Add payee". On success the typed payment details are dropped from memory and the new payee's
 * drawer opens, showing only their masked form.
 */
export function AddPayeeDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (payeeId: string) => void;
}) {
  const [values, setValues] = useState<PayeeFormValues>(emptyPayeeForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreatePayee();
  const set: SetPayeeField = (field, value) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkNewPayee(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const payee = await create.mutateAsync(checked.body);
      setValues(emptyPayeeForm());
      toast.success(`${payee.name} was added`);
      onAdded(payee.id);
    } catch (error) {
      const fields = serverFieldErrors(error, payeeFieldOf);
      setErrors(
        Object.keys(fields).length > 0
          ? fields
          : {
              '': error instanceof Error ? error.message : 'The payee could not be added. Please try again.',
            },
      );
    }
  };

  return (
    <Dialog open onClose={onClose} title="Add payee">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <div className="-mx-1 flex max-h-[65vh] flex-col gap-4 overflow-y-auto px-1 pb-1">
          <PayeeFormFields values={values} set={set} errors={errors} />
        </div>
        <FormProblems errors={errors} placed={PAYEE_FIELDS} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={create.isPending}>
            Add payee
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
