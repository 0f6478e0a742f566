CREATE TABLE "revision_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"message" text,
	"requested_by" uuid,
	"submitter_email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"version_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "is_useless" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "revision_requests" ADD CONSTRAINT "revision_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_requests" ADD CONSTRAINT "revision_requests_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_requests" ADD CONSTRAINT "revision_requests_requested_by_reviewers_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "revision_requests_token_hash_key" ON "revision_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "revision_requests_organization_id_idx" ON "revision_requests" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "revision_requests_song_id_idx" ON "revision_requests" USING btree ("song_id");--> statement-breakpoint
CREATE UNIQUE INDEX "song_revisions_current_key" ON "song_revisions" USING btree ("song_id") WHERE "song_revisions"."is_current_version";--> statement-breakpoint
-- Hand-written (as in 0001): revision_requests is tenant data, so it gets the same row-level
-- security policy, grants and realtime trigger as every other tenant table. The trigger only sends
-- ids (never token_hash).
ALTER TABLE "revision_requests" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "revision_requests" USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "revision_requests" TO music_review_app;
--> statement-breakpoint
CREATE TRIGGER mr_notify_change AFTER INSERT OR UPDATE OR DELETE ON "revision_requests" FOR EACH ROW EXECUTE FUNCTION mr_notify_change();
