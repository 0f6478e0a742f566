import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PdfWriter, toPdfText } from './pdf-writer.ts';

describe('toPdfText', () => {
  it('keeps Latin text with accents, quotes and dashes, and replaces what Helvetica cannot draw', () => {
    expect(toPdfText('Beyoncé – “Halo” €5')).toBe('Beyoncé – “Halo” €5');
    expect(toPdfText('坂本 龍一')).toBe('?? ??');
    expect(toPdfText('a\tb\u0007c')).toBe('a bc');
  });
});

describe('PdfWriter', () => {
  it('writes a readable PDF that breaks long content over numbered pages', async () => {
    const writer = await PdfWriter.create({ title: 'Recording Agreement', footer: 'Demo Records' });
    writer.heading('Recording Agreement', 1);
    writer.keyValues([
      ['Artist', 'Nova Lane'],
      ['Territory', 'World'],
    ]);
    for (let i = 0; i < 80; i++)
      writer.paragraph(`Clause ${i + 1}. ${'The artist grants the label rights. '.repeat(6)}`);
    writer.table(
      [
        { header: 'Writer', width: 3 },
        { header: 'Share', width: 1 },
      ],
      [
        ['Nova Lane', '60.00%'],
        ['坂本', '40.00%'],
      ],
    );
    const bytes = await writer.toBytes();
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(2);
    expect(doc.getTitle()).toBe('Recording Agreement');
  });

  it('appends pages to an existing PDF and numbers only the new ones', async () => {
    const first = await PdfWriter.create({ title: 'Contract' });
    first.paragraph('Body');
    const original = await PDFDocument.load(await first.toBytes());
    const appended = await PdfWriter.create({ title: 'Certificate', base: original });
    appended.heading('Certificate of completion', 1);
    const doc = await PDFDocument.load(await appended.toBytes());
    expect(doc.getPageCount()).toBe(2);
  });
});
