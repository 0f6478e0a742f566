import { cn } from '../../../lib/cn';
import type { ImportDto } from '../finance-types';
import { percentOf } from './format';

/**
 * How far an import has read its file (bytes read of the file's size), named for screen readers as
 * "Reading statement.tsv: 42%"; a waiting import's bar pulses without a value.
 */
export function ImportProgress({
  row,
}: {
  row: Pick<ImportDto, 'file_name' | 'status' | 'bytes_read' | 'size_bytes'>;
}) {
  const isWaiting = row.status === 'queued';
  const percent = isWaiting ? 0 : percentOf(row.bytes_read, row.size_bytes);
  const name = isWaiting ? `Waiting to read ${row.file_name}` : `Reading ${row.file_name}: ${percent}%`;
  return (
    <div className="flex min-w-32 flex-col gap-1">
      <div
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={isWaiting ? undefined : percent}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full bg-primary transition-[width] duration-300',
            isWaiting && 'animate-pulse',
          )}
          style={{ width: `${isWaiting ? 100 : Math.max(percent, 2)}%` }}
        />
      </div>
      <span aria-hidden="true" className="text-xs text-muted-foreground tabular-nums">
        {isWaiting ? 'Waiting to start' : `${percent}% read`}
      </span>
    </div>
  );
}
