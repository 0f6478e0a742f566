import { CATALOGUE_TEXTS, PEOPLE_TABS, type PeopleTab } from '@music-review/core/catalogue';
import { Landmark, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { useMe } from '../../../lib/me';
import { usePeopleRefresh } from '../api/people-refresh';
import { AddPayeeDialog } from '../components/add-payee-dialog';
import { AddPersonDialog } from '../components/add-person-dialog';
import { PartiesPanel } from '../components/parties-panel';
import { PayeesPanel } from '../components/payees-panel';
import { PeopleTabs, panelId, tabId } from '../components/people-tabs';
import { PlanRequired } from '../components/plan-required';
import { partyFiltersFrom } from '../lib/people-filters';

const isPeopleTab = (value: string | null): value is PeopleTab =>
  (PEOPLE_TABS as readonly string[]).includes(value ?? '');

/**
 * /artists-writers: the label's people (artists, writers and the producers and publishers beside
 * them) and the payees they are paid through. The tab, search and filters live in the URL
 * (?tab=writers&q=…), every list is paged by the server, and changes by anyone show at once.
 */
export function ArtistsWritersPage() {
  usePeopleRefresh();
  const me = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: PeopleTab = isPeopleTab(requested) ? requested : 'artists';
  const [dialog, setDialog] = useState<'person' | 'payee' | null>(null);
  const baseId = useId();
  // The server decides the gate; /me already says when the plan lacks it, so nothing is asked then.
  const isOffPlan = me.data?.organization?.has_catalogue === false;

  // A tab starts with its own search and filters; the history keeps the tab before.
  const selectTab = (next: PeopleTab) => {
    if (next !== tab) setSearchParams(next === 'artists' ? {} : { tab: next });
  };
  const openPayee = (payeeId: string) => {
    setDialog(null);
    setSearchParams({ tab: 'payees', payee: payeeId });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={CATALOGUE_TEXTS.peopleHeading}
        subtitle="The people behind your catalogue, and who gets paid"
        actions={
          isOffPlan ? null : (
            <>
              {tab === 'payees' ? (
                <Button variant="outline" onClick={() => setDialog('payee')}>
                  <Landmark aria-hidden="true" />
                  Add payee
                </Button>
              ) : null}
              <Button onClick={() => setDialog('person')}>
                <UserPlus aria-hidden="true" />
                {CATALOGUE_TEXTS.addPerson}
              </Button>
            </>
          )
        }
      />
      {isOffPlan ? (
        <PlanRequired />
      ) : (
        <>
          <PeopleTabs baseId={baseId} tab={tab} onSelect={selectTab} />
          <div id={panelId(baseId)} role="tabpanel" aria-labelledby={tabId(baseId, tab)}>
            {tab === 'payees' ? (
              <PayeesPanel onAddPayee={() => setDialog('payee')} />
            ) : (
              <PartiesPanel key={tab} tab={tab} onAddPerson={() => setDialog('person')} />
            )}
          </div>
        </>
      )}
      {dialog === 'person' ? (
        <AddPersonDialog
          roles={tab === 'payees' ? [] : [partyFiltersFrom(tab, searchParams).role]}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'payee' ? <AddPayeeDialog onClose={() => setDialog(null)} onAdded={openPayee} /> : null}
    </div>
  );
}
