import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { inputClasses } from '../../../../components/ui/text-field';
import { cn } from '../../../../lib/cn';
import { catalogueKeys } from '../../api/keys';

export interface PickerOption {
  id: string;
  label: string;
  /** A second line (role, code, artist) to tell two namesakes apart. */
  detail?: string;
}

const SEARCH_DELAY_MS = 250;
const POPUP =
  'absolute top-full z-40 mt-1 max-h-64 w-full min-w-56 overflow-y-auto rounded-lg border border-border bg-popover py-1 text-sm shadow-pop';

function useDebounced(value: string, delay: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export interface SearchComboboxProps {
  label: string;
  /** Only for screen readers (a table's cell, where the column header says it). */
  hideLabel?: boolean;
  value: PickerOption | null;
  onChange: (option: PickerOption | null) => void;
  /** A cache name for the searches ('parties:writer', 'payees'…). */
  kind: string;
  search: (q: string, signal: AbortSignal) => Promise<PickerOption[]>;
  placeholder?: string;
  error?: string | null;
  className?: string;
}

/**
 * A searchable picker (WAI-ARIA combobox with a listbox): type to search the server (debounced),
 * arrows to move, Enter to choose, Escape to close. The chosen option shows in the box; a clear
 * button empties it.
 */
export function SearchCombobox({
  label,
  hideLabel = false,
  value,
  onChange,
  kind,
  search,
  placeholder = 'Type to search',
  error,
  className,
}: SearchComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value?.label ?? '');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), SEARCH_DELAY_MS);

  useEffect(() => {
    if (!isOpen) setText(value?.label ?? '');
  }, [value, isOpen]);

  const options = useQuery({
    queryKey: catalogueKeys.picker(kind, q),
    queryFn: ({ signal }) => search(q, signal),
    enabled: isOpen,
    staleTime: 30_000,
  });
  const list = options.data ?? [];

  const choose = (option: PickerOption | null) => {
    onChange(option);
    setText(option?.label ?? '');
    setIsOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!isOpen) setIsOpen(true);
      else setActive((i) => Math.min(i + 1, list.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && isOpen) {
      event.preventDefault();
      const option = list[active];
      if (option) choose(option);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      event.stopPropagation();
      setIsOpen(false);
    }
  };

  const errorId = `${id}-error`;
  return (
    <div className={cn('relative flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-foreground'}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-expanded={isOpen && list.length > 0}
          aria-controls={isOpen ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={isOpen && list[active] ? `${id}-option-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          value={text}
          placeholder={placeholder}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setIsOpen(true);
          }}
          onFocus={() => setIsOpen(true)}
          onBlur={() => setIsOpen(false)}
          onKeyDown={onKeyDown}
          className={cn(inputClasses, value ? 'pr-9' : undefined)}
        />
        {value ? (
          <button
            type="button"
            aria-label={`Clear ${label}`}
            onClick={() => choose(null)}
            className="absolute inset-y-0 right-1 my-auto flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
      {isOpen && list.length > 0 ? (
        <div id={listId} role="listbox" aria-label={label} className={POPUP}>
          {list.map((option, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive: options stay in the text field's focus (aria-activedescendant)
            // biome-ignore lint/a11y/useKeyWithClickEvents: the text field handles the keys for its options (arrows, Enter, Escape)
            <div
              key={option.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              // Keeps the focus in the text field: a click would blur it first and close the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseEnter={() => setActive(index)}
              className={cn(
                'cursor-pointer px-3 py-2',
                index === active && 'bg-accent text-accent-foreground',
              )}
            >
              <span className="block truncate">{option.label}</span>
              {option.detail ? (
                <span className="block truncate text-xs text-muted-foreground">{option.detail}</span>
              ) : null}
            </div>
          ))}
        </div>
      ) : isOpen ? (
        <div id={listId} role="status" className={cn(POPUP, 'px-3 py-2 text-muted-foreground')}>
          {options.isPending ? 'Searching…' : options.isError ? options.error.message : 'No matches'}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
