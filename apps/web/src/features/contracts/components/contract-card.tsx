import {
  CONTRACT_KIND_LABELS,
  CONTRACT_TEXTS,
  type ContractDto,
  isAwaitingSignatures,
} from '@music-review/core/contracts';
import { Download, Eye, FileText, Pencil, Send, Trash2, XCircle } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { AuditTrail } from './audit-trail';
import { ContractSignerList } from './contract-signer-list';
import { ContractStatusBadge } from './contract-status-badge';
import { when } from './format-when';
import { useContractCardActions } from './use-contract-card-actions';

/** One contract of the song: its status, signers, what can be done with it now, and its audit trail. */
export function ContractCard({
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
  const actions = useContractCardActions(contract);
  const awaiting = isAwaitingSignatures(contract.status);
  const { confirm } = actions;

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
          <ContractSignerList
            signers={contract.signers}
            awaiting={awaiting}
            fresh={actions.fresh}
            isReissuing={actions.isReissuing}
            onReissue={(signerId) => void actions.reissue(signerId)}
          />
        ) : null}

        {actions.actionError ? <Alert>{actions.actionError}</Alert> : null}

        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onPreview}>
            <Eye aria-hidden="true" />
            Preview
          </Button>
          {contract.has_document ? (
            <Button variant="outline" size="sm" onClick={() => actions.download('document')}>
              <Download aria-hidden="true" />
              Download PDF
            </Button>
          ) : null}
          {contract.has_signed_document ? (
            <Button variant="outline" size="sm" onClick={() => actions.download('signed')}>
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
              <Button variant="ghost" size="sm" onClick={() => actions.askConfirm('delete')}>
                <Trash2 aria-hidden="true" />
                Delete draft
              </Button>
            </>
          ) : null}
          {awaiting ? (
            <Button variant="ghost" size="sm" onClick={() => actions.askConfirm('void')}>
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
          onConfirm={actions.doConfirm}
          onClose={actions.closeConfirm}
          isPending={actions.confirmPending}
          error={actions.confirmError}
        />
      </Card>
    </article>
  );
}
