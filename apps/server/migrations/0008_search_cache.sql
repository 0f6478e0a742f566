-- Hand-written. Global search answers are cached per reviewer and query under the organization's
-- data version (decision 0007), so every table a search reads must raise that version when it
-- changes: contracts and metadata forms join songs, song_revisions, reviews and reviewers (0005).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['contracts', 'metadata_forms'] LOOP
    EXECUTE format('CREATE TRIGGER mr_bump_data_version_ins AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_data_version()', t);
    EXECUTE format('CREATE TRIGGER mr_bump_data_version_upd AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_data_version()', t);
    EXECUTE format('CREATE TRIGGER mr_bump_data_version_del AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mr_bump_data_version()', t);
  END LOOP;
END $$;
