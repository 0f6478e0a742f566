import {
  CONTRACT_EVENT_LABELS,
  CONTRACT_KIND_LABELS,
  CONTRACT_STATUS_LABELS,
  CONTRACT_TEXTS,
  type ContractDto,
  type ContractEventAction,
  type ContractStatus,
  isAwaitingSignatures,
} from '@music-review/core/contracts';
import { getSong } from '@music-review/core/contracts/songs';
import { SUBSCRIPTION_LOAD_ERROR } from '@music-review/core/plan-rules';
import { useQuery } from '@tanstack/react-query';
import {
  Download,
  Eye,
  FilePlus2,
  Files,
  FileText,
  Link2,
  Pencil,
  Send,
  Trash2,
  XCircle,
} from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { useApiClient } from '../../../lib/api-context';
import { useMe } from '../../../lib/me';
import {
  useContractAction,
  useContractDetail,
  useGeneratorAccess,
  useSongContracts,
} from '../api/contracts-api';
import { ContractTemplatesDialog } from './contract-templates-dialog';
import { LinkRow } from './copy-button';
import { GenerateContractDialog } from './generate-contract-dialog';
import { SendContractDialog } from './send-contract-dialog';

const STATUS_VARIANT: Record<ContractStatus, BadgeVariant> = {
  draft: 'neutral',
  sent: 'primary',
  partially_signed: 'warning',
  signed: 'success',
  declined: 'warning',
  voided: 'neutral',
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '');

export function ContractStatusBadge({ status, className }: { status: ContractStatus; className?: string }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} className={className}>
      {CONTRACT_STATUS_LABELS[status]}
    </Badge>
  );
}

