-- Global search (features/search/search.repo.ts). Hand-written parts: the function below, and the
-- INCLUDE columns (drizzle cannot express them).
-- Prefix matches walk the lower(...) COLLATE "C" btrees in order; the newest rows of a label are
-- read from the covering indexes alone.
-- search_trigrams(organization_id, text): pg_trgm's trigrams of the text, each prefixed with the
-- first 8 characters of the organization id. A GIN index on it answers "which rows of this label
-- have these trigrams" from that label's posting lists only; pg_trgm's own index reads the lists of
-- every label. Two labels sharing the 8 characters only share lists: queries still filter on
-- organization_id. PARALLEL UNSAFE on purpose: it keeps the search statement from starting
-- parallel workers (about 10 ms) to read a handful of rows.
CREATE OR REPLACE FUNCTION search_trigrams(organization_id uuid, value text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL UNSAFE
  AS $$ SELECT array(SELECT left(organization_id::text, 8) || t FROM unnest(public.show_trgm(value)) t) $$;
--> statement-breakpoint
CREATE INDEX "contracts_org_artist_lower_idx" ON "contracts" USING btree ("organization_id",(lower("artist_name") collate "C"));--> statement-breakpoint
CREATE INDEX "contracts_org_updated_idx" ON "contracts" USING btree ("organization_id","updated_at") INCLUDE ("id", "artist_name");--> statement-breakpoint
CREATE INDEX "contracts_artist_search_trgm_idx" ON "contracts" USING gin (search_trigrams("organization_id", "artist_name"));--> statement-breakpoint
CREATE INDEX "metadata_forms_org_status_updated_idx" ON "metadata_forms" USING btree ("organization_id","status","updated_at") INCLUDE ("id");--> statement-breakpoint
CREATE INDEX "songs_org_title_lower_idx" ON "songs" USING btree ("organization_id",(lower("title") collate "C"));--> statement-breakpoint
CREATE INDEX "songs_org_artist_lower_idx" ON "songs" USING btree ("organization_id",(lower("artist") collate "C"));--> statement-breakpoint
CREATE INDEX "songs_org_signed_artist_lower_idx" ON "songs" USING btree ("organization_id",(lower("artist") collate "C")) WHERE "songs"."status" = 'signed';--> statement-breakpoint
CREATE INDEX "songs_title_search_trgm_idx" ON "songs" USING gin (search_trigrams("organization_id", "title"));--> statement-breakpoint
CREATE INDEX "songs_signed_artist_search_trgm_idx" ON "songs" USING gin (search_trigrams("organization_id", "artist")) WHERE "songs"."status" = 'signed';--> statement-breakpoint
CREATE INDEX "songs_org_recent_search_idx" ON "songs" USING btree ("organization_id","submitted_at") INCLUDE ("id", "title", "artist", "status", "current_version_number");--> statement-breakpoint
CREATE INDEX "songs_org_signed_recent_idx" ON "songs" USING btree ("organization_id","submitted_at") INCLUDE ("artist") WHERE "songs"."status" = 'signed';
