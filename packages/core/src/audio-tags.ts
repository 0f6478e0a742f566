/**
 * Title and artist from an audio file's own tags, to prefill the Add Tracks form. Pure: works on
 * the first bytes of a file (TAG_HEAD_BYTES are enough for tags written at the start) and, for
 * ID3v1, its last 128 bytes. Never throws: a damaged or truncated tag gives what could be read.
 *
 * Read: ID3v2.2/2.3/2.4 (TIT2, TPE1; text encodings 0-3; synchsafe sizes; unsynchronisation),
 * ID3v1, RIFF WAVE LIST/INFO (INAM, IART) and an "id3 " chunk, AIFF NAME/AUTH and an "ID3 " chunk,
 * FLAC Vorbis comments (TITLE, ARTIST), and Ogg Vorbis, Opus and FLAC-in-Ogg comment headers.
 * Not read: MP4/M4A atoms (their metadata usually sits at the end of the file).
 */

export interface AudioTags {
  title?: string;
  artist?: string;
}

/** How much of the start of a file the browser reads for tags (and for the type check). */
export const TAG_HEAD_BYTES = 256 * 1024;
/** An ID3v1 tag is the last 128 bytes of a file. */
export const ID3V1_BYTES = 128;
/** The server's limit for a title or an artist. */
const MAX_TAG_LENGTH = 200;

type Field = keyof AudioTags;

/**
 * Reads the title and artist. `bytes` is the start of the file (or all of it); `tail` is the end
 * of the file when `bytes` is not all of it, for an ID3v1 tag. Tags at the start win over ID3v1,
 * field by field.
 */
export function readAudioTags(bytes: Uint8Array, tail?: Uint8Array): AudioTags {
  let found: AudioTags = {};
  try {
    found = readLeadingTags(bytes);
  } catch {
    // A malformed tag is no reason to fail: the file name prefills instead.
  }
  if (!found.title || !found.artist) {
    const v1 = readId3v1(tail ?? bytes);
    found = { title: found.title || v1.title, artist: found.artist || v1.artist };
  }
  return cleanTags(found);
}

/**
 * Title and artist from a file name: 'Artist - Title.wav' gives both; any other name gives the
 * name without its extension as the title.
 */
export function tagsFromFileName(fileName: string): AudioTags {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).trim();
  const match = /^(.+?)\s+[-–—]\s+(.+)$/.exec(stem);
  if (match) {
    const artist = match[1]!.trim();
    const title = match[2]!.trim();
    if (artist && title) return cleanTags({ title, artist });
  }
  return cleanTags({ title: stem });
}

// ---------- Helpers ----------

function hasAscii(bytes: Uint8Array, at: number, text: string): boolean {
  if (at < 0 || bytes.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) {
    if (bytes[at + i] !== text.charCodeAt(i)) return false;
  }
  return true;
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String.fromCharCode(bytes[at + i] ?? 0);
  return s;
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u24be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0);
const u32be = (b: Uint8Array, i: number) => u24be(b, i) * 256 + (b[i + 3] ?? 0);
const u32le = (b: Uint8Array, i: number) =>
  ((b[i + 3] ?? 0) * 0x1000000 + (((b[i + 2] ?? 0) << 16) | ((b[i + 1] ?? 0) << 8) | (b[i] ?? 0))) >>> 0;

/** A 28-bit "synchsafe" integer (7 bits a byte), or null when a byte has its top bit set. */
function synchsafe(b: Uint8Array, i: number): number | null {
  let n = 0;
  for (let k = 0; k < 4; k++) {
    const byte = b[i + k];
    if (byte === undefined || byte >= 0x80) return null;
    n = n * 128 + byte;
  }
  return n;
}

function decodeLatin1(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return s;
}

