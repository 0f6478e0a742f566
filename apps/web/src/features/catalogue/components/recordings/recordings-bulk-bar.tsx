import { CATALOGUE_TEXTS } from '@music-review/core/catalogue';
import type { RecordingRowDto } from '@music-review/core/contracts/catalogue';
import { Disc3, Hash, Pencil, X } from 'lucide-react';
import { Button } from '../../../../components/ui/button';

/** What can be done with the ticked recordings: bulk edit, assign their ISRCs, make a release of them. */
export function RecordingsBulkBar({
  selected,
  onClear,
  onBulkEdit,
  onAssignIsrc,
  onNewRelease,
}: {
  selected: RecordingRowDto[];
  onClear: () => void;
  onBulkEdit: () => void;
  onAssignIsrc: () => void;
  onNewRelease: () => void;
}) {
  const withoutIsrc = selected.filter((row) => row.isrc === null).length;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar of actions, not a form's fieldset
    <div
      role="group"
      aria-label="Selected recordings"
      className="flex flex-wrap items-center gap-2 rounded-xl border border-border bg-accent/50 px-3 py-2"
    >
      <p className="mr-auto text-sm font-medium text-foreground">{selected.length} selected</p>
      <Button size="sm" variant="outline" onClick={onBulkEdit}>
        <Pencil aria-hidden="true" />
        Bulk edit
      </Button>
      {withoutIsrc > 0 ? (
        <Button size="sm" variant="outline" onClick={onAssignIsrc}>
          <Hash aria-hidden="true" />
          {CATALOGUE_TEXTS.assignIsrc} ({withoutIsrc})
        </Button>
      ) : null}
      <Button size="sm" variant="outline" onClick={onNewRelease}>
        <Disc3 aria-hidden="true" />
        {CATALOGUE_TEXTS.newRelease}
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear}>
        <X aria-hidden="true" />
        Clear selection
      </Button>
    </div>
  );
}
