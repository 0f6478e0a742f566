CREATE TABLE "conversation_reads" (
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"last_read_sequence" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_reads_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "call_participants" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_user_id_reviewers_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."reviewers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_reads_organization_id_idx" ON "conversation_reads" USING btree ("organization_id");--> statement-breakpoint
-- Hand-written (as in 0009): the read markers are tenant data with the same row-level security,
-- grants and realtime trigger as every other tenant table (decision 0018).
ALTER TABLE conversation_reads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON conversation_reads USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON conversation_reads TO music_review_app;
--> statement-breakpoint
CREATE TRIGGER mr_notify_change AFTER INSERT OR UPDATE OR DELETE ON conversation_reads FOR EACH ROW EXECUTE FUNCTION mr_notify_change();
--> statement-breakpoint
-- The call sweep looks for participants still in a call whose last heartbeat is old.
CREATE INDEX call_participants_present_seen_idx ON call_participants (last_seen_at) WHERE left_at IS NULL;
--> statement-breakpoint
-- A heartbeat (an UPDATE of last_seen_at alone) is no news for the others: call_participants announces
-- inserts, deletes and updates of its other columns (joins, leaves) only.
DROP TRIGGER mr_notify_change ON call_participants;
--> statement-breakpoint
CREATE TRIGGER mr_notify_change AFTER INSERT OR DELETE OR UPDATE OF call_id, reviewer_id, organization_id, conversation_id, joined_at, left_at ON call_participants FOR EACH ROW EXECUTE FUNCTION mr_notify_change();
