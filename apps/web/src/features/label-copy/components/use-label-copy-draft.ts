import type { LabelCopyData, LabelCopyDto } from '@music-review/core/label-copy';
import { useEffect, useRef, useState } from 'react';
import { useConfirmLeave } from '../../../lib/use-confirm-leave';
import { useSetLabelCopy } from '../api/get-song-label-copy';
import { useSaveLabelCopy } from '../api/save-label-copy';
import { useAutosave } from '../use-autosave';

/**
 * The tab's draft of the label copy: what is typed, autosaved while not final, and replaced by
 * others' changes when nothing here is unsaved. Leaving with unsaved changes asks first.
 */
export function useLabelCopyDraft(songId: string, copy: LabelCopyDto) {
  const [data, setData] = useState<LabelCopyData>(copy.data);
  const save = useSaveLabelCopy(copy.id);
  const setCopy = useSetLabelCopy(songId);
  // Someone else's change (the artist's form, a colleague) replaces the draft only when there is
  // nothing unsaved here. Our own saves never do (the server normalises: trimming would eat a typed
  // space), nor does a refetch that answers older than what we already have.
  const lastServerUpdate = useRef(copy.updated_at);
  const ownSave = useRef(JSON.stringify(copy.data));
  const autosave = useAutosave(
    data,
    async (value) => {
      const saved = await save.mutateAsync(value);
      ownSave.current = JSON.stringify(saved.data);
      if (saved.updated_at > lastServerUpdate.current) lastServerUpdate.current = saved.updated_at;
      setCopy(saved);
    },
    copy.status !== 'final',
  );
  useConfirmLeave(autosave.isDirty);

  useEffect(() => {
    if (copy.updated_at <= lastServerUpdate.current) return;
    lastServerUpdate.current = copy.updated_at;
    const incoming = JSON.stringify(copy.data);
    if (incoming === ownSave.current || autosave.isDirty || autosave.status === 'saving') return;
    ownSave.current = incoming;
    setData(copy.data);
    autosave.reset(copy.data);
  }, [copy.updated_at, copy.data, autosave]);

  return { data, setData, autosave };
}
