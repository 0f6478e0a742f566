import { PAYMENT_METHOD_LABELS } from '@music-review/core/catalogue';
import type { PayeeDto } from '@music-review/core/contracts/parties';
import { Pencil } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/list-states';
import { Button } from '../../../components/ui/button';
import { SideSheet } from '../../../components/ui/side-sheet';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { usePayee } from '../api/get-payee';
import { formatShare } from '../lib/format';
import { catalogueLinks } from '../lib/links';
import { formatMinor } from '../lib/money';
import { Detail, DetailList } from './detail-list';
import { PayeeEditForm } from './payee-edit-form';
import { isPlanRequired, PlanRequired } from './plan-required';
import { PayeeRoyalties } from './royalties/payee-royalties';

function PayeeSummary({ payee, onEdit }: { payee: PayeeDto; onEdit: () => void }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex justify-end">
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit payee
        </Button>
      </div>
      <DetailList>
        <Detail label="Email">{payee.email}</Detail>
        <Detail label="Currency">{payee.currency}</Detail>
        <Detail label="Minimum payout">
          {payee.minimum_payout_minor === 0
            ? 'None'
            : formatMinor(payee.minimum_payout_minor, payee.currency)}
        </Detail>
        <Detail label="Tax ID">{payee.tax_id}</Detail>
        <Detail label="Payment method">
          {payee.payment_method ? PAYMENT_METHOD_LABELS[payee.payment_method] : null}
        </Detail>
        <Detail label="Payment details">
          {payee.payment_details_masked ? (
            <span className="font-mono">{payee.payment_details_masked}</span>
          ) : (
            'None on file'
          )}
        </Detail>
      </DetailList>

      <section aria-labelledby="payee-people" className="flex flex-col gap-2">
        <h3 id="payee-people" className="text-sm font-semibold text-foreground">
          People paid through this payee
        </h3>
        {payee.parties.length === 0 ? (
          <p className="text-sm text-muted-foreground">No one yet. Choose this payee on a person’s page.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {payee.parties.map((party) => (
              <li key={party.id}>
                <Link
                  to={paths.person.href(party.id)}
                  className="text-sm font-medium text-link hover:underline"
                >
                  {party.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="payee-shares" className="flex flex-col gap-2">
        <h3 id="payee-shares" className="text-sm font-semibold text-foreground">
          Master shares
        </h3>
        {payee.master_splits.length === 0 ? (
          <p className="text-sm text-muted-foreground">No master shares name this payee yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {payee.master_splits.map((split) => (
              <li key={split.recording_id} className="flex items-baseline justify-between gap-3 py-2">
                <span className="min-w-0">
                  <Link
                    to={catalogueLinks.recording(split.recording_id)}
                    className="text-sm font-medium text-link hover:underline [overflow-wrap:anywhere]"
                  >
                    {split.title}
                  </Link>
                  <span className="block text-xs text-muted-foreground">{split.display_artist}</span>
                </span>
                <span className="shrink-0 text-sm tabular-nums text-foreground">
                  {formatShare(split.share)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="payee-royalties" className="flex flex-col gap-3">
        <h3 id="payee-royalties" className="text-sm font-semibold text-foreground">
          Royalties
        </h3>
        <PayeeRoyalties payeeId={payee.id} headingLevel="h4" />
      </section>
    </div>
  );
}

/**
 * A payee's drawer on the Payees tab (?payee=): details, the people paying into it, master shares
 * and royalties.
 */
export function PayeeDrawer({ payeeId, onClose }: { payeeId: string; onClose: () => void }) {
  const payee = usePayee(payeeId);
  const [isEditing, setIsEditing] = useState(false);

  let content: ReactNode;
  if (payee.data) {
    content = isEditing ? (
      <PayeeEditForm
        payee={payee.data}
        reload={async () => (await payee.refetch()).data}
        onDone={() => setIsEditing(false)}
      />
    ) : (
      <PayeeSummary payee={payee.data} onEdit={() => setIsEditing(true)} />
    );
  } else if (payee.isError) {
    content = isPlanRequired(payee.error) ? (
      <PlanRequired />
    ) : isApiError(payee.error) && payee.error.status === 404 ? (
      <p className="text-sm text-muted-foreground">This payee no longer exists.</p>
    ) : (
      <LoadError
        message={payee.error.message || 'Failed to load the payee'}
        onRetry={() => void payee.refetch()}
      />
    );
  } else {
    content = <LoadingState label="Loading payee" className="py-10" />;
  }

  return (
    <SideSheet title={payee.data?.name ?? 'Payee'} onClose={onClose}>
      {content}
    </SideSheet>
  );
}
