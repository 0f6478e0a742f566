import { STATEMENT_TEXTS } from '@music-review/core/royalties';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SideSheet } from '../../../components/ui/side-sheet';
import type { DealDto } from '../accounting-types';
import { useLedger } from '../api/list-ledger';
import { AddEntryForm } from './add-entry-form';
import { DealTermsForm } from './deal-terms-form';
import { LedgerSection } from './ledger-section';

/** Said when a save met a newer version: the terms on screen are then the reloaded ones. */
export const TERMS_CHANGED =
  'This contract’s terms changed since you opened it. The latest terms are shown now: make your change again and save.';

function DealContent({ deal, onReload }: { deal: DealDto; onReload: () => Promise<unknown> }) {
  const ledger = useLedger(deal.id);
  const [isConflict, setIsConflict] = useState(false);
  const [isAdding, setIsAdding] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  return (
    <div className="flex flex-col gap-8">
      <p role="status" className="text-sm font-medium text-foreground empty:hidden">
        {announcement}
      </p>
      {deal.recordings.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          Recordings:{' '}
          {deal.recordings
            .map((recording) => (recording.isrc ? `${recording.title} (${recording.isrc})` : recording.title))
            .join(', ')}
        </p>
      ) : null}
      <section aria-labelledby="deal-terms" className="flex flex-col gap-3">
        <h3 id="deal-terms" className="text-base font-semibold text-foreground">
          Terms
        </h3>
        {isConflict ? <Alert>{TERMS_CHANGED}</Alert> : null}
        {/* A new version (saved here or reloaded after a conflict) starts the form again from it. */}
        <DealTermsForm
          key={`${deal.id}:${deal.row_version}`}
          deal={deal}
          onSaved={() => {
            setIsConflict(false);
            setAnnouncement('Terms saved.');
          }}
          onConflict={() => {
            setAnnouncement('');
            setIsConflict(true);
            void onReload();
          }}
        />
      </section>
      <section aria-labelledby="deal-ledger" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="deal-ledger" className="text-base font-semibold text-foreground">
            Ledger
          </h3>
          {isAdding ? null : (
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setAnnouncement('');
                setIsAdding(true);
              }}
            >
              <Plus aria-hidden="true" />
              {STATEMENT_TEXTS.addEntry}
            </Button>
          )}
        </div>
        {isAdding ? (
          <AddEntryForm
            deal={deal}
            onCancel={() => setIsAdding(false)}
            onAdded={() => {
              setIsAdding(false);
              setAnnouncement('Entry added. The balances below include it.');
            }}
          />
        ) : null}
        <LedgerSection ledger={ledger} title={deal.contract_title} />
      </section>
    </div>
  );
}

/**
 * A contract's drawer (?deal= on the Contracts tab): its terms, editable, and its ledger with each
 * payee's balance and recoupment, where entries are added.
 */
export function DealSheet({
  deal,
  onClose,
  onReload,
}: {
  /** Undefined when the contract in the URL has no terms (any more). */
  deal: DealDto | undefined;
  onClose: () => void;
  onReload: () => Promise<unknown>;
}) {
  if (!deal) {
    return (
      <SideSheet wide title="Contract terms" onClose={onClose}>
        <p className="text-sm text-muted-foreground">
          These terms no longer exist. Close this and choose a contract from the list.
        </p>
      </SideSheet>
    );
  }
  return (
    <SideSheet
      wide
      title={deal.contract_title}
      description={`${deal.artist_name} · ${deal.song_title}`}
      onClose={onClose}
    >
      <DealContent deal={deal} onReload={onReload} />
    </SideSheet>
  );
}
