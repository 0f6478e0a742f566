import { bulkRecordingsBody } from '@music-review/core/catalogue-schemas';
import { type FormEvent, type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { SelectField, TextField } from '../../../../components/ui/text-field';
import { useBulkUpdateRecordings } from '../../api/bulk-update-recordings';
import { issuesByField, numberOrNull, textOrNull } from '../../form-values';
import { Panel } from '../shared/panel';

type BulkField = 'genre' | 'subgenre' | 'language' | 'explicit' | 'p_line' | 'recording_year';

const FIELD_LABELS: Record<BulkField, string> = {
  genre: 'Genre',
  subgenre: 'Subgenre',
  language: 'Language',
  explicit: 'Explicit',
  p_line: 'P-line',
  recording_year: 'Recording year',
};

interface BulkValues {
  genre: string;
  subgenre: string;
  language: string;
  explicit: 'yes' | 'no';
  p_line_year: string;
  p_line_owner: string;
  recording_year: string;
}

/** One field to change: ticked, its input opens; left alone, the recordings keep their own values. */
function BulkRow({
  field,
  isOn,
  onToggle,
  children,
}: {
  field: BulkField;
  isOn: boolean;
  onToggle: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <label className="flex items-center gap-2 text-sm font-medium text-foreground">
        <input
          type="checkbox"
          checked={isOn}
          onChange={(event) => onToggle(event.target.checked)}
          className="size-4 accent-primary"
        />
        Change {FIELD_LABELS[field].toLowerCase()}
      </label>
      {isOn ? children : null}
    </div>
  );
}

/**
 * Bulk edit of the ticked recordings: the fields that make sense in bulk (genre, subgenre, language,
 * explicit, P-line, recording year), each set only when ticked; the server logs each recording's
 * change in its audit log.
 */
export function BulkEditDialog({
  ids,
  onClose,
  onDone,
}: {
  ids: string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const bulk = useBulkUpdateRecordings();
  const [on, setOn] = useState<Record<BulkField, boolean>>({
    genre: false,
    subgenre: false,
    language: false,
    explicit: false,
    p_line: false,
    recording_year: false,
  });
  const [values, setValues] = useState<BulkValues>({
    genre: '',
    subgenre: '',
    language: '',
    explicit: 'no',
    p_line_year: '',
    p_line_owner: '',
    recording_year: '',
  });
  const [attempted, setAttempted] = useState(false);

  const set: Record<string, unknown> = {};
  if (on.genre) set.genre = textOrNull(values.genre);
  if (on.subgenre) set.subgenre = textOrNull(values.subgenre);
  if (on.language) set.language = textOrNull(values.language.toLowerCase());
  if (on.explicit) set.explicit = values.explicit === 'yes';
  if (on.p_line) {
    set.p_line_year = numberOrNull(values.p_line_year);
    set.p_line_owner = textOrNull(values.p_line_owner);
  }
  if (on.recording_year) set.recording_year = numberOrNull(values.recording_year);
  const checked = bulkRecordingsBody.safeParse({ ids, set });
  const errors = checked.success ? {} : issuesByField(checked.error);
  const shown = (key: string) => (attempted || key !== 'set' ? errors[`set.${key}`] : undefined);

  const change = (patch: Partial<BulkValues>) => setValues((previous) => ({ ...previous, ...patch }));
  const toggle = (field: BulkField) => (isOn: boolean) =>
    setOn((previous) => ({ ...previous, [field]: isOn }));
  const count = ids.length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!checked.success) return;
    bulk.mutate(checked.data, {
      onSuccess: ({ updated }) => {
        toast.success(`Updated ${updated} ${updated === 1 ? 'recording' : 'recordings'}`);
        onDone();
      },
    });
  };

  return (
    <Panel
      open
      variant="dialog"
      onClose={onClose}
      title="Bulk edit"
      description={`${count} ${count === 1 ? 'recording' : 'recordings'} will change. Fields you leave unticked keep each recording's own value.`}
    >
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <BulkRow field="genre" isOn={on.genre} onToggle={toggle('genre')}>
          <TextField
            label="New genre"
            value={values.genre}
            onChange={(e) => change({ genre: e.target.value })}
            error={shown('genre')}
          />
        </BulkRow>
        <BulkRow field="subgenre" isOn={on.subgenre} onToggle={toggle('subgenre')}>
          <TextField
            label="New subgenre"
            value={values.subgenre}
            onChange={(e) => change({ subgenre: e.target.value })}
            error={shown('subgenre')}
          />
        </BulkRow>
        <BulkRow field="language" isOn={on.language} onToggle={toggle('language')}>
          <TextField
            label="New language"
            placeholder="en"
            maxLength={3}
            value={values.language}
            onChange={(e) => change({ language: e.target.value })}
            error={shown('language')}
          />
        </BulkRow>
        <BulkRow field="explicit" isOn={on.explicit} onToggle={toggle('explicit')}>
          <SelectField
            label="Explicit content"
            value={values.explicit}
            onChange={(e) => change({ explicit: e.target.value as 'yes' | 'no' })}
          >
            <option value="no">Clean</option>
            <option value="yes">Explicit</option>
          </SelectField>
        </BulkRow>
        <BulkRow field="p_line" isOn={on.p_line} onToggle={toggle('p_line')}>
          <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
            <TextField
              label="P-line year"
              inputMode="numeric"
              value={values.p_line_year}
              onChange={(e) => change({ p_line_year: e.target.value })}
              error={shown('p_line_year')}
            />
            <TextField
              label="P-line owner"
              value={values.p_line_owner}
              onChange={(e) => change({ p_line_owner: e.target.value })}
              error={shown('p_line_owner')}
            />
          </div>
        </BulkRow>
        <BulkRow field="recording_year" isOn={on.recording_year} onToggle={toggle('recording_year')}>
          <TextField
            label="New recording year"
            inputMode="numeric"
            value={values.recording_year}
            onChange={(e) => change({ recording_year: e.target.value })}
            error={shown('recording_year')}
          />
        </BulkRow>
        {attempted && errors.set ? <Alert>{errors.set}</Alert> : null}
        {bulk.isError ? <Alert>{bulk.error.message}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={bulk.isPending}>
            Update {count} {count === 1 ? 'recording' : 'recordings'}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
