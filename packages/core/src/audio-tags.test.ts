import { describe, expect, it } from 'vitest';
import { readAudioTags, tagsFromFileName } from './audio-tags.ts';

// ---------- Byte builders ----------

type Part = string | number[] | Uint8Array;

/** Bytes from Latin-1 strings, byte lists and arrays, in order. */
function bytes(...parts: Part[]): Uint8Array {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === 'string') for (const ch of part) out.push(ch.charCodeAt(0) & 0xff);
    else out.push(...part);
  }
  return Uint8Array.from(out);
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const utf16le = (text: string) => {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) out.push(text.charCodeAt(i) & 0xff, text.charCodeAt(i) >> 8);
  return out;
};
const utf16be = (text: string) => {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) out.push(text.charCodeAt(i) >> 8, text.charCodeAt(i) & 0xff);
  return out;
};
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const be24 = (n: number) => [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const synchsafe = (n: number) => [(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f];

// MPEG-1 layer III frame header: what follows a tag in an MP3.
const MP3_FRAME = [0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0];

/** An ID3v2 text frame: encoding byte then the text bytes. */
function frame(version: 2 | 3 | 4, id: string, encoding: number, text: Part, flags = [0, 0]): Uint8Array {
  const data = bytes([encoding], text);
  if (version === 2) return bytes(id, be24(data.length), data);
  const size = version === 4 ? synchsafe(data.length) : be32(data.length);
  return bytes(id, size, flags, data);
}

function id3(
  version: 2 | 3 | 4,
  frames: Uint8Array[],
  { flags = 0, padding = 16, extended = [] as number[] } = {},
) {
  const body = bytes(extended, ...frames, new Array(padding).fill(0));
  return bytes('ID3', [version, 0, flags], synchsafe(body.length), body);
}

function id3v1(title: string, artist: string): Uint8Array {
  const field = (text: string) => bytes(text, new Array(30 - text.length).fill(0));
  return bytes('TAG', field(title), field(artist), field('Album'), '2024', field(''), [12]);
}

function riffChunk(id: string, data: Uint8Array): Uint8Array {
  return bytes(id, le32(data.length), data, data.length % 2 ? [0] : []);
}

function wav(...chunks: Uint8Array[]): Uint8Array {
  const fmt = riffChunk('fmt ', bytes([1, 0, 1, 0], le32(8000), le32(16000), [2, 0, 16, 0]));
  const body = bytes('WAVE', fmt, ...chunks);
  return bytes('RIFF', le32(body.length), body);
}

function vorbisComment(entries: string[], vendor = 'test vendor'): Uint8Array {
  const v = utf8(vendor);
  const list = entries.map((e) => {
    const b = utf8(e);
    return bytes(le32(b.length), b);
  });
  return bytes(le32(v.length), v, le32(entries.length), ...list);
}

/** An Ogg page holding `packets`, each laced into 255-byte segments. */
function oggPage(serial: number, sequence: number, packets: Uint8Array[], headerType = 0): Uint8Array {
  const lacing: number[] = [];
  for (const packet of packets) {
    let left = packet.length;
    while (left >= 255) {
      lacing.push(255);
      left -= 255;
    }
    lacing.push(left);
  }
  return bytes(
    'OggS',
    [0, headerType],
    new Array(8).fill(0),
    le32(serial),
    le32(sequence),
    le32(0),
    [lacing.length],
    lacing,
    ...packets,
  );
}

// ---------- ID3v2 ----------

describe('readAudioTags: ID3v2', () => {
  it('reads TIT2 and TPE1 of a v2.3 tag in Latin-1 and UTF-16 with a byte order mark', () => {
    const tag = id3(3, [
      frame(3, 'TALB', 0, 'An album'),
      frame(3, 'TIT2', 0, 'Caf\u00e9 Nights'),
      frame(3, 'TPE1', 1, bytes([0xff, 0xfe], utf16le('Zo\u00eb & the \u266b'), [0, 0])),
    ]);
    expect(readAudioTags(bytes(tag, MP3_FRAME))).toEqual({ title: 'Café Nights', artist: 'Zoë & the ♫' });
  });

  it('reads UTF-16 big-endian with a byte order mark', () => {
    const tag = id3(3, [frame(3, 'TIT2', 1, bytes([0xfe, 0xff], utf16be('Big End')))]);
    expect(readAudioTags(tag)).toEqual({ title: 'Big End' });
  });

  it('reads a v2.4 tag: UTF-8, UTF-16BE without a mark, synchsafe sizes over 127, several values', () => {
    const longTitle = `Long ${'la'.repeat(80)}`; // 165 bytes: synchsafe and plain sizes differ
    const tag = id3(4, [
      frame(4, 'TIT2', 3, utf8(longTitle)),
      frame(4, 'TPE1', 3, bytes(utf8('Björk'), [0], utf8('Sigur Rós'), [0])),
    ]);
    expect(readAudioTags(tag)).toEqual({ title: longTitle, artist: 'Björk, Sigur Rós' });
    const be = id3(4, [frame(4, 'TIT2', 2, utf16be('Plain BE')), frame(4, 'TPE1', 2, utf16be('Band'))]);
    expect(readAudioTags(be)).toEqual({ title: 'Plain BE', artist: 'Band' });
  });

  it('takes a v2.3 text up to its first NUL', () => {
    const tag = id3(3, [frame(3, 'TIT2', 0, bytes('Real', [0], 'junk'))]);
    expect(readAudioTags(tag)).toEqual({ title: 'Real' });
  });

  it('accepts v2.4 frame sizes written as plain numbers (older iTunes)', () => {
    const title = 'x'.repeat(200);
    const data = bytes([0], title);
    const plainFrame = bytes('TIT2', be32(data.length), [0, 0], data);
    const tag = id3(4, [plainFrame, frame(4, 'TPE1', 0, 'After')]);
    expect(readAudioTags(tag)).toEqual({ title, artist: 'After' });
  });

  it('skips a v2.3 extended header and a v2.4 one', () => {
    const v3 = id3(3, [frame(3, 'TIT2', 0, 'Three')], {
      flags: 0x40,
      extended: [...be32(6), 0, 0, ...be32(0)],
    });
    expect(readAudioTags(v3)).toEqual({ title: 'Three' });
    const v4 = id3(4, [frame(4, 'TIT2', 0, 'Four')], { flags: 0x40, extended: [...synchsafe(6), 1, 0] });
    expect(readAudioTags(v4)).toEqual({ title: 'Four' });
  });

  it('undoes unsynchronisation: the whole tag in v2.3, per frame in v2.4', () => {
    // Latin-1 'ÿ' is FF; unsynchronisation writes FF 00.
    const v3 = id3(3, [frame(3, 'TIT2', 0, bytes([0xff, 0x00], 'es'))], { flags: 0x80 });
    expect(readAudioTags(v3)).toEqual({ title: 'ÿes' });
    const v4 = id3(4, [frame(4, 'TIT2', 0, bytes([0xff, 0x00], 'es'), [0, 0x02])]);
    expect(readAudioTags(v4)).toEqual({ title: 'ÿes' });
  });

  it('skips the v2.4 data length indicator and grouping byte, and compressed frames', () => {
    const withDli = bytes('TIT2', synchsafe(9), [0, 0x41], [7], synchsafe(4), [0], 'One');
    const compressed = bytes('TPE1', synchsafe(8), [0, 0x09], synchsafe(4), [0], 'Zip');
    const tag = id3(4, [withDli, compressed, frame(4, 'TPE1', 0, 'Plain')]);
    expect(readAudioTags(tag)).toEqual({ title: 'One', artist: 'Plain' });
  });

  it('reads v2.2 (TT2, TP1)', () => {
    const tag = id3(2, [frame(2, 'TT2', 0, 'Old'), frame(2, 'TP1', 0, 'Timer')]);
    expect(readAudioTags(tag)).toEqual({ title: 'Old', artist: 'Timer' });
  });

  it('reads what fits when the tag is cut short, and never throws on damage', () => {
    const tag = id3(3, [frame(3, 'TIT2', 0, 'Kept'), frame(3, 'TPE1', 0, 'Lost in the cut')]);
    expect(readAudioTags(tag.subarray(0, tag.length - 20))).toEqual({ title: 'Kept' });
    expect(readAudioTags(bytes('ID3', [3, 0, 0], [0xff, 0xff, 0xff, 0xff]))).toEqual({});
    expect(readAudioTags(bytes('ID3', [4, 0, 0], synchsafe(100), 'TIT2', [0xff, 0xff, 0xff, 0xff]))).toEqual(
      {},
    );
    expect(readAudioTags(new Uint8Array(0))).toEqual({});
    expect(readAudioTags(Uint8Array.from({ length: 4096 }, (_, i) => (i * 131) % 256))).toEqual({});
  });
});

// ---------- ID3v1 ----------

describe('readAudioTags: ID3v1', () => {
  it('reads the last 128 bytes, given as the tail or at the end of the bytes', () => {
    const v1 = id3v1('Tail Title', 'Tail Artist');
    expect(readAudioTags(bytes(MP3_FRAME), bytes(MP3_FRAME, v1))).toEqual({
      title: 'Tail Title',
      artist: 'Tail Artist',
    });
    expect(readAudioTags(bytes(MP3_FRAME, v1))).toEqual({ title: 'Tail Title', artist: 'Tail Artist' });
  });

  it('fills only what the ID3v2 tag lacks', () => {
    const head = bytes(id3(3, [frame(3, 'TIT2', 0, 'From v2')]), MP3_FRAME);
    expect(readAudioTags(head, id3v1('From v1', 'Artist v1'))).toEqual({
      title: 'From v2',
      artist: 'Artist v1',
    });
  });

  it('ignores a tail without TAG', () => {
    expect(readAudioTags(bytes(MP3_FRAME), new Uint8Array(128))).toEqual({});
  });
});

// ---------- RIFF WAVE and AIFF ----------

describe('readAudioTags: WAV and AIFF', () => {
  const info = (...subchunks: Uint8Array[]) => riffChunk('LIST', bytes('INFO', ...subchunks));

  it('reads LIST/INFO INAM and IART, with odd sizes padded, before or after the data', () => {
    const list = info(
      riffChunk('ISFT', bytes('Lavf', [0])),
      riffChunk('INAM', bytes('Wave Song', [0])),
      riffChunk('IART', bytes('Odd', [0])),
    );
    const data = riffChunk('data', new Uint8Array(64));
    expect(readAudioTags(wav(list, data))).toEqual({ title: 'Wave Song', artist: 'Odd' });
    expect(readAudioTags(wav(data, list))).toEqual({ title: 'Wave Song', artist: 'Odd' });
  });

  it('reads UTF-8 INFO text, and Latin-1 when it is not UTF-8', () => {
    const list = info(
      riffChunk('INAM', bytes(utf8('Señor'), [0])),
      riffChunk('IART', bytes('M\u00fcller', [0])),
    );
    expect(readAudioTags(wav(list))).toEqual({ title: 'Señor', artist: 'Müller' });
  });

  it('reads an id3 chunk inside the WAV', () => {
    const tag = id3(3, [frame(3, 'TIT2', 0, 'In Chunk'), frame(3, 'TPE1', 0, 'Chunky')], { padding: 0 });
    expect(readAudioTags(wav(riffChunk('data', new Uint8Array(8)), riffChunk('id3 ', tag)))).toEqual({
      title: 'In Chunk',
      artist: 'Chunky',
    });
  });

  it('finds nothing when the tags are past the bytes read', () => {
    const file = wav(riffChunk('data', new Uint8Array(2000)), info(riffChunk('INAM', bytes('Late', [0]))));
    expect(readAudioTags(file.subarray(0, 1024))).toEqual({});
  });

  it('reads AIFF NAME and AUTH chunks', () => {
    const chunk = (id: string, data: Uint8Array) =>
      bytes(id, be32(data.length), data, data.length % 2 ? [0] : []);
    const body = bytes(
      'AIFF',
      chunk('COMM', new Uint8Array(18)),
      chunk('NAME', bytes('Aiff Song')),
      chunk('AUTH', bytes('Apple')),
    );
    expect(readAudioTags(bytes('FORM', be32(body.length), body))).toEqual({
      title: 'Aiff Song',
      artist: 'Apple',
    });
  });
});

// ---------- FLAC and Ogg ----------

describe('readAudioTags: FLAC and Ogg', () => {
  const streamInfo = bytes([0x00], be24(34), new Array(34).fill(0));

  it('reads FLAC Vorbis comments, keys in any case, several artists joined', () => {
    const comments = vorbisComment(['title=Flac Song', 'ARTIST=One', 'Artist=Two', 'ALBUM=Whatever']);
    const file = bytes(
      'fLaC',
      streamInfo,
      [0x01],
      be24(8),
      new Array(8).fill(0), // padding block
      [0x84],
      be24(comments.length),
      comments,
    );
    expect(readAudioTags(file)).toEqual({ title: 'Flac Song', artist: 'One, Two' });
  });

  it('reads FLAC comments behind an ID3v2 tag, the tag winning', () => {
    const comments = vorbisComment(['TITLE=From Flac', 'ARTIST=Flac Artist']);
    const file = bytes(
      id3(3, [frame(3, 'TIT2', 0, 'From ID3')], { padding: 0 }),
      'fLaC',
      streamInfo,
      [0x84],
      be24(comments.length),
      comments,
    );
    expect(readAudioTags(file)).toEqual({ title: 'From ID3', artist: 'Flac Artist' });
  });

  it('reads Ogg Vorbis comments laced over 255-byte segments and two pages', () => {
    const ident = bytes([0x01], 'vorbis', new Array(23).fill(0));
    const comments = vorbisComment(['TITLE=Ogg Song', 'ARTIST=Vorbis Band'], 'v'.repeat(500));
    const comment = bytes([0x03], 'vorbis', comments, [1]);
    const setup = bytes([0x05], 'vorbis', new Array(10).fill(0));
    expect(comment.length).toBeGreaterThan(510);
    expect(comment.length).toBeLessThan(765);
    // Page 2 holds two full segments of the comment packet (not ended: both are 255 bytes);
    // page 3 holds the rest of it, then the setup packet.
    const page2 = bytes(
      'OggS',
      [0, 0],
      new Array(8).fill(0),
      le32(7),
      le32(1),
      le32(0),
      [2, 255, 255],
      comment.subarray(0, 510),
    );
    const rest = comment.subarray(510);
    const page3 = bytes(
      'OggS',
      [0, 1],
      new Array(8).fill(0),
      le32(7),
      le32(2),
      le32(0),
      [2, rest.length, setup.length],
      rest,
      setup,
    );
    const file = bytes(oggPage(7, 0, [ident], 0x02), page2, page3);
    expect(readAudioTags(file)).toEqual({ title: 'Ogg Song', artist: 'Vorbis Band' });
  });

  it('reads Opus tags', () => {
    const head = bytes('OpusHead', [1, 2], new Array(9).fill(0));
    const tags = bytes('OpusTags', vorbisComment(['TITLE=Opus Song', 'ARTIST=Opus Artist']));
    expect(readAudioTags(bytes(oggPage(3, 0, [head], 0x02), oggPage(3, 1, [tags])))).toEqual({
      title: 'Opus Song',
      artist: 'Opus Artist',
    });
  });

  it('reads FLAC in Ogg', () => {
    const first = bytes([0x7f], 'FLAC', [1, 0, 0, 1], 'fLaC', streamInfo);
    const comments = vorbisComment(['TITLE=Ogg Flac', 'ARTIST=Wrapped']);
    const second = bytes([0x84], be24(comments.length), comments);
    expect(readAudioTags(bytes(oggPage(9, 0, [first], 0x02), oggPage(9, 1, [second])))).toEqual({
      title: 'Ogg Flac',
      artist: 'Wrapped',
    });
  });

  it('ignores pages of another stream and a comment packet cut short', () => {
    const head = bytes('OpusHead', [1, 2], new Array(9).fill(0));
    const tags = bytes('OpusTags', vorbisComment(['TITLE=Mine', 'ARTIST=Cut off here']));
    const file = bytes(
      oggPage(3, 0, [head], 0x02),
      oggPage(4, 0, [bytes('OpusTags')]),
      oggPage(3, 1, [tags]),
    );
    expect(readAudioTags(file)).toEqual({ title: 'Mine', artist: 'Cut off here' });
    expect(readAudioTags(file.subarray(0, file.length - 5))).toEqual({ title: 'Mine' });
  });
});

// ---------- Cleaning and file names ----------

describe('readAudioTags: cleaning', () => {
  it('trims, drops control characters and caps at 200 characters', () => {
    const tag = id3(3, [
      frame(3, 'TIT2', 0, '  Tabs\tand\nlines  '),
      frame(3, 'TPE1', 3, utf8('é'.repeat(250))),
    ]);
    expect(readAudioTags(tag)).toEqual({ title: 'Tabs and lines', artist: 'é'.repeat(200) });
  });

  it('leaves out empty values', () => {
    const tag = id3(3, [frame(3, 'TIT2', 0, '   '), frame(3, 'TPE1', 0, '')]);
    expect(readAudioTags(tag)).toEqual({});
  });
});

describe('tagsFromFileName', () => {
  it('splits "Artist - Title.ext"', () => {
    expect(tagsFromFileName('The Lights - Midnight Drive.mp3')).toEqual({
      artist: 'The Lights',
      title: 'Midnight Drive',
    });
    expect(tagsFromFileName('Nina – Song - Part 2.wav')).toEqual({ artist: 'Nina', title: 'Song - Part 2' });
  });

  it('otherwise takes the name without its extension as the title', () => {
    expect(tagsFromFileName('demo_v3.final.flac')).toEqual({ title: 'demo_v3.final' });
    expect(tagsFromFileName('no-spaces-dash.ogg')).toEqual({ title: 'no-spaces-dash' });
    expect(tagsFromFileName('.hidden')).toEqual({ title: '.hidden' });
    expect(tagsFromFileName(' - Title.mp3')).toEqual({ title: '- Title' });
  });
});
