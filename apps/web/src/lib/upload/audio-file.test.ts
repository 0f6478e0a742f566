import { describe, expect, it } from 'vitest';
import {
  AUDIO_ACCEPT,
  formatFileSize,
  inspectAudioFile,
  namedAudioFileMessages,
  singleAudioFileMessages,
  waveformFileName,
} from './audio-file';

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
    expect(await inspectAudioFile(file, namedAudioFileMessages)).toEqual({
      ok: true,
      contentType: 'audio/mpeg',
      tags: { title: 'From The End', artist: 'Tail Band' },
    });
  });

  it('accepts an audio type under another name, and refuses what claims audio but is not', async () => {
    const m4a = new File([Uint8Array.from([0, 0, 0, 0x20, ...ascii('ftypM4A '), 0, 0, 0, 0])], 'voice memo', {
      type: 'audio/x-m4a',
    });
    expect(await inspectAudioFile(m4a, namedAudioFileMessages)).toMatchObject({
      ok: true,
      contentType: 'audio/mp4',
    });
    const text = new File(['just some text'], 'song.flac');
    expect(await inspectAudioFile(text, namedAudioFileMessages)).toEqual({
      ok: false,
      message: 'song.flac is not a supported audio file. Choose WAV, AIFF, FLAC, MP3, AAC/M4A, OGG or Opus.',
    });
    expect(await inspectAudioFile(new File([], 'empty.wav'), namedAudioFileMessages)).toEqual({
      ok: false,
      message: 'empty.wav is empty.',
    });
  });

  it('takes an MP4 (video too) for its audio track, as the file chooser offers it', async () => {
    const mp4 = new File([Uint8Array.from([0, 0, 0, 0x20, ...ascii('ftypisom'), 0, 0, 0, 0])], 'clip.mp4', {
      type: 'video/mp4',
    });
    expect(await inspectAudioFile(mp4, singleAudioFileMessages)).toMatchObject({
      ok: true,
      contentType: 'audio/mp4',
    });
    expect(AUDIO_ACCEPT.split(',')).toEqual(expect.arrayContaining(['audio/*', '.mp4', '.wav', '.opus']));
  });

  it('refuses, in the one-file wording, a name and type that claim no audio, and a file it cannot read', async () => {
    const wav = Uint8Array.from([...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVE')]);
    expect(await inspectAudioFile(new File([wav], 'notes.pdf'), singleAudioFileMessages)).toEqual({
      ok: false,
      message:
        'This file is not an audio file we can take. Please choose a WAV, AIFF, FLAC, MP3, AAC, M4A or OGG file.',
    });

    const unreadable = new File([wav], 'mix.wav', { type: 'audio/wav' });
    unreadable.slice = () => ({ arrayBuffer: () => Promise.reject(new Error('NotReadableError')) }) as Blob;
    expect(await inspectAudioFile(unreadable, singleAudioFileMessages)).toEqual({
      ok: false,
      message: 'This file could not be read. Please choose it again.',
    });
    expect(await inspectAudioFile(unreadable, namedAudioFileMessages)).toEqual({
      ok: false,
      message: 'mix.wav could not be read. Please choose it again.',
    });
    expect(await inspectAudioFile(new File([], 'empty.wav'), singleAudioFileMessages)).toEqual({
      ok: false,
      message: 'This file is empty. Please choose another one.',
    });
  });
});

describe('waveformFileName', () => {
  it('replaces the extension with .json', () => {
    expect(waveformFileName('demo.final.mp3')).toBe('demo.final.json');
    expect(waveformFileName('noext')).toBe('noext.json');
    expect(waveformFileName('')).toBe('waveform.json');
  });
});

describe('formatFileSize', () => {
  it('says KB below 1 MB and MB above, to one decimal', () => {
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(300 * 1024 * 1024)).toBe('300 MB');
  });
});
