export interface WaveformColors {
  played: string;
  unplayed: string;
}

/**
 * Draws the min/max bars of an 8-bit waveform (values 0-255, silence at 128) over the canvas
 * width, the part before `progress` (0-1) in the played colour. Spec section 5: nothing is drawn
 * without a positive width and height and non-empty data. Returns whether it drew.
 * `width` and `height` are CSS pixels; the context is already scaled for the device pixel ratio.
 */
export function drawWaveform(
  context: CanvasRenderingContext2D | null,
  width: number,
  height: number,
  data: readonly number[] | null | undefined,
  progress: number,
  colors: WaveformColors,
): boolean {
  if (!context || !(width > 0) || !(height > 0) || !data || data.length < 2) return false;
  const pairs = Math.floor(data.length / 2);
  const barWidth = 2;
  const gap = 1;
  const bars = Math.max(1, Math.floor(width / (barWidth + gap)));
  const playedX = Math.min(1, Math.max(0, progress)) * width;
  const middle = height / 2;

  context.clearRect(0, 0, width, height);
  for (let bar = 0; bar < bars; bar++) {
    // Each bar shows the extremes of the pairs it covers, so peaks survive the down-sampling.
    const from = Math.floor((bar * pairs) / bars);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * pairs) / bars));
    let lo = 255;
    let hi = 0;
    for (let p = from; p < to && p < pairs; p++) {
      const min = data[2 * p]!;
      const max = data[2 * p + 1]!;
      if (min < lo) lo = min;
      if (max > hi) hi = max;
    }
    if (hi < lo) continue;
    // 0 and 255 are full scale down and up; 127.5 is the centre line.
    const top = middle - ((hi - 127.5) / 127.5) * middle;
    const bottom = middle - ((lo - 127.5) / 127.5) * middle;
    const x = bar * (barWidth + gap);
    context.fillStyle = x < playedX ? colors.played : colors.unplayed;
    // At least one pixel, so silence still shows as a line.
    context.fillRect(x, Math.min(top, middle - 0.5), barWidth, Math.max(1, bottom - top));
  }
  return true;
}
