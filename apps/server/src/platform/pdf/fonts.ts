import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import type { Font } from '@pdf-lib/fontkit';
import * as fontkitModule from '@pdf-lib/fontkit';

/**
 * The fonts every PDF of the app is written in (docs/decisions/0017-pdf-fonts-and-csv.md): Noto
 * Sans for Latin (with Latin Extended), Greek and Cyrillic, then Noto Sans SC for Chinese
 * characters and Japanese kana, then Noto Sans KR for Hangul. They are TrueType files from npm
 * packages (`@embedpdf/fonts-latin`, `@expo-google-fonts/noto-sans-sc`, `-kr`), read once per
 * process; each document embeds only the glyphs it draws (subsets).
 */

export type FontFace = 'regular' | 'bold' | 'signature';

export interface FontSource {
  /** The file name, e.g. "NotoSans-Regular.ttf" (names the font in errors and tests). */
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly font: Font;
  /** Whether the font draws this code point (cached). */
  has(codePoint: number): boolean;
  /** Advance width of one code point in em units (1 = the font size). */
  advance(codePoint: number): number;
}

type FontkitApi = typeof fontkitModule;
const baseFontkit: FontkitApi =
  (fontkitModule as unknown as { default?: FontkitApi }).default ?? fontkitModule;

/** What fontkit's TrueType subset keeps while it builds (private fields, see `fontkit` below). */
interface TrueTypeSubsetInternals {
  glyphEncoder?: unknown;
  glyf: Array<Uint8Array & { copy(target: Uint8Array): number }>;
  offset: number;
  _addGlyph(gid: number): number;
}

/**
 * fontkit as pdf-lib uses it, with one fix: fontkit's TrueType subset writes the short `loca`
 * format (offsets / 2) whenever the subset is under 128 KB, but copies glyphs as they are, and a
 * font whose glyphs have odd lengths (the Noto fonts) then gets shifted offsets: most glyphs draw
 * as nothing. Each glyph is padded to an even length (as the TrueType spec asks for short offsets).
 */
export const fontkit: FontkitApi = {
  ...baseFontkit,
  create(buffer, postscriptName) {
    // A fresh parse for every document that embeds the font (fontkit parses tables lazily, so this
    // is cheap). A parse shared between documents shares fontkit's glyph cache, whose glyphs keep
    // the characters they were first made for: pdf-lib writes those into the ToUnicode map, so a
    // later document's letter was extracted as another document's character.
    const font = baseFontkit.create(buffer, postscriptName);
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset() as unknown as TrueTypeSubsetInternals;
      if (subset.glyphEncoder !== undefined && typeof subset._addGlyph === 'function') {
        const addGlyph = subset._addGlyph;
        subset._addGlyph = function (this: TrueTypeSubsetInternals, gid: number) {
          const index = addGlyph.call(this, gid);
          const glyph = this.glyf[index]!;
          if (glyph.length % 2 === 1) {
            // The same Buffer class fontkit's encoder uses.
            const BufferClass = glyph.constructor as unknown as {
              alloc(size: number): Uint8Array & { copy(target: Uint8Array): number };
            };
            const padded = BufferClass.alloc(glyph.length + 1);
            glyph.copy(padded);
            this.glyf[index] = padded;
            this.offset += 1;
          }
          return index;
        };
      }
      return subset as unknown as ReturnType<typeof createSubset>;
    };
    return font;
  },
};

const require = createRequire(import.meta.url);
/** A font file, relative to the folder of its package's entry point. */
const fontPath = (pkg: string, file: string) => join(dirname(require.resolve(pkg)), file);

const LATIN = '@embedpdf/fonts-latin';
const HANS = '@expo-google-fonts/noto-sans-sc';
const KOREAN = '@expo-google-fonts/noto-sans-kr';

