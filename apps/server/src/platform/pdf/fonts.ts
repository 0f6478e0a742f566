import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import type { Font, Glyph } from '@pdf-lib/fontkit';
import * as fontkitModule from '@pdf-lib/fontkit';

/**
 * The fonts every PDF of the app is written in (docs/decisions/0017-pdf-fonts-and-csv.md): Noto
 * Sans for Latin (with Latin Extended), Greek and Cyrillic, then Noto Sans SC for Chinese
 * characters and Japanese kana, then Noto Sans KR for Hangul. They are TrueType files from npm
 * packages (`@embedpdf/fonts-latin`, `@expo-google-fonts/noto-sans-sc`, `-kr`), read and parsed
 * once per process; each document embeds only the glyphs it draws (subsets), through fonts of its
 * own over that parse (see `fontkit` below).
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

/** What a fontkit font (TTFFont) holds privately: its stream over the file, decoded tables, glyphs. */
interface FontInternals {
  stream: { buffer: Uint8Array };
  _tables: Record<string, unknown>;
  _glyphs: Record<number, unknown>;
}

/** The one parse of a font file (made by loadSource), and its cmap read through a cache. */
interface ParsedFont {
  font: Font;
  glyphId(codePoint: number): number;
}

/**
 * The parse of each font file, by its bytes: the tables decoded from it are shared by the fonts of
 * every document. Decoded tables and glyph ids are read-only data (the subset clones the tables it
 * changes), so sharing them is safe; glyphs are not (see fontForDocument).
 */
const parsedFonts = new WeakMap<Uint8Array, ParsedFont>();

/** Tables that embedding and subsetting read, decoded once when the file is read. */
const EMBEDDING_TABLES = [
  'head',
  'hhea',
  'maxp',
  'hmtx',
  'loca',
  'OS/2',
  'post',
  'name',
  'cmap',
  'cvt ',
  'prep',
  'fpgm',
];

/** Keeps `font` as the process's parse of `bytes` when fontkit's internals are as this file expects. */
function shareParse(bytes: Uint8Array, font: Font) {
  const internals = font as unknown as Partial<FontInternals>;
  const usable =
    internals.stream?.buffer instanceof Uint8Array &&
    typeof internals._tables === 'object' &&
    typeof internals._glyphs === 'object';
  // Another fontkit would only lose the speed: each document then parses the file itself.
  if (!usable) return;
  for (const tag of EMBEDDING_TABLES) void (font as unknown as Record<string, unknown>)[tag];
  const ids = new Map<number, number>();
  parsedFonts.set(bytes, {
    font,
    glyphId(cp) {
      let id = ids.get(cp);
      if (id === undefined) {
        id = font.glyphForCodePoint(cp).id;
        ids.set(cp, id);
      }
      return id;
    },
  });
}

/**
 * A font of its own for one document, over the process's parse: a new fontkit font on the same
 * bytes (no copy) that reads the shared decoded tables but keeps its own glyph cache. The glyph
 * cache must stay per document: fontkit makes a glyph once per font and keeps in it the characters
 * it was first made for, and pdf-lib writes those into the document's ToUnicode map, so with a
 * shared cache a letter of one document was extracted as the character another document first drew
 * with that glyph (in a full test run, a Cyrillic 'е' came out as '-').
 */
function fontForDocument(parsed: Font): Font {
  const internals = parsed as unknown as FontInternals;
  const FontClass = parsed.constructor as new (stream: unknown) => Font;
  const StreamClass = (internals.stream as object).constructor as new (buffer: Uint8Array) => unknown;
  const font = new FontClass(new StreamClass(internals.stream.buffer));
  (font as unknown as FontInternals)._tables = internals._tables;
  return font;
}

/**
 * Glyphs for a text one per character, from the font's cmap, in place of fontkit's OpenType layout
 * (GSUB and GPOS over the large CJK tables: most of a statement's time). pdf-lib keeps only the
 * glyph ids of a layout (the PDF places each glyph at its own width; kerning and mark positions
 * are dropped), and the writer measures text character by character, so shaping only swapped in
 * ligatures ("ffi") and contextual forms the measurements did not count.
 */
function layoutByCmap(font: Font, glyphId: (codePoint: number) => number) {
  const glyphs = new Map<number, Glyph>();
  font.layout = ((text: string) => {
    const run: Glyph[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let glyph = glyphs.get(cp);
      if (!glyph) {
        glyph = font.getGlyph(glyphId(cp), [cp]);
        glyphs.set(cp, glyph);
      }
      run.push(glyph);
    }
    return { glyphs: run };
  }) as unknown as Font['layout'];
}

/** fontkit's TrueType subset with each glyph padded to an even length (see `fontkit` below). */
function padSubsetGlyphs(font: Font) {
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
}

