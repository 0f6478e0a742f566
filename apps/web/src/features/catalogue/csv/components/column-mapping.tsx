import { CSV_FIELDS, CSV_TEXTS, type CsvKind, type CsvMapping } from '@music-review/core/catalogue-csv';
import type { CatalogueCsvAnalysisDto } from '@music-review/core/contracts/catalogue-csv';
import { SelectField } from '../../../../components/ui/text-field';

/**
 * "Map its columns once": for each field of the kind, the file's column that holds it (the label's
 * saved mapping, else one suggested from the headers), with the column's first value as a hint.
 */
export function ColumnMapping({
  kind,
  analysis,
  mapping,
  errors,
  onChange,
}: {
  kind: CsvKind;
  analysis: CatalogueCsvAnalysisDto;
  mapping: CsvMapping;
  errors: Record<string, string>;
  onChange: (mapping: CsvMapping) => void;
}) {
  const firstValue = (header: string) => {
    const index = analysis.headers.indexOf(header);
    return analysis.sample_rows.find((row) => (row[index] ?? '').trim() !== '')?.[index];
  };
  const choose = (key: string, header: string) => {
    const next = { ...mapping };
    if (header) next[key] = header;
    else delete next[key];
    onChange(next);
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm text-muted-foreground">
        Choose the column of your file that holds each field. The choice is kept for your label’s next import.
      </legend>
      {CSV_FIELDS[kind].map((field) => {
        const header = mapping[field.key] ?? '';
        const example = header ? firstValue(header) : undefined;
        return (
          <SelectField
            key={field.key}
            label={field.required ? `${field.label} (required)` : field.label}
            value={header}
            error={errors[`mapping.${field.key}`] ?? null}
            hint={example ? `e.g. ${example}` : undefined}
            onChange={(event) => choose(field.key, event.target.value)}
          >
            <option value="">{CSV_TEXTS.notInFile}</option>
            {analysis.headers.map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </SelectField>
        );
      })}
    </fieldset>
  );
}
