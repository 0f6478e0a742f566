import type { IssuedLinkDto, MarketingLinkDto } from '@music-review/core/marketing';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { inputClasses } from '../../../components/ui/text-field';
import { useRevokeLink } from '../api/revoke-link';
import { formatInstant } from './format-dates';

/** A link just created: its address is shown once (only a hash is kept), with a copy button. */
export function IssuedLink({ issued, label }: { issued: IssuedLinkDto; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex gap-2">
        <input
          readOnly
          aria-label={label}
          value={issued.url}
          className={inputClasses}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Copy it now: for safety the full link is shown only once. It expires{' '}
        {formatInstant(issued.link.expires_at)}.
      </p>
    </div>
  );
}

/** The live link (if any) with a revoke button behind a confirmation. */
export function ActiveLink({ link, what }: { link: MarketingLinkDto | undefined; what: string }) {
  const revoke = useRevokeLink();
  const [confirming, setConfirming] = useState(false);
  if (link?.state !== 'active') return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border px-3 py-2 text-sm">
      <span className="text-muted-foreground">
        Link active since {formatInstant(link.created_at)}, expires {formatInstant(link.expires_at)}
      </span>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
        Revoke link
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Revoke this link?"
        description={`Whoever has the ${what} link can no longer open it. You can create a new link afterwards.`}
        confirmLabel="Revoke link"
        isPending={revoke.isPending}
        error={revoke.error}
        onClose={() => setConfirming(false)}
        onConfirm={() => revoke.mutate(link.id, { onSuccess: () => setConfirming(false) })}
      />
    </div>
  );
}
