/**
 * XLSX workbooks, streamed. The first pass reads the small parts (relationships, workbook, styles,
 * shared strings) and skips the sheets' data, since Excel writes the shared strings after the sheets;
 * the second pass inflates the chosen sheet and turns its XML into rows as it arrives. Neither pass
 * holds a sheet: only the shared strings (one string per distinct text) stay in memory.
 */
import { StringDecoder } from 'node:string_decoder';
import { type Attributes, brokenWorkbook, decodeEntities, type XmlHandler, XmlScanner } from './xml.ts';
import { type ByteReader, type InflateBudget, inflateEntry, type ZipEntry, ZipStreamReader } from './zip.ts';

export interface TabularRow {
  row: number;
  cells: string[];
}

export interface SheetInfo {
  name: string;
  /** The part holding the sheet, lower-cased, as the ZIP names it. */
  path: string;
}

/** What the first pass learns of a ZIP file: its workbook parts if it is one, its entries either way. */
export interface ZipCatalogue {
  entries: { name: string; size: number }[];
  isOfficeDocument: boolean;
  isOpenDocument: boolean;
  workbook: WorkbookParts | null;
}

export interface WorkbookParts {
  sheets: SheetInfo[];
  date1904: boolean;
  sharedStrings: string[];
  /** Per cell format (the `s` of a cell): whether its number is a date, a time of day, or neither. */
  styleKinds: (ValueKind | null)[];
  /** Sheets (by path) whose data holds at least one cell with a value, when asked to look. */
  sheetsWithValues: Set<string>;
}

type ValueKind = 'date' | 'time';

// ---------------------------------------------------------------------------------------------------
// First pass

/** Reads every entry header; gathers the workbook parts; looks into each sheet's start if asked. */
export async function catalogueZip(
  bytes: ByteReader,
  budget: InflateBudget,
  options: { peekSheets: boolean },
): Promise<ZipCatalogue> {
  const zip = new ZipStreamReader(bytes);
  const entries: { name: string; entry: ZipEntry }[] = [];
  const rels = new Map<string, Relationship[]>();
  const workbooks = new Map<string, { sheets: { name: string; id: string }[]; date1904: boolean }>();
  const sharedStrings = new Map<string, string[]>();
  const styles = new Map<string, (ValueKind | null)[]>();
  const sheetsWithValues = new Set<string>();
  let isOfficeDocument = false;
  let isOpenDocument = false;
  let officeDocumentPath: string | null = null;
  for (let entry = await zip.next(); entry; entry = await zip.next()) {
    entries.push({ name: entry.name, entry });
    const path = entry.name.toLowerCase();
    if (path === '[content_types].xml') isOfficeDocument = true;
    else if (path === 'mimetype') isOpenDocument = true;
    else if (path.endsWith('.rels')) {
      rels.set(path, await readPart(zip, entry, budget, new RelsHandler()));
      if (path === '_rels/.rels')
        officeDocumentPath = resolveTarget('', relationshipTarget(rels.get(path), '/officeDocument'));
    } else if (path === officeDocumentPath || /(^|\/)workbook[^/]*\.xml$/.test(path))
      workbooks.set(path, await readPart(zip, entry, budget, new WorkbookHandler()));
    else if (/(^|\/)sharedstrings[^/]*\.xml$/.test(path))
      sharedStrings.set(path, await readPart(zip, entry, budget, new SharedStringsHandler()));
    else if (/(^|\/)styles[^/]*\.xml$/.test(path))
      styles.set(path, await readPart(zip, entry, budget, new StylesHandler()));
    else if (options.peekSheets && /(^|\/)worksheets\/[^/]+\.xml$/.test(path)) {
      if (await readPart(zip, entry, budget, new HasValuesHandler())) sheetsWithValues.add(path);
    }
  }
  const catalogue: ZipCatalogue = {
    entries: entries.map(({ name, entry }) => ({ name, size: entry.size ?? 0 })),
    isOfficeDocument,
    isOpenDocument,
    workbook: null,
  };
  const workbookPath = officeDocumentPath ?? 'xl/workbook.xml';
  const workbook = workbooks.get(workbookPath);
  if (!workbook) return catalogue;
  const workbookRels = rels.get(relsPathOf(workbookPath)) ?? [];
  const base = workbookPath.slice(0, workbookPath.lastIndexOf('/') + 1);
  const sheets: SheetInfo[] = [];
  for (const sheet of workbook.sheets) {
    const target = workbookRels.find((rel) => rel.id === sheet.id);
    const path = target && resolveTarget(base, target.target);
    if (path) sheets.push({ name: sheet.name, path });
  }
  const sharedStringsPath = resolveTarget(base, relationshipTarget(workbookRels, '/sharedStrings'));
  const stylesPath = resolveTarget(base, relationshipTarget(workbookRels, '/styles'));
  catalogue.workbook = {
    sheets,
    date1904: workbook.date1904,
    sharedStrings: (sharedStringsPath && sharedStrings.get(sharedStringsPath)) || [],
    styleKinds: (stylesPath && styles.get(stylesPath)) || [],
    sheetsWithValues,
  };
  return catalogue;
}

