import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** A save refused because a colleague saved first: reload their version, keeping what was typed. */
export function ConflictNotice({ onReload, isReloading }: { onReload: () => void; isReloading: boolean }) {
  return (
    <Alert>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <span>{CATALOGUE_MESSAGES.changedSinceRead}</span>
        <Button size="sm" variant="outline" onClick={onReload} isLoading={isReloading}>
          Reload
        </Button>
      </div>
    </Alert>
  );
}
