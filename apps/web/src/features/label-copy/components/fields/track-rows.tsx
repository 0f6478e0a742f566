import type { LabelCopyData, LabelCopyTrack } from '@music-review/core/label-copy';
import { Plus } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import { DurationField } from './duration-field';
import { fieldGrid, type SectionProps } from './form-section';
import { RemoveButton } from './remove-button';

// A new track starts as the release's title and artist: for a single, the track is the song.
const emptyTrack = (data: LabelCopyData): LabelCopyTrack => ({
  title: data.release_title,
  version: '',
  artists: data.primary_artist,
  isrc: '',
  duration_seconds: null,
  explicit: false,
});

/** The numbered tracks, each with its fields and a Remove button, then "Add track". */
export function TrackRows({ data, set, err, disabled }: SectionProps) {
  const setTrack = (index: number, patch: Partial<LabelCopyTrack>) =>
    set({ tracks: data.tracks.map((t, i) => (i === index ? { ...t, ...patch } : t)) });
  return (
    <>
      {err('tracks') ? (
        <p role="alert" className="text-sm text-destructive">
          {err('tracks')}
        </p>
      ) : null}
      <ol className="flex flex-col gap-4">
        {data.tracks.map((track, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; position is the track number
          <li key={i} className="rounded-lg border border-border p-4">
            <div className="mb-3 flex items-center justify-between gap-2">
              <p className="text-sm font-semibold text-foreground">Track {i + 1}</p>
              <RemoveButton
                label={`Remove track ${i + 1}`}
                onClick={() => set({ tracks: data.tracks.filter((_, j) => j !== i) })}
                disabled={disabled}
              />
            </div>
            <div className={fieldGrid}>
              <TextField
                label={`Track ${i + 1} title`}
                value={track.title}
                onChange={(e) => setTrack(i, { title: e.target.value })}
                error={err(`tracks.${i}.title`)}
                disabled={disabled}
              />
              <TextField
                label={`Track ${i + 1} version`}
                value={track.version}
                placeholder="Radio Edit"
                onChange={(e) => setTrack(i, { version: e.target.value })}
                disabled={disabled}
              />
              <TextField
                label={`Track ${i + 1} artists`}
                value={track.artists}
                onChange={(e) => setTrack(i, { artists: e.target.value })}
                error={err(`tracks.${i}.artists`)}
                disabled={disabled}
              />
              <TextField
                label={`Track ${i + 1} ISRC`}
                value={track.isrc}
                placeholder="GB-ABC-26-00001"
                onChange={(e) => setTrack(i, { isrc: e.target.value })}
                error={err(`tracks.${i}.isrc`)}
                disabled={disabled}
              />
              <DurationField
                label={`Track ${i + 1} duration`}
                value={track.duration_seconds}
                onChange={(duration_seconds) => setTrack(i, { duration_seconds })}
                error={err(`tracks.${i}.duration_seconds`)}
                disabled={disabled}
              />
              <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-foreground">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={track.explicit}
                  disabled={disabled}
                  onChange={(e) => setTrack(i, { explicit: e.target.checked })}
                />
                Explicit
              </label>
            </div>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        disabled={disabled}
        onClick={() => set({ tracks: [...data.tracks, emptyTrack(data)] })}
      >
        <Plus aria-hidden="true" />
        Add track
      </Button>
    </>
  );
}
