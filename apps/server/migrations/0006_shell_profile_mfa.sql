CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"reviewer_id" uuid,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"screenshot_key" text,
	"page_url" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"organization_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_reviewer_id_type_pk" PRIMARY KEY("reviewer_id","type")
);
--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "last_used_step" bigint;--> statement-breakpoint
ALTER TABLE "reviewers" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_reviewer_id_reviewers_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_reviewer_id_reviewers_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."reviewers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_organization_created_idx" ON "feedback" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_preferences_organization_id_idx" ON "notification_preferences" USING btree ("organization_id");--> statement-breakpoint
-- Hand-written (as in 0001): both new tables are tenant data with the same row-level security,
-- grants and realtime trigger as every other tenant table.
ALTER TABLE "feedback" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "feedback" USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "feedback" TO music_review_app;
--> statement-breakpoint
CREATE TRIGGER mr_notify_change AFTER INSERT OR UPDATE OR DELETE ON "feedback" FOR EACH ROW EXECUTE FUNCTION mr_notify_change();
--> statement-breakpoint
ALTER TABLE "notification_preferences" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "notification_preferences" USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "notification_preferences" TO music_review_app;
--> statement-breakpoint
CREATE TRIGGER mr_notify_change AFTER INSERT OR UPDATE OR DELETE ON "notification_preferences" FOR EACH ROW EXECUTE FUNCTION mr_notify_change();
