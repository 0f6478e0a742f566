/**
 * Statement files made in the test, no binary fixtures: a stream factory over bytes, a ZIP writer
 * for what fflate does not write (data descriptors, stored entries, ZIP64 fields, the encrypted flag,
 * prebuilt deflate data), and an XLSX writer laying out parts the way Excel does (shared strings
 * after the sheets).
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import type { OpenStream } from './index.ts';

/** A stream factory over bytes, in chunks of `chunkSize`; counts opens and destroyed streams. */
export function bytesSource(bytes: Uint8Array | string, chunkSize = 64 * 1024) {
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes);
  const streams: Readable[] = [];
  const open: OpenStream = async () => {
    function* chunks() {
      for (let at = 0; at < data.length; at += chunkSize) yield data.subarray(at, at + chunkSize);
    }
    const stream = Readable.from(chunks(), { objectMode: false });
    streams.push(stream);
    return stream;
  };
  return {
    open,
    size: data.length,
    get opened() {
      return streams.length;
    },
    get allDestroyed() {
      return streams.every((stream) => stream.destroyed);
    },
  };
}

export interface ZipInput {
  name: string;
  data?: Uint8Array | string;
  method?: 'deflate' | 'store';
  /** Sizes after the data (bit 3), as streaming writers do; `signature: false` leaves out its marker. */
  descriptor?: boolean | { signature: boolean };
  /** A ZIP64 extra field in the local header (and 8-byte sizes in the descriptor). */
  zip64?: boolean;
  encrypted?: boolean;
  /** Prebuilt deflate data standing for `size` inflated bytes (CRC left 0: readers here do not check it). */
  deflated?: { data: Buffer; size: number };
}

