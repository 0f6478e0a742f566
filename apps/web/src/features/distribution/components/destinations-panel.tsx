import { DISTRIBUTION_MESSAGES, DISTRIBUTION_TEXTS } from '@music-review/core/distribution';
import { Plus, Send } from 'lucide-react';
import { EmptyState, ListSkeleton, LoadError } from '../../../components/list-states';
import { Button } from '../../../components/ui/button';
import type { useDestinations } from '../api/list-destinations';
import { DestinationCard } from './destination-card';
import { DestinationForm } from './destination-form';

/** Which form is open: a new destination's, an existing one's (its id), or none. */
export type DestinationEditing = 'new' | string | null;

/**
 * The Destinations tab: where the label's releases are delivered. Every member sees them; admins
 * add, edit, delete and test them.
 */
export function DestinationsPanel({
  destinations,
  isAdmin,
  editing,
  onEditingChange,
}: {
  destinations: ReturnType<typeof useDestinations>;
  isAdmin: boolean;
  editing: DestinationEditing;
  onEditingChange: (editing: DestinationEditing) => void;
}) {
  const list = destinations.data?.destinations ?? [];
  const close = () => onEditingChange(null);
  const reload = () => destinations.refetch();

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl text-sm text-muted-foreground">
          Where releases are delivered as DDEX messages: a distributor’s SFTP server, an S3-compatible bucket
          or a folder on this server. {isAdmin ? null : DISTRIBUTION_MESSAGES.adminsOnly}
        </p>
        {isAdmin && editing !== 'new' && list.length > 0 ? (
          <Button onClick={() => onEditingChange('new')} className="self-start sm:self-auto">
            <Plus aria-hidden="true" />
            {DISTRIBUTION_TEXTS.addDestination}
          </Button>
        ) : null}
      </div>

      {isAdmin && editing === 'new' ? (
        <DestinationForm stored={null} onDone={close} onCancel={close} onReload={reload} />
      ) : null}

      {destinations.isPending ? (
        <ListSkeleton label="Loading destinations" rows={2} />
      ) : destinations.isError && !destinations.data ? (
        <LoadError
          message={destinations.error.message || 'The destinations could not be loaded.'}
          onRetry={() => void destinations.refetch()}
        />
      ) : list.length === 0 && editing !== 'new' ? (
        <EmptyState
          icon={Send}
          title="No destinations yet"
          actions={
            isAdmin ? (
              <Button onClick={() => onEditingChange('new')}>
                <Plus aria-hidden="true" />
                {DISTRIBUTION_TEXTS.addDestination}
              </Button>
            ) : null
          }
        >
          {isAdmin
            ? 'Add the server, bucket or folder your distributor gave you, with the stores it delivers to. “Test connection” then checks the settings.'
            : 'An admin of your label adds the destinations releases are sent to.'}
        </EmptyState>
      ) : list.length === 0 ? null : (
        <ul aria-label={DISTRIBUTION_TEXTS.destinations} className="flex flex-col gap-3">
          {list.map((destination) => (
            <li key={destination.id}>
              {isAdmin && editing === destination.id ? (
                <DestinationForm stored={destination} onDone={close} onCancel={close} onReload={reload} />
              ) : (
                <DestinationCard
                  destination={destination}
                  isAdmin={isAdmin}
                  onEdit={() => onEditingChange(destination.id)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
