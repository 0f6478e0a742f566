/**
 * The text encoding of a statement file: judged once from the start of the file, then applied to
 * every chunk. A byte that the chosen encoding cannot hold is never replaced silently: the decoder
 * stops before it and says so, and the reader names the row it sits in.
 */
import { isUtf8 } from 'node:buffer';

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** How much of the start of a file decides its encoding and delimiter. */
export const HEAD_BYTES = 64 * 1024;

export type EncodingVerdict =
  | { ok: true; encoding: TextEncodingName }
  | { ok: false; reason: 'unknown_encoding' | 'not_tabular' };

/** Bytes that Windows-1252 leaves undefined: text with them is in some other encoding. */
const UNDEFINED_1252 = [0x81, 0x8d, 0x8f, 0x90, 0x9d];

/** Length of `bytes` without a multi-byte UTF-8 sequence cut off at its end. */
function completeUtf8Length(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let back = 1; back <= Math.min(3, end); back++) {
    const byte = bytes[end - back]!;
    if (byte < 0x80) return end;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return length > back ? end - back : end;
    }
  }
  return end;
}

/**
 * The encoding of a file from its first bytes (`isWholeFile` when they are all of it): a byte order
 * mark says UTF-8 or UTF-16; otherwise valid UTF-8 is UTF-8 and other text whose bytes all exist in
 * Windows-1252 is Windows-1252. UTF-32, UTF-16 without a byte order mark and binary are refused.
 */
export function detectEncoding(head: Uint8Array, isWholeFile: boolean): EncodingVerdict {
  const [b0, b1, b2, b3] = head;
  if (
    (b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0) ||
    (b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff)
  )
    return { ok: false, reason: 'unknown_encoding' };
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) {
    const rest = head.subarray(3, isWholeFile ? head.length : completeUtf8Length(head));
    if (rest.includes(0) || hasBinaryControls(rest)) return { ok: false, reason: 'not_tabular' };
    return isUtf8(rest) ? { ok: true, encoding: 'utf-8' } : { ok: false, reason: 'unknown_encoding' };
  }
  if (b0 === 0xff && b1 === 0xfe) return { ok: true, encoding: 'utf-16le' };
  if (b0 === 0xfe && b1 === 0xff) return { ok: true, encoding: 'utf-16be' };

  const nulls = countNulls(head);
  if (nulls > 0) {
    // Text in UTF-16 or UTF-32 without a byte order mark has a NUL beside nearly every ASCII letter;
    // binary has them scattered. The first deserves the advice on encodings.
    return { ok: false, reason: nulls >= head.length / 4 ? 'unknown_encoding' : 'not_tabular' };
  }
  if (hasBinaryControls(head)) return { ok: false, reason: 'not_tabular' };
  if (isUtf8(isWholeFile ? head : head.subarray(0, completeUtf8Length(head))))
    return { ok: true, encoding: 'utf-8' };
  if (UNDEFINED_1252.some((byte) => head.includes(byte))) return { ok: false, reason: 'unknown_encoding' };
  return { ok: true, encoding: 'windows-1252' };
}

function countNulls(bytes: Uint8Array): number {
  let total = 0;
  for (let i = bytes.indexOf(0); i >= 0; i = bytes.indexOf(0, i + 1)) total++;
  return total;
}

/**
 * Whether bytes hold more control characters than text does (tab, line breaks, form feed and the old
 * end-of-file mark aside): a few are tolerated, as exports sometimes carry one.
 */
function hasBinaryControls(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 16 * 1024);
  let controls = 0;
  for (const byte of sample) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1a)
      controls++;
  }
  return controls > Math.max(2, sample.length / 100);
}

/** hasBinaryControls for decoded text (UTF-16, whose bytes are not judged one by one). */
export function hasControlCharacters(text: string): boolean {
  const length = Math.min(text.length, 16 * 1024);
  let controls = 0;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1a) controls++;
  }
  return controls > Math.max(2, length / 100);
}

/** Length of the byte order mark a file in this encoding starts with (0 when it has none). */
export function bomLength(head: Uint8Array, encoding: TextEncodingName): number {
  if (encoding === 'utf-8') return head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  if (encoding === 'utf-16le') return head[0] === 0xff && head[1] === 0xfe ? 2 : 0;
  if (encoding === 'utf-16be') return head[0] === 0xfe && head[1] === 0xff ? 2 : 0;
  return 0;
}