function AuditTrail({ contractId }: { contractId: string }) {
  const [open, setOpen] = useState(false);
  const detail = useContractDetail(contractId, open);
  return (
    <details className="rounded-lg border border-border" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium">Audit trail</summary>
      <div className="border-t border-border px-3 py-2">
        {detail.isPending ? (
          <Skeleton className="h-16" />
        ) : detail.isError ? (
          <Alert>{detail.error.message}</Alert>
        ) : (
          <ol className="flex flex-col gap-2 text-xs">
            {detail.data.events.map((e) => (
              <li key={e.id} className="flex flex-col gap-0.5">
                <span className="font-medium text-foreground">
                  {CONTRACT_EVENT_LABELS[e.action as ContractEventAction] ?? e.action} · {e.actor_name}
                  {e.actor_email ? ` <${e.actor_email}>` : ''}
                </span>
                <span className="text-muted-foreground">
                  {when(e.created_at)}
                  {e.ip ? ` · IP ${e.ip}` : ''}
                </span>
                {e.hash_after ? (
                  <span className="break-all font-mono text-[0.6875rem] text-muted-foreground">
                    SHA-256 {e.hash_before ? `${e.hash_before.slice(0, 12)}… → ` : ''}
                    {e.hash_after.slice(0, 12)}…
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}

function ContractCard({
  contract,
  onEdit,
  onSend,
  onPreview,
}: {
  contract: ContractDto;
  onEdit: () => void;
  onSend: () => void;
  onPreview: () => void;
}) {
  const actions = useContractAction();
  const [confirm, setConfirm] = useState<'void' | 'delete' | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [fresh, setFresh] = useState<Record<string, string>>({});
  const [actionError, setActionError] = useState<string | null>(null);
  const signedCount = contract.signers.filter((s) => s.status === 'signed').length;
  const awaiting = isAwaitingSignatures(contract.status);

  const download = async (which: 'document' | 'signed') => {
    setActionError(null);
    try {
      const { url } = await actions.download.mutateAsync({ id: contract.id, which });
      window.open(url, '_blank', 'noopener');
    } catch (e) {
      setActionError(e instanceof Error ? e.message : 'The PDF could not be opened.');
    }
  };
  const doConfirm = async () => {
    setConfirmError(null);
    try {
      if (confirm === 'void') await actions.void.mutateAsync(contract.id);
      else await actions.remove.mutateAsync(contract.id);
      setConfirm(null);
    } catch (e) {
      setConfirmError(e instanceof Error ? e.message : 'That did not work. Please try again.');
    }
  };

  return (
    <article aria-label={contract.title}>
      <Card className="flex flex-col gap-4 p-4 sm:p-5">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h3 className="text-base font-semibold text-foreground">{contract.title}</h3>
            <p className="text-sm text-muted-foreground">
              {CONTRACT_KIND_LABELS[contract.kind]} · {contract.artist_name} · created{' '}
              {when(contract.created_at)}
              {contract.created_by_name ? ` by ${contract.created_by_name}` : ''}
            </p>
          </div>
          <ContractStatusBadge status={contract.status} className="shrink-0 self-start" />
        </div>

        {contract.status === 'declined' && contract.decline_reason ? (
          <Alert>Declined: “{contract.decline_reason}”</Alert>
        ) : null}

        {contract.signers.length > 0 ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium">
              Signers: {signedCount} of {contract.signers.length} signed
            </p>
            <ul className="flex flex-col gap-2">
              {contract.signers.map((s) => (
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
                          isLoading={
                            actions.reissue.isPending && actions.reissue.variables?.signerId === s.id
                          }
                          onClick={async () => {
                            setActionError(null);
                            try {
                              const link = await actions.reissue.mutateAsync({
                                id: contract.id,
                                signerId: s.id,
                              });
                              setFresh((f) => ({ ...f, [s.id]: link.sign_url }));
                            } catch (e) {
                              setActionError(e instanceof Error ? e.message : 'No new link could be made.');
                            }
                          }}
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
        ) : null}

        {actionError ? <Alert>{actionError}</Alert> : null}

        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onPreview}>
            <Eye aria-hidden="true" />
            Preview
          </Button>
          {contract.has_document ? (
            <Button variant="outline" size="sm" onClick={() => download('document')}>
              <Download aria-hidden="true" />
              Download PDF
            </Button>
          ) : null}
          {contract.has_signed_document ? (
            <Button variant="outline" size="sm" onClick={() => download('signed')}>
              <FileText aria-hidden="true" />
              Download signed PDF
            </Button>
          ) : null}
          {contract.status === 'draft' ? (
            <>
              <Button variant="outline" size="sm" onClick={onEdit}>
                <Pencil aria-hidden="true" />
                Edit draft
              </Button>
              <Button size="sm" onClick={onSend}>
                <Send aria-hidden="true" />
                {CONTRACT_TEXTS.send}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirm('delete')}>
                <Trash2 aria-hidden="true" />
                Delete draft
              </Button>
            </>
          ) : null}
          {awaiting ? (
            <Button variant="ghost" size="sm" onClick={() => setConfirm('void')}>
              <XCircle aria-hidden="true" />
              {CONTRACT_TEXTS.void}
            </Button>
          ) : null}
        </div>

        {contract.status !== 'draft' ? <AuditTrail contractId={contract.id} /> : null}

        <ConfirmDialog
          open={confirm !== null}
          title={confirm === 'void' ? 'Void contract?' : 'Delete draft?'}
          description={
            confirm === 'void'
              ? CONTRACT_TEXTS.voidConfirm
              : `"${contract.title}" and its PDF will be deleted.`
          }
          confirmLabel={confirm === 'void' ? CONTRACT_TEXTS.void : 'Delete draft'}
          onConfirm={doConfirm}
          onClose={() => {
            setConfirm(null);
            setConfirmError(null);
          }}
          isPending={actions.void.isPending || actions.remove.isPending}
          error={confirmError}
        />
      </Card>
    </article>
  );
}

/** The signed song's contracts tab (issue 6). */
export function ContractsTab({ songId }: { songId: string }) {
  const api = useApiClient();
  const me = useMe();
  const contracts = useSongContracts(songId);
  const access = useGeneratorAccess();
  const song = useQuery({
    queryKey: ['contracts', 'song-info', songId],
    queryFn: () => api.call(getSong, { params: { id: songId } }),
  });
  const [dialog, setDialog] = useState<
    | { kind: 'generate' }
    | { kind: 'edit'; contract: ContractDto }
    | { kind: 'send'; contract: ContractDto }
    | { kind: 'preview'; contract: ContractDto }
    | { kind: 'templates' }
    | null
  >(null);
  const songInfo = { title: song.data?.title ?? '', artist: song.data?.artist ?? '' };
  const labelName = me.data?.organization?.name ?? '';
  const allowed = access.data?.allowed ?? false;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          {/* The page heads the tab ("Contracts", h2); this line says what the plan allows. */}
          {access.isPending ? (
            <Skeleton className="mt-1 h-4 w-64" />
          ) : access.data ? (
            <p className={allowed ? 'text-sm text-muted-foreground' : 'text-sm text-destructive'}>
              {access.data.message}
            </p>
          ) : access.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {SUBSCRIPTION_LOAD_ERROR}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setDialog({ kind: 'templates' })}>
            <Files aria-hidden="true" />
            {CONTRACT_TEXTS.templates}
          </Button>
          <Button onClick={() => setDialog({ kind: 'generate' })} disabled={!allowed || !song.data}>
            <FilePlus2 aria-hidden="true" />
            {CONTRACT_TEXTS.generate}
          </Button>
        </div>
      </div>

      {contracts.isPending ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : contracts.isError ? (
        <Alert>
          {contracts.error.message}{' '}
          <Button variant="link" onClick={() => void contracts.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : contracts.data.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-8 text-center">
          <FileText aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">{CONTRACT_TEXTS.empty}</p>
          <p className="max-w-md text-sm text-muted-foreground">
            Generate a recording agreement, license or split sheet from your templates, then send it to the
            artist and writers to sign by link.
          </p>
        </Card>
      ) : (
        <ul className="flex flex-col gap-3">
          {contracts.data.map((c) => (
            <li key={c.id}>
              <ContractCard
                contract={c}
                onEdit={() => setDialog({ kind: 'edit', contract: c })}
                onSend={() => setDialog({ kind: 'send', contract: c })}
                onPreview={() => setDialog({ kind: 'preview', contract: c })}
              />
            </li>
          ))}
        </ul>
      )}

      {dialog?.kind === 'generate' || dialog?.kind === 'edit' ? (
        <GenerateContractDialog
          open
          onClose={() => setDialog(null)}
          songId={songId}
          song={songInfo}
          labelName={labelName}
          labelEmail={me.data?.user.email ?? ''}
          contract={dialog.kind === 'edit' ? dialog.contract : null}
          onSaved={() => undefined}
        />
      ) : null}
      {dialog?.kind === 'send' ? (
        <SendContractDialog open onClose={() => setDialog(null)} contract={dialog.contract} />
      ) : null}
      {dialog?.kind === 'templates' ? <ContractTemplatesDialog open onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'preview' ? (
        <Dialog
          open
          onClose={() => setDialog(null)}
          title={dialog.contract.title}
          description="The contract’s text as rendered from the template."
        >
          <div className="max-h-[60vh] overflow-y-auto whitespace-pre-wrap rounded-lg border border-border bg-muted/40 p-3 text-sm leading-6">
            {dialog.contract.body_text}
          </div>
          <div className="mt-4 flex justify-end">
            <Button variant="ghost" onClick={() => setDialog(null)}>
              Close
            </Button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
