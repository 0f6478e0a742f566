import { FINANCE_TEXTS } from '@music-review/core/royalties';
import { X } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useCancelStatementImport } from '../api/cancel-statement-import';
import type { ImportDto } from '../finance-types';

/**
 * "Cancel import" on an import still waiting or reading, after a confirmation whose way back says
 * "Keep importing" (a plain "Cancel" beside "Cancel import" would read both ways).
 */
export function CancelImportButton({ row }: { row: Pick<ImportDto, 'id' | 'file_name'> }) {
  const cancel = useCancelStatementImport();
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          cancel.reset();
          setIsConfirming(true);
        }}
      >
        <X aria-hidden="true" />
        {FINANCE_TEXTS.cancelImport}
      </Button>
      <Dialog
        open={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={`Cancel the import of “${row.file_name}”?`}
        description="Reading stops and nothing from this file is imported. You can import it again later."
      >
        <div className="flex flex-col gap-4">
          {cancel.isError ? <Alert>{cancel.error.message}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setIsConfirming(false)}>
              Keep importing
            </Button>
            <Button
              variant="destructive"
              isLoading={cancel.isPending}
              onClick={() =>
                cancel.mutate(row.id, {
                  onSuccess: () => {
                    setIsConfirming(false);
                    toast.success(`The import of ${row.file_name} was cancelled`);
                  },
                })
              }
            >
              {FINANCE_TEXTS.cancelImport}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
