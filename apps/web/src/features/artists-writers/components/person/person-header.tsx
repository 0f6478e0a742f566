import { PARTY_ROLE_LABELS, PARTY_TYPE_LABELS } from '@music-review/core/catalogue';
import type { PartyDto } from '@music-review/core/contracts/parties';
import { GitMerge, Trash2 } from 'lucide-react';
import { PageHeader } from '../../../../components/page-header';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';

/** The person's name (h1), other credited names, type and roles, and the page's actions. */
export function PersonHeader({
  party,
  onMerge,
  onDelete,
}: {
  party: PartyDto;
  onMerge: () => void;
  onDelete: () => void;
}) {
  return (
    <PageHeader
      title={party.name}
      subtitle={
        <span className="flex flex-col gap-2">
          {party.aliases.length > 0 ? (
            <span className="[overflow-wrap:anywhere]">Also credited as {party.aliases.join(', ')}</span>
          ) : null}
          <span className="flex flex-wrap gap-1.5">
            <Badge>{PARTY_TYPE_LABELS[party.party_type]}</Badge>
            {party.roles.map((role) => (
              <Badge key={role} variant="primary">
                {PARTY_ROLE_LABELS[role]}
              </Badge>
            ))}
          </span>
        </span>
      }
      actions={
        <>
          <Button variant="outline" onClick={onMerge}>
            <GitMerge aria-hidden="true" />
            Merge duplicate…
          </Button>
          <Button variant="ghost" onClick={onDelete}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </>
      }
    />
  );
}
