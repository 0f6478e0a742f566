import {
  isSearchable,
  normalizeSearchQuery,
  SEARCH_CLOSE_DELAY_MS,
  SEARCH_DEBOUNCE_MS,
  SEARCH_GROUPS,
  SEARCH_PLACEHOLDER,
  type SearchGroupKey,
  type SearchResultsDto,
} from '@music-review/core/search';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { inputClasses } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { usePersonLookup } from '../../artists-writers';
import { useSearchResults } from '../api/search';

/** Spec section 2: the dropdown is at most 24 rem high (then it scrolls). */
export const SEARCH_DROPDOWN_MAX_HEIGHT = '24rem';

interface SearchOption {
  group: SearchGroupKey;
  label: string;
  detail: string | null;
  href: string;
}

const dot = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ') || null;

/** Every result as an option, in the dropdown's order, with where it leads (spec section 2). */
function toOptions(results: SearchResultsDto): SearchOption[] {
  return [
    ...results.songs.map((s) => ({
      group: 'songs' as const,
      label: s.title,
      // A song's artist stays hidden until the caller has reviewed it (blind review).
      detail: s.artist,
      href: paths.review.href(s.id),
    })),
    ...results.artists.map((a) => ({
      group: 'artists' as const,
      label: a.name,
      detail: null,
      href: paths.signedSongs.href({ artist: a.name }),
    })),
    ...results.contracts.map((c) => ({
      group: 'contracts' as const,
      label: c.artist_name,
      detail: dot(c.song_title, c.status),
      href: paths.signedSong.href(c.song_id, 'contracts'),
    })),
    ...results.metadata.map((m) => ({
      group: 'metadata' as const,
      label: m.song_title,
      detail: dot(m.artist, m.status),
      href: paths.signedSong.href(m.song_id, 'metadata'),
    })),
  ];
}

/**
 * The global search box in the top bar (spec sections 2, 5 and 9): searches 300 ms after the last
 * key from 2 characters on, shows songs, artists, contracts and metadata in groups, and follows the
 * WAI-ARIA combobox pattern: arrow keys move the active option, Enter opens it, Escape closes the
 * list (and clears the box when the list is already closed).
 */
