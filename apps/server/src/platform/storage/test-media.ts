/** Small real media files for storage tests. */

/** A valid 16-bit mono PCM WAV: RIFF header, fmt and data chunks, a 440 Hz tone. */
export function makeWav(samples = 4000, sampleRate = 8000): Buffer {
  const dataBytes = samples * 2;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28); // byte rate
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples; i++) {
    buf.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 12_000), 44 + i * 2);
  }
  return buf;
}

/** A 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** An error page, the kind a failed download saves under a media file's name. */
export const HTML_PAGE = Buffer.from(
  '<!DOCTYPE html><html><head><title>404</title></head><body><script>alert(1)</script></body></html>',
);

/** BBC audiowaveform JSON, version 1, 8 bits. */
export function makeWaveformJson(data: number[] = [0, 10, -5, 20, -12, 8]): Buffer {
  return Buffer.from(
    JSON.stringify({
      version: 1,
      channels: 1,
      sample_rate: 8000,
      samples_per_pixel: 4410,
      bits: 8,
      length: data.length / 2,
      data,
    }),
  );
}
