import { type FieldErrors, fieldErrorsFrom } from '@music-review/core/api-errors';
import { ratesBody } from '@music-review/core/royalties-schemas';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { serverFieldErrors } from '../../../lib/api-client';
import type { PeriodDto, RatesBody } from '../accounting-types';
import { useSavePeriodRates } from '../api/save-period-rates';

interface RateRow {
  key: string;
  from: string;
  to: string;
  rate: string;
}

let nextKey = 0;
const row = (from = '', to = '', rate = ''): RateRow => ({ key: `fx-${++nextKey}`, from, to, rate });

const bodyOf = (rows: readonly RateRow[]): RatesBody => ({
  rates: rows.map((r) => ({
    from: r.from.trim().toUpperCase(),
    to: r.to.trim().toUpperCase(),
    rate: r.rate.trim(),
  })),
});

const isPlaced = (path: string) => /^rates\.\d+\.(from|to|rate)$/.test(path);

/** A published period's rates, as they were used. */
function RatesTable({ rates }: { rates: PeriodDto['rates'] }) {
  if (rates.length === 0)
    return <p className="text-sm text-muted-foreground">No exchange rate was needed.</p>;
  return (
    <ul aria-label="Exchange rates" className="flex flex-col gap-1 text-sm">
      {rates.map((rate) => (
        <li key={`${rate.from}-${rate.to}`} className="tabular-nums">
          1 {rate.from} = {rate.rate} {rate.to}
        </li>
      ))}
    </ul>
  );
}

/**
 * A period's exchange rates: rows of "1 from = rate to", added and removed, saved together. Checked
 * with the API's schema first; each problem shows beside its field, and what was typed stays.
 */
export function PeriodRatesEditor({ period, isReadOnly }: { period: PeriodDto; isReadOnly: boolean }) {
  const save = useSavePeriodRates(period.id);
  const [rows, setRows] = useState<RateRow[]>(() => period.rates.map((r) => row(r.from, r.to, r.rate)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  if (isReadOnly) return <RatesTable rates={period.rates} />;

  const set = (index: number, patch: Partial<RateRow>) => {
    setAnnouncement('');
    setRows((current) => current.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setAnnouncement('');
    const body = bodyOf(rows);
    const checked = ratesBody.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrorsFrom(checked.error.issues));
      return;
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: () => setAnnouncement('Exchange rates saved. Run the period again to use them.'),
      onError: (caught) => {
        const fields = serverFieldErrors(caught);
        setErrors(fields);
        const paths = Object.keys(fields);
        setError(
          paths.length > 0 && paths.every(isPlaced)
            ? null
            : caught.message || 'The exchange rates could not be saved. Please try again.',
        );
      },
    });
  };

  return (
    <form noValidate aria-label="Exchange rates" onSubmit={submit} className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        Receipts in another currency than a payee’s are converted at these rates: 1 of the first currency is
        worth the rate in the second.
      </p>
      {rows.map((r, index) => (
        <fieldset
          key={r.key}
          className="grid grid-cols-[1fr_1fr] items-start gap-2 rounded-lg border border-border p-3 sm:grid-cols-[6rem_6rem_1fr_auto]"
        >
          <legend className="sr-only">Exchange rate {index + 1}</legend>
          <TextField
            label="From"
            value={r.from}
            maxLength={3}
            placeholder="EUR"
            autoCapitalize="characters"
            error={errors[`rates.${index}.from`] ?? null}
            onChange={(event) => set(index, { from: event.target.value })}
          />
          <TextField
            label="To"
            value={r.to}
            maxLength={3}
            placeholder="USD"
            autoCapitalize="characters"
            error={errors[`rates.${index}.to`] ?? null}
            onChange={(event) => set(index, { to: event.target.value })}
          />
          <TextField
            label="Rate"
            value={r.rate}
            inputMode="decimal"
            placeholder="1.0825"
            error={errors[`rates.${index}.rate`] ?? null}
            onChange={(event) => set(index, { rate: event.target.value })}
          />
          <Button
            variant="ghost"
            size="icon-sm"
            className="sm:mt-7"
            aria-label={`Remove exchange rate ${index + 1}`}
            onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </fieldset>
      ))}
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No exchange rates yet. A run says which one it needs.</p>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <p role="status" className="text-sm text-foreground empty:hidden">
        {announcement}
      </p>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="outline" size="sm" onClick={() => setRows((current) => [...current, row()])}>
          <Plus aria-hidden="true" />
          Add a rate
        </Button>
        <Button type="submit" size="sm" isLoading={save.isPending}>
          Save rates
        </Button>
      </div>
    </form>
  );
}