const utf8 = new TextDecoder('utf-8');
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-16 with an optional byte order mark (little-endian without one, as most writers do). */
function decodeUtf16(bytes: Uint8Array, isBigEndianDefault: boolean): string {
  let isBigEndian = isBigEndianDefault;
  const units: number[] = [];
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const unit = isBigEndian ? (bytes[i]! << 8) | bytes[i + 1]! : bytes[i]! | (bytes[i + 1]! << 8);
    // A byte order mark (one may start every value of a multi-value frame) sets the order.
    if (unit === 0xfeff) continue;
    if (unit === 0xfffe) {
      isBigEndian = !isBigEndian;
      continue;
    }
    units.push(unit);
  }
  let s = '';
  for (let i = 0; i < units.length; i += 4096) s += String.fromCharCode(...units.slice(i, i + 4096));
  return s;
}

/** Text of unknown encoding (RIFF INFO, AIFF): UTF-8 when it is valid UTF-8, else Latin-1. */
function decodeUtf8OrLatin1(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return decodeLatin1(bytes);
  }
}

/** Up to the first NUL. */
const beforeNul = (text: string) => {
  const nul = text.indexOf('\u0000');
  return nul === -1 ? text : text.slice(0, nul);
};

function cleanText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f\ufeff]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return undefined;
  return Array.from(text).slice(0, MAX_TAG_LENGTH).join('').trim();
}

function cleanTags(tags: AudioTags): AudioTags {
  const out: AudioTags = {};
  const title = cleanText(tags.title);
  const artist = cleanText(tags.artist);
  if (title) out.title = title;
  if (artist) out.artist = artist;
  return out;
}

/** Fills the fields `into` lacks from `from`. */
function merge(into: AudioTags, from: AudioTags | null | undefined): AudioTags {
  if (!from) return into;
  return { title: into.title || from.title, artist: into.artist || from.artist };
}

const isComplete = (tags: AudioTags) => Boolean(tags.title && tags.artist);

// ---------- Container dispatch ----------

function readLeadingTags(bytes: Uint8Array): AudioTags {
  if (hasAscii(bytes, 0, 'ID3')) {
    const id3 = readId3v2(bytes, 0);
    if (!id3) return {};
    // An ID3v2 tag may precede a FLAC stream (not standard, but common).
    if (!isComplete(id3.tags) && hasAscii(bytes, id3.end, 'fLaC')) {
      return merge(id3.tags, readFlac(bytes, id3.end));
    }
    return id3.tags;
  }
  if (
    (hasAscii(bytes, 0, 'RIFF') || hasAscii(bytes, 0, 'RF64') || hasAscii(bytes, 0, 'BW64')) &&
    hasAscii(bytes, 8, 'WAVE')
  ) {
    return readRiff(bytes);
  }
  if (hasAscii(bytes, 0, 'FORM') && (hasAscii(bytes, 8, 'AIFF') || hasAscii(bytes, 8, 'AIFC'))) {
    return readAiff(bytes);
  }
  if (hasAscii(bytes, 0, 'fLaC')) return readFlac(bytes, 0);
  if (hasAscii(bytes, 0, 'OggS')) return readOgg(bytes);
  return {};
}

// ---------- ID3v2 ----------

const ID3_FIELDS: Record<string, Field> = { TIT2: 'title', TPE1: 'artist', TT2: 'title', TP1: 'artist' };

/** Removes the 00 that unsynchronisation inserts after every FF. */
function removeUnsync(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    out[n++] = bytes[i]!;
    if (bytes[i] === 0xff && bytes[i + 1] === 0x00) i++;
  }
  return out.subarray(0, n);
}

const FRAME_ID = { 3: /^[A-Z0-9]{3}$/, 4: /^[A-Z0-9]{4}$/ } as const;
const isFrameId = (id: string, length: 3 | 4) => FRAME_ID[length].test(id);

/** Where a frame ends is believable: the end of the tag, padding, or another frame's id. */
function isFrameBoundary(body: Uint8Array, at: number): boolean {
  if (at === body.length) return true;
  if (at > body.length) return false;
  return body[at] === 0 || isFrameId(ascii(body, at, 4), 4);
}