/**
 * Windows-1252 is Latin-1 apart from 0x80-0x9F, where it has letters and punctuation (WHATWG's
 * table; the five undefined bytes are refused before decoding). Node's TextDecoder decodes the label
 * as Latin-1, turning an en dash into a control character, hence the table.
 */
const WINDOWS_1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';
const C1 = /[\u0080-\u009F]/g;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What one chunk decodes to; `invalid` when decoding stopped at a byte the encoding cannot hold. */
export interface DecodedChunk {
  text: string;
  invalid: boolean;
}

/**
 * Decodes a file chunk by chunk in one encoding, the byte order mark skipped. A character cut
 * between two chunks waits for the next one. At a byte the encoding cannot hold, it returns the text
 * before that byte with `invalid` set; the caller stops there.
 */
export class ChunkDecoder {
  private carry: Buffer = Buffer.alloc(0);
  private started = false;

  constructor(readonly encoding: TextEncodingName) {}

  decode(chunk: Uint8Array, final = false): DecodedChunk {
    let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.carry.length > 0) bytes = Buffer.concat([this.carry, bytes]);
    if (!this.started) {
      if (bytes.length < 3 && !final) {
        this.carry = Buffer.from(bytes);
        return { text: '', invalid: false };
      }
      this.started = true;
      bytes = bytes.subarray(bomLength(bytes, this.encoding));
    }
    let end = bytes.length;
    if (!final) {
      if (this.encoding === 'utf-8') end = completeUtf8Length(bytes);
      else if (this.encoding !== 'windows-1252')
        end = completeUtf16Length(bytes, this.encoding === 'utf-16be');
    }
    // Copied: the chunk's memory belongs to the stream.
    this.carry = Buffer.from(bytes.subarray(end));
    const whole = bytes.subarray(0, end);
    if (final && this.carry.length > 0) {
      this.carry = Buffer.alloc(0);
      const decoded = this.decodeComplete(whole);
      return { text: decoded.text, invalid: true };
    }
    return this.decodeComplete(whole);
  }

  /** The text of whole characters, cut before a NUL: no text holds one, and PostgreSQL cannot store it. */
  private decodeComplete(bytes: Buffer): DecodedChunk {
    const decoded = this.decodeCharacters(bytes);
    const nul = decoded.text.indexOf('\0');
    return nul < 0 ? decoded : { text: decoded.text.slice(0, nul), invalid: true };
  }

  private decodeCharacters(bytes: Buffer): DecodedChunk {
    switch (this.encoding) {
      case 'utf-8': {
        if (isUtf8(bytes)) return { text: bytes.toString('utf8'), invalid: false };
        const at = firstInvalidUtf8(bytes);
        return { text: bytes.toString('utf8', 0, at), invalid: true };
      }
      case 'windows-1252': {
        let at = -1;
        for (const byte of UNDEFINED_1252) {
          const i = bytes.indexOf(byte);
          if (i >= 0 && (at < 0 || i < at)) at = i;
        }
        const text = bytes.toString('latin1', 0, at < 0 ? bytes.length : at);
        const mapped = C1.test(text)
          ? text.replace(C1, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]!)
          : text;
        C1.lastIndex = 0;
        return { text: mapped, invalid: at >= 0 };
      }
      default: {
        const units = this.encoding === 'utf-16be' ? Buffer.from(bytes).swap16() : bytes;
        const text = units.toString('utf16le');
        const lone = LONE_SURROGATE.exec(text);
        return lone ? { text: text.slice(0, lone.index), invalid: true } : { text, invalid: false };
      }
    }
  }
}

/** Even length, and a high surrogate at the end kept for the next chunk. */
function completeUtf16Length(bytes: Uint8Array, bigEndian: boolean): number {
  let end = bytes.length - (bytes.length % 2);
  if (end >= 2) {
    const high = bigEndian ? bytes[end - 2]! : bytes[end - 1]!;
    if (high >= 0xd8 && high <= 0xdb) end -= 2;
  }
  return end;
}

/** Offset of the first byte that breaks UTF-8 (only called on bytes known to be invalid). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    let length = 0;
    let min = 0x80;
    let max = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) min = 0xa0;
      if (lead === 0xed) max = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) min = 0x90;
      if (lead === 0xf4) max = 0x8f;
    }
    if (length === 0 || i + length > bytes.length) return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k]!;
      if (k === 1 ? next < min || next > max : next < 0x80 || next > 0xbf) return i;
    }
    i += length;
  }
  return bytes.length;
}
