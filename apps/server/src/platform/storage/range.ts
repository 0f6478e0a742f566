import type { ByteRange } from './driver.ts';

export type RangeRequest = { kind: 'none' } | { kind: 'unsatisfiable' } | ({ kind: 'range' } & ByteRange);

/**
 * Reads a Range header for an object of `size` bytes (RFC 9110 section 14). One range only: a
 * header with several ranges, or one that does not parse, is ignored and the whole object served,
 * which the RFC allows.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  const m = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!m) return { kind: 'none' };
  const [, from = '', to = ''] = m;
  if (from === '' && to === '') return { kind: 'none' };
  if (from === '') {
    // Suffix: the last n bytes.
    const n = Number(to);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(from);
  if (to !== '' && Number(to) < start) return { kind: 'none' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end: to === '' ? size - 1 : Math.min(Number(to), size - 1) };
}
