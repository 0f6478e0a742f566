// Database-independent: PDF bytes only (the PostgreSQL pass skips it; vitest.config.ts).
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.ts';
import { loadFontChains, splitRuns } from './fonts.ts';
import { PdfWriter } from './pdf-writer.ts';

const NAMES = ['山田 花子 & Grzegorz Brzęczyszczykiewicz', 'Σωκράτης', 'Пётр Чайковский', '김민지'];

describe('splitRuns', () => {
  it('draws each letter in the first font that has it and keeps spaces in the current run', async () => {
    const { regular } = await loadFontChains();
    const runs = splitRuns('山田 花子 & Grzegorz Brzęczyszczykiewicz 김민지', regular);
    expect(runs.map((r) => [r.text, r.source.name])).toEqual([
      ['山田 花子 & ', 'NotoSansSC_400Regular.ttf'],
      ['Grzegorz Brzęczyszczykiewicz ', 'NotoSans-Regular.ttf'],
      ['김민지', 'NotoSansKR_400Regular.ttf'],
    ]);
  });
});

describe('PdfWriter', () => {
  it('writes names in any script so that a reader extracts them exactly, title included', async () => {
    const title = `Agreement: ${NAMES[0]}`;
    const writer = await PdfWriter.create({ title, footer: 'Демо Records' });
    writer.heading(title, 1);
    writer.keyValues(NAMES.map((name, i) => [`Party ${i + 1}`, name] as const));
    writer.paragraph(`Between ${NAMES.join(', ')}.`);
    writer.table(
      [
        { header: 'Writer', width: 3 },
        { header: 'Share', width: 1 },
      ],
      [
        ['Σωκράτης', '60.00%'],
        ['坂本 龍一', '40.00%'],
      ],
    );
    const bytes = await writer.toBytes();
    const { pages, title: extractedTitle } = await pdfText(bytes);
    expect(extractedTitle).toBe(title);
    const lines = pages[0]!.split('\n');
    for (const name of NAMES)
      expect(
        lines.some((l) => l.includes(name)),
        name,
      ).toBe(true);
    expect(lines).toContain('坂本 龍一 40.00%');
    expect(pages[0]).toContain('Демо Records');
    // Subsets only: a page with CJK, Korean, Greek and Cyrillic text stays small.
    expect(bytes.length).toBeLessThan(150_000);
  });

  it('gives each document its own glyphs: documents written side by side read back their own text', async () => {
    // In Noto Sans SC one glyph draws both '・' (katakana middle dot) and '·' (middle dot), and one
    // both '‑' (non-breaking hyphen) and '-'. A glyph made for one document keeps the character it
    // was made for, and the PDF's ToUnicode map is written from it: shared between documents, the
    // second document's '·' was read back as the first one's '・'.
    const texts = {
      a: ['山田・花子', '東京‑大阪', 'Пётр Чайковский', 'Σωκράτης'],
      b: ['王·小明', '北京-上海', 'Грзегорз Брзęчишчикиевич', '김민지 박서준'],
    };
    const build = async (order: ReadonlyArray<'a' | 'b'>) => {
      const writers = {
        a: await PdfWriter.create({ title: 'Document A' }),
        b: await PdfWriter.create({ title: 'Document B' }),
      };
      // Interleaved: a line of one, then a line of the other.
      for (let i = 0; i < texts.a.length; i++)
        for (const key of order) writers[key].paragraph(texts[key][i]!);
      const [first, second] = await Promise.all(order.map((key) => writers[key].toBytes()));
      return { [order[0]!]: first!, [order[1]!]: second! } as Record<'a' | 'b', Uint8Array>;
    };
    // Saved together, each order once: whichever draws a shared glyph first would taint the other.
    for (const order of [['a', 'b'] as const, ['b', 'a'] as const]) {
      const bytes = await build(order);
      for (const key of ['a', 'b'] as const) {
        const { pages } = await pdfText(bytes[key]);
        const lines = pages[0]!.split('\n').filter((line) => !line.includes('Page 1 of 1'));
        expect(
          lines.filter((line) => line !== ''),
          `${key} saved in order ${order.join(', ')}`,
        ).toEqual(texts[key]);
      }
    }
  });

  it('keeps a 64-character hash on one line', async () => {
    const hash = 'bd'.repeat(32);
    const writer = await PdfWriter.create({ title: 'Certificate' });
    writer.codeValues([['SHA-256 after', hash]]);
    const { pages } = await pdfText(await writer.toBytes());
    expect(pages[0]!.split('\n')).toContain(hash);
  });

  it('breaks long content over numbered pages', async () => {
    const writer = await PdfWriter.create({ title: 'Recording Agreement', footer: 'Demo Records' });
    writer.heading('Recording Agreement', 1);
    for (let i = 0; i < 80; i++)
      writer.paragraph(`Clause ${i + 1}. ${'The artist grants the label rights. '.repeat(6)}`);
    const bytes = await writer.toBytes();
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(2);
    const { pages } = await pdfText(bytes);
    const footer = new RegExp(
      `Demo Records\\s+·\\s+Recording Agreement\\s+·\\s+Page ${pages.length} of ${pages.length}`,
    );
    expect(pages.at(-1)).toMatch(footer);
  });

  it('appends pages to an existing PDF and numbers only the new ones', async () => {
    const first = await PdfWriter.create({ title: 'Contract' });
    first.paragraph('Body');
    const original = await PDFDocument.load(await first.toBytes());
    const appended = await PdfWriter.create({ title: 'Certificate', base: original });
    appended.heading('Certificate of completion', 1);
    const bytes = await appended.toBytes();
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
    const { pages, title } = await pdfText(bytes);
    expect(title).toBe('Contract');
    expect(pages[1]).toContain('Certificate of completion');
    expect(pages[1]).toMatch(/Certificate\s+·\s+Page 2 of 2/);
    expect(pages[0]).toMatch(/Contract\s+·\s+Page 1 of 1/);
  });
});
