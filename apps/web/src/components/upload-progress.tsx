import { cn } from '../lib/cn';

/**
 * An upload's progress: a bar named for the file ("Uploading <name>"), the percentage, then
 * `checkingText` once the bytes are sent and the server reads the file.
 */
export function UploadProgress({
  filename,
  fraction,
  checkingText = 'Checking the file…',
}: {
  filename: string;
  fraction: number;
  checkingText?: string;
}) {
  const percent = Math.round(fraction * 100);
  const checking = fraction >= 1;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
        <span className="truncate">{filename}</span>
        <span className="shrink-0 tabular-nums">{checking ? checkingText : `${percent}%`}</span>
      </div>
      <div
        role="progressbar"
        aria-label={`Uploading ${filename}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full bg-primary transition-[width] duration-200',
            checking && 'animate-pulse',
          )}
          style={{ width: `${Math.max(percent, 2)}%` }}
        />
      </div>
    </div>
  );
}
