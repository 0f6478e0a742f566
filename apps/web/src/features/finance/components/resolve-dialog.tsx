import { FINANCE_TEXTS, IDENTIFIER_KIND_LABELS } from '@music-review/core/royalties';
import { useId, useState } from 'react';
import { SearchField } from '../../../components/search-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { useResolveUnmatched } from '../api/resolve-unmatched';
import { useCatalogueTargets } from '../api/search-catalogue';
import type { CatalogueTargetDto, UnmatchedGroupDto } from '../finance-types';
import { groupTitle, resolutionOf, targetText } from './unmatched-format';

type Kind = CatalogueTargetDto['kind'];

/** What a group is most likely sold as: a code of a release points at one, the others at a track. */
const defaultKind = (group: UnmatchedGroupDto): Kind =>
  group.identifier_kind === 'upc' || group.identifier_kind === 'catalogue_number' ? 'release' : 'recording';

/**
 * "Resolve": finds the recording or release in the catalogue (searched by title, artist or code,
 * starting from the group's title) and assigns the group's identifier to it, for these lines and
 * every later import from the same source.
 */
export function ResolveDialog({
  group,
  onClose,
  onResolved,
}: {
  group: UnmatchedGroupDto;
  onClose: () => void;
  onResolved: (lines: number) => void;
}) {
  const [kind, setKind] = useState<Kind>(defaultKind(group));
  const [q, setQ] = useState(group.track_title ?? group.release_title ?? '');
  const [chosen, setChosen] = useState<CatalogueTargetDto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const targets = useCatalogueTargets(kind, q);
  const resolve = useResolveUnmatched();
  const name = useId();

  const submit = () => {
    if (!chosen) {
      setProblem(`Choose the ${kind} these lines belong to.`);
      return;
    }
    resolve.mutate([resolutionOf(group, chosen)], { onSuccess: ({ lines }) => onResolved(lines) });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Resolve “${group.identifier}”`}
      description={`${IDENTIFIER_KIND_LABELS[group.identifier_kind]} from ${group.source_name}: ${groupTitle(group)}${
        group.artist ? ` by ${group.artist}` : ''
      }. Choose what it is in your catalogue; later statements from ${group.source_name} match it too.`}
    >
      <form
        aria-label="Find it in the catalogue"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="flex gap-4">
          <legend className="mb-1.5 text-sm font-medium text-foreground">It is a</legend>
          {(['recording', 'release'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${name}-kind`}
                value={value}
                checked={kind === value}
                onChange={() => {
                  setKind(value);
                  setChosen(null);
                }}
                className="size-4 accent-primary"
              />
              {value === 'recording' ? 'Recording' : 'Release'}
            </label>
          ))}
        </fieldset>
        <SearchField
          label={kind === 'recording' ? 'Search recordings' : 'Search releases'}
          value={q}
          onSearch={setQ}
          placeholder={
            kind === 'recording' ? 'Title, artist or ISRC' : 'Title, artist, UPC or catalogue number'
          }
        />
        <fieldset className="flex flex-col gap-1">
          <legend className="sr-only">{kind === 'recording' ? 'Recordings found' : 'Releases found'}</legend>
          {targets.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Searching…
            </p>
          ) : targets.isError ? (
            <Alert>{targets.error.message}</Alert>
          ) : targets.data.length === 0 ? (
            <p role="status" className="text-sm text-muted-foreground">
              {kind === 'recording' ? 'No recording matches.' : 'No release matches.'} Try another word or a
              code.
            </p>
          ) : (
            <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto">
              {targets.data.map((target) => (
                <li key={target.id}>
                  <label
                    className={cn(
                      'flex cursor-pointer items-start gap-2 rounded-lg border px-3 py-2 text-sm',
                      chosen?.id === target.id ? 'border-primary bg-accent' : 'border-border hover:bg-muted',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${name}-target`}
                      checked={chosen?.id === target.id}
                      onChange={() => {
                        setChosen(target);
                        setProblem(null);
                      }}
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                    />
                    <span className="min-w-0 [overflow-wrap:anywhere]">{targetText(target)}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        {problem ? <Alert>{problem}</Alert> : null}
        {resolve.isError ? <Alert>{resolve.error.message}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={resolve.isPending}>
            {FINANCE_TEXTS.resolve}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
