import type { SavedViewDto } from '@music-review/core/contracts/catalogue';
import { Bookmark, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Popover } from '../../../../components/ui/popover';
import { SelectField, TextField } from '../../../../components/ui/text-field';
import { useCreateSavedView } from '../../api/create-saved-view';
import { useDeleteSavedView } from '../../api/delete-saved-view';
import { useSavedViews } from '../../api/list-saved-views';
import { type CatalogueView, sameFilters, viewFilters, viewFromSaved } from '../../catalogue-view';

function SaveViewForm({ view, close }: { view: CatalogueView; close: () => void }) {
  const [name, setName] = useState('');
  const create = useCreateSavedView();
  const inputRef = useRef<HTMLInputElement>(null);
  // The popover focuses its panel as it opens; the name field takes the focus right after.
  useEffect(() => {
    const frame = requestAnimationFrame(() => inputRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { tab: view.tab, name: name.trim(), filters: viewFilters(view) },
      {
        onSuccess: (saved) => {
          toast.success(`View “${saved.name}” saved`);
          close();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex w-72 flex-col gap-3 p-4">
      <TextField
        label="View name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={80}
        required
        error={name.trim() === '' && create.isError ? 'Enter a name' : null}
        ref={inputRef}
      />
      {create.isError ? <Alert>{create.error.message}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" size="sm" isLoading={create.isPending} disabled={name.trim() === ''}>
          Save view
        </Button>
      </div>
    </form>
  );
}

/**
 * The member's saved views of this tab: pick one to apply its filters, save the current filters
 * under a name, delete the view being shown.
 */
export function SavedViews({
  view,
  onApply,
}: {
  view: CatalogueView;
  onApply: (view: CatalogueView) => void;
}) {
  const views = useSavedViews();
  const remove = useDeleteSavedView();
  const ofTab: SavedViewDto[] = (views.data?.views ?? []).filter((saved) => saved.tab === view.tab);
  const current = ofTab.find((saved) => sameFilters(viewFromSaved(saved.tab, saved.filters), view));

  return (
    <div className="flex flex-wrap items-end gap-2">
      {ofTab.length > 0 ? (
        <SelectField
          label="Saved views"
          value={current?.id ?? ''}
          onChange={(event) => {
            const picked = ofTab.find((saved) => saved.id === event.target.value);
            if (picked) onApply(viewFromSaved(picked.tab, picked.filters));
          }}
          className="w-52"
        >
          <option value="">Choose a view</option>
          {ofTab.map((saved) => (
            <option key={saved.id} value={saved.id}>
              {saved.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      {current ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete view ${current.name}`}
          isLoading={remove.isPending}
          onClick={() =>
            remove.mutate(current.id, {
              onSuccess: () => toast.success(`View “${current.name}” deleted`),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
      <Popover
        label="Save view"
        align="end"
        trigger={(props) => (
          <Button variant="outline" {...props}>
            <Bookmark aria-hidden="true" />
            Save view
          </Button>
        )}
      >
        {(close) => <SaveViewForm view={view} close={close} />}
      </Popover>
    </div>
  );
}
