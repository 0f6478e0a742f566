import type { ContractDto } from '@music-review/core/contracts';
import { Link2 } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LinkRow } from './copy-button';
import { when } from './format-when';

/** Who signs and where each stands; a pending signer can get a new link while signatures are awaited. */
export function ContractSignerList({
  signers,
  awaiting,
  fresh,
  isReissuing,
  onReissue,
}: {
  signers: ContractDto['signers'];
  awaiting: boolean;
  /** Signer id → the new signing link just made for them. */
  fresh: Record<string, string>;
  isReissuing: (signerId: string) => boolean;
  onReissue: (signerId: string) => void;
}) {
  const signedCount = signers.filter((s) => s.status === 'signed').length;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">
        Signers: {signedCount} of {signers.length} signed
      </p>
      <ul className="flex flex-col gap-2">
        {signers.map((s) => (
          <li key={s.id} className="flex flex-col gap-2 rounded-lg bg-muted/50 px-3 py-2 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 wrap-anywhere">
                <span className="font-medium">{s.name}</span>{' '}
                <span className="text-muted-foreground">
                  ({s.role}) · {s.email}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <Badge
                  variant={
                    s.status === 'signed' ? 'success' : s.status === 'declined' ? 'warning' : 'neutral'
                  }
                >
                  {s.status === 'signed'
                    ? `Signed ${when(s.signed_at)}`
                    : s.status === 'declined'
                      ? 'Declined'
                      : 'Waiting'}
                </Badge>
                {awaiting && s.status === 'pending' && !fresh[s.id] ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`New signing link for ${s.name}`}
                    isLoading={isReissuing(s.id)}
                    onClick={() => onReissue(s.id)}
                  >
                    <Link2 aria-hidden="true" />
                    New link
                  </Button>
                ) : null}
              </span>
            </div>
            {fresh[s.id] ? (
              <LinkRow
                who="New signing link (the earlier one no longer works)"
                url={fresh[s.id]!}
                label={`Copy signing link for ${s.name}`}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