/** Inflates one part through an XML handler and returns what the handler gathered. */
async function readPart<T>(
  zip: ZipStreamReader,
  entry: ZipEntry,
  budget: InflateBudget,
  handler: XmlHandler & { result(): T },
): Promise<T> {
  const scanner = new XmlScanner(handler);
  const decoder = new StringDecoder('utf8');
  for await (const chunk of inflateEntry(zip, entry, budget)) {
    scanner.push(decoder.write(chunk));
    if (handler.isDone) break;
  }
  if (!handler.isDone) scanner.push(decoder.end(), true);
  return handler.result();
}

interface Relationship {
  id: string;
  type: string;
  target: string;
}

function relationshipTarget(rels: Relationship[] | undefined, typeSuffix: string): string | null {
  return rels?.find((rel) => rel.type.endsWith(typeSuffix))?.target ?? null;
}

/** `xl/workbook.xml` -> `xl/_rels/workbook.xml.rels`. */
function relsPathOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return `${path.slice(0, slash + 1)}_rels/${path.slice(slash + 1)}.rels`;
}

/** A relationship target (relative to `base`, or absolute from the package root) as a part path. */
function resolveTarget(base: string, target: string | null): string | null {
  if (!target) return null;
  const segments = (target.startsWith('/') ? target.slice(1) : base + target).toLowerCase().split('/');
  const resolved: string[] = [];
  for (const segment of segments) {
    if (segment === '..') resolved.pop();
    else if (segment !== '.' && segment !== '') resolved.push(segment);
  }
  return resolved.join('/');
}

class RelsHandler implements XmlHandler {
  wantsText = false;
  private readonly rels: Relationship[] = [];
  open(name: string, attributes: Attributes) {
    if (name !== 'Relationship') return;
    this.rels.push({
      id: attributes.get('Id') ?? '',
      type: attributes.get('Type') ?? '',
      target: attributes.get('Target') ?? '',
    });
  }
  close() {}
  text() {}
  result() {
    return this.rels;
  }
}

class WorkbookHandler implements XmlHandler {
  wantsText = false;
  private readonly sheets: { name: string; id: string }[] = [];
  private date1904 = false;
  open(name: string, attributes: Attributes) {
    if (name === 'sheet') {
      this.sheets.push({ name: attributes.get('name') ?? '', id: attributes.get('id') ?? '' });
    } else if (name === 'workbookPr') {
      const value = attributes.get('date1904');
      this.date1904 = value === '1' || value === 'true';
    }
  }
  close() {}
  text() {}
  result() {
    return { sheets: this.sheets, date1904: this.date1904 };
  }
}

/**
 * The shared strings in order: each `<si>` is its `<t>` text, or its runs' `<t>` texts joined;
 * phonetic guides (`<rPh>`, furigana) are not part of the text.
 */
