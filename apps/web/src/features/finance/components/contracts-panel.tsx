import { STATEMENT_TEXTS } from '@music-review/core/royalties';
import { FileSignature } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyState, ListSkeleton, LoadError } from '../../../components/list-states';
import { Button } from '../../../components/ui/button';
import type { DealDto, WithoutTermsDto } from '../accounting-types';
import { useCreateDeal } from '../api/create-deal';
import type { useDeals } from '../api/list-deals';
import { DealList } from './deal-list';
import { DealSheet } from './deal-sheet';
import { countLabel } from './format';

/** "Set up terms" for one contract, its refusal (no payee, terms exist already) beside the button. */
function SetUpTerms({
  contract,
  onCreated,
}: {
  contract: WithoutTermsDto;
  onCreated: (deal: DealDto) => void;
}) {
  const create = useCreateDeal();
  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <Button
        size="sm"
        variant="outline"
        isLoading={create.isPending}
        aria-describedby={create.isError ? `setup-${contract.contract_id}` : undefined}
        onClick={() => create.mutate(contract.contract_id, { onSuccess: onCreated })}
      >
        {STATEMENT_TEXTS.setUpTerms}
      </Button>
      {create.isError ? (
        <p
          id={`setup-${contract.contract_id}`}
          role="alert"
          className="max-w-sm text-sm text-destructive sm:text-right"
        >
          {create.error.message || 'The terms could not be set up. Please try again.'}
        </p>
      ) : null}
    </div>
  );
}

function WithoutTerms({
  rows,
  onCreated,
}: {
  rows: readonly WithoutTermsDto[];
  onCreated: (deal: DealDto) => void;
}) {
  return (
    <section aria-labelledby="without-terms" className="flex flex-col gap-2">
      <h2 id="without-terms" className="text-base font-semibold text-foreground">
        Signed contracts without terms
      </h2>
      <p className="text-sm text-muted-foreground">
        Set up their terms from the contract: its royalty rate, its advance, and the payees of the song’s
        master split. Their sales count in a period once they have terms.
      </p>
      <ul className="flex flex-col divide-y divide-border rounded-xl border border-border bg-card shadow-card">
        {rows.map((contract) => (
          <li
            key={contract.contract_id}
            className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between"
          >
            <span className="flex min-w-0 flex-col">
              <span className="font-medium text-foreground [overflow-wrap:anywhere]">{contract.title}</span>
              <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                {contract.artist_name} · {contract.song_title}
              </span>
            </span>
            <SetUpTerms contract={contract} onCreated={onCreated} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The Contracts tab: the signed contracts with royalty terms (rates, payees, balances, recoupment),
 * each opening its terms and ledger in a drawer (?deal= in the URL), and the signed contracts still
 * without terms, set up with one button.
 */
export function ContractsPanel({
  deals,
  openDealId,
  onOpenDeal,
}: {
  deals: ReturnType<typeof useDeals>;
  openDealId: string;
  onOpenDeal: (id: string) => void;
}) {
  const [announcement, setAnnouncement] = useState('');
  const rows = deals.data?.rows ?? [];
  const withoutTerms = deals.data?.without_terms ?? [];
  const openDeal = openDealId ? rows.find((row) => row.id === openDealId) : undefined;
  const onCreated = (deal: DealDto) => {
    setAnnouncement(`The terms of ${deal.contract_title} are set up. Check them below.`);
    onOpenDeal(deal.id);
  };

  let content: ReactNode;
  if (deals.isPending) {
    content = <ListSkeleton label="Loading contracts" />;
  } else if (deals.isError) {
    content = (
      <LoadError
        message={deals.error.message || 'The contracts could not be loaded.'}
        onRetry={() => void deals.refetch()}
      />
    );
  } else if (rows.length === 0 && withoutTerms.length === 0) {
    content = (
      <EmptyState icon={FileSignature} title="No signed contracts yet">
        Royalties are accounted per signed contract. Once a contract is signed, set up its terms here: rate,
        payees and advance.
      </EmptyState>
    );
  } else {
    content = (
      <div className="flex flex-col gap-6">
        {rows.length > 0 ? (
          <section aria-labelledby="with-terms" className="flex flex-col gap-2">
            <h2 id="with-terms" className="text-base font-semibold text-foreground">
              Contracts with terms
              <span className="ml-2 text-sm font-normal text-muted-foreground">
                {countLabel(rows.length, 'contract', 'contracts')}
              </span>
            </h2>
            <DealList rows={rows} onOpen={(deal) => onOpenDeal(deal.id)} />
          </section>
        ) : null}
        {withoutTerms.length > 0 ? <WithoutTerms rows={withoutTerms} onCreated={onCreated} /> : null}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-sm font-medium text-foreground empty:hidden">
        {announcement}
      </p>
      {content}
      {openDealId && deals.data ? (
        <DealSheet deal={openDeal} onClose={() => onOpenDeal('')} onReload={() => deals.refetch()} />
      ) : null}
    </div>
  );
}
