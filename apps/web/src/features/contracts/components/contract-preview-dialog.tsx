import type { ContractDto } from '@music-review/core/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** The contract's rendered text, read-only. */
export function ContractPreviewDialog({ contract, onClose }: { contract: ContractDto; onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={contract.title}
      description="The contract’s text as rendered from the template."
    >
      <div className="max-h-[60vh] overflow-y-auto whitespace-pre-wrap rounded-lg border border-border bg-muted/40 p-3 text-sm leading-6">
        {contract.body_text}
      </div>
      <div className="mt-4 flex justify-end">
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
