import { PERIOD_CADENCE_LABELS, PERIOD_CADENCES, type PeriodCadence } from '@music-review/core/royalties';
import { useState } from 'react';
import { SelectField } from '../../../components/ui/text-field';
import type { useFinanceSettings } from '../api/get-finance-settings';
import { useSaveFinanceSettings } from '../api/save-finance-settings';

/** The label's accounting period length, saved as soon as another is chosen; a refusal shows under it. */
export function CadenceSetting({ settings }: { settings: ReturnType<typeof useFinanceSettings> }) {
  const save = useSaveFinanceSettings();
  const [announcement, setAnnouncement] = useState('');
  const value = save.isPending ? save.variables : settings.data?.period_cadence;
  return (
    <div className="flex flex-col gap-1">
      <SelectField
        label="Accounting periods"
        value={value ?? ''}
        disabled={!settings.data || save.isPending}
        hint="How long each period is; periods already added keep their months."
        error={
          save.isError
            ? save.error.message || 'The period length could not be saved. Please try again.'
            : settings.isError
              ? settings.error.message || 'The period length could not be loaded.'
              : null
        }
        onChange={(event) => {
          const cadence = event.target.value as PeriodCadence;
          setAnnouncement('');
          save.mutate(cadence, {
            onSuccess: () =>
              setAnnouncement(`Periods are now ${PERIOD_CADENCE_LABELS[cadence].toLowerCase()}.`),
          });
        }}
      >
        {settings.data ? null : <option value="">Loading…</option>}
        {PERIOD_CADENCES.map((cadence) => (
          <option key={cadence} value={cadence}>
            {PERIOD_CADENCE_LABELS[cadence]}
          </option>
        ))}
      </SelectField>
      <p role="status" className="text-sm text-foreground empty:hidden">
        {announcement}
      </p>
    </div>
  );
}
