/**
 * Every text a member may read about a statement file that cannot be read. Each says what is wrong
 * and what to do; the ones about a place in the file name its row as a spreadsheet shows it.
 */

const SAVE_AS =
  'Open it in Excel or LibreOffice and save it as "CSV UTF-8" or as .xlsx, then import that file.';

export const TABULAR_MESSAGES = {
  empty: 'The file is empty. Download the statement again and import the new file.',
  emptyWorkbook:
    'Every sheet of the workbook is empty. Check that you exported the statement itself, then import the new file.',
  headerOnly:
    'The file has a header row but no data rows. Check that you exported the whole statement, not only its column names.',
  notTabular: `This file is not a table we can read (CSV, TSV, XLSX, or a ZIP holding one of them). ${SAVE_AS}`,
  openDocument:
    'This is an OpenDocument spreadsheet (.ods). Open it in LibreOffice or Excel and save it as .xlsx or "CSV UTF-8", then import that file.',
  pdf: 'This file is a PDF. Statements are imported from CSV, TSV, XLSX or a ZIP holding one of them: download the statement in one of these formats.',
  gzip: 'This file is compressed with gzip (.gz). Extract it and import the CSV or XLSX file inside, or put that file in a ZIP.',
  otherArchive:
    'This file is a RAR or 7-Zip archive, which we cannot open. Extract it and import the CSV or XLSX file inside, or put that file in a ZIP.',
  unknownEncoding: `The file's text is not in an encoding we can read safely (UTF-8, UTF-16 with a byte order mark, or Windows-1252). ${SAVE_AS}`,
  unknownEncodingAt: (row: number) =>
    `Row ${row} holds bytes that are not text in the encoding the start of the file uses: the file mixes encodings or holds binary data. ${SAVE_AS}`,
  xlsBinary:
    'This is an old Excel file (.xls). Open it in Excel or LibreOffice and save it as .xlsx or CSV, then import that file.',
  zipBomb:
    'The ZIP file expands to far more data than a statement holds, so it was not opened. Check that it is the statement your distributor sent.',
  brokenArchive:
    'The ZIP file is damaged or incomplete and cannot be opened. Download it again from your distributor and import the new file.',
  encryptedArchive:
    'The ZIP file is protected with a password. Extract the statement with the password and import the CSV or XLSX file itself.',
  unsupportedCompression:
    'The ZIP file is compressed with a method we cannot read. Extract the statement and import the CSV or XLSX file itself, or zip it again with standard compression.',
  noTableInArchive:
    'The ZIP file holds no CSV, TSV, TXT or XLSX file. Check that it is the statement, not only an invoice or a report in PDF.',
  nestedArchive:
    'The ZIP file holds another archive. Extract the statement (the CSV or XLSX file) and import it, or a ZIP holding only that file.',
  brokenWorkbook:
    'The Excel file is damaged or not a workbook we can read. Open it in Excel or LibreOffice, save it again as .xlsx or "CSV UTF-8", then import that file.',
  badQuoting: (row: number) =>
    `Row ${row} has a quotation mark (") that opens a cell but is never closed, or text right after a closing quotation mark. Fix that row (a quotation mark inside a quoted cell is written twice: "") or export the file again.`,
  rowTooLong: (row: number) =>
    `Row ${row} is longer than a statement row can be (over a million characters). Check that the file is a statement exported as CSV, or export it again.`,
} as const;
