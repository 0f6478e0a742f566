import { STATEMENT_TEXTS } from '@music-review/core/royalties';
import { periodBody } from '@music-review/core/royalties-schemas';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { PeriodDto } from '../accounting-types';
import { useCreatePeriod } from '../api/create-period';

/**
 * "Add period": a month, and the period holding it by the label's cadence is added. A month that is
 * not one, or a period that exists already (409), is said under the field; the month typed stays.
 */
export function AddPeriodForm({ onAdded }: { onAdded: (period: PeriodDto) => void }) {
  const create = useCreatePeriod();
  const [month, setMonth] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = periodBody.safeParse({ month: month.trim() });
    if (!checked.success) {
      setProblem('Choose a month, like 2026-07.');
      return;
    }
    setProblem(null);
    create.mutate(checked.data.month, {
      onSuccess: (period) => {
        setMonth('');
        onAdded(period);
      },
      onError: (caught) => setProblem(caught.message || 'The period could not be added. Please try again.'),
    });
  };
  return (
    <form
      noValidate
      aria-label="Add a period"
      onSubmit={submit}
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
    >
      <TextField
        label="Month"
        type="month"
        placeholder="2026-07"
        className="sm:w-48"
        value={month}
        error={problem}
        onChange={(event) => {
          setMonth(event.target.value);
          setProblem(null);
        }}
      />
      <Button type="submit" className="sm:mt-7" isLoading={create.isPending}>
        <Plus aria-hidden="true" />
        {STATEMENT_TEXTS.addPeriod}
      </Button>
    </form>
  );
}
