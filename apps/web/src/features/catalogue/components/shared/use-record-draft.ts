import { useState } from 'react';
import { sameValue } from '../../form-values';

interface Draft<V> {
  id: string;
  /** The row_version the values were read at: a save names it. */
  version: number;
  /** The record's values as read. */
  base: V;
  /** The values as the member has them now. */
  values: V;
}

/**
 * A record's form state over a live record. While the member has changed nothing, a newer version
 * (someone's save, arriving over realtime) replaces the form; once they have typed, nothing they
 * typed is replaced and the save names the version they read, so a save over someone else's answers
 * 409. `reload` then takes the newest record: the fields the member changed keep their values, the
 * others take the new ones, and the next save names the new version.
 */
export function useRecordDraft<R extends { id: string; row_version: number }, V extends object>(
  record: R | undefined,
  toValues: (record: R) => V,
) {
  const [draft, setDraft] = useState<Draft<V> | null>(null);
  const fresh = (r: R): Draft<V> => ({
    id: r.id,
    version: r.row_version,
    base: toValues(r),
    values: toValues(r),
  });

  let current = draft;
  const isDirty = current !== null && !sameValue(current.values, current.base);
  if (
    record &&
    (!current || current.id !== record.id || (!isDirty && current.version !== record.row_version))
  ) {
    current = fresh(record);
    setDraft(current);
  }

  return {
    values: current?.values ?? null,
    base: current?.base ?? null,
    version: current?.version ?? 0,
    isDirty: current !== null && current.id === record?.id && !sameValue(current.values, current.base),
    /** Changes some values. */
    set: (patch: Partial<V>) =>
      setDraft((previous) =>
        previous ? { ...previous, values: { ...previous.values, ...patch } } : previous,
      ),
    /** After a save: the saved record, nothing changed. */
    reset: (saved: R) => setDraft(fresh(saved)),
    /** Discards the member's changes. */
    discard: () => setDraft((previous) => (previous ? { ...previous, values: previous.base } : previous)),
    /** The newest record, keeping what the member changed (after a 409). */
    reload: (newest: R) =>
      setDraft((previous) => {
        const next = toValues(newest);
        if (!previous || previous.id !== newest.id) return fresh(newest);
        const merged = { ...next };
        for (const key of Object.keys(next) as (keyof V)[]) {
          if (!sameValue(previous.values[key], previous.base[key])) merged[key] = previous.values[key];
        }
        return { id: newest.id, version: newest.row_version, base: next, values: merged };
      }),
  };
}
