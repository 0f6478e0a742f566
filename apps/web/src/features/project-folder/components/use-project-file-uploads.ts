import { useState } from 'react';
import { useApiClient } from '../../../lib/api-context';
import { uploadProjectFile } from '../api/upload-project-file';

export type PendingUpload = { id: number; name: string; fraction: number; error: string | null };

let uploadSeq = 0;

/**
 * The files being uploaded, each with its progress; a finished one leaves the list and the listing
 * is refetched, a failed one stays with its error until dismissed.
 */
export function useProjectFileUploads(songId: string, refetch: () => Promise<unknown>) {
  const api = useApiClient();
  const [uploads, setUploads] = useState<PendingUpload[]>([]);

  /** Uploads into `target` (null: the top level), the folder open when the files were chosen. */
  async function uploadAll(list: FileList | File[], target: string | null) {
    await Promise.all(
      Array.from(list).map(async (file) => {
        const id = ++uploadSeq;
        const update = (patch: Partial<PendingUpload>) =>
          setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...patch } : u)));
        setUploads((all) => [...all, { id, name: file.name, fraction: 0, error: null }]);
        try {
          await uploadProjectFile(api, songId, target, file, (fraction) => update({ fraction }));
          setUploads((all) => all.filter((u) => u.id !== id));
          await refetch();
        } catch (error) {
          update({ error: error instanceof Error ? error.message : 'The upload failed.' });
        }
      }),
    );
  }

  const dismiss = (id: number) => setUploads((all) => all.filter((x) => x.id !== id));

  return { uploads, uploadAll, dismiss };
}