class SharedStringsHandler implements XmlHandler {
  wantsText = false;
  private readonly strings: string[] = [];
  private current = '';
  private phonetic = 0;
  open(name: string) {
    if (name === 'si') this.current = '';
    else if (name === 'rPh') this.phonetic++;
    else if (name === 't' && this.phonetic === 0) this.wantsText = true;
  }
  close(name: string) {
    if (name === 't') this.wantsText = false;
    else if (name === 'rPh') this.phonetic--;
    else if (name === 'si') this.strings.push(unescapeOoxml(this.current));
  }
  text(text: string) {
    this.current += text;
  }
  result() {
    return this.strings;
  }
}

/** Built-in number formats that show a date (14-17, 22; 27-36 and 50-58 in East Asian locales) or a time. */
const BUILT_IN_KINDS = new Map<number, ValueKind>([
  ...[14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58].map(
    (id) => [id, 'date'] as const,
  ),
  ...[18, 19, 20, 21, 45, 46, 47].map((id) => [id, 'time'] as const),
]);

class StylesHandler implements XmlHandler {
  wantsText = false;
  private readonly formats = new Map<number, ValueKind | null>();
  private readonly cellFormats: number[] = [];
  private inCellXfs = false;
  open(name: string, attributes: Attributes, isSelfClosing: boolean) {
    if (name === 'numFmt') {
      const id = Number(attributes.get('numFmtId'));
      this.formats.set(id, formatKind(attributes.get('formatCode') ?? ''));
    } else if (name === 'cellXfs') this.inCellXfs = !isSelfClosing;
    else if (name === 'xf' && this.inCellXfs) this.cellFormats.push(Number(attributes.get('numFmtId') ?? 0));
  }
  close(name: string) {
    if (name === 'cellXfs') this.inCellXfs = false;
  }
  text() {}
  result(): (ValueKind | null)[] {
    return this.cellFormats.map((id) =>
      this.formats.has(id) ? this.formats.get(id)! : (BUILT_IN_KINDS.get(id) ?? null),
    );
  }
}

/**
 * Whether a custom number format shows a date or a time of day. Literal text ("..." and \x), fill and
 * padding characters, colours and locales ([Red], [$-409]) and AM/PM say nothing; an `m` right after
 * hours or right before seconds means minutes; any d, y or month `m` left makes it a date.
 */
export function formatKind(code: string): ValueKind | null {
  const tokens = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '')
    .replace(/\[(h+|m+|s+)\]/gi, '$1')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/AM\/PM|A\/P/gi, '')
    .toLowerCase();
  const withoutMinutes = tokens.replace(/(h+[^a-z]*)m+/g, '$1').replace(/m+([^a-z]*s)/g, '$1');
  if (/[dym]/.test(withoutMinutes)) return 'date';
  if (/[hs]/.test(withoutMinutes) || withoutMinutes !== tokens) return 'time';
  return null;
}

/** Stops at the first cell with a value (true) or at the end of the sheet's data (false). */
class HasValuesHandler implements XmlHandler {
  wantsText = false;
  isDone = false;
  private found = false;
  open(name: string) {
    if (name === 'v' || name === 'is') {
      this.found = true;
      this.isDone = true;
    }
  }
  close(name: string) {
    if (name === 'sheetData') this.isDone = true;
  }
  text() {}
  result() {
    return this.found;
  }
}

// ---------------------------------------------------------------------------------------------------
// Second pass: a sheet's rows

/**
 * OOXML escapes characters XML cannot hold as _xHHHH_ (Excel writes a carriage return as _x000D_).
 * NUL is dropped: no text holds one, and PostgreSQL cannot store it.
 */
function unescapeOoxml(text: string): string {
  if (text.indexOf('_x') < 0) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_match, hex: string) => {
    const code = Number.parseInt(hex, 16);
    return code === 0 ? '' : String.fromCharCode(code);
  });
}

/** Where a tag starting at `lt` ends ('>'), quoted attribute values skipped; -1 when the text is cut first. */
function tagEnd(text: string, lt: number): number {
  let from = lt + 1;
  for (;;) {
    const gt = text.indexOf('>', from);
    if (gt < 0) return -1;
    // Tags are short: look for a quotation mark between here and the '>' character by character.
    let quote = -1;
    for (let i = from; i < gt; i++) {
      const c = text.charCodeAt(i);
      if (c === 34 || c === 39) {
        quote = i;
        break;
      }
    }
    if (quote < 0) return gt;
    const close = text.indexOf(text[quote]!, quote + 1);
    if (close < 0) return -1;
    from = close + 1;
  }
}

