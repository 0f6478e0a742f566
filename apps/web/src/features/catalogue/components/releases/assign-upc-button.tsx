import { CATALOGUE_TEXTS } from '@music-review/core/catalogue';
import type { ReleaseDto } from '@music-review/core/contracts/catalogue';
import { Barcode } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { useAssignUpc } from '../../api/assign-upc';
import { CodeErrorAlert } from '../shared/code-error-alert';

/** "Assign UPC" on a release without one: the next free code of the label's pool. */
export function AssignUpcButton({
  releaseId,
  onAssigned,
}: {
  releaseId: string;
  onAssigned: (release: ReleaseDto) => void;
}) {
  const assign = useAssignUpc();
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        isLoading={assign.isPending}
        onClick={() => assign.mutate(releaseId, { onSuccess: onAssigned })}
      >
        <Barcode aria-hidden="true" />
        {CATALOGUE_TEXTS.assignUpc}
      </Button>
      {assign.isError ? <CodeErrorAlert error={assign.error} /> : null}
    </div>
  );
}
