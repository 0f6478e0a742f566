import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { inputClasses } from './ui/text-field';

/** How long after the last key a search goes out. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * A labelled search box for a list kept in the URL: typing calls `onSearch` with the trimmed text
 * ~250 ms after the last key, not on every key, and a `value` changed from outside (back button, a
 * clear button) shows up in the box.
 */
export function SearchField({
  label,
  value,
  onSearch,
  className,
  role,
  placeholder = 'Title or artist',
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
  /** The wrapper's layout beside the others around it. */
  className?: string;
  /**
   * 'search' when the box is a search landmark of its own rather than part of one (a div with the
   * role: <search> is too new for some supported browsers and jsdom).
   */
  role?: 'search';
  /** What may be typed (the signed songs' "Title or artist" unless told). */
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  const id = useId();

  // What this box last sent: the URL catching up with it must not undo keys typed meanwhile.
  const lastSent = useRef(value);
  // The URL changed under us (back button, a clear button): show what it now says.
  useEffect(() => {
    if (value === lastSent.current) return;
    lastSent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    const timer = setTimeout(() => {
      lastSent.current = next;
      onSearch(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    // A search landmark is named by its label: the app chrome holds the global search landmark too.
    <div {...(role ? { role, 'aria-label': label } : {})} className={cn('flex flex-col gap-1.5', className)}>
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
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          className={cn(inputClasses, 'pl-9')}
        />
      </div>
    </div>
  );
}