/**
 * A v2.4 frame size is synchsafe, but some writers (older iTunes) stored a plain 32-bit number:
 * take the plain reading when only it lands on a frame boundary.
 */
function id3v24FrameSize(body: Uint8Array, at: number): number {
  const plain = u32be(body, at + 4);
  const safe = synchsafe(body, at + 4);
  if (safe === null) return plain;
  if (safe === plain) return safe;
  if (!isFrameBoundary(body, at + 10 + safe) && isFrameBoundary(body, at + 10 + plain)) return plain;
  return safe;
}

function decodeId3Text(data: Uint8Array, major: number): string | undefined {
  const encoding = data[0];
  const raw = data.subarray(1);
  let text: string;
  switch (encoding) {
    case 0:
      text = decodeLatin1(raw);
      break;
    case 1:
      text = decodeUtf16(raw, false);
      break;
    case 2:
      text = decodeUtf16(raw, true);
      break;
    case 3:
      text = utf8.decode(raw);
      break;
    default:
      return undefined;
  }
  // v2.4 separates several values with NUL; before it a NUL ends the text (what follows is junk).
  if (major < 4) return beforeNul(text);
  return text
    .split('\u0000')
    .map((v) => v.trim())
    .filter(Boolean)
    .join(', ');
}

/** The frame's text data once its flags are applied, or null for a compressed or encrypted frame. */
function frameData(data: Uint8Array, major: number, flags: number, isTagUnsync: boolean): Uint8Array | null {
  let out = data;
  if (major === 3) {
    if (flags & 0x00c0) return null; // compression, encryption
    if (flags & 0x0020) out = out.subarray(1); // grouping identity
    return out;
  }
  if (major === 4) {
    if (flags & 0x000c) return null; // compression, encryption
    if (flags & 0x0040) out = out.subarray(1); // grouping identity
    if (flags & 0x0001) out = out.subarray(4); // data length indicator
    if (flags & 0x0002 || isTagUnsync) out = removeUnsync(out);
  }
  return out;
}

/** An ID3v2 tag at `at`: its title and artist, and where the tag ends. Null if it is not one. */
function readId3v2(bytes: Uint8Array, at: number): { tags: AudioTags; end: number } | null {
  if (!hasAscii(bytes, at, 'ID3') || bytes.length < at + 10) return null;
  const major = bytes[at + 3]!;
  const flags = bytes[at + 5]!;
  const size = synchsafe(bytes, at + 6);
  if (size === null || major === 0xff) return null;
  const end = at + 10 + size + (major === 4 && flags & 0x10 ? 10 : 0);
  const tags: AudioTags = {};
  // v2.2's bit 6 means compression, which no one implemented: skip such a tag.
  if (major < 2 || major > 4 || (major === 2 && flags & 0x40)) return { tags, end };

  let body = bytes.subarray(at + 10, Math.min(bytes.length, at + 10 + size));
  const isTagUnsync = (flags & 0x80) !== 0;
  // Before v2.4 unsynchronisation applies to the whole tag; in v2.4 to each frame.
  if (major < 4 && isTagUnsync) body = removeUnsync(body);

  let pos = 0;
  if (major >= 3 && flags & 0x40) {
    // v2.3: the size leaves out its own 4 bytes; v2.4: synchsafe and includes them.
    pos = major === 3 ? 4 + u32be(body, 0) : (synchsafe(body, 0) ?? body.length);
  }

  const headerSize = major === 2 ? 6 : 10;
  const idLength = major === 2 ? 3 : 4;
  while (pos + headerSize <= body.length && !isComplete(tags)) {
    if (body[pos] === 0) break; // padding
    const id = ascii(body, pos, idLength);
    if (!isFrameId(id, idLength)) break;
    const frameSize =
      major === 2 ? u24be(body, pos + 3) : major === 3 ? u32be(body, pos + 4) : id3v24FrameSize(body, pos);
    const start = pos + headerSize;
    const stop = start + frameSize;
    if (stop > body.length) break; // truncated: the rest is past the bytes read
    const field = ID3_FIELDS[id];
    if (field && !tags[field] && frameSize > 1) {
      const flagsOfFrame = major === 2 ? 0 : u16be(body, pos + 8);
      const data = frameData(body.subarray(start, stop), major, flagsOfFrame, isTagUnsync);
      const text = data ? cleanText(decodeId3Text(data, major)) : undefined;
      if (text) tags[field] = text;
    }
    pos = stop;
  }
  return { tags, end };
}

