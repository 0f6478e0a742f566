/** The zod schema of a stored waveform file; apart from waveform.ts so the Web Worker need not load zod. */
import { z } from 'zod';

/**
 * The strict schema for a waveform file we accept for storage (an upload from the browser's
 * generator): exactly our format, 2 x length values each 0-255. The cap on values (a 10-hour file
 * at 44.1 kHz and 1000 samples per pixel is 3.2 million) keeps a hostile body from costing much.
 */
export const waveformDataSchema = z
  .object({
    version: z.literal(1),
    channels: z.literal(1).optional(),
    sample_rate: z.number().int().positive(),
    samples_per_pixel: z.number().int().positive(),
    bits: z.literal(8),
    length: z.number().int().positive(),
    data: z.array(z.number().int().min(0).max(255)).min(2).max(4_000_000),
  })
  .refine((w) => w.data.length === 2 * w.length, {
    message: 'data must hold 2 values per pixel',
    path: ['data'],
  });
