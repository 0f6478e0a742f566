import type { SongDto } from '@music-review/core/api';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { isApiError } from '../../lib/api-client';
import { useApiClient } from '../../lib/api-context';
import { useMe } from '../../lib/me';
import { inspectAudioFile, namedAudioFileMessages } from '../../lib/upload/audio-file';
import { isAbortError } from '../../lib/upload/put-with-progress';
import { useConfirmLeave } from '../../lib/use-confirm-leave';
import { type TrackDetails, trackDetailsSchema, useInvalidateSongLists } from './api/create-song';
import { duplicateFileMessage, prefillDetails, probeDuration } from './track-file';
import {
  createTrackUploadDeps,
  runWithConcurrency,
  type TrackUploadEvent,
  UPLOAD_CONCURRENCY,
  uploadTrack,
} from './upload-track';

export type TrackField = 'title' | 'artist' | 'email';

export type TrackStatus = 'idle' | 'queued' | 'uploading' | 'saving' | 'added' | 'failed';

export interface TrackRow {
  /** Also the song's id and the id part of its storage keys, so a retry reuses the uploads. */
  id: string;
  file: File;
  contentType: string;
  title: string;
  artist: string;
  email: string;
  errors: Partial<Record<TrackField, string>>;
  durationSeconds: number | null;
  status: TrackStatus;
  /** Upload progress of the audio, 0-100. */
  progress: number;
  /** Why the last attempt failed. */
  message: string | null;
  audioKey?: string;
  waveformKey?: string | null;
  song?: SongDto;
}

export const PLAN_LIMIT_ROW_MESSAGE = 'Not added: your plan’s track limit is reached.';

const isBusy = (status: TrackStatus) => status === 'queued' || status === 'uploading' || status === 'saving';

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

function validate(row: TrackRow) {
  const parsed = trackDetailsSchema.safeParse({
    title: row.title,
    artist: row.artist,
    submission_source: row.email,
  });
  if (parsed.success) return { details: parsed.data, errors: {} };
  const errors: TrackRow['errors'] = {};
  for (const issue of parsed.error.issues) {
    const field: TrackField = issue.path[0] === 'submission_source' ? 'email' : (issue.path[0] as TrackField);
    errors[field] ??= issue.message;
  }
  return { details: null, errors };
}

/** The element id of a row's input, for labels and for moving focus to the first error. */
export const fieldId = (rowId: string, field: TrackField) => `track-${rowId}-${field}`;

/**
 * The Add Tracks page's state: the chosen files with what the user typed, their checks and
 * uploads. Uploads run UPLOAD_CONCURRENCY at a time; a plan limit refusal stops the rest.
 */