/**
 * A sheet's XML into rows, every cell's text at its column, gaps left as ''. Not the general
 * tokenizer: a sheet is millions of `<c>` elements, so each cell is found whole (from `<c` to its
 * `</c>`) and its value read inside it, which is several times faster. Elements are matched with
 * the prefix the sheet's own `sheetData` uses (`x:c` when it is `x:sheetData`).
 */
class SheetParser {
  readonly rows: TabularRow[] = [];
  isDone = false;
  private pending = '';
  private started = false;
  private rowOpen = '<row';
  private rowClose = '</row>';
  private cellOpen = '<c';
  private cellClose = '</c>';
  private valueOpen = '<v';
  private valueClose = '</v>';
  private sheetDataClose = '</sheetData>';
  private textOpen = '<t';
  private textClose = '</t>';
  private phoneticOpen = '<rPh';
  private phoneticClose = '</rPh>';
  private rowNumber = 0;
  private cells: string[] = [];
  private column = -1;

  constructor(private readonly workbook: Pick<WorkbookParts, 'sharedStrings' | 'styleKinds' | 'date1904'>) {}

  push(chunk: string, final = false): void {
    if (this.isDone) return;
    let text = this.pending + chunk;
    let pos = 0;
    if (!this.started) {
      const found = /<([A-Za-z_][\w.-]*:)?sheetData(\s[^>]*)?(\/?)>/.exec(text);
      if (!found) {
        if (final) throw brokenWorkbook();
        // Keep enough to hold a tag cut by the chunk's end.
        this.pending = text.slice(Math.max(0, text.lastIndexOf('<')));
        return;
      }
      if (found[3] === '/') {
        this.isDone = true;
        return;
      }
      this.started = true;
      this.setPrefix(found[1] ?? '');
      text = text.slice(found.index + found[0].length);
    }
    const length = text.length;
    while (pos < length) {
      const lt = text.indexOf('<', pos);
      if (lt < 0) {
        pos = length;
        break;
      }
      pos = lt;
      if (text.startsWith(this.cellOpen, lt)) {
        const after = text.charCodeAt(lt + this.cellOpen.length);
        if (after === 32 || after === 62 || after === 47 || after === 9 || after === 10 || after === 13) {
          const next = this.cell(text, lt);
          if (next < 0) break;
          pos = next;
          continue;
        }
      }
      const gt = tagEnd(text, lt);
      if (gt < 0) break;
      if (text.startsWith(this.rowOpen, lt) && text.charCodeAt(lt + this.rowOpen.length) <= 62) {
        const reference = attributeIn(text, lt + this.rowOpen.length, gt, 'r');
        this.rowNumber = reference ? Number(reference) : this.rowNumber + 1;
        this.cells = [];
        this.column = -1;
        if (text.charCodeAt(gt - 1) === 47) this.rows.push({ row: this.rowNumber, cells: this.cells });
      } else if (text.startsWith(this.rowClose, lt)) {
        this.rows.push({ row: this.rowNumber, cells: this.cells });
      } else if (text.startsWith(this.sheetDataClose, lt)) {
        this.isDone = true;
        return;
      } else if (text.startsWith('<!--', lt)) {
        const end = text.indexOf('-->', lt);
        if (end < 0) break;
        pos = end + 3;
        continue;
      }
      pos = gt + 1;
    }
    const rest = text.slice(pos);
    if (final) throw brokenWorkbook();
    if (rest.length > MAX_CELL_XML) throw brokenWorkbook();
    this.pending = rest;
  }

  private setPrefix(prefix: string) {
    this.textOpen = `<${prefix}t`;
    this.textClose = `</${prefix}t>`;
    this.phoneticOpen = `<${prefix}rPh`;
    this.phoneticClose = `</${prefix}rPh>`;
    this.rowOpen = `<${prefix}row`;
    this.rowClose = `</${prefix}row>`;
    this.cellOpen = `<${prefix}c`;
    this.cellClose = `</${prefix}c>`;
    this.valueOpen = `<${prefix}v`;
    this.valueClose = `</${prefix}v>`;
    this.sheetDataClose = `</${prefix}sheetData>`;
  }

