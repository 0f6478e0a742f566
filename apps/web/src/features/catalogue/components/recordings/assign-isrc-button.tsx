import { CATALOGUE_TEXTS } from '@music-review/core/catalogue';
import type { RecordingDto } from '@music-review/core/contracts/catalogue';
import { Hash } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { useAssignIsrc } from '../../api/assign-isrc';
import { CodeErrorAlert } from '../shared/code-error-alert';

/** "Assign ISRC" on a recording without one: the label's next code, shown in the field once given. */
export function AssignIsrcButton({
  recordingId,
  onAssigned,
}: {
  recordingId: string;
  onAssigned: (recording: RecordingDto) => void;
}) {
  const assign = useAssignIsrc();
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        isLoading={assign.isPending}
        onClick={() => assign.mutate(recordingId, { onSuccess: onAssigned })}
      >
        <Hash aria-hidden="true" />
        {CATALOGUE_TEXTS.assignIsrc}
      </Button>
      {assign.isError ? <CodeErrorAlert error={assign.error} /> : null}
    </div>
  );
}