/** A ZIP file, laid out by hand so every header field is what the test says. */
export function writeZip(entries: ZipInput[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const input of entries) {
    const raw = input.data === undefined ? Buffer.alloc(0) : Buffer.from(input.data);
    const method = input.method === 'store' ? 0 : 8;
    const compressed = input.deflated?.data ?? (method === 8 ? zlib.deflateRawSync(raw) : raw);
    const size = input.deflated?.size ?? raw.length;
    const crc = input.deflated ? 0 : zlib.crc32(raw);
    const hasDescriptor = Boolean(input.descriptor);
    const flags = (hasDescriptor ? 0x08 : 0) | 0x800 | (input.encrypted ? 0x01 : 0);
    const name = Buffer.from(input.name, 'utf8');
    const extra = input.zip64 ? Buffer.alloc(20) : Buffer.alloc(0);
    if (input.zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(16, 2);
      extra.writeBigUInt64LE(BigInt(hasDescriptor ? 0 : size), 4);
      extra.writeBigUInt64LE(BigInt(hasDescriptor ? 0 : compressed.length), 12);
    }
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(input.zip64 ? 45 : 20, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(method, 8);
    header.writeUInt16LE(0x21, 12);
    header.writeUInt32LE(hasDescriptor ? 0 : crc, 14);
    const sizeField = (n: number) => (hasDescriptor ? 0 : input.zip64 ? 0xffffffff : n);
    header.writeUInt32LE(sizeField(compressed.length), 18);
    header.writeUInt32LE(sizeField(size), 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(extra.length, 28);
    parts.push(header, name, extra, compressed);
    let length = header.length + name.length + extra.length + compressed.length;
    if (hasDescriptor) {
      const withSignature =
        input.descriptor === true || (input.descriptor as { signature: boolean }).signature;
      const width = input.zip64 ? 8 : 4;
      const descriptor = Buffer.alloc((withSignature ? 4 : 0) + 4 + 2 * width);
      let at = 0;
      if (withSignature) at = descriptor.writeUInt32LE(0x08074b50, 0);
      at = descriptor.writeUInt32LE(crc, at);
      for (const n of [compressed.length, size]) {
        at = width === 8 ? descriptor.writeBigUInt64LE(BigInt(n), at) : descriptor.writeUInt32LE(n, at);
      }
      parts.push(descriptor);
      length += descriptor.length;
    }
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(flags, 8);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt16LE(0x21, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(Math.min(compressed.length, 0xffffffff), 20);
    entry.writeUInt32LE(Math.min(size, 0xffffffff), 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/**
 * Deflate data for `mebibytes` MiB of zeros at about a thousandth of the size, built without
 * inflating anything: one MiB compressed with a sync flush (byte-aligned, not final) repeated, then
 * an empty final block.
 */
export function zerosDeflated(mebibytes: number): { data: Buffer; size: number } {
  const block = zlib.deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const blocks: Buffer[] = Array.from({ length: mebibytes }, () => block);
  return { data: Buffer.concat([...blocks, Buffer.from([0x03, 0x00])]), size: mebibytes * 1024 * 1024 };
}

/** A cell: text (a shared string), null (no cell), or the raw `<c>` parts. */
export type CellSpec = string | null | { v: string; t?: string; s?: number } | { inline: string };

export interface SheetSpec {
  name: string;
  rows?: CellSpec[][];
  /** The whole worksheet XML, when a test needs exact markup. */
  xml?: string;
}

export interface WorkbookSpec {
  sheets: SheetSpec[];
  date1904?: boolean;
  /** Custom number formats (ids from 164). */
  numFmts?: { id: number; code: string }[];
  /** The number format of each cell format (a cell's `s` is an index here); index 0 is General. */
  cellFormats?: number[];
  /** Shared strings before the sheets (Excel writes them after). */
  sharedStringsFirst?: boolean;
  /** Written with data descriptors by writeZip instead of fflate. */
  streamedZip?: boolean;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An XLSX file: one worksheet part per sheet, shared strings for text cells, styles for formats. */
export function writeXlsx(spec: WorkbookSpec): Buffer {
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const shared = (text: string) => {
    let index = stringIndex.get(text);
    if (index === undefined) {
      index = strings.length;
      strings.push(text);
      stringIndex.set(text, index);
    }
    return index;
  };
  const sheetXml = spec.sheets.map((sheet) => {
    if (sheet.xml) return sheet.xml;
    const rows = (sheet.rows ?? []).map((cells, r) => {
      const cellXml = cells.map((cell, c) => {
        const ref = `${columnName(c)}${r + 1}`;
        if (cell === null) return '';
        if (typeof cell === 'string') return `<c r="${ref}" t="s"><v>${shared(cell)}</v></c>`;
        if ('inline' in cell)
          return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(cell.inline)}</t></is></c>`;
        const t = cell.t ? ` t="${cell.t}"` : '';
        const s = cell.s !== undefined ? ` s="${cell.s}"` : '';
        return `<c r="${ref}"${s}${t}><v>${escapeXml(cell.v)}</v></c>`;
      });
      return `<row r="${r + 1}">${cellXml.join('')}</row>`;
    });
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}" xmlns:r="${REL_NS}"><dimension ref="A1"/><sheetData>${rows.join('')}</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;
  });
  const workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><workbookPr${spec.date1904 ? ' date1904="1"' : ''}/><sheets>${spec.sheets
    .map((sheet, i) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('')}</sheets></workbook>`;
  const n = spec.sheets.length;
  const workbookRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${spec.sheets
    .map(
      (_sheet, i) =>
        `<Relationship Id="rId${i + 1}" Type="${REL_TYPE}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
    )
    .join(
      '',
    )}<Relationship Id="rId${n + 1}" Type="${REL_TYPE}/styles" Target="styles.xml"/><Relationship Id="rId${n + 2}" Type="${REL_TYPE}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
  const numFmts = spec.numFmts ?? [];
  const cellFormats = spec.cellFormats ?? [0];
  const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="${NS}">${
    numFmts.length
      ? `<numFmts count="${numFmts.length}">${numFmts.map((f) => `<numFmt numFmtId="${f.id}" formatCode="${escapeXml(f.code)}"/>`).join('')}</numFmts>`
      : ''
  }<cellStyleXfs count="1"><xf numFmtId="0" fontId="0"/></cellStyleXfs><cellXfs count="${cellFormats.length}">${cellFormats
    .map((id) => `<xf numFmtId="${id}" fontId="0" applyNumberFormat="1"/>`)
    .join('')}</cellXfs></styleSheet>`;
  const sharedStrings = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${NS}" count="${strings.length}" uniqueCount="${strings.length}">${strings
    .map((text) => `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`)
    .join('')}</sst>`;
  const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`;
  const rootRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_TYPE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

  const files: [string, string][] = [
    ['[Content_Types].xml', contentTypes],
    ['_rels/.rels', rootRels],
    ['xl/workbook.xml', workbook],
    ['xl/_rels/workbook.xml.rels', workbookRels],
  ];
  if (spec.sharedStringsFirst) files.push(['xl/sharedStrings.xml', sharedStrings]);
  for (const [i, xml] of sheetXml.entries()) files.push([`xl/worksheets/sheet${i + 1}.xml`, xml]);
  files.push(['xl/styles.xml', styles]);
  if (!spec.sharedStringsFirst) files.push(['xl/sharedStrings.xml', sharedStrings]);
  if (spec.streamedZip) return writeZip(files.map(([name, data]) => ({ name, data, descriptor: true })));
  return Buffer.from(zipSync(Object.fromEntries(files.map(([name, data]) => [name, strToU8(data)]))));
}
