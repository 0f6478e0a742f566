import type { ReactNode } from 'react';
import type { CatalogueView } from '../../catalogue-view';
import { CatalogueFilters } from './catalogue-filters';
import { SavedViews } from './saved-views';

/**
 * A tab's toolbar: search and filters, then the saved views, the tab's own actions and `extras`: the
 * slot the CSV import and export (features/catalogue/csv/) fill.
 */
export function TabToolbar({
  view,
  onViewChange,
  actions,
  extras,
}: {
  view: CatalogueView;
  onViewChange: (patch: Partial<CatalogueView>) => void;
  actions?: ReactNode;
  extras?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <CatalogueFilters view={view} onChange={onViewChange} />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <SavedViews view={view} onApply={(saved) => onViewChange(saved)} />
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          {extras}
        </div>
      </div>
    </div>
  );
}
