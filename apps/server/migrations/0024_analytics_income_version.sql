ALTER TABLE "organization_data_versions" ADD COLUMN "income_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written. The statement-derived analytics answers (performance, breakdowns, missing income,
-- catalogue value) are cached under this income version instead of the label's data version
-- (decision 0030, "Cached answers"): the data version moves on every review, comment and song
-- edit, many times an hour on a busy label, and each move made the label's next analytics views
-- sum their rollups again. The tables below raise both versions (the data version's triggers of
-- migrations 0016 and 0023 stay); songs, reviews and the other review tables raise only the data
-- version. The A&R funnel stays under the data version; demo to revenue reads both.
CREATE OR REPLACE FUNCTION mr_bump_income_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO organization_data_versions AS v (organization_id, income_version)
      SELECT o.id, 1 FROM organizations o WHERE o.id IN (SELECT organization_id FROM new_rows)
      ON CONFLICT (organization_id) DO UPDATE SET income_version = v.income_version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO organization_data_versions AS v (organization_id, income_version)
      SELECT o.id, 1 FROM organizations o WHERE o.id IN (SELECT organization_id FROM old_rows)
      ON CONFLICT (organization_id) DO UPDATE SET income_version = v.income_version + 1;
  ELSE
    INSERT INTO organization_data_versions AS v (organization_id, income_version)
      SELECT o.id, 1 FROM organizations o
      WHERE o.id IN (SELECT organization_id FROM new_rows UNION SELECT organization_id FROM old_rows)
      ON CONFLICT (organization_id) DO UPDATE SET income_version = v.income_version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As mr_bump_data_version_on_change (migration 0023): an update raises the income version only for
-- rows changed outside the columns named as the trigger's arguments (an import's progress).
CREATE OR REPLACE FUNCTION mr_bump_income_version_on_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO organization_data_versions AS v (organization_id, income_version)
    SELECT o.id, 1 FROM organizations o
    WHERE o.id IN (
      SELECT coalesce(n.organization_id, p.organization_id)
      FROM new_rows n FULL JOIN old_rows p ON p.id = n.id
      WHERE n.id IS NULL OR p.id IS NULL OR (to_jsonb(n) - TG_ARGV) IS DISTINCT FROM (to_jsonb(p) - TG_ARGV)
      UNION
      SELECT p.organization_id FROM old_rows p JOIN new_rows n ON n.id = p.id
      WHERE p.organization_id IS DISTINCT FROM n.organization_id)
    ON CONFLICT (organization_id) DO UPDATE SET income_version = v.income_version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['statement_rollups_monthly', 'statement_rollups_recording', 'statement_rollups',
    'income_alerts', 'royalty_periods', 'finance_settings', 'royalty_deals', 'royalty_deal_payees',
    'ledger_entries', 'payees', 'royalty_mappings', 'recordings', 'releases', 'release_tracks'] LOOP
    EXECUTE format('CREATE TRIGGER mr_bump_income_version_ins AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_income_version()', t);
    EXECUTE format('CREATE TRIGGER mr_bump_income_version_upd AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_income_version()', t);
    EXECUTE format('CREATE TRIGGER mr_bump_income_version_del AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_income_version()', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER mr_bump_income_version_ins AFTER INSERT ON royalty_imports REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_income_version();
--> statement-breakpoint
CREATE TRIGGER mr_bump_income_version_upd AFTER UPDATE ON royalty_imports REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_income_version_on_change('bytes_read', 'line_count', 'bad_line_count', 'bad_lines');
--> statement-breakpoint
CREATE TRIGGER mr_bump_income_version_del AFTER DELETE ON royalty_imports REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_income_version();