// ---------- ID3v1 ----------

function readId3v1(bytes: Uint8Array): AudioTags {
  if (bytes.length < ID3V1_BYTES) return {};
  const at = bytes.length - ID3V1_BYTES;
  if (!hasAscii(bytes, at, 'TAG')) return {};
  const field = (offset: number) =>
    cleanText(beforeNul(decodeLatin1(bytes.subarray(at + offset, at + offset + 30))));
  return { title: field(3), artist: field(33) };
}

// ---------- Vorbis comments (FLAC, Ogg Vorbis, Opus) ----------

/** A Vorbis comment block from `at` to `end`: vendor string, then KEY=value entries (UTF-8). */
function readVorbisComments(bytes: Uint8Array, at: number, end: number): AudioTags {
  const limit = Math.min(end, bytes.length);
  let pos = at + 4 + u32le(bytes, at);
  if (pos + 4 > limit) return {};
  const count = u32le(bytes, pos);
  pos += 4;
  let title: string | undefined;
  const artists: string[] = [];
  for (let i = 0; i < count && pos + 4 <= limit; i++) {
    const length = u32le(bytes, pos);
    pos += 4;
    if (pos + length > limit) break;
    const entry = utf8.decode(bytes.subarray(pos, pos + length));
    pos += length;
    const eq = entry.indexOf('=');
    if (eq <= 0) continue;
    const key = entry.slice(0, eq).toUpperCase();
    const value = cleanText(entry.slice(eq + 1));
    if (!value) continue;
    if (key === 'TITLE' && !title) title = value;
    else if (key === 'ARTIST' && !artists.includes(value)) artists.push(value);
  }
  return { title, artist: artists.length > 0 ? artists.join(', ') : undefined };
}

/** FLAC metadata blocks after the 'fLaC' at `at`; block type 4 holds the Vorbis comments. */
function readFlac(bytes: Uint8Array, at: number): AudioTags {
  let pos = at + 4;
  while (pos + 4 <= bytes.length) {
    const header = bytes[pos]!;
    const length = u24be(bytes, pos + 1);
    const start = pos + 4;
    if ((header & 0x7f) === 4) return readVorbisComments(bytes, start, start + length);
    if (header & 0x80) break; // the last metadata block
    pos = start + length;
  }
  return {};
}

/**
 * The first two packets of the file's first logical Ogg stream (the identification and comment
 * headers), reassembled from pages; the second may be cut short by the end of the bytes read.
 */
function oggHeaderPackets(bytes: Uint8Array): Uint8Array[] {
  const packets: Uint8Array[] = [];
  let parts: Uint8Array[] = [];
  let serial: number | null = null;
  let pos = 0;
  const join = (chunks: Uint8Array[]) => {
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let n = 0;
    for (const c of chunks) {
      out.set(c, n);
      n += c.length;
    }
    return out;
  };
  while (packets.length < 2 && pos + 27 <= bytes.length && hasAscii(bytes, pos, 'OggS')) {
    const pageSerial = u32le(bytes, pos + 14);
    const segments = bytes[pos + 26]!;
    let data = pos + 27 + segments;
    let pageEnd = data;
    for (let i = 0; i < segments; i++) pageEnd += bytes[pos + 27 + i] ?? 0;
    serial ??= pageSerial;
    if (pageSerial === serial) {
      for (let i = 0; i < segments && packets.length < 2; i++) {
        const lace = bytes[pos + 27 + i] ?? 0;
        parts.push(bytes.subarray(data, Math.min(data + lace, bytes.length)));
        data += lace;
        if (lace < 255) {
          packets.push(join(parts));
          parts = [];
        }
      }
    }
    pos = pageEnd;
  }
  if (packets.length < 2 && parts.length > 0) packets.push(join(parts));
  return packets;
}

