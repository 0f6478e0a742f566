import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { usePayees } from '../api/list-payees';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { SearchPicker } from './search-picker';

type ChosenPayee = { id: string; name: string } | null;

/** How many matches the picker shows (the search narrows the rest). */
const SHOWN = 8;

/** The payee a person is paid through: one of the label's payees, or none. */
export function PayeePicker({
  value,
  onChange,
  error,
}: {
  value: ChosenPayee;
  onChange: (payee: ChosenPayee) => void;
  error?: string | null;
}) {
  const [isSearching, setIsSearching] = useState(false);
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const payees = usePayees(q, { enabled: isSearching });
  const items = (payees.data?.pages[0]?.rows ?? []).slice(0, SHOWN).map((row) => ({
    id: row.id,
    name: row.name,
    detail: [row.currency, row.email].filter(Boolean).join(' · '),
  }));

  if (isSearching) {
    return (
      <div className="flex flex-col gap-2">
        <SearchPicker
          label="Payee"
          hint="The legal or tax entity paid for this person. Add payees on the Payees tab."
          text={text}
          onText={setText}
          items={items}
          isLoading={payees.isFetching}
          emptyText={q ? `No payee matches “${q}”.` : 'No payees yet: add them on the Payees tab.'}
          chooseVerb="Pay through"
          onChoose={(item) => {
            onChange({ id: item.id, name: item.name });
            setIsSearching(false);
          }}
          error={error}
        />
        <Button variant="ghost" size="sm" className="self-start" onClick={() => setIsSearching(false)}>
          Keep {value ? `“${value.name}”` : 'no payee'}
        </Button>
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: one value with its actions, not a group of fields
    <div role="group" aria-label="Payee" className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-foreground">Payee</span>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-foreground [overflow-wrap:anywhere]">
          {value ? value.name : 'No payee'}
        </span>
        <Button variant="outline" size="sm" onClick={() => setIsSearching(true)}>
          {value ? 'Change payee' : 'Choose payee'}
        </Button>
        {value ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            Remove payee
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
