-- Written to run again safely (IF [NOT] EXISTS): an earlier draft of 0013, committed for a few
-- minutes on 2026-11-25, added call_participants.last_seen_at and a conversation_reads table instead.
ALTER TABLE "call_participants" ADD COLUMN IF NOT EXISTS "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "message_reads" ADD COLUMN IF NOT EXISTS "through" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "message_reads_user_through_idx" ON "message_reads" USING btree ("user_id") WHERE "message_reads"."through";
--> statement-breakpoint
DROP TABLE IF EXISTS conversation_reads;
--> statement-breakpoint
-- Hand-written. The call sweep looks for participants still in a call whose last heartbeat is old.
CREATE INDEX IF NOT EXISTS call_participants_present_seen_idx ON call_participants (last_seen_at) WHERE left_at IS NULL;
--> statement-breakpoint
-- A heartbeat (an UPDATE of last_seen_at alone) is no news for the others: call_participants announces
-- inserts, deletes and updates of its other columns (joins, leaves) only.
DROP TRIGGER IF EXISTS mr_notify_change ON call_participants;
--> statement-breakpoint
CREATE TRIGGER mr_notify_change AFTER INSERT OR DELETE OR UPDATE OF call_id, reviewer_id, organization_id, conversation_id, joined_at, left_at ON call_participants FOR EACH ROW EXECUTE FUNCTION mr_notify_change();