function readOgg(bytes: Uint8Array): AudioTags {
  const [first, second] = oggHeaderPackets(bytes);
  if (!first || !second) return {};
  if (
    first[0] === 0x01 &&
    hasAscii(first, 1, 'vorbis') &&
    second[0] === 0x03 &&
    hasAscii(second, 1, 'vorbis')
  ) {
    return readVorbisComments(second, 7, second.length);
  }
  if (hasAscii(first, 0, 'OpusHead') && hasAscii(second, 0, 'OpusTags')) {
    return readVorbisComments(second, 8, second.length);
  }
  // FLAC in Ogg: the second packet is a FLAC metadata block, the Vorbis comments first.
  if (first[0] === 0x7f && hasAscii(first, 1, 'FLAC') && ((second[0] ?? 0) & 0x7f) === 4) {
    return readVorbisComments(second, 4, 4 + u24be(second, 1));
  }
  return {};
}

// ---------- RIFF WAVE and AIFF ----------

/** RIFF INFO subchunks from `at` to `end` (little-endian sizes, even padding). */
function readRiffInfo(bytes: Uint8Array, at: number, end: number): AudioTags {
  const tags: AudioTags = {};
  let pos = at;
  while (pos + 8 <= end) {
    const id = ascii(bytes, pos, 4);
    const size = u32le(bytes, pos + 4);
    const start = pos + 8;
    const stop = Math.min(start + size, end);
    const field: Field | undefined = id === 'INAM' ? 'title' : id === 'IART' ? 'artist' : undefined;
    if (field && !tags[field])
      tags[field] = cleanText(beforeNul(decodeUtf8OrLatin1(bytes.subarray(start, stop))));
    pos = start + size + (size & 1);
  }
  return tags;
}

function readRiff(bytes: Uint8Array): AudioTags {
  let tags: AudioTags = {};
  let pos = 12;
  while (pos + 8 <= bytes.length && !isComplete(tags)) {
    const id = ascii(bytes, pos, 4);
    const size = u32le(bytes, pos + 4);
    const start = pos + 8;
    const end = Math.min(start + size, bytes.length);
    if (id === 'LIST' && hasAscii(bytes, start, 'INFO'))
      tags = merge(tags, readRiffInfo(bytes, start + 4, end));
    else if (id === 'id3 ' || id === 'ID3 ') tags = merge(tags, readId3v2(bytes, start)?.tags);
    pos = start + size + (size & 1);
  }
  return tags;
}

function readAiff(bytes: Uint8Array): AudioTags {
  let tags: AudioTags = {};
  let pos = 12;
  while (pos + 8 <= bytes.length && !isComplete(tags)) {
    const id = ascii(bytes, pos, 4);
    const size = u32be(bytes, pos + 4);
    const start = pos + 8;
    const end = Math.min(start + size, bytes.length);
    const text = () => cleanText(beforeNul(decodeUtf8OrLatin1(bytes.subarray(start, end))));
    if (id === 'NAME') tags = merge(tags, { title: text() });
    else if (id === 'AUTH') tags = merge(tags, { artist: text() });
    else if (id === 'ID3 ' || id === 'id3 ') tags = merge(tags, readId3v2(bytes, start)?.tags);
    pos = start + size + (size & 1);
  }
  return tags;
}
