import {
  MANUAL_STORE_STATUSES,
  type ManualStoreStatus,
  STORE_STATUS_LABELS,
  storeLabel,
} from '@music-review/core/distribution';
import { storeStatusBody } from '@music-review/core/distribution-schemas';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useSetStoreStatus } from '../api/set-store-status';
import type { StoreRowDto } from '../distribution-types';
import { fieldMessage } from './destination-form-values';

const NOTE_NEEDED = 'Write a note: what the distributor’s dashboard or email says';

/** The status a row starts the form with: its own when it may be set by hand, else "Live". */
const startingStatus = (row: StoreRowDto): ManualStoreStatus =>
  (MANUAL_STORE_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as ManualStoreStatus)
    : 'live';

/**
 * Sets one store's status by hand, with the note that says why (kept in the history): what a
 * distributor's dashboard shows when no acknowledgement comes back.
 */
export function StoreStatusForm({
  releaseId,
  row,
  onDone,
}: {
  releaseId: string;
  row: StoreRowDto;
  onDone: () => void;
}) {
  const setStatus = useSetStoreStatus(releaseId);
  const [status, setStatusValue] = useState<ManualStoreStatus>(() => startingStatus(row));
  const [note, setNote] = useState('');
  const [attempted, setAttempted] = useState(false);
  const selectRef = useRef<HTMLDivElement>(null);
  const store = storeLabel(row.store);

  useEffect(() => selectRef.current?.querySelector('select')?.focus(), []);

  const checked = storeStatusBody.safeParse({
    destination_id: row.destination_id,
    store: row.store,
    status,
    note,
  });
  const serverFields = isApiError(setStatus.error) ? setStatus.error.fields : {};
  const schemaNoteError = checked.success
    ? undefined
    : checked.error.issues.find((issue) => issue.path[0] === 'note')?.message;
  let noteError: string | null = null;
  if (attempted && note.trim() === '') noteError = NOTE_NEEDED;
  else if (attempted && schemaNoteError) noteError = fieldMessage(schemaNoteError);
  else if (serverFields.note) noteError = fieldMessage(serverFields.note);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!checked.success) return;
    setStatus.mutate(checked.data, {
      onSuccess: () => {
        toast.success(`${store} at ${row.destination_name} set to ${STORE_STATUS_LABELS[status]}`);
        onDone();
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Set status for ${store} at ${row.destination_name}`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-3"
    >
      <div ref={selectRef} className="sm:max-w-xs">
        <SelectField
          label="New status"
          value={status}
          onChange={(event) => setStatusValue(event.target.value as ManualStoreStatus)}
        >
          {MANUAL_STORE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STORE_STATUS_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label="Note"
        rows={2}
        maxLength={1000}
        value={note}
        onChange={(event) => {
          if (setStatus.isError) setStatus.reset();
          setNote(event.target.value);
        }}
        error={noteError}
        hint="Why: it is kept in the history"
      />
      {setStatus.isError && !serverFields.note ? <Alert>{setStatus.error.message}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" size="sm" onClick={onDone} disabled={setStatus.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" isLoading={setStatus.isPending}>
          Save status
        </Button>
      </div>
    </form>
  );
}