  /** Reads the cell whose tag starts at `lt`; returns where the text after it starts, -1 when cut. */
  private cell(text: string, lt: number): number {
    let column = this.column + 1;
    let type = 'n';
    let style = 0;
    // The attributes of <c> (r, s and t; any order, either quote) read on the way to its '>'.
    let at = lt + this.cellOpen.length;
    let gt: number;
    for (;;) {
      let c = text.charCodeAt(at);
      while (c <= 32) c = text.charCodeAt(++at);
      if (c === 62) {
        gt = at;
        break;
      }
      if (c === 47) {
        if (text.charCodeAt(at + 1) !== 62) return -1;
        gt = at + 1;
        break;
      }
      const eq = text.indexOf('=', at);
      if (eq < 0) return -1;
      let quote = eq + 1;
      while (text.charCodeAt(quote) <= 32) quote++;
      const mark = text.charCodeAt(quote);
      if (mark !== 34 && mark !== 39) return -1;
      const close = text.indexOf(mark === 34 ? '"' : "'", quote + 1);
      if (close < 0) return -1;
      if (eq === at + 1 || text.charCodeAt(at + 1) <= 32) {
        const name = text.charCodeAt(at);
        if (name === 114) column = columnIndexIn(text, quote + 1);
        else if (name === 116) type = text.slice(quote + 1, close);
        else if (name === 115) style = Number(text.slice(quote + 1, close));
      }
      at = close + 1;
    }
    this.column = column;
    let end: number;
    let value = '';
    if (text.charCodeAt(gt - 1) === 47) end = gt + 1;
    else if (
      type !== 'inlineStr' &&
      text.startsWith(this.valueOpen, gt + 1) &&
      text.charCodeAt(gt + this.valueOpen.length + 1) === 62
    ) {
      // The common shape, <c ...><v>text</v></c>, read without searching for the cell's end first.
      const from = gt + this.valueOpen.length + 2;
      const close = text.indexOf(this.valueClose, from);
      if (close < 0) return -1;
      end = close + this.valueClose.length;
      if (!text.startsWith(this.cellClose, end)) return this.cellWithElements(text, gt, type, style, column);
      end += this.cellClose.length;
      value = elementText(text.slice(from, close));
    } else return this.cellWithElements(text, gt, type, style, column);
    if (value !== '') this.place(column, this.cellText(type, style, value));
    return end;
  }

  /** A cell holding more than a value (a formula, an inline string): its end found, then its value read. */
  private cellWithElements(text: string, gt: number, type: string, style: number, column: number): number {
    const close = text.indexOf(this.cellClose, gt);
    if (close < 0) return -1;
    const value =
      type === 'inlineStr' ? this.inlineText(text, gt + 1, close) : this.valueIn(text, gt + 1, close);
    if (value !== '') this.place(column, this.cellText(type, style, value));
    return close + this.cellClose.length;
  }

  private place(column: number, text: string) {
    if (text === '') return;
    const cells = this.cells;
    while (cells.length < column) cells.push('');
    cells[column] = text;
  }

  /** The text of the cell's `<v>`, entities decoded ('' when it has none). */
  private valueIn(text: string, from: number, to: number): string {
    const open = elementStart(text, this.valueOpen, from, to);
    if (open < 0) return '';
    const gt = text.indexOf('>', open);
    if (text.charCodeAt(gt - 1) === 47) return '';
    const close = text.indexOf(this.valueClose, gt);
    if (close < 0 || close > to) throw brokenWorkbook();
    return elementText(text.slice(gt + 1, close));
  }

