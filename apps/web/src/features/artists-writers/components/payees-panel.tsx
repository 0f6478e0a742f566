import { Landmark, SearchX, Users } from 'lucide-react';
import { type ReactNode, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ListSkeleton, LoadError, ShowMore } from '../../../components/list-states';
import { SearchField } from '../../../components/search-field';
import { Button } from '../../../components/ui/button';
import { pagedRows } from '../../../lib/paged-rows';
import { usePayees } from '../api/list-payees';
import { countLabel } from '../lib/format';
import { PayeeDrawer } from './payee-drawer';
import { PayeeList } from './payee-list';
import { isPlanRequired, PlanRequired } from './plan-required';

/** The Payees tab: who is paid, searchable and paged; ?payee= opens one in its drawer. */
export function PayeesPanel({ onAddPayee }: { onAddPayee: () => void }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  const openPayee = searchParams.get('payee');
  const payees = usePayees(q);

  const setParam = useCallback(
    (name: 'q' | 'payee', value: string) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: name === 'q' },
      ),
    [setSearchParams],
  );
  const onSearch = useCallback((text: string) => setParam('q', text), [setParam]);

  const { rows, total } = pagedRows(payees.data);

  let content: ReactNode;
  if (payees.isPending) {
    content = <ListSkeleton label="Loading payees" />;
  } else if (payees.isError && rows.length === 0) {
    content = isPlanRequired(payees.error) ? (
      <PlanRequired />
    ) : (
      <LoadError
        message={payees.error.message || 'Failed to load payees'}
        onRetry={() => void payees.refetch()}
      />
    );
  } else if (rows.length === 0 && q) {
    content = (
      <EmptyState
        icon={SearchX}
        title={`No payees match “${q}”`}
        actions={
          <Button variant="outline" onClick={() => setParam('q', '')}>
            Clear search
          </Button>
        }
      >
        Try another spelling, or part of the name.
      </EmptyState>
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState
        icon={Users}
        title="No payees yet"
        actions={
          <Button onClick={onAddPayee}>
            <Landmark aria-hidden="true" />
            Add payee
          </Button>
        }
      >
        A payee is the legal or tax entity that is paid. Several people may pay into one payee.
      </EmptyState>
    );
  } else {
    content = (
      <div className="flex flex-col gap-3">
        <PayeeList payees={rows} />
        <ShowMore list={payees} shown={rows.length} total={total} errorMessage="Failed to load more" />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <SearchField
        role="search"
        label="Search payees"
        placeholder="Payee name"
        value={q}
        onSearch={onSearch}
        className="sm:max-w-sm"
      />
      {payees.data ? (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {countLabel(total, 'payee', 'payees')}
          {q ? ` matching “${q}”` : ''}
        </p>
      ) : null}
      {content}
      {openPayee ? (
        <PayeeDrawer key={openPayee} payeeId={openPayee} onClose={() => setParam('payee', '')} />
      ) : null}
    </div>
  );
}
