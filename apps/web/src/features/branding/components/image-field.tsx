import { ImageIcon, Upload, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useApiClient } from '../../../lib/api-context';
import {
  BRANDING_IMAGE_ACCEPT,
  BRANDING_IMAGE_TYPE_MESSAGE,
  isBrandingImage,
  uploadBrandingImage,
} from '../api/upload-branding-image';
import type { ImageValue } from '../branding-form';

const previewOf = (file: File) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;

/** The logo or the favicon: shows the current image, uploads a new one through storage, or removes it. */
export function ImageField({
  label,
  purpose,
  hint,
  value,
  error,
  onChange,
  onUploadingChange,
}: {
  label: string;
  purpose: 'logo' | 'favicon';
  hint: string;
  value: ImageValue;
  error?: string | undefined;
  onChange: (value: ImageValue) => void;
  onUploadingChange: (isUploading: boolean) => void;
}) {
  const api = useApiClient();
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // Local previews of uploaded files, released when the editor goes away.
  const objectUrls = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of objectUrls.current) URL.revokeObjectURL(url);
    },
    [],
  );
  const shownError = uploadError ?? error;

  async function choose(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    if (!isBrandingImage(file)) {
      setUploadError(BRANDING_IMAGE_TYPE_MESSAGE);
      return;
    }
    setIsUploading(true);
    onUploadingChange(true);
    try {
      const key = await uploadBrandingImage(api, file, purpose);
      const previewUrl = previewOf(file);
      if (previewUrl) objectUrls.current.push(previewUrl);
      onChange({ key, previewUrl });
    } catch (err) {
      setUploadError(`The ${purpose} could not be uploaded: ${(err as Error).message}`);
    } finally {
      setIsUploading(false);
      onUploadingChange(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's legend would not sit on the label's line
    <div role="group" aria-labelledby={labelId} aria-describedby={hintId} className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-foreground">
        {label}
      </span>
      <div className="flex items-center gap-3">
        <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border bg-muted">
          {value.previewUrl ? (
            <img src={value.previewUrl} alt={`Current ${purpose}`} className="size-full object-contain" />
          ) : (
            <ImageIcon aria-hidden="true" className="size-5 text-muted-foreground" />
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={fileInput}
            type="file"
            accept={BRANDING_IMAGE_ACCEPT}
            // The visible button opens it; the input itself stays out of the tab order.
            tabIndex={-1}
            aria-hidden="true"
            data-testid={`${purpose}-file`}
            className="sr-only"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <Button
            variant="outline"
            size="sm"
            disabled={isUploading}
            aria-describedby={shownError ? errorId : undefined}
            onClick={() => fileInput.current?.click()}
          >
            {isUploading ? <Spinner className="size-4" /> : <Upload aria-hidden="true" />}
            {isUploading
              ? 'Uploading…'
              : value.key || value.previewUrl
                ? `Replace ${purpose}`
                : `Upload ${purpose}`}
          </Button>
          {value.key || value.previewUrl ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={isUploading}
              onClick={() => {
                setUploadError(null);
                onChange({ key: null, previewUrl: null });
              }}
            >
              <X aria-hidden="true" />
              Remove {purpose}
            </Button>
          ) : null}
        </div>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {shownError ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
