import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, toCsv } from './csv.ts';

describe('the shared CSV writer', () => {
  it('quotes commas, quotes and line breaks (RFC 4180) and leaves plain text alone', () => {
    expect(csvField('Nova Lane')).toBe('Nova Lane');
    expect(csvField('Lane, Nova')).toBe('"Lane, Nova"');
    expect(csvField('The "Night" Mix')).toBe('"The ""Night"" Mix"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('keeps line breaks inside the quoted cell', () => {
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('line one\r\nline two')).toBe('"line one\r\nline two"');
  });

  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(1+1)', "'@SUM(1+1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
    ['-3', "'-3"],
  ])('neutralises a text cell that a spreadsheet would run: %j', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('writes numbers as numbers, negative ones too, and text that only contains a sign as it is', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField(1.5)).toBe('1.5');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('Sam & Jo @ Studio')).toBe('Sam & Jo @ Studio');
  });

  it('joins rows with CRLF, the last one too, with a byte-order mark when asked', () => {
    const rows = [
      ['a', 'b,c'],
      ['d"e', 1],
    ];
    expect(toCsv(rows)).toBe('a,"b,c"\r\n"d""e",1\r\n');
    expect(toCsv(rows, { bom: true })).toBe(`${CSV_BOM}a,"b,c"\r\n"d""e",1\r\n`);
    expect(CSV_BOM).toBe('\uFEFF');
  });
});
