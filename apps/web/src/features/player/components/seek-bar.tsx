import { formatTime } from '../../../lib/audio/format-time';
import { cn } from '../../../lib/cn';

/**
 * The global player's seek bar between its clock and its length. The bar never shrinks below
 * 160 px (issue 12): the layouts around it make room rather than squeeze it.
 */
export function SeekBar({
  currentTime,
  duration,
  onSeek,
  className,
}: {
  currentTime: number;
  duration: number;
  onSeek: (seconds: number) => void;
  className?: string;
}) {
  const max = Math.max(0, Math.floor(duration));
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)}>
      <span className="w-10 shrink-0 text-right text-xs tabular-nums text-muted-foreground">
        {formatTime(currentTime)}
      </span>
      <input
        type="range"
        aria-label="Seek"
        aria-valuetext={`${formatTime(currentTime)} of ${formatTime(duration)}`}
        min={0}
        max={max}
        step={1}
        value={Math.min(currentTime, max)}
        disabled={!(duration > 0)}
        onChange={(event) => onSeek(Number(event.target.value))}
        className="h-1.5 min-w-40 flex-1 cursor-pointer accent-primary"
      />
      <span className="w-10 shrink-0 text-xs tabular-nums text-muted-foreground">{formatTime(duration)}</span>
    </div>
  );
}
