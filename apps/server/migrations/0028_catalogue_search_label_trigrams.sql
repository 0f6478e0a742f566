-- "Search catalogue": the label's own trigrams of recording titles and artists (search_trigrams, migration
-- 0007), so a query with 3 letters or digits in a row reads one label's posting lists, not every label's.
CREATE INDEX "recordings_title_label_trgm_idx" ON "recordings" USING gin (search_trigrams("organization_id", "title"));--> statement-breakpoint
CREATE INDEX "recordings_artist_label_trgm_idx" ON "recordings" USING gin (search_trigrams("organization_id", "display_artist"));