import { FINANCE_TEXTS } from '@music-review/core/royalties';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyState, ListSkeleton, LoadError, ShowMore } from '../../../components/list-states';
import { Button } from '../../../components/ui/button';
import { pagedRows } from '../../../lib/paged-rows';
import type { useStatementImports } from '../api/list-statement-imports';
import { countLabel } from './format';
import { ImportList } from './import-list';
import { ImportStatementDialog } from './import-statement-dialog';
import { sourceNames } from './sources';

function ImportButton({ onClick }: { onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Upload aria-hidden="true" />
      {FINANCE_TEXTS.importStatement}
    </Button>
  );
}

/** The Imports tab: "Import statement", the imports newest first with their progress and decisions. */
export function ImportsPanel({ imports }: { imports: ReturnType<typeof useStatementImports> }) {
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [started, setStarted] = useState('');
  const { rows, total } = pagedRows(imports.data);
  const open = () => {
    setStarted('');
    setIsDialogOpen(true);
  };

  let content: ReactNode;
  if (imports.isPending) {
    content = <ListSkeleton label="Loading imports" />;
  } else if (imports.isError && rows.length === 0) {
    content = (
      <LoadError
        message={imports.error.message || 'The imports could not be loaded.'}
        onRetry={() => void imports.refetch()}
      />
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState
        icon={FileSpreadsheet}
        title="No statements imported yet"
        actions={<ImportButton onClick={open} />}
      >
        <p>
          Import the sales statements your distributors send (CSV, TSV, Excel or a ZIP of one, up to 2 GB).
          Their lines are matched to your catalogue by ISRC, UPC/EAN or catalogue number.
        </p>
        <p className="mt-2">
          Statements from {sourceNames()} are read as they come. For any other source, map its columns once:
          the mapping is kept for its next file.
        </p>
      </EmptyState>
    );
  } else {
    content = (
      <div className="flex flex-col gap-3">
        <ImportList rows={rows} />
        <ShowMore
          list={imports}
          shown={rows.length}
          total={total}
          errorMessage="More imports could not be loaded. Try again."
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {rows.length > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">{countLabel(total, 'import', 'imports')}</p>
          <ImportButton onClick={open} />
        </div>
      ) : null}
      <p role="status" className="text-sm text-foreground empty:hidden">
        {started}
      </p>
      {content}
      {isDialogOpen ? (
        <ImportStatementDialog
          onClose={() => setIsDialogOpen(false)}
          onStarted={(row) => {
            setIsDialogOpen(false);
            setStarted(`${row.file_name} is being imported. Its progress shows below.`);
          }}
        />
      ) : null}
    </div>
  );
}
