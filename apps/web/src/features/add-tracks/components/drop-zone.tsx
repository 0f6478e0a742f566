import { UploadCloud } from 'lucide-react';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { ACCEPTED_FORMATS_TEXT, AUDIO_ACCEPT } from '../../../lib/upload/audio-file';

/**
 * Where files come in: dropped anywhere on the zone, or chosen with the button (keyboards and
 * screen readers use the button; dropping is a shortcut for it).
 */
export function DropZone({
  onFiles,
  isCompact = false,
}: {
  onFiles: (files: File[]) => void;
  isCompact?: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  // dragenter and dragleave fire for every child crossed: count them so the highlight holds.
  const depth = useRef(0);

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types ?? []).includes('Files');

  const onDragEnter = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth.current++;
    setIsDragging(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setIsDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setIsDragging(false);
    const files = Array.from(event.dataTransfer.files ?? []);
    if (files.length > 0) onFiles(files);
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Choosing the same files again fires change again.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 text-center transition-colors sm:px-6',
        isCompact ? 'py-6' : 'py-10 sm:py-14',
        isDragging ? 'border-primary bg-accent/50' : 'border-input bg-card/40',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex size-12 items-center justify-center rounded-full transition-colors',
          isDragging ? 'bg-primary text-primary-foreground' : 'bg-accent text-accent-foreground',
        )}
      >
        <UploadCloud className="size-6" />
      </span>
      <h2 id={`${id}-title`} className="text-base font-semibold text-foreground">
        {isDragging ? 'Drop to add' : 'Drag and drop audio files here'}
      </h2>
      <p id={`${id}-hint`} className="max-w-md text-sm text-muted-foreground">
        Or choose them from your device. {ACCEPTED_FORMATS_TEXT}, up to 300 MB each. Title and artist are
        filled in from the file’s tags or name.
      </p>
      <Button variant="outline" onClick={() => inputRef.current?.click()} aria-describedby={`${id}-hint`}>
        Choose files
      </Button>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={AUDIO_ACCEPT}
        aria-label="Audio files"
        tabIndex={-1}
        hidden
        onChange={onChange}
      />
    </section>
  );
}
