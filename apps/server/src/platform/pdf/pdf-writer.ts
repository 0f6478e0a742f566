import { deflateSync } from 'node:zlib';
import { PDFDocument, type PDFFont, type PDFPage, type RGB, rgb } from 'pdf-lib';
import {
  cleanPdfText,
  type FontChains,
  type FontFace,
  type FontSource,
  fontkit,
  loadFontChains,
  splitRuns,
  type TextRun,
  textWidth,
} from './fonts.ts';

/**
 * The one document writer of the app: every PDF it makes (contracts, their signature and
 * certificate pages, label copy, demo files) is written through it (docs/ARCHITECTURE.md). Over
 * pdf-lib: headings, wrapped paragraphs, label/value rows, tables and images on A4 pages with
 * margins, page breaks and page numbers.
 *
 * Text is drawn in embedded, subsetted Unicode fonts (./fonts.ts, decision 0017): Latin with its
 * extensions, Greek and Cyrillic in Noto Sans, Chinese and Japanese in Noto Sans Hans, Korean in
 * Noto Sans KR, chosen letter by letter. Text is laid out as the document is built and drawn when
 * it is saved, once the fonts it needs are embedded (a document embeds only the fonts it uses).
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const TEXT = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.42, 0.46);
const RULE = rgb(0.82, 0.82, 0.85);

/** Text that wrap() must split: line breaks, runs of spaces, a leading space. */
const SPACED = /\n| {2}|^ /;

/** A number as a content stream writes it: at most 3 decimals, never an exponent. */
const num = (value: number) => String(Math.round(value * 1000) / 1000 || 0);

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

/** Where and how to draw one line of text (see PdfWriter.text). */
export interface TextOptions {
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  face?: FontFace;
  color?: RGB;
  /** Defaults to the current page. */
  page?: PDFPage;
}

