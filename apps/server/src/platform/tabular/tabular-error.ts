/** Why a statement file cannot be read; `message` is for the member, `row` names the row when one is at fault. */
export type TabularErrorCode =
  | 'empty'
  | 'header_only'
  | 'not_tabular'
  | 'unknown_encoding'
  | 'xls_binary'
  | 'zip_bomb'
  | 'broken_archive'
  | 'unsupported_archive'
  | 'no_table_in_archive'
  | 'nested_archive'
  | 'broken_workbook'
  | 'bad_quoting'
  | 'row_too_long';

export class TabularError extends Error {
  constructor(
    readonly code: TabularErrorCode,
    message: string,
    /** The row (as a spreadsheet numbers it, header = 1) the problem was found in, when it is one row's. */
    readonly row: number | null = null,
  ) {
    super(message);
    this.name = 'TabularError';
  }
}
