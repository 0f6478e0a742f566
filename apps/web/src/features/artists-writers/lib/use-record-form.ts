import type { FieldErrors } from '@music-review/core/api-errors';
import { useState } from 'react';
import { isApiError, serverFieldErrors } from '../../../lib/api-client';

interface Snapshot<V> {
  values: V;
  rowVersion: number;
}

/**
 * Editing a saved record in place, safe against a colleague's save (decision 0025): the form keeps
 * the version it started from (`base`), sends only what changed since, names that version, and on
 * a 409 offers a reload. The reload takes the fresh record as the new base: fields the member had
 * not touched take the fresh values, typed ones stay as typed, and `theirs` lists what the colleague
 * saved in those, for the form to show beside them.
 */
export function useRecordForm<V extends object>({
  initial,
  fields,
  same,
  fieldOf = (path) => path,
}: {
  initial: Snapshot<V>;
  fields: readonly (keyof V & string)[];
  same: (field: keyof V & string, a: V, b: V) => boolean;
  /** The form's field for a path of the server's answer. */
  fieldOf?: (path: string) => string | null;
}) {
  const [values, setValues] = useState(initial.values);
  const [base, setBase] = useState(initial);
  const [theirs, setTheirs] = useState<Partial<V>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isConflict, setIsConflict] = useState(false);

  const set = <K extends keyof V & string>(field: K, value: V[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  /** Takes a freshly loaded record as the base, keeping what was typed. */
  const rebase = (fresh: Snapshot<V>) => {
    const next = { ...values };
    const changedByThem: Partial<V> = {};
    for (const field of fields) {
      const typed = !same(field, values, base.values);
      if (!typed) next[field] = fresh.values[field];
      else if (!same(field, fresh.values, base.values)) changedByThem[field] = fresh.values[field];
    }
    setValues(next);
    setBase(fresh);
    setTheirs(changedByThem);
    setIsConflict(false);
    setErrors({});
  };

  /** Shows a failed save: the conflict notice, or the server's problems under their fields. */
  const showFailure = (error: unknown, fallback: string) => {
    if (isApiError(error) && error.status === 409 && error.code === 'conflict') {
      setIsConflict(true);
      setErrors({});
      return;
    }
    const found = serverFieldErrors(error, fieldOf);
    setErrors(
      Object.keys(found).length > 0 ? found : { '': error instanceof Error ? error.message : fallback },
    );
  };

  return { values, set, base, theirs, errors, setErrors, isConflict, rebase, showFailure };
}
