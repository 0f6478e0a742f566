CREATE INDEX "releases_org_date_desc_idx" ON "releases" USING btree ("organization_id","release_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Hand-written (drizzle cannot express INCLUDE). The catalogue grid's title and artist sorts read a
-- page's ids from these indexes alone (an index-only scan), so a page deep in the list (offset
-- 90,000 of 100,000) reads index entries instead of 90,000 rows (features/catalogue/recordings.repo.ts).
DROP INDEX "recordings_org_title_idx";--> statement-breakpoint
CREATE INDEX "recordings_org_title_idx" ON "recordings" USING btree ("organization_id",(lower("title") collate "C"),"id") INCLUDE ("title");--> statement-breakpoint
DROP INDEX "recordings_org_artist_idx";--> statement-breakpoint
CREATE INDEX "recordings_org_artist_idx" ON "recordings" USING btree ("organization_id",(lower("display_artist") collate "C"),"id") INCLUDE ("display_artist");
