import type { FieldErrors } from '@music-review/core/api-errors';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../../components/ui/button';
import { inputClasses } from '../../../../components/ui/text-field';
import { cn } from '../../../../lib/cn';

export interface TrackValue {
  recording_id: string;
  title: string;
  display_artist: string;
  isrc: string | null;
  /** As typed. */
  disc: string;
}

/** Track numbers follow the order within each disc: the number each track will get. */
export function trackNumbers(tracks: TrackValue[]): number[] {
  const next = new Map<string, number>();
  return tracks.map((track) => {
    const number = (next.get(track.disc) ?? 0) + 1;
    next.set(track.disc, number);
    return number;
  });
}

/**
 * A release's tracks in order: move each up or down (buttons, so the keyboard can do it; focus
 * follows the track moved), set its disc, remove it. Track numbers follow the order per disc.
 */
export function TrackList({
  tracks,
  errors,
  onChange,
}: {
  tracks: TrackValue[];
  errors: FieldErrors;
  onChange: (tracks: TrackValue[]) => void;
}) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current) buttons.current.get(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= tracks.length) return;
    const next = [...tracks];
    [next[index], next[target]] = [next[target]!, next[index]!];
    const id = tracks[index]!.recording_id;
    // Keep focus on the same button unless the track reached the end it moved to.
    const atEnd = by === -1 ? target === 0 : target === tracks.length - 1;
    focusNext.current = `${id}:${atEnd ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'}`;
    onChange(next);
  };
  const numbers = trackNumbers(tracks);

  if (tracks.length === 0)
    return <p className="text-sm text-muted-foreground">No tracks yet: add recordings below.</p>;
  return (
    <ol className="flex flex-col gap-2" aria-label="Tracks in order">
      {tracks.map((track, index) => {
        const discError = errors[`tracks.${index}.disc_number`];
        const discId = `disc-${track.recording_id}`;
        return (
          <li
            key={track.recording_id}
            className="grid grid-cols-[2.5rem_1fr] items-center gap-x-3 gap-y-2 rounded-lg border border-border p-2 sm:grid-cols-[2.5rem_1fr_auto_auto]"
          >
            <span className="text-center text-sm tabular-nums text-muted-foreground" aria-hidden="true">
              {track.disc}-{numbers[index]}
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-foreground">
                <span className="sr-only">
                  Disc {track.disc}, track {numbers[index]}:{' '}
                </span>
                {track.title}
              </p>
              <p className="truncate text-xs text-muted-foreground">
                {track.display_artist} · {track.isrc ?? 'No ISRC'}
              </p>
            </div>
            <div className="col-start-2 flex items-center gap-2 sm:col-start-auto">
              <label htmlFor={discId} className="text-xs text-muted-foreground">
                Disc <span className="sr-only">of {track.title}</span>
              </label>
              <input
                id={discId}
                inputMode="numeric"
                value={track.disc}
                aria-invalid={discError ? true : undefined}
                onChange={(event) =>
                  onChange(
                    tracks.map((t, i) =>
                      i === index ? { ...t, disc: event.target.value.replace(/\D/g, '') } : t,
                    ),
                  )
                }
                className={cn(inputClasses, 'h-8 w-14 px-2')}
              />
            </div>
            <div className="col-start-2 flex gap-1 sm:col-start-auto">
              <Button
                ref={(el) => {
                  if (el) buttons.current.set(`${track.recording_id}:up`, el);
                }}
                variant="ghost"
                size="icon-sm"
                aria-label={`Move ${track.title} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                ref={(el) => {
                  if (el) buttons.current.set(`${track.recording_id}:down`, el);
                }}
                variant="ghost"
                size="icon-sm"
                aria-label={`Move ${track.title} down`}
                disabled={index === tracks.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove ${track.title}`}
                onClick={() => onChange(tracks.filter((_, i) => i !== index))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            {discError ? (
              <p role="alert" className="col-span-full text-sm text-destructive">
                {discError}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
