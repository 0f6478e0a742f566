CREATE INDEX "recordings_isrc_trgm_idx" ON "recordings" USING gin ("isrc" gin_trgm_ops);--> statement-breakpoint
-- Hand-written. The catalogue's lists cache how many rows match a filter, and "Needs attention" its
-- findings, under the organization's data version (decisions 0005 and 0007;
-- features/catalogue/recordings.service.ts, attention.service.ts), so the tables they read raise
-- that version when they change, once per statement (an import's batch raises it once).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['recordings', 'recording_artists', 'master_splits', 'works', 'work_writers', 'parties', 'releases', 'release_tracks'] LOOP
    EXECUTE format('CREATE TRIGGER mr_bump_data_version_ins AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_data_version()', t);
    EXECUTE format('CREATE TRIGGER mr_bump_data_version_upd AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_data_version()', t);
    EXECUTE format('CREATE TRIGGER mr_bump_data_version_del AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_data_version()', t);
  END LOOP;
END $$;
