import { ATTENTION_KIND_LABELS, ATTENTION_KINDS, CATALOGUE_TEXTS } from '@music-review/core/catalogue';
import type { AttentionItemDto } from '@music-review/core/contracts/catalogue';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { useNeedsAttention } from '../../api/get-needs-attention';
import { Panel } from '../shared/panel';
import { RecordState } from '../shared/record-state';

type AttentionLink = AttentionItemDto['links'][number];

/** Where a line is fixed: the record's drawer, or the person's page. */
function hrefOf(link: AttentionLink): string {
  switch (link.kind) {
    case 'recording':
      return paths.catalogue.href({ recording: link.id });
    case 'release':
      return paths.catalogue.href({ tab: 'releases', release: link.id });
    case 'work':
      return paths.catalogue.href({ tab: 'works', work: link.id });
    case 'party':
      return paths.person.href(link.id);
  }
}

/**
 * "Needs attention": the catalogue's conflicts and gaps grouped by kind (one ISRC on two recordings,
 * possible duplicates, tracks missing codes, writers without IPI or PRO, shares not totalling 100,
 * recordings without master splits), each line linking to where it is fixed.
 */
export function NeedsAttentionPanel({ onClose }: { onClose: () => void }) {
  const attention = useNeedsAttention();
  const data = attention.data;
  const total = data ? Object.values(data.counts).reduce((sum, n) => sum + n, 0) : 0;
  return (
    <Panel
      open
      onClose={onClose}
      title={CATALOGUE_TEXTS.needsAttention}
      description="Conflicts and gaps to fix before delivery and accounting. Each line opens where it is fixed."
    >
      {!data ? (
        <RecordState error={attention.error} onRetry={() => void attention.refetch()} noun="list" />
      ) : total === 0 ? (
        <p className="flex items-center gap-2 text-sm text-success">
          <CircleCheck aria-hidden="true" className="size-4" />
          Nothing needs attention: every code, split and share is in place.
        </p>
      ) : (
        <div className="flex flex-col gap-6">
          {ATTENTION_KINDS.filter((kind) => (data.counts[kind] ?? 0) > 0).map((kind) => {
            const items = data.items.filter((item) => item.kind === kind);
            const count = data.counts[kind] ?? 0;
            return (
              <section key={kind} aria-label={ATTENTION_KIND_LABELS[kind]} className="flex flex-col gap-2">
                <h3 className="text-base font-semibold text-foreground">
                  {ATTENTION_KIND_LABELS[kind]}{' '}
                  <span className="font-normal text-muted-foreground">({count})</span>
                </h3>
                <ul className="flex flex-col gap-2">
                  {items.map((item) => (
                    <li
                      key={`${item.title}-${item.links.map((link) => link.id).join('-')}`}
                      className="rounded-lg border border-border p-3 text-sm"
                    >
                      <p className="text-foreground">{item.title}</p>
                      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                        {item.links.map((link) => (
                          <li key={`${link.kind}-${link.id}`}>
                            <Link
                              to={hrefOf(link)}
                              className="text-link underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                            >
                              {link.label}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
                {items.length < count ? (
                  <p className="text-xs text-muted-foreground">
                    Showing {items.length} of {count}: fix these and the rest follow.
                  </p>
                ) : null}
              </section>
            );
          })}
        </div>
      )}
    </Panel>
  );
}