  /** An inline string's text: its `<t>` elements (rich text runs included), phonetic guides (`<rPh>`) left out. */
  private inlineText(text: string, from: number, to: number): string {
    let result = '';
    let at = from;
    let phonetic = elementStart(text, this.phoneticOpen, from, to);
    for (;;) {
      const open = elementStart(text, this.textOpen, at, to);
      if (open < 0) return result;
      if (phonetic >= 0 && open > phonetic) {
        const phoneticEnd = text.indexOf(this.phoneticClose, phonetic);
        if (phoneticEnd < 0 || phoneticEnd > to) throw brokenWorkbook();
        if (open < phoneticEnd) {
          at = phoneticEnd;
          phonetic = elementStart(text, this.phoneticOpen, phoneticEnd, to);
          continue;
        }
      }
      const gt = text.indexOf('>', open);
      if (text.charCodeAt(gt - 1) === 47) {
        at = gt + 1;
        continue;
      }
      const close = text.indexOf(this.textClose, gt);
      if (close < 0 || close > to) throw brokenWorkbook();
      result += elementText(text.slice(gt + 1, close));
      at = close + this.textClose.length;
    }
  }

  private cellText(type: string, style: number, value: string): string {
    switch (type) {
      case 's': {
        const text = this.workbook.sharedStrings[Number(value)];
        if (text === undefined) throw brokenWorkbook();
        return text;
      }
      case 'inlineStr':
      case 'str':
        return unescapeOoxml(value);
      case 'b':
        return value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : value;
      case 'e':
        return value;
      case 'd':
        return isoDateText(value);
      default: {
        const kind = this.workbook.styleKinds[style];
        return (kind && serialDateText(value, kind, this.workbook.date1904)) ?? value;
      }
    }
  }
}

/** A cell's XML is small; one this long is not a spreadsheet's. */
const MAX_CELL_XML = 16 * 1024 * 1024;

/** Column index (0-based) of the cell reference starting at `at` ("C5" is 2). */
function columnIndexIn(text: string, at: number): number {
  let column = 0;
  for (let i = at; ; i++) {
    const c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) column = column * 26 + (c - 64);
    else if (c >= 97 && c <= 122) column = column * 26 + (c - 96);
    else return column - 1;
  }
}

/** Where the element `open` ("<v", "<x:t") starts between `from` and `to`, not a longer name; -1 if none. */
function elementStart(text: string, open: string, from: number, to: number): number {
  for (let at = text.indexOf(open, from); at >= 0 && at < to; at = text.indexOf(open, at + 1)) {
    const after = text.charCodeAt(at + open.length);
    if (after === 62 || after === 47 || after <= 32) return at;
  }
  return -1;
}

/** One attribute's value within a tag's text (from `from` to its '>'), or null. */
function attributeIn(text: string, from: number, to: number, name: string): string | null {
  let at = from;
  for (;;) {
    const eq = text.indexOf('=', at);
    if (eq < 0 || eq > to) return null;
    let nameEnd = eq;
    while (text.charCodeAt(nameEnd - 1) <= 32) nameEnd--;
    let nameStart = nameEnd;
    while (nameStart > from && text.charCodeAt(nameStart - 1) > 32) nameStart--;
    let quote = eq + 1;
    while (text.charCodeAt(quote) <= 32) quote++;
    const close = text.indexOf(text[quote]!, quote + 1);
    if (close < 0 || close > to) return null;
    if (nameEnd - nameStart === name.length && text.startsWith(name, nameStart))
      return decodeEntities(text.slice(quote + 1, close));
    at = close + 1;
  }
}

/** Element content as text: entities decoded, CDATA sections kept as they are, tags dropped. */
function elementText(raw: string): string {
  if (raw.indexOf('<') < 0) return decodeEntities(raw);
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) =>
      part.startsWith('<![CDATA[') ? part.slice(9, -3) : decodeEntities(part.replace(/<[^>]*>/g, '')),
    )
    .join('');
}

const DAY_SECONDS = 86_400n;
const MS_PER_DAY = 86_400_000;
/** Day 0 of each date system, as a Unix time in ms. */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);
/** 9999-12-31, the last day Excel shows, in the 1900 system. */
const MAX_SERIAL_DAYS = 2_958_465n;

