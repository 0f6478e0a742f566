-- Hand-written. Analytics answers are cached per label and query under the organization's data
-- version (decision 0030, "Cached answers"; decisions 0005 and 0007), so every table they read
-- raises that version when it changes, once per statement (an import's rollups raise it once).
-- Already raising it: songs, song_revisions, reviews, reviewers (0005), contracts, metadata_forms
-- (0008), recordings, releases, release_tracks and the rest of the catalogue (0016). Not
-- statement_lines: the rollups change with them in the same transaction, and only the paged
-- drill-down (not cached) reads lines. finance_settings has organization_id as its key, which is
-- all mr_bump_data_version reads.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['statement_rollups_monthly', 'statement_rollups_recording', 'statement_rollups',
    'income_alerts', 'royalty_periods', 'finance_settings', 'royalty_deals', 'royalty_deal_payees',
    'ledger_entries', 'payees', 'royalty_mappings'] LOOP
    EXECUTE format('CREATE TRIGGER mr_bump_data_version_ins AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_data_version()', t);
    EXECUTE format('CREATE TRIGGER mr_bump_data_version_upd AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_data_version()', t);
    EXECUTE format('CREATE TRIGGER mr_bump_data_version_del AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_data_version()', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- An update raises the version only for the rows it changed outside the columns named as the
-- trigger's arguments (rows keyed by id). royalty_imports is updated after every batch of 20,000
-- lines read (its progress: bytes_read, line_count, bad_line_count, bad_lines), which no cached
-- answer shows and which would otherwise make every cached answer of the label stale (the review
-- dashboards and search too) once a second for the whole of a large import.
CREATE OR REPLACE FUNCTION mr_bump_data_version_on_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO organization_data_versions AS v (organization_id, version)
    SELECT o.id, 1 FROM organizations o
    WHERE o.id IN (
      SELECT coalesce(n.organization_id, p.organization_id)
      FROM new_rows n FULL JOIN old_rows p ON p.id = n.id
      WHERE n.id IS NULL OR p.id IS NULL OR (to_jsonb(n) - TG_ARGV) IS DISTINCT FROM (to_jsonb(p) - TG_ARGV)
      UNION
      SELECT p.organization_id FROM old_rows p JOIN new_rows n ON n.id = p.id
      WHERE p.organization_id IS DISTINCT FROM n.organization_id)
    ON CONFLICT (organization_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mr_bump_data_version_ins AFTER INSERT ON royalty_imports REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_data_version();
--> statement-breakpoint
CREATE TRIGGER mr_bump_data_version_upd AFTER UPDATE ON royalty_imports REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_data_version_on_change('bytes_read', 'line_count', 'bad_line_count', 'bad_lines');
--> statement-breakpoint
CREATE TRIGGER mr_bump_data_version_del AFTER DELETE ON royalty_imports REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_data_version();
