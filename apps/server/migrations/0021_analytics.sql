CREATE TABLE "income_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recording_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"import_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"previous_net" numeric NOT NULL,
	"current_net" numeric NOT NULL,
	"currency" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_rollups" (
	"organization_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"sale_month" date NOT NULL,
	"recording_id" uuid,
	"release_id" uuid,
	"store" text,
	"territory" text,
	"sale_type" text NOT NULL,
	"currency" text NOT NULL,
	"quantity" bigint NOT NULL,
	"net" numeric NOT NULL,
	"gross" numeric,
	"line_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_rollups_monthly" (
	"organization_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"sale_month" date NOT NULL,
	"store" text,
	"territory" text,
	"sale_type" text NOT NULL,
	"currency" text NOT NULL,
	"quantity" bigint NOT NULL,
	"net" numeric NOT NULL,
	"gross" numeric,
	"line_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_rollups_recording" (
	"organization_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"sale_month" date NOT NULL,
	"recording_id" uuid,
	"release_id" uuid,
	"sale_type" text NOT NULL,
	"currency" text NOT NULL,
	"quantity" bigint NOT NULL,
	"net" numeric NOT NULL,
	"gross" numeric,
	"line_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finance_settings" ADD COLUMN "reporting_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "income_alerts" ADD CONSTRAINT "income_alerts_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_alerts" ADD CONSTRAINT "income_alerts_import_id_royalty_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."royalty_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_rollups" ADD CONSTRAINT "statement_rollups_import_id_royalty_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."royalty_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_rollups" ADD CONSTRAINT "statement_rollups_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_rollups" ADD CONSTRAINT "statement_rollups_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_rollups_monthly" ADD CONSTRAINT "statement_rollups_monthly_import_id_royalty_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."royalty_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_rollups_recording" ADD CONSTRAINT "statement_rollups_recording_import_id_royalty_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."royalty_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_rollups_recording" ADD CONSTRAINT "statement_rollups_recording_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_rollups_recording" ADD CONSTRAINT "statement_rollups_recording_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "income_alerts_org_idx" ON "income_alerts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "statement_rollups_org_month_idx" ON "statement_rollups" USING btree ("organization_id","sale_month");--> statement-breakpoint
CREATE INDEX "statement_rollups_recording_idx" ON "statement_rollups" USING btree ("organization_id","recording_id","sale_month");--> statement-breakpoint
CREATE INDEX "statement_rollups_release_idx" ON "statement_rollups" USING btree ("organization_id","release_id","sale_month");--> statement-breakpoint
CREATE INDEX "statement_rollups_import_idx" ON "statement_rollups" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "statement_rollups_monthly_org_month_idx" ON "statement_rollups_monthly" USING btree ("organization_id","sale_month");--> statement-breakpoint
CREATE INDEX "statement_rollups_monthly_import_idx" ON "statement_rollups_monthly" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "statement_rollups_recording_org_month_idx" ON "statement_rollups_recording" USING btree ("organization_id","sale_month");--> statement-breakpoint
CREATE INDEX "statement_rollups_recording_recording_idx" ON "statement_rollups_recording" USING btree ("organization_id","recording_id","sale_month");--> statement-breakpoint
CREATE INDEX "statement_rollups_recording_release_idx" ON "statement_rollups_recording" USING btree ("organization_id","release_id","sale_month");--> statement-breakpoint
CREATE INDEX "statement_rollups_recording_import_idx" ON "statement_rollups_recording" USING btree ("import_id");--> statement-breakpoint
-- Row-level security like every tenant table (decision 0006). No realtime trigger: the rollups and
-- alerts change with an import, whose row announces them (decision 0030).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['statement_rollups_monthly', 'statement_rollups_recording', 'statement_rollups', 'income_alerts'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org())',
      t
    );
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO music_review_app', t);
  END LOOP;
END $$;
