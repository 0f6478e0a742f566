import { CATALOGUE_TEXTS } from '@music-review/core/catalogue';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useParty } from '../api/get-party';
import { usePeopleRefresh } from '../api/people-refresh';
import { DeletePersonDialog } from '../components/person/delete-person-dialog';
import { MergePersonDialog } from '../components/person/merge-person-dialog';
import { PersonBalance } from '../components/person/person-balance';
import {
  PersonContracts,
  PersonRecordings,
  PersonReleases,
  PersonWorks,
} from '../components/person/person-credits';
import { PersonDetails } from '../components/person/person-details';
import { PersonEditForm } from '../components/person/person-edit-form';
import { PersonHeader } from '../components/person/person-header';
import { PersonHistory } from '../components/person/person-history';
import { isPlanRequired, PlanRequired } from '../components/plan-required';

function BackLink() {
  return (
    <Link
      to={paths.artistsWriters.href()}
      className="inline-flex items-center gap-1.5 self-start text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {CATALOGUE_TEXTS.peopleHeading}
    </Link>
  );
}

function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading person" className="flex flex-col gap-6">
      <Skeleton className="h-8 w-64" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <Card className="flex flex-col gap-3 p-5">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-24 w-full" />
        </Card>
        <Card className="flex flex-col gap-3 p-5">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-24 w-full" />
        </Card>
      </div>
    </div>
  );
}

type OpenDialog = 'merge' | 'delete' | null;

/**
 * /artists-writers/:partyId: a person's page. Credited names, identifiers, contact and payee
 * (edited in place), their recordings, releases, works and contracts, their payee's royalties and
 * the history of changes; merging a duplicate and deleting.
 */
export function PersonPage() {
  const { partyId = '' } = useParams();
  // Another person's page starts fresh (no edit or dialog left open from the one before).
  return <PersonView key={partyId} partyId={partyId} />;
}

function PersonView({ partyId }: { partyId: string }) {
  usePeopleRefresh();
  const party = useParty(partyId);
  const [isEditing, setIsEditing] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  let content: ReactNode;
  if (party.data) {
    const person = party.data;
    content = (
      <>
        <PersonHeader
          party={person}
          onMerge={() => setDialog('merge')}
          onDelete={() => setDialog('delete')}
        />
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <div className="flex flex-col gap-6">
            {isEditing ? (
              <PersonEditForm
                key={person.id}
                party={person}
                reload={async () => (await party.refetch()).data}
                onDone={() => setIsEditing(false)}
              />
            ) : (
              <PersonDetails party={person} onEdit={() => setIsEditing(true)} />
            )}
            <PersonBalance party={person} />
          </div>
          <div className="flex flex-col gap-6">
            <PersonRecordings party={person} />
            <PersonReleases party={person} />
            <PersonWorks party={person} />
            <PersonContracts party={person} />
            <PersonHistory party={person} />
          </div>
        </div>
        {dialog === 'merge' ? <MergePersonDialog party={person} onClose={() => setDialog(null)} /> : null}
        {dialog === 'delete' ? <DeletePersonDialog party={person} onClose={() => setDialog(null)} /> : null}
      </>
    );
  } else if (party.isError) {
    const error = party.error;
    content = isPlanRequired(error) ? (
      <>
        <PageHeader title={CATALOGUE_TEXTS.peopleHeading} />
        <PlanRequired />
      </>
    ) : isApiError(error) && error.status === 404 ? (
      <>
        <PageHeader title="Person not found" />
        <p className="text-sm text-muted-foreground">
          This person is not in your label’s catalogue: they may have been merged into another person or
          deleted.
        </p>
      </>
    ) : (
      <>
        <PageHeader title={CATALOGUE_TEXTS.peopleHeading} />
        <LoadError
          message={error.message || 'Failed to load this person'}
          onRetry={() => void party.refetch()}
        />
      </>
    );
  } else {
    content = <PageSkeleton />;
  }

  return (
    <div className="flex flex-col gap-6">
      <BackLink />
      {content}
    </div>
  );
}
