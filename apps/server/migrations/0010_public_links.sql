CREATE TABLE "public_link_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"record_id" uuid,
	"token_hash" text NOT NULL,
	"single_use" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "public_link_uses" ADD CONSTRAINT "public_link_uses_link_id_public_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."public_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_link_uses" ADD CONSTRAINT "public_link_uses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "public_link_uses_organization_id_idx" ON "public_link_uses" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "public_link_uses_link_idx" ON "public_link_uses" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "public_links_token_hash_key" ON "public_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "public_links_organization_id_idx" ON "public_links" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "public_links_record_idx" ON "public_links" USING btree ("organization_id","purpose","record_id");--> statement-breakpoint
-- Hand-written (as in 0001): tenant data with row-level security, grants and the realtime trigger.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['public_links', 'public_link_uses'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO music_review_app', t);
    EXECUTE format('CREATE TRIGGER mr_notify_change AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION mr_notify_change()', t);
  END LOOP;
END $$;
