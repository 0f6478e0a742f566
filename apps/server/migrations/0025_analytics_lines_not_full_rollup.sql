-- The full rollup (month, recording, release, store, territory, sale type, currency per import)
-- goes: distributors report one line per recording, store, territory, month and sale type, so it
-- held about as many rows as the lines (9.85 million for 10 million in bench/analytics) and was
-- most of the cost of summing an import (decision 0030, docs/PERFORMANCE.md "Analytics"). The few
-- reads that need a recording and a place together (an artist or release filter with a store or
-- territory one, missing income) read the lines, through their recording and release indexes,
-- which now carry the sale month.
ALTER TABLE "statement_rollups" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "statement_rollups" CASCADE;--> statement-breakpoint
DROP INDEX "statement_lines_recording_idx";--> statement-breakpoint
DROP INDEX "statement_lines_release_idx";--> statement-breakpoint
CREATE INDEX "statement_lines_recording_idx" ON "statement_lines" USING btree ("recording_id","sale_month");--> statement-breakpoint
CREATE INDEX "statement_lines_release_idx" ON "statement_lines" USING btree ("release_id","sale_month");