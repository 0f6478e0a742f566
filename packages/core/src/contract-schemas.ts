/**
 * Schemas many contracts share (packages/core/src/contracts). With zod at run time: the web imports
 * it only where a form validates with one of them.
 */
import { z } from 'zod';

/** An id in a path: a UUID, checked at the boundary (anything else is a 400 before any query). */
export const uuid = z.uuid();

/** `{ id }` path params. */
export const idParams = z.object({ id: uuid });

/**
 * A file or a stream the route sends itself (a PDF, audio, a waveform): documented as binary, never
 * serialised (the handler sends a Buffer or a stream, which Fastify passes through).
 */
export const fileResponse = (description: string) => z.string().meta({ format: 'binary', description });

/** `{ ok: true }`, the answer of actions without anything else to say. */
export const okResponse = z.object({ ok: z.literal(true) });