/**
 * A date serial as Excel shows it, computed exactly from its decimal text (no floating point): the
 * fraction of the day rounds to the nearest second. 'YYYY-MM-DD', 'YYYY-MM-DD HH:MM:SS' when the time
 * is not midnight, or 'HH:MM:SS' for a time-of-day format under one day. Null (the number is kept) for
 * what no date shows: negative serials, past 9999, a duration of a day or more.
 * The 1900 system keeps Lotus's fictitious 29 February 1900 (serial 60) as Excel does.
 */
export function serialDateText(serial: string, kind: ValueKind, date1904: boolean): string | null {
  // The common case, a whole day: no decimal arithmetic needed.
  if (kind === 'date' && /^\d{1,7}$/.test(serial)) {
    const day = Number(serial);
    return day <= Number(MAX_SERIAL_DAYS) ? dayText(day, date1904) : null;
  }
  const match = /^\+?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(serial.trim());
  if (!match || (match[1] === '' && !match[2])) return null;
  const fraction = match[2] ?? '';
  const digits = BigInt(`${match[1]}${fraction}` || '0');
  const exponent = Number(match[3] ?? 0) - fraction.length;
  let seconds: bigint;
  if (exponent >= 0) seconds = digits * 10n ** BigInt(exponent) * DAY_SECONDS;
  else {
    const scale = 10n ** BigInt(-exponent);
    seconds = (digits * DAY_SECONDS * 2n + scale) / (2n * scale);
  }
  const days = seconds / DAY_SECONDS;
  const time = Number(seconds % DAY_SECONDS);
  if (days > MAX_SERIAL_DAYS) return null;
  const clock = `${pad(Math.floor(time / 3600))}:${pad(Math.floor(time / 60) % 60)}:${pad(time % 60)}`;
  if (kind === 'time') return days === 0n ? clock : null;
  const date = dayText(Number(days), date1904);
  return time === 0 ? date : `${date} ${clock}`;
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Dates repeat down a statement's rows: each day's text is worked out once (up to a bound). */
const dayTexts = new Map<number, string>();

/** 'YYYY-MM-DD' of a day count in a date system. */
function dayText(day: number, date1904: boolean): string {
  const key = date1904 ? -1 - day : day;
  let text = dayTexts.get(key);
  if (text === undefined) {
    if (date1904) text = isoDay(EPOCH_1904 + day * MS_PER_DAY);
    else if (day === 0) text = '1900-01-00';
    else if (day === 60) text = '1900-02-29';
    else text = isoDay(EPOCH_1900 + (day < 60 ? day + 1 : day) * MS_PER_DAY);
    if (dayTexts.size > 100_000) dayTexts.clear();
    dayTexts.set(key, text);
  }
  return text;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A `t="d"` cell's ISO 8601 text in the same shape as a date serial's. */
function isoDateText(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2})?))?/.exec(value);
  if (!match) return value;
  const time = match[2] ? (match[2].length === 5 ? `${match[2]}:00` : match[2]) : null;
  return time && time !== '00:00:00' ? `${match[1]} ${time}` : match[1]!;
}

/**
 * The rows of one sheet, from a fresh read of the ZIP, in batches (one per inflated chunk, sparing a
 * generator step per row): entries before the sheet are skipped uninflated, the sheet is inflated
 * and parsed as it arrives, the rest is never read.
 */
export async function* readSheetRows(
  bytes: ByteReader,
  sheetPath: string,
  workbook: Pick<WorkbookParts, 'sharedStrings' | 'styleKinds' | 'date1904'>,
  budget: InflateBudget,
): AsyncGenerator<TabularRow[]> {
  const zip = new ZipStreamReader(bytes);
  for (let entry = await zip.next(); entry; entry = await zip.next()) {
    if (entry.name.toLowerCase() !== sheetPath) continue;
    const parser = new SheetParser(workbook);
    // StringDecoder rather than TextDecoder: several times faster on Node 20.
    const decoder = new StringDecoder('utf8');
    for await (const chunk of inflateEntry(zip, entry, budget)) {
      parser.push(decoder.write(chunk));
      if (parser.rows.length > 0) yield parser.rows.splice(0);
      if (parser.isDone) return;
    }
    parser.push(decoder.end(), true);
    if (parser.rows.length > 0) yield parser.rows.splice(0);
    return;
  }
  throw brokenWorkbook();
}
