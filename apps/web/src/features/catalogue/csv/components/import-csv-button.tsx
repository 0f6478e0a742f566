import { CATALOGUE_TEXTS } from '@music-review/core/catalogue';
import type { CsvKind } from '@music-review/core/catalogue-csv';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ImportCsvDialog } from './import-csv-dialog';

/** "Import CSV" on a catalogue tab: opens the import of that tab's kind. */
export function ImportCsvButton({ kind }: { kind: CsvKind }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        {CATALOGUE_TEXTS.importCsv}
      </Button>
      {open ? <ImportCsvDialog kind={kind} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
