import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { isApiError } from '../../../../lib/api-client';
import { isVersionConflict } from '../../form-values';
import { ConflictAlert } from './conflict-alert';

/**
 * A record form's Save and Discard, with what a failed save said: a version conflict with its
 * Reload, or the server's message when it named no field (a field's message shows beside it).
 */
export function FormFooter({
  isDirty,
  isSaving,
  error,
  hasErrors,
  onSave,
  onDiscard,
  onReload,
  isReloading,
}: {
  isDirty: boolean;
  isSaving: boolean;
  error: Error | null;
  /** The form has problems to fix (shown beside the fields). */
  hasErrors: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onReload: () => void;
  isReloading: boolean;
}) {
  const namesFields = isApiError(error) && Object.keys(error.fields).length > 0;
  return (
    <div className="flex flex-col gap-3">
      {error && isVersionConflict(error) ? (
        <ConflictAlert onReload={onReload} isReloading={isReloading} />
      ) : null}
      {error && !isVersionConflict(error) && !namesFields ? <Alert>{error.message}</Alert> : null}
      {hasErrors ? (
        <p role="status" className="text-sm text-destructive">
          Fix the fields marked above to save.
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {isDirty ? (
          <Button variant="outline" onClick={onDiscard} disabled={isSaving}>
            Discard changes
          </Button>
        ) : null}
        <Button onClick={onSave} isLoading={isSaving} disabled={!isDirty}>
          Save
        </Button>
      </div>
    </div>
  );
}