/** Per face, the fallback chain: the first font that has a letter draws it. */
const CHAINS: Record<FontFace, ReadonlyArray<readonly [string, string]>> = {
  regular: [
    [LATIN, '../fonts/NotoSans-Regular.ttf'],
    [HANS, '400Regular/NotoSansSC_400Regular.ttf'],
    [KOREAN, '400Regular/NotoSansKR_400Regular.ttf'],
  ],
  bold: [
    [LATIN, '../fonts/NotoSans-Bold.ttf'],
    [HANS, '700Bold/NotoSansSC_700Bold.ttf'],
    [KOREAN, '700Bold/NotoSansKR_700Bold.ttf'],
  ],
  // A typed signature: a slanted face for Latin, Greek and Cyrillic; CJK has no italic.
  signature: [
    [LATIN, '../fonts/NotoSans-SemiBoldItalic.ttf'],
    [HANS, '600SemiBold/NotoSansSC_600SemiBold.ttf'],
    [KOREAN, '600SemiBold/NotoSansKR_600SemiBold.ttf'],
  ],
};

async function loadSource(pkg: string, file: string): Promise<FontSource> {
  const bytes = new Uint8Array(await readFile(fontPath(pkg, file)));
  const font = fontkit.create(bytes);
  const hasCache = new Map<number, boolean>();
  const widthCache = new Map<number, number>();
  return {
    name: basename(file),
    bytes,
    font,
    has(cp) {
      let value = hasCache.get(cp);
      if (value === undefined) {
        value = font.hasGlyphForCodePoint(cp);
        hasCache.set(cp, value);
      }
      return value;
    },
    advance(cp) {
      let value = widthCache.get(cp);
      if (value === undefined) {
        value = font.glyphForCodePoint(cp).advanceWidth / font.unitsPerEm;
        widthCache.set(cp, value);
      }
      return value;
    },
  };
}

export type FontChains = Record<FontFace, readonly FontSource[]>;

let loading: Promise<FontChains> | null = null;

/** The fallback chains, read from disk on first use and kept for the life of the process. */
export function loadFontChains(): Promise<FontChains> {
  loading ??= (async () => {
    const sources = new Map<string, Promise<FontSource>>();
    const source = ([pkg, file]: readonly [string, string]) => {
      let s = sources.get(file);
      if (!s) {
        s = loadSource(pkg, file);
        sources.set(file, s);
      }
      return s;
    };
    const chain = (face: FontFace) => Promise.all(CHAINS[face].map(source));
    const [regular, bold, signature] = await Promise.all([
      chain('regular'),
      chain('bold'),
      chain('signature'),
    ]);
    return { regular, bold, signature };
  })().catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

export interface TextRun {
  text: string;
  source: FontSource;
}

const LETTER = /\p{L}/u;

/** Text a PDF line can hold: NFC, tabs and odd spaces as spaces, other control characters dropped. */
export function cleanPdfText(value: string): string {
  let out = '';
  for (const ch of value.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x09 || cp === 0xa0 || cp === 0x2007 || cp === 0x2009 || cp === 0x202f) out += ' ';
    else if (cp === 0x0a) out += ch;
    else if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp === 0x200b || cp === 0xfeff) continue;
    else out += ch;
  }
  return out;
}

/**
 * One line of text split into runs by font: a letter goes to the first font of the chain that has
 * it; spaces, digits, punctuation and marks stay in the current run's font when it has them (so
 * "山田 花子" is one run). A character no font has is drawn as U+FFFD (or '?').
 */
export function splitRuns(line: string, chain: readonly FontSource[]): TextRun[] {
  const runs: TextRun[] = [];
  let current = null as TextRun | null;
  for (const ch of line) {
    const cp = ch.codePointAt(0)!;
    let source: FontSource | undefined;
    let drawn = ch;
    if (current && !LETTER.test(ch) && current.source.has(cp)) source = current.source;
    else source = chain.find((s) => s.has(cp));
    if (!source) {
      source = current?.source ?? chain[0]!;
      drawn = source.has(0xfffd) ? '\ufffd' : '?';
    }
    if (current && current.source === source) current.text += drawn;
    else {
      current = { text: drawn, source };
      runs.push(current);
    }
  }
  return runs;
}

/** Width of a line at `size` points, measured glyph by glyph over its runs. */
export function textWidth(line: string, chain: readonly FontSource[], size: number): number {
  let width = 0;
  for (const run of splitRuns(line, chain)) {
    for (const ch of run.text) width += run.source.advance(ch.codePointAt(0)!);
  }
  return width * size;
}