export function useAddTracks() {
  const api = useApiClient();
  const me = useMe();
  const invalidateSongLists = useInvalidateSongLists();
  const [rows, setRows] = useState<TrackRow[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [planLimitMessage, setPlanLimitMessage] = useState<string | null>(null);
  const [isRunning, setIsRunning] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const controllers = useRef(new Map<string, AbortController>());
  /** Rows whose song is being created: cancelling now could leave a song the page does not show. */
  const saving = useRef(new Set<string>());
  const probes = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    const probing = probes.current;
    return () => {
      for (const controller of [...running.values(), ...probing.values()]) controller.abort();
    };
  }, []);

  // Leaving the page mid-upload loses it: the browser asks first.
  useConfirmLeave(isRunning);

  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const patchRow = useCallback(
    (id: string, patch: Partial<TrackRow> | ((row: TrackRow) => Partial<TrackRow>)) => {
      setRows((current) =>
        current.map((row) =>
          row.id === id ? { ...row, ...(typeof patch === 'function' ? patch(row) : patch) } : row,
        ),
      );
    },
    [],
  );

  const addFiles = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0) return;
      const checked = await Promise.all(
        files.map(async (file) => ({ file, check: await inspectAudioFile(file, namedAudioFileMessages) })),
      );
      const refused: string[] = [];
      const added: TrackRow[] = [];
      for (const { file, check } of checked) {
        if (!check.ok) {
          refused.push(check.message);
        } else if ([...rowsRef.current, ...added].some((row) => sameFile(row.file, file))) {
          refused.push(duplicateFileMessage(file.name));
        } else {
          added.push({
            id: crypto.randomUUID(),
            file,
            contentType: check.contentType,
            ...prefillDetails(file.name, check.tags),
            email: '',
            errors: {},
            durationSeconds: null,
            status: 'idle',
            progress: 0,
            message: null,
          });
        }
      }
      setRefusals(refused);
      if (added.length === 0) return;
      setRows((current) => [...current, ...added]);
      for (const row of added) {
        const controller = new AbortController();
        probes.current.set(row.id, controller);
        void probeDuration(row.file, controller.signal).then((seconds) => {
          probes.current.delete(row.id);
          if (seconds !== null) patchRow(row.id, (r) => ({ durationSeconds: r.durationSeconds ?? seconds }));
        });
      }
    },
    [patchRow],
  );

  const updateField = useCallback(
    (id: string, field: TrackField, value: string) =>
      patchRow(id, (row) => ({ [field]: value, errors: { ...row.errors, [field]: undefined } })),
    [patchRow],
  );

  const removeRow = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    probes.current.get(id)?.abort();
    setRows((current) => current.filter((row) => row.id !== id));
  }, []);

  const dismissRefusals = useCallback(() => setRefusals([]), []);

  const submit = useCallback(async () => {
    if (isRunning) return;
    const pending = rowsRef.current.filter((row) => row.status !== 'added');
    if (pending.length === 0) return;

    const checked = pending.map((row) => ({ row, ...validate(row) }));
    const invalid = checked.filter((c) => !c.details);
    if (invalid.length > 0) {
      const errorsById = new Map(checked.map((c) => [c.row.id, c.errors]));
      setRows((current) =>
        current.map((row) =>
          errorsById.has(row.id) ? { ...row, errors: errorsById.get(row.id) ?? {} } : row,
        ),
      );
      const first = invalid[0]!;
      const field = (['title', 'artist', 'email'] as const).find((f) => first.errors[f]) ?? 'title';
      setFocusTarget(fieldId(first.row.id, field));
      setAnnouncement('');
      return;
    }

    const jobs = checked.map((c) => ({ row: c.row, details: c.details as TrackDetails }));
    const queued = new Set(jobs.map((job) => job.row.id));
    setRows((current) =>
      current.map((row) =>
        queued.has(row.id) ? { ...row, errors: {}, status: 'queued', progress: 0, message: null } : row,
      ),
    );
    setPlanLimitMessage(null);
    setAnnouncement(jobs.length === 1 ? 'Uploading 1 track' : `Uploading ${jobs.length} tracks`);
    setIsRunning(true);

    const deps = createTrackUploadDeps(api);
    const orgName = me.data?.organization?.name;
    let isStopped = false;
    let addedCount = 0;

    await runWithConcurrency(
      jobs,
      UPLOAD_CONCURRENCY,
      async ({ row, details }) => {
        if (!rowsRef.current.some((r) => r.id === row.id)) return; // removed while queued
        const controller = new AbortController();
        controllers.current.set(row.id, controller);
        patchRow(row.id, { status: 'uploading' });
        const onEvent = (event: TrackUploadEvent) => {
          if (event.kind === 'progress') {
            patchRow(row.id, { progress: Math.round(event.fraction * 100) });
          } else if (event.kind === 'audioUploaded') {
            patchRow(row.id, { audioKey: event.key, progress: 100 });
          } else if (event.kind === 'waveform') {
            patchRow(row.id, (r) => ({
              waveformKey: event.key,
              durationSeconds: r.durationSeconds ?? event.durationSeconds,
            }));
          } else {
            saving.current.add(row.id);
            patchRow(row.id, { status: 'saving', progress: 100 });
          }
        };
        try {
          const { song } = await uploadTrack(
            {
              songId: row.id,
              file: row.file,
              contentType: row.contentType,
              orgName,
              details,
              done: { audioKey: row.audioKey, waveformKey: row.waveformKey },
            },
            deps,
            onEvent,
            controller.signal,
          );
          addedCount++;
          patchRow(row.id, { status: 'added', song, message: null });
          setAnnouncement(`${row.file.name}: Track added`);
        } catch (error) {
          if (isAbortError(error) || controller.signal.aborted) {
            patchRow(row.id, { status: 'idle', progress: 0 });
            return;
          }
          const message = error instanceof Error && error.message ? error.message : 'The upload failed';
          if (isApiError(error) && error.code === 'plan_limit_reached') {
            isStopped = true;
            setPlanLimitMessage(message);
            patchRow(row.id, { status: 'failed', message: PLAN_LIMIT_ROW_MESSAGE });
            // The others would be refused too: stop their uploads rather than send the bytes
            // (one already creating its song is left to finish: it may have got in first).
            for (const [id, other] of controllers.current) {
              if (id !== row.id && !saving.current.has(id)) other.abort();
            }
          } else {
            patchRow(row.id, { status: 'failed', message });
          }
          setAnnouncement(`${row.file.name}: ${message}`);
        } finally {
          controllers.current.delete(row.id);
          saving.current.delete(row.id);
        }
      },
      () => isStopped,
    );

    // Those a plan limit refusal kept from starting wait for the next try.
    setRows((current) =>
      current.map((row) =>
        queued.has(row.id) && row.status === 'queued' ? { ...row, status: 'idle' } : row,
      ),
    );
    setIsRunning(false);
    if (addedCount > 0) void invalidateSongLists();
    if (addedCount === jobs.length) {
      const text = addedCount === 1 ? 'Track added' : 'Tracks added';
      toast.success(text);
      setAnnouncement(addedCount === 1 ? 'Track added' : `All ${addedCount} tracks added`);
    } else if (addedCount > 0) {
      setAnnouncement(`${addedCount} of ${jobs.length} tracks added`);
    }
  }, [api, isRunning, me.data, patchRow, invalidateSongLists]);

  const remaining = useMemo(() => rows.filter((row) => row.status !== 'added').length, [rows]);
  const addedCount = rows.length - remaining;
  const hasBusyRow = rows.some((row) => isBusy(row.status));

  return {
    rows,
    refusals,
    planLimitMessage,
    isRunning: isRunning || hasBusyRow,
    announcement,
    remaining,
    addedCount,
    addFiles,
    updateField,
    removeRow,
    dismissRefusals,
    submit,
  };
}
