/**
 * Schemas many contracts share (packages/core/src/contracts). With zod at run time: the web imports
 * it only where a form validates with one of them.
 */
import { z } from 'zod';

/** An id in a path: a UUID, checked at the boundary (anything else is a 400 before any query). */
export const uuid = z.uuid();

/** What marks a path id's problem as "not found" (see `uuidOr404`); the server strips it. */
export const NOT_FOUND_PARAM_PREFIX = 'not_found:';

/**
 * An id in a path that answers 404 `not_found` with `message` when it is not a UUID, as it does when
 * no record has it: for the routes whose contract is that a malformed id is just an unknown one (a
 * public link's id, a factor of the auth API, routes whose tests pin 404). Still a UUID, checked at the
 * boundary and documented as one.
 */
export const uuidOr404 = (message = 'Not found') => z.uuid({ error: `${NOT_FOUND_PARAM_PREFIX}${message}` });

/** `{ id }` path params. */
export const idParams = z.object({ id: uuid });

/**
 * A file or a stream the route sends itself (a PDF, audio, a waveform): documented as binary, never
 * serialised (the handler sends a Buffer or a stream, which Fastify passes through).
 */
export const fileResponse = (description: string) => z.string().meta({ format: 'binary', description });

/** `{ ok: true }`, the answer of actions without anything else to say. */
export const okResponse = z.object({ ok: z.literal(true) });

/**
 * `limit` and `offset` of a paged list, each message naming its field (the overview's and signed
 * songs' tests pin them): limit 1 to `max` (default 50), offset 0 to a million (default 0).
 */
export function pagingQuery(max: number) {
  return {
    limit: z.coerce
      .number({ message: 'limit: must be a number' })
      .int({ message: 'limit: must be a whole number' })
      .min(1, { message: `limit: must be between 1 and ${max}` })
      .max(max, { message: `limit: must be between 1 and ${max}` })
      .default(50),
    offset: z.coerce
      .number({ message: 'offset: must be a number' })
      .int({ message: 'offset: must be a whole number' })
      .min(0, { message: 'offset: must be 0 or more' })
      .max(1_000_000, { message: 'offset: at most 1000000' })
      .default(0),
  };
}

/** A member's photo in an answer: a signed URL (an hour) and the storage key, null without one. */
export const avatarFields = {
  avatar_url: z
    .string()
    .nullable()
    .meta({ description: 'A signed URL of the photo (valid for an hour), null without one.' }),
  avatar_key: z
    .string()
    .nullable()
    .meta({ description: "The photo's storage key (for UserAvatar), null without one." }),
};
