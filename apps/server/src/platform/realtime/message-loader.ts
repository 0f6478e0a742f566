import type { AttachmentType, MessageDto } from '@music-review/core/messages';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/index.ts';

type MessageRow = {
  id: string;
  conversation_id: string;
  organization_id: string;
  sender_id: string | null;
  sender_name: string | null;
  sender_organization_id: string | null;
  sender_email: string | null;
  sequence: number;
  message_text: string;
  /** JSON (to_json): both drivers parse JSON alike, unlike uuid[]. */
  mentioned_user_ids: string[] | null;
  created_at: Date | string;
  is_deleted: boolean;
  attachment_type: AttachmentType | null;
  metadata_form_link: string | null;
  metadata_song_title: string | null;
};

/**
 * A message as GET /api/v1/conversations/{id}/messages lists it; a deleted one keeps no text. The
 * sender is named when they are a member of the message's label, or support staff (as the messages
 * feature does).
 */
function toMessageDto(row: MessageRow, isSupportStaff: (email: string) => boolean): MessageDto {
  const deleted = row.is_deleted === true;
  const named =
    row.sender_organization_id === row.organization_id ||
    (row.sender_email !== null && isSupportStaff(row.sender_email));
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    sender_name: named ? row.sender_name : null,
    sequence: Number(row.sequence),
    message_text: deleted ? '' : row.message_text,
    mentioned_user_ids: Array.isArray(row.mentioned_user_ids) ? row.mentioned_user_ids : [],
    created_at: new Date(row.created_at).toISOString(),
    is_deleted: deleted,
    attachment_type: deleted ? null : row.attachment_type,
    metadata_form_link: deleted ? null : row.metadata_form_link,
    metadata_song_title: deleted ? null : row.metadata_song_title,
  };
}

interface Pending {
  organizationId: string;
  resolve: (message: MessageDto | null) => void;
}

/**
 * Loads the messages that `conversation:<id>` frames carry: once per change for this server copy,
 * however many sockets receive it, and the ids asked for in the same turn of the event loop in one
 * query (a burst of sends arrives as a burst of notifications).
 */
export class MessageLoader {
  private batch = new Map<string, Pending[]>();
  private scheduled = false;
  /** Queries run so far (tests and the benchmark read it). */
  queries = 0;

  constructor(
    private readonly database: Database,
    private readonly isSupportStaff: (email: string) => boolean,
  ) {}

  /** The message, or null when it is gone or not the organization's. */
  load(organizationId: string, messageId: string): Promise<MessageDto | null> {
    return new Promise((resolve) => {
      const waiting = this.batch.get(messageId);
      if (waiting) waiting.push({ organizationId, resolve });
      else this.batch.set(messageId, [{ organizationId, resolve }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush() {
    const batch = this.batch;
    this.batch = new Map();
    this.scheduled = false;
    const ids = [...batch.keys()];
    let found = new Map<string, MessageRow>();
    try {
      this.queries++;
      const rows = await queryRows<MessageRow>(
        this.database.asOwner('one batched read for the sockets of every label, filtered per message'),
        sql`select m.id, m.conversation_id, m.organization_id, m.sender_id, r.name as sender_name,
              r.organization_id as sender_organization_id, r.email as sender_email,
              m.sequence, m.message_text, to_json(m.mentioned_user_ids) as mentioned_user_ids,
              m.created_at, m.is_deleted,
              m.attachment_type, m.metadata_form_link, m.metadata_song_title
            from messages m left join reviewers r on r.id = m.sender_id
            where m.id = any(${`{${ids.join(',')}}`}::uuid[])`,
      );
      found = new Map(rows.map((row) => [row.id, row]));
    } catch {
      // Frames then go out without the message: the client fetches it (a gap or a missing body).
    }
    for (const [id, waiting] of batch) {
      const row = found.get(id);
      for (const w of waiting) {
        // Ids come from our own notifications, but never hand one label's message to another.
        w.resolve(
          row && row.organization_id === w.organizationId ? toMessageDto(row, this.isSupportStaff) : null,
        );
      }
    }
  }
}
