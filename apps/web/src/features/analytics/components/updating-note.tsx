import { RefreshCw } from 'lucide-react';

/** What the page says while an answer is the label's from before its latest change (decision 0034). */
export const UPDATING_TEXT = 'Updating: these figures are from before the latest change.';

/**
 * Said while any of a panel's answers is from before the label's latest change (the server answers
 * it at once while it computes the new one; the page asks again until it has it). The live region
 * is always there, so screen readers hear the text when it appears.
 */
export function UpdatingNote({ updating }: { updating: boolean }) {
  return (
    <div role="status" className="empty:hidden">
      {updating ? (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <RefreshCw aria-hidden className="size-3.5 shrink-0 animate-spin motion-reduce:animate-none" />
          {UPDATING_TEXT}
        </p>
      ) : null}
    </div>
  );
}
