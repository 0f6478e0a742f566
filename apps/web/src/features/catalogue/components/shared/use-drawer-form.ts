import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { sameValue, serverFields, visibleErrors } from '../../form-values';
import type { useRecordDraft } from './use-record-draft';

type Draft<R extends { id: string; row_version: number }, V extends object> = ReturnType<
  typeof useRecordDraft<R, V>
>;

/** What a drawer's save mutation exposes to the form (its error, and a reset). */
interface SaveState {
  error: Error | null;
  isError: boolean;
  isPending: boolean;
  reset: () => void;
}

/**
 * The part every catalogue drawer's form shares (recording, release, work): the checks of the
 * values against what was read, the messages to show (a field's once it changed, every one after a
 * Save attempt, the server's always), focus on the first field to fix, the saved toast, and the
 * "Reload" after a 409 that keeps what the member typed. Each drawer keeps its own save call.
 */
export function useDrawerForm<
  R extends { id: string; row_version: number },
  V extends object,
  C extends { errors: Record<string, string> },
>(options: {
  draft: Draft<R, V>;
  save: SaveState;
  refetch: () => Promise<{ data?: R | undefined }>;
  check: (values: V, base: V) => C;
  /** The form value a field path belongs to ("writers.0.share" -> "writers"). */
  fieldValue: (path: string) => keyof V;
}) {
  const { draft, save, refetch, check: checkValues, fieldValue } = options;
  const [attempted, setAttempted] = useState(false);
  const [isReloading, setIsReloading] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);

  const values = draft.values;
  const base = draft.base;
  const check = values && base ? checkValues(values, base) : null;
  const server = serverFields(save.error);
  const errors =
    values && base && check
      ? visibleErrors(
          { ...check.errors, ...server },
          (path) => path in server || !sameValue(values[fieldValue(path)], base[fieldValue(path)]),
          attempted,
        )
      : {};

  const hasErrors = attempted && check !== null && Object.keys(check.errors).length > 0;
  const discard = () => {
    draft.discard();
    save.reset();
    setAttempted(false);
  };
  const reload = async () => {
    setIsReloading(true);
    const result = await refetch();
    setIsReloading(false);
    if (result.data) {
      draft.reload(result.data);
      save.reset();
    }
  };
  return {
    /** FormFooter's props but its onSave (each drawer saves its own way). */
    footer: {
      isDirty: draft.isDirty,
      isSaving: save.isPending,
      error: save.error,
      hasErrors,
      onDiscard: discard,
      onReload: () => void reload(),
      isReloading,
    },
    bodyRef,
    check,
    errors,
    change: (patch: Partial<V>) => {
      if (save.isError) save.reset();
      draft.set(patch);
    },
    /** A Save click: false (and focus on the first field to fix) while a field is wrong. */
    attemptSave: () => {
      if (!check) return false;
      setAttempted(true);
      if (Object.keys(check.errors).length === 0) return true;
      requestAnimationFrame(() =>
        bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return false;
    },
    saved: (record: R, message: string) => {
      draft.reset(record);
      setAttempted(false);
      toast.success(message);
    },
  };
}