export function GlobalSearch() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  // The active option, for the list it was picked in: other results start with none active.
  const [active, setActive] = useState({ listKey: '', index: -1 });
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const { results, isSearching } = useSearchResults(query);
  const options = useMemo(() => (results ? toOptions(results) : []), [results]);

  // Spec section 5: below 2 characters nothing is searched and the results empty at once; from 2,
  // the search goes out 300 ms after the last key.
  useEffect(() => {
    const next = normalizeSearchQuery(text);
    if (!isSearchable(next)) {
      setQuery('');
      return;
    }
    const timer = setTimeout(() => setQuery(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const listKey = options.map((o) => o.href).join('\n');
  const activeIndex = active.listKey === listKey ? active.index : -1;
  const setActiveIndex = (index: number) => setActive({ listKey, index });

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const hasText = isSearchable(text);
  const isEmpty = results !== null && options.length === 0;
  const isExpanded = isOpen && hasText && (options.length > 0 || isEmpty || isSearching);
  const isListShown = isExpanded && options.length > 0;

  const personLookup = usePersonLookup();
  const open = (option: SearchOption) => {
    setIsOpen(false);
    setActiveIndex(-1);
    // An artist the catalogue knows as a person opens their page (one cached look-up per name);
    // any other still opens their signed songs.
    if (option.group === 'artists' && personLookup.isAvailable) {
      void personLookup.find(option.label).then((partyId) => {
        navigate(partyId ? paths.person.href(partyId) : option.href);
      });
      return;
    }
    navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) {
        setIsOpen(true);
        return;
      }
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex(
        activeIndex < 0
          ? step === 1
            ? 0
            : options.length - 1
          : (activeIndex + step + options.length) % options.length,
      );
    } else if (event.key === 'Enter') {
      const option = isListShown ? options[activeIndex] : undefined;
      if (option) {
        event.preventDefault();
        open(option);
      }
    } else if (event.key === 'Escape') {
      // The native search input clears itself on Escape: only when the list is already closed.
      event.preventDefault();
      if (isExpanded) {
        setIsOpen(false);
        setActiveIndex(-1);
      } else {
        setText('');
      }
    }
  };

  return (
    // Named: a page may hold a search landmark of its own (e.g. "Search signed songs").
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some supported browsers and jsdom
    <div role="search" aria-label="Global search" className="relative w-full max-w-xl">
      <label htmlFor={id} className="sr-only">
        Search
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder={SEARCH_PLACEHOLDER}
        value={text}
        aria-autocomplete="list"
        aria-expanded={isListShown}
        aria-controls={listboxId}
        aria-activedescendant={isListShown && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setIsOpen(true);
        }}
        onFocus={() => {
          clearTimeout(closeTimer.current);
          setIsOpen(true);
        }}
        // After a result was opened the box keeps the focus: a click shows the list again.
        onClick={() => setIsOpen(true)}
        onBlur={() => {
          // Spec section 2: the dropdown closes 200 ms after the box loses focus.
          clearTimeout(closeTimer.current);
          closeTimer.current = setTimeout(() => {
            setIsOpen(false);
            setActiveIndex(-1);
          }, SEARCH_CLOSE_DELAY_MS);
        }}
        onKeyDown={onKeyDown}
        className={cn(inputClasses, 'h-9 bg-muted/60 pl-9 dark:bg-white/[0.04]')}
      />
      {isExpanded ? (
        <div
          className="absolute top-full right-0 left-0 z-40 mt-2 overflow-y-auto rounded-xl border border-border bg-popover py-1 text-popover-foreground shadow-pop"
          style={{ maxHeight: SEARCH_DROPDOWN_MAX_HEIGHT }}
        >
          {isListShown ? (
            <SearchListbox
              id={listboxId}
              options={options}
              activeIndex={activeIndex}
              optionId={optionId}
              onHover={setActiveIndex}
              onChoose={open}
            />
          ) : (
            <p className="px-3 py-2 text-sm text-muted-foreground">
              {isEmpty ? 'No results' : 'Searching...'}
            </p>
          )}
        </div>
      ) : null}
      {/* Announces the number of results while the box has the focus. */}
      {isOpen ? (
        <div role="status" className="sr-only">
          {isExpanded && results ? `${options.length} ${options.length === 1 ? 'result' : 'results'}` : ''}
        </div>
      ) : null}
    </div>
  );
}

function SearchListbox({
  id,
  options,
  activeIndex,
  optionId,
  onHover,
  onChoose,
}: {
  id: string;
  options: SearchOption[];
  activeIndex: number;
  optionId: (index: number) => string;
  onHover: (index: number) => void;
  onChoose: (option: SearchOption) => void;
}) {
  const active = useRef<HTMLDivElement>(null);
  // Keep the active option in view while the arrow keys move through a scrolled list. (A block
  // body: Chromium's scrollIntoView returns a promise, which React would take for a cleanup.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the active option changes
  useEffect(() => {
    active.current?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  return (
    <div id={id} role="listbox" aria-label="Search results">
      {SEARCH_GROUPS.map(({ key, heading }) => {
        const indexed = options
          .map((option, index) => ({ option, index }))
          .filter((o) => o.option.group === key);
        if (indexed.length === 0) return null;
        const headingId = `${id}-${key}`;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's option groups are role="group" (no <fieldset> inside a listbox)
          <div key={key} role="group" aria-labelledby={headingId} className="py-1">
            <div
              id={headingId}
              role="presentation"
              className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
            >
              {heading}
            </div>
            {indexed.map(({ option, index }) => (
              // biome-ignore lint/a11y/useFocusableInteractive: combobox options stay in the input's focus (aria-activedescendant)
              // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys for its options (arrows, Enter)
              <div
                key={option.href + index}
                id={optionId(index)}
                ref={index === activeIndex ? active : undefined}
                role="option"
                aria-selected={index === activeIndex}
                // Keep the focus in the box, so the click lands before the blur closes the list.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => onHover(index)}
                onClick={() => onChoose(option)}
                className={cn(
                  'mx-1 flex cursor-pointer flex-col rounded-lg px-2 py-1.5 text-sm',
                  index === activeIndex ? 'bg-accent text-accent-foreground' : 'text-foreground',
                )}
              >
                <span className="truncate font-medium">{option.label}</span>
                {option.detail ? (
                  <span className="truncate text-xs text-muted-foreground">{option.detail}</span>
                ) : null}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
