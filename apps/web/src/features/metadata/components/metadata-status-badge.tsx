import { METADATA_STATUS_LABELS, type MetadataFormStatus } from '@music-review/core/metadata-forms';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';

const STATUS_VARIANT: Record<MetadataFormStatus, BadgeVariant> = {
  draft: 'neutral',
  submitted: 'warning',
  confirmed: 'success',
};

export function MetadataStatusBadge({ status }: { status: MetadataFormStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{METADATA_STATUS_LABELS[status]}</Badge>;
}
