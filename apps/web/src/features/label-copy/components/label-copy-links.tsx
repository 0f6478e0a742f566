import {
  type CreatedLabelCopyLinkDto,
  LABEL_COPY_LINK_LABELS,
  LABEL_COPY_LINK_PURPOSES,
  type LabelCopyLinkDto,
  type LabelCopyLinkPurpose,
} from '@music-review/core/label-copy';
import { Copy, Link2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { inputClasses } from '../../../components/ui/text-field';
import { useCreateLabelCopyLink } from '../api/create-label-copy-link';
import { useLabelCopyLinks } from '../api/list-label-copy-links';
import { useRevokeLabelCopyLink } from '../api/revoke-label-copy-link';
import { formatDate } from './label-copy-sheet';

const STATE: Record<LabelCopyLinkDto['state'], { text: string; variant: BadgeVariant }> = {
  active: { text: 'Active', variant: 'success' },
  used: { text: 'Used', variant: 'neutral' },
  revoked: { text: 'Revoked', variant: 'neutral' },
  expired: { text: 'Expired', variant: 'warning' },
};

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Link copied');
  } catch {
    toast.error('Could not copy the link. Select it and copy it by hand.');
  }
}

/** Create, copy and revoke the label copy's three kinds of links. A link is shown once, when made. */
export function LabelCopyLinks({
  labelCopyId,
  isFinal,
  hasGenerated,
}: {
  labelCopyId: string;
  isFinal: boolean;
  hasGenerated: boolean;
}) {
  const links = useLabelCopyLinks(labelCopyId);
  const create = useCreateLabelCopyLink(labelCopyId);
  const revoke = useRevokeLabelCopyLink(labelCopyId);
  const [created, setCreated] = useState<Partial<Record<LabelCopyLinkPurpose, CreatedLabelCopyLinkDto>>>({});
  const [revoking, setRevoking] = useState<LabelCopyLinkDto | null>(null);

  const make = (purpose: LabelCopyLinkPurpose) =>
    create.mutate(purpose, { onSuccess: (link) => setCreated((c) => ({ ...c, [purpose]: link })) });
  const blockedReason = (purpose: LabelCopyLinkPurpose) => {
    if (purpose === 'label_copy_form' && isFinal) return 'Reopen the label copy to send the artist a form.';
    if (purpose === 'label_copy_generator' && !hasGenerated) return 'Generate the label copy first.';
    return null;
  };

  return (
    <Card className="flex flex-col gap-4 p-5">
      <div>
        <h3 className="text-base font-semibold text-foreground">Links</h3>
        <p className="text-sm text-muted-foreground">No sign-in needed for whoever you send them to.</p>
      </div>
      {create.isError ? <Alert>{create.error.message}</Alert> : null}
      {LABEL_COPY_LINK_PURPOSES.map((purpose) => {
        const info = LABEL_COPY_LINK_LABELS[purpose];
        const fresh = created[purpose];
        const url = fresh ? `${window.location.origin}${fresh.path}` : null;
        const existing = (links.data ?? []).filter((l) => l.purpose === purpose);
        const blocked = blockedReason(purpose);
        return (
          <div
            key={purpose}
            className="flex flex-col gap-2 border-t border-border pt-4 first-of-type:border-t-0"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="text-sm font-medium text-foreground">{info.title}</p>
                <p className="text-xs text-muted-foreground">{info.description}</p>
              </div>
              <Button
                size="sm"
                variant="outline"
                onClick={() => make(purpose)}
                isLoading={create.isPending && create.variables === purpose}
                disabled={blocked !== null}
                // Starts with what it shows (WCAG 2.5.3), then says which link.
                aria-label={`Create link for the ${info.title.toLowerCase()}`}
              >
                <Link2 aria-hidden="true" />
                Create link
              </Button>
            </div>
            {blocked ? <p className="text-xs text-muted-foreground">{blocked}</p> : null}
            {url ? (
              <div className="flex gap-2">
                <input
                  readOnly
                  value={url}
                  aria-label={`${info.title} link`}
                  className={`${inputClasses} h-8 text-xs`}
                  onFocus={(e) => e.target.select()}
                />
                <Button
                  size="sm"
                  onClick={() => void copyText(url)}
                  aria-label={`Copy ${info.title.toLowerCase()} link`}
                >
                  <Copy aria-hidden="true" />
                  Copy
                </Button>
              </div>
            ) : null}
            {existing.length > 0 ? (
              <ul className="flex flex-col gap-1.5">
                {existing.map((link) => (
                  <li
                    key={link.id}
                    className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground"
                  >
                    <Badge variant={STATE[link.state].variant}>{STATE[link.state].text}</Badge>
                    <span>
                      Made {formatDate(link.created_at)}
                      {link.state === 'active' ? `, works until ${formatDate(link.expires_at)}` : ''}
                    </span>
                    {link.state === 'active' ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        className="ml-auto h-7"
                        onClick={() => setRevoking(link)}
                        aria-label={`Revoke ${info.title.toLowerCase()} link made ${formatDate(link.created_at)}`}
                      >
                        <Trash2 aria-hidden="true" />
                        Revoke
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      })}
      <Dialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke this link?"
        description="Whoever has it will see that the label withdrew it. You can make a new link at any time."
      >
        {revoke.isError ? <Alert>{revoke.error.message}</Alert> : null}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={() => setRevoking(null)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            isLoading={revoke.isPending}
            onClick={() =>
              revoking &&
              revoke.mutate(revoking.id, {
                onSuccess: () => {
                  setCreated((c) => {
                    const next = { ...c };
                    if (next[revoking.purpose]?.id === revoking.id) delete next[revoking.purpose];
                    return next;
                  });
                  setRevoking(null);
                },
              })
            }
          >
            Revoke link
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
