import type { LabelCopyExportFormat } from '@music-review/core/label-copy';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { publicErrorMessage } from '../../../components/public-portal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** "Download PDF" and "Download CSV"; a refusal (the label's export limit) is shown beside them. */
export function DownloadButtons({
  download,
}: {
  download: (format: LabelCopyExportFormat) => Promise<void>;
}) {
  const [busy, setBusy] = useState<LabelCopyExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (format: LabelCopyExportFormat) => {
    setBusy(format);
    setError(null);
    try {
      await download(format);
    } catch (e) {
      setError(publicErrorMessage(e, 'The download failed. Please try again.'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-col gap-3 print:hidden">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void run('pdf')} isLoading={busy === 'pdf'} disabled={busy !== null}>
          <Download aria-hidden="true" />
          Download PDF
        </Button>
        <Button
          variant="outline"
          onClick={() => void run('csv')}
          isLoading={busy === 'csv'}
          disabled={busy !== null}
        >
          <Download aria-hidden="true" />
          Download CSV
        </Button>
      </div>
      {error ? <Alert>{error}</Alert> : null}
    </div>
  );
}
