/** The statement sources and fields as the finance screens name them. */
import {
  BUILT_IN_SOURCES,
  type BuiltInSource,
  type DateFormat,
  type NumberFormat,
  type SaleType,
  SOURCE_DEFINITIONS,
  type StatementField,
} from '@music-review/core/royalty-sources';

/** The source a statement is read as: a built-in layout, or columns the label maps itself. */
export type SourceChoice = BuiltInSource | 'custom';

export const CUSTOM_SOURCE_LABEL = 'Other source (map the columns)';

export const sourceName = (source: SourceChoice) =>
  source === 'custom' ? CUSTOM_SOURCE_LABEL : SOURCE_DEFINITIONS[source].name;

/** "DistroKid, TuneCore, … and Apple": the sources read without a mapping. */
export function sourceNames(): string {
  const names = BUILT_IN_SOURCES.map((source) => SOURCE_DEFINITIONS[source].name);
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

// Core names the fields by key only; these are the words of the mapping form.
export const STATEMENT_FIELD_LABELS: Record<StatementField, string> = {
  sale_month: 'Sale month',
  reporting_date: 'Reporting date',
  store: 'Store',
  territory: 'Country or territory',
  isrc: 'ISRC',
  upc: 'UPC/EAN',
  catalogue_number: 'Catalogue number',
  release_title: 'Release title',
  track_title: 'Track title',
  artist: 'Artist',
  sale_type: 'Sale type',
  quantity: 'Quantity',
  gross: 'Gross amount',
  net: 'Net amount',
  currency: 'Currency',
};

export const SALE_TYPE_LABELS: Record<SaleType, string> = {
  stream: 'Stream',
  download: 'Download',
  physical: 'Physical',
  sync: 'Sync',
  other: 'Other',
};

export const NUMBER_FORMAT_LABELS: Record<NumberFormat, string> = {
  point: '1,234.56 (decimal point)',
  comma: '1.234,56 (decimal comma)',
};

/** Only dates whose day and month are both numbers depend on it (core royalty-sources DATE_FORMATS). */
export const DATE_FORMAT_LABELS: Record<DateFormat, string> = {
  auto: 'Work it out (2024-03-15, 2024-03, Mar 2024…)',
  mdy: 'Month first: 10/15/2023',
  dmy: 'Day first: 15/10/2023',
};
