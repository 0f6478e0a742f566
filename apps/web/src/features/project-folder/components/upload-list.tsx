import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { UploadProgress } from '../../../components/upload-progress';
import type { PendingUpload } from './use-project-file-uploads';

/** The uploads in progress, and the failed ones with their error; nothing when there are none. */
export function UploadList({
  uploads,
  onDismiss,
}: {
  uploads: PendingUpload[];
  onDismiss: (id: number) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label="Uploads" className="flex flex-col gap-2">
      {uploads.map((u) => (
        <li key={u.id} className="flex flex-col gap-1.5 rounded-lg border border-border p-3">
          {u.error ? (
            <div className="flex items-start justify-between gap-2">
              <Alert variant="error">
                {u.name}: {u.error}
              </Alert>
              <Button variant="ghost" size="sm" onClick={() => onDismiss(u.id)}>
                Dismiss
              </Button>
            </div>
          ) : (
            <UploadProgress filename={u.name} fraction={u.fraction} checkingText="Checking…" />
          )}
        </li>
      ))}
    </ul>
  );
}
