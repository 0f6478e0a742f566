import {
  type ColumnMapping,
  DATE_FORMATS,
  type DateFormat,
  NUMBER_FORMATS,
  type NumberFormat,
  SALE_TYPES,
  type SaleType,
  STATEMENT_FIELDS,
  type StatementField,
  validateColumnMapping,
} from '@music-review/core/royalty-sources';
import { SelectField, TextField } from '../../../components/ui/text-field';
import type { ColumnMappingDto, StatementAnalysisDto } from '../finance-types';
import {
  DATE_FORMAT_LABELS,
  NUMBER_FORMAT_LABELS,
  SALE_TYPE_LABELS,
  STATEMENT_FIELD_LABELS,
} from './sources';

/** The mapping form's values as typed (no default currency is ''). */
export interface MappingDraft {
  columns: Partial<Record<StatementField, string>>;
  number_format: NumberFormat;
  date_format: DateFormat;
  default_currency: string;
  default_sale_type: SaleType;
  /** What a detected layout knows beyond the form (a release-row or returns column): kept as it came. */
  extras: Pick<ColumnMapping, 'default_store' | 'release_row_column' | 'return_column' | 'quantity_required'>;
}

/** Problems by the form's field names: 'columns.net', 'default_currency', 'mapping_name'… */
export type MappingErrors = Record<string, string>;

export const MAPPING_NAME_MAX = 80;

/** The analysis' mapping (saved or suggested) as the form's first values. */
export function draftFrom(mapping: ColumnMappingDto): MappingDraft {
  const { default_store, release_row_column, return_column, quantity_required } = mapping;
  const extras = Object.fromEntries(
    Object.entries({ default_store, release_row_column, return_column, quantity_required }).filter(
      ([, value]) => value !== undefined && value !== null,
    ),
  );
  return {
    extras,
    columns: { ...mapping.columns },
    number_format: mapping.number_format,
    date_format: mapping.date_format,
    default_currency: mapping.default_currency ?? '',
    default_sale_type: mapping.default_sale_type,
  };
}

/** The mapping the server takes (startStatementImport's `mapping`). */
export function mappingFrom(draft: MappingDraft): ColumnMapping {
  const currency = draft.default_currency.trim().toUpperCase();
  return {
    ...draft.extras,
    columns: draft.columns,
    number_format: draft.number_format,
    date_format: draft.date_format,
    default_currency: currency === '' ? null : currency,
    default_sale_type: draft.default_sale_type,
  };
}

/**
 * The form's problems before anything is sent, with core's own check of a mapping against the
 * file's columns (the server runs the same one), and the source's name.
 */
export function checkMapping(
  draft: MappingDraft,
  mappingName: string,
  headers: readonly string[],
): MappingErrors {
  const errors: MappingErrors = {};
  const problems = validateColumnMapping(mappingFrom(draft), headers);
  for (const field of STATEMENT_FIELDS) {
    const problem = problems[field];
    if (!problem) continue;
    // A default currency that is not a code is the default's problem, not the column's.
    const isDefaultCurrency =
      field === 'currency' && !draft.columns.currency && draft.default_currency.trim() !== '';
    errors[isDefaultCurrency ? 'default_currency' : `columns.${field}`] = problem;
  }
  if (problems.mapping) errors.mapping = problems.mapping;
  const name = mappingName.trim();
  if (name === '')
    errors.mapping_name = 'Name the source, like “Bandcamp”: the mapping is saved under this name.';
  else if (name.length > MAPPING_NAME_MAX) errors.mapping_name = `At most ${MAPPING_NAME_MAX} characters.`;
  return errors;
}

const isRequired = (field: StatementField, draft: MappingDraft) =>
  field === 'sale_month' || field === 'net' || (field === 'currency' && draft.default_currency.trim() === '');

/**
 * "Map the columns": for each field of a statement line, the file's column that holds it (with its
 * first value as a hint), how the file writes numbers and dates, what to assume when a column is
 * missing, and the name the mapping is saved under for the next file from this source.
 */
export function StatementMapping({
  analysis,
  draft,
  mappingName,
  errors,
  onChange,
  onNameChange,
}: {
  analysis: StatementAnalysisDto;
  draft: MappingDraft;
  mappingName: string;
  errors: MappingErrors;
  onChange: (draft: MappingDraft) => void;
  onNameChange: (name: string) => void;
}) {
  const firstValue = (header: string) => {
    const index = analysis.headers.indexOf(header);
    return analysis.sample_rows.find((row) => (row[index] ?? '').trim() !== '')?.[index];
  };
  const choose = (field: StatementField, header: string) => {
    const columns = { ...draft.columns };
    if (header) columns[field] = header;
    else delete columns[field];
    onChange({ ...draft, columns });
  };
  return (
    <div className="flex flex-col gap-4">
      <TextField
        label="Source name"
        value={mappingName}
        maxLength={MAPPING_NAME_MAX + 20}
        onChange={(event) => onNameChange(event.target.value)}
        error={errors.mapping_name ?? null}
        hint="The distributor or shop this statement comes from. Its next file is read with this mapping."
        autoComplete="off"
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm text-muted-foreground">
          Choose the column of the file that holds each field. Leave out the ones the file does not have.
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {STATEMENT_FIELDS.map((field) => {
            const header = draft.columns[field] ?? '';
            const example = header ? firstValue(header) : undefined;
            const label = STATEMENT_FIELD_LABELS[field];
            return (
              <SelectField
                key={field}
                label={isRequired(field, draft) ? `${label} (required)` : label}
                value={header}
                error={errors[`columns.${field}`] ?? null}
                hint={example ? `e.g. ${example}` : undefined}
                onChange={(event) => choose(field, event.target.value)}
              >
                <option value="">Not in this file</option>
                {analysis.headers.map((h, index) =>
                  h.trim() === '' ? null : (
                    // Two columns may share a header; the first one is the one read.
                    // biome-ignore lint/suspicious/noArrayIndexKey: headers may repeat
                    <option key={`${index}-${h}`} value={h}>
                      {h}
                    </option>
                  ),
                )}
              </SelectField>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm text-muted-foreground">How the file writes its values</legend>
        <SelectField
          label="Number format"
          value={draft.number_format}
          error={errors.number_format ?? null}
          onChange={(event) => onChange({ ...draft, number_format: event.target.value as NumberFormat })}
        >
          {NUMBER_FORMATS.map((format) => (
            <option key={format} value={format}>
              {NUMBER_FORMAT_LABELS[format]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Date layout"
          value={draft.date_format}
          error={errors.date_format ?? null}
          onChange={(event) => onChange({ ...draft, date_format: event.target.value as DateFormat })}
        >
          {DATE_FORMATS.map((format) => (
            <option key={format} value={format}>
              {DATE_FORMAT_LABELS[format]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Default currency"
          value={draft.default_currency}
          maxLength={3}
          placeholder="USD"
          autoComplete="off"
          className="[&_input]:uppercase"
          error={errors.default_currency ?? null}
          hint="For a file without a currency column: the currency of all its amounts."
          onChange={(event) => onChange({ ...draft, default_currency: event.target.value })}
        />
        <SelectField
          label="Default sale type"
          value={draft.default_sale_type}
          error={errors.default_sale_type ?? null}
          hint="For lines whose sale type neither a column nor the store tells."
          onChange={(event) => onChange({ ...draft, default_sale_type: event.target.value as SaleType })}
        >
          {SALE_TYPES.map((type) => (
            <option key={type} value={type}>
              {SALE_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
      </fieldset>
    </div>
  );
}
