import { CONTRACT_STATUS_LABELS, type ContractStatus } from '@music-review/core/contracts';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';

const STATUS_VARIANT: Record<ContractStatus, BadgeVariant> = {
  draft: 'neutral',
  sent: 'primary',
  partially_signed: 'warning',
  signed: 'success',
  declined: 'warning',
  voided: 'neutral',
};

export function ContractStatusBadge({ status, className }: { status: ContractStatus; className?: string }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} className={className}>
      {CONTRACT_STATUS_LABELS[status]}
    </Badge>
  );
}
