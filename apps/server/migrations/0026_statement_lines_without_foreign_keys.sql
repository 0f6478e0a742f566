ALTER TABLE "statement_lines" DROP CONSTRAINT "statement_lines_import_id_royalty_imports_id_fk";
--> statement-breakpoint
ALTER TABLE "statement_lines" DROP CONSTRAINT "statement_lines_recording_id_recordings_id_fk";
--> statement-breakpoint
ALTER TABLE "statement_lines" DROP CONSTRAINT "statement_lines_release_id_releases_id_fk";
--> statement-breakpoint
-- statement_lines loses its three foreign keys: each was a check per line loaded (about 16 s of the
-- database's CPU per million lines, docs/PERFORMANCE.md "Royalties"). What they did on delete is
-- done here once per statement instead of once per row. The load locks each recording and release
-- it matched (FOR KEY SHARE, once per distinct code in a batch) and the import itself, so a delete
-- of one of them waits for the batch to commit and then clears what the batch wrote.
CREATE FUNCTION mr_statement_lines_of_deleted_imports() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM statement_lines l USING deleted_imports d WHERE l.import_id = d.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER statement_lines_of_deleted_imports AFTER DELETE ON royalty_imports
  REFERENCING OLD TABLE AS deleted_imports FOR EACH STATEMENT
  EXECUTE FUNCTION mr_statement_lines_of_deleted_imports();--> statement-breakpoint
CREATE FUNCTION mr_statement_lines_of_deleted_recordings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE statement_lines l SET recording_id = NULL FROM deleted_recordings d WHERE l.recording_id = d.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER statement_lines_of_deleted_recordings AFTER DELETE ON recordings
  REFERENCING OLD TABLE AS deleted_recordings FOR EACH STATEMENT
  EXECUTE FUNCTION mr_statement_lines_of_deleted_recordings();--> statement-breakpoint
CREATE FUNCTION mr_statement_lines_of_deleted_releases() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE statement_lines l SET release_id = NULL FROM deleted_releases d WHERE l.release_id = d.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER statement_lines_of_deleted_releases AFTER DELETE ON releases
  REFERENCING OLD TABLE AS deleted_releases FOR EACH STATEMENT
  EXECUTE FUNCTION mr_statement_lines_of_deleted_releases();
