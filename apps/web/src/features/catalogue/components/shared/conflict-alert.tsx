import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';

/**
 * A save refused because someone saved the record after it was read. Reload takes their version
 * and keeps what this member typed, to save again.
 */
export function ConflictAlert({ onReload, isReloading }: { onReload: () => void; isReloading: boolean }) {
  return (
    <Alert>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>{CATALOGUE_MESSAGES.changedSinceRead}</span>
        <Button size="sm" variant="outline" onClick={onReload} isLoading={isReloading}>
          Reload
        </Button>
      </div>
    </Alert>
  );
}
