import { upcRangeBody } from '@music-review/core/catalogue-schemas';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import { useAddUpcRange } from '../../api/add-upc-range';
import { issuesByField } from '../../form-values';

/** "Add codes": a range bought from GS1, as its first code without the check digit and how many. */
export function UpcRangeForm() {
  const add = useAddUpcRange();
  const [first, setFirst] = useState('');
  const [count, setCount] = useState('');
  const [attempted, setAttempted] = useState(false);
  const checked = upcRangeBody.safeParse({ first, count: count.trim() === '' ? Number.NaN : Number(count) });
  const errors = checked.success ? {} : issuesByField(checked.error);
  const shown = (field: 'first' | 'count', value: string) =>
    attempted || value !== '' ? errors[field] : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!checked.success) return;
    add.mutate(checked.data, {
      onSuccess: ({ added }) => {
        toast.success(`Added ${added} ${added === 1 ? 'code' : 'codes'} to the pool`);
        setFirst('');
        setCount('');
        setAttempted(false);
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <TextField
          label="First code without check digit"
          inputMode="numeric"
          hint="11 digits for UPC, 12 for EAN"
          value={first}
          onChange={(event) => setFirst(event.target.value.replace(/\s/g, ''))}
          error={shown('first', first)}
        />
        <TextField
          label="How many codes"
          inputMode="numeric"
          value={count}
          onChange={(event) => setCount(event.target.value)}
          error={shown('count', count)}
        />
      </div>
      {add.isError ? <Alert>{add.error.message}</Alert> : null}
      <Button type="submit" variant="outline" className="self-end" isLoading={add.isPending}>
        Add codes
      </Button>
    </form>
  );
}