interface PendingText {
  page: PDFPage;
  runs: readonly TextRun[];
  x: number;
  y: number;
  size: number;
  color: RGB;
}

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly width = A4[0] - 2 * MARGIN;
  private readonly firstNewPage: number;
  private readonly pending: PendingText[] = [];
  /** Per page, the content stream operators of its rules. */
  private readonly pendingRules = new Map<PDFPage, string>();

  private constructor(
    readonly doc: PDFDocument,
    private readonly fonts: FontChains,
    private readonly options: PdfWriterOptions,
  ) {
    this.firstNewPage = doc.getPageCount();
    this.newPage();
  }

  static async create(options: PdfWriterOptions): Promise<PdfWriter> {
    const fonts = await loadFontChains();
    const doc = options.base ?? (await PDFDocument.create());
    doc.registerFontkit(fontkit);
    // The fonts' subsets and ToUnicode maps compressed by zlib (native) rather than pdf-lib's
    // JavaScript deflate (pako), several times slower; the output is the same format.
    doc.context.flateStream = (contents, dict = {}) =>
      doc.context.stream(
        deflateSync(typeof contents === 'string' ? Buffer.from(contents, 'latin1') : contents),
        {
          ...dict,
          Filter: 'FlateDecode',
        },
      );
    if (!options.base) {
      // pdf-lib writes the title as UTF-16, so any script survives in the document's properties.
      doc.setTitle(cleanPdfText(options.title).replace(/\n/g, ' '));
      doc.setProducer('Music Review');
      doc.setCreator('Music Review');
    }
    return new PdfWriter(doc, fonts, options);
  }

  private newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  /** The page being written (for drawings placed by hand, like the signature blocks). */
  get currentPage(): PDFPage {
    return this.page;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number) {
    if (this.y - height < MARGIN + 20) this.newPage();
  }

  pageBreak() {
    this.newPage();
  }

  /** Width of one line of text at `size` points in `face`. */
  widthOf(text: string, size: number, face: FontFace = 'regular'): number {
    return textWidth(cleanPdfText(text), this.fonts[face], size);
  }

  /**
   * One line of text at a position, in as many fonts as its characters need. Line breaks become
   * spaces: use paragraph() for text that wraps.
   */
  text(text: string, options: TextOptions) {
    const line = cleanPdfText(text).replace(/\n/g, ' ');
    if (line === '') return;
    this.pending.push({
      page: options.page ?? this.page,
      runs: splitRuns(line, this.fonts[options.face ?? 'regular']),
      x: options.x,
      y: options.y,
      size: options.size,
      color: options.color ?? TEXT,
    });
  }

  /**
   * Lines of `text` wrapped to `maxWidth` at this size. Lines break at spaces; a word longer than
   * a whole line (a long URL) is the only thing cut.
   */
  wrap(text: string, size: number, maxWidth = this.width, face: FontFace = 'regular'): string[] {
    const chain = this.fonts[face];
    const clean = cleanPdfText(text);
    // Most text (a table's cell) is one line with single spaces that fits; checked before the
    // closure below is made (hundreds of cells a statement).
    if (!SPACED.test(clean) && textWidth(clean, chain, size) <= maxWidth) return [clean];
    const fits = (value: string) => textWidth(value, chain, size) <= maxWidth;
    const lines: string[] = [];
    for (const paragraph of clean.split(/\r?\n/)) {
      const words = paragraph.split(/ +/);
      // The words as the loop below would join them, when they fit.
      const whole = words.join(' ').replace(/^ /, '');
      if (fits(whole)) {
        lines.push(whole);
        continue;
      }
      let line = '';
      for (const word of words) {
        const candidate = line ? `${line} ${word}` : word;
        if (fits(candidate)) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        let rest = word;
        while (!fits(rest) && [...rest].length > 1) {
          const chars = [...rest];
          let cut = chars.length - 1;
          while (cut > 1 && !fits(chars.slice(0, cut).join(''))) cut--;
          lines.push(chars.slice(0, cut).join(''));
          rest = chars.slice(cut).join('');
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  private drawLines(lines: string[], size: number, face: FontFace, x: number, color = TEXT, gap = 1.4) {
    for (const line of lines) {
      this.ensureSpace(size * gap);
      this.text(line, { x, y: this.y - size, size, face, color });
      this.y -= size * gap;
    }
  }

  heading(text: string, level: 1 | 2 | 3 = 2) {
    const size = level === 1 ? 20 : level === 2 ? 14 : 11.5;
    this.ensureSpace(size * 3);
    this.y -= level === 1 ? 0 : size * 0.6;
    this.drawLines(this.wrap(text, size, this.width, 'bold'), size, 'bold', MARGIN, TEXT, 1.3);
    this.y -= size * 0.3;
  }

  paragraph(text: string, opts: { size?: number; muted?: boolean; bold?: boolean } = {}) {
    const size = opts.size ?? 10.5;
    const face: FontFace = opts.bold ? 'bold' : 'regular';
    this.drawLines(this.wrap(text, size, this.width, face), size, face, MARGIN, opts.muted ? MUTED : TEXT);
    this.y -= size * 0.5;
  }

  /** Label/value rows: the label in a narrow muted column, the value wrapped beside it. */
  keyValues(rows: ReadonlyArray<readonly [string, string]>, labelWidth = 150) {
    const size = 10;
    for (const [label, value] of rows) {
      const valueLines = this.wrap(value || '—', size, this.width - labelWidth);
      this.ensureSpace(size * 1.5 * Math.min(valueLines.length, 3));
      const top = this.y;
      this.text(label, { x: MARGIN, y: top - size, size, face: 'bold', color: MUTED });
      this.drawLines(valueLines, size, 'regular', MARGIN + labelWidth);
      this.y = Math.min(this.y, top - size * 1.5);
    }
    this.y -= 4;
  }

  /**
   * Rows whose value must stay on one line (a SHA-256, an ID): the label on a line of its own and
   * the value under it across the whole width, in a size at which it fits.
   */
  codeValues(rows: ReadonlyArray<readonly [string, string]>) {
    const labelSize = 8.5;
    for (const [label, value] of rows) {
      const size = Math.max(6, Math.min(9, (9 * this.width) / Math.max(1, this.widthOf(value, 9))));
      this.ensureSpace(labelSize * 1.4 + size * 1.6);
      this.text(label, { x: MARGIN, y: this.y - labelSize, size: labelSize, face: 'bold', color: MUTED });
      this.y -= labelSize * 1.4;
      this.drawLines(this.wrap(value, size), size, 'regular', MARGIN, TEXT, 1.5);
    }
    this.y -= 4;
  }

  /** A table with a header row; cells wrap; rows never split across pages. */
  table(columns: readonly TableColumn[], rows: ReadonlyArray<readonly string[]>) {
    const size = 9;
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    // Loops rather than callbacks: a statement draws hundreds of rows.
    const drawRow = (cells: readonly string[], face: FontFace) => {
      const wrapped: string[][] = [];
      let count = 1;
      for (let i = 0; i < cells.length; i++) {
        const lines = this.wrap(cells[i] || '—', size, widths[i]! - 6, face);
        wrapped.push(lines);
        count = Math.max(count, lines.length);
      }
      const height = count * size * 1.35 + 6;
      this.ensureSpace(height);
      let x = MARGIN;
      for (let i = 0; i < wrapped.length; i++) {
        const lines = wrapped[i]!;
        for (let j = 0; j < lines.length; j++)
          this.text(lines[j]!, { x: x + 3, y: this.y - 3 - size - j * size * 1.35, size, face });
        x += widths[i]!;
      }
      this.y -= height;
      this.horizontalRule(this.y, 0.5);
    };
    drawRow(
      columns.map((c) => c.header),
      'bold',
    );
    for (const row of rows) drawRow(row, 'regular');
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
    this.horizontalRule(this.y - 4, 0.75);
    this.y -= 12;
  }

  /** A rule across the text width of this page, drawn with the text (see drawPending). */
  private horizontalRule(y: number, thickness: number) {
    const line = `${num(thickness)} w ${num(MARGIN)} ${num(y)} m ${num(MARGIN + this.width)} ${num(y)} l S\n`;
    this.pendingRules.set(this.page, (this.pendingRules.get(this.page) ?? '') + line);
  }

  space(points: number) {
    this.y -= points;
  }

  /**
   * Embeds (as subsets) the fonts the text uses and draws it: one content stream per page, written
   * here rather than by pdf-lib's drawText, which adds a font resource to the page for every call
   * (hundreds on a page of a statement's tables) and writes eight operators per run.
   */
  private async drawPending() {
    const embedded = new Map<FontSource, PDFFont>();
    const byPage = new Map<PDFPage, PendingText[]>();
    for (const item of this.pending) {
      for (const run of item.runs) {
        if (!embedded.has(run.source)) {
          embedded.set(run.source, await this.doc.embedFont(run.source.bytes, { subset: true }));
        }
      }
      let items = byPage.get(item.page);
      if (!items) {
        items = [];
        byPage.set(item.page, items);
      }
      items.push(item);
    }
    // Glyph ids as hex, character by character: the fonts lay text out one glyph per character
    // (fonts.ts), so a text's code is its characters' codes in a row, and pdf-lib encodes each
    // character (adding its glyph to the subset) once.
    const codes = new Map<PDFFont, Map<number, string>>();
    const encode = (font: PDFFont, text: string) => {
      let chars = codes.get(font);
      if (!chars) {
        chars = new Map();
        codes.set(font, chars);
      }
      let hex = '<';
      for (const ch of text) {
        const cp = ch.codePointAt(0)!;
        let code = chars.get(cp);
        if (code === undefined) {
          code = font.encodeText(ch).asString();
          chars.set(cp, code);
        }
        hex += code;
      }
      return `${hex}>`;
    };
    const rule = `${num(RULE.red)} ${num(RULE.green)} ${num(RULE.blue)} RG\n`;
    for (const page of new Set([...this.pendingRules.keys(), ...byPage.keys()])) {
      const rules = this.pendingRules.get(page);
      let ops = rules ? `q\n${rule}${rules}Q\n` : '';
      const items = byPage.get(page) ?? [];
      const keys = new Map<PDFFont, string>();
      ops += 'q\nBT\n';
      let font: PDFFont | undefined;
      let size = 0;
      let color = '';
      for (const item of items) {
        const fill = `${num(item.color.red)} ${num(item.color.green)} ${num(item.color.blue)} rg\n`;
        if (fill !== color) {
          ops += fill;
          color = fill;
        }
        let x = item.x;
        for (const run of item.runs) {
          const runFont = embedded.get(run.source)!;
          if (runFont !== font || item.size !== size) {
            let key = keys.get(runFont);
            if (key === undefined) {
              key = page.node.newFontDictionary(runFont.name, runFont.ref).toString();
              keys.set(runFont, key);
            }
            ops += `${key} ${num(item.size)} Tf\n`;
            font = runFont;
            size = item.size;
          }
          ops += `1 0 0 1 ${num(x)} ${num(item.y)} Tm ${encode(runFont, run.text)} Tj\n`;
          x += run.width * item.size;
        }
      }
      ops += 'ET\nQ\n';
      // A fast level: text operators compress about as well as at the default.
      const stream = this.doc.context.stream(deflateSync(Buffer.from(ops, 'latin1'), { level: 3 }), {
        Filter: 'FlateDecode',
      });
      page.node.addContentStream(this.doc.context.register(stream));
    }
    this.pending.length = 0;
    this.pendingRules.clear();
    // Subsets written together: fontkit writes each one after a timer tick, and pdf-lib's save
    // would wait for them one after the other.
    await Promise.all([...embedded.values()].map((font) => font.embed()));
  }

  /** Footers on the pages this writer added (title, footer text, "Page n of m"), then the bytes. */
  async toBytes(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    const count = pages.length;
    pages.forEach((page, index) => {
      if (index < this.firstNewPage) return;
      const text = [this.options.footer, this.options.title, `Page ${index + 1} of ${count}`]
        .filter(Boolean)
        .join('  ·  ');
      this.text(text, { page, x: MARGIN, y: MARGIN / 2, size: 7.5, color: MUTED });
    });
    await this.drawPending();
    // In one go: pdf-lib otherwise waits a timer tick (a millisecond or more) every 50 objects.
    return this.doc.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY });
  }
}
