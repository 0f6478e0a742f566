import { CATALOGUE_TEXTS } from '@music-review/core/catalogue';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { useNeedsAttention } from '../../api/get-needs-attention';

/** "Needs attention" with how many conflicts and gaps there are; hidden when the plan has no catalogue. */
export function NeedsAttentionButton({ onOpen }: { onOpen: () => void }) {
  const attention = useNeedsAttention();
  if (attention.isError) return null;
  const count = attention.data ? Object.values(attention.data.counts).reduce((sum, n) => sum + n, 0) : null;
  return (
    <Button variant={count ? 'outline' : 'ghost'} onClick={onOpen}>
      <TriangleAlert aria-hidden="true" className={count ? 'text-warning' : undefined} />
      {CATALOGUE_TEXTS.needsAttention}
      {count !== null ? ' ' : null}
      {count !== null ? (
        <span className="min-w-5 rounded-full bg-muted px-1.5 text-xs leading-5 tabular-nums text-foreground">
          {count}
        </span>
      ) : null}
    </Button>
  );
}
