ALTER TABLE "organization_data_versions" ADD COLUMN "count_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written. The catalogue lists' totals are kept under count_version (decision 0032,
-- features/catalogue/recordings.service.ts createListTotals), raised by the tables the counts read,
-- once per statement, like the data version (migration 0016). An update raises it only for rows
-- where a column named as the trigger's argument changed (none named: any update): saving a
-- recording's genre, language or BPM changes no count, and recounting 100,000 recordings after
-- every such save was most of a list's cost while members edit.
CREATE OR REPLACE FUNCTION mr_bump_count_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO organization_data_versions AS v (organization_id, count_version)
      SELECT o.id, 1 FROM organizations o WHERE o.id IN (SELECT organization_id FROM new_rows)
      ON CONFLICT (organization_id) DO UPDATE SET count_version = v.count_version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO organization_data_versions AS v (organization_id, count_version)
      SELECT o.id, 1 FROM organizations o WHERE o.id IN (SELECT organization_id FROM old_rows)
      ON CONFLICT (organization_id) DO UPDATE SET count_version = v.count_version + 1;
  ELSIF TG_NARGS = 0 THEN
    INSERT INTO organization_data_versions AS v (organization_id, count_version)
      SELECT o.id, 1 FROM organizations o
      WHERE o.id IN (SELECT organization_id FROM new_rows UNION SELECT organization_id FROM old_rows)
      ON CONFLICT (organization_id) DO UPDATE SET count_version = v.count_version + 1;
  ELSE
    INSERT INTO organization_data_versions AS v (organization_id, count_version)
      SELECT o.id, 1 FROM organizations o
      WHERE o.id IN (
        SELECT n.organization_id FROM new_rows n JOIN old_rows p ON p.id = n.id
        WHERE n.organization_id IS DISTINCT FROM p.organization_id
          OR EXISTS (SELECT 1 FROM unnest(TG_ARGV) AS c(name)
                     WHERE to_jsonb(n) -> c.name IS DISTINCT FROM to_jsonb(p) -> c.name)
        UNION
        SELECT p.organization_id FROM new_rows n JOIN old_rows p ON p.id = n.id
        WHERE n.organization_id IS DISTINCT FROM p.organization_id)
      ON CONFLICT (organization_id) DO UPDATE SET count_version = v.count_version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['recording_artists', 'master_splits', 'works', 'work_writers', 'parties', 'releases', 'release_tracks'] LOOP
    EXECUTE format('CREATE TRIGGER mr_bump_count_version_ins AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_count_version()', t);
    EXECUTE format('CREATE TRIGGER mr_bump_count_version_upd AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_count_version()', t);
    EXECUTE format('CREATE TRIGGER mr_bump_count_version_del AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_count_version()', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER mr_bump_count_version_ins AFTER INSERT ON recordings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_count_version();
--> statement-breakpoint
-- What the lists filter and count on: recordings by title, artist or ISRC (search), year, origin and
-- missing ISRC or work; releases by tracks missing an ISRC.
CREATE TRIGGER mr_bump_count_version_upd AFTER UPDATE ON recordings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_count_version('title', 'display_artist', 'isrc', 'recording_year', 'origin', 'work_id');
--> statement-breakpoint
CREATE TRIGGER mr_bump_count_version_del AFTER DELETE ON recordings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_count_version();
