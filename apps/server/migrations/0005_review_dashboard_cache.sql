CREATE TABLE "organization_data_versions" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_data_versions" ADD CONSTRAINT "organization_data_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written. Tenant data like every other table with an organization_id: row-level security and
-- grants. No realtime trigger: the tables it counts announce their own changes.
ALTER TABLE "organization_data_versions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "organization_data_versions" USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "organization_data_versions" TO music_review_app;
--> statement-breakpoint
INSERT INTO "organization_data_versions" (organization_id, version) SELECT id, 1 FROM organizations;
--> statement-breakpoint
-- Raises the version of every organization whose rows the statement changed: one row update per
-- statement and organization, however many rows (statement-level, with transition tables).
-- Organizations deleted in the same statement (cascades) are skipped.
CREATE OR REPLACE FUNCTION mr_bump_data_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO organization_data_versions AS v (organization_id, version)
      SELECT o.id, 1 FROM organizations o WHERE o.id IN (SELECT organization_id FROM new_rows)
      ON CONFLICT (organization_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO organization_data_versions AS v (organization_id, version)
      SELECT o.id, 1 FROM organizations o WHERE o.id IN (SELECT organization_id FROM old_rows)
      ON CONFLICT (organization_id) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO organization_data_versions AS v (organization_id, version)
      SELECT o.id, 1 FROM organizations o
      WHERE o.id IN (SELECT organization_id FROM new_rows UNION SELECT organization_id FROM old_rows)
      ON CONFLICT (organization_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['songs', 'song_revisions', 'reviews', 'reviewers'] LOOP
    EXECUTE format('CREATE TRIGGER mr_bump_data_version_ins AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_data_version()', t);
    EXECUTE format('CREATE TRIGGER mr_bump_data_version_upd AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_data_version()', t);
    EXECUTE format('CREATE TRIGGER mr_bump_data_version_del AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_data_version()', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- The dashboard's per-card review counts and averages read only this index (index-only scans).
DROP INDEX "reviews_song_version_idx";
--> statement-breakpoint
CREATE INDEX "reviews_song_version_idx" ON "reviews" USING btree ("song_id", "song_version_number")
  INCLUDE ("organization_id", "reviewer_id", "musical_score", "artist_score", "overall_score", "is_useless");
