import { describe, expect, it } from 'vitest';
import { inspectAudioFile, prefillDetails, waveformFileName } from './audio-file';

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const MP3_FRAME = [0xff, 0xfb, 0x90, 0x64];

function id3v1(title: string, artist: string) {
  const field = (text: string) => [...ascii(text), ...new Array(30 - text.length).fill(0)];
  return [
    ...ascii('TAG'),
    ...field(title),
    ...field(artist),
    ...field(''),
    ...ascii('2024'),
    ...field(''),
    0,
  ];
}

describe('inspectAudioFile', () => {
  it('takes the content type from the bytes and reads an ID3v1 tag from the end of a large file', async () => {
    const body = new Uint8Array(300 * 1024);
    body.set(MP3_FRAME, 0);
    const file = new File([body, Uint8Array.from(id3v1('From The End', 'Tail Band'))], 'upload.mp3', {
      type: '',
    });
    expect(await inspectAudioFile(file)).toEqual({
      ok: true,
      contentType: 'audio/mpeg',
      tags: { title: 'From The End', artist: 'Tail Band' },
    });
  });

  it('accepts an audio type under another name, and refuses what claims audio but is not', async () => {
    const m4a = new File([Uint8Array.from([0, 0, 0, 0x20, ...ascii('ftypM4A '), 0, 0, 0, 0])], 'voice memo', {
      type: 'audio/x-m4a',
    });
    expect(await inspectAudioFile(m4a)).toMatchObject({ ok: true, contentType: 'audio/mp4' });
    const text = new File(['just some text'], 'song.flac');
    expect(await inspectAudioFile(text)).toEqual({
      ok: false,
      message: 'song.flac is not a supported audio file. Choose WAV, AIFF, FLAC, MP3, AAC/M4A, OGG or Opus.',
    });
    expect(await inspectAudioFile(new File([], 'empty.wav'))).toEqual({
      ok: false,
      message: 'empty.wav is empty.',
    });
  });
});

describe('prefillDetails', () => {
  it('prefers the tags field by field, then the file name', () => {
    expect(prefillDetails('Band - Song.wav', {})).toEqual({ title: 'Song', artist: 'Band' });
    expect(prefillDetails('Band - Song.wav', { title: 'Tagged' })).toEqual({
      title: 'Tagged',
      artist: 'Band',
    });
    expect(prefillDetails('song.wav', { artist: 'Tagged Artist' })).toEqual({
      title: 'song',
      artist: 'Tagged Artist',
    });
  });
});

describe('waveformFileName', () => {
  it('replaces the extension with .json', () => {
    expect(waveformFileName('demo.final.mp3')).toBe('demo.final.json');
    expect(waveformFileName('noext')).toBe('noext.json');
  });
});
