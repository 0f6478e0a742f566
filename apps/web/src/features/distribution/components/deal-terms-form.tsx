import { TERRITORY_MODE_LABELS, TERRITORY_MODES, type TerritoryMode } from '@music-review/core/distribution';
import { dealTermsBody } from '@music-review/core/distribution-schemas';
import { parseCountryList } from '@music-review/core/label-copy';
import { type FormEvent, useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useSaveDealTerms } from '../api/save-deal-terms';
import type { DealTermsDto } from '../distribution-types';
import { fieldMessage } from './destination-form-values';

interface DealTermsValues {
  territory_mode: TerritoryMode;
  territories: string;
  pre_order_date: string;
}

const valuesOf = (terms: DealTermsDto): DealTermsValues => ({
  territory_mode: terms.territory_mode,
  territories: terms.territories.join(', '),
  pre_order_date: terms.pre_order_date ?? '',
});
const same = (a: DealTermsValues, b: DealTermsValues) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Where and from when stores may sell the release: worldwide, only some territories, or all but
 * some (2-letter codes), and an optional pre-order date. Changed terms make a new deal in the next
 * delivery. A refused save keeps what was typed.
 */
export function DealTermsForm({
  releaseId,
  terms,
  reload,
}: {
  releaseId: string;
  terms: DealTermsDto;
  /** The newest terms from the server (after someone else saved them). */
  reload: () => Promise<DealTermsDto | undefined>;
}) {
  const save = useSaveDealTerms(releaseId);
  const [base, setBase] = useState(() => valuesOf(terms));
  const [values, setValues] = useState(base);
  const [version, setVersion] = useState(terms.row_version);
  const [attempted, setAttempted] = useState(false);
  const modeName = useId();
  const isDirty = !same(values, base);

  // Terms saved elsewhere (another member, another tab) show up here unless this member is typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change on the server starts this, not each key typed
  useEffect(() => {
    if (isDirty) return;
    const next = valuesOf(terms);
    setBase(next);
    setValues(next);
    setVersion(terms.row_version);
  }, [terms]);

  const territories = parseCountryList(values.territories);
  const checked = dealTermsBody.safeParse({
    territory_mode: values.territory_mode,
    territories: values.territory_mode === 'worldwide' ? [] : territories,
    pre_order_date: values.pre_order_date === '' ? null : values.pre_order_date,
    row_version: version,
  });
  const errors: Record<string, string> = {};
  if (attempted && !checked.success)
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? 'territories');
      errors[field] ??= fieldMessage(issue.message);
    }
  if (isApiError(save.error))
    for (const [path, message] of Object.entries(save.error.fields)) {
      const field = path.split('.')[0] ?? path;
      errors[field] ??= fieldMessage(message);
    }
  const namesFields = isApiError(save.error) && Object.keys(save.error.fields).length > 0;
  const isStale = isApiError(save.error) && save.error.code === 'conflict' && !namesFields;

  const change = (patch: Partial<DealTermsValues>) => {
    if (save.isError) save.reset();
    setValues((previous) => ({ ...previous, ...patch }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!checked.success) return;
    save.mutate(checked.data, {
      onSuccess: (saved) => {
        const next = valuesOf(saved);
        setBase(next);
        setValues(next);
        setVersion(saved.row_version);
        setAttempted(false);
        toast.success('Deal terms saved');
      },
    });
  };
  // After a 409: the newest terms' version, keeping what this member typed to save again.
  const onReload = async () => {
    const newest = await reload();
    if (newest) setVersion(newest.row_version);
    save.reset();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-foreground">Where stores may sell it</legend>
        <div className="flex flex-col gap-2">
          {TERRITORY_MODES.map((mode) => (
            <label key={mode} className="flex items-center gap-2 text-sm text-foreground">
              <input
                type="radio"
                name={modeName}
                value={mode}
                checked={values.territory_mode === mode}
                onChange={() => change({ territory_mode: mode })}
                className="size-4 cursor-pointer accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring"
              />
              {TERRITORY_MODE_LABELS[mode]}
            </label>
          ))}
        </div>
      </fieldset>
      {values.territory_mode === 'worldwide' ? null : (
        <TextField
          label={values.territory_mode === 'include' ? 'Territories' : 'Excluded territories'}
          value={values.territories}
          onChange={(event) => change({ territories: event.target.value })}
          error={errors.territories}
          hint="2-letter country codes separated by commas, like GB, IE, US"
          autoCapitalize="characters"
          spellCheck={false}
        />
      )}
      <TextField
        label="Pre-order date"
        type="date"
        value={values.pre_order_date}
        onChange={(event) => change({ pre_order_date: event.target.value })}
        error={errors.pre_order_date}
        hint="Optional: from this day stores may take pre-orders"
        className="sm:max-w-xs"
      />
      {isStale ? (
        <Alert>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{save.error?.message}</span>
            <Button size="sm" variant="outline" onClick={() => void onReload()}>
              Reload
            </Button>
          </div>
        </Alert>
      ) : save.isError && !namesFields ? (
        <Alert>{save.error.message}</Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {isDirty ? (
          <Button
            variant="outline"
            onClick={() => {
              save.reset();
              setAttempted(false);
              setValues(base);
            }}
            disabled={save.isPending}
          >
            Discard changes
          </Button>
        ) : null}
        <Button type="submit" isLoading={save.isPending} disabled={!isDirty}>
          Save deal terms
        </Button>
      </div>
    </form>
  );
}
