import { describe, expect, it, vi } from 'vitest';
import { drawWaveform } from './draw-waveform';

function fakeContext() {
  const fills: { style: string; x: number; y: number; w: number; h: number }[] = [];
  const context = {
    fillStyle: '',
    clearRect: vi.fn(),
    fillRect: vi.fn(function (this: { fillStyle: string }, x: number, y: number, w: number, h: number) {
      fills.push({ style: this.fillStyle, x, y, w, h });
    }),
  };
  return { context: context as unknown as CanvasRenderingContext2D, fills, raw: context };
}

const colors = { played: 'played', unplayed: 'unplayed' };
const data = [0, 255, 128, 128, 64, 192, 100, 150];

describe('drawWaveform guards (spec section 5)', () => {
  it.each([
    ['zero width', 0, 128, data],
    ['zero height', 300, 0, data],
    ['negative width', -5, 128, data],
    ['empty data', 300, 128, []],
    ['no data', 300, 128, undefined],
  ])('draws nothing with %s', (_label, width, height, values) => {
    const { context, raw } = fakeContext();
    expect(drawWaveform(context, width, height, values, 0.5, colors)).toBe(false);
    expect(raw.fillRect).not.toHaveBeenCalled();
    expect(raw.clearRect).not.toHaveBeenCalled();
  });

  it('draws nothing without a context', () => {
    expect(drawWaveform(null, 300, 128, data, 0, colors)).toBe(false);
  });

  it('draws bars from the min/max pairs, the played part in the played colour', () => {
    const { context, fills } = fakeContext();
    expect(drawWaveform(context, 12, 100, data, 0.5, colors)).toBe(true);
    // 12 px / 3 px per bar = 4 bars, one per pair.
    expect(fills).toHaveLength(4);
    expect(fills.map((f) => f.style)).toEqual(['played', 'played', 'unplayed', 'unplayed']);
    // The full-scale pair spans the whole height; silence is a 1 px line in the middle.
    expect(fills[0]).toMatchObject({ y: 0, h: 100 });
    expect(fills[1]?.h).toBe(1);
  });
});
