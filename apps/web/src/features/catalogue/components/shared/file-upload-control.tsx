import { CATALOGUE_FILE_TEXTS } from '@music-review/core/catalogue';
import { Upload } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { UploadProgress } from '../../../../components/upload-progress';
import type { FileUploadState } from './use-file-upload';

/**
 * The upload button of a record's file (it opens the file picker), the progress while the file is
 * sent and checked, and the server's reason under it when the file is refused. `children` sits
 * beside the button (the Remove action).
 */
export function FileUploadControl({
  state,
  uploadLabel,
  inputLabel,
  accept,
  children,
}: {
  state: FileUploadState;
  /** "Upload artwork" */
  uploadLabel: string;
  /** The hidden file input's name ("Artwork file"). */
  inputLabel: string;
  accept: string;
  children?: ReactNode;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col gap-3">
      {state.upload ? (
        <UploadProgress filename={state.upload.filename} fraction={state.upload.fraction} />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()}>
            <Upload aria-hidden="true" />
            {uploadLabel}
          </Button>
          {children}
        </div>
      )}
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        aria-label={inputLabel}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) state.start(file);
        }}
      />
      {state.refusal ? (
        <Alert variant="error">
          <span className="font-medium">{CATALOGUE_FILE_TEXTS.refusedTitle}</span> {state.refusal}
        </Alert>
      ) : null}
    </div>
  );
}
