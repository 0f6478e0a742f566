import {
  CATALOGUE_TEXTS,
  RELEASE_TYPE_LABELS,
  RELEASE_TYPES,
  type ReleaseType,
} from '@music-review/core/catalogue';
import { createReleaseBody } from '@music-review/core/catalogue-schemas';
import type { ReleaseDto } from '@music-review/core/contracts/catalogue';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { SelectField, TextField } from '../../../../components/ui/text-field';
import { useCreateRelease } from '../../api/create-release';
import { issuesByField, serverFields, textOrNull } from '../../form-values';
import { Panel } from '../shared/panel';
import { RecordingPicker } from '../shared/pickers';
import { addTrack, tracksInput } from './release-tracks';
import { TrackList, type TrackValue } from './track-list';

export interface NewReleaseSeed {
  id: string;
  title: string;
  display_artist: string;
  isrc: string | null;
}

/** The display artist the seeds share, if they share one. */
const sharedArtist = (seeds: NewReleaseSeed[]) => {
  const artists = new Set(seeds.map((seed) => seed.display_artist));
  return artists.size === 1 ? [...artists][0]! : '';
};

/**
 * "New release": title, display artist, type and date, and the tracks: recordings picked by search
 * (or the ticked ones), put in order with move up and down and a disc each. Created as a draft,
 * then opened.
 */
export function NewReleaseDialog({
  seeds = [],
  onClose,
  onCreated,
}: {
  seeds?: NewReleaseSeed[];
  onClose: () => void;
  onCreated: (release: ReleaseDto) => void;
}) {
  const create = useCreateRelease();
  const [title, setTitle] = useState(seeds.length === 1 ? seeds[0]!.title : '');
  const [artist, setArtist] = useState(sharedArtist(seeds));
  const [type, setType] = useState<ReleaseType>(
    seeds.length <= 3 ? 'single' : seeds.length <= 6 ? 'ep' : 'album',
  );
  const [date, setDate] = useState('');
  const [tracks, setTracks] = useState<TrackValue[]>(
    seeds.map((seed) => ({
      recording_id: seed.id,
      title: seed.title,
      display_artist: seed.display_artist,
      isrc: seed.isrc,
      disc: '1',
    })),
  );
  const [trackError, setTrackError] = useState<string | null>(null);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [attempted, setAttempted] = useState(false);

  const { input, errors: discErrors } = tracksInput(tracks);
  const checked = createReleaseBody.safeParse({
    title,
    display_artist: artist,
    release_type: type,
    release_date: textOrNull(date),
    status: 'draft',
    tracks: input,
  });
  const errors = {
    ...(checked.success ? {} : issuesByField(checked.error)),
    ...discErrors,
    ...serverFields(create.error),
  };
  const shown = (field: string) => (attempted || touched[field] ? errors[field] : undefined);
  const touch = (field: string) => setTouched((previous) => ({ ...previous, [field]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!checked.success || Object.keys(discErrors).length > 0) return;
    create.mutate(checked.data, {
      onSuccess: (release) => {
        toast.success(`Release “${release.title}” created`);
        onCreated(release);
      },
    });
  };

  return (
    <Panel open variant="dialog" onClose={onClose} title={CATALOGUE_TEXTS.newRelease}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            onBlur={() => touch('title')}
            error={shown('title')}
          />
          <TextField
            label="Display artist"
            value={artist}
            onChange={(event) => setArtist(event.target.value)}
            onBlur={() => touch('display_artist')}
            error={shown('display_artist')}
          />
          <SelectField
            label="Type"
            value={type}
            onChange={(event) => setType(event.target.value as ReleaseType)}
          >
            {RELEASE_TYPES.map((value) => (
              <option key={value} value={value}>
                {RELEASE_TYPE_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Release date"
            type="date"
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
              touch('release_date');
            }}
            error={shown('release_date')}
          />
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-foreground">Tracks ({tracks.length})</legend>
          <TrackList tracks={tracks} errors={errors} onChange={setTracks} />
          <RecordingPicker
            label="Add a recording"
            placeholder="Search by title, artist or ISRC"
            onPick={(recording) => {
              const result = addTrack(tracks, {
                recording_id: recording.id,
                title: recording.title,
                display_artist: recording.display_artist,
                isrc: recording.isrc,
              });
              setTrackError(result.error);
              setTracks(result.tracks);
              if (!artist) setArtist(recording.display_artist);
            }}
            error={trackError}
          />
        </fieldset>
        {create.isError && Object.keys(serverFields(create.error)).length === 0 ? (
          <Alert>{create.error.message}</Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={create.isPending}>
            Create release
          </Button>
        </div>
      </form>
    </Panel>
  );
}
