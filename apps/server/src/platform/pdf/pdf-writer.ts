import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * A small document writer over pdf-lib for the documents the app produces (contracts, their
 * certificate pages, label copy): headings, wrapped paragraphs, label/value rows, tables and
 * images on A4 pages with margins, page breaks and page numbers.
 *
 * It uses the standard Helvetica fonts (no font files to ship), which cover Windows-1252: Latin
 * letters with accents, quotes, dashes and the euro sign. Other characters are replaced by '?'
 * (toPdfText) so that a name in another script never stops a document from being made.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const TEXT = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.42, 0.46);
const RULE = rgb(0.82, 0.82, 0.85);

// The characters Windows-1252 has beyond Latin-1 (what pdf-lib's standard fonts can encode).
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: unknown characters become '?', tabs and odd spaces a space. */
export function toPdfText(value: string): string {
  let out = '';
  for (const ch of value.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\t' || ch === '\u00a0' || ch === '\u2009' || ch === '\u202f') out += ' ';
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff) || CP1252_EXTRA.has(ch))
      out += ch;
    else if (ch === '\n') out += '\n';
    else if (code < 0x20) out += '';
    else out += '?';
  }
  return out;
}

export interface PdfWriterOptions {
  /** Document title (metadata, and the running header of each page). */
  title: string;
  /** Small text in every page's footer beside the page number, e.g. the label's name. */
  footer?: string;
  /** Add pages to an existing PDF instead of starting a new one. */
  base?: PDFDocument;
}

export interface TableColumn {
  header: string;
  /** Share of the text width (the shares of all columns are scaled to fill it). */
  width: number;
}

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly width = A4[0] - 2 * MARGIN;
  private readonly firstNewPage: number;

  private constructor(
    readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly options: PdfWriterOptions,
  ) {
    this.firstNewPage = doc.getPageCount();
    this.newPage();
  }

  static async create(options: PdfWriterOptions): Promise<PdfWriter> {
    const doc = options.base ?? (await PDFDocument.create());
    if (!options.base) {
      doc.setTitle(toPdfText(options.title));
      doc.setProducer('Music Review');
      doc.setCreator('Music Review');
    }
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    return new PdfWriter(doc, regular, bold, options);
  }

  private newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number) {
    if (this.y - height < MARGIN + 20) this.newPage();
  }

  pageBreak() {
    this.newPage();
  }

  /** Lines of `text` wrapped to `maxWidth` at this size (words longer than a line are cut). */
  wrap(text: string, size: number, maxWidth = this.width, font = this.regular): string[] {
    const lines: string[] = [];
    for (const paragraph of toPdfText(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/ +/)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > maxWidth && rest.length > 1) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > maxWidth) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  private drawLines(lines: string[], size: number, font: PDFFont, x: number, color = TEXT, gap = 1.4) {
    for (const line of lines) {
      this.ensureSpace(size * gap);
      this.page.drawText(line, { x, y: this.y - size, size, font, color });
      this.y -= size * gap;
    }
  }

  heading(text: string, level: 1 | 2 | 3 = 2) {
    const size = level === 1 ? 20 : level === 2 ? 14 : 11.5;
    this.ensureSpace(size * 3);
    this.y -= level === 1 ? 0 : size * 0.6;
    this.drawLines(this.wrap(text, size, this.width, this.bold), size, this.bold, MARGIN, TEXT, 1.3);
    this.y -= size * 0.3;
  }

  paragraph(text: string, opts: { size?: number; muted?: boolean; bold?: boolean } = {}) {
    const size = opts.size ?? 10.5;
    const font = opts.bold ? this.bold : this.regular;
    this.drawLines(this.wrap(text, size, this.width, font), size, font, MARGIN, opts.muted ? MUTED : TEXT);
    this.y -= size * 0.5;
  }

  /** Label/value rows: the label in a narrow muted column, the value wrapped beside it. */
  keyValues(rows: ReadonlyArray<readonly [string, string]>, labelWidth = 150) {
    const size = 10;
    for (const [label, value] of rows) {
      const valueLines = this.wrap(value || '—', size, this.width - labelWidth);
      this.ensureSpace(size * 1.5 * Math.min(valueLines.length, 3));
      const top = this.y;
      this.page.drawText(toPdfText(label), { x: MARGIN, y: top - size, size, font: this.bold, color: MUTED });
      this.drawLines(valueLines, size, this.regular, MARGIN + labelWidth);
      this.y = Math.min(this.y, top - size * 1.5);
    }
    this.y -= 4;
  }

  /** A table with a header row; cells wrap; rows never split across pages. */
  table(columns: readonly TableColumn[], rows: ReadonlyArray<readonly string[]>) {
    const size = 9;
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const drawRow = (cells: readonly string[], font: PDFFont) => {
      const wrapped = cells.map((cell, i) => this.wrap(cell || '—', size, widths[i]! - 6, font));
      const height = Math.max(...wrapped.map((l) => l.length)) * size * 1.35 + 6;
      this.ensureSpace(height);
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        lines.forEach((line, j) => {
          this.page.drawText(line, {
            x: x + 3,
            y: this.y - 3 - size - j * size * 1.35,
            size,
            font,
            color: TEXT,
          });
        });
        x += widths[i]!;
      });
      this.y -= height;
      this.page.drawLine({
        start: { x: MARGIN, y: this.y },
        end: { x: MARGIN + this.width, y: this.y },
        thickness: 0.5,
        color: RULE,
      });
    };
    drawRow(
      columns.map((c) => c.header),
      this.bold,
    );
    for (const row of rows) drawRow(row, this.regular);
    this.y -= 10;
  }

  /** A PNG or JPEG image scaled to fit `maxWidth` x `maxHeight`, with an optional caption under it. */
  async image(
    bytes: Uint8Array,
    kind: 'png' | 'jpeg',
    maxWidth: number,
    maxHeight: number,
    caption?: string,
  ) {
    const img = kind === 'png' ? await this.doc.embedPng(bytes) : await this.doc.embedJpg(bytes);
    const scale = Math.min(maxWidth / img.width, maxHeight / img.height, 1);
    const w = img.width * scale;
    const h = img.height * scale;
    this.ensureSpace(h + (caption ? 16 : 4));
    this.page.drawImage(img, { x: MARGIN, y: this.y - h, width: w, height: h });
    this.y -= h + 4;
    if (caption) this.paragraph(caption, { size: 8.5, muted: true });
  }

  rule() {
    this.ensureSpace(12);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y - 4 },
      end: { x: MARGIN + this.width, y: this.y - 4 },
      thickness: 0.75,
      color: RULE,
    });
    this.y -= 12;
  }

  space(points: number) {
    this.y -= points;
  }

  /** Footers on the pages this writer added (title, footer text, "Page n of m"), then the bytes. */
  async toBytes(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    const count = pages.length;
    pages.forEach((page, index) => {
      if (index < this.firstNewPage) return;
      const text = toPdfText(
        [this.options.footer, this.options.title, `Page ${index + 1} of ${count}`]
          .filter(Boolean)
          .join('  ·  '),
      );
      page.drawText(text, { x: MARGIN, y: MARGIN / 2, size: 7.5, font: this.regular, color: MUTED });
    });
    return this.doc.save({ useObjectStreams: false });
  }
}