/**
 * fontkit as pdf-lib uses it (`create` is called once per font a document embeds), with three
 * changes:
 * - a font the app reads (loadFontChains) is not parsed again: the document gets its own font over
 *   the process's parse (fontForDocument), so that a statement does not spend its time decoding
 *   10 MB CJK files;
 * - text is laid out character by character (layoutByCmap);
 * - fontkit's TrueType subset writes the short `loca` format (offsets / 2) whenever the subset is
 *   under 128 KB, but copies glyphs as they are, and a font whose glyphs have odd lengths (the Noto
 *   fonts) then gets shifted offsets: most glyphs draw as nothing. Each glyph is padded to an even
 *   length (as the TrueType spec asks for short offsets).
 */
export const fontkit: FontkitApi = {
  ...baseFontkit,
  create(buffer, postscriptName) {
    const parsed = postscriptName === undefined ? parsedFonts.get(buffer) : undefined;
    const font = parsed ? fontForDocument(parsed.font) : baseFontkit.create(buffer, postscriptName);
    layoutByCmap(font, parsed ? parsed.glyphId : (cp) => font.glyphForCodePoint(cp).id);
    padSubsetGlyphs(font);
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
  // For measuring; documents embed their own fonts over it (fontForDocument), never this one.
  // Given its ArrayBuffer (the file alone), fontkit reads the bytes in place; a Uint8Array it copies
  // byte by byte (10 MB a CJK font).
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const font = baseFontkit.create((whole ? bytes.buffer : bytes) as unknown as Uint8Array);
  shareParse(bytes, font);
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
  readonly text: string;
  readonly source: FontSource;
  /** Its width in em units (at size 1). */
  readonly width: number;
}

const LETTER = /\p{L}/u;

/** What splitRuns needs to know of a character: whether it is a letter, and the chain's first font with it. */
interface CharInfo {
  letter: boolean;
  first: FontSource | null;
}

const chainChars = new WeakMap<readonly FontSource[], Map<number, CharInfo>>();

/** The characters of a chain, looked up once each (a chain is one of FontChains or a run's font). */
function charsOf(chain: readonly FontSource[]): Map<number, CharInfo> {
  let chars = chainChars.get(chain);
  if (!chars) {
    chars = new Map();
    chainChars.set(chain, chars);
  }
  return chars;
}

function charInfo(chars: Map<number, CharInfo>, chain: readonly FontSource[], cp: number, ch: string) {
  let info = chars.get(cp);
  if (!info) {
    info = {
      letter: cp < 0x80 ? (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) : LETTER.test(ch),
      first: chain.find((s) => s.has(cp)) ?? null,
    };
    chars.set(cp, info);
  }
  return info;
}

/** Printable ASCII and line breaks: text that cleanPdfText leaves as it is. */
const PLAIN = /^[\n\x20-\x7e]*$/;

/** Text a PDF line can hold: NFC, tabs and odd spaces as spaces, other control characters dropped. */
export function cleanPdfText(value: string): string {
  if (PLAIN.test(value)) return value;
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

/** Lines split recently, per chain: table cells repeat (stores, territories, sale types). */
const splitCache = new WeakMap<readonly FontSource[], Map<string, readonly TextRun[]>>();
const SPLIT_CACHE_SIZE = 5_000;

/**
 * One line of text split into runs by font: a letter goes to the first font of the chain that has
 * it; spaces, digits, punctuation and marks stay in the current run's font when it has them (so
 * "山田 花子" is one run). A character no font has is drawn as U+FFFD (or '?'). The runs may be
 * shared with other callers (they hold no state of a document): never change them.
 */
export function splitRuns(line: string, chain: readonly FontSource[]): readonly TextRun[] {
  let cache = splitCache.get(chain);
  if (!cache) {
    cache = new Map();
    splitCache.set(chain, cache);
  }
  let runs = cache.get(line);
  if (!runs) {
    if (cache.size >= SPLIT_CACHE_SIZE) cache.clear();
    runs = split(line, chain);
    cache.set(line, runs);
  }
  return runs;
}

function split(line: string, chain: readonly FontSource[]): TextRun[] {
  const chars = charsOf(chain);
  const runs: TextRun[] = [];
  let source: FontSource | null = null;
  let text = '';
  let width = 0;
  for (const ch of line) {
    const cp = ch.codePointAt(0)!;
    const info = charInfo(chars, chain, cp, ch);
    let next: FontSource | null = source && !info.letter && source.has(cp) ? source : info.first;
    let drawn = ch;
    let drawnCp = cp;
    if (!next) {
      next = source ?? chain[0]!;
      drawnCp = next.has(0xfffd) ? 0xfffd : 0x3f;
      drawn = String.fromCodePoint(drawnCp);
    }
    if (next !== source) {
      if (source) runs.push({ text, source, width });
      source = next;
      text = '';
      width = 0;
    }
    text += drawn;
    width += next.advance(drawnCp);
  }
  if (source) runs.push({ text, source, width });
  return runs;
}

/** Width of a line at `size` points, measured glyph by glyph over its runs. */
export function textWidth(line: string, chain: readonly FontSource[], size: number): number {
  let width = 0;
  for (const run of splitRuns(line, chain)) width += run.width;
  return width * size;
}
