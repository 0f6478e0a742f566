import type { ChipTone, WorkflowChip } from '@music-review/core/signed-songs';
import { Check, CircleAlert, CircleDashed, Clock } from 'lucide-react';
import { cn } from '../../../lib/cn';

const TONE: Record<ChipTone, { className: string; icon: typeof Check }> = {
  none: { className: 'bg-muted text-muted-foreground', icon: CircleDashed },
  progress: { className: 'bg-accent text-accent-foreground', icon: Clock },
  done: { className: 'bg-success-soft text-success', icon: Check },
  problem: { className: 'bg-destructive/10 text-destructive', icon: CircleAlert },
};

/**
 * A signed song's status chips (contract, metadata, label copy, assets, marketing): name and state
 * in words, with an icon and colour for the tone (never colour alone).
 */
export function WorkflowChips({ chips, className }: { chips: readonly WorkflowChip[]; className?: string }) {
  return (
    <ul aria-label="Status" className={cn('flex flex-wrap gap-1.5', className)}>
      {chips.map((chip) => {
        const tone = TONE[chip.tone];
        const Icon = tone.icon;
        return (
          <li
            key={chip.key}
            className={cn(
              'inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs leading-5 font-medium',
              tone.className,
            )}
          >
            <Icon aria-hidden="true" className="size-3 shrink-0" />
            <span className="truncate">
              {chip.name}: {chip.value}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
