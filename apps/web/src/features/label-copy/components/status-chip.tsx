import { LABEL_COPY_STATUS_LABELS, type LabelCopyStatus } from '@music-review/core/label-copy';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';

const STATUS_VARIANT: Record<LabelCopyStatus, BadgeVariant> = {
  draft: 'neutral',
  submitted: 'primary',
  final: 'success',
};

/** The label copy's status as a badge: Draft, Submitted or Final. */
export function StatusChip({ status }: { status: LabelCopyStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{LABEL_COPY_STATUS_LABELS[status]}</Badge>;
}
