import type { JobDto } from '@music-review/core/contracts/jobs';
import { jobProgressPercent } from '@music-review/core/jobs';
import { cn } from '../../../../lib/cn';

/**
 * A job's progress bar, named for what it does ("Checking the file", "Importing rows"), with the
 * job's own words under it ("Imported 12,000 of 50,000 rows"). Without a total yet (the file is
 * being read) the bar pulses and has no value.
 */
export function JobProgress({ label, job }: { label: string; job: JobDto | undefined }) {
  const percent = job ? jobProgressPercent(job.progress_done, job.progress_total) : null;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
        <span className="truncate">{job?.progress_message ?? 'Waiting to start'}</span>
        {percent !== null ? <span className="shrink-0 tabular-nums">{percent}%</span> : null}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={job?.progress_message ?? undefined}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        {/* Keyed on whether the total is known: the first value is drawn where it is, not shrunk to
            from the full width the pulse had. */}
        <div
          key={percent === null ? 'waiting' : 'known'}
          className={cn(
            'h-full rounded-full bg-primary transition-[width] duration-200',
            percent === null && 'animate-pulse',
          )}
          style={{ width: `${Math.max(percent ?? 100, 2)}%` }}
        />
      </div>
    </div>
  );
}
