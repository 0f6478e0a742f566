import type { PartyDto, PartyRowDto } from '@music-review/core/contracts/parties';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { useParties } from '../../api/list-parties';
import { useMergeParties } from '../../api/merge-parties';
import { countLabel } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SearchPicker } from '../search-picker';

/** How many people the search offers at once (typing narrows it). */
const SHOWN = 8;

function MergeConfirm({
  party,
  duplicate,
  onBack,
  onClose,
}: {
  party: PartyDto;
  duplicate: PartyRowDto;
  onBack: () => void;
  onClose: () => void;
}) {
  const merge = useMergeParties(party.id);
  const run = () =>
    merge.mutate(duplicate.id, {
      onSuccess: (merged) => {
        toast.success(`“${duplicate.name}” was merged into “${merged.name}”`);
        onClose();
      },
    });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 text-sm text-foreground">
        <p>
          Every credit and share of <strong className="[overflow-wrap:anywhere]">{duplicate.name}</strong>{' '}
          moves to <strong className="[overflow-wrap:anywhere]">{party.name}</strong>:{' '}
          {countLabel(duplicate.recording_count, 'recording', 'recordings')} and{' '}
          {countLabel(duplicate.work_count, 'work', 'works')} with their writer and publisher shares.
        </p>
        <p>
          “{duplicate.name}” is kept as another credited name of “{party.name}”, then removed as a separate
          person. This cannot be undone.
        </p>
      </div>
      {merge.isError ? <Alert>{merge.error.message || 'The merge failed. Please try again.'}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onBack} disabled={merge.isPending}>
          Back
        </Button>
        <Button variant="destructive" onClick={run} isLoading={merge.isPending}>
          Merge into {party.name}
        </Button>
      </div>
    </div>
  );
}

/**
 * "Merge duplicate…": find the other record of the same person, then confirm what moves. The page
 * then shows the merged names and every credit of both.
 */
export function MergePersonDialog({ party, onClose }: { party: PartyDto; onClose: () => void }) {
  const [text, setText] = useState('');
  const [duplicate, setDuplicate] = useState<PartyRowDto | null>(null);
  const q = useDebouncedValue(text.trim());
  const people = useParties({ role: null, q, sort: 'name' }, { enabled: duplicate === null });
  const rows = (people.data?.pages[0]?.rows ?? []).filter((row) => row.id !== party.id);
  const items = rows.slice(0, SHOWN).map((row) => ({
    id: row.id,
    name: row.name,
    detail: [
      row.aliases.length > 0 ? `also ${row.aliases.join(', ')}` : null,
      countLabel(row.recording_count, 'recording', 'recordings'),
      countLabel(row.work_count, 'work', 'works'),
    ]
      .filter(Boolean)
      .join(' · '),
  }));

  return (
    <Dialog
      open
      onClose={onClose}
      title={
        duplicate
          ? `Merge “${duplicate.name}” into “${party.name}”?`
          : `Merge a duplicate into “${party.name}”`
      }
      description={
        duplicate
          ? undefined
          : 'Find the other record of the same person: a different spelling, a former name.'
      }
    >
      {duplicate ? (
        <MergeConfirm
          party={party}
          duplicate={duplicate}
          onBack={() => setDuplicate(null)}
          onClose={onClose}
        />
      ) : (
        <div className="flex flex-col gap-4">
          <SearchPicker
            label="Find the duplicate"
            text={text}
            onText={setText}
            items={items}
            isLoading={people.isFetching}
            emptyText={q ? `No one else matches “${q}”.` : 'No one else to merge yet.'}
            chooseVerb="Merge"
            onChoose={(item) => setDuplicate(rows.find((row) => row.id === item.id) ?? null)}
          />
          {people.isError ? (
            <Alert>{people.error.message || 'The search failed. Please try again.'}</Alert>
          ) : null}
          <div className="flex justify-end">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
