import { Search } from 'lucide-react';
import { useId } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { inputClasses } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';

export interface PickerItem {
  id: string;
  name: string;
  detail?: string | null;
}

/**
 * A labelled search box with the matching records below it as buttons (a payee for a person, the
 * duplicate to merge): the caller searches the server as `text` settles and passes the results.
 */
export function SearchPicker({
  label,
  hint,
  text,
  onText,
  items,
  isLoading,
  emptyText,
  chooseVerb,
  onChoose,
  error,
}: {
  label: string;
  hint?: string;
  text: string;
  onText: (text: string) => void;
  items: PickerItem[];
  isLoading: boolean;
  emptyText: string;
  /** Read before an item's name by screen readers ("Pay through" Park Music Ltd). */
  chooseVerb: string;
  onChoose: (item: PickerItem) => void;
  error?: string | null;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          id={id}
          type="search"
          value={text}
          autoComplete="off"
          onChange={(event) => onText(event.target.value)}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          className={cn(inputClasses, 'pl-9')}
        />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {isLoading && items.length === 0 ? (
        <p role="status" className="flex items-center gap-2 py-2 text-sm text-muted-foreground">
          <Spinner className="size-4" /> Searching…
        </p>
      ) : items.length === 0 ? (
        <p className="py-2 text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ul
          aria-label={`${label}: matches`}
          className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-lg border border-border p-1"
        >
          {items.map((item) => (
            <li
              key={item.id}
              className="relative flex flex-col rounded-md px-2.5 py-1.5 text-sm transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-muted"
            >
              {/* The button covers the row (after:inset-0); its name is the verb and the name shown. */}
              <button
                type="button"
                onClick={() => onChoose(item)}
                aria-describedby={item.detail ? `${id}-${item.id}` : undefined}
                className="text-left font-medium text-foreground outline-none [overflow-wrap:anywhere] after:absolute after:inset-0 after:rounded-md"
              >
                <span className="sr-only">{chooseVerb}</span> {item.name}
              </button>
              {item.detail ? (
                <span id={`${id}-${item.id}`} className="text-xs text-muted-foreground">
                  {item.detail}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
