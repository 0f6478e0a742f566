import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/text-field';
import { UploadProgress } from '../../../components/upload-progress';
import { useApiClient } from '../../../lib/api-context';
import type { ReceiptFileDto, ReceiptFilesDto } from '../accounting-types';
import { accountingKeys } from '../api/accounting-keys';
import { useReceiptFiles } from '../api/list-receipt-files';
import { uploadReceipt } from '../api/upload-receipt';

export const RECEIPT_FILES_FAILED = 'The files of the project folder could not be loaded.';
export const RECEIPT_UPLOAD_FAILED = 'The receipt could not be uploaded. Please try again.';

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** "invoice.pdf · Invoices · Mar 2, 2026": the name, its folder, the day it was uploaded. */
export function receiptOptionText(file: ReceiptFileDto): string {
  const day = new Date(file.created_at);
  return [file.name, file.folder_path, Number.isNaN(day.getTime()) ? null : dayFormat.format(day)]
    .filter(Boolean)
    .join(' · ');
}

type PendingReceipt = { name: string; fraction: number; error: string | null };

/**
 * A cost's "Receipt (optional)": a file already in the project folder of the contract's song, or
 * "Upload receipt", which puts a file into that folder (its own endpoints: the same limits and
 * messages) with its progress and chooses it. `value` is the chosen file's key, '' for none.
 * Nothing the member typed elsewhere in the form is touched by a failure here.
 */
export function ReceiptField({
  dealId,
  value,
  error,
  onChange,
  onUploadingChange,
}: {
  dealId: string;
  value: string;
  error: string | null;
  onChange: (key: string) => void;
  onUploadingChange: (isUploading: boolean) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const choices = useReceiptFiles(dealId);
  const [upload, setUpload] = useState<PendingReceipt | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const isUploading = upload !== null && upload.error === null;
  const songTitle = choices.data?.song_title;

  async function send(file: File, songId: string) {
    setUpload({ name: file.name, fraction: 0, error: null });
    onUploadingChange(true);
    try {
      const stored = await uploadReceipt(api, songId, file, (fraction) =>
        setUpload((current) => (current ? { ...current, fraction } : current)),
      );
      // Listed and chosen at once; the list is then read again (another member may have added files).
      queryClient.setQueryData<ReceiptFilesDto>(accountingKeys.receiptFiles(dealId), (current) =>
        current
          ? { ...current, files: [stored, ...current.files.filter((f) => f.key !== stored.key)] }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: accountingKeys.receiptFiles(dealId) });
      onChange(stored.key);
      setUpload(null);
    } catch (caught) {
      const message = caught instanceof Error && caught.message ? caught.message : RECEIPT_UPLOAD_FAILED;
      setUpload({ name: file.name, fraction: 0, error: message });
    } finally {
      onUploadingChange(false);
    }
  }

  const files = choices.data?.files ?? [];
  return (
    <div className="flex flex-col gap-2">
      <SelectField
        label="Receipt (optional)"
        value={value}
        disabled={!choices.data}
        hint={
          songTitle
            ? `A file of the project folder of “${songTitle}”. An uploaded receipt goes there too.`
            : 'A file of the project folder of the contract’s song.'
        }
        error={error}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{choices.isPending ? 'Loading the project folder…' : 'No receipt'}</option>
        {files.map((file) => (
          <option key={file.key} value={file.key}>
            {receiptOptionText(file)}
          </option>
        ))}
      </SelectField>
      {choices.isError ? (
        <div className="flex flex-wrap items-center gap-2">
          <Alert>{choices.error.message || RECEIPT_FILES_FAILED}</Alert>
          <Button size="sm" variant="outline" onClick={() => void choices.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {choices.data && files.length === 0 && !isUploading ? (
        <p className="text-sm text-muted-foreground">No files in the project folder yet.</p>
      ) : null}
      {upload && !upload.error ? (
        <UploadProgress filename={upload.name} fraction={upload.fraction} checkingText="Checking…" />
      ) : null}
      {upload?.error ? (
        <div className="flex items-start justify-between gap-2">
          <Alert>
            {upload.name}: {upload.error}
          </Alert>
          <Button variant="ghost" size="sm" onClick={() => setUpload(null)}>
            Dismiss
          </Button>
        </div>
      ) : null}
      <div>
        <Button
          size="sm"
          variant="outline"
          disabled={!choices.data || isUploading}
          onClick={() => inputRef.current?.click()}
        >
          <Upload aria-hidden="true" />
          Upload receipt
        </Button>
        <input
          ref={inputRef}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          aria-label="Receipt file to upload"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file && choices.data) void send(file, choices.data.song_id);
          }}
        />
      </div>
    </div>
  );
}
