import { FileAudio, UploadCloud } from 'lucide-react';
import { type ChangeEvent, type DragEvent, useId, useState } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { AUDIO_ACCEPT, formatFileSize } from '../../../lib/upload/audio-file';

/**
 * A drop zone with a file chooser for one audio file. The chosen file goes to `onFile`, which
 * checks it; `error` is that check's message, shown inside the zone.
 */
export function AudioFilePicker({
  file,
  error,
  disabled,
  onFile,
}: {
  file: File | null;
  error: string | null;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  const id = useId();
  const [isDragging, setIsDragging] = useState(false);
  const [dropError, setDropError] = useState<string | null>(null);
  const shownError = dropError ?? error;

  const take = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    if (files.length > 1) {
      setDropError('Please choose one file at a time.');
      return;
    }
    setDropError(null);
    const first = files[0];
    if (first) onFile(first);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    take(event.target.files);
    // Choosing the same file again (after fixing nothing but trying anyway) fires change again.
    event.target.value = '';
  };

  const onDragOver = (event: DragEvent) => {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setIsDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    // Dropping is a shortcut for the chooser inside, which keyboards and screen readers use.
    <fieldset
      onDragOver={onDragOver}
      onDragLeave={() => setIsDragging(false)}
      onDrop={onDrop}
      className={cn(
        'm-0 flex min-w-0 flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors',
        isDragging ? 'border-primary bg-accent/40' : 'border-border',
        shownError && !isDragging && 'border-destructive/50',
        disabled && 'opacity-60',
      )}
    >
      <legend className="sr-only">Audio file</legend>
      {file ? (
        <div className="flex max-w-full items-center gap-2 text-sm">
          <FileAudio aria-hidden="true" className="size-5 shrink-0 text-primary" />
          <span className="truncate font-medium text-foreground">{file.name}</span>
          <span className="shrink-0 text-muted-foreground">{formatFileSize(file.size)}</span>
        </div>
      ) : (
        <>
          <UploadCloud aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-sm text-foreground">Drag your audio file here, or</p>
        </>
      )}
      <input
        id={`${id}-input`}
        type="file"
        accept={AUDIO_ACCEPT}
        disabled={disabled}
        aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
        aria-invalid={shownError ? true : undefined}
        onChange={onChange}
        className="peer sr-only"
      />
      <label
        htmlFor={`${id}-input`}
        className={buttonClasses({
          variant: 'outline',
          className: cn(
            'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring',
            disabled && 'pointer-events-none',
          ),
        })}
      >
        {file ? 'Choose another file' : 'Choose a file'}
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        WAV, AIFF, FLAC, MP3, AAC, M4A or OGG, up to 300 MB.
      </p>
      {shownError ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {shownError}
        </p>
      ) : null}
    </fieldset>
  );
}
