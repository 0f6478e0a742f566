import type { RealtimeChange } from '@music-review/core/realtime';
import { z } from 'zod';

// Loose 8-4-4-4-12 hex: the database, not this parser, decides what an id is.
const uuid = z.guid();

/**
 * The NOTIFY payload of the mr_notify_change trigger (migration 0001): nulls are stripped, so a field
 * is present only when the row has that column set. `type` is the row's own type column.
 */
const notifyPayloadSchema = z.object({
  table: z.string().min(1).max(63),
  event: z.enum(['INSERT', 'UPDATE', 'DELETE', 'BULK']),
  id: z.string().min(1).max(100).optional(),
  organization_id: uuid.optional(),
  recipient_id: uuid.optional(),
  reviewer_id: uuid.optional(),
  user_id: uuid.optional(),
  song_id: uuid.optional(),
  release_id: uuid.optional(),
  conversation_id: uuid.optional(),
  message_id: uuid.optional(),
  user1_id: uuid.optional(),
  user2_id: uuid.optional(),
  type: z.string().max(100).optional(),
  /** messages.sequence and call_signals.sequence (migration 0009). */
  sequence: z.number().int().nonnegative().optional(),
});

/**
 * A change as the database announced it. organization_id is missing for a reviewer outside any label
 * (before joining, or after leaving): such rows reach no socket, but still matter to the hub.
 */
export type DbChange = Omit<RealtimeChange, 'organization_id'> & { organization_id?: string };

/** Reads one NOTIFY payload; null when it is not JSON or not shaped like a change. */
export function parseChange(payload: string): DbChange | null {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = notifyPayloadSchema.safeParse(json);
  if (!parsed.success) return null;
  const { type, ...rest } = parsed.data;
  return type === undefined ? rest : { ...rest, row_type: type };
}
