/**
 * The recording drawer's form: its values as typed, and the checks of core/catalogue-schemas.ts
 * (the server's own) run on them at entry, giving each field's message and the changes to save.
 */

import type { FieldErrors } from '@music-review/core/api-errors';
import type { RecordingArtistRole } from '@music-review/core/catalogue';
import { masterSplitsBody, recordingFields } from '@music-review/core/catalogue-schemas';
import type { RecordingDto } from '@music-review/core/contracts/catalogue';
import type { MasterSplitInput } from '../../api/set-master-splits';
import type { RecordingChanges } from '../../api/update-recording';
import {
  DURATION_MESSAGE,
  formatDuration,
  issuesByField,
  numberOrNull,
  parseDuration,
  sameValue,
  textOrNull,
} from '../../form-values';
import type { PickerOption } from '../shared/search-combobox';

export interface CreditValue {
  party: PickerOption | null;
  role: RecordingArtistRole;
}
export interface SplitValue {
  payee: PickerOption | null;
  share: string;
}

export interface RecordingValues {
  title: string;
  version: string;
  display_artist: string;
  isrc: string;
  duration: string;
  explicit: boolean;
  genre: string;
  subgenre: string;
  language: string;
  bpm: string;
  musical_key: string;
  p_line_year: string;
  p_line_owner: string;
  recording_year: string;
  work: PickerOption | null;
  artists: CreditValue[];
  splits: SplitValue[];
}

const str = (value: string | number | null) => (value === null ? '' : String(value));

export function recordingValues(recording: RecordingDto): RecordingValues {
  return {
    title: recording.title,
    version: str(recording.version),
    display_artist: recording.display_artist,
    isrc: str(recording.isrc),
    duration: formatDuration(recording.duration_seconds),
    explicit: recording.explicit,
    genre: str(recording.genre),
    subgenre: str(recording.subgenre),
    language: str(recording.language),
    bpm: str(recording.bpm),
    musical_key: str(recording.musical_key),
    p_line_year: str(recording.p_line_year),
    p_line_owner: str(recording.p_line_owner),
    recording_year: str(recording.recording_year),
    work: recording.work ? { id: recording.work.id, label: recording.work.title } : null,
    artists: recording.artists.map((artist) => ({
      party: { id: artist.id, label: artist.name },
      role: artist.role,
    })),
    splits: recording.master_splits.map((split) => ({
      payee: { id: split.payee_id, label: split.name },
      share: String(split.share),
    })),
  };
}

/** Which value a field's message belongs to ('artists.0.party_id' -> 'artists'). */
const VALUE_OF_FIELD: Record<string, keyof RecordingValues> = {
  duration_seconds: 'duration',
  work_id: 'work',
};
export const valueOfField = (path: string): keyof RecordingValues => {
  const head = path.split('.')[0] ?? path;
  return VALUE_OF_FIELD[head] ?? (head as keyof RecordingValues);
};

export interface RecordingCheck {
  /** Every problem by field path ('isrc', 'splits.1.share', 'splits' for the total). */
  errors: FieldErrors;
  /** The changed fields, normalised by the schemas (null when none changed). */
  changes: RecordingChanges | null;
  /** The new master split (null when unchanged). */
  splits: MasterSplitInput | null;
}

/** Checks the whole form as the server will, and picks what changed since `base`. */
export function checkRecording(values: RecordingValues, base: RecordingValues): RecordingCheck {
  const errors: FieldErrors = {};
  const duration = parseDuration(values.duration);
  const fields = recordingFields.safeParse({
    title: values.title,
    version: textOrNull(values.version),
    display_artist: values.display_artist,
    isrc: values.isrc.trim(),
    duration_seconds: duration !== null && Number.isNaN(duration) ? null : duration,
    explicit: values.explicit,
    genre: textOrNull(values.genre),
    subgenre: textOrNull(values.subgenre),
    language: textOrNull(values.language.toLowerCase()),
    bpm: numberOrNull(values.bpm),
    musical_key: textOrNull(values.musical_key),
    p_line_year: numberOrNull(values.p_line_year),
    p_line_owner: textOrNull(values.p_line_owner),
    recording_year: numberOrNull(values.recording_year),
    work_id: values.work?.id ?? null,
    artists: values.artists.map((artist) => ({ party_id: artist.party?.id ?? '', role: artist.role })),
  });
  if (!fields.success) Object.assign(errors, issuesByField(fields.error));
  if (duration !== null && Number.isNaN(duration)) errors.duration_seconds = DURATION_MESSAGE;

  const splitsChanged = !sameValue(values.splits, base.splits);
  let splits: MasterSplitInput | null = null;
  if (splitsChanged) {
    const input = values.splits.map((split) => ({
      payee_id: split.payee?.id ?? '',
      share: numberOrNull(split.share) ?? Number.NaN,
    }));
    const checked = masterSplitsBody.shape.splits.safeParse(input);
    if (checked.success) splits = checked.data;
    else {
      for (const [path, message] of Object.entries(issuesByField(checked.error))) {
        const key = path === '' ? 'splits' : `splits.${path}`;
        if (!(key in errors)) errors[key] = message;
      }
    }
  }

  let changes: RecordingChanges | null = null;
  if (fields.success) {
    const picked: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(fields.data)) {
      const key = valueOfField(field);
      if (!sameValue(values[key], base[key])) picked[field] = value;
    }
    if (Object.keys(picked).length > 0) changes = picked as RecordingChanges;
  }
  return { errors, changes, splits };
}
