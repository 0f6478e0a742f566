CREATE TABLE "royalty_aliases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"source" text NOT NULL,
	"identifier_kind" text NOT NULL,
	"identifier" text NOT NULL,
	"recording_id" uuid,
	"release_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "royalty_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"content_sha256" text,
	"source" text NOT NULL,
	"mapping_id" uuid,
	"mapping" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"job_id" uuid,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"bad_line_count" integer DEFAULT 0 NOT NULL,
	"bad_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "royalty_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"header_signature" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"organization_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"sale_month" date NOT NULL,
	"reporting_date" date,
	"store" text,
	"territory" text,
	"isrc" text,
	"upc" text,
	"catalogue_number" text,
	"release_title" text,
	"track_title" text,
	"artist" text,
	"sale_type" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"gross" numeric,
	"net" numeric NOT NULL,
	"currency" text NOT NULL,
	"raw" text NOT NULL,
	"recording_id" uuid,
	"release_id" uuid,
	"matched_by" text,
	CONSTRAINT "statement_lines_import_id_line_number_pk" PRIMARY KEY("import_id","line_number")
);
--> statement-breakpoint
ALTER TABLE "royalty_aliases" ADD CONSTRAINT "royalty_aliases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_aliases" ADD CONSTRAINT "royalty_aliases_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_aliases" ADD CONSTRAINT "royalty_aliases_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_aliases" ADD CONSTRAINT "royalty_aliases_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_imports" ADD CONSTRAINT "royalty_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_imports" ADD CONSTRAINT "royalty_imports_mapping_id_royalty_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."royalty_mappings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_imports" ADD CONSTRAINT "royalty_imports_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_imports" ADD CONSTRAINT "royalty_imports_decided_by_reviewers_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_mappings" ADD CONSTRAINT "royalty_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_mappings" ADD CONSTRAINT "royalty_mappings_created_by_reviewers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_import_id_royalty_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."royalty_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_aliases_key" ON "royalty_aliases" USING btree ("organization_id","source","identifier_kind","identifier");--> statement-breakpoint
CREATE INDEX "royalty_imports_org_created_idx" ON "royalty_imports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_imports_org_sha_key" ON "royalty_imports" USING btree ("organization_id","content_sha256") WHERE content_sha256 is not null and status in ('reading', 'needs_decision', 'imported');--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_mappings_org_name_key" ON "royalty_mappings" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "royalty_mappings_org_signature_idx" ON "royalty_mappings" USING btree ("organization_id","header_signature");--> statement-breakpoint
CREATE INDEX "statement_lines_recording_idx" ON "statement_lines" USING btree ("recording_id");--> statement-breakpoint
CREATE INDEX "statement_lines_release_idx" ON "statement_lines" USING btree ("release_id");--> statement-breakpoint
CREATE INDEX "statement_lines_unmatched_idx" ON "statement_lines" USING btree ("organization_id","isrc","upc","catalogue_number") WHERE recording_id is null and release_id is null;--> statement-breakpoint
-- Row-level security like every tenant table (decision 0006).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['royalty_imports', 'statement_lines', 'royalty_mappings', 'royalty_aliases'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org())',
      t
    );
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO music_review_app', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Realtime: an import's row announces its progress and its lines (statement_lines has no row trigger:
-- a million NOTIFYs per import would swamp every socket; decision 0028).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['royalty_imports', 'royalty_mappings', 'royalty_aliases'] LOOP
    EXECUTE format(
      'CREATE TRIGGER mr_notify_change AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION mr_notify_change()',
      t
    );
  END LOOP;
END $$;
--> statement-breakpoint
-- What an unmatched line is grouped and aliased by: its first code (ISRC, then UPC/EAN, then
-- catalogue number), else its artist and title in lower case. One definition for the load, the
-- Unmatched list and a resolution (decision 0028).
CREATE OR REPLACE FUNCTION royalty_identifier_kind(isrc text, upc text, catalogue_number text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN isrc IS NOT NULL THEN 'isrc' WHEN upc IS NOT NULL THEN 'upc'
    WHEN catalogue_number IS NOT NULL THEN 'catalogue_number' ELSE 'title' END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION royalty_identifier(isrc text, upc text, catalogue_number text, artist text,
    track_title text, release_title text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(isrc, upc, upper(catalogue_number),
    lower(btrim(coalesce(artist, '')) || ' / ' || btrim(coalesce(track_title, release_title, '')))) $$;
